package tensor_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tessera-go/tessera/internal/testkit"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/tensor"
)

func TestAll(t *testing.T) {
	tr := testkit.View(t, seq(6), []int{3, 2}, []int{1, 3}, 0)
	var got []string
	for idx, x := range tr.All() {
		got = append(got, fmt.Sprint(idx, x))
	}
	assert.Equal(t, []string{"[0 0] 0", "[0 1] 3", "[1 0] 1", "[1 1] 4", "[2 0] 2", "[2 1] 5"}, got)
	scalar := tensor.Must(tensor.Full[int](7)).View()
	for idx, x := range scalar.All() {
		assert.Empty(t, idx)
		assert.Equal(t, 7, x)
	}
	n := 0
	for range tr.All() {
		if n++; n == 3 {
			break
		}
	}
	assert.Equal(t, 3, n)
	// A constant number of allocations per loop, none per element.
	allAllocs := func(v tensor.View[float32]) float64 {
		return testing.AllocsPerRun(10, func() {
			for range v.All() {
			}
		})
	}
	assert.Equal(t, allAllocs(tr), allAllocs(testkit.View(t, seq(1000), []int{10, 100}, []int{1, 10}, 0)))
}

func TestRowsAndAxis(t *testing.T) {
	m := testkit.View(t, seq(12), []int{3, 4}, []int{4, 1}, 0)
	var rows [][]float32
	for i, r := range m.Rows() {
		assert.Equal(t, len(rows), i)
		rows = append(rows, slices.Collect(r.Values()))
	}
	assert.Equal(t, [][]float32{{0, 1, 2, 3}, {4, 5, 6, 7}, {8, 9, 10, 11}}, rows)

	cols, err := m.Axis(-1)
	require.NoError(t, err)
	var got [][]float32
	for _, c := range cols {
		got = append(got, slices.Collect(c.Values()))
	}
	assert.Equal(t, [][]float32{{0, 4, 8}, {1, 5, 9}, {2, 6, 10}, {3, 7, 11}}, got)

	// Sub-views share data.
	for _, r := range m.Rows() {
		r.Set(-1, 0)
	}
	assert.Equal(t, float32(-1), m.At(2, 0))

	_, err = m.Axis(2)
	assert.ErrorIs(t, err, layout.ErrAxis)
	assert.EqualError(t, err, "tensor: Axis: shape [3 4]: layout: Dim: axis 2 out of range for rank 2")
	for range tensor.Must(tensor.New[int]()).View().Rows() {
		t.Fatal("a scalar has no rows")
	}
	// A constant number of allocations per loop, none per row.
	rowAllocs := func(v tensor.View[float32]) float64 {
		return testing.AllocsPerRun(10, func() {
			for _, r := range v.Rows() {
				_ = r.Size()
			}
		})
	}
	tall := testkit.View(t, seq(400), []int{100, 4}, []int{4, 1}, 0)
	assert.Equal(t, rowAllocs(m), rowAllocs(tall))
}
