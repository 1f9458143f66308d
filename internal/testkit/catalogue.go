package testkit

import (
	"math"
	"testing"

	"github.com/tessera-go/tessera/internal/testint"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/tensor"
)

// CatalogueLen is the length of a buffer that every layout of the
// catalogue [Views] takes fits in.
const CatalogueLen = 64

// Named is a layout of the catalogue and its name.
type Named struct {
	Name   string
	Layout layout.Layout
}

// Layouts returns the catalogue of hostile and strided layouts that the
// hostile tests of layout, tensor and ops sweep, named: the zero layout,
// rank 0, empty ones (with strides and offsets no non-empty layout could
// have), contiguous, transposed, flipped, sliced with a step, expanded,
// overlapping, size-1 axes with extreme strides, ranks 9, 64 and MaxRank,
// and layouts that reach offsets near math.MaxInt. Those that fit in
// CatalogueLen elements come first ([Views] takes them); the far ones fit
// no buffer and serve the tests of layout alone.
func Layouts(t testing.TB) []Named {
	t.Helper()
	nine, err := layout.RowMajor(1, 2, 1, 3, 1, 1, 2, 1, 2)
	if err != nil {
		t.Fatal(err)
	}
	return []Named{
		{"zero", layout.Layout{}},
		{"rank0", Layout(t, nil, nil, 0)},
		{"rank0 last", Layout(t, nil, nil, CatalogueLen-1)},
		{"empty", Layout(t, []int{0}, []int{1}, 0)},
		{"empty 3d", Layout(t, []int{3, 0, 2}, []int{-7, testint.Half, 5}, 14)},
		{"empty far", Layout(t, []int{3, 0, 2}, []int{5, 1000, 1}, 1<<30)},
		{"contiguous", Layout(t, []int{2, 3, 4}, []int{12, 4, 1}, 0)},
		{"contiguous at an offset", Layout(t, []int{2, 3}, []int{3, 1}, 17)},
		{"transposed", Layout(t, []int{4, 3}, []int{1, 4}, 0)},
		{"flipped", Layout(t, []int{2, 3}, []int{-3, -1}, 40)},
		{"sliced", Layout(t, []int{2, 2}, []int{8, 3}, 5)},
		{"expanded", Layout(t, []int{4, 2, 3}, []int{0, 3, 1}, 20)},
		{"overlapping", Layout(t, []int{3, 3}, []int{1, 1}, 50)},
		{"size-1 MaxInt stride", Layout(t, []int{1, 3}, []int{math.MaxInt, 1}, 30)},
		{"size-1 extreme strides", Layout(t, []int{1, 3, 1}, []int{math.MaxInt, 2, math.MinInt}, 4)},
		{"size-1 MinInt stride", Layout(t, []int{1, 2}, []int{math.MinInt, 1}, 0)},
		{"size-1 axis inside", Layout(t, []int{2, 1, 3}, []int{16, 1, 4}, 1)},
		{"rank9", nine},
		{"rank9 strided", Layout(t, []int{2, 1, 2, 1, 2, 1, 2, 1, 1}, []int{12, 1, 6, 1, 3, 1, 1, 1, 1}, 0)},
		{"rank64", Layout(t, Ones(64), Ones(64), CatalogueLen-1)},
		{"maxrank", Layout(t, Ones(layout.MaxRank), Ones(layout.MaxRank), 0)},
		// Beyond any buffer.
		{"rank0 far", Layout(t, nil, nil, math.MaxInt-1)},
		{"huge strides", Layout(t, []int{2, 2}, []int{testint.Huge / 2, -testint.Huge / 2}, testint.Huge/2)},
		{"huge dim", Layout(t, []int{math.MaxInt - 1}, []int{1}, 0)},
		{"near MaxInt", Layout(t, []int{2}, []int{math.MaxInt - 2}, 1)},
	}
}

// NamedView is a view of the catalogue and its name.
type NamedView[T tensor.Element] struct {
	Name string
	View tensor.View[T]
}

// Views returns the zero view and a view over data of every layout of
// [Layouts] that a buffer of CatalogueLen elements holds, named; data
// must hold at least CatalogueLen elements.
func Views[T tensor.Element](t testing.TB, data []T) []NamedView[T] {
	t.Helper()
	if len(data) < CatalogueLen {
		t.Fatalf("testkit.Views: %d elements, want at least %d", len(data), CatalogueLen)
	}
	var out []NamedView[T]
	for _, c := range Layouts(t) {
		if c.Name == "zero" {
			out = append(out, NamedView[T]{c.Name, tensor.View[T]{}})
			continue
		}
		if v, err := tensor.NewView(data[:CatalogueLen], c.Layout); err == nil {
			out = append(out, NamedView[T]{c.Name, v})
		}
	}
	return out
}
