package ops

import (
	"github.com/tessera-go/tessera/internal/loops"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/simd"
	"github.com/tessera-go/tessera/tensor"
)

// The comparisons: elementwise ==, !=, <, <=, > and >= of two operands
// that broadcast, or of an operand and a scalar, into a mask (a tensor of
// bool). They run on the compute driver of the mixed operations (see
// mixed.go), float runs on simd's comparison kernels.

// The comparisons as the mixed driver runs them (see mixOp): float32 and
// float64 runs (and those of types defined on them) of shortRun elements
// or more go to simd's kernels, the others to internal/loops' loops; s op
// y[i] is y[i] op' s, op' the mirror of op (s < y[i] is y[i] > s).

// eqOp is the comparison of Equal: x == y.
type eqOp[T tensor.Number] struct{}

func (eqOp[T]) vv(d []bool, x, y []T, nt bool)   { compareVV(simd.Equal, d, x, y, nt, loops.EqVV[T]) }
func (eqOp[T]) vs(d []bool, x []T, s T, nt bool) { compareVS(simd.Equal, d, x, s, nt, loops.EqVS[T]) }
func (eqOp[T]) sv(d []bool, s T, y []T, nt bool) {
	compareVS(simd.Equal.Mirror(), d, y, s, nt, loops.EqVS[T])
}
func (eqOp[T]) at(x, y T) bool { return x == y }

// neOp is the comparison of NotEqual: x != y.
type neOp[T tensor.Number] struct{}

func (neOp[T]) vv(d []bool, x, y []T, nt bool) { compareVV(simd.NotEqual, d, x, y, nt, loops.NeVV[T]) }
func (neOp[T]) vs(d []bool, x []T, s T, nt bool) {
	compareVS(simd.NotEqual, d, x, s, nt, loops.NeVS[T])
}
func (neOp[T]) sv(d []bool, s T, y []T, nt bool) {
	compareVS(simd.NotEqual.Mirror(), d, y, s, nt, loops.NeVS[T])
}
func (neOp[T]) at(x, y T) bool { return x != y }

// ltOp is the comparison of Less: x < y.
type ltOp[T tensor.Real] struct{}

func (ltOp[T]) vv(d []bool, x, y []T, nt bool)   { compareVV(simd.Less, d, x, y, nt, loops.LtVV[T]) }
func (ltOp[T]) vs(d []bool, x []T, s T, nt bool) { compareVS(simd.Less, d, x, s, nt, loops.LtVS[T]) }
func (ltOp[T]) sv(d []bool, s T, y []T, nt bool) {
	compareVS(simd.Less.Mirror(), d, y, s, nt, loops.GtVS[T])
}
func (ltOp[T]) at(x, y T) bool { return x < y }

// leOp is the comparison of LessEqual: x <= y.
type leOp[T tensor.Real] struct{}

func (leOp[T]) vv(d []bool, x, y []T, nt bool) { compareVV(simd.LessEqual, d, x, y, nt, loops.LeVV[T]) }
func (leOp[T]) vs(d []bool, x []T, s T, nt bool) {
	compareVS(simd.LessEqual, d, x, s, nt, loops.LeVS[T])
}
func (leOp[T]) sv(d []bool, s T, y []T, nt bool) {
	compareVS(simd.LessEqual.Mirror(), d, y, s, nt, loops.GeVS[T])
}
func (leOp[T]) at(x, y T) bool { return x <= y }

// gtOp is the comparison of Greater: x > y.
type gtOp[T tensor.Real] struct{}

func (gtOp[T]) vv(d []bool, x, y []T, nt bool)   { compareVV(simd.Greater, d, x, y, nt, loops.GtVV[T]) }
func (gtOp[T]) vs(d []bool, x []T, s T, nt bool) { compareVS(simd.Greater, d, x, s, nt, loops.GtVS[T]) }
func (gtOp[T]) sv(d []bool, s T, y []T, nt bool) {
	compareVS(simd.Greater.Mirror(), d, y, s, nt, loops.LtVS[T])
}
func (gtOp[T]) at(x, y T) bool { return x > y }

// geOp is the comparison of GreaterEqual: x >= y.
type geOp[T tensor.Real] struct{}

