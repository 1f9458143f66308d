package ops_test

import (
	"fmt"
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

// moments are the count, mean and sum of squared deviations of a set of
// numbers, merged exactly as Chan et al. combine partial variances: the
// float64 reference of Mean, Var and Std.
type moments struct{ n, mean, m2 float64 }

func mergeMoments(a, b moments) moments {
	n := a.n + b.n
	d := b.mean - a.mean
	return moments{n, a.mean + d*b.n/n, a.m2 + b.m2 + d*d*a.n*b.n/n}
}

// statsRef returns, for each element of the reduction of a over set (the
// reduced axes kept as size 1), the mean and the variance with ddof.
func statsRef[T tensor.Float](a naive.Array[T], set []bool, ddof int) (mean, variance naive.Array[float64]) {
	m := naive.Array[moments]{Shape: a.Shape, Data: make([]moments, len(a.Data))}
	for i, x := range a.Data {
		m.Data[i] = moments{1, float64(x), 0}
	}
	red := naiveReduce(m, set, mergeMoments, moments{})
	mean = naive.Array[float64]{Shape: red.Shape, Data: make([]float64, len(red.Data))}
	variance = naive.Array[float64]{Shape: red.Shape, Data: make([]float64, len(red.Data))}
	for i, s := range red.Data {
		mean.Data[i] = s.mean
		if s.n == 0 {
			mean.Data[i] = math.NaN()
		}
		variance.Data[i] = s.m2 / max(s.n-float64(ddof), 0)
	}
	return mean, variance
}

// closeTo reports whether got is within tol (relative, absolute near 0)
// of want, NaN matching NaN and infinities matching exactly.
func closeTo(got, want, tol float64) bool {
	if math.IsNaN(want) || math.IsInf(want, 0) {
		return math.IsNaN(got) == math.IsNaN(want) && (math.IsNaN(got) || got == want)
	}
	return math.Abs(got-want) <= tol*max(1, math.Abs(want))
}

type statCase[T tensor.Float] struct {
	name  string
	alloc func(v tensor.View[T], axes ...int) (tensor.Tensor[T], error)
	keep  func(v tensor.View[T], axes ...int) (tensor.Tensor[T], error)
	into  func(dst, v tensor.View[T], axes ...int) error
	ref   func(mean, variance float64) float64
}

func statCases[T tensor.Float](ddof int) []statCase[T] {
	withDdof := func(f func(tensor.View[T], int, ...int) (tensor.Tensor[T], error)) func(tensor.View[T], ...int) (tensor.Tensor[T], error) {
		return func(v tensor.View[T], axes ...int) (tensor.Tensor[T], error) { return f(v, ddof, axes...) }
	}
	intoDdof := func(f func(tensor.View[T], tensor.View[T], int, ...int) error) func(tensor.View[T], tensor.View[T], ...int) error {
		return func(dst, v tensor.View[T], axes ...int) error { return f(dst, v, ddof, axes...) }
	}
	return []statCase[T]{
		{"Mean", ops.Mean[T, tensor.View[T]], ops.MeanKeepDims[T, tensor.View[T]], ops.MeanInto[T, tensor.View[T], tensor.View[T]], func(m, _ float64) float64 { return m }},
		{"Var", withDdof(ops.VarianceDdof[T, tensor.View[T]]), withDdof(ops.VarianceDdofKeepDims[T, tensor.View[T]]), intoDdof(ops.VarianceDdofInto[T, tensor.View[T], tensor.View[T]]), func(_, v float64) float64 { return v }},
		{"Std", withDdof(ops.StdDevDdof[T, tensor.View[T]]), withDdof(ops.StdDevDdofKeepDims[T, tensor.View[T]]), intoDdof(ops.StdDevDdofInto[T, tensor.View[T], tensor.View[T]]), func(_, v float64) float64 { return math.Sqrt(v) }},
	}
}

// checkStats runs Mean, Var and Std on random views and axes, in the
// three forms, against the float64 reference.
func checkStats[T tensor.Float](t *testing.T, r *rand.Rand, iters int, tol float64) {
	t.Helper()
	gen := func(r *rand.Rand) T { return T(r.NormFloat64()*3 + 10) }
	for iter := range iters {
		rank := r.IntN(5)
		shape := randomShape(r, rank, 0)
		v, rv := randomOperand(r, shape, gen)
		axes, set := randomAxes(r, rank)
		ddof := r.IntN(3)
		mean, variance := statsRef(rv, set, ddof)
		for _, c := range statCases[T](ddof) {
			msg := func() string {
				return c.name + " " + tensor.Must(tensor.New[T](shape...)).Layout().String()
			}
			check := func(form string, got []T) {
				t.Helper()
				require.Len(t, got, len(mean.Data), "%s %s", form, msg())
				for i := range got {
					want := c.ref(mean.Data[i], variance.Data[i])
					require.True(t, closeTo(float64(got[i]), want, tol), "iteration %d: %s %s of %v over %v ddof %d: element %d is %v, want %v", iter, c.name, form, shape, axes, ddof, i, got[i], want)
				}
			}
			got, err := c.keep(v, axes...)
			require.NoError(t, err, msg())
			require.Equal(t, mean.Shape, got.Shape())
			check("KeepDims", got.Data())
			got, err = c.alloc(v, axes...)
			require.NoError(t, err, msg())
			require.Equal(t, dropReduced(shape, set), nilIfEmpty(got.Shape()))
			check("", got.Data())
			dshape := mean.Shape
			if r.IntN(2) == 0 {
				dshape = dropReduced(shape, set)
			}
			dst, _ := randomOperand(r, dshape, gen)
			if dst.Layout().Overlapping() {
				require.ErrorIs(t, c.into(dst, v, axes...), layout.ErrOverlap)
				continue
			}
			require.NoError(t, c.into(dst, v, axes...))
			check("Into", values(dst).Data)
		}
	}
}

// TestStatsRandom checks Mean, Var and Std against a float64 reference on
// random views (transposed, stepped, flipped, broadcast), random axes,
// ddof 0 to 2, size-0 axes and rank 0.
func TestStatsRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	iters := 300
	if testing.Short() {
		iters = 100
	}
	checkStats[float64](t, r, iters, 1e-13)
	checkStats[float32](t, r, iters, 1e-5)
}

