package ops

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tessera-go/tessera/internal/testkit"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/tensor"
)

// TestNanSum checks the NaN-skipping sum, a mapped reduction built from
// the sum's reducer and the nanTo mapping (NaN to 0): on random strided views with
// NaNs among the elements, along random axes, at several parallelisms and
// block sizes, it gives the bits of Sum of the view with its NaNs replaced
// by 0, copied row-major.
func TestNanSum(t *testing.T) {
	r := rand.New(rand.NewPCG(49, 1))
	defer tensor.SetParallelism(tensor.SetParallelism(0))
	for iter := range 300 {
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
		require.NoError(t, err)
		var axes []int
		for k := range rank {
			if r.IntN(2) == 0 {
				axes = append(axes, k)
			}
		}
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
		got, err := NanSum(v, axes...)
		SetVarBlock(old)
		require.NoError(t, err)
		require.Equal(t, want.Shape(), got.Shape())
		for i, w := range want.Data() {
			g := got.Data()[i]
			require.True(t, math.Float32bits(w) == math.Float32bits(g), "iteration %d: %v over %v (layout %v): element %d: got %v, want %v", iter, shape, axes, lay, i, g, w)
		}
	}
	_, err := NanSum(tensor.Must(tensor.New[float64](2, 3)).View(), 0, 0)
	require.ErrorContains(t, err, "ops: NanSum: duplicate axis 0 in [0 0]")
}

// TestNanSumFlat checks the mapped reduction of a contiguous input into
// one result, cut into subtrees of its one run's leaves (mappedFlat): the
// bits of Sum of the input with its NaNs replaced by 0, for lengths around
// whole numbers of leaves, block sizes from a few leaves to one, every
// parallelism.
func TestNanSumFlat(t *testing.T) {
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
			zeroed, _ := Map(v, func(x float32) float32 {
				if x != x {
					return 0
				}
				return x
			})
			want, _ := Sum(zeroed.View())
			for _, block := range []int{1 << 12, 1 << 15, 1 << 17, 1 << 20} {
				for p := 1; p <= 3; p++ {
					tensor.SetParallelism(p)
					old := SetVarBlock(block)
					got, err := NanSum(v)
					SetVarBlock(old)
					require.NoError(t, err)
					require.Equal(t, math.Float32bits(want.Data()[0]), math.Float32bits(got.Data()[0]), "n %d shape %v block %d parallelism %d", n, shape, block, p)
				}
			}
		}
	}
}