func (geOp[T]) vv(d []bool, x, y []T, nt bool) {
	compareVV(simd.GreaterEqual, d, x, y, nt, loops.GeVV[T])
}
func (geOp[T]) vs(d []bool, x []T, s T, nt bool) {
	compareVS(simd.GreaterEqual, d, x, s, nt, loops.GeVS[T])
}
func (geOp[T]) sv(d []bool, s T, y []T, nt bool) {
	compareVS(simd.GreaterEqual.Mirror(), d, y, s, nt, loops.LeVS[T])
}
func (geOp[T]) at(x, y T) bool { return x >= y }

// compareVV sets d[i] = x[i] op y[i]: by simd's kernel for float runs of
// shortRun elements or more (they cannot fail: the lengths are right),
// with non-temporal stores where nt is set, by loop otherwise.
func compareVV[T tensor.Number](op simd.CmpOp, d []bool, x, y []T, nt bool, loop func(d []bool, x, y []T)) {
	if nt {
		op |= simd.CmpStream
	}
	if len(d) >= shortRun {
		switch floatKind[T]() {
		case kindFloat32:
			_ = simd.Compare(op, d, asKind[float32](x), asKind[float32](y))
			return
		case kindFloat64:
			_ = simd.Compare(op, d, asKind[float64](x), asKind[float64](y))
			return
		}
	}
	loop(d, x, y)
}

// compareVS sets d[i] = x[i] op s, as compareVV does.
func compareVS[T tensor.Number](op simd.CmpOp, d []bool, x []T, s T, nt bool, loop func(d []bool, x []T, s T)) {
	if nt {
		op |= simd.CmpStream
	}
	if len(d) >= shortRun {
		switch floatKind[T]() {
		case kindFloat32:
			_ = simd.CompareScalar(op, d, asKind[float32](x), asScalar[float32](s))
			return
		case kindFloat64:
			_ = simd.CompareScalar(op, d, asKind[float64](x), asScalar[float64](s))
			return
		}
	}
	loop(d, x, s)
}

// compareScalar computes k(v, s) into a new mask, or into dst when into
// is set: s is a rank-0 operand in a buffer of the scratch pool, as in
// scalarOp.
func compareScalar[T tensor.Number, K mixOp[bool, T]](op string, k K, dst tensor.View[bool], v tensor.View[T], s T, into bool) (tensor.Tensor[bool], error) {
	var sc scratch
	defer sc.release()
	cell := scratchBuf[T](&sc, 0, 1)
	cell[0] = s
	l, _ := layout.RowMajor()
	so := operand[T]{data: cell, lay: l}
	if into {
		return tensor.Tensor[bool]{}, mixedInto(op, k, operandOf(&dst), operandOf(&v), &so)
	}
	return mixedNew[bool](op, k, operandOf(&v), &so)
}

// Equal returns the mask of a == b elementwise: a new row-major
// Tensor[bool] of the shape a and b broadcast to (NumPy's rules; a rank-0
// view broadcasts to any shape), true where the elements are equal. The
// inputs may be any views. Floats compare as IEEE 754 (and NumPy) compare
// them: NaN is unequal to everything, itself included, and -0 equals +0;
// complex numbers are equal when both parts are.
//
// It returns an error wrapping layout.ErrShape when the shapes do not
// broadcast ("ops: Equal: shapes [3 4] and [5] do not broadcast"), and
// layout.ErrOverflow when the result is too large to allocate.
func Equal[T tensor.Number, A tensor.Operand[T], B tensor.Operand[T]](a A, b B) (tensor.Tensor[bool], error) {
	return mixedNew[bool]("Equal", eqOp[T]{}, operandOf[T](&a), operandOf[T](&b))
}

// EqualInto sets the mask dst to a == b elementwise. dst must have exactly
// the shape a and b broadcast to; its elements are bools, so it shares no
// memory with the inputs (one reinterpreted through unsafe is read from a
// snapshot). It returns the errors of Equal, layout.ErrShape when dst does
// not have the broadcast shape and layout.ErrOverlap when two indices of
// dst reach one element; on error nothing is written.
func EqualInto[T tensor.Number, D tensor.Operand[bool], A tensor.Operand[T], B tensor.Operand[T]](dst D, a A, b B) error {
	return mixedInto("EqualInto", eqOp[T]{}, operandOf[bool](&dst), operandOf[T](&a), operandOf[T](&b))
}

