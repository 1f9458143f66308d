package engine

import (
	"testing"

	"github.com/tessera-go/tessera/internal/testlevel"
	"github.com/tessera-go/tessera/simd"
)

// TestAsRuns pins which transpose blocks run as strided runs, at every
// level: fewer rows than simd.TransposeMinRows of their columns and
// source stride; every other block is a transpose. At the Generic level
// (no thin kernel) that is every block of fewer than 8 rows.
func TestAsRuns(t *testing.T) {
	testlevel.ForEachLevel(t, func(t *testing.T) {
		for _, c := range []struct{ rows, n, sld int }{
			{2, 1000, 2}, {3, 1000, 3}, {3, 63, 3}, {3, 64, 3}, {3, 1000, 16},
			{3, 1000, 17}, {3, 1000, -3}, {7, 16, 7}, {8, 16, 8}, {8, 1000, 100},
		} {
			if got, want := asRuns[float32](c.rows, c.n, c.sld), c.rows < simd.TransposeMinRows[float32](c.n, c.sld); got != want {
				t.Errorf("float32 %d rows of %d, sld %d: runs %v, want %v", c.rows, c.n, c.sld, got, want)
			}
			if got, want := asRuns[uint8](c.rows, c.n, c.sld), c.rows < simd.TransposeMinRows[uint8](c.n, c.sld); got != want {
				t.Errorf("uint8 %d rows of %d, sld %d: runs %v, want %v", c.rows, c.n, c.sld, got, want)
			}
			if c.rows >= 8 && asRuns[float32](c.rows, c.n, c.sld) {
				t.Errorf("float32 %d rows of %d, sld %d: a tile's rows run as runs", c.rows, c.n, c.sld)
			}
		}
		if simd.Level() == simd.Generic && !asRuns[float32](7, 1000, 7) {
			t.Error("the Generic level runs a transpose of 7 rows as a transpose")
		}
	})
}