// TestVarStable shows the two-pass variance keeps its digits where the
// one-pass formula E[x²]-E[x]² loses them all: values 10^4 + {0..9} in
// float32 (E[x²] ≈ 10^8 has no digit left for a variance of 8.25).
func TestVarStable(t *testing.T) {
	for _, n := range []int{10, 1000, 100_000} {
		x := tensor.Must(tensor.New[float32](n))
		for i := range n {
			x.Set(float32(10_000+i%10), i)
		}
		got, err := ops.VarianceDdof(x.View(), 0)
		require.NoError(t, err)
		assert.InDelta(t, 8.25, float64(got.At()), 1e-4, "n=%d", n)
		m, err := ops.Mean(x.View())
		require.NoError(t, err)
		assert.InDelta(t, 10004.5, float64(m.At()), 1e-3)
		// The formula the two passes avoid is off by far more.
		var s, s2 float32
		for _, v := range x.Data() {
			s += v
			s2 += v * v
		}
		naive := s2/float32(n) - (s/float32(n))*(s/float32(n))
		assert.Greater(t, math.Abs(float64(naive)-8.25), 0.2, "the one-pass formula is inaccurate at n=%d (got %v)", n, naive)
	}
}

// TestStatsEdges checks NumPy's answers at the edges: no elements, n-ddof
// at or below zero, NaN and infinities, and the errors.
func TestStatsEdges(t *testing.T) {
	nan := math.NaN()
	one := tensor.Must(tensor.FromSlice([]float64{5}, 1))
	empty := tensor.Must(tensor.New[float64](0, 3))
	cases := []struct {
		name string
		f    func() (tensor.Tensor[float64], error)
		want []float64
	}{
		{"Mean of nothing", func() (tensor.Tensor[float64], error) { return ops.Mean(empty.View()) }, []float64{nan}},
		{"Mean over an empty axis", func() (tensor.Tensor[float64], error) { return ops.Mean(empty.View(), 0) }, []float64{nan, nan, nan}},
		{"Mean into no elements", func() (tensor.Tensor[float64], error) { return ops.Mean(empty.View(), 1) }, []float64{}},
		{"Var of one, ddof 0", func() (tensor.Tensor[float64], error) { return ops.VarianceDdof(one.View(), 0) }, []float64{0}},
		{"Var of one, ddof 1", func() (tensor.Tensor[float64], error) { return ops.VarianceDdof(one.View(), 1) }, []float64{nan}},
		{"Std of one, ddof 2", func() (tensor.Tensor[float64], error) { return ops.StdDevDdof(one.View(), 2) }, []float64{nan}},
		{"Var of nothing", func() (tensor.Tensor[float64], error) { return ops.VarianceDdof(empty.View(), 0, 0) }, []float64{nan, nan, nan}},
		{"Var with NaN", func() (tensor.Tensor[float64], error) {
			return ops.VarianceDdof(tensor.Must(tensor.FromSlice([]float64{1, nan, 3}, 3)).View(), 0)
		}, []float64{nan}},
		{"Mean with Inf", func() (tensor.Tensor[float64], error) {
			return ops.Mean(tensor.Must(tensor.FromSlice([]float64{1, math.Inf(1), 3}, 3)).View())
		}, []float64{math.Inf(1)}},
		{"Var with Inf", func() (tensor.Tensor[float64], error) {
			return ops.VarianceDdof(tensor.Must(tensor.FromSlice([]float64{1, math.Inf(1), 3}, 3)).View(), 0)
		}, []float64{nan}},
		{"Std, negative ddof", func() (tensor.Tensor[float64], error) {
			return ops.StdDevDdof(tensor.Must(tensor.FromSlice([]float64{1, 3}, 2)).View(), -2)
		}, []float64{math.Sqrt(0.5)}},
	}
	for _, c := range cases {
		got, err := c.f()
		require.NoError(t, err, c.name)
		require.True(t, equalValues(c.want, got.Data()), "%s: got %v, want %v", c.name, got.Data(), c.want)
	}

	x := tensor.Must(tensor.New[float32](2, 3))
	_, err := ops.Mean(x.View(), 2)
	assert.ErrorIs(t, err, layout.ErrAxis)
	assert.ErrorContains(t, err, "ops: Mean: axis 2 out of range for rank 2")
	_, err = ops.VarianceDdof(x.View(), 1, 0, -2)
	assert.ErrorIs(t, err, layout.ErrDuplicateAxis)
	assert.ErrorContains(t, err, "ops: VarianceDdof: duplicate axis -2 in [0 -2]")
	_, err = ops.StdDevDdofKeepDims(x.View(), 0, -3)
	assert.ErrorContains(t, err, "ops: StdDevDdofKeepDims:")
	dst := tensor.Must(tensor.Full[float32](7, 4))
	for name, err := range map[string]error{
		"MeanInto":           ops.MeanInto(dst, x, 0),
		"VarianceDdofInto":   ops.VarianceDdofInto(dst, x, 0, 0),
		"StdDevDdofInto":     ops.StdDevDdofInto(dst, x, 0, 0),
		"PopVarianceInto":    ops.PopVarianceInto(dst, x, 0),
		"SampleStdDevInto":   ops.SampleStdDevInto(dst, x, 0),
		"SampleVarianceInto": ops.SampleVarianceInto(dst, x, 0),
		"PopStdDevInto":      ops.PopStdDevInto(dst, x, 0),
	} {
		assert.ErrorIs(t, err, layout.ErrShape, name)
		assert.ErrorContains(t, err, "ops: "+name+": destination shape [4]")
	}
	assert.Equal(t, []float32{7, 7, 7, 7}, dst.Data(), "nothing is written on error")

	// Reducing every axis of a broadcast view takes a temporary of its
	// size: too large to allocate here, an error, not a crash.
	side := 1 << 24 // 2^50 bytes
	if math.MaxInt == math.MaxInt32 {
		side = 1 << 15 // 2^32 bytes
	}
	huge := tensor.Must(tensor.Must(tensor.Full[float32](1, 1, 1)).View().Expand(side, side))
	// Along axis 1 of [2, MaxInt/4], blocks of slices along axis 0.
	long := tensor.Must(tensor.Must(tensor.Full[float32](1, 1, 1)).View().Expand(2, math.MaxInt/4))
	all := tensor.Must(tensor.Full[float32](7)).View()
	two := tensor.Must(tensor.Full[float32](7, 2)).View()
	for name, err := range map[string]error{
		"Var":           func() error { _, err := ops.VarianceDdof(huge, 0); return err }(),
		"VarInto":       ops.VarianceDdofInto(all, huge, 0),
		"StdInto":       ops.StdDevDdofInto(all, huge, 1),
		"StdKeepDims":   func() error { _, err := ops.StdDevDdofKeepDims(long, 0, 1); return err }(),
		"VarInto, axis": ops.VarianceDdofInto(two, long, 1, 1),
	} {
		assert.ErrorIs(t, err, layout.ErrOverflow, name)
		assert.ErrorContains(t, err, "would exceed the largest allocation", name)
	}
	assert.Equal(t, float32(7), all.At(), "nothing is written on error")
	assert.Equal(t, []float32{7, 7}, two.Clone().Data(), "nothing is written on error")
}

