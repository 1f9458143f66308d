package ops

import (
	"errors"
	"slices"
	"unsafe"

	"github.com/tessera-go/tessera/internal/copier"
	"github.com/tessera-go/tessera/internal/errs"
	"github.com/tessera-go/tessera/internal/par"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/simd"
	"github.com/tessera-go/tessera/tensor"
)

// Where returns a where cond is true and b where it is false, elementwise
// (NumPy's where, PyTorch's where): a new row-major tensor of the shape
// cond, a and b broadcast to together (a rank-0 a or b broadcasts to any
// shape, so Where(mask, x, zero) with zero a rank-0 tensor replaces what
// the mask leaves out). It only moves elements, so T may be any element
// type, bool included; the element taken is copied bit for bit (NaN
// payloads and -0 kept).
//
// It returns an error wrapping layout.ErrShape when the three shapes do
// not broadcast (the message names all three), and layout.ErrOverflow
// when the result is too large to allocate.
func Where[T tensor.Element, C tensor.Operand[bool], A tensor.Operand[T], B tensor.Operand[T]](cond C, a A, b B) (tensor.Tensor[T], error) {
	const op = "Where"
	c, x, y := operandOf[bool](&cond), operandOf[T](&a), operandOf[T](&b)
	var sb [8]int
	shape, err := whereShape(op, sb[:0], c, x, y)
	if err != nil {
		return tensor.Tensor[T]{}, err
	}
	out, err := newResult[T](op, shape)
	if err != nil {
		return out, err
	}
	if err := whereShaped(op, operandOfNew(out.View()), c, x, y, shape); err != nil {
		return tensor.Tensor[T]{}, err
	}
	return out, nil
}

// WhereInto sets dst to a where cond is true and b where it is false,
// like [Where]. dst must have exactly the shape the three broadcast to;
// a and b may share memory with dst as in [AddInto] (WhereInto(x, mask,
// y, x) replaces the elements of x the mask selects with y's in place).
// It returns the errors of Where, layout.ErrShape when dst does not have
// the broadcast shape and layout.ErrOverlap when two indices of dst reach
// one element; on error nothing is written.
func WhereInto[T tensor.Element, D tensor.Operand[T], C tensor.Operand[bool], A tensor.Operand[T], B tensor.Operand[T]](dst D, cond C, a A, b B) error {
	const op = "WhereInto"
	c, x, y := operandOf[bool](&cond), operandOf[T](&a), operandOf[T](&b)
	var sb [8]int
	shape, err := whereShape(op, sb[:0], c, x, y)
	if err != nil {
		return err
	}
	return whereShaped(op, operandOf[T](&dst), c, x, y, shape)
}

// whereShape returns the shape cond, a and b broadcast to, appended to
// dst, or the error of op naming the three shapes.
func whereShape[T tensor.Element](op string, dst []int, c *operand[bool], a, b *operand[T]) ([]int, error) {
	var cb, ab, bb, tb [8]int
	cs, as, bs := c.lay.AppendShape(cb[:0]), a.lay.AppendShape(ab[:0]), b.lay.AppendShape(bb[:0])
	ab2, err := layout.AppendBroadcastShapes(tb[:0], as, bs)
	if err == nil {
		var sh []int
		if sh, err = layout.AppendBroadcastShapes(dst, cs, ab2); err == nil {
			return sh, nil
		}
	}
	sc, sa, sb := slices.Clone(cs), slices.Clone(as), slices.Clone(bs)
	if errors.Is(err, layout.ErrShape) {
		return nil, errorf(op, layout.ErrShape, "shapes %v (cond), %v and %v do not broadcast", sc, sa, sb)
	}
	return nil, errs.Wrap("ops", op, nil, err, "shapes %v (cond), %v and %v", sc, sa, sb)
}

// whereShaped is WhereInto once the broadcast shape is known.
func whereShaped[T tensor.Element](op string, dst *operand[T], c *operand[bool], a, b *operand[T], shape []int) error {
	if err := checkDst(op, dst, shape); err != nil {
		return err
	}
	isolateMixed(dst, c)
	isolate(dst, a)
	isolate(dst, b)
	var it layout.Iter
	if err := it.Reset(&dst.lay, &c.lay, &a.lay, &b.lay); err != nil {
		return errs.Wrap("ops", op, nil, err, "shapes %v (cond), %v and %v", c.lay.Shape(), a.lay.Shape(), b.lay.Shape())
	}
	if it.Size() >= minStaged && needsStaging(&it) {
		whereStaged(dst, c, a, b, shape)
		return nil
	}
	nt := dst.lay.Size()*int(unsafe.Sizeof(*new(T))) >= par.StreamBytes
	if n := workers[T](&it); n > 1 {
		whereParts(&it, n, dst.data, c.data, a.data, b.data, nt)
		return nil
	}
	whereRuns(&it, dst.data, c.data, a.data, b.data, nt)
	return nil
}

