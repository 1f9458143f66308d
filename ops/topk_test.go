package ops_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tessera-go/tessera/internal/naive"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// checkTopKRandom checks TopK on random views along a random axis, both
// ways, every k from 0 to the lane's length now and then: the indices
// are the first k of the stable order (descending for the largest), the
// values v's elements at them.
func checkTopKRandom[T tensor.Real](t *testing.T, r *rand.Rand) {
	t.Helper()
	for iter := range 40 {
		rank := 1 + r.IntN(3)
		shape := make([]int, rank)
		for k := range shape {
			shape[k] = 1 + r.IntN(6)
			if r.IntN(4) == 0 {
				shape[k] = 30 + r.IntN(80)
			}
		}
		for naive.Size(shape) > 3000 {
			shape[r.IntN(rank)] /= 2
		}
		v, nv := randomOperand(r, shape, sortValue[T])
		axis := r.IntN(rank)
		n := shape[axis]
		for _, largest := range []bool{false, true} {
			for _, k := range []int{0, 1, r.IntN(n + 1), n} {
				vals, idx, err := ops.TopK(v, k, axis, largest)
				require.NoError(t, err)
				want := slices.Clone(shape)
				want[axis] = k
				require.Equal(t, want, vals.Shape())
				require.Equal(t, want, idx.Shape())
				lv, _ := lanes(nv, axis)
				gi, _ := lanes(values(idx.View()), axis)
				gv, _ := lanes(values(vals.View()), axis)
				for l, lane := range lv {
					order := make([]int, len(lane))
					for j := range order {
						order[j] = j
					}
					slices.SortStableFunc(order, func(a, b int) int {
						if largest {
							return sortCompare(lane[b], lane[a])
						}
						return sortCompare(lane[a], lane[b])
					})
					require.True(t, slices.Equal(order[:k], gi[l]), "%T iteration %d %v axis %d k %d largest %v lane %d: %v, want %v",
						v, iter, v.Layout(), axis, k, largest, l, gi[l], order[:k])
					for j, o := range order[:k] {
						require.True(t, sameSorted(lane[o], gv[l][j]), "%T values", v)
					}
				}
			}
		}
	}
}

func TestTopKRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(53, 7))
	checkTopKRandom[float32](t, r)
	checkTopKRandom[float64](t, r)
	checkTopKRandom[int8](t, r)
	checkTopKRandom[uint16](t, r)
	checkTopKRandom[int32](t, r)
	checkTopKRandom[int64](t, r)
	checkTopKRandom[uint](t, r)
}

// TestTopKLong checks TopK of 200000 elements, with ties, both ways.
func TestTopKLong(t *testing.T) {
	r := rand.New(rand.NewPCG(53, 8))
	x := tensor.Must(tensor.New[float32](200000))
	for i := range x.Data() {
		x.Data()[i] = sortValue[float32](r)
	}
	// An ascending run: each element a new largest, where the heap of
	// the best so far gives up and the radix selection takes over.
	asc := tensor.Must(tensor.New[int16](30000))
	for i := range asc.Data() {
		asc.Data()[i] = int16(i/3 - 5000)
	}
	_, idx, err := ops.TopK(asc, 5, 0, true)
	require.NoError(t, err)
	require.Equal(t, []int{29997, 29998, 29999, 29994, 29995}, idx.Data())
	for _, largest := range []bool{false, true} {
		order, err := ops.ArgSort(x, 0)
		if largest {
			order, err = ops.ArgSortDescending(x, 0)
		}
		require.NoError(t, err)
		for _, k := range []int{1, 10, 1000} {
			_, idx, err := ops.TopK(x, k, 0, largest)
			require.NoError(t, err)
			require.Equal(t, order.Data()[:k], idx.Data(), "k %d largest %v", k, largest)
		}
	}
}

func TestTopKErrors(t *testing.T) {
	x := tensor.Must(tensor.FromSlice([]int{3, 1, 2, 5, 4, 0}, 2, 3))
	_, _, err := ops.TopK(x, 4, 1, true)
	require.ErrorIs(t, err, layout.ErrIndex)
	require.ErrorContains(t, err, "ops: TopK: k 4 out of range for axis 1 of size 3")
	_, _, err = ops.TopK(x, -1, 0, true)
	require.ErrorIs(t, err, layout.ErrIndex)
	_, _, err = ops.TopK(x, 1, 2, true)
	require.ErrorIs(t, err, layout.ErrAxis)
}

func ExampleTopK() {
	scores := tensor.Must(tensor.FromSlice([]float32{0.1, 0.9, 0.4, 0.9, 0.7}))
	best, at, _ := ops.TopK(scores, 3, 0, true) // ties: the lower index first
	fmt.Println(best, at)
	// Output: [0.9 0.9 0.7] [1 3 4]
}
