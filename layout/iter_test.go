package layout_test

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tessera-go/tessera/internal/naive"
	"github.com/tessera-go/tessera/internal/testkit"
	"github.com/tessera-go/tessera/layout"
)

type tuple = [layout.MaxOperands]int

// iterTuples lists the offsets an Iter visits, one tuple per index. It
// panics unless a Walk and EachRow visit the runs that Runs yields, in
// its order.
func iterTuples(it *layout.Iter) []tuple {
	var out []tuple
	inc := it.Inc()
	var runs []tuple
	for o := range it.Runs() {
		runs = append(runs, o)
	}
	var walked []tuple
	var w layout.Walk
	for w.Next(it) {
		off, step, n := w.Row()
		for range n {
			walked = append(walked, off)
			for j := range off {
				off[j] += step[j]
			}
		}
	}
	if !slices.Equal(walked, runs) {
		panic("layout: Walk and Runs differ")
	}
	var rowed []tuple
	it.EachRow(func(off, step tuple, n int) {
		for ; n > 0; n-- {
			rowed = append(rowed, off)
			for j := range off {
				off[j] += step[j]
			}
		}
	})
	if !slices.Equal(rowed, runs) {
		panic("layout: EachRow and Runs differ")
	}
	for k := -1; k <= it.Rank(); k++ {
		n, st := it.Axis(k)
		if pn, po, pi := it.AxisPair(k); pn != n || po != st[0] || pi != st[1] {
			panic("layout: AxisPair and Axis differ")
		}
	}
	for _, o := range runs {
		for c := range it.Len() {
			var t tuple
			for j := range it.Operands() {
				t[j] = o[j] + c*inc[j]
			}
			out = append(out, t)
		}
	}
	sortTuples(out)
	return out
}

func sortTuples(ts []tuple) {
	slices.SortFunc(ts, func(a, b tuple) int {
		for j := range a {
			if c := cmp.Compare(a[j], b[j]); c != 0 {
				return c
			}
		}
		return 0
	})
}

// wantTuples lists the offsets of every index of out and of the inputs
// broadcast to it, by unravelling each index.
func wantTuples(t *testing.T, out layout.Layout, ins []layout.Layout) []tuple {
	want := unsortedTuples(t, out, ins)
	for a := range want {
		off, err := out.Index(naive.Unravel(out.Shape(), a)...)
		require.NoError(t, err)
		want[a][0] = off
	}
	sortTuples(want)
	return want
}

// TestIterRandom checks Iter against an enumeration of the indices on
// random views with random broadcast inputs, and checks that its parts
// cover it without two parts writing one output element.
func TestIterRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	for iter := range 3000 {
		rank := r.IntN(6)
		shape := make([]int, rank)
		for k := range shape {
			shape[k] = 1 + r.IntN(5)
			if r.IntN(20) == 0 {
				shape[k] = 0
			}
		}
		out := testkit.RandomView(r, shape)
		if out.Overlapping() {
			out = mustL(layout.RowMajor(shape...))
		}
		ins := make([]layout.Layout, r.IntN(layout.MaxOperands))
		for j := range ins {
			// A broadcastable shape: a suffix of shape, some axes 1.
			drop := r.IntN(rank + 1)
			ish := slices.Clone(shape[drop:])
			for k := range ish {
				if r.IntN(4) == 0 {
					ish[k] = 1
				}
			}
			ins[j] = testkit.RandomView(r, ish)
		}
		it, err := layout.NewIter(out, ins...)
		require.NoError(t, err)
		want := wantTuples(t, out, ins)
		got := iterTuples(&it)
		require.Equal(t, want, got, "iteration %d: %v <- %v", iter, out, ins)
		assert.Equal(t, len(want), it.Size())
		n := 1 + r.IntN(5)
		var parts []tuple
		seen := map[int]bool{}
		for i := range n {
			q := it.Part(i, n)
			pt := iterTuples(&q)
			for _, tp := range pt {
				require.False(t, seen[tp[0]], "two parts write output offset %d", tp[0])
				seen[tp[0]] = true
			}
			parts = append(parts, pt...)
		}
		sortTuples(parts)
		require.Equal(t, want, parts, "parts of %d: %v <- %v", n, out, ins)
	}
}

func mustL(l layout.Layout, err error) layout.Layout {
	if err != nil {
		panic(err)
	}
	return l
}

