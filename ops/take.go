package ops

import (
	"math"
	"slices"
	"unsafe"

	"github.com/tessera-go/tessera/internal/copier"
	"github.com/tessera-go/tessera/internal/errs"
	"github.com/tessera-go/tessera/internal/mem"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/simd"
	"github.com/tessera-go/tessera/tensor"
)

// Take returns the slices of v at the given indices along axis, NumPy's
// take(v, indices, axis): a new row-major tensor of shape v.shape[:axis] +
// indices.shape + v.shape[axis+1:], whose element at (i..., j..., k...) is
// v's at (i..., indices[j...], k...). Negative indices count from the end
// of the axis; an index may repeat. v may hold any element type and be
// any view. One-element slices (np.take of a vector) are gathered by a
// loop; contiguous slices (rows) several at a time, so that the reads of
// rows taken at random overlap (simd.CopyRows); along the last axis
// (x[:, idx]) each row of v is gathered from; other slices are moved by
// the copier, one after the other. Contiguous indices are read where they lie,
// not copied, unless the destination shares memory with them.
//
// Every index is checked before anything is written: one outside
// [-n, n) for an axis of size n is an error wrapping layout.ErrIndex that
// names it ("ops: Take: index 7 out of range for axis 0 of size 5"). It
// also returns an error wrapping layout.ErrAxis for an axis out of range
// or a rank-0 v, and layout.ErrOverflow for a result too large.
func Take[T tensor.Element, V tensor.Operand[T], I tensor.Operand[int]](v V, indices I, axis int) (tensor.Tensor[T], error) {
	const op = "Take"
	vv, iv := tensor.View[T](v), tensor.View[int](indices)
	idx, shape, ax, err := planTake(op, vv.Layout(), iv, axis, true)
	if err != nil {
		return tensor.Tensor[T]{}, err
	}
	out, err := newResult[T](op, shape)
	if err != nil {
		return out, err
	}
	take(out.View(), vv, idx, ax)
	return out, nil
}

// TakeInto writes Take of v into dst, which must have the result's shape
// (layout.ErrShape otherwise) and reach no element twice
// (layout.ErrOverlap). v may share memory with dst: it is then read from
// a copy taken first. The errors are Take's; nothing is written on error.
func TakeInto[T tensor.Element, D tensor.Operand[T], V tensor.Operand[T], I tensor.Operand[int]](dst D, v V, indices I, axis int) error {
	const op = "TakeInto"
	vv, iv := tensor.View[T](v), tensor.View[int](indices)
	d := operandOf[T](&dst)
	idx, shape, ax, err := planTake(op, vv.Layout(), iv, axis, !sharesBytes(d, operandOf(&iv)))
	if err != nil {
		return err
	}
	if err := checkDst(op, d, shape); err != nil {
		return err
	}
	in := operandOf(&vv)
	if mem.Overlaps(d.data, &d.lay, in.data, &in.lay) {
		// Any overlap, even v being dst itself: Take moves elements
		// between positions.
		*in = snapshot(in)
	}
	take(tensor.View[T](dst), vv, idx, ax)
	return nil
}

// planTake checks Take's arguments and returns the indices in row-major
// order, each in [0, n), the result's shape and the axis in range. With
// inPlace (the destination shares no memory with them), contiguous
// indices that are all in [0, n) are returned as they lie, not copied.
func planTake(op string, l layout.Layout, indices tensor.View[int], axis int, inPlace bool) ([]int, []int, int, error) {
	shape := l.Shape()
	ax, err := normalAxis(op, axis, len(shape))
	if err != nil {
		return nil, nil, 0, err
	}
	n := shape[ax]
	size := indices.Size()
	if size > mem.MaxBytes/8 { // a broadcast index view can be that large
		return nil, nil, 0, errorf(op, layout.ErrOverflow, "%d indices exceed the largest allocation", size)
	}
	out := slices.Concat(shape[:ax], indices.Shape(), shape[ax+1:])
	if _, err := layout.RowMajor(out...); err != nil {
		return nil, nil, 0, errs.Wrap("ops", op, nil, err, "result of shape %v", out)
	}
	negative, err := checkIndices(op, indices, n, ax)
	if err != nil {
		return nil, nil, 0, err
	}
	lo, hi, contiguous := indices.Layout().ContiguousRange()
	if contiguous && !negative && inPlace {
		return indices.Data()[lo:hi], out, ax, nil
	}
	c := make([]int, size)
	if contiguous {
		copy(c, indices.Data()[lo:hi])
	} else {
		i := 0
		for x := range indices.Values() {
			c[i] = x
			i++
		}
	}
	if negative {
		for i, x := range c {
			if x < 0 {
				c[i] = x + n
			}
		}
	}
	return c, out, ax, nil
}

// takeRowMin is the fewest indices for which take gathers along each row
// of v when it takes along the last axis: with fewer, a strided copy of
// each column costs less than a call for each row.
const takeRowMin = 8

