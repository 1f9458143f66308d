package ops_test

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// searchCase is one case of testdata/numpy/search.json (gen_search.py).
type searchCase struct {
	Op, Dtype, Side             string
	Sorted, Values, Unique      []string
	Shape                       []int
	Out, First, Inverse, Counts []int
}

func loadSearchCases(t *testing.T, op string) []searchCase {
	t.Helper()
	raw, err := os.ReadFile("testdata/numpy/search.json")
	require.NoError(t, err)
	var fx struct{ Cases []searchCase }
	require.NoError(t, json.Unmarshal(raw, &fx))
	var cs []searchCase
	for _, c := range fx.Cases {
		if c.Op == op {
			cs = append(cs, c)
		}
	}
	require.NotEmpty(t, cs)
	return cs
}

// parseCase reads the values of a fixture as Ts.
func parseCase[T tensor.Real](t *testing.T, s []string) []T {
	t.Helper()
	x := make([]T, len(s))
	for i, e := range s {
		var err error
		x[i], err = parseRealValue[T](e)
		require.NoError(t, err, e)
	}
	return x
}

// fromShape returns a tensor of shape over x, rank 0 for an empty shape.
func fromShape[T tensor.Element](x []T, shape []int) tensor.View[T] {
	return tensor.Must(tensor.Must(tensor.FromSlice(x, len(x))).Reshape(shape...))
}

// runByDtype calls one of fs's type instances by the fixture's dtype.
func runByDtype(t *testing.T, dtype string, f32, f64, i8, u8, i16, u16, i32, u32, i64, u64 func()) {
	t.Helper()
	fs := map[string]func(){"float32": f32, "float64": f64, "int8": i8, "uint8": u8, "int16": i16,
		"uint16": u16, "int32": i32, "uint32": u32, "int64": i64, "uint64": u64}
	f, ok := fs[dtype]
	require.True(t, ok, dtype)
	f()
}

// TestSearchSortedNumPy checks SearchSorted against NumPy's searchsorted
// (testdata/numpy/search.json), both sides, every dtype, and the Into
// form into a transposed destination.
func TestSearchSortedNumPy(t *testing.T) {
	for i, c := range loadSearchCases(t, "SearchSorted") {
		runByDtype(t, c.Dtype,
			func() { checkSearchCase[float32](t, i, &c) }, func() { checkSearchCase[float64](t, i, &c) },
			func() { checkSearchCase[int8](t, i, &c) }, func() { checkSearchCase[uint8](t, i, &c) },
			func() { checkSearchCase[int16](t, i, &c) }, func() { checkSearchCase[uint16](t, i, &c) },
			func() { checkSearchCase[int32](t, i, &c) }, func() { checkSearchCase[uint32](t, i, &c) },
			func() { checkSearchCase[int64](t, i, &c) }, func() { checkSearchCase[uint64](t, i, &c) })
	}
}

func checkSearchCase[T tensor.Real](t *testing.T, i int, c *searchCase) {
	t.Helper()
	s := tensor.Must(tensor.FromSlice(parseCase[T](t, c.Sorted), len(c.Sorted)))
	v := fromShape(parseCase[T](t, c.Values), c.Shape)
	side := ops.SideLeft
	if c.Side == "right" {
		side = ops.SideRight
	}
	got, err := ops.SearchSorted(s, v, side)
	require.NoError(t, err)
	require.Equal(t, c.Shape, got.Shape())
	require.Equal(t, c.Out, got.Data(), "case %d: %s %v in %v, %s", i, c.Dtype, c.Values, c.Sorted, c.Side)
	// Into a destination laid out backwards.
	dst := tensor.Must(tensor.New[int](c.Shape...))
	flipped := dst.View()
	for k := range flipped.Rank() {
		flipped = tensor.Must(flipped.Flip(k))
	}
	require.NoError(t, ops.SearchSortedInto(flipped, s, v, side))
	require.Equal(t, c.Out, flipped.Clone().Data())
}

// TestSearchSortedRandom checks random views against a linear count, in
// the 1-D and the batched forms, with every side, for a float and an
// integer type.
func TestSearchSortedRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(53, 20))
	checkSearchRandom[float64](t, r)
	checkSearchRandom[int16](t, r)
}

