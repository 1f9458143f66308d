package testkit

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/tensor"
)

// Layout returns layout.Strided(shape, strides, off) and fails t if it
// refuses them.
func Layout(t testing.TB, shape, strides []int, off int) layout.Layout {
	t.Helper()
	l, err := layout.Strided(shape, strides, off)
	if err != nil {
		t.Fatalf("Strided(%v, %v, %d): %v", shape, strides, off, err)
	}
	return l
}

// View returns the view of data with the layout [Layout] makes of shape,
// strides and off, and fails t if data is too short for it.
func View[T tensor.Element](t testing.TB, data []T, shape, strides []int, off int) tensor.View[T] {
	t.Helper()
	v, err := tensor.NewView(data, Layout(t, shape, strides, off))
	if err != nil {
		t.Fatalf("NewView over %d elements: %v", len(data), err)
	}
	return v
}

// Seq returns 1, 2, …, n: no element is zero, so that elements left alone
// and elements zeroed differ.
func Seq(n int) []float64 {
	s := make([]float64, n)
	for i := range s {
		s[i] = float64(i + 1)
	}
	return s
}

// RandomView returns a random view of shape drawn from r: a row-major
// layout of about the same size, its axes permuted, each sliced from a
// random start with step 1 or 2 or broadcast from size 1, some flipped.
// A buffer as long as the end of its span holds it; two of its indices
// reach the same offset only along a broadcast axis.
func RandomView(r *rand.Rand, shape []int) layout.Layout {
	rank := len(shape)
	perm := r.Perm(rank)
	base := make([]int, rank)
	for i, p := range perm {
		base[p] = shape[i]
		if r.IntN(3) == 0 {
			base[p] = shape[i]*2 + 1
		}
		if r.IntN(5) == 0 {
			base[p] = 1 // to be expanded
		}
	}
	must := func(l layout.Layout, err error) layout.Layout {
		if err != nil {
			panic(err)
		}
		return l
	}
	l := must(layout.RowMajor(base...))
	l = must(l.Permute(perm...))
	for k := range rank {
		d, _ := l.Dim(k)
		switch {
		case d > shape[k]:
			start := r.IntN(d - shape[k] + 1)
			step := 1
			if (shape[k]-1)*2+start < d && r.IntN(2) == 0 {
				step = 2
			}
			l = must(l.Slice(k, start, start+max(shape[k]-1, 0)*step+min(shape[k], 1), step))
		case d == 1 && shape[k] != 1:
			sh := l.Shape()
			sh[k] = shape[k]
			l = must(l.Expand(sh...))
		}
		if r.IntN(4) == 0 {
			l = must(l.Flip(k))
		}
	}
	if got := l.Shape(); !slices.Equal(got, shape) {
		panic(fmt.Sprintf("testkit.RandomView: %v, want shape %v", l, shape))
	}
	return l
}

// NoPanic runs f and fails t, instead of crashing the test binary, if f
// panics.
func NoPanic(t testing.TB, f func()) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("panic: %v", r)
		}
	}()
	f()
}
