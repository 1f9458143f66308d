package layout_test

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tessera-go/tessera/internal/testint"
	"github.com/tessera-go/tessera/internal/testkit"
	"github.com/tessera-go/tessera/layout"
)

type run struct{ dst, src int }

// runs lists the blocks of p; it panics unless a Walk and EachRow visit
// the blocks that Runs yields, in its order.
func runs(p layout.Plan) []run {
	var out []run
	for d, s := range p.Runs() {
		out = append(out, run{d, s})
	}
	var walked []run
	var w layout.Walk
	for w.NextBlock(&p) {
		off, step, n := w.Row()
		if d, s, ds, ss, k := w.RowPair(); d != off[0] || s != off[1] || ds != step[0] || ss != step[1] || k != n {
			panic("layout: Walk's RowPair and Row differ")
		}
		for range n {
			walked = append(walked, run{off[0], off[1]})
			off[0] += step[0]
			off[1] += step[1]
		}
	}
	if !slices.Equal(walked, out) {
		panic("layout: Plan's Walk and Runs differ")
	}
	var rowed []run
	p.EachRow(func(d, s, ds, ss, n int) {
		for ; n > 0; d, s, n = d+ds, s+ss, n-1 {
			rowed = append(rowed, run{d, s})
		}
	})
	if !slices.Equal(rowed, out) {
		panic("layout: Plan's EachRow and Runs differ")
	}
	return out
}

// TestPlanExact pins the plan of known layouts: the kind of blocks, their
// shape and strides, and where they start.
func TestPlanExact(t *testing.T) {
	m := rowMajor(t, 3, 4)
	tr, _ := m.Transpose(0, 1)
	rows, _ := m.Slice(0, 1, 3, 1)
	cols, _ := m.Slice(1, 1, 3, 1)
	stepped, _ := rowMajor(t, 3, 5).Slice(1, 0, 5, 2) // [3 3] strides [5 2]
	flip, _ := m.Flip()
	col, _ := rowMajor(t, 3, 1).Expand(3, 4)
	p3, _ := rowMajor(t, 2, 3, 4).Permute(1, 0, 2) // [3 2 4] strides [4 12 1]
	empty, _ := m.Slice(1, 2, 2, 1)
	sq := rowMajor(t, 8, 8)
	sqT, _ := sq.Transpose(0, 1)
	back := testkit.Layout(t, []int{4}, []int{-1}, 3)
	for _, tc := range []struct {
		name     string
		dst, src layout.Layout
		kind     layout.Kind
		n        int
		inc      [2]int
		rows     [3]int
		runs     []run
	}{
		{"contiguous is one run", m.Contiguous(), m, layout.KindCopy, 12, [2]int{1, 1}, [3]int{1, 0, 0}, []run{{0, 0}}},
		{"row slice is one run", rows.Contiguous(), rows, layout.KindCopy, 8, [2]int{1, 1}, [3]int{1, 0, 0}, []run{{0, 4}}},
		{"column slice", cols.Contiguous(), cols, layout.KindCopy, 2, [2]int{1, 1}, [3]int{1, 0, 0}, []run{{0, 1}, {2, 5}, {4, 9}}},
		{"a transpose of four rows is a tile", tr.Contiguous(), tr, layout.KindTranspose, 3, [2]int{1, 4}, [3]int{4, 3, 1}, []run{{0, 0}}},
		{"stepped columns gather", stepped.Contiguous(), stepped, layout.KindGather, 3, [2]int{1, 2}, [3]int{1, 0, 0}, []run{{0, 0}, {3, 5}, {6, 10}}},
		{"transpose is one tile", sqT.Contiguous(), sqT, layout.KindTranspose, 8, [2]int{1, 8}, [3]int{8, 8, 1}, []run{{0, 0}}},
		{"scatter into a transpose is a tile", sqT, sq, layout.KindTranspose, 8, [2]int{1, 8}, [3]int{8, 8, 1}, []run{{0, 0}}},
		{"flip all is one backward run", m.Contiguous(), flip, layout.KindGather, 12, [2]int{1, -1}, [3]int{1, 0, 0}, []run{{0, 11}}},
		{"both flipped is a copy", back, back, layout.KindCopy, 4, [2]int{1, 1}, [3]int{1, 0, 0}, []run{{0, 0}}},
		{"expanded column fills", col.Contiguous(), col, layout.KindFill, 4, [2]int{1, 0}, [3]int{1, 0, 0}, []run{{0, 0}, {4, 1}, {8, 2}}},
		{"permuted keeps the inner run", p3.Contiguous(), p3, layout.KindCopy, 4, [2]int{1, 1}, [3]int{1, 0, 0}, []run{{0, 0}, {4, 12}, {8, 4}, {12, 16}, {16, 8}, {20, 20}}},
		{"scalar", rowMajor(t), rowMajor(t), layout.KindCopy, 1, [2]int{1, 1}, [3]int{1, 0, 0}, []run{{0, 0}}},
		{"all size 1", rowMajor(t, 1, 1, 1), rowMajor(t, 1, 1, 1), layout.KindCopy, 1, [2]int{1, 1}, [3]int{1, 0, 0}, []run{{0, 0}}},
		{"empty", empty.Contiguous(), empty, layout.KindCopy, 0, [2]int{0, 0}, [3]int{0, 0, 0}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := layout.NewPlan(tc.dst, tc.src)
			require.NoError(t, err)
			assert.Equal(t, tc.kind, p.Kind(), "Kind")
			assert.Equal(t, tc.n, p.Len(), "Len")
			d, s := p.Inc()
			assert.Equal(t, tc.inc, [2]int{d, s}, "Inc")
			r, dl, sl := p.Rows()
			assert.Equal(t, tc.rows, [3]int{r, dl, sl}, "Rows")
			assert.Equal(t, tc.runs, runs(p), "runs")
			assert.Equal(t, len(tc.runs), p.Count(), "Count")
			assert.Equal(t, tc.src.Size(), p.Size(), "Size")
		})
	}
	_, err := layout.NewPlan(m, tr)
	assert.ErrorIs(t, err, layout.ErrShape)
	assert.EqualError(t, err, "layout: NewPlan: destination shape [3 4] and source shape [4 3] differ")
	var zero layout.Plan
	assert.Nil(t, runs(zero))
	assert.Equal(t, "transpose", layout.KindTranspose.String())
}

