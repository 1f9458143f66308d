package ops_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tessera-go/tessera/internal/naive"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// candidate is an element and its index: what an index reduction
// compares.
type candidate[T any] struct {
	v T
	i int
}

// argRef is NumPy's argmax (max) or argmin of a over axis (-1: the flat
// index), the reduced axis kept as size 1: the elements are visited in
// row-major order, so along the axis and in flat order alike the first
// best wins; NaN beats every number.
func argRef[T tensor.Real](a naive.Array[T], axis int, max bool) naive.Array[int] {
	c := naive.Array[candidate[T]]{Shape: a.Shape, Data: make([]candidate[T], len(a.Data))}
	set := make([]bool, len(a.Shape))
	for k := range set {
		set[k] = axis < 0 || k == axis
	}
	for p, x := range a.Data {
		i := p
		if axis >= 0 {
			i = naive.Unravel(a.Shape, p)[axis]
		}
		c.Data[p] = candidate[T]{x, i}
	}
	beats := func(x, y T) bool {
		if x != x {
			return y == y
		}
		if max {
			return x > y
		}
		return x < y
	}
	red := naiveReduce(c, set, func(x, y candidate[T]) candidate[T] {
		if beats(y.v, x.v) {
			return y
		}
		return x
	}, candidate[T]{})
	out := naive.Array[int]{Shape: red.Shape, Data: make([]int, len(red.Data))}
	for k, x := range red.Data {
		out.Data[k] = x.i
	}
	return out
}

type argCase[T tensor.Real] struct {
	name  string
	max   bool
	alloc func(v tensor.View[T], axis ...int) (tensor.Tensor[int], error)
	keep  func(v tensor.View[T], axis ...int) (tensor.Tensor[int], error)
	into  func(dst tensor.View[int], v tensor.View[T], axis ...int) error
}

func argCases[T tensor.Real]() []argCase[T] {
	return []argCase[T]{
		{"ArgMax", true, ops.ArgMax[T, tensor.View[T]], ops.ArgMaxKeepDims[T, tensor.View[T]], ops.ArgMaxInto[T, tensor.View[int], tensor.View[T]]},
		{"ArgMin", false, ops.ArgMin[T, tensor.View[T]], ops.ArgMinKeepDims[T, tensor.View[T]], ops.ArgMinInto[T, tensor.View[int], tensor.View[T]]},
	}
}

// checkArg runs ArgMax and ArgMin on random views (axes up to 5 long, one
// up to maxDim), along a random axis or none, in the three forms, against
// argRef.
func checkArg[T tensor.Real](t *testing.T, r *rand.Rand, gen func(*rand.Rand) T, iters, maxDim int) {
	t.Helper()
	for iter := range iters {
		rank := r.IntN(5)
		shape := randomShape(r, rank, maxDim)
		v, rv := randomOperand(r, shape, gen)
		axis, ref := []int(nil), -1
		if rank > 0 && r.IntN(4) != 0 {
			ref = r.IntN(rank)
			axis = []int{ref}
			if r.IntN(3) == 0 {
				axis[0] -= rank
			}
		}
		set := make([]bool, rank)
		for k := range set {
			set[k] = ref < 0 || k == ref
		}
		keep, drop := argRef(rv, ref, true).Shape, dropReduced(shape, set)
		for _, c := range argCases[T]() {
			got, err := c.keep(v, axis...)
			if naive.Size(shape) == 0 && naive.Size(keep) > 0 {
				require.ErrorIs(t, err, ops.ErrEmpty, "%s of %v along %v", c.name, shape, axis)
				_, err = c.alloc(v, axis...)
				require.ErrorIs(t, err, ops.ErrEmpty)
				continue
			}
			want := argRef(rv, ref, c.max)
			require.NoError(t, err)
			require.Equal(t, want.Shape, got.Shape())
			require.Equal(t, want.Data, got.Data(), "iteration %d: %s of %v along %v: %v", iter, c.name, shape, axis, rv.Data)
			got, err = c.alloc(v, axis...)
			require.NoError(t, err)
			require.Equal(t, drop, nilIfEmpty(got.Shape()))
			require.Equal(t, want.Data, got.Data())
			dshape := keep
			if r.IntN(2) == 0 {
				dshape = drop
			}
			dst, _ := randomOperand(r, dshape, func(r *rand.Rand) int { return -7 })
			if dst.Layout().Overlapping() {
				require.ErrorIs(t, c.into(dst, v, axis...), layout.ErrOverlap)
				continue
			}
			require.NoError(t, c.into(dst, v, axis...))
			require.Equal(t, want.Data, values(dst).Data, "%s Into", c.name)
		}
	}
}

