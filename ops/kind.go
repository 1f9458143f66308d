package ops

import (
	"reflect"

	"github.com/tessera-go/tessera/tensor"
)

// kind numbers the underlying types of tensor.Number: reflect.Int to
// reflect.Complex128, which reflect numbers in a row, from 0. Kernels are
// chosen by kind, never by element size: an int32 and a float32 are both
// 4 bytes, and only the float32 has simd's float kernels.
type kind uint8

const numKinds = reflect.Complex128 - reflect.Int + 1

// The kinds the code chooses kernels by, and noKernel, the kind of an
// element type or operation that has no simd kernel.
const (
	kindFloat32    = kind(reflect.Float32 - reflect.Int)
	kindFloat64    = kind(reflect.Float64 - reflect.Int)
	kindComplex64  = kind(reflect.Complex64 - reflect.Int)
	kindComplex128 = kind(reflect.Complex128 - reflect.Int)
	noKernel       = kind(numKinds)
)

// kindOf returns the kind of T's underlying type.
func kindOf[T tensor.Number]() kind {
	return kind(reflect.TypeFor[T]().Kind() - reflect.Int)
}

// floatKind returns kindFloat32 or kindFloat64 for a T whose underlying
// type is float32 or float64, the element types of simd's float kernels,
// and noKernel for every other T.
func floatKind[T tensor.Number]() kind {
	if k := kindOf[T](); k == kindFloat32 || k == kindFloat64 {
		return k
	}
	return noKernel
}