// pairs lists the (destination, source) offset pairs a plan visits.
func pairs(p layout.Plan) []run {
	var out []run
	n := p.Len()
	di, si := p.Inc()
	rows, dl, sl := p.Rows()
	for d, s := range p.Runs() {
		for r := 0; r < rows; r++ {
			for c := 0; c < n; c++ {
				out = append(out, run{d + r*dl + c*di, s + r*sl + c*si})
			}
		}
	}
	slices.SortFunc(out, func(a, b run) int { return cmp.Or(a.dst-b.dst, a.src-b.src) })
	return out
}

// TestPlanRandom checks on random layout pairs that a plan, and the union
// of its parts, visit exactly the pairs of offsets that index-by-index
// enumeration gives.
func TestPlanRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	seen := map[layout.Kind]int{}
	defer func() {
		for k := layout.KindCopy; k <= layout.KindTranspose; k++ {
			assert.Greater(t, seen[k], 10, "plans of kind %v", k)
		}
	}()
	for iter := range 3000 {
		rank := r.IntN(5)
		shape := make([]int, rank)
		for i := range shape {
			shape[i] = r.IntN(4) + 1
			if r.IntN(20) == 0 {
				shape[i] = r.IntN(2)
			}
			if r.IntN(6) == 0 {
				shape[i] = 8 + r.IntN(4)
			}
		}
		dst := testkit.RandomView(r, shape)
		src := testkit.RandomView(r, shape)
		p, err := layout.NewPlan(dst, src)
		require.NoError(t, err)
		seen[p.Kind()]++
		var want []run
		for i := range dst.Size() {
			idx := make([]int, rank)
			for k, rest := rank-1, i; k >= 0; k-- {
				idx[k], rest = rest%shape[k], rest/shape[k]
			}
			d, _ := dst.Index(idx...)
			s, _ := src.Index(idx...)
			want = append(want, run{d, s})
		}
		slices.SortFunc(want, func(a, b run) int { return cmp.Or(a.dst-b.dst, a.src-b.src) })
		require.Equal(t, want, pairs(p), "iteration %d: %v <- %v (%v)", iter, dst, src, p.Kind())
		n := 1 + r.IntN(4)
		var parts []run
		for i := range n {
			parts = append(parts, pairs(p.Part(i, n))...)
		}
		slices.SortFunc(parts, func(a, b run) int { return cmp.Or(a.dst-b.dst, a.src-b.src) })
		require.Equal(t, want, parts, "parts of %d: %v <- %v", n, dst, src)
	}
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
		"View":      func() { _, _ = l.View(6, -1, 2) },
		"Flatten":   func() { _, _ = l.Flatten() },
		"Plan":      func() { p := l.Plan(); _ = p.Count() },
		"NewPlan": func() {
			big, _ := layout.RowMajor(32, 64, 56, 56)
			src, _ := big.Permute(0, 2, 3, 1) // a transpose plan
			p, _ := layout.NewPlan(src.Contiguous(), src)
			_ = p.Count()
		},
		"Contiguous": func() { _ = l.Contiguous() },
	}
	var z layout.Layout
	for name, op := range map[string]func(){
		"SetTranspose":  func() { _ = z.SetTranspose(&l, 0, 3) },
		"SetPermute":    func() { _ = z.SetPermute(&l, 7, 6, 5, 4, 3, 2, 1, 0) },
		"SetSqueeze":    func() { _ = z.SetSqueeze(&l) },
		"SetUnsqueeze":  func() { _ = z.SetSqueeze(&l, 4); _ = z.SetUnsqueeze(&z, 2) },
		"SetSlice":      func() { _ = z.SetSlice(&l, 3, 1, 5, 2) },
		"SetSelect":     func() { _ = z.SetSelect(&l, 3, 1) },
		"SetFlip":       func() { _ = z.SetFlip(&l, 0, 2) },
		"SetContiguous": func() { z.SetContiguous(&l) },
		"SetExpand":     func() { _ = z.SetExpand(&l, 2, 3, 4, 5, 7, 1, 2, 2) },
		"SetReshape":    func() { _ = z.SetView(&l, 6, -1, 2) },
		"SetFlatten":    func() { _ = z.SetFlatten(&l) },
	} {
		ops[name] = op
	}
	for name, op := range ops {
		assert.Zero(t, testing.AllocsPerRun(100, op), name)
	}
}

