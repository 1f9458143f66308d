package ops

import (
	"slices"

	"github.com/tessera-go/tessera/internal/errs"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/simd"
	"github.com/tessera-go/tessera/tensor"
)

// MaskedSelect returns the elements of v where mask is true, in a new 1-D
// tensor, in row-major order of the shape v and mask broadcast to
// (PyTorch's masked_select; NumPy's v[mask] for a mask of v's shape).
// Its length is the mask's count of true elements over that shape, counted
// first; the elements are then moved by simd.Compress, a vector at a time
// for elements of 4 and 8 bytes. v may hold any element type.
//
// It returns an error wrapping layout.ErrShape when the shapes do not
// broadcast and layout.ErrOverflow when a copy it needs is too large: a
// view that is not row-major over the broadcast shape (or a broadcast
// one) is first copied row-major, the mask in its bytes and v in its
// elements.
func MaskedSelect[T tensor.Element, V tensor.Operand[T], M tensor.Operand[bool]](v V, mask M) (tensor.Tensor[T], error) {
	const op = "MaskedSelect"
	x, m, n, err := maskedSources(op, tensor.View[T](v), tensor.View[bool](mask))
	if err != nil {
		return tensor.Tensor[T]{}, err
	}
	out, err := newResult[T](op, []int{n})
	if err != nil || n == 0 {
		return out, err
	}
	compress(out.Data(), x, m)
	return out, nil
}

// MaskedSelectInto writes the elements MaskedSelect selects into the
// first elements of dst, a 1-D view with room for them, and returns their
// number n: dst's first n elements are then MaskedSelect's result, and up
// to 64 bytes of elements after them may be overwritten (the rest of dst
// is untouched); dst may share memory with v or mask. For a filter
// applied again and again, a dst as long as v (or the broadcast shape)
// always has room, and the result is a view of its first n elements:
//
//	n, err := ops.MaskedSelectInto(buf, v, mask)
//	sel, _ := buf.Slice(0, 0, n, 1)
//
// It returns the errors of MaskedSelect, layout.ErrRank for a dst that is
// not 1-D and layout.ErrShape for one shorter than n; nothing is written on
// error. A contiguous dst that shares no memory with v or mask is
// written directly, in one pass when it has room for every element of the
// broadcast shape (the count is then not taken first); any other through
// a temporary of n elements.
func MaskedSelectInto[T tensor.Element, D tensor.Operand[T], V tensor.Operand[T], M tensor.Operand[bool]](dst D, v V, mask M) (int, error) {
	const op = "MaskedSelectInto"
	d := tensor.View[T](dst)
	if d.Rank() != 1 {
		return 0, errorf(op, layout.ErrRank, "destination of shape %v: it must be 1-D", d.Shape())
	}
	vv, mv := tensor.View[T](v), tensor.View[bool](mask)
	var vb, mb, sb [8]int
	shape, err := broadcastShape(op, sb[:0], vv.Layout().AppendShape(vb[:0]), mv.Layout().AppendShape(mb[:0]))
	if err != nil {
		return 0, err
	}
	do := operandOf(&d)
	start, _, contiguous := do.lay.ContiguousRange()
	direct := contiguous && !sharesBytes(do, operandOf(&vv)) && !sharesBytes(do, operandOf(&mv))
	if direct && d.Size() >= shapeSize(shape) {
		// Room for every element: one pass, no count first.
		m, err := rowMajorOver(op, mv, shape)
		if err != nil {
			return 0, err
		}
		x, err := rowMajorOver(op, vv, shape)
		if err != nil {
			return 0, err
		}
		return compress(do.data[start:start+d.Size()], x, m), nil
	}
	x, m, n, err := maskedSources(op, vv, mv)
	if err != nil {
		return 0, err
	}
	if n > d.Size() {
		return 0, errorf(op, layout.ErrShape, "destination of %d elements for %d selected", d.Size(), n)
	}
	if n == 0 {
		return 0, nil
	}
	if direct {
		compress(do.data[start:start+n], x, m)
		return n, nil
	}
	buf := make([]T, n)
	compress(buf, x, m)
	src, _ := tensor.FromSlice(buf, n)
	dn, _ := d.Slice(0, 0, n, 1)
	copyInto(dn, src.View())
	return n, nil
}

