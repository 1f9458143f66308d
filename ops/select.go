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
	vv, mv := tensor.View[T](v), tensor.View[bool](mask)
	var vb, mb, sb [8]int
	shape, err := broadcastShape(op, sb[:0], vv.Layout().AppendShape(vb[:0]), mv.Layout().AppendShape(mb[:0]))
	if err != nil {
		return tensor.Tensor[T]{}, err
	}
	m, err := rowMajorOver(op, mv, shape)
	if err != nil {
		return tensor.Tensor[T]{}, err
	}
	mask8 := asKind[byte](m)
	n := countBytes(mask8)
	if n == 0 {
		return newResult[T](op, []int{0})
	}
	x, err := rowMajorOver(op, vv, shape)
	if err != nil {
		return tensor.Tensor[T]{}, err
	}
	// One element of slack: the selection writes every element at the
	// next free place and advances only past the selected ones.
	buf := make([]T, n)
	if _, err := simd.Compress(buf, x, m); err != nil { // m and x have one shape
		panic("ops: internal error: " + err.Error())
	}
	return tensor.FromSlice(buf, n)
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
