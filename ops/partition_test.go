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

// TestPartitionRandom checks Partition and ArgPartition of random views
// along every axis, at random kth (negative too), against a naive stable
// three-way partition around the kth element of the sorted lane, and the
// Into forms into random destinations.
func TestPartitionRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(53, 22))
	checkPartitionRandom[float32](t, r)
	checkPartitionRandom[float64](t, r)
	checkPartitionRandom[int8](t, r)
	checkPartitionRandom[uint16](t, r)
	checkPartitionRandom[int32](t, r)
	checkPartitionRandom[uint64](t, r)
}

func checkPartitionRandom[T tensor.Real](t *testing.T, r *rand.Rand) {
	t.Helper()
	for iter := range 60 {
		rank := 1 + r.IntN(3)
		shape := make([]int, rank)
		for k := range shape {
			shape[k] = 1 + r.IntN(6)
			if r.IntN(5) == 0 {
				shape[k] = 30 + r.IntN(100)
			}
		}
		for naive.Size(shape) > 600 { // the reference reads by At
			shape[r.IntN(rank)] /= 2
		}
		v, nv := randomOperand(r, shape, sortValue[T])
		axis := r.IntN(rank)
		n := shape[axis]
		if n == 0 {
			continue
		}
		kth := r.IntN(n)
		arg := kth
		if r.IntN(3) == 0 {
			arg -= n
		}
		got, err := ops.Partition(v, arg, axis)
		require.NoError(t, err)
		idx, err := ops.ArgPartition(v, arg, axis)
		require.NoError(t, err)
		wantVals, _ := lanes(nv, axis)
		gotVals, _ := lanes(values(got.View()), axis)
		gotIdx, _ := lanes(values(idx.View()), axis)
		for l, lane := range wantVals {
			s := slices.Clone(lane)
			slices.SortStableFunc(s, sortCompare)
			pivot := s[kth]
			var order []int
			for part := -1; part <= 1; part++ {
				for j, e := range lane {
					if sortCompare(e, pivot) == part {
						order = append(order, j)
					}
				}
			}
			require.Equal(t, order, gotIdx[l], "%T iteration %d %v axis %d kth %d lane %d", v, iter, v.Layout(), axis, kth, l)
			for j, o := range order {
				require.True(t, sameSorted(lane[o], gotVals[l][j]), "%T iteration %d lane %d: %v, want %v", v, iter, l, gotVals[l], lane)
			}
		}
		dst := randomDst(r, shape, T(7))
		require.NoError(t, ops.PartitionInto(dst, v, arg, axis))
		for i, x := range values(dst).Data {
			require.True(t, sameSorted(x, values(got.View()).Data[i]), "%T PartitionInto element %d", v, i)
		}
		idst := randomDst(r, shape, -1)
		require.NoError(t, ops.ArgPartitionInto(idst, v, arg, axis))
		require.Equal(t, values(idx.View()).Data, values(idst).Data)
	}
}

// TestPartitionErrors: kth and axis out of range, a destination of
// another shape; nothing written. And in place.
func TestPartitionErrors(t *testing.T) {
	x := tensor.Must(tensor.FromSlice([]float64{5, 1, 4, 2, 3, 0}, 2, 3))
	for _, kth := range []int{3, -4} {
		_, err := ops.Partition(x, kth, 1)
		require.ErrorIs(t, err, layout.ErrIndex)
		require.ErrorContains(t, err, fmt.Sprintf("ops: Partition: kth %d out of range for axis 1 of size 3", kth))
	}
	_, err := ops.ArgPartition(x, 0, 2)
	require.ErrorIs(t, err, layout.ErrAxis)
	_, err = ops.ArgPartition(tensor.Must(tensor.New[int](2, 0)), 0, 1)
	require.ErrorIs(t, err, layout.ErrIndex)
	dst := tensor.Must(tensor.Full(-1, 3, 2))
	require.ErrorIs(t, ops.ArgPartitionInto(dst, x, 1, 1), layout.ErrShape)
	require.Equal(t, []int{-1, -1, -1, -1, -1, -1}, dst.Data())
	require.ErrorIs(t, ops.PartitionInto(x, x, 5, 0), layout.ErrIndex)
	require.Equal(t, []float64{5, 1, 4, 2, 3, 0}, x.Data())
	require.NoError(t, ops.PartitionInto(x, x, -1, 1))
	require.Equal(t, []float64{1, 4, 5, 2, 0, 3}, x.Data())
	// Into the input's transpose: read from a copy.
	sq := tensor.Must(tensor.FromSlice([]int32{3, 1, 2, 9, 8, 7, 5, 6, 4}, 3, 3))
	require.NoError(t, ops.PartitionInto(tensor.Must(sq.View().Transpose(0, 1)), sq, 1, 0))
	require.Equal(t, []int32{3, 5, 9, 1, 6, 8, 2, 4, 7}, sq.Data())
}

func ExamplePartition() {
	x := tensor.Must(tensor.FromSlice([]float64{7, 2, 9, 1, 5, 3}))
	p, _ := ops.Partition(x, 2, 0) // position 2 holds the third smallest
	i, _ := ops.ArgPartition(x, -1, 0)
	fmt.Println(p, i)
	// Output: [2. 1. 3. 7. 9. 5.] [0 1 3 4 5 2]
}
