package ops

import (
	"github.com/tessera-go/tessera/internal/loops"
	"github.com/tessera-go/tessera/internal/par"
	"github.com/tessera-go/tessera/simd"
	"github.com/tessera-go/tessera/tensor"
	"unsafe"
)

// Clip returns v with every element below lo raised to lo and every one
// above hi lowered to hi, in a new row-major tensor of v's shape (NumPy's
// clip, PyTorch's clamp): Minimum(Maximum(v, lo), hi), so NaN stays NaN
// and, where lo > hi, every element becomes hi. It returns an error
// wrapping layout.ErrOverflow when the result is too large to allocate.
func Clip[T tensor.Real, V tensor.Operand[T]](v V, lo, hi T) (tensor.Tensor[T], error) {
	vv := tensor.View[T](v)
	return unary("Clip", newClipOp(lo, hi, vv.Size()), vv)
}

// ClipInto sets dst to v clipped to [lo, hi], like [Clip]. dst must have
// v's shape, and v may share memory with it as in [AddInto]
// (ClipInto(x, x, lo, hi) clips in place). It returns an error wrapping
// layout.ErrShape when dst does not have v's shape and layout.ErrOverlap
// when two indices of dst reach one element; nothing is written on error.
func ClipInto[T tensor.Real, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V, lo, hi T) error {
	return unaryInto("ClipInto", newClipOp(lo, hi, tensor.View[T](dst).Size()), operandOf[T](&dst), operandOf[T](&v))
}

// clipOp is the operation of Clip (see unOp): float runs of shortRun
// elements or more by simd.Clip in one pass, the others by loops.Max and
// loops.Min, which the kernel computes exactly.
type clipOp[T tensor.Real] struct {
	lo, hi T
	nt     bool // a result of par.StreamBytes or more: streaming stores
}

// newClipOp returns the clipOp of a result of n elements.
func newClipOp[T tensor.Real](lo, hi T, n int) clipOp[T] {
	return clipOp[T]{lo, hi, n >= par.StreamBytes/int(unsafe.Sizeof(lo))}
}

func (k clipOp[T]) v(d, x []T) {
	if len(d) >= shortRun {
		switch floatKind[T]() {
		case kindFloat32:
			clipRun(asKind[float32](d), asKind[float32](x), asScalar[float32](k.lo), asScalar[float32](k.hi), k.nt)
			return
		case kindFloat64:
			clipRun(asKind[float64](d), asKind[float64](x), asScalar[float64](k.lo), asScalar[float64](k.hi), k.nt)
			return
		}
	}
	x = x[:len(d)]
	for i, e := range x {
		d[i] = loops.Min(loops.Max(e, k.lo), k.hi)
	}
}

// clipRun sets d to x clipped to [lo, hi] by simd.Clip, in one pass
// (ClipStream with nt).
func clipRun[E float32 | float64](d, x []E, lo, hi E, nt bool) {
	f := simd.Clip[E]
	if nt {
		f = simd.ClipStream[E]
	}
	if err := f(d, x, lo, hi); err != nil {
		panic("ops: internal error: " + err.Error())
	}
}

func (k clipOp[T]) at(x T) T { return loops.Min(loops.Max(x, k.lo), k.hi) }

// IsClose returns the mask of where a and b are equal within a tolerance,
// NumPy's isclose with equal_nan=False: |a - b| <= atol + rtol·|b|,
// computed in T (asymmetric in a and b, as NumPy's), where both are
// finite; where either is NaN or infinite, true only where they are equal
// (infinities of one sign). a and b broadcast; the result is a new row-major
// Tensor[bool]. It returns the errors of [Equal].
func IsClose[T tensor.Float, A tensor.Operand[T], B tensor.Operand[T]](a A, b B, rtol, atol T) (tensor.Tensor[bool], error) {
	return mixedNew[bool]("IsClose", closeOp[T]{rtol, atol}, operandOf[T](&a), operandOf[T](&b))
}

// IsCloseInto sets the mask dst to IsClose of a and b, with the errors of
// [EqualInto].
func IsCloseInto[T tensor.Float, D tensor.Operand[bool], A tensor.Operand[T], B tensor.Operand[T]](dst D, a A, b B, rtol, atol T) error {
	return mixedInto("IsCloseInto", closeOp[T]{rtol, atol}, operandOf[bool](&dst), operandOf[T](&a), operandOf[T](&b))
}

// AllClose reports whether IsClose holds for every pair of elements of a
// and b broadcast together, NumPy's allclose (true for no elements). It
// returns the errors of [IsClose].
func AllClose[T tensor.Float, A tensor.Operand[T], B tensor.Operand[T]](a A, b B, rtol, atol T) (bool, error) {
	m, err := mixedNew[bool]("AllClose", closeOp[T]{rtol, atol}, operandOf[T](&a), operandOf[T](&b))
	if err != nil {
		return false, err
	}
	return countBytes(asKind[byte](m.Data())) == len(m.Data()), nil
}

// closeOp is the comparison of IsClose (see mixOp).
type closeOp[T tensor.Float] struct{ rtol, atol T }

func (k closeOp[T]) vv(d []bool, x, y []T, _ bool) {
	x, y = x[:len(d)], y[:len(d)]
	for i := range d {
		d[i] = k.at(x[i], y[i])
	}
}

func (k closeOp[T]) vs(d []bool, x []T, s T, _ bool) {
	x = x[:len(d)]
	for i := range d {
		d[i] = k.at(x[i], s)
	}
}

func (k closeOp[T]) sv(d []bool, s T, y []T, _ bool) {
	y = y[:len(d)]
	for i := range d {
		d[i] = k.at(s, y[i])
	}
}

func (k closeOp[T]) at(x, y T) bool {
	if x == y {
		return true
	}
	// NumPy's rule: where either is NaN or infinite, only equality
	// counts (v - v is 0 only for finite v).
	if x-x != 0 || y-y != 0 {
		return false
	}
	diff, ay := x-y, y
	if diff < 0 {
		diff = -diff
	}
	if ay < 0 {
		ay = -ay
	}
	return diff <= k.atol+k.rtol*ay
}
