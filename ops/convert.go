package ops

import (
	"reflect"
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
//     which the Go specification leaves to the implementation (on amd64 a
//     NaN or out-of-range value becomes the most negative int64, then
//     truncated to U's size); clip first (Maximum, Minimum) where it
//     matters;
//   - real to complex sets the real part, with imaginary part 0;
//   - complex to real keeps the real part and drops the imaginary one, as
//     NumPy does (Go has no such conversion); complex to complex rounds
//     each part.
//
// It returns an error wrapping layout.ErrOverflow when the result is too
// large to allocate.
func Convert[U, T tensor.Number](v tensor.View[T]) (tensor.Tensor[U], error) {
	out, err := newResult[U]("Convert", v.Shape())
	if err != nil {
		return out, err
	}
	if err := convertInto("Convert", out.View(), v); err != nil {
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
func ConvertInto[U, T tensor.Number](dst tensor.View[U], v tensor.View[T]) error {
	return convertInto("ConvertInto", dst, v)
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
	conv := floatConverter[U, T](d.lay.Size()*int(unsafe.Sizeof(*new(U))) >= par.StreamBytes)
	if conv == nil {
		conv = converter[U, T]()
	}
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
func convertParts[U, T tensor.Number](conv convFunc[U, T], it *layout.Iter, n int, d []U, s []T) {
	whole := *it
	par.Do(n, func(i int) {
		q := whole.Part(i, n)
		convertRuns(conv, &q, d, s)
	})
}

// convertRuns converts the runs of q.
func convertRuns[U, T tensor.Number](conv convFunc[U, T], q *layout.Iter, d []U, s []T) {
	n, inc := q.Len(), q.Inc()
	var wk layout.Walk
	for wk.Next(q) {
		o, ost, on := wk.Row()
		for o0, o1 := o[0], o[1]; on > 0; o0, o1, on = o0+ost[0], o1+ost[1], on-1 {
			conv(d, o0, inc[0], s, o1, inc[1], n)
		}
	}
}

// sharesBytes reports whether the buffers of d and s, of two element
// types, have any byte in common.
func sharesBytes[U, T tensor.Number](d *operand[U], s *operand[T]) bool {
	if len(d.data) == 0 || len(s.data) == 0 {
		return false
	}
	dlo := uintptr(unsafe.Pointer(unsafe.SliceData(d.data)))
	slo := uintptr(unsafe.Pointer(unsafe.SliceData(s.data)))
	dhi := dlo + uintptr(len(d.data))*unsafe.Sizeof(d.data[0])
	shi := slo + uintptr(len(s.data))*unsafe.Sizeof(s.data[0])
	return dlo < shi && slo < dhi
}

// convFunc converts n elements of s, from offset so with stride si, into
// d, from offset do with stride di. Strides may be negative.
type convFunc[U, T any] func(d []U, do, di int, s []T, so, si int, n int)

// asKind reinterprets a slice of T as a slice of its underlying type B.
func asKind[B, T any](s []T) []B {
	return unsafe.Slice((*B)(unsafe.Pointer(unsafe.SliceData(s))), len(s))
}

// floatConverter returns the loop converting T to U when they are float32
// and float64, one each way (simd's kernels on the unit-stride runs, with
// non-temporal stores when stream is set), and nil otherwise.
func floatConverter[U, T tensor.Number](stream bool) convFunc[U, T] {
	uk, tk := reflect.TypeFor[U]().Kind(), reflect.TypeFor[T]().Kind()
	switch {
	case uk == reflect.Float64 && tk == reflect.Float32:
		return simdConvLoop[U, T, float64, float32](stream)
	case uk == reflect.Float32 && tk == reflect.Float64:
		return simdConvLoop[U, T, float32, float64](stream)
	}
	return nil
}

// simdConvLoop converts the float type S (under T) to D (under U) with
// simd.Convert on unit-stride runs and realLoop on the others. The lengths
// are right, so simd cannot fail.
func simdConvLoop[U, T tensor.Number, D, S float32 | float64](stream bool) convFunc[U, T] {
	conv := simd.Convert[D, S]
	if stream {
		conv = simd.ConvertStream[D, S]
	}
	return func(d []U, do, di int, s []T, so, si int, n int) {
		if di != 1 || si != 1 {
			realLoop[U, T, D, S](d, do, di, s, so, si, n)
			return
		}
		_ = conv(asKind[D](d)[do:do+n], asKind[S](s)[so:so+n])
	}
}

// converter returns the loop converting T to U. Go cannot convert between
// type parameters whose type sets hold complex types, so the loop is
// picked by the kinds of T and U and runs on their underlying types.
func converter[U, T tensor.Number]() convFunc[U, T] {
	switch reflect.TypeFor[T]().Kind() {
	case reflect.Int:
		return fromReal[U, T, int]()
	case reflect.Int8:
		return fromReal[U, T, int8]()
	case reflect.Int16:
		return fromReal[U, T, int16]()
	case reflect.Int32:
		return fromReal[U, T, int32]()
	case reflect.Int64:
		return fromReal[U, T, int64]()
	case reflect.Uint:
		return fromReal[U, T, uint]()
	case reflect.Uint8:
		return fromReal[U, T, uint8]()
	case reflect.Uint16:
		return fromReal[U, T, uint16]()
	case reflect.Uint32:
		return fromReal[U, T, uint32]()
	case reflect.Uint64:
		return fromReal[U, T, uint64]()
	case reflect.Uintptr:
		return fromReal[U, T, uintptr]()
	case reflect.Float32:
		return fromReal[U, T, float32]()
	case reflect.Float64:
		return fromReal[U, T, float64]()
	case reflect.Complex64:
		return fromComplex[U, T, complex64]()
	default: // reflect.Complex128
		return fromComplex[U, T, complex128]()
	}
}

// fromReal returns the loop from T, whose underlying type is the real type
// S, to U.
func fromReal[U, T tensor.Number, S Real]() convFunc[U, T] {
	switch reflect.TypeFor[U]().Kind() {
	case reflect.Int:
		return realLoop[U, T, int, S]
	case reflect.Int8:
		return realLoop[U, T, int8, S]
	case reflect.Int16:
		return realLoop[U, T, int16, S]
	case reflect.Int32:
		return realLoop[U, T, int32, S]
	case reflect.Int64:
		return realLoop[U, T, int64, S]
	case reflect.Uint:
		return realLoop[U, T, uint, S]
	case reflect.Uint8:
		return realLoop[U, T, uint8, S]
	case reflect.Uint16:
		return realLoop[U, T, uint16, S]
	case reflect.Uint32:
		return realLoop[U, T, uint32, S]
	case reflect.Uint64:
		return realLoop[U, T, uint64, S]
	case reflect.Uintptr:
		return realLoop[U, T, uintptr, S]
	case reflect.Float32:
		return realLoop[U, T, float32, S]
	case reflect.Float64:
		return realLoop[U, T, float64, S]
	case reflect.Complex64:
		return func(d []U, do, di int, s []T, so, si int, n int) {
			dd, ss := asKind[complex64](d), asKind[S](s)
			for i := range n {
				dd[do+i*di] = complex(float32(ss[so+i*si]), 0)
			}
		}
	default:
		return func(d []U, do, di int, s []T, so, si int, n int) {
			dd, ss := asKind[complex128](d), asKind[S](s)
			for i := range n {
				dd[do+i*di] = complex(float64(ss[so+i*si]), 0)
			}
		}
	}
}

// realLoop converts between the real types S (under T) and D (under U).
func realLoop[U, T tensor.Number, D, S Real](d []U, do, di int, s []T, so, si int, n int) {
	dd, ss := asKind[D](d), asKind[S](s)
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

// fromComplex returns the loop from T, whose underlying type is the
// complex type C, to U: complex to complex keeps both parts, complex to
// real the real part.
func fromComplex[U, T tensor.Number, C constraints.Complex]() convFunc[U, T] {
	switch reflect.TypeFor[U]().Kind() {
	case reflect.Complex64:
		return func(d []U, do, di int, s []T, so, si int, n int) {
			dd, ss := asKind[complex64](d), asKind[C](s)
			for i := range n {
				dd[do+i*di] = complex64(ss[so+i*si])
			}
		}
	case reflect.Complex128:
		return func(d []U, do, di int, s []T, so, si int, n int) {
			dd, ss := asKind[complex128](d), asKind[C](s)
			for i := range n {
				dd[do+i*di] = complex128(ss[so+i*si])
			}
		}
	}
	// To a real type: the real part as a float64, then as from float64.
	toReal := fromReal[U, float64, float64]()
	return func(d []U, do, di int, s []T, so, si int, n int) {
		ss := asKind[C](s)
		var buf [256]float64
		for start := 0; start < n; start += len(buf) {
			m := min(len(buf), n-start)
			for i := range m {
				buf[i] = real(complex128(ss[so+(start+i)*si]))
			}
			toReal(d, do+start*di, di, buf[:m], 0, 1, m)
		}
	}
}
