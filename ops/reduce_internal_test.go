package ops

import "testing"

// TestNarrowParts pins when a vertical reduction split along its output's
// run stays on one goroutine: when a part would get less than
// minPartBytes of the run.
func TestNarrowParts(t *testing.T) {
	for _, c := range []struct {
		runBytes, n int
		want        bool
	}{
		{4 * 16, 2, true},   // [N,16] float32: parts of 8 columns
		{4 * 100, 2, true},  // parts of 50
		{4 * 128, 2, false}, // parts of 64 columns, 256 bytes
		{8 * 64, 2, false},  // float64, parts of 32 columns
		{4 * 128, 4, true},
		{4 * 4096, 2, false},
	} {
		if got := narrowParts(c.runBytes, c.n); got != c.want {
			t.Errorf("narrowParts(%d, %d) = %v, want %v", c.runBytes, c.n, got, c.want)
		}
	}
}