// whereStaged computes Where whose runs are not all unit-stride or
// broadcast (a transposed, stepped or flipped operand or destination) in
// slabs of the first axis of about stageBytes of the destination: each
// operand strided along the last axis is copied row-major into scratch by
// the copier (which moves transposes in tiles), the destination's slab is
// computed into scratch when it is strided and then copied into it. The
// slabs split the first axis longer than 1 and are a line's worth of rows
// deep at least, so that a staged transpose reads a line of each of its
// source rows at a time. They run on the calling goroutine.
func whereStaged[T tensor.Element](dst *operand[T], c *operand[bool], a, b *operand[T], shape []int) {
	var cl, al, bl layout.Layout
	_ = cl.SetExpand(&c.lay, shape...)
	_ = al.SetExpand(&a.lay, shape...)
	_ = bl.SetExpand(&b.lay, shape...)
	last := len(shape) - 1
	ax := 0 // the slabs split the first axis longer than 1
	for ax < last && shape[ax] == 1 {
		ax++
	}
	rows, size := shape[ax], int(unsafe.Sizeof(*new(T)))
	nt := shapeSize(shape)*size >= par.StreamBytes // slabs computed into dst stream
	row := shapeSize(shape) / max(rows, 1)         // elements of a slab row
	per := max(1, stageBytes/max(row*size, 1), lineBytes/size)
	var sc scratch
	defer sc.release()
	stagedOf := func(l *layout.Layout) bool {
		st, _ := l.Stride(last)
		return strided(st)
	}
	var ds, cs, as, bs, packed layout.Layout
	for r0 := 0; r0 < rows; r0 += per {
		r1 := min(rows, r0+per)
		_ = ds.SetSlice(&dst.lay, ax, r0, r1, 1)
		_ = cs.SetSlice(&cl, ax, r0, r1, 1)
		_ = as.SetSlice(&al, ax, r0, r1, 1)
		_ = bs.SetSlice(&bl, ax, r0, r1, 1)
		packed.SetContiguous(&ds)
		n := ds.Size()
		cd, ad, bd := c.data, a.data, b.data
		if stagedOf(&cs) {
			buf := scratchOrMake[bool](&sc, 0, n)
			copier.Move(buf, &packed, c.data, &cs, copier.Part{})
			cd, cs = buf, packed
		}
		if stagedOf(&as) {
			buf := scratchOrMake[T](&sc, 1, n)
			copier.Move(buf, &packed, a.data, &as, copier.Part{})
			ad, as = buf, packed
		}
		if stagedOf(&bs) {
			buf := scratchOrMake[T](&sc, 2, n)
			copier.Move(buf, &packed, b.data, &bs, copier.Part{})
			bd, bs = buf, packed
		}
		target, tl := dst.data, ds
		if stagedOf(&ds) {
			target, tl = scratchOrMake[T](&sc, 3, n), packed
		}
		var it layout.Iter
		if it.Reset(&tl, &cs, &as, &bs) != nil {
			panic("ops: internal error: the slabs of a staged Where differ in shape")
		}
		whereRuns(&it, target, cd, ad, bd, nt && !stagedOf(&ds))
		if stagedOf(&ds) {
			copier.Move(dst.data, &ds, target, &packed, copier.Part{})
		}
	}
}

// whereParts runs whereRuns over the parts of it on n goroutines (see
// mixedParts).
func whereParts[T tensor.Element](it *layout.Iter, n int, d []T, c []bool, x, y []T, nt bool) {
	par.Split(it, n, func(q *layout.Iter) { whereRuns(q, d, c, x, y, nt) })
}