// TestPlanHighRank covers plans with more outer axes than a Plan holds
// inline, and their parts.
func TestPlanHighRank(t *testing.T) {
	shape := make([]int, 12)
	axes := make([]int, 12)
	for i := range shape {
		shape[i] = 2 + i%2
		axes[i] = 11 - i
	}
	src := rowMajor(t, shape...)
	src, err := src.Permute(axes...)
	require.NoError(t, err)
	dst := src.Contiguous()
	p, err := layout.NewPlan(dst, src)
	require.NoError(t, err)
	var want []run
	for i := range dst.Size() {
		idx := make([]int, 12)
		sh := dst.Shape()
		for k, rest := 11, i; k >= 0; k-- {
			idx[k], rest = rest%sh[k], rest/sh[k]
		}
		d, _ := dst.Index(idx...)
		s, _ := src.Index(idx...)
		want = append(want, run{d, s})
	}
	slices.SortFunc(want, func(a, b run) int { return cmp.Or(a.dst-b.dst, a.src-b.src) })
	require.Equal(t, want, pairs(p))
	var parts []run
	for i := range 3 {
		parts = append(parts, pairs(p.Part(i, 3))...)
	}
	slices.SortFunc(parts, func(a, b run) int { return cmp.Or(a.dst-b.dst, a.src-b.src) })
	require.Equal(t, want, parts)
	require.Equal(t, want, pairs(p), "Part leaves the plan unchanged")
	rp := src.Plan()
	assert.Equal(t, src.Size(), rp.Size())
}

