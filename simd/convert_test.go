package simd

import (
	"errors"
	"math"
	"testing"
)

// checkConvert runs Convert or ConvertStream from S to D on n elements
// starting off elements into their buffers, with guard cells around dst,
// and compares with Go's conversion (NaN as NaN).
func checkConvert[D, S Float](t *testing.T, n, off int, stream bool) {
	t.Helper()
	const guard = 9
	src := make([]S, off+n)
	special := []float64{math.NaN(), math.Inf(1), math.Inf(-1), math.Copysign(0, -1), 1e300, -1e-300, math.SmallestNonzeroFloat32, 1.0000000596046448}
	for i := range src {
		if i%5 == 0 {
			src[i] = S(special[i%len(special)])
		} else {
			src[i] = S(float64(i)*1.0000001 - 17.3)
		}
	}
	src = src[off:]
	buf := guarded[D](off + n + guard)
	dst := buf[off : off+n]
	f := Convert[D, S]
	if stream {
		f = ConvertStream[D, S]
	}
	if err := f(dst, src); err != nil {
		t.Fatal(err)
	}
	for i := range dst {
		if want := D(src[i]); !sameFloat(dst[i], want) {
			t.Fatalf("%T from %T n %d off %d stream %v: dst[%d] = %v, want %v", dst, src, n, off, stream, i, dst[i], want)
		}
	}
	for i, v := range rawBytes(buf[off+n:]) {
		if v != 0xFF {
			t.Fatalf("%T n %d off %d: guard byte %d written", dst, n, off, i)
		}
	}
	for i, v := range rawBytes(buf[:off]) {
		if v != 0xFF {
			t.Fatalf("%T n %d off %d: byte %d before dst written", dst, n, off, i)
		}
	}
}

// TestConvertLevels checks the conversions at every level against Go's:
// lengths 0-70 and longer ones past a kernel chunk, unaligned starts,
// ordinary and streaming stores.
func TestConvertLevels(t *testing.T) {
	lengths := []int{}
	for n := range 71 {
		lengths = append(lengths, n)
	}
	lengths = append(lengths, 129, 1000, arithChunk+45)
	forEachLevel(t, func(t *testing.T) {
		for _, n := range lengths {
			for off := range 4 {
				for _, st := range []bool{false, true} {
					checkConvert[float64, float32](t, n, off, st)
					checkConvert[float32, float64](t, n, off, st)
					checkConvert[float32, float32](t, n, off, st)
					checkConvert[celsius, float64](t, n, off, st)
				}
			}
		}
	})
}

func TestConvertErrors(t *testing.T) {
	d := []float64{7, 7, 7}
	err := Convert(d, []float32{1, 2})
	if !errors.Is(err, ErrRange) || err.Error() != "simd: Convert: src has 2 elements, dst 3" {
		t.Errorf("error %v", err)
	}
	if d[0] != 7 {
		t.Error("a failed Convert wrote dst")
	}
}
