package simd

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

// TestReplaceNaNLevels checks ReplaceNaN at every level against its
// definition: lengths 0-70 and past a chunk, starts off the vector, NaN
// (quiet, signalling, negative) among -0, the infinities and ordinary
// values, in place and not; guard cells past dst stay untouched.
func TestReplaceNaNLevels(t *testing.T) {
	lengths := kernelLengths(127, 1000, arithChunk+37)
	forEachLevel(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(3, 5))
		for _, n := range lengths {
			for off := range 3 {
				checkReplaceNaN[float32](t, r, n, off, []float32{float32(math.NaN()), math.Float32frombits(0x7f800001), math.Float32frombits(0xffc00000),
					float32(math.Copysign(0, -1)), float32(math.Inf(1)), float32(math.Inf(-1)), 1.5, -3})
				checkReplaceNaN[float64](t, r, n, off, []float64{math.NaN(), math.Float64frombits(0x7ff0000000000001), math.Float64frombits(0xfff8000000000000),
					math.Copysign(0, -1), math.Inf(1), math.Inf(-1), 1.5, -3})
			}
		}
	})
}

func checkReplaceNaN[T float32 | float64](t *testing.T, r *rand.Rand, n, off int, pool []T) {
	t.Helper()
	x := make([]T, n+off)
	for i := range x {
		x[i] = pool[r.IntN(len(pool))]
	}
	x = x[off:]
	want := make([]T, n)
	for i, e := range x {
		want[i] = e
		if e != e {
			want[i] = -7
		}
	}
	const guard = 70
	buf := guarded[T](off + n + guard)
	dst := buf[off : off+n]
	if err := ReplaceNaN(dst, x, -7); err != nil {
		t.Fatal(err)
	}
	if !sameBits(dst, want) || !sameBits(buf[off+n:], guarded[T](guard)) {
		t.Fatalf("n %d off %d: element %d differs, or a guard cell was written", n, off, firstDiff(dst, want))
	}
	in := append([]T(nil), x...)
	if err := ReplaceNaN(in, in, -7); err != nil {
		t.Fatal(err)
	}
	if !sameBits(in, want) {
		t.Fatalf("n %d off %d in place: element %d differs", n, off, firstDiff(in, want))
	}
}

func TestReplaceNaNErrors(t *testing.T) {
	err := ReplaceNaN(make([]float64, 3), make([]float64, 2), 0)
	if !errors.Is(err, ErrRange) || err.Error() != "simd: ReplaceNaN: x has 2 elements, dst 3" {
		t.Errorf("error %v", err)
	}
}