func checkSearchRandom[T tensor.Real](t *testing.T, r *rand.Rand) {
	for iter := range 150 {
		lanes, m, n := 1+r.IntN(3), r.IntN(40), r.IntN(9)
		if iter%10 == 0 { // enough values for the merge (and some lanes of few)
			m, n = r.IntN(1500), 200+r.IntN(400)
		}
		batched := r.IntN(2) == 0
		sshape, vshape := []int{m}, []int{n, 1 + r.IntN(3)}
		if batched {
			sshape, vshape = []int{lanes, m}, []int{lanes, n}
		}
		sv, _ := randomOperand(r, sshape, sortValue[T])
		// Sort the lanes in place through a copy, then view them the way
		// they were drawn.
		sorted, err := ops.Sort(sv, -1)
		require.NoError(t, err)
		vv, _ := randomOperand(r, vshape, sortValue[T])
		for _, side := range []ops.Side{ops.SideLeft, ops.SideRight} {
			got, err := ops.SearchSorted(sorted, vv, side)
			require.NoError(t, err)
			require.Equal(t, vshape, got.Shape())
			sd, vd := sorted.Data(), vv.Clone().Data()
			for j, x := range vd {
				lane := sd
				if batched {
					b := j / n
					lane = sd[b*m : (b+1)*m]
				}
				want := 0
				for _, e := range lane {
					if c := sortCompare(e, x); c < 0 || c == 0 && side == ops.SideRight {
						want++
					}
				}
				require.Equal(t, want, got.Data()[j], "iteration %d %s: %v in %v", iter, side, x, lane)
			}
		}
	}
}

// TestSearchSortedErrors: a rank-0 sorted, leading axes that differ, an
// unknown side, a destination of another shape or that overlaps itself;
// nothing written. And a destination that shares memory with the input.
func TestSearchSortedErrors(t *testing.T) {
	s := tensor.Must(tensor.FromSlice([]int{1, 3, 5, 7, 9, 11}, 2, 3))
	_, err := ops.SearchSorted(tensor.Must(tensor.Full(1)), s, ops.SideLeft)
	require.ErrorIs(t, err, layout.ErrShape)
	require.ErrorContains(t, err, "ops: SearchSorted: sorted has rank 0")
	_, err = ops.SearchSorted(s, tensor.Must(tensor.New[int](3, 1)), ops.SideLeft)
	require.ErrorIs(t, err, layout.ErrShape)
	require.ErrorContains(t, err, "sorted [2 3] and values [3 1] differ before the last axis")
	_, err = ops.SearchSorted(s, tensor.Must(tensor.New[int](2)), ops.SideLeft)
	require.ErrorIs(t, err, layout.ErrShape)
	_, err = ops.SearchSorted(s, s, ops.Side(2))
	require.ErrorIs(t, err, layout.ErrArg)
	require.ErrorContains(t, err, "unknown side Side(2)")
	dst := tensor.Must(tensor.Full(-1, 3))
	require.ErrorIs(t, ops.SearchSortedInto(dst, s, s, ops.SideLeft), layout.ErrShape)
	require.Equal(t, []int{-1, -1, -1}, dst.Data())
	bc := tensor.Must(tensor.Must(tensor.Full(-1, 1, 3)).View().Expand(2, 3))
	require.ErrorIs(t, ops.SearchSortedInto(bc, s, s, ops.SideLeft), layout.ErrOverlap)
	// Into the values themselves: they are read from a copy.
	v := tensor.Must(tensor.FromSlice([]int{0, 3, 4, 9, 10, 12}, 2, 3))
	require.NoError(t, ops.SearchSortedInto(v, s, v, ops.SideRight))
	require.Equal(t, []int{0, 2, 2, 2, 2, 3}, v.Data())
	require.Equal(t, "right", ops.SideRight.String())
	// Nothing to search in: every index 0.
	z := tensor.Must(tensor.Full(7, 2, 2))
	require.NoError(t, ops.SearchSortedInto(z, tensor.Must(tensor.New[int](2, 0)), tensor.Must(tensor.New[int](2, 2)), ops.SideRight))
	require.Equal(t, []int{0, 0, 0, 0}, z.Data())
	empty, err := ops.SearchSorted(s, tensor.Must(tensor.New[int](2, 0)), ops.SideLeft)
	require.NoError(t, err)
	require.Equal(t, []int{2, 0}, empty.Shape())
	require.True(t, slices.Equal([]int{}, empty.Data()) || empty.Data() == nil)
}

func ExampleSearchSorted() {
	s := tensor.Must(tensor.FromSlice([]float64{1, 2, 2, 3, math.NaN()}))
	v := tensor.Must(tensor.FromSlice([]float64{2, 2.5, math.NaN(), 9}))
	left, _ := ops.SearchSorted(s, v, ops.SideLeft)
	right, _ := ops.SearchSorted(s, v, ops.SideRight)
	fmt.Println(left, right) // NaN sorts last, as in NumPy
	// Output: [1 3 4 4] [3 3 5 4]
}
