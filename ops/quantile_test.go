package ops_test

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tessera-go/tessera/internal/testlevel"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

type quantileCase struct {
	Op, Dtype, Q, Method  string
	Shape, Axes, OutShape []int
	Values, Out           []string
	OutShapeJSON          []int `json:"out_shape"`
}

// TestQuantileNumPy checks Quantile, NanQuantile, Median and NanMedian
// against NumPy's answers (testdata/numpy/quantile.json, made by
// gen_quantile.py), bit for bit in the dtype. Where NumPy 1.24 gives NaN
// for a lane without NaN (its interpolation with weight 0 next to an
// infinity), the lane must hold an infinity and the result is the
// element (see Quantile).
func TestQuantileNumPy(t *testing.T) {
	raw, err := os.ReadFile("testdata/numpy/quantile.json")
	require.NoError(t, err)
	var fx struct {
		Cases []quantileCase
	}
	require.NoError(t, json.Unmarshal(raw, &fx))
	require.Len(t, fx.Cases, 400)
	// At every level: short lanes are sorted where the level has a
	// sorting network, selected from elsewhere.
	testlevel.ForEachLevel(t, func(t *testing.T) {
		differ := 0
		for i, c := range fx.Cases {
			if c.Dtype == "float32" {
				differ += checkQuantileCase[float32](t, i, c)
			} else {
				differ += checkQuantileCase[float64](t, i, c)
			}
		}
		t.Logf("%d results where NumPy 1.24 gives NaN next to an infinity", differ)
	})
}

func checkQuantileCase[T tensor.Float](t *testing.T, i int, c quantileCase) int {
	t.Helper()
	data := make([]T, len(c.Values))
	hasInf := false
	for j, s := range c.Values {
		f, err := strconv.ParseFloat(s, 64)
		require.NoError(t, err)
		data[j] = T(f)
		hasInf = hasInf || math.IsInf(f, 0)
	}
	x := tensor.Must(tensor.FromSlice(data, c.Shape...))
	var got tensor.Tensor[T]
	var err error
	methods := map[string]ops.QuantileMethod{"linear": ops.QuantileLinear, "lower": ops.QuantileLower,
		"higher": ops.QuantileHigher, "nearest": ops.QuantileNearest, "midpoint": ops.QuantileMidpoint}
	switch c.Op {
	case "Median":
		got, err = ops.Median(x, c.Axes...)
	case "NanMedian":
		got, err = ops.NanMedian(x, c.Axes...)
	default:
		q, perr := strconv.ParseFloat(c.Q, 64)
		require.NoError(t, perr)
		m, ok := methods[c.Method]
		require.True(t, ok)
		if c.Op == "Quantile" {
			got, err = ops.Quantile(x, q, m, c.Axes...)
		} else {
			got, err = ops.NanQuantile(x, q, m, c.Axes...)
		}
	}
	require.NoError(t, err, "case %d", i)
	require.Equal(t, c.OutShapeJSON, got.Shape(), "case %d", i)
	differ := 0
	for j, s := range c.Out {
		f, _ := strconv.ParseFloat(s, 64)
		want, g := T(f), got.Data()[j]
		if want != want && g == g {
			require.True(t, hasInf, "case %d %s %s %s element %d: got %v, NumPy NaN, and no infinity", i, c.Op, c.Method, c.Q, j, g)
			differ++
			continue
		}
		if want != want && g != g {
			continue // NaN: the sign and payload of an arithmetic NaN are the machine's
		}
		if want == 0 && g == 0 && c.Method != "linear" && c.Method != "midpoint" {
			continue // an element of a lane with both zeros: which one NumPy's partition leaves is its own
		}
		require.True(t, sameSorted(want, g), "case %d %s %s q=%s axes %v of %v: element %d: got %v, want %v",
			i, c.Op, c.Method, c.Q, c.Axes, c.Values, j, g, want)
	}
	return differ
}

