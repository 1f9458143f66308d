package ops

import "testing"

// TestVerticalSplit pins how goroutines share a vertical reduction with
// one output run: along a run of at least splitRowsBytes, by rows below it
// from splitRowsMin bytes of input, alone otherwise.
func TestVerticalSplit(t *testing.T) {
	for _, c := range []struct {
		runBytes, inBytes, n int
		want                 vsplit
	}{
		{4 * 4096, 64 << 20, 2, byRun}, // [4096,4096] float32
		{4 * 16, 64 << 20, 2, byRows},  // [N,16] of 64 MB
		{4 * 16, 6 << 20, 2, alone},    // of 6 MB
		{4 * 100, 8 << 20, 4, byRows},
		{4 * 1023, 9 << 20, 2, byRows},
		{4 * 16, 64 << 20, 1, alone},
		{4 * 4096, 64 << 20, 1, alone},
	} {
		if got := verticalSplit(c.runBytes, c.inBytes, c.n); got != c.want {
			t.Errorf("verticalSplit(%d, %d, %d) = %v, want %v", c.runBytes, c.inBytes, c.n, got, c.want)
		}
	}
}
