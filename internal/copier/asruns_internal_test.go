package copier

import (
	"testing"

	"github.com/tessera-go/tessera/internal/testlevel"
	"github.com/tessera-go/tessera/simd"
)

// TestAsRuns pins which transpose blocks run as strided runs, at every
// level: at the Generic level (no thin kernel) blocks of one row, of
// fewer than 64 columns or from flipped source rows, if they have fewer
// than 8 rows; at the AVX2 and AVX512 levels, whose thin kernels take 4-byte
// and 1-byte elements, float32 blocks of fewer than 3 rows and uint8 ones
// of fewer than 2, and blocks of fewer than 64 columns or from source rows
// further apart than a vector's lanes (at most 16) or flipped; blocks of
// 8 rows or more never.
func TestAsRuns(t *testing.T) {
	testlevel.ForEachLevel(t, func(t *testing.T) {
		thin := simd.Level() != simd.Generic
		for _, c := range []struct {
			rows, n, sld int
			runs, runs8  bool // float32, uint8, where the level has thin kernels
		}{
			{1, 1000, 1, true, true},
			{2, 1000, 2, true, false},
			{3, 1000, 3, false, false},
			{3, 63, 3, true, true},
			{3, 64, 3, false, false},
			{3, 1000, 8, false, false},
			{3, 1000, 17, true, true},
			{3, 1000, -3, true, true},
			{7, 16, 7, true, true},
			{7, 1000, 7, false, false},
			{8, 16, 8, false, false},
			{8, 1000, 100, false, false},
		} {
			runs, runs8 := c.runs, c.runs8
			if !thin { // the Go twin's few rows, and its blocks
				runs = c.rows < 2 || c.rows < 8 && (c.n < 64 || c.sld < 1)
				runs8 = runs
			}
			if got := asRuns[float32](c.rows, c.n, c.sld); got != runs {
				t.Errorf("float32 %d rows of %d, sld %d: runs %v, want %v", c.rows, c.n, c.sld, got, runs)
			}
			if got := asRuns[uint8](c.rows, c.n, c.sld); got != runs8 {
				t.Errorf("uint8 %d rows of %d, sld %d: runs %v, want %v", c.rows, c.n, c.sld, got, runs8)
			}
		}
		// float32 lanes: 16 at AVX512, 8 at AVX2; uint8 ones at least 32.
		wide := simd.Level() == simd.AVX512
		for _, sld := range []int{9, 16} {
			if got := asRuns[float32](3, 1000, sld); got != (thin && !wide) {
				t.Errorf("float32 3 rows of 1000, sld %d: runs %v, want %v", sld, got, thin && !wide)
			}
			if got := asRuns[uint8](3, 1000, sld); got {
				t.Errorf("uint8 3 rows of 1000, sld %d: runs %v, want false", sld, got)
			}
		}
	})
}