// maskedSources returns the row-major elements of v and mask broadcast
// together (their own buffers where they lie so, copies otherwise) and the
// count of true elements of the mask.
func maskedSources[T tensor.Element](op string, v tensor.View[T], mask tensor.View[bool]) ([]T, []bool, int, error) {
	var vb, mb, sb [8]int
	shape, err := broadcastShape(op, sb[:0], v.Layout().AppendShape(vb[:0]), mask.Layout().AppendShape(mb[:0]))
	if err != nil {
		return nil, nil, 0, err
	}
	m, err := rowMajorOver(op, mask, shape)
	if err != nil {
		return nil, nil, 0, err
	}
	n := countBytes(asKind[byte](m))
	if n == 0 {
		return nil, m, 0, nil
	}
	x, err := rowMajorOver(op, v, shape)
	return x, m, n, err
}

// compress moves the elements of x where m is true into dst, which has
// room for them, and returns their number.
func compress[T tensor.Element](dst, x []T, m []bool) int {
	n, err := simd.Compress(dst, x, m)
	if err != nil { // m and x have one shape
		panic("ops: internal error: " + err.Error())
	}
	return n
}

// rowMajorOver returns the elements of v broadcast to shape in row-major
// order: v's own buffer where it already lies so, a copy otherwise.
func rowMajorOver[T tensor.Element](op string, v tensor.View[T], shape []int) ([]T, error) {
	e, err := v.Expand(shape...)
	if err != nil {
		return nil, errs.Wrap("ops", op, layout.ErrShape, err, "shape %v to %v", v.Shape(), shape)
	}
	if start, end, ok := e.Layout().ContiguousRange(); ok {
		return e.Data()[start:end], nil
	}
	c, err := e.CloneChecked()
	if err != nil {
		return nil, errs.Wrap("ops", op, nil, err, "a row-major copy of shape %v", shape)
	}
	return c.Data(), nil
}

// MaskedFill sets the elements of v where mask is true to s, in place
// (NumPy's v[mask] = s, PyTorch's masked_fill_); mask broadcasts to v's
// shape. It returns an error wrapping layout.ErrShape when mask does not
// broadcast to v's shape, and layout.ErrOverlap when two indices of v
// reach one element; nothing is written on error.
func MaskedFill[T tensor.Element, V tensor.Operand[T], M tensor.Operand[bool]](v V, mask M, s T) error {
	const op = "MaskedFill"
	d, m := operandOf[T](&v), operandOf[bool](&mask)
	var sc scratch
	defer sc.release()
	cell := scratchBuf[T](&sc, 2, 1)
	cell[0] = s
	l, _ := layout.RowMajor()
	so := operand[T]{data: cell, lay: l}
	var vb [8]int
	shape := d.lay.AppendShape(vb[:0])
	if err := checkBroadcastTo(op, m.lay, shape); err != nil {
		return err
	}
	return whereShaped(op, d, m, &so, d, shape)
}

// checkBroadcastTo returns the error of op when a layout of shape from
// does not broadcast to shape (it may not stretch it).
func checkBroadcastTo(op string, from layout.Layout, shape []int) error {
	var fb, sb [8]int
	fs := from.AppendShape(fb[:0])
	got, err := layout.AppendBroadcastShapes(sb[:0], fs, shape)
	if err != nil || !slices.Equal(got, shape) {
		return errorf(op, layout.ErrShape, "mask of shape %v does not broadcast to shape %v", append([]int(nil), fs...), append([]int(nil), shape...))
	}
	return nil
}
