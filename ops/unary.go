package ops

import (
	"github.com/tessera-go/tessera/internal/loops"
	"math"

	"github.com/tessera-go/tessera/simd"
	"github.com/tessera-go/tessera/tensor"
)

// The unary operations (see unOp).

type negOp[T tensor.Number] struct{}

func (negOp[T]) v(d, x []T) {
	x = x[:len(d)]
	for i := range d {
		d[i] = -x[i]
	}
}

func (negOp[T]) at(x T) T { return -x }

// absOf adds +0 to a non-negative x, which turns a float -0 into +0 (the
// compiler does not fold x+0 for floats) and changes nothing else.
func absOf[T tensor.Real](x T) T {
	if x < 0 {
		return -x
	}
	return x + 0
}

type absOp[T tensor.Real] struct{}

func (absOp[T]) v(d, x []T) {
	x = x[:len(d)]
	for i := range d {
		d[i] = absOf(x[i])
	}
}

func (absOp[T]) at(x T) T { return absOf(x) }

// floatOp applies f, computed in float64 and rounded to T once.
type floatOp[T tensor.Float] struct{ f func(float64) float64 }

func (o floatOp[T]) v(d, x []T) {
	x = x[:len(d)]
	for i := range d {
		d[i] = T(o.f(float64(x[i])))
	}
}

func (o floatOp[T]) at(x T) T { return T(o.f(float64(x))) }

// Neg returns -v elementwise in a new row-major tensor of v's shape
// (integers wrap: the most negative value is its own negation). It
// returns an error wrapping layout.ErrOverflow when the result is too
// large to allocate.
func Neg[T tensor.Number, V tensor.Operand[T]](v V) (tensor.Tensor[T], error) {
	return unary("Neg", negOp[T]{}, tensor.View[T](v))
}

// NegInto sets dst to -v elementwise. dst must have v's shape; v may share
// memory with dst as in [AddInto], and the errors are those of AddInto.
func NegInto[T tensor.Number, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V) error {
	return unaryInto("NegInto", negOp[T]{}, operandOf(&dst), operandOf(&v))
}

// Abs returns |v| elementwise, like [Neg]. The most negative value of a
// signed integer type is its own absolute value, as in Go; for floats
// Abs(-0) is +0 and Abs(NaN) is NaN, as math.Abs gives.
func Abs[T tensor.Real, V tensor.Operand[T]](v V) (tensor.Tensor[T], error) {
	return unary("Abs", absOp[T]{}, tensor.View[T](v))
}

// AbsInto sets dst to |v| elementwise, like [NegInto] and [Abs].
func AbsInto[T tensor.Real, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V) error {
	return unaryInto("AbsInto", absOp[T]{}, operandOf(&dst), operandOf(&v))
}

// Sqrt returns the square root of every element of v, like [Neg]
// (computed in float64 and rounded once to T; NaN for negative elements).
func Sqrt[T tensor.Float, V tensor.Operand[T]](v V) (tensor.Tensor[T], error) {
	return unary("Sqrt", floatOp[T]{math.Sqrt}, tensor.View[T](v))
}

// SqrtInto sets dst to the square roots of v's elements, like [NegInto].
func SqrtInto[T tensor.Float, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V) error {
	return unaryInto("SqrtInto", floatOp[T]{math.Sqrt}, operandOf(&dst), operandOf(&v))
}

// Exp returns e**x for every element x of v, like [Neg]: for float64
// elements math.Exp's; for float32 ones simd.Exp's, computed in float64 by
// vector kernels (a polynomial after a reduction by ln 2) and rounded to
// float32 once, the same bits at every SIMD level and for every layout:
// the correctly rounded e**x but where it lies within about 1e-11 of a
// rounding boundary, then one unit in the last place off.
func Exp[T tensor.Float, V tensor.Operand[T]](v V) (tensor.Tensor[T], error) {
	return unary("Exp", expOp[T]{}, tensor.View[T](v))
}

// ExpInto sets dst to e**x for every element x of v, like [Exp] and
// [SqrtInto].
func ExpInto[T tensor.Float, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V) error {
	return unaryInto("ExpInto", expOp[T]{}, operandOf(&dst), operandOf(&v))
}

// expOp is e**x (see Exp): float32 runs by simd.Exp and single elements
// by its twin loops.Exp32, float64 by math.Exp.
type expOp[T tensor.Float] struct{}

func (expOp[T]) v(d, x []T) {
	if floatKind[T]() == kindFloat32 {
		if err := simd.Exp(asKind[float32](d), asKind[float32](x)); err != nil {
			panic("ops: internal error: " + err.Error())
		}
		return
	}
	x = x[:len(d)]
	for i := range d {
		d[i] = T(math.Exp(float64(x[i])))
	}
}

