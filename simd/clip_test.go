package simd

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

// TestClipLevels checks Clip and ClipStream at every level against
// Min(Max(x, lo), hi) of loops: elements among NaN (several payloads),
// ±0, ±Inf, lo and hi themselves; bounds ±0, lo above hi, NaN; lengths
// 0-70 and past the streaming threshold and a chunk; starts off the
// vector and the line; in place; guard cells past dst untouched.
func TestClipLevels(t *testing.T) {
	lengths := kernelLengths(127, streamMin+37, arithChunk+37)
	forEachLevel(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(8, 13))
		for _, n := range lengths {
			for off := range 3 {
				checkClip[float32](t, r, n, off)
				checkClip[float64](t, r, n, off)
			}
		}
	})
}

func checkClip[T float32 | float64](t *testing.T, r *rand.Rand, n, off int) {
	t.Helper()
	nan := T(math.NaN())
	negZero := T(math.Copysign(0, -1))
	bounds := [][2]T{{-1, 2}, {0, 1}, {negZero, 0}, {0, negZero}, {3, -3}, {T(math.Inf(-1)), T(math.Inf(1))}, {nan, 1}, {-1, nan}}
	b := bounds[r.IntN(len(bounds))]
	lo, hi := b[0], b[1]
	pool := []T{nan, -nan, 0, negZero, T(math.Inf(1)), T(math.Inf(-1)), lo, hi, 0.5, -2.5, 7}
	x := make([]T, n+off)
	for i := range x {
		x[i] = pool[r.IntN(len(pool))]
	}
	x = x[off:]
	want := make([]T, n)
	for i, e := range x {
		m := e
		if !(e > lo || e != e) {
			m = lo
		}
		if !(m < hi || m != m) {
			m = hi
		}
		want[i] = m
	}
	for _, stream := range []bool{false, true} {
		call := Clip[T]
		if stream {
			call = ClipStream[T]
		}
		const guard = 70
		buf := guarded[T](off + n + guard)
		dst := buf[off : off+n]
		if err := call(dst, x, lo, hi); err != nil {
			t.Fatal(err)
		}
		if !sameBits(dst, want) || !sameBits(buf[off+n:], guarded[T](guard)) {
			i := firstDiff(dst, want)
			t.Fatalf("n %d off %d stream %v [%v, %v]: element %d (%v) is %v, want %v, or a guard cell was written", n, off, stream, lo, hi, i, x[max(i, 0)], dst[max(i, 0)], want[max(i, 0)])
		}
		in := clone(x)
		if err := call(in, in, lo, hi); err != nil {
			t.Fatal(err)
		}
		if !sameBits(in, want) {
			t.Fatalf("n %d off %d stream %v in place: element %d differs", n, off, stream, firstDiff(in, want))
		}
	}
}

func TestClipErrors(t *testing.T) {
	err := ClipStream(make([]float32, 3), make([]float32, 2), 0, 1)
	if !errors.Is(err, ErrRange) || err.Error() != "simd: ClipStream: x has 2 elements, dst 3" {
		t.Errorf("error %v", err)
	}
}
