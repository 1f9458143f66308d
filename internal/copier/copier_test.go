package copier_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/tessera-go/tessera/internal/copier"
	"github.com/tessera-go/tessera/internal/naive"
	"github.com/tessera-go/tessera/internal/par"
	"github.com/tessera-go/tessera/internal/testkit"
	"github.com/tessera-go/tessera/layout"
)

// TestMove copies random views (permuted, stepped, flipped, broadcast)
// into row-major and random strided destinations, as copies of their own
// (total 0) and as small parts of a destination large enough to stream
// (total par.StreamBytes, inline or not): the streaming kernels then move
// blocks far smaller than they do in a copy of their own size. Every
// element must be where the naive index arithmetic puts it, and the
// destination's buffer unchanged outside its layout.
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
		for _, part := range []copier.Part{{}, {Total: par.StreamBytes}, {Total: par.StreamBytes, Inline: true}} {
			name := fmt.Sprintf("%v <- %v %+v", dl, sl, part)
			checkMove[float32](t, name, dl, sl, part)
			checkMove[float64](t, name, dl, sl, part)
			checkMove[int16](t, name, dl, sl, part)
		}
	}
}

func checkMove[T float32 | float64 | int16](t *testing.T, name string, dl, sl layout.Layout, part copier.Part) {
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
	copier.Move(dst, &dl, src, &sl, part)
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

// TestMoveInline transposes a float32 [1100,1024] (4.3 MiB, large enough
// for several goroutines) with and without Part.Inline, on two goroutines
// at most, against the plain loop.
func TestMoveInline(t *testing.T) {
	const m, n = 1100, 1024
	src := make([]float32, m*n)
	for i := range src {
		src[i] = float32(i)
	}
	sl, _ := layout.RowMajor(m, n)
	sl, _ = sl.Transpose(0, 1)
	dl, _ := layout.RowMajor(n, m)
	defer par.Set(par.Set(2))
	for _, part := range []copier.Part{{}, {Inline: true}, {Total: par.StreamBytes, Inline: true}} {
		dst := make([]float32, m*n)
		copier.Move(dst, &dl, src, &sl, part)
		for i := range n {
			for j := range m {
				if got, want := dst[i*m+j], src[j*n+i]; got != want {
					t.Fatalf("%+v: element [%d %d] is %v, want %v", part, i, j, got, want)
				}
			}
		}
	}
}