// checkIndices returns an error wrapping layout.ErrIndex that names the
// first of indices outside [-n, n), for axis ax of size n, and whether
// any index is negative: a pass for the least and greatest index (of
// contiguous indices where they lie), and only on error one for the
// first outside.
func checkIndices(op string, indices tensor.View[int], n, ax int) (negative bool, err error) {
	least, most := math.MaxInt, math.MinInt
	if lo, hi, ok := indices.Layout().ContiguousRange(); ok {
		for _, x := range indices.Data()[lo:hi] {
			least, most = min(least, x), max(most, x)
		}
	} else {
		for x := range indices.Values() {
			least, most = min(least, x), max(most, x)
		}
	}
	if least >= -n && most < n {
		return least < 0, nil
	}
	for x := range indices.Values() {
		if x < -n || x >= n {
			return false, errorf(op, layout.ErrIndex, "index %d out of range for axis %d of size %d", x, ax, n)
		}
	}
	return false, nil // not reached: least or most is outside
}

// take copies the slice of v at each of idx along axis ax into dst, a
// view of the result's shape sharing no memory with v: the slice of dst
// at the index's position along its index axes (in row-major order) gets
// v's slice at the index. The slices differ from those at index 0 and
// position 0 only in their offsets (by the index times v's stride along
// ax, and by the position's strides along dst's index axes), so their
// layouts are found once: one-element slices are moved by a loop,
// contiguous ones (the rows of a row Take) in batches by simd.CopyRows or,
// into a large dst, CopyRowsStream, several rows' reads in flight at once;
// along v's last axis, with at least takeRowMin indices, each of v's rows
// is gathered into dst's (gatherRow); the others by the copier, one slice
// after the other.
func take[T tensor.Element](dst, v tensor.View[T], idx []int, ax int) {
	if len(idx) == 0 || dst.Size() == 0 {
		return
	}
	d, x := operandOf(&dst), operandOf(&v)
	ni := d.lay.Rank() - x.lay.Rank() + 1 // dst's index axes, from ax
	s0, _ := x.lay.Select(ax, 0)
	d0 := d.lay
	for range ni {
		d0, _ = d0.Select(ax, 0)
	}
	sstride, _ := x.lay.Stride(ax)
	var shb, stb, pb [8]int
	ishape, istride, pos := shb[:0], stb[:0], pb[:0]
	for a := range ni {
		n, _ := d.lay.Dim(ax + a)
		st, _ := d.lay.Stride(ax + a)
		ishape, istride, pos = append(ishape, n), append(istride, st), append(pos, 0)
	}
	doff := 0        // the offset of the slice at pos from d0's
	next := func() { // the next position, row-major
		for a := len(pos) - 1; a >= 0; a-- {
			doff += istride[a]
			if pos[a]++; pos[a] < ishape[a] {
				return
			}
			doff -= istride[a] * ishape[a]
			pos[a] = 0
		}
	}
	ss, _, sok := s0.ContiguousRange()
	ds, de, dok := d0.ContiguousRange()
	switch {
	case s0.Size() == 1 && ni == 1: // np.take of a vector
		so, do, dstride := s0.Offset(), d0.Offset(), istride[0]
		src, out := x.data, d.data
		for j, k := range idx {
			out[do+j*dstride] = src[so+k*sstride]
		}
	case ni == 1 && ax == x.lay.Rank()-1 && len(idx) >= takeRowMin:
		// Columns (x[:, idx]): each row of v gathered into dst's row,
		// with v's row in cache, not a strided pass over v for each index.
		var it layout.Iter
		if err := it.Reset(&d0, &s0); err != nil {
			panic("ops: internal error: " + err.Error())
		}
		n, inc, dstride := it.Len(), it.Inc(), istride[0]
		it.EachRow(func(o, st [layout.MaxOperands]int, on int) {
			for o0, o1 := o[0], o[1]; on > 0; o0, o1, on = o0+st[0], o1+st[1], on-1 {
				for t := range n {
					gatherRow(d.data, o0+t*inc[0], dstride, x.data, o1+t*inc[1], 0, idx, 0, 1, len(idx), sstride, 0)
				}
			}
		})
	case s0.Size() == 1:
		so, dd := s0.Offset(), d0.Offset()
		for _, k := range idx {
			d.data[dd+doff] = x.data[so+k*sstride]
			next()
		}
	case sok && dok:
		// Each slice is one part of writing dst: a large dst streams, as
		// one copy of it would.
		rows := simd.CopyRows[T]
		if copier.CachingOf(d.lay.Size()*int(unsafe.Sizeof(*new(T)))) == copier.Streamed {
			rows = simd.CopyRowsStream[T]
		}
		var dAt, sAt [64]int
		for lo := 0; lo < len(idx); lo += len(sAt) {
			batch := idx[lo:min(lo+len(sAt), len(idx))]
			for j, k := range batch {
				dAt[j], sAt[j] = ds+doff, ss+k*sstride
				next()
			}
			_ = rows(d.data, x.data, dAt[:len(batch)], sAt[:len(batch)], de-ds) // in range: the layouts are
		}
	default:
		part := copier.Part{Total: d.lay.Size() * int(unsafe.Sizeof(*new(T)))}
		for _, k := range idx {
			sl, _ := s0.WithOffset(s0.Offset() + k*sstride)
			dl, _ := d0.WithOffset(d0.Offset() + doff)
			copier.Move(d.data, &dl, x.data, &sl, part)
			next()
		}
	}
}
