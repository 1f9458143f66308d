package ops

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tessera-go/tessera/internal/testkit"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/tensor"
)

// randomNaNView returns a random strided view of float32 values over up
// to 300 elements an axis with NaN among them, one in five, and random
// axes of it.
func randomNaNView(r *rand.Rand) (tensor.View[float32], []int) {
	rank := 1 + r.IntN(4)
	shape := make([]int, rank)
	for k := range shape {
		shape[k] = r.IntN(7)
		if r.IntN(4) == 0 {
			shape[k] = 1 + r.IntN(300)
		}
	}
	lay := testkit.RandomView(r, shape)
	_, hi := lay.Span()
	data := make([]float32, max(hi, 1))
	for i := range data {
		switch r.IntN(5) {
		case 0:
			data[i] = float32(math.NaN())
		default:
			data[i] = float32(math.Ldexp(r.NormFloat64(), r.IntN(30)))
		}
	}
	v, err := tensor.NewView(data, lay)
	if err != nil {
		panic(err)
	}
	var axes []int
	for k := range rank {
		if r.IntN(2) == 0 {
			axes = append(axes, k)
		}
	}
	return v, axes
}

// zeroNaN returns v's layout over a copy of its data with every NaN
// replaced by 0.
func zeroNaN(v tensor.View[float32]) tensor.View[float32] {
	data := slices.Clone(v.Data())
	for i, x := range data {
		if x != x {
			data[i] = 0
		}
	}
	z, err := tensor.NewView(data, v.Layout())
	if err != nil {
		panic(err)
	}
	return z
}

// randomIters is the number of random views TestNanSum and TestMapped
// draw: 300, or 60 under the race detector.
func randomIters() int {
	if raceOn {
		return 60
	}
	return 300
}

// requireSameBits requires got and want to hold the same values, bit for
// bit.
func requireSameBits(t *testing.T, want, got tensor.Tensor[float32], format string, args ...any) {
	t.Helper()
	require.Equal(t, want.Shape(), got.Shape())
	for i, w := range want.Data() {
		g := got.Data()[i]
		require.True(t, math.Float32bits(w) == math.Float32bits(g), "%s: element %d: got %v, want %v", fmt.Sprintf(format, args...), i, g, w)
	}
}

// TestNanSum checks the NaN-skipping sum, Sum's reducer reading each NaN
// as +0 (nanSumReducer): on random strided views with NaNs among the
// elements, along random axes, at several parallelisms, it gives the bits
// of Sum of the same view with its NaNs replaced by 0, in its own layout.
func TestNanSum(t *testing.T) {
	r := rand.New(rand.NewPCG(49, 1))
	defer tensor.SetParallelism(tensor.SetParallelism(0))
	for iter := range randomIters() {
		v, axes := randomNaNView(r)
		want, err := Sum(zeroNaN(v), axes...)
		require.NoError(t, err)
		tensor.SetParallelism(1 + iter%3)
		got, err := NanSum(v, axes...)
		require.NoError(t, err)
		requireSameBits(t, want, got, "iteration %d: %v over %v", iter, v.Layout(), axes)
	}
	_, err := NanSum(tensor.Must(tensor.New[float64](2, 3)).View(), 0, 0)
	require.ErrorContains(t, err, "ops: NanSum: duplicate axis 0 in [0 0]")
}

// mappedNanSum runs the mapped reduction of v over axes by Sum's reducer
// and the nanTo mapping (NaN to 0), the machinery of NanProd, NanMax and
// the variances, into a new tensor.
func mappedNanSum(v tensor.View[float32], axes ...int) (tensor.Tensor[float32], error) {
	return keptNew("mapped", v.Layout(), axes, false, func(d *operand[float32], shape []int, set uint64) error {
		p, err := planMapped("mapped", d, v, set)
		if err != nil {
			return err
		}
		var sc scratch
		defer sc.release()
		rd := sumReducer[float32]()
		runMapped(&p, rd, d, v, set, nanTo[float32](0), &sc)
		rd.finish(d.data)
		return nil
	})
}

