package layout_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tessera-go/tessera/internal/testkit"
	"github.com/tessera-go/tessera/layout"
)

// bruteOverlap decides overlap by enumerating every offset.
func bruteOverlap(t testing.TB, l layout.Layout) layout.Overlap {
	seen := map[int]bool{}
	sh := l.Shape()
	for a := range l.Size() {
		idx := make([]int, len(sh))
		for k, r := len(idx)-1, a; k >= 0; k-- {
			idx[k], r = r%sh[k], r/sh[k]
		}
		off, err := l.Index(idx...)
		require.NoError(t, err)
		if seen[off] {
			return layout.Overlaps
		}
		seen[off] = true
	}
	return layout.Disjoint
}

// randomStrided returns a random valid layout of rank 1 to 5 with small
// dimensions and strides of either sign, often overlapping.
func randomStrided(r *rand.Rand) layout.Layout {
	for {
		rank := 1 + r.IntN(5)
		sh, st := make([]int, rank), make([]int, rank)
		off := 0
		for k := range sh {
			sh[k] = 1 + r.IntN(6)
			st[k] = r.IntN(25) - 12
			if st[k] < 0 {
				off -= st[k] * (sh[k] - 1)
			}
		}
		if l, err := layout.Strided(sh, st, off); err == nil {
			return l
		}
	}
}

// TestSelfOverlapRandom compares SelfOverlap with an enumeration of the
// offsets on thousands of random layouts, with the full work bound (it
// must decide every one of them) and with tiny bounds (it may answer
// MayOverlap, but never a wrong Disjoint or Overlaps).
func TestSelfOverlapRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	counts := map[layout.Overlap]int{}
	for range 4000 {
		l := randomStrided(r)
		want := bruteOverlap(t, l)
		got := l.SelfOverlap()
		require.Equal(t, want, got, "%v", l)
		require.Equal(t, want != layout.Disjoint, l.Overlapping(), "%v", l)
		counts[got]++
		for _, work := range []int{0, 1, 3, 20} {
			old := layout.SetOverlapWork(work)
			got := l.SelfOverlap()
			layout.SetOverlapWork(old)
			if got != layout.MayOverlap {
				require.Equal(t, want, got, "%v with work %d", l, work)
			}
			counts[layout.MayOverlap+1]++
		}
	}
	// The random layouts exercise both answers.
	assert.Greater(t, counts[layout.Disjoint], 400)
	assert.Greater(t, counts[layout.Overlaps], 400)
}

// TestSelfOverlapLarge pins the layouts of issue 11.10: above the old bound
// of 2^22 elements, layouts whose offsets are all distinct were refused,
// and deciding one at exactly 2^22 elements took 216 ms and 32 MiB. Now
// they are decided exactly, without allocating.
func TestSelfOverlapLarge(t *testing.T) {
	for _, tc := range []struct {
		shape, strides []int
		want           layout.Overlap
	}{
		{[]int{1<<21 + 1, 2}, []int{2, 3}, layout.Disjoint}, // parity: 2i = 2j+3 never
		{[]int{1 << 21, 2}, []int{2, 3}, layout.Disjoint},
		{[]int{1 << 22, 3}, []int{3, 2}, layout.Disjoint},
		{[]int{1<<21 + 1, 2}, []int{3, 6}, layout.Overlaps}, // (2, 0) and (0, 1)
		{[]int{1 << 20, 5, 3}, []int{7, 2, 3}, layout.Overlaps},
		{[]int{3, 1 << 22, 2}, []int{5, 10, 3}, layout.Overlaps}, // (2,0,0) and (0,1,0)
		{[]int{4, 1 << 22}, []int{-5, 3}, layout.Overlaps},       // 3·5 = 5·3
		{[]int{3, 1 << 22}, []int{-5, 3}, layout.Disjoint},       // |x0| < 3
	} {
		off := 0
		for k, s := range tc.strides {
			if s < 0 {
				off -= s * (tc.shape[k] - 1)
			}
		}
		l := testkit.Layout(t, tc.shape, tc.strides, off)
		assert.Equal(t, tc.want, l.SelfOverlap(), "%v", l)
		allocs := testing.AllocsPerRun(5, func() { _ = l.SelfOverlap() })
		assert.Zero(t, allocs, "%v", l)
	}
}

// TestSelfOverlapUndecided checks that a search that runs out of work says
// so instead of claiming an overlap.
func TestSelfOverlapUndecided(t *testing.T) {
	l := testkit.Layout(t, []int{3, 3}, []int{2, 3}, 0) // offsets 0 3 6 2 5 8 4 7 10
	require.Equal(t, layout.Disjoint, l.SelfOverlap())
	old := layout.SetOverlapWork(1)
	defer layout.SetOverlapWork(old)
	assert.Equal(t, layout.MayOverlap, l.SelfOverlap())
	assert.True(t, l.Overlapping(), "undecided counts as overlapping")
	assert.Equal(t, "may overlap", layout.MayOverlap.String())
	assert.Equal(t, "disjoint", layout.Disjoint.String())
	assert.Equal(t, "overlaps", layout.Overlaps.String())
}