// whereRuns computes the runs of q: without a branch per element where
// the destination's run has unit stride and every input's unit or zero
// stride, by selecting the bits of the element from its mask (see
// selectRun); element by element otherwise. nt asks for streaming stores
// (a destination of par.StreamBytes or more).
func whereRuns[T tensor.Element](q *layout.Iter, d []T, c []bool, x, y []T, nt bool) {
	n, inc := q.Len(), q.Inc()
	if inc[0] == 1 && inc[1]|inc[2]|inc[3] <= 1 && inc[1] >= 0 && inc[2] >= 0 && inc[3] >= 0 {
		q.EachRow(func(o, st [layout.MaxOperands]int, on int) {
			for o0, o1, o2, o3 := o[0], o[1], o[2], o[3]; on > 0; o0, o1, o2, o3, on = o0+st[0], o1+st[1], o2+st[2], o3+st[3], on-1 {
				selectRun(d[o0:o0+n], c[o1:], inc[1], x[o2:], inc[2], y[o3:], inc[3], nt)
			}
		})
		return
	}
	q.EachRow(func(o, st [layout.MaxOperands]int, on int) {
		for o0, o1, o2, o3 := o[0], o[1], o[2], o[3]; on > 0; o0, o1, o2, o3, on = o0+st[0], o1+st[1], o2+st[2], o3+st[3], on-1 {
			di, ci, xi, yi := o0, o1, o2, o3
			for range n {
				if c[ci] {
					d[di] = x[xi]
				} else {
					d[di] = y[yi]
				}
				di, ci, xi, yi = di+inc[0], ci+inc[1], xi+inc[2], yi+inc[3]
			}
		}
	})
}

// repeatedMin is the shortest run selectRun selects through a run of
// copies of a single x or y: below it the masking loop costs less than
// filling the copies.
const repeatedMin = 64

// selectRepeated is selectRun with a unit-stride mask and one of x and y
// a single element (stride 0): simd.Select over runs of a buffer filled
// with copies of it, up to 1024 (4 KiB of float32, long enough for
// SelectStream to stream).
func selectRepeated[T tensor.Element](d []T, c []bool, x []T, ix int, y []T, iy int, nt bool) {
	var sc scratch
	defer sc.release()
	run := min(len(d), 1024) // 4 KiB of float32: streamed with nt
	rep := scratchBuf[T](&sc, 0, run)
	v := x[0]
	if iy == 0 {
		v = y[0]
	}
	for i := range rep {
		rep[i] = v
	}
	for i := 0; i < len(d); i += run {
		m := min(run, len(d)-i)
		xs, ys := rep[:m], rep[:m]
		if ix == 1 {
			xs = x[i : i+m]
		}
		if iy == 1 {
			ys = y[i : i+m]
		}
		var err error
		if nt {
			err = simd.SelectStream(d[i:i+m], c[i:i+m], xs, ys)
		} else {
			err = simd.Select(d[i:i+m], c[i:i+m], xs, ys)
		}
		if err != nil {
			panic("ops: internal error: " + err.Error())
		}
	}
}

// selectRun sets d[i] to x[i*ix] where c[i*ic] is true and to y[i*iy]
// where it is false; the strides are 0 or 1. Unit strides go to
// simd.Select (SelectStream with nt), and so does a unit-stride mask with
// one of x and y a single element (MaskedFill's value, a broadcast
// column), read from a run of copies of it (selectRepeated). Elements of
// 1, 2, 4 or 8 bytes are otherwise selected by masking their bits with
// the mask byte widened to all ones or zeros, with no branch to
// mispredict on a random mask.
func selectRun[T tensor.Element](d []T, c []bool, ic int, x []T, ix int, y []T, iy int, nt bool) {
	if ic == 1 && ix|iy == 1 && ix&iy == 0 && len(d) >= repeatedMin {
		selectRepeated(d, c, x, ix, y, iy, nt)
		return
	}
	if ic == 1 && ix == 1 && iy == 1 {
		sel := simd.Select[T]
		if nt {
			sel = simd.SelectStream[T]
		}
		if err := sel(d, c, x, y); err != nil {
			panic("ops: internal error: " + err.Error())
		}
		return
	}
	cb := asKind[byte](c)
	switch unsafe.Sizeof(*new(T)) {
	case 1:
		selectWords(asKind[uint8](d), cb, ic, asKind[uint8](x), ix, asKind[uint8](y), iy)
	case 2:
		selectWords(asKind[uint16](d), cb, ic, asKind[uint16](x), ix, asKind[uint16](y), iy)
	case 4:
		selectWords(asKind[uint32](d), cb, ic, asKind[uint32](x), ix, asKind[uint32](y), iy)
	case 8:
		selectWords(asKind[uint64](d), cb, ic, asKind[uint64](x), ix, asKind[uint64](y), iy)
	default:
		for i := range d {
			if c[i*ic] {
				d[i] = x[i*ix]
			} else {
				d[i] = y[i*iy]
			}
		}
	}
}

// selectWords is selectRun on the bits of the elements.
func selectWords[W uint8 | uint16 | uint32 | uint64](d []W, c []byte, ic int, x []W, ix int, y []W, iy int) {
	for i := range d {
		a, b := x[i*ix], y[i*iy]
		d[i] = b ^ (a^b)&-W(c[i*ic])
	}
}
