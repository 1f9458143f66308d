package ops

import (
	"sync"
	"unsafe"

	"golang.org/x/exp/constraints"

	"github.com/tessera-go/tessera/internal/errs"
	"github.com/tessera-go/tessera/internal/par"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/simd"
	"github.com/tessera-go/tessera/tensor"
)

// Convert returns the elements of v converted to U, in a new row-major
// tensor of v's shape, by Go's conversion rules:
//
//   - between integer types, the value is truncated or sign-extended to
//     U's size, as Go does (int8(200) wraps to -56);
//   - integer to float rounds to the nearest value of U;
//   - float to float rounds to the nearest value of U (float64 to float32
//     may give ±Inf);
//   - float to integer truncates toward zero. A value out of U's range,
//     an infinity or NaN gives what Go's conversion gives on the machine,
//     which the Go specification leaves to the implementation; clip first
//     (Maximum, Minimum) where it matters. On amd64, at every SIMD level,
//     NaN, ±Inf and values out of range become: for int32, -2^31 (as
//     NumPy gives); for int64 and int, -2^63; for int8, int16, uint8 and
//     uint16, which convert through int32 and keep its low bits, 0 (a
//     value within int32's range wraps: 200.5 to int8 is -56); for
//     uint32, which converts through int64, 0 (a value within int64's
//     range wraps: -3e9 is 1294967296); for uint64, 2^63 (a negative
//     value within int64's range wraps);
//   - real to complex sets the real part, with imaginary part 0;
//   - complex to real keeps the real part and drops the imaginary one, as
//     NumPy does (Go has no such conversion); complex to complex rounds
//     each part.
//
// It returns an error wrapping layout.ErrOverflow when the result is too
// large to allocate.
func Convert[U, T tensor.Number, V tensor.Operand[T]](v V) (tensor.Tensor[U], error) {
	out, err := newResult[U]("Convert", tensor.View[T](v).Shape())
	if err != nil {
		return out, err
	}
	if err := convertInto("Convert", out.View(), tensor.View[T](v)); err != nil {
		return tensor.Tensor[U]{}, err
	}
	return out, nil
}

// ConvertInto sets each element of dst to the element of v at the same
// index converted to U, like [Convert]. dst must have v's shape; it
// returns an error wrapping layout.ErrShape otherwise, and
// layout.ErrOverlap when two indices of dst reach one element. v may share
// memory with dst (reinterpreted through unsafe, say): the result is that
// of converting a snapshot of v. On error nothing is written.
func ConvertInto[U, T tensor.Number, D tensor.Operand[U], V tensor.Operand[T]](dst D, v V) error {
	return convertInto("ConvertInto", tensor.View[U](dst), tensor.View[T](v))
}

func convertInto[U, T tensor.Number](op string, dst tensor.View[U], v tensor.View[T]) error {
	d := operandOf(&dst)
	s := operandOf(&v)
	var sb [8]int
	if err := checkDst(op, d, s.lay.AppendShape(sb[:0])); err != nil {
		return err
	}
	if sharesBytes(d, s) {
		c, err := v.CloneChecked()
		if err != nil {
			return errs.Wrap("ops", op, nil, err, "snapshot of shape %v", v.Shape())
		}
		s = operandOfNew(c.View())
	}
	var it layout.Iter
	if err := it.Reset(&d.lay, &s.lay); err != nil {
		return errs.Wrap("ops", op, nil, err, "shape %v", v.Shape())
	}
	conv := converter(kindOf[U](), kindOf[T](), d.lay.Size()*int(unsafe.Sizeof(*new(U))) >= par.StreamBytes)
	if it.Size() >= minStaged && needsStaging(&it) {
		stagedConvert(conv, d, s, it.Inc())
		return nil
	}
	if n := workers[T](&it); n > 1 {
		convertParts(conv, &it, n, d.data, s.data)
		return nil
	}
	convertRuns(conv, &it, d.data, s.data)
	return nil
}

// convertParts runs convertRuns over the parts of it on n goroutines. It
// is a function of its own so that what the goroutines capture moves to
// the heap only when the conversion is split.
func convertParts[U, T tensor.Number](conv convFunc, it *layout.Iter, n int, d []U, s []T) {
	par.Split(it, n, func(q *layout.Iter) { convertRuns(conv, q, d, s) })
}