// TestArgRandom checks ArgMax and ArgMin on random views (transposed,
// stepped, flipped, broadcast) with many ties, NaN, -0 and +0, and every
// kind of element.
func TestArgRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	iters := 300
	if testing.Short() {
		iters = 100
	}
	specials := []float64{math.NaN(), math.Inf(1), math.Inf(-1), math.Copysign(0, -1), 0}
	f64 := func(r *rand.Rand) float64 {
		if r.IntN(20) == 0 {
			return specials[r.IntN(len(specials))]
		}
		return float64(r.IntN(9) - 4)
	}
	checkArg(t, r, f64, iters, 5)
	checkArg(t, r, func(r *rand.Rand) float32 { return float32(f64(r)) }, iters, 5)
	checkArg(t, r, func(r *rand.Rand) int32 { return int32(r.IntN(9) - 4) }, iters, 5)
	checkArg(t, r, func(r *rand.Rand) uint8 { return uint8(r.IntN(256)) }, iters/2, 5)
	// Longer axes: several blocks of the vector search.
	f32 := func(r *rand.Rand) float32 {
		if r.IntN(50_000) == 0 {
			return float32(math.NaN())
		}
		return float32(r.IntN(1000))
	}
	checkArg(t, r, f32, iters/10, 3000)
}

// TestArgBlocks places the extreme, its ties and NaNs at every kind of
// position of a long unit-stride run, which simd.ArgRows reads as four
// parts (2496 elements each with AVX-512, 2500 with AVX2, then a tail)
// and goroutines split: the first element, a part's first and last, the
// tail's first, the last element; a tie in an earlier and in a later
// part.
func TestArgBlocks(t *testing.T) {
	const n = 10_000
	for _, procs := range []int{1, 2, 4} {
		old := tensor.SetParallelism(procs)
		for _, at := range []int{0, 1, 2495, 2496, 2500, 4992, 7499, 9984, n - 1} {
			for _, tie := range []int{-1, 0, 100, 2496, 5000, n - 1} {
				for _, nan := range []int{-1, 3, 2499, 7488, 9990} {
					x := make([]float64, n)
					for i := range x {
						x[i] = float64(i % 7)
					}
					x[at] = 100
					if tie >= 0 {
						x[tie] = 100
					}
					if nan >= 0 {
						x[nan] = math.NaN()
					}
					want := at
					if tie >= 0 && tie < at {
						want = tie
					}
					if nan >= 0 {
						want = nan
					}
					v := tensor.Must(tensor.FromSlice(x, n)).View()
					got, err := ops.ArgMax(v)
					require.NoError(t, err)
					require.Equal(t, want, got.At(), "extreme at %d, tie at %d, NaN at %d", at, tie, nan)
					got, err = ops.ArgMax(v, 0)
					require.NoError(t, err)
					require.Equal(t, want, got.At())
					// Negated, the same position is the minimum.
					for i := range x {
						x[i] = -x[i]
					}
					got, err = ops.ArgMin(v, -1)
					require.NoError(t, err)
					require.Equal(t, want, got.At())
					// Flipped, the index counts from the other end:
					// the first of the ties there is the last here.
					f := tensor.Must(ops.Flip(v, 0))
					got, err = ops.ArgMin(f)
					require.NoError(t, err)
					wantF := n - 1 - max(at, tie)
					if nan >= 0 {
						wantF = n - 1 - nan
					}
					require.Equal(t, wantF, got.At(), "flipped: extreme at %d, tie at %d, NaN at %d", at, tie, nan)
				}
			}
		}
		tensor.SetParallelism(old)
	}
}

// TestArgLarge checks the flat index and both axes of a matrix large
// enough to be split among goroutines, with the maximum in several
// places.
func TestArgLarge(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	m := tensor.Must(tensor.New[float32](700, 900))
	for i := range m.Data() {
		m.Data()[i] = float32(r.IntN(1 << 20))
	}
	m.Set(1<<21, 650, 17)
	m.Set(1<<21, 650, 3)
	m.Set(1<<21, 699, 0)
	// The references are computed once: the naive search is the slow
	// part, most of all under the race detector.
	views := []tensor.View[float32]{m.View(), tensor.Must(ops.Transpose(m.View(), 0, 1))}
	type refs struct {
		flat     []int
		max, min [2][]int
	}
	want := make([]refs, len(views))
	for k, v := range views {
		rv := values(v)
		want[k].flat = argRef(rv, -1, true).Data
		for axis := range 2 {
			want[k].max[axis] = argRef(rv, axis, true).Data
			want[k].min[axis] = argRef(rv, axis, false).Data
		}
	}
	for _, procs := range []int{1, 2, 3, 4} {
		old := tensor.SetParallelism(procs)
		for k, v := range views {
			got, err := ops.ArgMax(v)
			require.NoError(t, err)
			require.Equal(t, want[k].flat, got.Data(), "procs %d", procs)
			for axis := range 2 {
				got, err := ops.ArgMax(v, axis)
				require.NoError(t, err)
				require.Equal(t, want[k].max[axis], got.Data(), "procs %d axis %d", procs, axis)
				got, err = ops.ArgMin(v, axis)
				require.NoError(t, err)
				require.Equal(t, want[k].min[axis], got.Data(), "procs %d axis %d", procs, axis)
			}
		}
		tensor.SetParallelism(old)
	}
}

