package layout_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tessera-go/tessera/layout"
)

type run struct{ dst, src int }

func runs(p layout.Plan) []run {
	var out []run
	for d, s := range p.Runs() {
		out = append(out, run{d, s})
	}
	return out
}

// TestPlanExact pins the plan of known layouts: how many runs, how long,
// which strides and where they start.
func TestPlanExact(t *testing.T) {
	m := rowMajor(t, 3, 4)
	tr, _ := m.Transpose(0, 1)
	rows, _ := m.Slice(0, 1, 3, 1)
	cols, _ := m.Slice(1, 1, 3, 1)
	flip, _ := m.Flip()
	col, _ := rowMajor(t, 3, 1).Expand(3, 4)
	c3 := rowMajor(t, 2, 3, 4)
	p3, _ := c3.Permute(1, 0, 2) // [3 2 4] strides [4 12 1]: inner axis stays a run of 4
	empty, _ := m.Slice(1, 2, 2, 1)
	for _, tc := range []struct {
		name     string
		dst, src layout.Layout
		n        int
		inc      [2]int
		runs     []run
	}{
		{"contiguous is one run", m.Packed(), m, 12, [2]int{1, 1}, []run{{0, 0}}},
		{"row slice is one run", rows.Packed(), rows, 8, [2]int{1, 1}, []run{{0, 4}}},
		{"column slice", cols.Packed(), cols, 2, [2]int{1, 1}, []run{{0, 1}, {2, 5}, {4, 9}}},
		{"transpose", tr.Packed(), tr, 3, [2]int{1, 4}, []run{{0, 0}, {3, 1}, {6, 2}, {9, 3}}},
		{"flip all is one backward run", m.Packed(), flip, 12, [2]int{1, -1}, []run{{0, 11}}},
		{"expanded column", col.Packed(), col, 4, [2]int{1, 0}, []run{{0, 0}, {4, 1}, {8, 2}}},
		{"permuted keeps the inner run", p3.Packed(), p3, 4, [2]int{1, 1}, []run{{0, 0}, {4, 12}, {8, 4}, {12, 16}, {16, 8}, {20, 20}}},
		{"scalar", rowMajor(t), rowMajor(t), 1, [2]int{0, 0}, []run{{0, 0}}},
		{"all size 1", rowMajor(t, 1, 1, 1), rowMajor(t, 1, 1, 1), 1, [2]int{0, 0}, []run{{0, 0}}},
		{"empty", empty.Packed(), empty, 0, [2]int{0, 0}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := layout.NewPlan(tc.dst, tc.src)
			require.NoError(t, err)
			assert.Equal(t, tc.n, p.Len(), "Len")
			d, s := p.Inc()
			assert.Equal(t, tc.inc, [2]int{d, s}, "Inc")
			assert.Equal(t, tc.runs, runs(p), "runs")
			assert.Equal(t, len(tc.runs), p.Count(), "Count")
		})
	}
	_, err := layout.NewPlan(m, tr)
	assert.ErrorIs(t, err, layout.ErrShape)
	var zero layout.Plan
	assert.Nil(t, runs(zero))
}

func TestPlanStopsEarly(t *testing.T) {
	tr, _ := rowMajor(t, 3, 4).Transpose(0, 1)
	p := tr.Plan()
	n := 0
	for range p.Runs() {
		n++
		if n == 2 {
			break
		}
	}
	assert.Equal(t, 2, n)
}

// TestViewsDoNotAllocate backs the promise that view transformations of
// rank <= 8 make no heap allocation.
func TestViewsDoNotAllocate(t *testing.T) {
	l := rowMajor(t, 2, 3, 4, 5, 1, 1, 2, 2)
	ops := map[string]func(){
		"Transpose": func() { _, _ = l.Transpose(0, 3) },
		"Permute":   func() { _, _ = l.Permute(7, 6, 5, 4, 3, 2, 1, 0) },
		"Squeeze":   func() { _, _ = l.Squeeze() },
		"Unsqueeze": func() { s, _ := l.Squeeze(4); _, _ = s.Unsqueeze(2) },
		"Slice":     func() { _, _ = l.Slice(3, 1, 5, 2) },
		"Flip":      func() { _, _ = l.Flip(0, 2) },
		"Expand":    func() { e, _ := l.Expand(2, 3, 4, 5, 7, 1, 2, 2); _ = e },
		"Reshape":   func() { _, _ = l.Reshape(6, -1, 2) },
		"Flatten":   func() { _, _ = l.Flatten() },
		"Plan":      func() { p := l.Plan(); _ = p.Count() },
		"Packed":    func() { _ = l.Packed() },
	}
	for name, op := range ops {
		assert.Zero(t, testing.AllocsPerRun(100, op), name)
	}
}
