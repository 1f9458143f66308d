package ops

import (
	bin "encoding/binary"
	"math"
	"unsafe"

	"github.com/tessera-go/tessera/simd"
	"github.com/tessera-go/tessera/tensor"
)

// The logical operations on masks, and the classification of elements
// (IsNaN, IsInf, IsFinite) into masks. A Go bool is one byte holding 0 or
// 1, so the logical operations compute on the bytes of the masks, eight
// at a time.

// LogicalAnd returns the mask of a && b elementwise: a new row-major
// Tensor[bool] of the shape a and b broadcast to. The inputs may be any
// views. It returns an error wrapping layout.ErrShape when the shapes do
// not broadcast and layout.ErrOverflow when the result is too large to
// allocate.
func LogicalAnd[A tensor.Operand[bool], B tensor.Operand[bool]](a A, b B) (tensor.Tensor[bool], error) {
	return mixedNew[bool]("LogicalAnd", andOp{}, operandOf[bool](&a), operandOf[bool](&b))
}

// LogicalAndInto sets the mask dst to a && b elementwise. dst must have
// exactly the shape a and b broadcast to, and the inputs may share memory
// with it as in [AddInto] (LogicalAndInto(m, m, n) works in place). It
// returns the errors of LogicalAnd, layout.ErrShape when dst does not have
// the broadcast shape and layout.ErrOverlap when two indices of dst reach
// one element; on error nothing is written.
func LogicalAndInto[D tensor.Operand[bool], A tensor.Operand[bool], B tensor.Operand[bool]](dst D, a A, b B) error {
	return mixedInto("LogicalAndInto", andOp{}, operandOf[bool](&dst), operandOf[bool](&a), operandOf[bool](&b))
}

// LogicalOr returns the mask of a || b elementwise, like [LogicalAnd].
func LogicalOr[A tensor.Operand[bool], B tensor.Operand[bool]](a A, b B) (tensor.Tensor[bool], error) {
	return mixedNew[bool]("LogicalOr", orOp{}, operandOf[bool](&a), operandOf[bool](&b))
}

// LogicalOrInto sets the mask dst to a || b elementwise, like
// [LogicalAndInto].
func LogicalOrInto[D tensor.Operand[bool], A tensor.Operand[bool], B tensor.Operand[bool]](dst D, a A, b B) error {
	return mixedInto("LogicalOrInto", orOp{}, operandOf[bool](&dst), operandOf[bool](&a), operandOf[bool](&b))
}

// LogicalXor returns the mask of a != b elementwise (exactly one of a and
// b true), like [LogicalAnd].
func LogicalXor[A tensor.Operand[bool], B tensor.Operand[bool]](a A, b B) (tensor.Tensor[bool], error) {
	return mixedNew[bool]("LogicalXor", xorOp{}, operandOf[bool](&a), operandOf[bool](&b))
}

// LogicalXorInto sets the mask dst to a != b elementwise, like
// [LogicalAndInto].
func LogicalXorInto[D tensor.Operand[bool], A tensor.Operand[bool], B tensor.Operand[bool]](dst D, a A, b B) error {
	return mixedInto("LogicalXorInto", xorOp{}, operandOf[bool](&dst), operandOf[bool](&a), operandOf[bool](&b))
}

// LogicalNot returns the mask of !v elementwise, a new row-major
// Tensor[bool] of v's shape. It returns an error wrapping
// layout.ErrOverflow when the result is too large to allocate.
func LogicalNot[V tensor.Operand[bool]](v V) (tensor.Tensor[bool], error) {
	return mixedUnaryNew[bool]("LogicalNot", notOp{}, operandOf[bool](&v))
}

// LogicalNotInto sets the mask dst, of v's shape, to !v elementwise; v may
// share memory with dst as in [AddInto]. It returns an error wrapping
// layout.ErrShape when dst does not have v's shape and layout.ErrOverlap
// when two indices of dst reach one element; on error nothing is written.
func LogicalNotInto[D tensor.Operand[bool], V tensor.Operand[bool]](dst D, v V) error {
	return mixedUnaryInto("LogicalNotInto", notOp{}, operandOf[bool](&dst), operandOf[bool](&v))
}