// TestArgErrors checks the errors and that nothing is written on error.
func TestArgErrors(t *testing.T) {
	x := tensor.Must(tensor.New[float32](2, 3))
	_, err := ops.ArgMax(x.View(), 0, 1)
	assert.ErrorIs(t, err, layout.ErrAxis)
	assert.ErrorContains(t, err, "ops: ArgMax: axes [0 1]: one axis or none")
	_, err = ops.ArgMinKeepDims(x.View(), -3)
	assert.ErrorIs(t, err, layout.ErrAxis)
	assert.ErrorContains(t, err, "ops: ArgMinKeepDims: axis -3 out of range for rank 2")
	_, err = ops.ArgMax(tensor.Must(tensor.New[float64](0, 3)).View(), 0)
	assert.ErrorIs(t, err, ops.ErrEmpty)
	assert.ErrorContains(t, err, "ops: ArgMax: shape [0 3] along axes [0]: no elements to choose from")
	got, err := ops.ArgMax(tensor.Must(tensor.New[float64](0, 3)).View(), 1)
	require.NoError(t, err, "reducing into no elements")
	assert.Equal(t, []int{0}, got.Shape())
	_, err = ops.ArgMin(tensor.Must(tensor.New[int8](0)).View())
	assert.ErrorIs(t, err, ops.ErrEmpty)
	got, err = ops.ArgMax(tensor.Must(tensor.Full[int8](4)).View())
	require.NoError(t, err, "a rank-0 view's flat index")
	assert.Equal(t, 0, got.At())

	dst := tensor.Must(tensor.Full(-1, 4))
	err = ops.ArgMaxInto(dst.View(), x.View(), 0)
	assert.ErrorIs(t, err, layout.ErrShape)
	assert.ErrorContains(t, err, "ops: ArgMaxInto: destination shape [4] is neither [3] nor [1 3]")
	bl, err := layout.Strided([]int{3}, []int{0}, 0)
	require.NoError(t, err)
	over := tensor.Must(tensor.NewView(dst.Data(), bl))
	assert.ErrorIs(t, ops.ArgMinInto(over, x.View(), 0), layout.ErrOverlap)
	assert.ErrorIs(t, ops.ArgMinInto(dst.View(), x.View(), 0, 1), layout.ErrAxis)
	assert.Equal(t, []int{-1, -1, -1, -1}, dst.Data(), "nothing is written on error")
}

// TestArgInPlace writes the indices of an int matrix into its own first
// row.
func TestArgInPlace(t *testing.T) {
	x := tensor.Must(tensor.FromSlice([]int{5, 1, 9, 7, 8, 2}, 2, 3))
	row := tensor.Must(ops.Select(x.View(), 0, 0))
	require.NoError(t, ops.ArgMaxInto(row, x.View(), 0))
	assert.Equal(t, []int{1, 1, 0, 7, 8, 2}, x.Data())
}

// TestArgMaxRowBatches covers the search along rows that reads four rows
// at once (simd.ArgRows): row counts that are and are not multiples of
// four, more than a batch of runs (64), rows longer than a kernel call
// reads, rows at a constant stride
// and not (a sliced middle axis), ties
// (the first index wins) and NaNs (the first NaN wins), against a plain
// loop.
func TestArgMaxRowBatches(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	for _, shape := range [][]int{{1, 64}, {3, 100}, {4, 128}, {9, 33}, {2, 5, 96}, {7, 4096}, {5, 70001}, {130, 10}, {65, 33}, {3, 70, 17}, {200, 1}} {
		size := 1
		for _, d := range shape {
			size *= d
		}
		data := make([]float32, size)
		last := shape[len(shape)-1]
		for i := range data {
			// Many ties within a row, and every row's extremes its own.
			data[i] = float32(r.IntN(7) + 10*(i/last))
			if r.IntN(500) == 0 {
				data[i] = float32(math.NaN())
			}
		}
		v := tensor.Must(tensor.FromSlice(data, shape...)).View()
		views := []tensor.View[float32]{v, tensor.Must(v.Flip(0))}
		if len(shape) == 3 {
			views = append(views, tensor.Must(v.Slice(1, 0, 3, 1))) // rows not at one stride
		}
		for _, w := range views {
			for _, op := range []string{"max", "min"} {
				var got tensor.Tensor[int]
				var err error
				if op == "max" {
					got, err = ops.ArgMax(w, -1)
				} else {
					got, err = ops.ArgMin(w, -1)
				}
				require.NoError(t, err)
				flat := tensor.Must(w.Reshape(w.Size()/last, last))
				for k := range w.Size() / last {
					want, b := 0, flat.At(k, 0)
					for j := 1; j < last; j++ {
						x := flat.At(k, j)
						if b != b {
							break
						}
						if x != x || op == "max" && x > b || op == "min" && x < b {
							want, b = j, x
						}
					}
					require.Equal(t, want, got.Data()[k], "%s %v %v row %d", op, shape, w.Layout(), k)
				}
			}
		}
	}
}