// TestQuantileForms checks the KeepDims and Into forms against the plain
// ones, Into a transposed destination and into the input itself.
func TestQuantileForms(t *testing.T) {
	x := tensor.Must(tensor.FromSlice([]float64{3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8}, 3, 4))
	med, err := ops.Median(x, 1)
	require.NoError(t, err)
	require.Equal(t, []float64{2, 5.5, 5}, med.Data())
	kd, err := ops.MedianKeepDims(x, 1)
	require.NoError(t, err)
	require.Equal(t, []int{3, 1}, kd.Shape())
	q, err := ops.QuantileKeepDims(x, 0.25, ops.QuantileLinear, 0)
	require.NoError(t, err)
	require.Equal(t, []int{1, 4}, q.Shape())
	require.Equal(t, []float64{4, 2, 3, 3.5}, q.Data())
	into := tensor.Must(tensor.Full(-1.0, 4))
	require.NoError(t, ops.QuantileInto(into, x, 0.25, ops.QuantileLinear, 0))
	require.Equal(t, q.Data(), into.Data())
	all, err := ops.NanQuantile(x, 1, ops.QuantileLower)
	require.NoError(t, err)
	require.Equal(t, []int{}, all.Shape())
	require.Equal(t, []float64{9}, all.Data())
	// Into the input's own first column (shares memory).
	col := tensor.Must(x.View().Select(1, 0))
	require.NoError(t, ops.NanMedianInto(col, x, 1))
	require.Equal(t, []float64{2, 5.5, 5}, col.Clone().Data())
	require.NoError(t, ops.MedianInto(tensor.Must(tensor.New[float32](2)), tensor.Must(tensor.FromSlice([]float32{1, 2, 3, 4}, 2, 2)), 0))
	require.NoError(t, ops.NanQuantileInto(tensor.Must(tensor.New[float32](1, 2)), tensor.Must(tensor.FromSlice([]float32{1, 2, 3, 4}, 2, 2)), 0.5, ops.QuantileNearest, 0))
}

// TestQuantileErrors: q outside [0, 1] or NaN, an unknown method, a bad
// axis, an empty reduction, a destination of another shape.
func TestQuantileErrors(t *testing.T) {
	x := tensor.Must(tensor.FromSlice([]float64{3, 1, 2, 0}, 2, 2))
	for _, q := range []float64{-0.1, 1.5, math.NaN()} {
		_, err := ops.Quantile(x, q, ops.QuantileLinear)
		require.ErrorIs(t, err, layout.ErrArg)
		require.ErrorContains(t, err, "ops: Quantile: q")
	}
	_, err := ops.Quantile(x, 0.5, ops.QuantileMethod(9))
	require.ErrorIs(t, err, layout.ErrArg)
	require.ErrorContains(t, err, "unknown method")
	_, err = ops.Median(x, 2)
	require.ErrorIs(t, err, layout.ErrAxis)
	_, err = ops.NanMedian(tensor.Must(tensor.New[float32](3, 0)), 1)
	require.ErrorIs(t, err, ops.ErrEmpty)
	dst := tensor.Must(tensor.Full(-1.0, 3))
	require.ErrorIs(t, ops.MedianInto(dst, x, 0), layout.ErrShape)
	require.Equal(t, []float64{-1, -1, -1}, dst.Data())
	require.Equal(t, "midpoint", ops.QuantileMidpoint.String())
	_, err = ops.Quantile(x, 0.5, ops.QuantileMethod(12))
	require.ErrorContains(t, err, "ops: Quantile: unknown method QuantileMethod(12)")
}

func ExampleQuantile() {
	x := tensor.Must(tensor.FromSlice([]float64{1, 2, 3, 4, 10}))
	q, _ := ops.Quantile(x, 0.9, ops.QuantileLinear)
	lo, _ := ops.Quantile(x, 0.9, ops.QuantileLower)
	fmt.Println(q, lo) // as NumPy's: 4 + (10-4)*0.6, from 10's side
	// Output: 7.6000000000000005 4.0
}

