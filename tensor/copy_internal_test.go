package tensor

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
		want  caching
	}{
		{0, hot},
		{16 << 10, hot}, // a float32 [64,64]
		{16<<10 + 4, cached},
		{par.StreamBytes - 1, cached},
		{par.StreamBytes, streamed},
		{1<<31 - 1, streamed},
	} {
		if got := cachingOf(c.bytes); got != c.want {
			t.Errorf("cachingOf(%d) = %d, want %d", c.bytes, got, c.want)
		}
	}
}