// convertRuns converts the runs of q.
func convertRuns[U, T tensor.Number](conv convFunc, q *layout.Iter, d []U, s []T) {
	n, inc := q.Len(), q.Inc()
	dp, sp := unsafe.Pointer(unsafe.SliceData(d)), unsafe.Pointer(unsafe.SliceData(s))
	q.EachRow(func(o, st [layout.MaxOperands]int, on int) {
		for o0, o1 := o[0], o[1]; on > 0; o0, o1, on = o0+st[0], o1+st[1], on-1 {
			conv(dp, len(d), o0, inc[0], sp, len(s), o1, inc[1], n)
		}
	})
}

// sharesBytes reports whether the buffers of d and s, of two element
// types, have any byte in common.
func sharesBytes[U, T tensor.Element](d *operand[U], s *operand[T]) bool {
	if len(d.data) == 0 || len(s.data) == 0 {
		return false
	}
	dlo := uintptr(unsafe.Pointer(unsafe.SliceData(d.data)))
	slo := uintptr(unsafe.Pointer(unsafe.SliceData(s.data)))
	dhi := dlo + uintptr(len(d.data))*unsafe.Sizeof(d.data[0])
	shi := slo + uintptr(len(s.data))*unsafe.Sizeof(s.data[0])
	return dlo < shi && slo < dhi
}

// convFunc converts n elements of a buffer s of sn elements, from offset
// so with stride si, into a buffer d of dn elements, from offset do with
// stride di. Strides may be negative. d and s point to the first elements
// of the buffers, of the underlying types the function was picked for
// (converter): one function serves every pair of element types with the
// same underlying types, and the loops are compiled once, in this
// package, not once per pair of types in each package that instantiates
// Convert.
type convFunc func(d unsafe.Pointer, dn, do, di int, s unsafe.Pointer, sn, so, si, n int)

// asKind reinterprets a slice of T as a slice of its underlying type B.
func asKind[B, T any](s []T) []B {
	return unsafe.Slice((*B)(unsafe.Pointer(unsafe.SliceData(s))), len(s))
}

// converter returns the loop converting elements of kind s to kind d:
// simd's kernels on unit-stride runs between float32 and float64 (with
// non-temporal stores when stream is set), and convLoop's Go loops
// otherwise.
func converter(d, s kind, stream bool) convFunc {
	switch {
	case d == kindFloat64 && s == kindFloat32 && stream:
		return widenStream
	case d == kindFloat64 && s == kindFloat32:
		return widen
	case d == kindFloat32 && s == kindFloat64 && stream:
		return narrowStream
	case d == kindFloat32 && s == kindFloat64:
		return narrow
	}
	return convLoop(d, s)
}

// widen, widenStream, narrow and narrowStream convert float32 to float64
// and back, with simd's kernels on unit-stride runs (non-temporal stores
// for the Stream ones). They are functions, not closures, so that picking
// one allocates nothing.
func widen(d unsafe.Pointer, dn, do, di int, s unsafe.Pointer, sn, so, si, n int) {
	simdRun(simd.Convert[float64, float32], d, dn, do, di, s, sn, so, si, n)
}

func widenStream(d unsafe.Pointer, dn, do, di int, s unsafe.Pointer, sn, so, si, n int) {
	simdRun(simd.ConvertStream[float64, float32], d, dn, do, di, s, sn, so, si, n)
}

func narrow(d unsafe.Pointer, dn, do, di int, s unsafe.Pointer, sn, so, si, n int) {
	simdRun(simd.Convert[float32, float64], d, dn, do, di, s, sn, so, si, n)
}

func narrowStream(d unsafe.Pointer, dn, do, di int, s unsafe.Pointer, sn, so, si, n int) {
	simdRun(simd.ConvertStream[float32, float64], d, dn, do, di, s, sn, so, si, n)
}

// simdRun converts S to D with the simd kernel conv on a unit-stride run
// and realLoop on the others. The lengths are right, so conv cannot fail.
func simdRun[D, S float32 | float64](conv func(dst []D, src []S) error, d unsafe.Pointer, dn, do, di int, s unsafe.Pointer, sn, so, si, n int) {
	if di != 1 || si != 1 {
		realLoop[D, S](d, dn, do, di, s, sn, so, si, n)
		return
	}
	_ = conv(unsafe.Slice((*D)(d), dn)[do:do+n], unsafe.Slice((*S)(s), sn)[so:so+n])
}

// convLoop returns the loop converting elements of kind s to kind d (in
// converter's order, the destination first). Go cannot convert between
// type parameters whose type sets hold complex types, so each pair of
// kinds has a loop of its own on the underlying types. The table is
// filled on the first conversion, not when the package starts, so that a
// program that never converts links none of the 225 loops.
func convLoop(d, s kind) convFunc {
	convOnce.Do(func() {
		convLoops = [numKinds][numKinds]convFunc{
			fromReal[int](), fromReal[int8](), fromReal[int16](), fromReal[int32](), fromReal[int64](),
			fromReal[uint](), fromReal[uint8](), fromReal[uint16](), fromReal[uint32](), fromReal[uint64](),
			fromReal[uintptr](), fromReal[float32](), fromReal[float64](),
			fromComplex[complex64](), fromComplex[complex128](),
		}
	})
	return convLoops[s][d]
}

