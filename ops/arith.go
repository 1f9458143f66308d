package ops

import (
	"golang.org/x/exp/constraints"

	"github.com/tessera-go/tessera/tensor"
)

// Real is the constraint of the operations that compare elements: every
// integer and float type (not the complex ones).
type Real interface {
	constraints.Integer | constraints.Float
}

// The kernels. Each loop works on slices of one length, so the compiler
// drops the bounds checks; generic code is compiled once per shape of T
// (float32 and float64 apart), so the operators are direct.

func addVV[T tensor.Number](d, x, y []T) {
	y = y[:len(d)]
	x = x[:len(d)]
	for i := range d {
		d[i] = x[i] + y[i]
	}
}

func addVS[T tensor.Number](d, x []T, s T) {
	x = x[:len(d)]
	for i := range d {
		d[i] = x[i] + s
	}
}

func addSV[T tensor.Number](d []T, s T, y []T) { addVS(d, y, s) }

func subVV[T tensor.Number](d, x, y []T) {
	y = y[:len(d)]
	x = x[:len(d)]
	for i := range d {
		d[i] = x[i] - y[i]
	}
}

func subVS[T tensor.Number](d, x []T, s T) {
	x = x[:len(d)]
	for i := range d {
		d[i] = x[i] - s
	}
}

func subSV[T tensor.Number](d []T, s T, y []T) {
	y = y[:len(d)]
	for i := range d {
		d[i] = s - y[i]
	}
}

func mulVV[T tensor.Number](d, x, y []T) {
	y = y[:len(d)]
	x = x[:len(d)]
	for i := range d {
		d[i] = x[i] * y[i]
	}
}

func mulVS[T tensor.Number](d, x []T, s T) {
	x = x[:len(d)]
	for i := range d {
		d[i] = x[i] * s
	}
}

func mulSV[T tensor.Number](d []T, s T, y []T) { mulVS(d, y, s) }

func divVV[T tensor.Number](d, x, y []T) {
	y = y[:len(d)]
	x = x[:len(d)]
	for i := range d {
		d[i] = x[i] / y[i]
	}
}

func divVS[T tensor.Number](d, x []T, s T) {
	x = x[:len(d)]
	for i := range d {
		d[i] = x[i] / s
	}
}

func divSV[T tensor.Number](d []T, s T, y []T) {
	y = y[:len(d)]
	for i := range d {
		d[i] = s / y[i]
	}
}

// maxOf and minOf propagate NaN, as NumPy's maximum and minimum do: a NaN
// in either operand gives NaN (x != x holds only for NaN).
func maxOf[T Real](x, y T) T {
	if x > y || x != x {
		return x
	}
	return y
}

func minOf[T Real](x, y T) T {
	if x < y || x != x {
		return x
	}
	return y
}

func maxVV[T Real](d, x, y []T) {
	y = y[:len(d)]
	x = x[:len(d)]
	for i := range d {
		d[i] = maxOf(x[i], y[i])
	}
}

func maxVS[T Real](d, x []T, s T) {
	x = x[:len(d)]
	for i := range d {
		d[i] = maxOf(x[i], s)
	}
}

func maxSV[T Real](d []T, s T, y []T) {
	y = y[:len(d)]
	for i := range d {
		d[i] = maxOf(s, y[i])
	}
}

func minVV[T Real](d, x, y []T) {
	y = y[:len(d)]
	x = x[:len(d)]
	for i := range d {
		d[i] = minOf(x[i], y[i])
	}
}

func minVS[T Real](d, x []T, s T) {
	x = x[:len(d)]
	for i := range d {
		d[i] = minOf(x[i], s)
	}
}

func minSV[T Real](d []T, s T, y []T) {
	y = y[:len(d)]
	for i := range d {
		d[i] = minOf(s, y[i])
	}
}

func addKernel[T tensor.Number]() *binKernel[T] {
	return &binKernel[T]{addVV[T], addVS[T], addSV[T], func(x, y T) T { return x + y }}
}

func subKernel[T tensor.Number]() *binKernel[T] {
	return &binKernel[T]{subVV[T], subVS[T], subSV[T], func(x, y T) T { return x - y }}
}

func mulKernel[T tensor.Number]() *binKernel[T] {
	return &binKernel[T]{mulVV[T], mulVS[T], mulSV[T], func(x, y T) T { return x * y }}
}

func divKernel[T tensor.Number]() *binKernel[T] {
	return &binKernel[T]{divVV[T], divVS[T], divSV[T], func(x, y T) T { return x / y }}
}

func maxKernel[T Real]() *binKernel[T] {
	return &binKernel[T]{maxVV[T], maxVS[T], maxSV[T], maxOf[T]}
}

func minKernel[T Real]() *binKernel[T] {
	return &binKernel[T]{minVV[T], minVS[T], minSV[T], minOf[T]}
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