// TestIterShapes checks the merging, flipping and ordering of an Iter and
// its errors.
func TestIterShapes(t *testing.T) {
	m := mustL(layout.RowMajor(64, 32))
	tr := mustL(mustL(layout.RowMajor(32, 64)).Transpose(0, 1))
	bias := mustL(layout.RowMajor(32))
	col := mustL(layout.RowMajor(64, 1))
	scalar := mustL(layout.RowMajor())

	it, err := layout.NewIter(m, m, m)
	require.NoError(t, err)
	assert.Equal(t, 64*32, it.Len(), "contiguous operands merge into one run")
	assert.Equal(t, 1, it.Count())
	assert.Equal(t, [4]int{1, 1, 1, 0}, it.Inc())

	it, err = layout.NewIter(m, m, bias)
	require.NoError(t, err)
	assert.Equal(t, 32, it.Len(), "a row bias keeps the rows apart")
	assert.Equal(t, [4]int{1, 1, 1, 0}, it.Inc())

	it, err = layout.NewIter(m, col, scalar)
	require.NoError(t, err)
	assert.Equal(t, [4]int{1, 0, 0, 0}, it.Inc(), "broadcast inputs have stride 0")

	it, err = layout.NewIter(m, m, tr)
	require.NoError(t, err)
	assert.Equal(t, [4]int{1, 1, 64, 0}, it.Inc(), "the output is written in memory order")

	f := mustL(m.Flip(0, 1))
	it, err = layout.NewIter(f, f)
	require.NoError(t, err)
	assert.Equal(t, [4]int{1, 1, 0, 0}, it.Inc(), "axes every operand walks backwards are flipped")
	assert.Equal(t, 64*32, it.Len())

	it, err = layout.NewIter(mustL(layout.RowMajor(3, 0, 2)), bias)
	assert.Error(t, err)
	it, err = layout.NewIter(mustL(layout.RowMajor(3, 0, 2)), mustL(layout.RowMajor(2)))
	require.NoError(t, err)
	assert.Zero(t, it.Size())
	assert.Empty(t, iterTuples(&it))

	_, err = layout.NewIter(m, mustL(layout.RowMajor(5)))
	assert.ErrorIs(t, err, layout.ErrShape)
	assert.EqualError(t, err, "layout: NewIter: input 0 of shape [5] does not broadcast to output shape [64 32]")
	_, err = layout.NewIter(bias, m)
	assert.ErrorIs(t, err, layout.ErrShape, "an input never stretches the output")
	_, err = layout.NewIter(m, m, m, m, m)
	assert.ErrorIs(t, err, layout.ErrRank)

	assert.Zero(t, testing.AllocsPerRun(20, func() {
		var it layout.Iter
		_ = it.Reset(&m, &tr, &bias)
		for range it.Runs() {
		}
	}))
}

// TestIterHighRank walks layouts of more axes than an Iter holds inline
// (8), with a permuted input so that no axes merge, and a reset of the
// same Iter at a low rank afterwards.
func TestIterHighRank(t *testing.T) {
	for _, rank := range []int{8, 9, 12} {
		shape := make([]int, rank)
		perm := make([]int, rank)
		for k := range shape {
			shape[k] = 2
			perm[k] = rank - 1 - k
		}
		in, err := layout.RowMajor(shape...)
		require.NoError(t, err)
		in, err = in.Permute(perm...)
		require.NoError(t, err)
		out := in.Contiguous()
		var it layout.Iter
		require.NoError(t, it.Reset(&out, &in))
		require.Equal(t, wantTuples(t, out, []layout.Layout{in}), iterTuples(&it), "rank %d", rank)
		small, _ := layout.RowMajor(3, 4)
		require.NoError(t, it.Reset(&small, &small))
		require.Equal(t, wantTuples(t, small, []layout.Layout{small}), iterTuples(&it))
	}
}

// TestIterReduce checks ResetReduce against an enumeration of the indices
// of the inputs' broadcast shape on random views, reducing random axes,
// and checks that no two of its parts write one output element.
func TestIterReduce(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	for iter := range 2000 {
		rank := r.IntN(6)
		full := make([]int, rank)
		osh := make([]int, rank)
		for k := range full {
			full[k] = 1 + r.IntN(5)
			if r.IntN(20) == 0 {
				full[k] = 0
			}
			osh[k] = full[k]
			if r.IntN(2) == 0 {
				osh[k] = 1 // reduced
			}
		}
		out := testkit.RandomView(r, osh)
		if out.Overlapping() {
			out = mustL(layout.RowMajor(osh...))
		}
		ins := make([]layout.Layout, 1+r.IntN(layout.MaxOperands-1))
		for j := range ins {
			drop := r.IntN(rank + 1)
			if j == 0 {
				drop = 0 // one input of the full shape
			}
			ish := slices.Clone(full[drop:])
			for k := range ish {
				if j > 0 && r.IntN(4) == 0 {
					ish[k] = 1
				}
			}
			ins[j] = testkit.RandomView(r, ish)
		}
		var it layout.Iter
		require.NoError(t, it.ResetReduce(&out, ptrs(ins)...))
		// The enumeration: at every index of full, the inputs' offsets and
		// the output's at the index with the reduced axes at 0.
		var want []tuple
		for a, tp := range unsortedTuples(t, mustL(layout.RowMajor(full...)), ins) {
			idx := make([]int, rank)
			for k, rest := rank-1, a; k >= 0; k-- {
				idx[k], rest = rest%full[k], rest/full[k]
				if osh[k] == 1 {
					idx[k] = 0
				}
			}
			var err error
			tp[0], err = out.Index(idx...)
			require.NoError(t, err)
			want = append(want, tp)
		}
		sortTuples(want)
		require.Equal(t, want, iterTuples(&it), "iteration %d: %v <- %v", iter, out, ins)
		n := 1 + r.IntN(5)
		owner := map[int]int{}
		var parts []tuple
		for i := range n {
			q := it.Part(i, n)
			pt := iterTuples(&q)
			for _, tp := range pt {
				if o, ok := owner[tp[0]]; ok {
					require.Equal(t, i, o, "parts %d and %d write output offset %d", o, i, tp[0])
				}
				owner[tp[0]] = i
			}
			parts = append(parts, pt...)
		}
		sortTuples(parts)
		require.Equal(t, want, parts, "parts of %d: %v <- %v", n, out, ins)
	}
}