func ExampleMedian() {
	x := tensor.Must(tensor.FromSlice([]float32{5, 1, math.Float32frombits(0x7fc00000), 3, 2, 4}, 2, 3))
	m, _ := ops.Median(x, 1)    // a NaN makes its row's median NaN
	n, _ := ops.NanMedian(x, 1) // NaN left out
	fmt.Println(m, n)
	// Output: [nan  3.] [3. 3.]
}

// The median of integers, as NumPy's np.median: of their float64
// conversion.
func ExampleMedian_integers() {
	x := tensor.Must(tensor.FromSlice([]int32{7, 1, 4, 2}))
	f, _ := ops.Convert[float64](x)
	m, _ := ops.Median(f)
	fmt.Println(m.Item())
	// Output: 3 <nil>
}

// TestQuantileViews checks the quantiles of random views (permuted,
// stepped, flipped, broadcast) over random axes against those of their
// row-major copies, which the NumPy fixtures check.
func TestQuantileViews(t *testing.T) {
	r := rand.New(rand.NewPCG(53, 9))
	for iter := range 200 {
		rank := 1 + r.IntN(4)
		shape := make([]int, rank)
		for k := range shape {
			shape[k] = 1 + r.IntN(7)
		}
		v, _ := randomOperand(r, shape, sortValue[float64])
		var axes []int
		for k := range rank {
			if r.IntN(2) == 0 {
				axes = append(axes, k)
			}
		}
		q := r.Float64()
		m := ops.QuantileMethod(r.IntN(5))
		c := v.Clone()
		for _, f := range []func(tensor.View[float64]) (tensor.Tensor[float64], error){
			func(x tensor.View[float64]) (tensor.Tensor[float64], error) { return ops.Quantile(x, q, m, axes...) },
			func(x tensor.View[float64]) (tensor.Tensor[float64], error) { return ops.NanQuantile(x, q, m, axes...) },
			func(x tensor.View[float64]) (tensor.Tensor[float64], error) { return ops.Median(x, axes...) },
			func(x tensor.View[float64]) (tensor.Tensor[float64], error) { return ops.NanMedian(x, axes...) },
		} {
			got, err := f(v)
			require.NoError(t, err)
			want, err := f(c.View())
			require.NoError(t, err)
			require.Equal(t, want.Shape(), got.Shape())
			for i, w := range want.Data() {
				require.True(t, sameSorted(w, got.Data()[i]) || w != w && got.Data()[i] != got.Data()[i], "iteration %d %v axes %v: element %d", iter, v.Layout(), axes, i)
			}
		}
	}
}