// EqualScalar returns the mask of v == s elementwise, a new row-major
// Tensor[bool] of v's shape, without making a tensor of s; the rules of
// [Equal].
func EqualScalar[T tensor.Number, V tensor.Operand[T]](v V, s T) (tensor.Tensor[bool], error) {
	return compareScalar("EqualScalar", eqOp[T]{}, tensor.View[bool]{}, tensor.View[T](v), s, false)
}

// EqualScalarInto sets the mask dst, of v's shape, to v == s
// elementwise; the errors of [EqualInto].
func EqualScalarInto[T tensor.Number, D tensor.Operand[bool], V tensor.Operand[T]](dst D, v V, s T) error {
	_, err := compareScalar("EqualScalarInto", eqOp[T]{}, tensor.View[bool](dst), tensor.View[T](v), s, true)
	return err
}

// NotEqual returns the mask of a != b elementwise, like [Equal].
func NotEqual[T tensor.Number, A tensor.Operand[T], B tensor.Operand[T]](a A, b B) (tensor.Tensor[bool], error) {
	return mixedNew[bool]("NotEqual", neOp[T]{}, operandOf[T](&a), operandOf[T](&b))
}

// NotEqualInto sets the mask dst to a != b elementwise, like [EqualInto].
func NotEqualInto[T tensor.Number, D tensor.Operand[bool], A tensor.Operand[T], B tensor.Operand[T]](dst D, a A, b B) error {
	return mixedInto("NotEqualInto", neOp[T]{}, operandOf[bool](&dst), operandOf[T](&a), operandOf[T](&b))
}

// NotEqualScalar returns the mask of v != s elementwise, like [EqualScalar].
func NotEqualScalar[T tensor.Number, V tensor.Operand[T]](v V, s T) (tensor.Tensor[bool], error) {
	return compareScalar("NotEqualScalar", neOp[T]{}, tensor.View[bool]{}, tensor.View[T](v), s, false)
}

// NotEqualScalarInto sets the mask dst, of v's shape, to v != s elementwise, like
// [EqualScalarInto].
func NotEqualScalarInto[T tensor.Number, D tensor.Operand[bool], V tensor.Operand[T]](dst D, v V, s T) error {
	_, err := compareScalar("NotEqualScalarInto", neOp[T]{}, tensor.View[bool](dst), tensor.View[T](v), s, true)
	return err
}

// Less returns the mask of a < b elementwise, like [Equal], for ordered
// element types. A comparison with NaN is false (so Less and
// GreaterEqual are not each other's negation where NaN is), as in IEEE
// 754 and NumPy.
func Less[T tensor.Real, A tensor.Operand[T], B tensor.Operand[T]](a A, b B) (tensor.Tensor[bool], error) {
	return mixedNew[bool]("Less", ltOp[T]{}, operandOf[T](&a), operandOf[T](&b))
}

// LessInto sets the mask dst to a < b elementwise, like [EqualInto].
func LessInto[T tensor.Real, D tensor.Operand[bool], A tensor.Operand[T], B tensor.Operand[T]](dst D, a A, b B) error {
	return mixedInto("LessInto", ltOp[T]{}, operandOf[bool](&dst), operandOf[T](&a), operandOf[T](&b))
}

// LessScalar returns the mask of v < s elementwise, like [EqualScalar].
func LessScalar[T tensor.Real, V tensor.Operand[T]](v V, s T) (tensor.Tensor[bool], error) {
	return compareScalar("LessScalar", ltOp[T]{}, tensor.View[bool]{}, tensor.View[T](v), s, false)
}

// LessScalarInto sets the mask dst, of v's shape, to v < s elementwise, like
// [EqualScalarInto].
func LessScalarInto[T tensor.Real, D tensor.Operand[bool], V tensor.Operand[T]](dst D, v V, s T) error {
	_, err := compareScalar("LessScalarInto", ltOp[T]{}, tensor.View[bool](dst), tensor.View[T](v), s, true)
	return err
}

// LessEqual returns the mask of a <= b elementwise, like [Less].
func LessEqual[T tensor.Real, A tensor.Operand[T], B tensor.Operand[T]](a A, b B) (tensor.Tensor[bool], error) {
	return mixedNew[bool]("LessEqual", leOp[T]{}, operandOf[T](&a), operandOf[T](&b))
}

