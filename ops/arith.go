package ops

import (
	"golang.org/x/exp/constraints"

	"github.com/tessera-go/tessera/internal/loops"
	"github.com/tessera-go/tessera/simd"
	"github.com/tessera-go/tessera/tensor"
)

// Real is the constraint of the operations that compare elements: every
// integer and float type (not the complex ones).
type Real interface {
	constraints.Integer | constraints.Float
}

// The kernels: the loops of internal/loops, and simd's kernels for the
// float types.

func addKernel[T tensor.Number]() *binKernel[T] {
	return simdKernel(simd.Add, &binKernel[T]{vv: loops.AddVV[T], vs: loops.AddVS[T], sv: loops.AddSV[T], at: loops.Add[T]})
}

func subKernel[T tensor.Number]() *binKernel[T] {
	return simdKernel(simd.Sub, &binKernel[T]{vv: loops.SubVV[T], vs: loops.SubVS[T], sv: loops.SubSV[T], at: loops.Sub[T]})
}

func mulKernel[T tensor.Number]() *binKernel[T] {
	return simdKernel(simd.Mul, &binKernel[T]{vv: loops.MulVV[T], vs: loops.MulVS[T], sv: loops.MulSV[T], at: loops.Mul[T]})
}

func divKernel[T tensor.Number]() *binKernel[T] {
	return simdKernel(simd.Div, &binKernel[T]{vv: loops.DivVV[T], vs: loops.DivVS[T], sv: loops.DivSV[T], at: loops.Div[T]})
}

func maxKernel[T Real]() *binKernel[T] {
	return simdKernel(simd.Max, &binKernel[T]{vv: loops.MaxVV[T], vs: loops.MaxVS[T], sv: loops.MaxSV[T], at: loops.Max[T]})
}

func minKernel[T Real]() *binKernel[T] {
	return simdKernel(simd.Min, &binKernel[T]{vv: loops.MinVV[T], vs: loops.MinVS[T], sv: loops.MinSV[T], at: loops.Min[T]})
}

// Add returns a + b elementwise, in a new row-major tensor of the shape a
// and b broadcast to (NumPy's rules; a rank-0 view broadcasts to any
// shape). The inputs may be any views: transposed, sliced, flipped or
// broadcast. Integer addition wraps around, as Go's does.
//
// It returns an error wrapping layout.ErrShape when the shapes do not
// broadcast ("ops: Add: shapes [3 4] and [5] do not broadcast"), and
// layout.ErrOverflow when the result is too large to allocate.
func Add[T tensor.Number](a, b tensor.View[T]) (tensor.Tensor[T], error) {
	return binary("Add", addKernel[T](), a, b, false)
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
func AddInto[T tensor.Number](dst, a, b tensor.View[T]) error {
	return binaryInto("AddInto", addKernel[T](), operandOf(dst), operandOf(a), operandOf(b), false)
}

// Sub returns a - b elementwise, like [Add].
func Sub[T tensor.Number](a, b tensor.View[T]) (tensor.Tensor[T], error) {
	return binary("Sub", subKernel[T](), a, b, false)
}

// SubInto sets dst to a - b elementwise, like [AddInto].
func SubInto[T tensor.Number](dst, a, b tensor.View[T]) error {
	return binaryInto("SubInto", subKernel[T](), operandOf(dst), operandOf(a), operandOf(b), false)
}

// Mul returns a * b elementwise, like [Add].
func Mul[T tensor.Number](a, b tensor.View[T]) (tensor.Tensor[T], error) {
	return binary("Mul", mulKernel[T](), a, b, false)
}

// MulInto sets dst to a * b elementwise, like [AddInto].
func MulInto[T tensor.Number](dst, a, b tensor.View[T]) error {
	return binaryInto("MulInto", mulKernel[T](), operandOf(dst), operandOf(a), operandOf(b), false)
}

// Div returns a / b elementwise, like [Add]. Floats follow IEEE 754 (x/0
// is ±Inf or NaN). For integer types, a zero anywhere in b is an error
// wrapping ErrDivideByZero, found before anything is computed; integer
// division truncates toward zero, and the most negative value divided by
// -1 is itself, as in Go.
func Div[T tensor.Number](a, b tensor.View[T]) (tensor.Tensor[T], error) {
	return binary("Div", divKernel[T](), a, b, true)
}

// DivInto sets dst to a / b elementwise, like [AddInto], with the rules of
// [Div].
func DivInto[T tensor.Number](dst, a, b tensor.View[T]) error {
	return binaryInto("DivInto", divKernel[T](), operandOf(dst), operandOf(a), operandOf(b), true)
}

// Maximum returns the larger of a and b elementwise, like [Add]. A NaN in
// either operand gives NaN, as NumPy's maximum does.
func Maximum[T Real](a, b tensor.View[T]) (tensor.Tensor[T], error) {
	return binary("Maximum", maxKernel[T](), a, b, false)
}

// MaximumInto sets dst to the larger of a and b elementwise, like
// [AddInto] and [Maximum].
func MaximumInto[T Real](dst, a, b tensor.View[T]) error {
	return binaryInto("MaximumInto", maxKernel[T](), operandOf(dst), operandOf(a), operandOf(b), false)
}

// Minimum returns the smaller of a and b elementwise, like [Maximum].
func Minimum[T Real](a, b tensor.View[T]) (tensor.Tensor[T], error) {
	return binary("Minimum", minKernel[T](), a, b, false)
}

// MinimumInto sets dst to the smaller of a and b elementwise, like
// [MaximumInto].
func MinimumInto[T Real](dst, a, b tensor.View[T]) error {
	return binaryInto("MinimumInto", minKernel[T](), operandOf(dst), operandOf(a), operandOf(b), false)
}
