package copier

import (
	"testing"

	"github.com/tessera-go/tessera/internal/par"
)

// TestCachingOf pins the sizes at which a copy's transposes and gathers
// change kernels: TransposeHot up to par.HotBytes of destination,
// Transpose above, the streaming kernels from par.StreamBytes.
func TestCachingOf(t *testing.T) {
	for _, c := range []struct {
		bytes int
		want  Caching
	}{
		{0, Hot},
		{16 << 10, Hot}, // a float32 [64,64]
		{16<<10 + 4, Cached},
		{par.StreamBytes - 1, Cached},
		{par.StreamBytes, Streamed},
		{1<<31 - 1, Streamed},
	} {
		if got := CachingOf(c.bytes); got != c.want {
			t.Errorf("CachingOf(%d) = %d, want %d", c.bytes, got, c.want)
		}
	}
}