// The logical operations, on the bytes of masks (see mixOp).
type (
	andOp struct{}
	orOp  struct{}
	xorOp struct{}
	notOp struct{}
)

func (andOp) vv(d, x, y []bool, nt bool) { bitwise(simd.And, d, x, y, nt) }
func (andOp) vs(d, x []bool, s bool, _ bool) {
	if s {
		copy(d, x)
	} else {
		clear(d)
	}
}
func (k andOp) sv(d []bool, s bool, y []bool, nt bool) { k.vs(d, y, s, nt) }
func (andOp) at(x, y bool) bool                        { return x && y }

func (orOp) vv(d, x, y []bool, nt bool) { bitwise(simd.Or, d, x, y, nt) }
func (orOp) vs(d, x []bool, s bool, _ bool) {
	if s {
		for i := range d {
			d[i] = true
		}
	} else {
		copy(d, x)
	}
}
func (k orOp) sv(d []bool, s bool, y []bool, nt bool) { k.vs(d, y, s, nt) }
func (orOp) at(x, y bool) bool                        { return x || y }

func (xorOp) vv(d, x, y []bool, nt bool) { bitwise(simd.Xor, d, x, y, nt) }
func (xorOp) vs(d, x []bool, s bool, _ bool) {
	if s {
		notBytes(asKind[byte](d), asKind[byte](x))
	} else {
		copy(d, x)
	}
}
func (k xorOp) sv(d []bool, s bool, y []bool, nt bool) { k.vs(d, y, s, nt) }
func (xorOp) at(x, y bool) bool                        { return x != y }

func (notOp) v(d, x []bool)  { notBytes(asKind[byte](d), asKind[byte](x)) }
func (notOp) at(x bool) bool { return !x }

// bitwise sets the mask d to x op y by simd.Bitwise (BitwiseStream with
// nt): on masks' bytes, 0 or 1, the bitwise operations are the logical
// ones.
func bitwise(op simd.BitOp, d, x, y []bool, nt bool) {
	f := simd.Bitwise
	if nt {
		f = simd.BitwiseStream
	}
	if err := f(op, asKind[byte](d), asKind[byte](x), asKind[byte](y)); err != nil {
		panic("ops: internal error: " + err.Error())
	}
}

// notBytes computes d = x ^ 1 on the bytes of a mask (0 or 1 each), eight
// at a time; x holds at least len(d) bytes and may be d itself.
func notBytes(d, x []byte) {
	const ones = 0x0101010101010101
	x = x[:len(d)]
	i := 0
	for ; i+8 <= len(d); i += 8 {
		bin.LittleEndian.PutUint64(d[i:], bin.LittleEndian.Uint64(x[i:])^ones)
	}
	for ; i < len(d); i++ {
		d[i] = x[i] ^ 1
	}
}

// IsNaN returns the mask of the elements of v that are NaN: a new
// row-major Tensor[bool] of v's shape. A complex number is NaN when
// either part is; an integer never is. It returns an error wrapping
// layout.ErrOverflow when the result is too large to allocate.
func IsNaN[T tensor.Number, V tensor.Operand[T]](v V) (tensor.Tensor[bool], error) {
	return mixedUnaryNew[bool]("IsNaN", nanClass[T]{}, operandOf[T](&v))
}

// IsNaNInto sets the mask dst, of v's shape, to whether each element of v
// is NaN, like [IsNaN]. It returns an error wrapping layout.ErrShape when
// dst does not have v's shape and layout.ErrOverlap when two indices of
// dst reach one element; on error nothing is written.
func IsNaNInto[T tensor.Number, D tensor.Operand[bool], V tensor.Operand[T]](dst D, v V) error {
	return mixedUnaryInto("IsNaNInto", nanClass[T]{}, operandOf[bool](&dst), operandOf[T](&v))
}