func ptrs(ls []layout.Layout) []*layout.Layout {
	ps := make([]*layout.Layout, len(ls))
	for i := range ls {
		ps[i] = &ls[i]
	}
	return ps
}

// unsortedTuples lists, in row-major index order of out's shape, the
// offsets of the inputs broadcast to each index (the output's left 0).
func unsortedTuples(t *testing.T, out layout.Layout, ins []layout.Layout) []tuple {
	sh := out.Shape()
	var ts []tuple
	for a := range out.Size() {
		idx := make([]int, len(sh))
		for k, r := len(sh)-1, a; k >= 0; k-- {
			idx[k], r = r%sh[k], r/sh[k]
		}
		var tp tuple
		for j, in := range ins {
			ish := in.Shape()
			sub := make([]int, len(ish))
			for k := range ish {
				if ish[k] != 1 {
					sub[k] = idx[len(sh)-len(ish)+k]
				}
			}
			var err error
			tp[1+j], err = in.Index(sub...)
			require.NoError(t, err)
		}
		ts = append(ts, tp)
	}
	return ts
}

// TestIterReduceShapes pins the two inner loops of a reduction of a
// row-major matrix, and its errors.
func TestIterReduceShapes(t *testing.T) {
	m := mustL(layout.RowMajor(64, 32))
	rows := mustL(layout.RowMajor(64, 1))
	cols := mustL(layout.RowMajor(1, 32))
	one := mustL(layout.RowMajor(1, 1))
	var it layout.Iter
	require.NoError(t, it.ResetReduce(&rows, &m))
	assert.Equal(t, 32, it.Len(), "along the last axis: runs along rows")
	assert.Equal(t, [4]int{0, 1, 0, 0}, it.Inc(), "into one element")
	assert.Equal(t, 64, it.Count())
	require.NoError(t, it.ResetReduce(&cols, &m))
	assert.Equal(t, 32, it.Len(), "along the first axis: runs along rows too")
	assert.Equal(t, [4]int{1, 1, 0, 0}, it.Inc(), "into the output row")
	assert.Equal(t, 64, it.Count())
	p := it.Part(1, 2)
	assert.Equal(t, 16, p.Len(), "parts split the output row, not the reduced axis")
	require.NoError(t, it.ResetReduce(&one, &m))
	assert.Equal(t, 64*32, it.Len(), "a full reduction is one run")
	assert.Equal(t, [4]int{0, 1, 0, 0}, it.Inc())
	p = it.Part(1, 2)
	assert.Zero(t, p.Size(), "a full reduction is not split")
	tr := mustL(m.Transpose(0, 1)) // [32 64] strides [1 32]
	out := mustL(layout.RowMajor(32, 1))
	require.NoError(t, it.ResetReduce(&out, &tr))
	assert.Equal(t, [4]int{1, 1, 0, 0}, it.Inc(), "along the last axis of a transpose: across rows, in memory order")

	err := it.ResetReduce(&cols, &m, mustPtr(layout.RowMajor(64, 5)))
	assert.ErrorIs(t, err, layout.ErrShape)
	assert.EqualError(t, err, "layout: ResetReduce: input 1 of shape [64 5] does not reduce into output shape [1 32]")
	assert.ErrorIs(t, it.ResetReduce(mustPtr(layout.RowMajor(64, 2)), &m), layout.ErrShape)
	assert.ErrorIs(t, it.Reset(&cols, &m), layout.ErrShape, "Reset declares no reduction")
	a := mustL(layout.RowMajor(5, 1))
	b := mustL(layout.RowMajor(1, 7))
	require.NoError(t, it.ResetReduce(&one, &a, &b), "inputs broadcast together")
	assert.Equal(t, 35, it.Size())
	require.NoError(t, it.ResetReduce(&cols, mustPtr(layout.RowMajor(0, 32))))
	assert.Zero(t, it.Size(), "a reduced axis of size 0")
	assert.Zero(t, testing.AllocsPerRun(20, func() {
		_ = it.ResetReduce(&cols, &m)
		for range it.Runs() {
		}
	}))
}

func mustPtr(l layout.Layout, err error) *layout.Layout {
	l = mustL(l, err)
	return &l
}
