package ops

import (
	"github.com/tessera-go/tessera/internal/loops"
	"github.com/tessera-go/tessera/simd"
	"github.com/tessera-go/tessera/tensor"
)

// The binary operations (see binOp): the loops of internal/loops, and
// simd's kernels for the float types.
type (
	addOp[T tensor.Number] struct{}
	subOp[T tensor.Number] struct{}
	mulOp[T tensor.Number] struct{}
	divOp[T tensor.Number] struct{}
	maxOp[T tensor.Real]   struct{}
	minOp[T tensor.Real]   struct{}
)

func (addOp[T]) vv(d, x, y []T)          { loops.AddVV(d, x, y) }
func (addOp[T]) vs(d, x []T, s T)        { loops.AddVS(d, x, s) }
func (addOp[T]) sv(d []T, s T, y []T)    { loops.AddSV(d, s, y) }
func (addOp[T]) at(x, y T) T             { return x + y }
func (addOp[T]) simdOp() (simd.Op, bool) { return simd.Add, true }

func (subOp[T]) vv(d, x, y []T)          { loops.SubVV(d, x, y) }
func (subOp[T]) vs(d, x []T, s T)        { loops.SubVS(d, x, s) }
func (subOp[T]) sv(d []T, s T, y []T)    { loops.SubSV(d, s, y) }
func (subOp[T]) at(x, y T) T             { return x - y }
func (subOp[T]) simdOp() (simd.Op, bool) { return simd.Sub, true }

func (mulOp[T]) vv(d, x, y []T)          { loops.MulVV(d, x, y) }
func (mulOp[T]) vs(d, x []T, s T)        { loops.MulVS(d, x, s) }
func (mulOp[T]) sv(d []T, s T, y []T)    { loops.MulSV(d, s, y) }
func (mulOp[T]) at(x, y T) T             { return x * y }
func (mulOp[T]) simdOp() (simd.Op, bool) { return simd.Mul, true }

func (divOp[T]) vv(d, x, y []T)          { loops.DivVV(d, x, y) }
func (divOp[T]) vs(d, x []T, s T)        { loops.DivVS(d, x, s) }
func (divOp[T]) sv(d []T, s T, y []T)    { loops.DivSV(d, s, y) }
func (divOp[T]) at(x, y T) T             { return x / y }
func (divOp[T]) simdOp() (simd.Op, bool) { return simd.Div, true }

func (maxOp[T]) vv(d, x, y []T)          { loops.MaxVV(d, x, y) }
func (maxOp[T]) vs(d, x []T, s T)        { loops.MaxVS(d, x, s) }
func (maxOp[T]) sv(d []T, s T, y []T)    { loops.MaxSV(d, s, y) }
func (maxOp[T]) at(x, y T) T             { return loops.Max(x, y) }
func (maxOp[T]) simdOp() (simd.Op, bool) { return simd.Max, true }

func (minOp[T]) vv(d, x, y []T)          { loops.MinVV(d, x, y) }
func (minOp[T]) vs(d, x []T, s T)        { loops.MinVS(d, x, s) }
func (minOp[T]) sv(d []T, s T, y []T)    { loops.MinSV(d, s, y) }
func (minOp[T]) at(x, y T) T             { return loops.Min(x, y) }
func (minOp[T]) simdOp() (simd.Op, bool) { return simd.Min, true }

// Add returns a + b elementwise, in a new row-major tensor of the shape a
// and b broadcast to (NumPy's rules; a rank-0 view broadcasts to any
// shape). The inputs may be any views: transposed, sliced, flipped or
// broadcast. Integer addition wraps around, as Go's does.
//
// It returns an error wrapping layout.ErrShape when the shapes do not
// broadcast ("ops: Add: shapes [3 4] and [5] do not broadcast"), and
// layout.ErrOverflow when the result is too large to allocate.
func Add[T tensor.Number, A tensor.Operand[T], B tensor.Operand[T]](a A, b B) (tensor.Tensor[T], error) {
	return binary("Add", addOp[T]{}, tensor.View[T](a), tensor.View[T](b), false)
}

