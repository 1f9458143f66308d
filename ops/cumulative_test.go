package ops_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tessera-go/tessera/internal/naive"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// scanRef is NumPy's cumsum (cumprod) of a along axis: each element along
// it combined in order with the result before it.
func scanRef[T tensor.Number](a naive.Array[T], axis int, f func(x, y T) T) naive.Array[T] {
	out := naive.Array[T]{Shape: a.Shape, Data: make([]T, len(a.Data))}
	stride := 1
	for k := len(a.Shape) - 1; k > axis; k-- {
		stride *= a.Shape[k]
	}
	for p, x := range a.Data {
		if naive.Unravel(a.Shape, p)[axis] == 0 {
			out.Data[p] = x
			continue
		}
		out.Data[p] = f(out.Data[p-stride], x)
	}
	return out
}

type scanCase[T tensor.Number] struct {
	name  string
	alloc func(v tensor.View[T], axis int) (tensor.Tensor[T], error)
	into  func(dst, v tensor.View[T], axis int) error
	f     func(x, y T) T
}

func scanCases[T tensor.Number]() []scanCase[T] {
	return []scanCase[T]{
		{"CumSum", ops.CumSum[T, tensor.View[T]], ops.CumSumInto[T, tensor.View[T], tensor.View[T]], func(x, y T) T { return x + y }},
		{"CumProd", ops.CumProd[T, tensor.View[T]], ops.CumProdInto[T, tensor.View[T], tensor.View[T]], func(x, y T) T { return x * y }},
	}
}

// checkScan runs CumSum and CumProd on random views along a random axis,
// new, into a random view, and in place, against scanRef.
func checkScan[T tensor.Number](t *testing.T, r *rand.Rand, gen func(*rand.Rand) T, iters, maxDim int) {
	t.Helper()
	for iter := range iters {
		rank := 1 + r.IntN(4)
		shape := randomShape(r, rank, maxDim)
		v, rv := randomOperand(r, shape, gen)
		axis := r.IntN(rank)
		arg := axis
		if r.IntN(3) == 0 {
			arg -= rank
		}
		for _, c := range scanCases[T]() {
			want := scanRef(rv, axis, c.f)
			got, err := c.alloc(v, arg)
			require.NoError(t, err)
			require.Equal(t, shape, got.Shape())
			require.True(t, equalValues(want.Data, got.Data()), "iteration %d: %s of %v along %d: got %v, want %v", iter, c.name, shape, arg, got.Data(), want.Data)
			dst, _ := randomOperand(r, shape, gen)
			if dst.Layout().Overlapping() {
				require.ErrorIs(t, c.into(dst, v, arg), layout.ErrOverlap)
			} else {
				require.NoError(t, c.into(dst, v, arg))
				require.True(t, equalValues(want.Data, values(dst).Data), "%s Into", c.name)
			}
			if v.Layout().Overlapping() {
				continue
			}
			in := v.Clone().View() // the same values, in place
			require.NoError(t, c.into(in, in, arg))
			require.True(t, equalValues(want.Data, values(in).Data), "%s in place", c.name)
		}
	}
}

// TestScanRandom checks the cumulative reductions on random views
// (transposed, stepped, flipped, broadcast), along every axis, for several
// element types; float values are dyadic, so every order rounds alike.
func TestScanRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(51, 52))
	iters := 300
	if testing.Short() {
		iters = 100
	}
	dyadic := []float64{-2, -1, -0.5, 0.5, 1, 2}
	checkScan(t, r, func(r *rand.Rand) float64 { return dyadic[r.IntN(len(dyadic))] }, iters, 6)
	checkScan(t, r, func(r *rand.Rand) float32 { return float32(dyadic[r.IntN(len(dyadic))]) }, iters, 6)
	checkScan(t, r, func(r *rand.Rand) int32 { return int32(r.IntN(2001) - 1000) }, iters, 40)
	checkScan(t, r, func(r *rand.Rand) uint8 { return uint8(r.IntN(256)) }, iters/2, 40)
	checkScan(t, r, func(r *rand.Rand) complex64 { return complex(float32(r.IntN(3)-1), float32(r.IntN(3)-1)) }, iters/2, 6)
}

