// Package num defines, once, the constraints on the element types that
// every Tessera package uses. Users name them through package tensor
// (tensor.Number, tensor.Real, tensor.Float, tensor.Integer); simd,
// which sits below tensor, re-exports Number and Float under the same
// names, and internal/loops uses them here. Every one admits the types
// defined on the types it lists (type Celsius float64).
package num

import "golang.org/x/exp/constraints"

// Number is every Go integer, float and complex type: the types a tensor
// stores.
type Number interface {
	constraints.Integer | constraints.Float | constraints.Complex
}

// Element is what a tensor may hold: every Number, and bool (itself, not
// types defined on it), the element of masks. Code that only moves or
// shows elements takes Element; code that computes takes Number.
type Element interface {
	Number | bool
}

// Real is every integer and float type: the ordered numbers, which the
// operations that compare elements take.
type Real interface {
	constraints.Integer | constraints.Float
}

// Float is float32 and float64: the types of the operations defined on
// floats only.
type Float = constraints.Float

// Integer is every signed and unsigned integer type, uintptr included.
type Integer = constraints.Integer

// Complex is complex64 and complex128.
type Complex = constraints.Complex
