package engine

import (
	"testing"

	"github.com/tessera-go/tessera/internal/testlevel"
	"github.com/tessera-go/tessera/simd"
)

// TestAsRuns pins which transpose blocks run as strided runs, at every
// level: fewer rows than simd.TransposeMinRows, or fewer than 8 rows of
// fewer than minThinCols columns or from source rows further apart than a
// vector's lanes (at most 16); every other block is a transpose.
func TestAsRuns(t *testing.T) {
	testlevel.ForEachLevel(t, func(t *testing.T) {
		min32, min8 := simd.TransposeMinRows[float32](), simd.TransposeMinRows[uint8]()
		for _, c := range []struct {
			rows, n, sld int
			runs, runs8  bool // float32, uint8
		}{
			{2, 1000, 2, 2 < min32, 2 < min8},
			{3, 1000, 3, 3 < min32, 3 < min8},
			{3, minThinCols - 1, 3, true, true},
			{3, minThinCols, 3, 3 < min32, 3 < min8},
			{3, 1000, 16, 3 < min32, 3 < min8},
			{3, 1000, 17, true, true},
			{3, 1000, -3, true, true},
			{7, 16, 7, true, true},
			{8, 16, 8, false, false},
			{8, 1000, 100, false, false},
		} {
			if got := asRuns[float32](c.rows, c.n, c.sld); got != c.runs {
				t.Errorf("float32 %d rows of %d, sld %d: runs %v, want %v", c.rows, c.n, c.sld, got, c.runs)
			}
			if got := asRuns[uint8](c.rows, c.n, c.sld); got != c.runs8 {
				t.Errorf("uint8 %d rows of %d, sld %d: runs %v, want %v", c.rows, c.n, c.sld, got, c.runs8)
			}
		}
		if got, want := asRuns[float64](3, 1000, 9), true; got != want { // 8 lanes
			t.Errorf("float64 3 rows of 1000, sld 9: runs %v, want %v", got, want)
		}
		if simd.Level() == simd.Generic && !asRuns[float32](7, 1000, 7) {
			t.Error("the Generic level runs a transpose of 7 rows as a transpose")
		}
	})
}