// TestMapped checks the mapped reductions on the NaN-skipping sum: on
// random strided views with NaNs, along random axes, at several
// parallelisms and block sizes, the bits of Sum of the view with its NaNs
// replaced by 0, copied row-major.
func TestMapped(t *testing.T) {
	r := rand.New(rand.NewPCG(49, 3))
	defer tensor.SetParallelism(tensor.SetParallelism(0))
	for iter := range randomIters() {
		v, axes := randomNaNView(r)
		zeroed, err := Map(v, func(x float32) float32 {
			if x != x {
				return 0
			}
			return x
		})
		require.NoError(t, err)
		want, err := Sum(zeroed.View(), axes...)
		require.NoError(t, err)
		tensor.SetParallelism(1 + iter%3)
		old := SetVarBlock(1 << (8 + iter%13))
		got, err := mappedNanSum(v, axes...)
		SetVarBlock(old)
		require.NoError(t, err)
		requireSameBits(t, want, got, "iteration %d: %v over %v", iter, v.Layout(), axes)
	}
}

// TestMappedFlat checks the mapped reduction of a contiguous input into
// one result, cut into subtrees of its one run's leaves (mappedFlat): the
// bits of Sum of the input with its NaNs replaced by 0, for lengths around
// whole numbers of leaves, block sizes from a few leaves to one, every
// parallelism; and NanSum, which reads the NaN in the reducer, gives them
// too.
func TestMappedFlat(t *testing.T) {
	r := rand.New(rand.NewPCG(49, 2))
	defer tensor.SetParallelism(tensor.SetParallelism(0))
	for _, n := range []int{leafLen + 1, 2 * leafLen, 3*leafLen - 1, 7*leafLen + 100, 37 * leafLen} {
		data := make([]float32, n)
		for i := range data {
			data[i] = float32(math.Ldexp(r.NormFloat64(), r.IntN(30)))
			if r.IntN(7) == 0 {
				data[i] = float32(math.NaN())
			}
		}
		for _, shape := range [][]int{{n}, {1, n}} {
			lay, err := layout.RowMajor(shape...)
			require.NoError(t, err)
			v, err := tensor.NewView(data, lay)
			require.NoError(t, err)
			want, _ := Sum(zeroNaN(v))
			for _, block := range []int{1 << 12, 1 << 15, 1 << 17, 1 << 20} {
				for p := 1; p <= 3; p++ {
					tensor.SetParallelism(p)
					old := SetVarBlock(block)
					got, err := mappedNanSum(v)
					SetVarBlock(old)
					require.NoError(t, err)
					requireSameBits(t, want, got, "n %d shape %v block %d parallelism %d", n, shape, block, p)
					got, err = NanSum(v)
					require.NoError(t, err)
					requireSameBits(t, want, got, "NanSum: n %d shape %v parallelism %d", n, shape, p)
				}
			}
		}
	}
}

// TestNanSumLarge checks NanSum where the reducer splits its work: a
// float32 [4096, 600] (more than 8 MiB: the column sums split by rows,
// the row sums by the kept axis), [40000, 10] (narrow columns, widened)
// and [1<<20] (one run split into subtrees), with NaN one in three and a
// +Inf and a -Inf in the same column and row, whose sum is NaN: at every
// parallelism, the bits of Sum of the input with its NaN replaced by 0.
func TestNanSumLarge(t *testing.T) {
	if testing.Short() {
		t.Skip("large inputs")
	}
	r := rand.New(rand.NewPCG(49, 4))
	defer tensor.SetParallelism(tensor.SetParallelism(0))
	for _, shape := range [][]int{{4096, 600}, {40000, 10}, {1 << 20}} {
		lay, err := layout.RowMajor(shape...)
		require.NoError(t, err)
		data := make([]float32, lay.Size())
		for i := range data {
			data[i] = float32(math.Ldexp(r.NormFloat64(), r.IntN(30)))
			if r.IntN(3) == 0 {
				data[i] = float32(math.NaN())
			}
		}
		w := shape[len(shape)-1]
		data[5] = float32(math.Inf(1))
		if len(shape) == 2 { // -Inf down the column and along the row
			data[5+w], data[4] = float32(math.Inf(-1)), float32(math.Inf(-1))
		} else {
			data[9] = float32(math.Inf(-1))
		}
		v, err := tensor.NewView(data, lay)
		require.NoError(t, err)
		for _, axes := range [][]int{nil, {0}, {len(shape) - 1}} {
			want, err := Sum(zeroNaN(v), axes...)
			require.NoError(t, err)
			require.True(t, slices.ContainsFunc(want.Data(), func(x float32) bool { return x != x }), "%v over %v: no NaN sum", shape, axes)
			for p := 1; p <= 3; p++ {
				tensor.SetParallelism(p)
				got, err := NanSum(v, axes...)
				require.NoError(t, err)
				requireSameBits(t, want, got, "%v over %v, parallelism %d", shape, axes, p)
			}
		}
	}
}