// TestPlanReset checks that Reset gives NewPlan's result whatever the Plan
// held before, and the zero Plan on error.
func TestPlanReset(t *testing.T) {
	shape := []int{2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2}
	big := rowMajor(t, shape...)
	bigT, err := big.Flip()
	require.NoError(t, err)
	small := rowMajor(t, 4, 5)
	smallT, err := layout.Strided([]int{4, 5}, []int{1, 4}, 0)
	require.NoError(t, err)
	var p layout.Plan
	for _, c := range []struct{ dst, src layout.Layout }{{big, bigT}, {small, smallT}, {big, bigT}, {small, small}} {
		want, err := layout.NewPlan(c.dst, c.src)
		require.NoError(t, err)
		require.NoError(t, p.Reset(&c.dst, &c.src))
		require.Equal(t, planState(&want), planState(&p))
	}
	require.ErrorIs(t, p.Reset(&big, &small), layout.ErrShape)
	require.Equal(t, planState(&layout.Plan{}), planState(&p))
	require.Zero(t, p.Count())
}

// planState is what a plan tells its user: its blocks and the pairs of
// offsets they visit, in order.
func planState(p *layout.Plan) []any {
	rows, dl, sl := p.Rows()
	d, s := p.Inc()
	return []any{p.Kind(), p.Len(), d, s, rows, dl, sl, p.Count(), runs(*p)}
}

// TestPartNearMaxInt checks that the parts of plans whose sizes approach
// math.MaxInt still cover the plan exactly, in order and without overlap
// (Part once computed size*i/n and overflowed).
func TestPartNearMaxInt(t *testing.T) {
	for _, shape := range [][]int{
		{math.MaxInt - 1}, {testint.Huge}, {math.MaxInt / 3}, {math.MaxInt / 2, 2},
		{3, math.MaxInt / 4}, {testint.Huge / 8, 2, 3},
	} {
		l, err := layout.RowMajor(shape...)
		require.NoError(t, err)
		tr := l
		if len(shape) > 1 { // a plan with outer axes and several runs
			tr, err = l.Flip(0)
			require.NoError(t, err)
		}
		p, err := layout.NewPlan(l, tr)
		require.NoError(t, err)
		for _, n := range []int{1, 2, 3, 4, 7, 64, 1000} {
			total := 0
			for i := range n {
				q := p.Part(i, n)
				size := q.Size()
				require.GreaterOrEqual(t, size, 0, "%v: part %d of %d", shape, i, n)
				if len(shape) == 1 && size > 0 { // one run: parts follow each other
					for d, s := range q.Runs() {
						require.Equal(t, total, d, "%v: part %d of %d starts at %d", shape, i, n, d)
						require.Equal(t, total, s)
						break
					}
				}
				total += size
			}
			assert.Equal(t, p.Size(), total, "%v: parts of %d", shape, n)
		}
	}
}

// TestPlanPartThin pins how Part splits a transpose block: by rows where
// each part keeps minPartRows (16) of them or the block is no wider than
// tall, and otherwise by columns, so that a part of the channels of an
// image keeps every channel.
func TestPlanPartThin(t *testing.T) {
	for _, c := range []struct {
		rows, cols, n int
		splitRows     bool
	}{
		{3, 1000, 2, false},  // an image's 3 channels of 1000 pixels
		{31, 1000, 2, false}, // 15 rows a part would be thin
		{32, 1000, 2, true},  // 16 rows a part
		{64, 1000, 4, true},
		{8, 8, 2, true}, // no wider than tall
		{20, 10, 3, true},
	} {
		src := rowMajor(t, c.cols, c.rows) // [cols, rows]: rows unit-stride
		tr, err := src.Transpose(0, 1)     // [rows, cols]
		require.NoError(t, err)
		p, err := layout.NewPlan(tr.Contiguous(), tr)
		require.NoError(t, err)
		rows, _, _ := p.Rows()
		require.Equal(t, layout.KindTranspose, p.Kind(), "%+v", c)
		require.Equal(t, c.rows, rows, "%+v", c)
		total := 0
		for i := range c.n {
			q := p.Part(i, c.n)
			r, _, _ := q.Rows()
			if c.splitRows {
				assert.Less(t, r, c.rows, "%+v: part %d keeps every row", c, i)
				assert.Equal(t, c.cols, q.Len(), "%+v: part %d", c, i)
			} else {
				assert.Equal(t, c.rows, r, "%+v: part %d", c, i)
				assert.Less(t, q.Len(), c.cols, "%+v: part %d keeps every column", c, i)
			}
			total += q.Size()
		}
		assert.Equal(t, c.rows*c.cols, total, "%+v", c)
	}
}
