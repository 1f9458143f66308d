package simd

import (
	"math"
	"testing"
)

// checkIndex finds v at every position of runs of every length 0-70 and a
// few longer ones (past a chunk), at unaligned starts, with guard cells
// holding v around the run (finding one would be reading outside x) and
// the other zero when v is a zero.
func checkIndex[T Float](t *testing.T, v, other T) {
	t.Helper()
	lengths := []int{}
	for n := 0; n <= 70; n++ {
		lengths = append(lengths, n)
	}
	lengths = append(lengths, 127, 128, 129, 1000, arithChunk+37)
	const guard = 17
	for _, n := range lengths {
		for _, off := range []int{0, 1, 3} {
			buf := make([]T, off+n+guard)
			for i := range buf {
				buf[i] = v // guards
			}
			x := buf[off : off+n]
			for i := range x {
				x[i] = other
			}
			if got := Index(x, v); got != -1 {
				t.Fatalf("%v in %d elements of %v at offset %d: got %d, want -1", v, n, other, off, got)
			}
			positions := []int{0, n / 2, n - 1}
			if n <= 70 {
				positions = positions[:0]
				for p := range n {
					positions = append(positions, p)
				}
			}
			for _, p := range positions {
				if p < 0 {
					continue
				}
				x[p] = v
				for _, q := range []int{p + 1, p + 5} { // later matches, in the same vector or not
					if q < n {
						x[q] = v
					}
				}
				if got := Index(x, v); got != p {
					t.Fatalf("%v at %d of %d elements at offset %d: got %d", v, p, n, off, got)
				}
				for _, q := range []int{p, p + 1, p + 5} {
					if q < n {
						x[q] = other
					}
				}
			}
		}
	}
}

// TestIndexLevels checks Index at every level against its definition:
// numbers, signed zeros (equal), NaN (the first NaN), and infinities.
func TestIndexLevels(t *testing.T) {
	forEachKernel(t, func(t *testing.T) {
		nan := math.NaN()
		checkIndex[float32](t, 7, 1)
		checkIndex[float32](t, float32(math.Copysign(0, -1)), 1)
		checkIndex[float32](t, float32(nan), 1)
		checkIndex[float32](t, float32(math.Inf(-1)), float32(math.Inf(1)))
		checkIndex[float64](t, -3.5, 2)
		checkIndex[float64](t, 0, 5)
		checkIndex[float64](t, nan, 0)
		checkIndex[kelvin](t, 273, 0)
		// -0 finds +0 and the reverse; NaN is found by nothing else.
		z := []float64{1, 2, 0, 4, 5, 6, 7, 8, 9}
		if got := Index(z, math.Copysign(0, -1)); got != 2 {
			t.Fatalf("-0 in %v: got %d", z, got)
		}
		n := []float32{1, float32(nan), 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17}
		if got := Index(n, 3); got != 2 {
			t.Fatalf("3 in %v: got %d", n, got)
		}
		if got := Index(n, 18); got != -1 {
			t.Fatalf("18 in %v: got %d", n, got)
		}
	})
}