// TestScanLarge scans both axes of a matrix and of its transpose, large
// enough for the row-after-row kernels and for several goroutines.
func TestScanLarge(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	m := tensor.Must(tensor.New[int64](300, 700))
	for i := range m.Data() {
		m.Data()[i] = int64(r.IntN(1000))
	}
	f := tensor.Must(tensor.New[float64](300, 700))
	for i := range f.Data() {
		f.Data()[i] = float64(r.IntN(9) - 4)
	}
	add64 := func(x, y int64) int64 { return x + y }
	views := []tensor.View[int64]{m.View(), tensor.Must(ops.Transpose(m.View(), 0, 1)), tensor.Must(ops.Flip(m.View(), 1))}
	var want [3][2][]int64 // computed once: the reference is the slow part
	var wantF [2][]float64
	for k, v := range views {
		for axis := range 2 {
			want[k][axis] = scanRef(values(v), axis, add64).Data
		}
	}
	for axis := range 2 {
		wantF[axis] = scanRef(values(f.View()), axis, func(x, y float64) float64 { return x + y }).Data
	}
	for _, procs := range []int{1, 2, 4} {
		old := tensor.SetParallelism(procs)
		for k, v := range views {
			for axis := range 2 {
				got, err := ops.CumSum(v, axis)
				require.NoError(t, err)
				require.Equal(t, want[k][axis], got.Data(), "procs %d axis %d", procs, axis)
			}
		}
		for axis := range 2 {
			got, err := ops.CumSum(f.View(), axis)
			require.NoError(t, err)
			require.Equal(t, wantF[axis], got.Data(), "procs %d axis %d", procs, axis)
		}
		tensor.SetParallelism(old)
	}
}

// TestScanErrors checks the errors and that nothing is written on error.
func TestScanErrors(t *testing.T) {
	x := tensor.Must(tensor.FromSlice([]float64{1, 2, 3, 4, 5, 6}, 2, 3))
	_, err := ops.CumSum(x.View(), 2)
	assert.ErrorIs(t, err, layout.ErrAxis)
	assert.ErrorContains(t, err, "ops: CumSum: axis 2 out of range for rank 2")
	_, err = ops.CumProd(tensor.Must(tensor.Full[int](3)).View(), 0)
	assert.ErrorIs(t, err, layout.ErrAxis, "a rank-0 view has no axis")
	dst := tensor.Must(tensor.Full[float64](-1, 3, 2))
	err = ops.CumSumInto(dst.View(), x.View(), 0)
	assert.ErrorIs(t, err, layout.ErrShape)
	assert.ErrorContains(t, err, "ops: CumSumInto:")
	bl, err := layout.Strided([]int{2, 3}, []int{0, 1}, 0)
	require.NoError(t, err)
	over := tensor.Must(tensor.NewView(dst.Data(), bl))
	assert.ErrorIs(t, ops.CumProdInto(over, x.View(), 1), layout.ErrOverlap)
	assert.ErrorIs(t, ops.CumProdInto(dst.View(), x.View(), -3), layout.ErrAxis)
	assert.Equal(t, []float64{-1, -1, -1, -1, -1, -1}, dst.Data(), "nothing is written on error")
}

// TestScanOverlap scans into a view that overlaps the input differently
// than element for element: the result is that of a snapshot.
func TestScanOverlap(t *testing.T) {
	x := tensor.Must(tensor.FromSlice([]int{1, 2, 3, 4}, 4))
	rev := tensor.Must(ops.Flip(x.View(), 0))
	require.NoError(t, ops.CumSumInto(rev, x.View(), 0))
	assert.Equal(t, []int{10, 6, 3, 1}, x.Data())
}
