package ops

import (
	"math"
	"reflect"
	"testing"
)

// kindTypes are the underlying types of tensor.Number, in kind's order.
var kindTypes = []reflect.Type{
	reflect.TypeFor[int](), reflect.TypeFor[int8](), reflect.TypeFor[int16](), reflect.TypeFor[int32](), reflect.TypeFor[int64](),
	reflect.TypeFor[uint](), reflect.TypeFor[uint8](), reflect.TypeFor[uint16](), reflect.TypeFor[uint32](), reflect.TypeFor[uint64](),
	reflect.TypeFor[uintptr](), reflect.TypeFor[float32](), reflect.TypeFor[float64](),
	reflect.TypeFor[complex64](), reflect.TypeFor[complex128](),
}

// TestKindOf checks kindOf's numbering against kindTypes, and that a named
// type takes its underlying type's kind.
func TestKindOf(t *testing.T) {
	got := []kind{
		kindOf[int](), kindOf[int8](), kindOf[int16](), kindOf[int32](), kindOf[int64](),
		kindOf[uint](), kindOf[uint8](), kindOf[uint16](), kindOf[uint32](), kindOf[uint64](),
		kindOf[uintptr](), kindOf[float32](), kindOf[float64](),
		kindOf[complex64](), kindOf[complex128](),
	}
	if len(got) != int(numKinds) || len(kindTypes) != int(numKinds) {
		t.Fatalf("%d kinds, %d types, numKinds %d", len(got), len(kindTypes), numKinds)
	}
	for i, k := range got {
		if int(k) != i || kindTypes[i].Kind()-reflect.Int != reflect.Kind(i) {
			t.Fatalf("kind %d: kindOf gives %d, kindTypes holds %v", i, k, kindTypes[i])
		}
	}
	type celsius float32
	if kindOf[celsius]() != kindOf[float32]() {
		t.Fatalf("a named float32: kind %d", kindOf[celsius]())
	}
}

// TestConvLoops runs every loop of the table (and converter's four simd
// loops, streaming or not) on every pair of kinds, with unit and negative
// strides and offsets, against reflect's conversions (Go's rules, an
// implementation of its own): values that wrap, round and truncate, and
// an imaginary part in the complex sources; a float's value out of an
// integer type's range, whose conversion Go leaves to the implementation,
// is not compared. Every other element of the destination must be
// untouched.
func TestConvLoops(t *testing.T) {
	values := []float64{0, 1, -1, 2.5, -2.5, 100, 127, -128, 200.75, 255, 256, -300.5, 40000, -40000.25, 70000.5, 3e9, -3e9, 1e19, 16777217, 1e40}
	const size, n, guard = 24, 7, 99
	for s := range numKinds {
		for d := range numKinds {
			st, dt := kindTypes[s], kindTypes[d]
			src := reflect.MakeSlice(reflect.SliceOf(st), size, size)
			for i := range size {
				setKind(src.Index(i), values[i%len(values)], float64(i))
			}
			for _, c := range []struct{ do, di, so, si int }{{0, 1, 0, 1}, {2, 1, 3, 1}, {12, -2, 2, 3}, {1, 2, 20, -3}} {
				wrote := map[int]int{}
				for i := range n {
					wrote[c.do+i*c.di] = c.so + i*c.si
				}
				for _, stream := range []bool{false, true} {
					dst := reflect.MakeSlice(reflect.SliceOf(dt), size, size)
					for i := range size {
						setKind(dst.Index(i), guard, 0)
					}
					converter(kind(d), kind(s), stream)(dst.UnsafePointer(), size, c.do, c.di, src.UnsafePointer(), size, c.so, c.si, n)
					for i := range size {
						want, ok := reflect.New(dt).Elem(), true
						if x, w := wrote[i]; w {
							want, ok = convertKind(src.Index(x), dt)
						} else {
							setKind(want, guard, 0)
						}
						if got := dst.Index(i); ok && got.Interface() != want.Interface() {
							t.Fatalf("%v to %v, %+v, stream %v: element %d is %v, want %v", st, dt, c, stream, i, got, want)
						}
					}
				}
			}
		}
	}
}

// convertKind returns x converted to the type dt by Go's rules, through
// reflect (for the conversions Go has) or from the real part (complex to
// real, as Convert does) and, with ok false, nothing where Go leaves the
// result to the implementation: a float out of an integer type's range.
func convertKind(x reflect.Value, dt reflect.Type) (v reflect.Value, ok bool) {
	isComplex := func(k reflect.Kind) bool { return k == reflect.Complex64 || k == reflect.Complex128 }
	switch sk, dk := x.Kind(), dt.Kind(); {
	case isComplex(sk) && !isComplex(dk):
		x = reflect.ValueOf(real(x.Complex()))
	case !isComplex(sk) && isComplex(dk):
		re := x.Convert(reflect.TypeFor[float64]())
		if dk == reflect.Complex64 {
			re = x.Convert(reflect.TypeFor[float32]())
		}
		return reflect.ValueOf(complex(re.Float(), 0)).Convert(dt), true
	}
	if x.CanFloat() && (dt.Kind() < reflect.Float32) {
		bits, f := dt.Bits(), math.Trunc(x.Float())
		lo, hi := -math.Ldexp(1, bits-1), math.Ldexp(1, bits-1)
		if dt.Kind() >= reflect.Uint {
			lo, hi = 0, math.Ldexp(1, bits)
		}
		if f < lo || f >= hi {
			return v, false
		}
	}
	return x.Convert(dt), true
}

// setKind sets v to x (wrapped to its size for an integer kind, as Go's
// conversions from int64 do), with imaginary part im for a complex kind.
func setKind(v reflect.Value, x, im float64) {
	switch {
	case v.CanInt():
		v.SetInt(int64(x))
	case v.CanUint():
		v.SetUint(uint64(int64(x)))
	case v.CanFloat():
		v.SetFloat(x)
	default:
		v.SetComplex(complex(x, im))
	}
}
