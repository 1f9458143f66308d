package engine_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/tessera-go/tessera/internal/engine"
	"github.com/tessera-go/tessera/internal/naive"
	"github.com/tessera-go/tessera/internal/par"
	"github.com/tessera-go/tessera/internal/testkit"
	"github.com/tessera-go/tessera/layout"
)

// TestMove copies random views (permuted, stepped, flipped, broadcast)
// into row-major and random strided destinations, as copies of their own
// (total 0) and as small parts of a destination large enough to stream
// (total par.StreamBytes): the streaming kernels then move blocks far
// smaller than they do in a copy of their own size. Every element must be
// where the naive index arithmetic puts it, and the destination's buffer
// unchanged outside its layout.
func TestMove(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 26))
	for i := range 300 {
		rank := 1 + r.IntN(4)
		shape := make([]int, rank)
		for k := range shape {
			shape[k] = 1 + r.IntN(12)
		}
		if i%5 == 0 { // whole tiles and blocks too
			rank = 2
			shape = []int{8 + r.IntN(80), 8 + r.IntN(80)}
		}
		sl := testkit.RandomView(r, shape)
		dl, _ := layout.RowMajor(shape...)
		if r.IntN(2) == 0 {
			dl = testkit.RandomView(r, shape)
		}
		if dl.SelfOverlap() != layout.Disjoint {
			dl, _ = layout.RowMajor(shape...)
		}
		for _, total := range []int{0, par.StreamBytes} {
			name := fmt.Sprintf("%v <- %v total=%d", dl, sl, total)
			checkMove[float32](t, name, dl, sl, total)
			checkMove[float64](t, name, dl, sl, total)
			checkMove[int16](t, name, dl, sl, total)
		}
	}
}

func checkMove[T float32 | float64 | int16](t *testing.T, name string, dl, sl layout.Layout, total int) {
	t.Helper()
	_, shi := sl.Span()
	_, dhi := dl.Span()
	src := make([]T, shi)
	for i := range src {
		src[i] = T(i%251 + 1)
	}
	dst := make([]T, dhi+3) // guard cells after the span
	const guard = 77
	for i := range dst {
		dst[i] = guard
	}
	engine.Move(dst, &dl, src, &sl, total)
	shape := dl.Shape()
	reached := make([]bool, len(dst))
	for i := range naive.Size(shape) {
		idx := naive.Unravel(shape, i)
		d, _ := dl.Index(idx...)
		s, _ := sl.Index(idx...)
		reached[d] = true
		if dst[d] != src[s] {
			t.Fatalf("%s, %T: element %v is %v, want %v", name, dst[0], idx, dst[d], src[s])
		}
	}
	for i, x := range dst {
		if !reached[i] && x != guard {
			t.Fatalf("%s, %T: offset %d outside the destination written (%v)", name, dst[0], i, x)
		}
	}
}
