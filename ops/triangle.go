package ops

import (
	"github.com/tessera-go/tessera/internal/errs"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/tensor"
)

// Tril returns the lower triangle of the matrices of v (its last two
// axes; leading axes are a stack), NumPy's tril: a new row-major copy with
// the elements above diagonal k set to zero, element (i, j) kept where
// j - i <= k (k = 0 the main diagonal, k > 0 above it, k < 0 below). It
// returns an error wrapping layout.ErrRank for a v of rank below 2 and
// layout.ErrOverflow for a result too large.
func Tril[T tensor.Element, V tensor.Operand[T]](v V, k int) (tensor.Tensor[T], error) {
	return triangleNew("Tril", tensor.View[T](v), k, true)
}

// TrilInto writes Tril of v into dst, a view of v's shape that reaches no
// element twice; v may share memory with dst (TrilInto(m, m, 0) works in
// place). It returns the errors of Tril, layout.ErrShape for a dst of
// another shape and layout.ErrOverlap for one that reaches an element
// twice; nothing is written on error.
func TrilInto[T tensor.Element, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V, k int) error {
	return triangleInto("TrilInto", tensor.View[T](dst), tensor.View[T](v), k, true)
}

// Triu returns the upper triangle of the matrices of v, NumPy's triu: as
// [Tril], with element (i, j) kept where j - i >= k.
func Triu[T tensor.Element, V tensor.Operand[T]](v V, k int) (tensor.Tensor[T], error) {
	return triangleNew("Triu", tensor.View[T](v), k, false)
}

// TriuInto writes Triu of v into dst, as TrilInto does.
func TriuInto[T tensor.Element, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V, k int) error {
	return triangleInto("TriuInto", tensor.View[T](dst), tensor.View[T](v), k, false)
}

// triangleNew copies v into a new tensor and zeroes the other triangle.
func triangleNew[T tensor.Element](op string, v tensor.View[T], k int, lower bool) (tensor.Tensor[T], error) {
	if v.Rank() < 2 {
		return tensor.Tensor[T]{}, errorf(op, layout.ErrRank, "shape %v: a matrix needs two axes", v.Shape())
	}
	out, err := newResult[T](op, v.Shape())
	if err != nil {
		return out, err
	}
	if err := out.View().CopyFrom(v); err != nil {
		return tensor.Tensor[T]{}, errs.Wrap("ops", op, nil, err, "shape %v", v.Shape())
	}
	zeroTriangle(out.View(), k, lower)
	return out, nil
}

// triangleInto copies v into dst and zeroes the other triangle.
func triangleInto[T tensor.Element](op string, dst, v tensor.View[T], k int, lower bool) error {
	if v.Rank() < 2 {
		return errorf(op, layout.ErrRank, "shape %v: a matrix needs two axes", v.Shape())
	}
	var sb [8]int
	if err := checkDst(op, operandOf(&dst), v.Layout().AppendShape(sb[:0])); err != nil {
		return err
	}
	if err := dst.CopyFrom(v); err != nil { // reads an overlapping v first
		return errs.Wrap("ops", op, nil, err, "shape %v", v.Shape())
	}
	zeroTriangle(dst, k, lower)
	return nil
}

// zeroTriangle sets to zero the elements of the matrices of m (its last
// two axes) outside the triangle: above diagonal k for the lower one,
// below it for the upper one. Each row's part is one Fill of a slice.
func zeroTriangle[T tensor.Element](m tensor.View[T], k int, lower bool) {
	sh := m.Shape()
	rows, cols := sh[len(sh)-2], sh[len(sh)-1]
	var zero T
	for i := range rows {
		row, _ := m.Select(-2, i)
		lo, hi := 0, cols // the columns zeroed
		if lower {
			lo = min(max(i+k+1, 0), cols)
		} else {
			hi = min(max(i+k, 0), cols)
		}
		if lo >= hi {
			continue
		}
		part, _ := row.Slice(-1, lo, hi, 1)
		_ = part.Fill(zero)
	}
}

// Roll returns v with its elements shifted by shift along axis, those
// pushed past the end coming back at the start, NumPy's roll (PyTorch's):
// a new row-major tensor whose element at index i along axis is v's at
// (i - shift) mod n. A negative shift rolls the other way; any shift is
// taken mod the axis' size. It returns an error wrapping layout.ErrAxis
// for an axis out of range or a rank-0 v and layout.ErrOverflow for a
// result too large.
func Roll[T tensor.Element, V tensor.Operand[T]](v V, shift, axis int) (tensor.Tensor[T], error) {
	const op = "Roll"
	vv := tensor.View[T](v)
	ax, err := normalAxis(op, axis, vv.Rank())
	if err != nil {
		return tensor.Tensor[T]{}, err
	}
	out, err := newResult[T](op, vv.Shape())
	if err != nil {
		return out, err
	}
	roll(out.View(), vv, shift, ax)
	return out, nil
}

// RollInto writes Roll of v into dst, a view of v's shape that reaches no
// element twice; v may share memory with dst (it is then read from a
// copy). It returns the errors of Roll, layout.ErrShape for a dst of
// another shape and layout.ErrOverlap for one that reaches an element
// twice; nothing is written on error.
func RollInto[T tensor.Element, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V, shift, axis int) error {
	const op = "RollInto"
	d, vv := tensor.View[T](dst), tensor.View[T](v)
	ax, err := normalAxis(op, axis, vv.Rank())
	if err != nil {
		return err
	}
	var sb [8]int
	do := operandOf(&d)
	if err := checkDst(op, do, vv.Layout().AppendShape(sb[:0])); err != nil {
		return err
	}
	x := operandOf(&vv)
	if sharesBytes(do, x) {
		*x = snapshot(x)
	}
	roll(d, vv, shift, ax)
	return nil
}

// roll copies v rolled by shift along axis into dst, which shares no
// memory with v: two copies, of the parts before and after the cut.
func roll[T tensor.Element](dst, v tensor.View[T], shift, axis int) {
	n, _ := v.Dim(axis)
	if n == 0 || v.Size() == 0 {
		return
	}
	s := shift % n
	if s < 0 {
		s += n
	}
	// dst[s:] = v[:n-s], dst[:s] = v[n-s:].
	d1, _ := dst.Slice(axis, s, n, 1)
	v1, _ := v.Slice(axis, 0, n-s, 1)
	copyInto(d1, v1)
	if s > 0 {
		d2, _ := dst.Slice(axis, 0, s, 1)
		v2, _ := v.Slice(axis, n-s, n, 1)
		copyInto(d2, v2)
	}
}
