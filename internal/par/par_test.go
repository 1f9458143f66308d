package par_test

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tessera-go/tessera/internal/par"
	"github.com/tessera-go/tessera/layout"
)

// TestSplit checks that Split's parts of an Iter and of a Plan visit every
// output element once, and leave the split value as it was.
func TestSplit(t *testing.T) {
	out, err := layout.RowMajor(5, 7, 3)
	require.NoError(t, err)
	in, err := out.Permute(2, 0, 1)
	require.NoError(t, err)
	in, err = in.Permute(1, 2, 0) // not the layout of out: strides [7 1 35]
	require.NoError(t, err)
	for _, n := range []int{2, 3, 7, 200} {
		it, err := layout.NewIter(out, in)
		require.NoError(t, err)
		before := it
		var mu sync.Mutex
		seen := make([]int, out.Size())
		par.Split(&it, n, func(q *layout.Iter) {
			q.EachRow(func(off, step [layout.MaxOperands]int, runs int) {
				mu.Lock()
				defer mu.Unlock()
				for ; runs > 0; runs-- {
					for c := range q.Len() {
						seen[off[0]+c*q.Inc()[0]]++
					}
					off[0] += step[0]
				}
			})
		})
		require.Equal(t, before, it, "n=%d", n)
		for i, k := range seen {
			require.Equal(t, 1, k, "n=%d: element %d", n, i)
		}

		p, err := layout.NewPlan(out, in)
		require.NoError(t, err)
		pb := p
		clear(seen)
		par.Split(&p, n, func(q *layout.Plan) {
			rows, dld, _ := q.Rows()
			di, _ := q.Inc()
			q.EachRow(func(d, _, ds, _, blocks int) {
				mu.Lock()
				defer mu.Unlock()
				for ; blocks > 0; d, blocks = d+ds, blocks-1 {
					for r := range rows {
						for c := range q.Len() {
							seen[d+r*dld+c*di]++
						}
					}
				}
			})
		})
		require.Equal(t, pb, p, "n=%d", n)
		for i, k := range seen {
			require.Equal(t, 1, k, "plan, n=%d: element %d", n, i)
		}
	}
}