// AddInto sets dst to a + b elementwise. dst must have exactly the shape a
// and b broadcast to. The inputs may share memory with dst, even overlap
// it: the result is that of computing from a snapshot of the inputs, and
// an input that is dst itself, element for element, costs no snapshot
// (AddInto(x, x, y) adds y to x in place).
//
// It returns an error wrapping layout.ErrShape when the shapes do not
// broadcast or dst does not have the broadcast shape, and layout.ErrOverlap
// when two indices of dst reach one element (an expanded view), or may
// (see layout.Layout.SelfOverlap). On error nothing is written.
func AddInto[T tensor.Number, D tensor.Operand[T], A tensor.Operand[T], B tensor.Operand[T]](dst D, a A, b B) error {
	return binaryInto("AddInto", addOp[T]{}, operandOf(&dst), operandOf(&a), operandOf(&b), false)
}

// Sub returns a - b elementwise, like [Add].
func Sub[T tensor.Number, A tensor.Operand[T], B tensor.Operand[T]](a A, b B) (tensor.Tensor[T], error) {
	return binary("Sub", subOp[T]{}, tensor.View[T](a), tensor.View[T](b), false)
}

// SubInto sets dst to a - b elementwise, like [AddInto].
func SubInto[T tensor.Number, D tensor.Operand[T], A tensor.Operand[T], B tensor.Operand[T]](dst D, a A, b B) error {
	return binaryInto("SubInto", subOp[T]{}, operandOf(&dst), operandOf(&a), operandOf(&b), false)
}

// Mul returns a * b elementwise, like [Add].
func Mul[T tensor.Number, A tensor.Operand[T], B tensor.Operand[T]](a A, b B) (tensor.Tensor[T], error) {
	return binary("Mul", mulOp[T]{}, tensor.View[T](a), tensor.View[T](b), false)
}

// MulInto sets dst to a * b elementwise, like [AddInto].
func MulInto[T tensor.Number, D tensor.Operand[T], A tensor.Operand[T], B tensor.Operand[T]](dst D, a A, b B) error {
	return binaryInto("MulInto", mulOp[T]{}, operandOf(&dst), operandOf(&a), operandOf(&b), false)
}

// Div returns a / b elementwise, like [Add]. Floats follow IEEE 754 (x/0
// is ±Inf or NaN). For integer types, a zero anywhere in b is an error
// wrapping ErrDivideByZero, found before anything is computed; integer
// division truncates toward zero, and the most negative value divided by
// -1 is itself, as in Go.
func Div[T tensor.Number, A tensor.Operand[T], B tensor.Operand[T]](a A, b B) (tensor.Tensor[T], error) {
	return binary("Div", divOp[T]{}, tensor.View[T](a), tensor.View[T](b), true)
}

// DivInto sets dst to a / b elementwise, like [AddInto], with the rules of
// [Div].
func DivInto[T tensor.Number, D tensor.Operand[T], A tensor.Operand[T], B tensor.Operand[T]](dst D, a A, b B) error {
	return binaryInto("DivInto", divOp[T]{}, operandOf(&dst), operandOf(&a), operandOf(&b), true)
}

// Maximum returns the larger of a and b elementwise, like [Add]. A NaN in
// either operand gives NaN, as NumPy's maximum does.
func Maximum[T tensor.Real, A tensor.Operand[T], B tensor.Operand[T]](a A, b B) (tensor.Tensor[T], error) {
	return binary("Maximum", maxOp[T]{}, tensor.View[T](a), tensor.View[T](b), false)
}

// MaximumInto sets dst to the larger of a and b elementwise, like
// [AddInto] and [Maximum].
func MaximumInto[T tensor.Real, D tensor.Operand[T], A tensor.Operand[T], B tensor.Operand[T]](dst D, a A, b B) error {
	return binaryInto("MaximumInto", maxOp[T]{}, operandOf(&dst), operandOf(&a), operandOf(&b), false)
}

// Minimum returns the smaller of a and b elementwise, like [Maximum].
func Minimum[T tensor.Real, A tensor.Operand[T], B tensor.Operand[T]](a A, b B) (tensor.Tensor[T], error) {
	return binary("Minimum", minOp[T]{}, tensor.View[T](a), tensor.View[T](b), false)
}

// MinimumInto sets dst to the smaller of a and b elementwise, like
// [MaximumInto].
func MinimumInto[T tensor.Real, D tensor.Operand[T], A tensor.Operand[T], B tensor.Operand[T]](dst D, a A, b B) error {
	return binaryInto("MinimumInto", minOp[T]{}, operandOf(&dst), operandOf(&a), operandOf(&b), false)
}