// IsInf returns the mask of the elements of v that are +Inf or -Inf, like
// [IsNaN]. A complex number is infinite when either part is (NumPy's
// rule, even where the other part is NaN); an integer never is.
func IsInf[T tensor.Number, V tensor.Operand[T]](v V) (tensor.Tensor[bool], error) {
	d := operandOf[T](&v)
	switch kindOf[T]() {
	case kindComplex64:
		return mixedUnaryNew[bool]("IsInf", complexInf[complex64]{}, asOperand[complex64](d))
	case kindComplex128:
		return mixedUnaryNew[bool]("IsInf", complexInf[complex128]{}, asOperand[complex128](d))
	}
	return mixedUnaryNew[bool]("IsInf", infClass[T]{}, d)
}

// IsInfInto sets the mask dst, of v's shape, to whether each element of v
// is infinite, like [IsInf], with the errors of [IsNaNInto].
func IsInfInto[T tensor.Number, D tensor.Operand[bool], V tensor.Operand[T]](dst D, v V) error {
	d := operandOf[T](&v)
	switch kindOf[T]() {
	case kindComplex64:
		return mixedUnaryInto("IsInfInto", complexInf[complex64]{}, operandOf[bool](&dst), asOperand[complex64](d))
	case kindComplex128:
		return mixedUnaryInto("IsInfInto", complexInf[complex128]{}, operandOf[bool](&dst), asOperand[complex128](d))
	}
	return mixedUnaryInto("IsInfInto", infClass[T]{}, operandOf[bool](&dst), d)
}

// IsFinite returns the mask of the elements of v that are neither NaN nor
// infinite, like [IsNaN]: every integer, and a complex number whose parts
// both are.
func IsFinite[T tensor.Number, V tensor.Operand[T]](v V) (tensor.Tensor[bool], error) {
	return mixedUnaryNew[bool]("IsFinite", finiteClass[T]{}, operandOf[T](&v))
}

// IsFiniteInto sets the mask dst, of v's shape, to whether each element of
// v is finite, like [IsFinite], with the errors of [IsNaNInto].
func IsFiniteInto[T tensor.Number, D tensor.Operand[bool], V tensor.Operand[T]](dst D, v V) error {
	return mixedUnaryInto("IsFiniteInto", finiteClass[T]{}, operandOf[bool](&dst), operandOf[T](&v))
}

// asOperand reads an operand of T as one of its underlying type E, in
// place: the two have the same memory.
func asOperand[E, T tensor.Element](o *operand[T]) *operand[E] {
	return (*operand[E])(unsafe.Pointer(o))
}

// The classifications, by IEEE 754 arithmetic that holds for every
// number type: x != x only for NaN (a complex number with a NaN part
// included); x - x is 0 for every finite x and NaN for NaN and the
// infinities (an integer's is 0); so x is infinite when x == x and
// x - x != 0, and finite when x - x == 0.
type (
	nanClass[T tensor.Number]            struct{}
	infClass[T tensor.Number]            struct{}
	finiteClass[T tensor.Number]         struct{}
	complexInf[T complex64 | complex128] struct{}
)

func (nanClass[T]) v(d []bool, x []T) {
	if len(d) >= shortRun { // x != x by simd's comparison kernels
		switch floatKind[T]() {
		case kindFloat32:
			_ = simd.Compare(simd.NotEqual, d, asKind[float32](x), asKind[float32](x))
			return
		case kindFloat64:
			_ = simd.Compare(simd.NotEqual, d, asKind[float64](x), asKind[float64](x))
			return
		}
	}
	x = x[:len(d)]
	for i, e := range x {
		d[i] = e != e
	}
}
func (nanClass[T]) at(x T) bool { return x != x }

func (infClass[T]) v(d []bool, x []T) {
	x = x[:len(d)]
	for i, e := range x {
		d[i] = e == e && e-e != 0
	}
}
func (infClass[T]) at(x T) bool { return x == x && x-x != 0 }

func (finiteClass[T]) v(d []bool, x []T) {
	x = x[:len(d)]
	for i, e := range x {
		d[i] = e-e == 0
	}
}
func (finiteClass[T]) at(x T) bool { return x-x == 0 }

func (k complexInf[T]) v(d []bool, x []T) {
	x = x[:len(d)]
	for i, e := range x {
		d[i] = k.at(e)
	}
}
func (complexInf[T]) at(x T) bool {
	c := complex128(x)
	return math.IsInf(real(c), 0) || math.IsInf(imag(c), 0)
}