// TestStatsInPlace reduces a view into a part of itself.
func TestStatsInPlace(t *testing.T) {
	x := tensor.Must(tensor.FromSlice([]float64{1, 2, 3, 4, 5, 7}, 2, 3))
	row := tensor.Must(ops.Select(x.View(), 0, 0))
	require.NoError(t, ops.VarianceDdofInto(row, x.View(), 0, 0))
	assert.Equal(t, []float64{2.25, 2.25, 4, 4, 5, 7}, x.Data())
	require.NoError(t, ops.MeanInto(row, x.View(), 0))
	assert.Equal(t, []float64{3.125, 3.625, 5.5, 4, 5, 7}, x.Data())
}

// TestVarBlocks checks that Var and Std give the same bits whatever the
// blocks their squared deviations are computed in and the goroutines they
// run on: blocks of one index, of a few, and none (one temporary of v's
// size, the result's reference), blocks of rows down the columns (the
// subtrees of the sum's tree), on random views and axes, in the three
// forms, and on a view large enough to be split over goroutines.
func TestVarBlocks(t *testing.T) {
	defer ops.SetVarBlock(ops.SetVarBlock(1 << 20))
	r := rand.New(rand.NewPCG(41, 42))
	gen := func(r *rand.Rand) float32 { return float32(r.NormFloat64()*3 + 10) }
	type result struct{ keep, drop, into []float32 }
	run := func(v tensor.View[float32], axes []int, ddof int, dst tensor.View[float32]) result {
		keep, err := ops.VarianceDdofKeepDims(v, ddof, axes...)
		require.NoError(t, err)
		drop, err := ops.StdDevDdof(v, ddof, axes...)
		require.NoError(t, err)
		require.NoError(t, ops.VarianceDdofInto(dst, v, ddof, axes...))
		return result{keep.Data(), drop.Data(), values(dst).Data}
	}
	blocks, procs := []int{1, 40, 1000, 1 << 20}, []int{1, 2, 3, 4}
	check := func(name string, v tensor.View[float32], axes []int) {
		t.Helper()
		ddof := r.IntN(2)
		keep, err := ops.VarianceDdofKeepDims(v, ddof, axes...)
		require.NoError(t, err)
		dst := tensor.Must(tensor.New[float32](keep.Shape()...)).View()
		ops.SetVarBlock(math.MaxInt) // one block: a temporary of v's size
		want := run(v, axes, ddof, dst)
		for _, block := range blocks {
			for _, procs := range procs {
				old := tensor.SetParallelism(procs)
				ops.SetVarBlock(block)
				got := run(v, axes, ddof, dst)
				tensor.SetParallelism(old)
				require.True(t, sameBits(want.keep, got.keep) && sameBits(want.drop, got.drop) && sameBits(want.into, got.into),
					"%s: %v over %v ddof %d, blocks of %d bytes, %d goroutines", name, v.Shape(), axes, ddof, block, procs)
			}
		}
	}
	iters := 60
	if testing.Short() {
		iters = 20 // and two large cases below: under the race detector (CI runs it with -short) 15 s -> 9 s
	}
	for iter := range iters {
		rank := 1 + r.IntN(4)
		shape := randomShape(r, rank, 0)
		v, _ := randomOperand(r, shape, gen)
		axes, _ := randomAxes(r, rank)
		check(fmt.Sprintf("iteration %d", iter), v, axes)
	}
	// Five along the cut axis (2) in blocks of two: the last index joins
	// the block before it, for on its own the reduced axes on either side
	// would merge into one run (a mutation that leaves it alone fails
	// here).
	odd, _ := randomOperand(r, []int{3, 1, 5, 3}, gen)
	for range 4 {
		check("a last block of one", odd, []int{0, 1, 3})
	}
	// Columns: blocks along the innermost axis are at least 256 long.
	cols := tensor.Must(tensor.New[float32](300, 700))
	for i := range cols.Data() {
		cols.Data()[i] = float32(i%997) / 3
	}
	check("columns", cols.View(), []int{0})
	check("columns, flipped", tensor.Must(cols.View().Flip(1)), []int{0})
	// The same down the rows of the tree of leaves (mappedRows): rows
	// flipped, rows apart (a slice of the columns), every other row, and
	// two reduced axes that merge into one.
	check("columns, rows flipped", tensor.Must(cols.View().Flip(0)), []int{0})
	check("columns, a slice of them", tensor.Must(cols.View().Slice(1, 100, 600, 1)), []int{0})
	check("columns, every other row", tensor.Must(cols.View().Slice(0, 1, 300, 2)), []int{0})
	check("columns, two reduced axes", tensor.Must(cols.View().Reshape(20, 15, 700)), []int{0, 1})
	big := tensor.Must(tensor.New[float32](48, 8, 3000)) // 4.4 MiB: split over goroutines
	for i := range big.Data() {
		big.Data()[i] = float32(i%1013) / 7
	}
	bt := tensor.Must(big.View().Transpose(0, 2))
	blocks, procs = []int{1 << 20}, []int{2, 3}
	largeAxes := [][]int{{2}, {1}, {0, 2}, {0}, {0, 1}} // {0} and {0, 1}: blocks of rows (mappedRows) on goroutines
	if testing.Short() {
		largeAxes = [][]int{{2}, {0, 1}}
	}
	for _, axes := range largeAxes {
		check("large", big.View(), axes)
		check("large, transposed", bt, axes)
	}
}