func (expOp[T]) at(x T) T {
	if floatKind[T]() == kindFloat32 {
		return T(loops.Exp32(float32(x)))
	}
	return T(math.Exp(float64(x)))
}

// Log returns the natural logarithm of every element of v, like [Sqrt]
// (-Inf for 0, NaN for negative elements).
func Log[T tensor.Float, V tensor.Operand[T]](v V) (tensor.Tensor[T], error) {
	return unary("Log", floatOp[T]{math.Log}, tensor.View[T](v))
}

// LogInto sets dst to the natural logarithms of v's elements, like
// [SqrtInto].
func LogInto[T tensor.Float, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V) error {
	return unaryInto("LogInto", floatOp[T]{math.Log}, operandOf(&dst), operandOf(&v))
}

// Sin returns the sine of every element of v (radians), like [Sqrt]: by
// math.Sin, whose last digits for large arguments may differ from NumPy's
// (glibc's correctly rounded ones) by an ulp or two from 1e9 to 1e300, and
// by 25 at math.MaxFloat64. The other elementwise operations match
// NumPy's bit for bit, and Exp, Log, Cos, Tanh and Pow within 2 ulps (see
// the package documentation).
func Sin[T tensor.Float, V tensor.Operand[T]](v V) (tensor.Tensor[T], error) {
	return unary("Sin", floatOp[T]{math.Sin}, tensor.View[T](v))
}

// SinInto sets dst to the sines of v's elements, like [SqrtInto].
func SinInto[T tensor.Float, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V) error {
	return unaryInto("SinInto", floatOp[T]{math.Sin}, operandOf(&dst), operandOf(&v))
}

// Cos returns the cosine of every element of v (radians), like [Sin].
func Cos[T tensor.Float, V tensor.Operand[T]](v V) (tensor.Tensor[T], error) {
	return unary("Cos", floatOp[T]{math.Cos}, tensor.View[T](v))
}

// CosInto sets dst to the cosines of v's elements, like [SqrtInto].
func CosInto[T tensor.Float, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V) error {
	return unaryInto("CosInto", floatOp[T]{math.Cos}, operandOf(&dst), operandOf(&v))
}

// Tanh returns the hyperbolic tangent of every element of v, like [Sqrt].
func Tanh[T tensor.Float, V tensor.Operand[T]](v V) (tensor.Tensor[T], error) {
	return unary("Tanh", floatOp[T]{math.Tanh}, tensor.View[T](v))
}

// TanhInto sets dst to the hyperbolic tangents of v's elements, like
// [SqrtInto].
func TanhInto[T tensor.Float, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V) error {
	return unaryInto("TanhInto", floatOp[T]{math.Tanh}, operandOf(&dst), operandOf(&v))
}

// powOp is the binary operation math.Pow, computed in float64 and rounded
// once to T (see binOp). It is a type of its own, not a Zip of a function
// literal: a literal in a generic function captures its dictionary, and
// PowInto allocated that closure at every call.
type powOp[T tensor.Float] struct{}

func pow[T tensor.Float](x, y T) T { return T(math.Pow(float64(x), float64(y))) }

func (powOp[T]) vv(d, x, y []T) {
	x, y = x[:len(d)], y[:len(d)]
	for i := range d {
		d[i] = pow(x[i], y[i])
	}
}

func (powOp[T]) vs(d, x []T, s T) {
	x = x[:len(d)]
	for i := range d {
		d[i] = pow(x[i], s)
	}
}

func (powOp[T]) sv(d []T, s T, y []T) {
	y = y[:len(d)]
	for i := range d {
		d[i] = pow(s, y[i])
	}
}

func (powOp[T]) at(x, y T) T             { return pow(x, y) }
func (powOp[T]) simdOp() (simd.Op, bool) { return 0, false }

// Pow returns a**b elementwise with broadcasting, like [Add], by the rules
// of math.Pow (computed in float64 and rounded once to T).
func Pow[T tensor.Float, A tensor.Operand[T], B tensor.Operand[T]](a A, b B) (tensor.Tensor[T], error) {
	return binary("Pow", powOp[T]{}, tensor.View[T](a), tensor.View[T](b), false)
}

// PowInto sets dst to a**b elementwise, like [AddInto] and [Pow].
func PowInto[T tensor.Float, D tensor.Operand[T], A tensor.Operand[T], B tensor.Operand[T]](dst D, a A, b B) error {
	return binaryInto("PowInto", powOp[T]{}, operandOf(&dst), operandOf(&a), operandOf(&b), false)
}
