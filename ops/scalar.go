package ops

import (
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/simd"
	"github.com/tessera-go/tessera/tensor"
)

// scalarOp computes k(v, s) into a new tensor, or into dst when into is
// set. s is a rank-0 operand, which broadcasts to any shape: the compute driver
// hands it to the kernels' scalar forms. Its one element lives in a
// buffer from the scratch pool, not in a slice of its own, which would
// escape to the heap through the compute driver's goroutines at every call.
func scalarOp[T tensor.Number, K binOp[T]](op string, k K, dst, v tensor.View[T], s T, into bool) (tensor.Tensor[T], error) {
	var sc scratch
	defer sc.release()
	cell := scratchBuf[T](&sc, 0, 1)
	cell[0] = s
	l, _ := layout.RowMajor()
	so := operand[T]{data: cell, lay: l}
	in := operandOf(&v)
	if into {
		var sb [8]int // the Into form allocates nothing for the shape
		shape := in.lay.AppendShape(sb[:0])
		return tensor.Tensor[T]{}, binaryShaped(op, k, operandOf(&dst), in, &so, shape, false)
	}
	return binaryNew(op, k, in, &so, v.Shape(), false)
}

// AddScalar returns v + s elementwise in a new row-major tensor of v's
// shape, without making a tensor of s. It returns an error wrapping
// layout.ErrOverflow when the result is too large to allocate.
func AddScalar[T tensor.Number, V tensor.Operand[T]](v V, s T) (tensor.Tensor[T], error) {
	return scalarOp("AddScalar", addOp[T]{}, tensor.View[T](v), tensor.View[T](v), s, false)
}

// AddScalarInto sets dst to v + s elementwise. dst must have v's shape; v
// may share memory with dst as in [AddInto], and the errors are those of
// AddInto.
func AddScalarInto[T tensor.Number, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V, s T) error {
	_, err := scalarOp("AddScalarInto", addOp[T]{}, tensor.View[T](dst), tensor.View[T](v), s, true)
	return err
}

// SubScalar returns v - s elementwise, like [AddScalar].
func SubScalar[T tensor.Number, V tensor.Operand[T]](v V, s T) (tensor.Tensor[T], error) {
	return scalarOp("SubScalar", subOp[T]{}, tensor.View[T](v), tensor.View[T](v), s, false)
}

// SubScalarInto sets dst to v - s elementwise, like [AddScalarInto].
func SubScalarInto[T tensor.Number, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V, s T) error {
	_, err := scalarOp("SubScalarInto", subOp[T]{}, tensor.View[T](dst), tensor.View[T](v), s, true)
	return err
}

// MulScalar returns v * s elementwise, like [AddScalar].
func MulScalar[T tensor.Number, V tensor.Operand[T]](v V, s T) (tensor.Tensor[T], error) {
	return scalarOp("MulScalar", mulOp[T]{}, tensor.View[T](v), tensor.View[T](v), s, false)
}

// MulScalarInto sets dst to v * s elementwise, like [AddScalarInto].
func MulScalarInto[T tensor.Number, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V, s T) error {
	_, err := scalarOp("MulScalarInto", mulOp[T]{}, tensor.View[T](dst), tensor.View[T](v), s, true)
	return err
}

// DivScalar returns v / s elementwise, like [AddScalar], with the rules of
// [Div]: for an integer type, s == 0 is an error wrapping
// ErrDivideByZero.
func DivScalar[T tensor.Number, V tensor.Operand[T]](v V, s T) (tensor.Tensor[T], error) {
	if err := scalarZero("DivScalar", s); err != nil {
		return tensor.Tensor[T]{}, err
	}
	return scalarOp("DivScalar", divOp[T]{}, tensor.View[T](v), tensor.View[T](v), s, false)
}

// DivScalarInto sets dst to v / s elementwise, like [AddScalarInto] and
// [DivScalar].
func DivScalarInto[T tensor.Number, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V, s T) error {
	if err := scalarZero("DivScalarInto", s); err != nil {
		return err
	}
	_, err := scalarOp("DivScalarInto", divOp[T]{}, tensor.View[T](dst), tensor.View[T](v), s, true)
	return err
}

func scalarZero[T tensor.Number](op string, s T) error {
	if s == 0 && isInteger[T]() {
		return errorf(op, ErrDivideByZero, "integer division by zero: divisor %v", s)
	}
	return nil
}

// Map returns f(x) for every element x of v, in a new row-major tensor of
// v's shape. f is called once per element, in no particular order and
// possibly from several goroutines at once for a large v, so it must not
// depend on the order of calls. A panic in f is raised again on the
// calling goroutine once every goroutine of the call has stopped, so a
// deferred recover of the caller's catches it and nothing is written
// after it (MapInto's dst then holds some results and some old values).
// It returns an error wrapping layout.ErrOverflow when the result is too
// large to allocate.
func Map[T tensor.Number, V tensor.Operand[T]](v V, f func(T) T) (tensor.Tensor[T], error) {
	return unary("Map", mapOp[T]{f}, tensor.View[T](v))
}

// MapInto sets each element of dst to f of the element of v at the same
// index, like [Map]. dst must have v's shape; v may share memory with dst
// as in [AddInto], and the errors are those of AddInto.
func MapInto[T tensor.Number, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V, f func(T) T) error {
	return unaryInto("MapInto", mapOp[T]{f}, operandOf(&dst), operandOf(&v))
}

// mapOp is the unary operation f (see unOp).
type mapOp[T tensor.Number] struct{ f func(T) T }

func (m mapOp[T]) v(d, x []T) {
	x = x[:len(d)]
	for i := range d {
		d[i] = m.f(x[i])
	}
}

func (m mapOp[T]) at(x T) T { return m.f(x) }

// Zip returns f(x, y) for the elements of a and b at every index of the
// shape they broadcast to, in a new row-major tensor, like [Add]; f is
// called as [Map] calls it.
func Zip[T tensor.Number, A tensor.Operand[T], B tensor.Operand[T]](a A, b B, f func(x, y T) T) (tensor.Tensor[T], error) {
	return binary("Zip", zipOp[T]{f}, tensor.View[T](a), tensor.View[T](b), false)
}

// ZipInto sets dst to f(a, b) elementwise, like [AddInto] and [Zip].
func ZipInto[T tensor.Number, D tensor.Operand[T], A tensor.Operand[T], B tensor.Operand[T]](dst D, a A, b B, f func(x, y T) T) error {
	return binaryInto("ZipInto", zipOp[T]{f}, operandOf(&dst), operandOf(&a), operandOf(&b), false)
}

// zipOp is the binary operation f (see binOp), with no simd kernel.
type zipOp[T tensor.Number] struct{ f func(x, y T) T }

func (z zipOp[T]) vv(d, x, y []T) {
	x, y = x[:len(d)], y[:len(d)]
	for i := range d {
		d[i] = z.f(x[i], y[i])
	}
}

func (z zipOp[T]) vs(d, x []T, s T) {
	x = x[:len(d)]
	for i := range d {
		d[i] = z.f(x[i], s)
	}
}

func (z zipOp[T]) sv(d []T, s T, y []T) {
	y = y[:len(d)]
	for i := range d {
		d[i] = z.f(s, y[i])
	}
}

func (z zipOp[T]) at(x, y T) T           { return z.f(x, y) }
func (zipOp[T]) simdOp() (simd.Op, bool) { return 0, false }
