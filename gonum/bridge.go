// Package gonum connects Tessera's tensors to gonum's matrices and
// vectors (gonum.org/v1/gonum/mat), where Go's linear algebra lives.
//
// A *mat.Dense or *mat.VecDense becomes a tensor.View[float64] that
// shares its elements ([FromDense], [FromVecDense]). The other way, a
// two-dimensional float64 view becomes a *mat.Dense that shares the view's
// elements when gonum can describe its strides — a unit column stride and
// a row stride of at least the number of columns — and a vector view a
// *mat.VecDense when its stride is positive: [AsDense] and [AsVecDense]
// insist on sharing and fail otherwise, while [ToDense] and [ToVecDense]
// copy when they must (a transposed, flipped or broadcast view), as
// tensor.View.Contiguous does.
//
// gonum has no empty matrices or vectors, so a view with a zero dimension
// cannot become one (layout.ErrShape).
//
// The package is a module of its own, github.com/tessera-go/tessera/gonum,
// so that programs that use Tessera without it never download gonum.
package gonum

import (
	"errors"

	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"

	"github.com/tessera-go/tessera/internal/errs"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/tensor"
)

// errorf returns the error of op wrapping the sentinel kind, as every
// Tessera package writes them: "gonum: Op: detail".
func errorf(op string, kind error, format string, args ...any) error {
	return errs.New("gonum", op, kind, format, args...)
}

// copyOf returns a row-major copy of v's elements, or the error of op
// wrapping layout.ErrOverflow when the copy would exceed the largest
// allocation (a broadcast view can reach far more elements than memory
// holds).
func copyOf(op string, v tensor.View[float64]) ([]float64, error) {
	c, err := v.CloneChecked()
	if err != nil {
		return nil, errs.Wrap("gonum", op, nil, err, "a copy of shape %v", v.Shape())
	}
	return c.Data(), nil
}

// FromDense returns the view of m's elements, of shape [rows, cols] and
// strides [stride, 1]. It shares m's data: writes through either are seen
// through both. An empty m (the zero Dense, or after Reset) gives an empty
// view of shape [0 0].
func FromDense(m *mat.Dense) (tensor.View[float64], error) {
	if m.IsEmpty() {
		return tensor.NewView[float64](nil, mustLayout(layout.RowMajor(0, 0)))
	}
	raw := m.RawMatrix()
	l, err := layout.Strided([]int{raw.Rows, raw.Cols}, []int{raw.Stride, 1}, 0)
	if err != nil {
		return tensor.View[float64]{}, wrap("FromDense", err)
	}
	v, err := tensor.NewView(raw.Data, l)
	if err != nil {
		return tensor.View[float64]{}, wrap("FromDense", err)
	}
	return v, nil
}

// FromVecDense returns the view of v's elements, of shape [len] and stride
// v's increment. It shares v's data. An empty v gives an empty view of
// shape [0].
func FromVecDense(v *mat.VecDense) (tensor.View[float64], error) {
	if v.IsEmpty() {
		return tensor.NewView[float64](nil, mustLayout(layout.RowMajor(0)))
	}
	raw := v.RawVector()
	l, err := layout.Strided([]int{raw.N}, []int{raw.Inc}, 0)
	if err != nil {
		return tensor.View[float64]{}, wrap("FromVecDense", err)
	}
	out, err := tensor.NewView(raw.Data, l)
	if err != nil {
		return tensor.View[float64]{}, wrap("FromVecDense", err)
	}
	return out, nil
}

// AsDense returns a *mat.Dense that shares v's elements: v must be
// two-dimensional, with a unit column stride and a row stride of at least
// the number of columns (any row-major view, a slice of rows, columns or
// both of one). It returns an error wrapping layout.ErrRank for another
// rank, layout.ErrShape for a zero dimension, and layout.ErrNotViewable
// for strides gonum cannot describe; ToDense copies those.
func AsDense[V tensor.Operand[float64]](v V) (*mat.Dense, error) {
	w := tensor.View[float64](v)
	raw, err := rawMatrix("AsDense", w)
	if err != nil {
		return nil, err
	}
	var m mat.Dense
	m.SetRawMatrix(raw)
	return &m, nil
}