// TestVarianceNames checks that the named variances and deviations are
// VarianceDdof and StdDevDdof with ddof 0 (Pop) and 1 (Sample), bit for
// bit, in every form, on a transposed view.
func TestVarianceNames(t *testing.T) {
	x := tensor.Must(tensor.FromSlice([]float64{3, 1.5, -2, 8, 0.25, 7, 11, -4.5, 6, 2, 9, 1}, 3, 4))
	xt := tensor.Must(x.Transpose(0, 1))
	type reduce = func(v tensor.View[float64], axes ...int) (tensor.Tensor[float64], error)
	type into = func(dst, v tensor.View[float64], axes ...int) error
	for _, c := range []struct {
		name       string
		ddof       int
		f, keep    reduce
		in         into
		ref, refKD func(v tensor.View[float64], ddof int, axes ...int) (tensor.Tensor[float64], error)
	}{
		{"PopVariance", 0, ops.PopVariance[float64, tensor.View[float64]], ops.PopVarianceKeepDims[float64, tensor.View[float64]],
			ops.PopVarianceInto[float64, tensor.View[float64], tensor.View[float64]],
			ops.VarianceDdof[float64, tensor.View[float64]], ops.VarianceDdofKeepDims[float64, tensor.View[float64]]},
		{"SampleVariance", 1, ops.SampleVariance[float64, tensor.View[float64]], ops.SampleVarianceKeepDims[float64, tensor.View[float64]],
			ops.SampleVarianceInto[float64, tensor.View[float64], tensor.View[float64]],
			ops.VarianceDdof[float64, tensor.View[float64]], ops.VarianceDdofKeepDims[float64, tensor.View[float64]]},
		{"PopStdDev", 0, ops.PopStdDev[float64, tensor.View[float64]], ops.PopStdDevKeepDims[float64, tensor.View[float64]],
			ops.PopStdDevInto[float64, tensor.View[float64], tensor.View[float64]],
			ops.StdDevDdof[float64, tensor.View[float64]], ops.StdDevDdofKeepDims[float64, tensor.View[float64]]},
		{"SampleStdDev", 1, ops.SampleStdDev[float64, tensor.View[float64]], ops.SampleStdDevKeepDims[float64, tensor.View[float64]],
			ops.SampleStdDevInto[float64, tensor.View[float64], tensor.View[float64]],
			ops.StdDevDdof[float64, tensor.View[float64]], ops.StdDevDdofKeepDims[float64, tensor.View[float64]]},
	} {
		for _, axes := range [][]int{nil, {0}, {1}, {-1, 0}} {
			got, err := c.f(xt, axes...)
			require.NoError(t, err)
			want, err := c.ref(xt, c.ddof, axes...)
			require.NoError(t, err)
			require.Equal(t, want.Data(), got.Data(), "%s %v", c.name, axes)
			gotKD, err := c.keep(xt, axes...)
			require.NoError(t, err)
			wantKD, err := c.refKD(xt, c.ddof, axes...)
			require.NoError(t, err)
			require.Equal(t, wantKD.Shape(), gotKD.Shape(), "%s %v", c.name, axes)
			require.Equal(t, wantKD.Data(), gotKD.Data(), "%s %v", c.name, axes)
			dst := tensor.Must(tensor.New[float64](want.Shape()...))
			require.NoError(t, c.in(dst.View(), xt, axes...))
			require.Equal(t, want.Data(), dst.Data(), "%s Into %v", c.name, axes)
		}
	}
}
