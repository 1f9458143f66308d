package ops_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// TestUniqueNumPy checks Unique, UniqueCounts, UniqueInverse and
// UniqueAll against NumPy's unique with return_index, return_inverse and
// return_counts (testdata/numpy/search.json), bit for bit.
func TestUniqueNumPy(t *testing.T) {
	for i, c := range loadSearchCases(t, "Unique") {
		runByDtype(t, c.Dtype,
			func() { checkUniqueCase[float32](t, i, &c) }, func() { checkUniqueCase[float64](t, i, &c) },
			func() { checkUniqueCase[int8](t, i, &c) }, func() { checkUniqueCase[uint8](t, i, &c) },
			func() { checkUniqueCase[int16](t, i, &c) }, func() { checkUniqueCase[uint16](t, i, &c) },
			func() { checkUniqueCase[int32](t, i, &c) }, func() { checkUniqueCase[uint32](t, i, &c) },
			func() { checkUniqueCase[int64](t, i, &c) }, func() { checkUniqueCase[uint64](t, i, &c) })
	}
}

func checkUniqueCase[T tensor.Real](t *testing.T, i int, c *searchCase) {
	t.Helper()
	v := fromShape(parseCase[T](t, c.Values), c.Shape)
	want := parseCase[T](t, c.Unique)
	checkUniqueValues(t, want, c, i)
	all, err := ops.UniqueAll(v)
	require.NoError(t, err)
	checkUniqueValues(t, all.Values.Data(), c, i)
	require.Equal(t, c.First, all.Indices.Data(), "case %d", i)
	require.Equal(t, c.Counts, all.Counts.Data(), "case %d", i)
	require.Equal(t, c.Shape, all.Inverse.Shape(), "case %d", i)
	require.Equal(t, c.Inverse, all.Inverse.Data(), "case %d", i)
	u, err := ops.Unique(v)
	require.NoError(t, err)
	checkUniqueValues(t, u.Data(), c, i)
	u, counts, err := ops.UniqueCounts(v)
	require.NoError(t, err)
	checkUniqueValues(t, u.Data(), c, i)
	require.Equal(t, c.Counts, counts.Data(), "case %d", i)
	u, inv, err := ops.UniqueInverse(v)
	require.NoError(t, err)
	checkUniqueValues(t, u.Data(), c, i)
	require.Equal(t, c.Inverse, inv.Data(), "case %d", i)
}

// checkUniqueValues compares values with the case's, bit for bit.
func checkUniqueValues[T tensor.Real](t *testing.T, got []T, c *searchCase, i int) {
	t.Helper()
	want := parseCase[T](t, c.Unique)
	require.Len(t, got, len(want), "case %d: %v", i, c.Values)
	for j := range want {
		require.True(t, sameSorted(want[j], got[j]), "case %d: %v: element %d %v, want %v", i, c.Values, j, got[j], want[j])
	}
}

// TestUniqueRandom checks every path (the table of counts, the value sort,
// the index sort) on random views and long inputs of several types
// against a naive reference.
func TestUniqueRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(53, 21))
	checkUniqueRandom[float32](t, r, sortValue[float32])
	checkUniqueRandom[float64](t, r, sortValue[float64])
	checkUniqueRandom[int8](t, r, sortValue[int8])
	checkUniqueRandom[uint16](t, r, sortValue[uint16])
	checkUniqueRandom[int32](t, r, sortValue[int32])
	checkUniqueRandom[int64](t, r, func(r *rand.Rand) int64 { return int64(r.IntN(5000)) - 2500 })
	checkUniqueRandom[uint64](t, r, func(r *rand.Rand) uint64 { return uint64(r.IntN(30000)) << 40 })
	checkUniqueRandom[int](t, r, func(r *rand.Rand) int { return r.IntN(100000) })
}

func checkUniqueRandom[T tensor.Real](t *testing.T, r *rand.Rand, gen func(*rand.Rand) T) {
	for iter := range 40 {
		shape := []int{1 + r.IntN(6), 1 + r.IntN(7)}
		if iter%8 == 0 && !raceEnabled {
			shape = []int{1 + r.IntN(300), 1 + r.IntN(300)}
		}
		v, _ := randomOperand(r, shape, gen)
		x := v.Clone().Data()
		// The reference: the first of each class of equal elements, in
		// the order of first occurrence, then sorted.
		type class struct{ first, count int }
		classOf := make([]int, len(x))
		cls := map[any]int{}
		var classes []class
		for i, e := range x {
			var key any = e
			if e != e {
				key = "NaN"
			} else if e == 0 {
				key = "0"
			}
			k, ok := cls[key]
			if !ok {
				k = len(classes)
				cls[key] = k
				classes = append(classes, class{first: i})
			}
			classes[k].count++
			classOf[i] = k
		}
		all, err := ops.UniqueAll(v)
		require.NoError(t, err)
		require.Len(t, all.Values.Data(), len(classes))
		rank := make([]int, len(classes)) // the class's index in the result
		for j, e := range all.Values.Data() {
			key := any(e)
			if e != e {
				key = "NaN"
			} else if e == 0 {
				key = "0"
			}
			k, ok := cls[key]
			require.True(t, ok, "%v", e)
			require.True(t, sameSorted(x[classes[k].first], e), "iteration %d: %v, want the first %v", iter, e, x[classes[k].first])
			require.Equal(t, classes[k].first, all.Indices.Data()[j])
			require.Equal(t, classes[k].count, all.Counts.Data()[j])
			rank[k] = j
			if j > 0 {
				require.Negative(t, sortCompare(all.Values.Data()[j-1], e), "ascending")
			}
		}
		inv := make([]int, len(x))
		for i := range x {
			inv[i] = rank[classOf[i]]
		}
		require.Equal(t, inv, all.Inverse.Data())
		u, counts, err := ops.UniqueCounts(v)
		require.NoError(t, err)
		require.Equal(t, all.Counts.Data(), counts.Data())
		for j, e := range u.Data() {
			require.True(t, sameSorted(all.Values.Data()[j], e), "%T iteration %d: UniqueCounts %v, UniqueAll %v", e, iter, e, all.Values.Data()[j])
		}

	}
}

func ExampleUnique() {
	labels := tensor.Must(tensor.FromSlice([]int{3, 1, 3, 2, 1, 3}))
	u, counts, _ := ops.UniqueCounts(labels)
	fmt.Println(u, counts)
	x := tensor.Must(tensor.FromSlice([]float64{2, math.NaN(), math.Copysign(0, -1), 2, 0, math.NaN()}, 2, 3))
	all, _ := ops.UniqueAll(x) // -0 equals +0, NaNs equal each other: NumPy's rule
	fmt.Println(all.Values, all.Indices, all.Counts)
	fmt.Println(all.Inverse)
	// Output:
	// [1 2 3] [2 1 3]
	// [-0.  2. nan] [2 0 1] [2 2 2]
	// [[1 2 0]
	//  [1 0 2]]
}