// ToDense returns a *mat.Dense with v's elements: one that shares them
// when AsDense can, and otherwise a row-major copy (a transposed, flipped
// or broadcast view). It returns an error wrapping layout.ErrRank for a
// rank other than 2, layout.ErrShape for a zero dimension, and
// layout.ErrOverflow when the copy would exceed the largest allocation (a
// broadcast view of more elements than memory holds); a copy that fits
// that bound but not the machine's memory is a fatal out-of-memory error,
// as for make.
func ToDense[V tensor.Operand[float64]](v V) (*mat.Dense, error) {
	w := tensor.View[float64](v)
	raw, err := rawMatrix("ToDense", w)
	if errors.Is(err, layout.ErrNotViewable) {
		data, err := copyOf("ToDense", w)
		if err != nil {
			return nil, err
		}
		return mat.NewDense(raw.Rows, raw.Cols, data), nil
	}
	if err != nil {
		return nil, err
	}
	var m mat.Dense
	m.SetRawMatrix(raw)
	return &m, nil
}

// AsVecDense returns a *mat.VecDense that shares v's elements: v must be
// one-dimensional with a positive stride. It returns an error wrapping
// layout.ErrRank for another rank, layout.ErrShape for no elements, and
// layout.ErrNotViewable for a zero or negative stride; ToVecDense copies
// those.
func AsVecDense[V tensor.Operand[float64]](v V) (*mat.VecDense, error) {
	w := tensor.View[float64](v)
	raw, err := rawVector("AsVecDense", w)
	if err != nil {
		return nil, err
	}
	var out mat.VecDense
	out.SetRawVector(raw)
	return &out, nil
}

// ToVecDense returns a *mat.VecDense with v's elements: one that shares
// them when AsVecDense can, and otherwise a copy (a flipped or broadcast
// view). It returns an error wrapping layout.ErrRank for a rank other than
// 1, layout.ErrShape for no elements, and layout.ErrOverflow as
// [ToDense] does.
func ToVecDense[V tensor.Operand[float64]](v V) (*mat.VecDense, error) {
	w := tensor.View[float64](v)
	raw, err := rawVector("ToVecDense", w)
	if errors.Is(err, layout.ErrNotViewable) {
		data, err := copyOf("ToVecDense", w)
		if err != nil {
			return nil, err
		}
		return mat.NewVecDense(raw.N, data), nil
	}
	if err != nil {
		return nil, err
	}
	var out mat.VecDense
	out.SetRawVector(raw)
	return &out, nil
}

// rawVector describes v to gonum, or returns the error of op; with
// ErrNotViewable, N is still v's length.
func rawVector(op string, v tensor.View[float64]) (blas64.Vector, error) {
	if v.Rank() != 1 {
		return blas64.Vector{}, errorf(op, layout.ErrRank, "a vector needs rank 1, not shape %v", v.Shape())
	}
	n := v.Size()
	if n == 0 {
		return blas64.Vector{}, errorf(op, layout.ErrShape, "shape %v: gonum has no empty vectors", v.Shape())
	}
	inc := v.Strides()[0]
	if n == 1 {
		inc = 1
	}
	if inc < 1 {
		return blas64.Vector{N: n}, errorf(op, layout.ErrNotViewable, "stride %d: gonum needs a positive increment", inc)
	}
	off := v.Offset()
	return blas64.Vector{N: n, Inc: inc, Data: v.Data()[off : off+(n-1)*inc+1]}, nil
}

// rawMatrix describes v to gonum, or returns the error of op; with
// ErrNotViewable, Rows and Cols are still v's.
func rawMatrix(op string, v tensor.View[float64]) (blas64.General, error) {
	if v.Rank() != 2 {
		return blas64.General{}, errorf(op, layout.ErrRank, "a matrix needs rank 2, not shape %v", v.Shape())
	}
	sh, st := v.Shape(), v.Strides()
	r, c := sh[0], sh[1]
	if r == 0 || c == 0 {
		return blas64.General{}, errorf(op, layout.ErrShape, "shape %v: gonum has no empty matrices", sh)
	}
	rs, cs := st[0], st[1]
	if c == 1 {
		cs = 1 // the stride of a size-1 axis is never used
	}
	if r == 1 {
		rs = c
	}
	if cs != 1 || rs < c {
		return blas64.General{Rows: r, Cols: c}, errorf(op, layout.ErrNotViewable, "strides %v of shape %v: gonum needs a column stride of 1 and a row stride of at least %d", st, sh, c)
	}
	off := v.Offset()
	return blas64.General{Rows: r, Cols: c, Stride: rs, Data: v.Data()[off : off+(r-1)*rs+c]}, nil
}

// wrap names op in err, an error of package layout or tensor:
// "gonum: Op: " and err's message, wrapping err.
func wrap(op string, err error) error {
	return &errs.Error{Pkg: "gonum", Op: op, Kind: err, Msg: err.Error()}
}

func mustLayout(l layout.Layout, err error) layout.Layout {
	if err != nil {
		panic("gonum: internal error: " + err.Error())
	}
	return l
}