// LessEqualInto sets the mask dst to a <= b elementwise, like [EqualInto].
func LessEqualInto[T tensor.Real, D tensor.Operand[bool], A tensor.Operand[T], B tensor.Operand[T]](dst D, a A, b B) error {
	return mixedInto("LessEqualInto", leOp[T]{}, operandOf[bool](&dst), operandOf[T](&a), operandOf[T](&b))
}

// LessEqualScalar returns the mask of v <= s elementwise, like [EqualScalar].
func LessEqualScalar[T tensor.Real, V tensor.Operand[T]](v V, s T) (tensor.Tensor[bool], error) {
	return compareScalar("LessEqualScalar", leOp[T]{}, tensor.View[bool]{}, tensor.View[T](v), s, false)
}

// LessEqualScalarInto sets the mask dst, of v's shape, to v <= s elementwise, like
// [EqualScalarInto].
func LessEqualScalarInto[T tensor.Real, D tensor.Operand[bool], V tensor.Operand[T]](dst D, v V, s T) error {
	_, err := compareScalar("LessEqualScalarInto", leOp[T]{}, tensor.View[bool](dst), tensor.View[T](v), s, true)
	return err
}

// Greater returns the mask of a > b elementwise, like [Less].
func Greater[T tensor.Real, A tensor.Operand[T], B tensor.Operand[T]](a A, b B) (tensor.Tensor[bool], error) {
	return mixedNew[bool]("Greater", gtOp[T]{}, operandOf[T](&a), operandOf[T](&b))
}

// GreaterInto sets the mask dst to a > b elementwise, like [EqualInto].
func GreaterInto[T tensor.Real, D tensor.Operand[bool], A tensor.Operand[T], B tensor.Operand[T]](dst D, a A, b B) error {
	return mixedInto("GreaterInto", gtOp[T]{}, operandOf[bool](&dst), operandOf[T](&a), operandOf[T](&b))
}

// GreaterScalar returns the mask of v > s elementwise, like [EqualScalar].
func GreaterScalar[T tensor.Real, V tensor.Operand[T]](v V, s T) (tensor.Tensor[bool], error) {
	return compareScalar("GreaterScalar", gtOp[T]{}, tensor.View[bool]{}, tensor.View[T](v), s, false)
}

// GreaterScalarInto sets the mask dst, of v's shape, to v > s elementwise, like
// [EqualScalarInto].
func GreaterScalarInto[T tensor.Real, D tensor.Operand[bool], V tensor.Operand[T]](dst D, v V, s T) error {
	_, err := compareScalar("GreaterScalarInto", gtOp[T]{}, tensor.View[bool](dst), tensor.View[T](v), s, true)
	return err
}

// GreaterEqual returns the mask of a >= b elementwise, like [Less].
func GreaterEqual[T tensor.Real, A tensor.Operand[T], B tensor.Operand[T]](a A, b B) (tensor.Tensor[bool], error) {
	return mixedNew[bool]("GreaterEqual", geOp[T]{}, operandOf[T](&a), operandOf[T](&b))
}

// GreaterEqualInto sets the mask dst to a >= b elementwise, like [EqualInto].
func GreaterEqualInto[T tensor.Real, D tensor.Operand[bool], A tensor.Operand[T], B tensor.Operand[T]](dst D, a A, b B) error {
	return mixedInto("GreaterEqualInto", geOp[T]{}, operandOf[bool](&dst), operandOf[T](&a), operandOf[T](&b))
}

// GreaterEqualScalar returns the mask of v >= s elementwise, like [EqualScalar].
func GreaterEqualScalar[T tensor.Real, V tensor.Operand[T]](v V, s T) (tensor.Tensor[bool], error) {
	return compareScalar("GreaterEqualScalar", geOp[T]{}, tensor.View[bool]{}, tensor.View[T](v), s, false)
}

// GreaterEqualScalarInto sets the mask dst, of v's shape, to v >= s elementwise, like
// [EqualScalarInto].
func GreaterEqualScalarInto[T tensor.Real, D tensor.Operand[bool], V tensor.Operand[T]](dst D, v V, s T) error {
	_, err := compareScalar("GreaterEqualScalarInto", geOp[T]{}, tensor.View[bool](dst), tensor.View[T](v), s, true)
	return err
}
