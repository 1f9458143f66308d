package naive

import (
	"slices"
	"testing"
)

// TestIndices checks that Indices yields Unravel's index for every flat
// position, in order, and stops when asked to.
func TestIndices(t *testing.T) {
	for _, shape := range [][]int{{}, {0}, {3, 0, 2}, {1}, {5}, {2, 3}, {3, 1, 4}, {2, 2, 2, 3}} {
		n := 0
		for i, idx := range Indices(shape) {
			if i != n || !slices.Equal(idx, Unravel(shape, i)) {
				t.Fatalf("shape %v: yield %d gave (%d, %v), want (%d, %v)", shape, n, i, idx, n, Unravel(shape, n))
			}
			n++
		}
		if n != Size(shape) {
			t.Fatalf("shape %v: %d indices, want %d", shape, n, Size(shape))
		}
	}
	n := 0
	for range Indices([]int{4, 4}) {
		if n++; n == 3 {
			break
		}
	}
	if n != 3 {
		t.Fatalf("Indices went on after break: %d", n)
	}
}