var (
	convOnce  sync.Once
	convLoops [numKinds][numKinds]convFunc // [s][d], by kind
)

// fromReal returns the loops from the real type S to each kind.
func fromReal[S tensor.Real]() [numKinds]convFunc {
	return [numKinds]convFunc{
		realLoop[int, S], realLoop[int8, S], realLoop[int16, S], realLoop[int32, S], realLoop[int64, S],
		realLoop[uint, S], realLoop[uint8, S], realLoop[uint16, S], realLoop[uint32, S], realLoop[uint64, S],
		realLoop[uintptr, S], realLoop[float32, S], realLoop[float64, S],
		toComplex64[S], toComplex128[S],
	}
}

// fromComplex returns the loops from the complex type C to each kind:
// complex to complex keeps both parts, complex to real the real part (as
// a float64, then converted).
func fromComplex[C constraints.Complex]() [numKinds]convFunc {
	return [numKinds]convFunc{
		complexToReal[int, C], complexToReal[int8, C], complexToReal[int16, C], complexToReal[int32, C], complexToReal[int64, C],
		complexToReal[uint, C], complexToReal[uint8, C], complexToReal[uint16, C], complexToReal[uint32, C], complexToReal[uint64, C],
		complexToReal[uintptr, C], complexToReal[float32, C], complexToReal[float64, C],
		complexToComplex64[C], complexToComplex128[C],
	}
}

// realLoop converts between the real types S and D.
func realLoop[D, S tensor.Real](d unsafe.Pointer, dn, do, di int, s unsafe.Pointer, sn, so, si, n int) {
	dd, ss := unsafe.Slice((*D)(d), dn), unsafe.Slice((*S)(s), sn)
	if di == 1 && si == 1 {
		dd, ss = dd[do:do+n], ss[so:so+n]
		for i := range dd {
			dd[i] = D(ss[i])
		}
		return
	}
	for i := range n {
		dd[do+i*di] = D(ss[so+i*si])
	}
}

// toComplex64 converts the real type S to complex64, with imaginary part 0.
func toComplex64[S tensor.Real](d unsafe.Pointer, dn, do, di int, s unsafe.Pointer, sn, so, si, n int) {
	dd, ss := unsafe.Slice((*complex64)(d), dn), unsafe.Slice((*S)(s), sn)
	for i := range n {
		dd[do+i*di] = complex(float32(ss[so+i*si]), 0)
	}
}

// toComplex128 converts the real type S to complex128, with imaginary
// part 0.
func toComplex128[S tensor.Real](d unsafe.Pointer, dn, do, di int, s unsafe.Pointer, sn, so, si, n int) {
	dd, ss := unsafe.Slice((*complex128)(d), dn), unsafe.Slice((*S)(s), sn)
	for i := range n {
		dd[do+i*di] = complex(float64(ss[so+i*si]), 0)
	}
}

// complexToReal converts the complex type C to the real type D: the real
// part as a float64, converted to D.
func complexToReal[D tensor.Real, C constraints.Complex](d unsafe.Pointer, dn, do, di int, s unsafe.Pointer, sn, so, si, n int) {
	dd, ss := unsafe.Slice((*D)(d), dn), unsafe.Slice((*C)(s), sn)
	for i := range n {
		dd[do+i*di] = D(real(complex128(ss[so+i*si])))
	}
}

// complexToComplex64 converts the complex type C to complex64, each part
// rounded.
func complexToComplex64[C constraints.Complex](d unsafe.Pointer, dn, do, di int, s unsafe.Pointer, sn, so, si, n int) {
	dd, ss := unsafe.Slice((*complex64)(d), dn), unsafe.Slice((*C)(s), sn)
	for i := range n {
		dd[do+i*di] = complex64(ss[so+i*si])
	}
}

// complexToComplex128 converts the complex type C to complex128.
func complexToComplex128[C constraints.Complex](d unsafe.Pointer, dn, do, di int, s unsafe.Pointer, sn, so, si, n int) {
	dd, ss := unsafe.Slice((*complex128)(d), dn), unsafe.Slice((*C)(s), sn)
	for i := range n {
		dd[do+i*di] = complex128(ss[so+i*si])
	}
}