// TestPercentile checks the percentiles against the quantiles at p/100,
// in every form, NumPy's answers for a few, and the errors of p.
func TestPercentile(t *testing.T) {
	r := rand.New(rand.NewPCG(53, 10))
	x := tensor.Must(tensor.FromSlice([]float64{0.1, 0.7, 0.3, 0.9, 0.5, 0.2, 0.8}))
	for p, want := range map[float64]float64{7: 0.14200000000000002, 29: 0.27399999999999997, 100: 0.9} {
		got, err := ops.Percentile(x, p, ops.QuantileLinear)
		require.NoError(t, err)
		require.Equal(t, want, got.Data()[0], "p %v (NumPy's percentile)", p)
	}
	for iter := range 100 {
		shape := []int{1 + r.IntN(5), 1 + r.IntN(6)}
		v, _ := randomOperand(r, shape, sortValue[float32])
		p := 100 * r.Float64()
		m := ops.QuantileMethod(r.IntN(5))
		axes := []int{r.IntN(2)}
		for _, nan := range []bool{false, true} {
			qf, pf, pk, pi := ops.Quantile[float32, tensor.View[float32]], ops.Percentile[float32, tensor.View[float32]],
				ops.PercentileKeepDims[float32, tensor.View[float32]], ops.PercentileInto[float32, tensor.Tensor[float32], tensor.View[float32]]
			if nan {
				qf, pf, pk, pi = ops.NanQuantile[float32, tensor.View[float32]], ops.NanPercentile[float32, tensor.View[float32]],
					ops.NanPercentileKeepDims[float32, tensor.View[float32]], ops.NanPercentileInto[float32, tensor.Tensor[float32], tensor.View[float32]]
			}
			want, err := qf(v, p/100, m, axes...)
			require.NoError(t, err)
			got, err := pf(v, p, m, axes...)
			require.NoError(t, err)
			kept, err := pk(v, p, m, axes...)
			require.NoError(t, err)
			into := tensor.Must(tensor.New[float32](want.Shape()...))
			require.NoError(t, pi(into, v, p, m, axes...))
			for i, w := range want.Data() {
				for _, g := range []float32{got.Data()[i], kept.Data()[i], into.Data()[i]} {
					require.True(t, sameSorted(w, g) || w != w && g != g, "iteration %d nan %v: element %d: %v, want %v", iter, nan, i, g, w)
				}
			}
			require.Equal(t, len(shape), kept.Rank())
		}
	}
	for _, p := range []float64{-1, 100.5, math.NaN()} {
		_, err := ops.NanPercentile(x, p, ops.QuantileLinear)
		require.ErrorIs(t, err, layout.ErrArg)
		require.ErrorContains(t, err, "ops: NanPercentile: p")
	}
	dst := tensor.Must(tensor.Full(-1.0))
	require.ErrorIs(t, ops.PercentileInto(dst, x, 101, ops.QuantileLinear), layout.ErrArg)
	require.Equal(t, []float64{-1}, dst.Data())
}

func ExamplePercentile() {
	x := tensor.Must(tensor.FromSlice([]float64{1, 2, 3, 4, 10}))
	p, _ := ops.Percentile(x, 90, ops.QuantileLinear)
	n, _ := ops.Percentile(x, 33, ops.QuantileNearest)
	fmt.Println(p, n) // NumPy's percentile: quantile at p/100
	// Output: 7.6000000000000005 2.0
}

// TestQuantileLong checks that the quantiles of lanes longer than a
// sorting network's (selected from, not sorted; TestQuantileNumPy checks
// the selection against NumPy at the levels without networks) do not
// depend on the lanes' order: those of the same lanes sorted, with NaN in
// some.
func TestQuantileLong(t *testing.T) {
	r := rand.New(rand.NewPCG(53, 11))
	x := tensor.Must(tensor.New[float32](3, 1500))
	for i := range x.Data() {
		x.Data()[i] = float32(r.NormFloat64())
	}
	x.Data()[1500+7] = float32(math.NaN())
	for _, q := range []float64{0, 0.1, 0.5, 0.77, 1} {
		for m := range ops.QuantileMethod(5) {
			for _, nan := range []bool{false, true} {
				f := ops.Quantile[float32, tensor.Tensor[float32]]
				if nan {
					f = ops.NanQuantile[float32, tensor.Tensor[float32]]
				}
				got, err := f(x, q, m, 1)
				require.NoError(t, err)
				for l := range 3 {
					lane := slices.Clone(x.Data()[l*1500 : (l+1)*1500])
					lane = slices.DeleteFunc(lane, func(e float32) bool { return nan && e != e })
					sorted := slices.Clone(lane)
					slices.SortFunc(sorted, valueOrder[float32])
					want, err := ops.Quantile(tensor.Must(tensor.FromSlice(sorted)), q, m)
					require.NoError(t, err)
					g, w := got.Data()[l], want.Data()[0]
					require.True(t, g == w || g != g && w != w, "q %v %v nan %v lane %d: %v, want %v", q, m, nan, l, g, w)
				}
			}
		}
	}
}
