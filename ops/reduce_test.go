package ops_test

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tessera-go/tessera/internal/naive"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/simd"
	"github.com/tessera-go/tessera/tensor"
)

// naiveReduce reduces a over the axes in set (all when set is empty) by
// folding f over the reduced elements in row-major order, starting from
// the first; empty reductions give id. The result keeps the reduced axes
// as size 1.
func naiveReduce[T any](a naive.Array[T], set []bool, f func(x, y T) T, id T) naive.Array[T] {
	keep := slices.Clone(a.Shape)
	for k := range keep {
		if set[k] {
			keep[k] = 1
		}
	}
	out := naive.Array[T]{Shape: keep, Data: make([]T, naive.Size(keep))}
	seen := make([]bool, len(out.Data))
	for i := range out.Data {
		out.Data[i] = id
	}
	// Walk a's indices in row-major order with an odometer, keeping the
	// output index (the reduced axes at 0) alongside.
	idx := make([]int, len(a.Shape))
	ostride := make([]int, len(keep))
	for k, st := len(keep)-1, 1; k >= 0; k-- {
		if !set[k] {
			ostride[k] = st
		}
		st *= keep[k]
	}
	o := 0
	for _, x := range a.Data {
		if !seen[o] {
			out.Data[o], seen[o] = x, true
		} else {
			out.Data[o] = f(out.Data[o], x)
		}
		for k := len(idx) - 1; k >= 0; k-- {
			idx[k]++
			o += ostride[k]
			if idx[k] < a.Shape[k] {
				break
			}
			o -= idx[k] * ostride[k]
			idx[k] = 0
		}
	}
	return out
}

type reduceCase[T tensor.Number] struct {
	name     string
	alloc    func(v tensor.View[T], axes ...int) (tensor.Tensor[T], error)
	keepDims func(v tensor.View[T], axes ...int) (tensor.Tensor[T], error)
	into     func(dst, v tensor.View[T], axes ...int) error
	f        func(x, y T) T
	id       T
	hasID    bool
}

func sumCases[T tensor.Number]() []reduceCase[T] {
	return []reduceCase[T]{
		{"Sum", ops.Sum[T, tensor.View[T]], ops.SumKeepDims[T, tensor.View[T]], ops.SumInto[T, tensor.View[T], tensor.View[T]], func(x, y T) T { return x + y }, 0, true},
		{"Prod", ops.Prod[T, tensor.View[T]], ops.ProdKeepDims[T, tensor.View[T]], ops.ProdInto[T, tensor.View[T], tensor.View[T]], func(x, y T) T { return x * y }, 1, true},
	}
}

func maxCases[T tensor.Real]() []reduceCase[T] {
	return []reduceCase[T]{
		{"Max", ops.Max[T, tensor.View[T]], ops.MaxKeepDims[T, tensor.View[T]], ops.MaxInto[T, tensor.View[T], tensor.View[T]], func(x, y T) T { return max(x, y) }, 0, false},
		{"Min", ops.Min[T, tensor.View[T]], ops.MinKeepDims[T, tensor.View[T]], ops.MinInto[T, tensor.View[T], tensor.View[T]], func(x, y T) T { return min(x, y) }, 0, false},
	}
}

// randomAxes returns random axes of a rank-r view (negative sometimes,
// none now and then: all) and the set they name.
func randomAxes(r *rand.Rand, rank int) ([]int, []bool) {
	set := make([]bool, rank)
	var axes []int
	if rank == 0 || r.IntN(5) == 0 {
		for k := range set {
			set[k] = true
		}
		return nil, set
	}
	for k := range rank {
		if r.IntN(2) == 0 {
			set[k] = true
			a := k
			if r.IntN(3) == 0 {
				a -= rank
			}
			axes = append(axes, a)
		}
	}
	r.Shuffle(len(axes), func(i, j int) { axes[i], axes[j] = axes[j], axes[i] })
	if len(axes) == 0 {
		for k := range set {
			set[k] = true
		}
	}
	return axes, set
}

func dropReduced(shape []int, set []bool) []int {
	var out []int
	for k, d := range shape {
		if !set[k] {
			out = append(out, d)
		}
	}
	return out
}

// checkReduce runs every case on random views and random axes against
// naiveReduce, in the three forms, into random destination views.
func checkReduce[T tensor.Number](t *testing.T, r *rand.Rand, cases []reduceCase[T], gen func(*rand.Rand) T, iters int) {
	t.Helper()
	for iter := range iters {
		rank := r.IntN(5)
		shape := randomShape(r, rank, 0)
		v, rv := randomOperand(r, shape, gen)
		axes, set := randomAxes(r, rank)
		for _, c := range cases {
			want := naiveReduce(rv, set, c.f, c.id)
			drop := dropReduced(shape, set)
			got, err := c.keepDims(v, axes...)
			empty := rv.Shape != nil && naive.Size(shape) == 0 && naive.Size(want.Shape) > 0
			if empty && !c.hasID {
				require.ErrorIs(t, err, ops.ErrEmpty, "%s %v axes %v", c.name, shape, axes)
				_, err = c.alloc(v, axes...)
				require.ErrorIs(t, err, ops.ErrEmpty)
				continue
			}
			require.NoError(t, err, "%s %v axes %v", c.name, shape, axes)
			require.Equal(t, want.Shape, got.Shape(), "%s %v axes %v", c.name, shape, axes)
			require.True(t, equalValues(want.Data, got.Data()), "iteration %d: %s of %v over %v: got %v, want %v", iter, c.name, shape, axes, got.Data(), want.Data)
			got, err = c.alloc(v, axes...)
			require.NoError(t, err)
			require.Equal(t, len(drop), got.Rank(), "%s drops the reduced axes", c.name)
			require.Equal(t, drop, nilIfEmpty(got.Shape()))
			require.True(t, equalValues(want.Data, got.Data()), "%s", c.name)
			// Into a random view of either shape.
			dshape := want.Shape
			if r.IntN(2) == 0 {
				dshape = drop
			}
			dst, _ := randomOperand(r, dshape, gen)
			if dst.Layout().Overlapping() {
				require.ErrorIs(t, c.into(dst, v, axes...), layout.ErrOverlap)
				continue
			}
			require.NoError(t, c.into(dst, v, axes...))
			require.True(t, equalValues(want.Data, values(dst).Data), "%s Into: got %v, want %v", c.name, values(dst).Data, want.Data)
		}
	}
}

// randomShape returns a shape of rank axes of 1 to 5 elements, 0 now and
// then; with long > 0, one of them has 0 to long elements instead.
func randomShape(r *rand.Rand, rank, long int) []int {
	shape := make([]int, rank)
	for k := range shape {
		shape[k] = 1 + r.IntN(5)
		if r.IntN(15) == 0 {
			shape[k] = 0
		}
	}
	if rank > 0 && long > 0 {
		shape[r.IntN(rank)] = r.IntN(long + 1)
	}
	return shape
}

func nilIfEmpty(s []int) []int {
	if len(s) == 0 {
		return nil
	}
	return s
}

// TestReduceRandom checks the reductions against the naive reference on
// random views (transposed, stepped, flipped, broadcast) and random axis
// sets, size-0 axes and rank 0 included, for several element types.
func TestReduceRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	iters := 300
	if testing.Short() {
		iters = 100
	}
	small := func(r *rand.Rand) int32 { return int32(r.IntN(7) - 3) }
	checkReduce(t, r, append(sumCases[int32](), maxCases[int32]()...), small, iters)
	// Dyadic values whose sums and products are exact in any order (a
	// product of 625 of them stays far from overflow).
	dyadic := []float64{-2, -1, -0.5, 0.5, 1, 2}
	exact := func(r *rand.Rand) float64 { return dyadic[r.IntN(len(dyadic))] }
	checkReduce(t, r, append(sumCases[float64](), maxCases[float64]()...), exact, iters)
	f32 := func(r *rand.Rand) float32 { return float32(dyadic[r.IntN(len(dyadic))]) }
	checkReduce(t, r, append(sumCases[float32](), maxCases[float32]()...), f32, iters)
	u8 := func(r *rand.Rand) uint8 { return uint8(r.IntN(256)) }
	checkReduce(t, r, append(sumCases[uint8](), maxCases[uint8]()...), u8, iters/2)
	c128 := func(r *rand.Rand) complex128 { return complex(float64(r.IntN(5)-2), float64(r.IntN(3))) }
	checkReduce(t, r, sumCases[complex128](), c128, iters/2)
}

// TestReduceLarge checks reductions long enough for several leaves of a
// run (8192), blocks of rows (32) and tiles (4096), on one and several
// goroutines.
func TestReduceLarge(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	gen := func(r *rand.Rand) float64 { return float64(r.IntN(5) - 2) }
	for _, shape := range [][]int{{20000}, {70, 1100}, {1100, 70}, {2, 3, 8500}, {33, 4200}, {2050, 3, 2}} {
		rnd, rv := randomOperand(r, shape, gen)
		plain := tensor.Must(tensor.FromSlice(slices.Clone(rv.Data), shape...)).View()
		for _, v := range []tensor.View[float64]{plain, rnd} { // both hold rv
			for _, axes := range [][]int{nil, {0}, {-1}} {
				set := make([]bool, len(shape))
				for k := range set {
					set[k] = axes == nil || k == 0 && axes[0] == 0 || k == len(shape)-1 && axes[0] == -1
				}
				cases := append(sumCases[float64]()[:1], maxCases[float64]()...)
				wants := make([]naive.Array[float64], len(cases))
				for i, c := range cases {
					wants[i] = naiveReduce(rv, set, c.f, c.id)
				}
				for _, procs := range []int{1, 3} {
					old := tensor.SetParallelism(procs)
					for i, c := range cases {
						want := wants[i]
						got, err := c.keepDims(v, axes...)
						require.NoError(t, err)
						require.True(t, equalValues(want.Data, got.Data()), "%s of %v over %v", c.name, shape, axes)
					}
					tensor.SetParallelism(old)
				}
			}
		}
	}
}

// TestReduceNaN checks that Max and Min propagate NaN, as NumPy's max and
// min, and that infinities are ordinary values.
func TestReduceNaN(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	x := tensor.Must(tensor.FromSlice([]float64{1, nan, 3, -inf, 2, inf, 0, 5, 7}, 3, 3)).View()
	for _, f := range []func(tensor.View[float64], ...int) (tensor.Tensor[float64], error){ops.Max[float64, tensor.View[float64]], ops.Min[float64, tensor.View[float64]]} {
		all := tensor.Must(f(x))
		assert.True(t, math.IsNaN(all.Data()[0]))
		rows := tensor.Must(f(x, 1))
		assert.True(t, math.IsNaN(rows.Data()[0]))
		assert.False(t, math.IsNaN(rows.Data()[1]))
	}
	assert.Equal(t, []float64{inf, 7}, tensor.Must(ops.Max(x, 1)).Data()[1:])
	assert.Equal(t, []float64{-inf, 0}, tensor.Must(ops.Min(x, 1)).Data()[1:])
	s := tensor.Must(ops.Sum(x, 1)).Data()
	assert.True(t, math.IsNaN(s[0]))
	assert.True(t, math.IsNaN(s[1]), "inf + -inf")
}

// TestReduceEmpty pins NumPy's rules for reductions over no elements.
func TestReduceEmpty(t *testing.T) {
	z := tensor.Must(tensor.New[float32](0, 3)).View()
	s := tensor.Must(ops.Sum(z, 0))
	assert.Equal(t, []float32{0, 0, 0}, s.Data())
	p := tensor.Must(ops.Prod(z, 0))
	assert.Equal(t, []float32{1, 1, 1}, p.Data())
	_, err := ops.Max(z, 0)
	assert.ErrorIs(t, err, ops.ErrEmpty)
	assert.EqualError(t, err, "ops: Max: reduction of shape [0 3] to [1 3] has no elements to reduce and no identity")
	m := tensor.Must(ops.Max(z, 1))
	assert.Equal(t, []int{0}, m.Shape(), "an empty result is no error")
	all := tensor.Must(ops.Sum(z))
	assert.Equal(t, 0, all.Rank())
	assert.Equal(t, []float32{0}, all.Data())
	scalar := tensor.Must(tensor.FromSlice([]float32{4}))
	assert.Equal(t, []float32{4}, tensor.Must(ops.Max(scalar.View())).Data(), "rank 0")
}

// TestReduceErrors checks the errors of bad axes and destinations, and
// that nothing is written on error.
func TestReduceErrors(t *testing.T) {
	x := tensor.Must(tensor.Arange[float64](12))
	m := tensor.Must(x.View().Reshape(3, 4))
	_, err := ops.Sum(m, 2)
	assert.ErrorIs(t, err, layout.ErrAxis)
	assert.EqualError(t, err, "ops: Sum: axis 2 out of range for rank 2")
	_, err = ops.Sum(m, 1, -1)
	assert.ErrorIs(t, err, layout.ErrDuplicateAxis)
	assert.EqualError(t, err, "ops: Sum: duplicate axis -1 in [1 -1]")
	dst := tensor.Must(tensor.Full[float64](7, 3, 2))
	err = ops.SumInto(dst.View(), m, 1)
	assert.ErrorIs(t, err, layout.ErrShape)
	assert.EqualError(t, err, "ops: SumInto: destination shape [3 2] is neither [3] nor [3 1], the shape of the reduction of [3 4] over axes [1]")
	row := tensor.Must(tensor.Full[float64](7, 1))
	bcast := tensor.Must(row.View().Expand(3))
	assert.ErrorIs(t, ops.SumInto(bcast, m, 1), layout.ErrOverlap)
	assert.ErrorIs(t, ops.MaxInto(dst.View(), tensor.Must(tensor.New[float64](3, 0)).View(), 1), layout.ErrShape)
	e := tensor.Must(tensor.Full[float64](7, 3))
	assert.ErrorIs(t, ops.MaxInto(e.View(), tensor.Must(tensor.New[float64](3, 0)).View(), 1), ops.ErrEmpty)
	assert.Equal(t, []float64{7, 7, 7, 7, 7, 7}, dst.Data(), "nothing written")
	assert.Equal(t, []float64{7}, row.Data())
	assert.Equal(t, []float64{7, 7, 7}, e.Data())
}

// TestReduceOverlap reduces into a destination that shares the input's
// memory: the result is that of a snapshot of the input.
func TestReduceOverlap(t *testing.T) {
	x := tensor.Must(tensor.Arange[float64](12))
	m := tensor.Must(x.View().Reshape(3, 4))
	col := tensor.Must(m.Select(1, 0)) // m[:, 0]
	require.NoError(t, ops.SumInto(col, m, 1))
	assert.Equal(t, []float64{6, 22, 38}, values(col).Data)
	assert.Equal(t, []float64{6, 1, 2, 3, 22, 5, 6, 7, 38, 9, 10, 11}, x.Data())
}

// TestSumAccuracy: float32 sums of 2^25 ones are exact along any axis and
// on any layout (a running sum stops at 2^24), and the error of a random
// sum stays within O(log n) roundings of the exact value.
func TestSumAccuracy(t *testing.T) {
	n := 1 << 25
	if testing.Short() {
		n = 1 << 22
	}
	one := tensor.Must(tensor.Full[float32](1, 1)).View()
	flat := tensor.Must(one.Expand(n))
	assert.Equal(t, float32(n), tensor.Must(ops.Sum(flat)).Data()[0])
	sq := tensor.Must(tensor.Must(one.Reshape(1, 1)).Expand(n>>10, 1<<10))
	for _, axes := range [][]int{nil, {0}, {1}} {
		s := tensor.Must(ops.Sum(sq, axes...))
		want := float32(n)
		if len(axes) == 1 {
			want = float32(sq.Shape()[axes[0]])
		}
		for _, x := range s.Data() {
			require.Equal(t, want, x, "axes %v", axes)
		}
	}
	tr := tensor.Must(sq.Transpose(0, 1))
	assert.Equal(t, float32(n), tensor.Must(ops.Sum(tr)).Data()[0])

	// Random values against an exact reference.
	checkSumError[float32](t, 1<<10, 1<<10)
	checkSumError[float64](t, 1<<9, 1<<9)
}

// checkSumError sums random values of T laid out [rows, cols] (a
// matrix, and its transpose) over both axes, along each, and along
// each of the transpose's, each result against the exact sum of its
// elements (math/big): within 2·log2(n)·eps·Σ|x| for a sum of n
// elements, where a running sum's bound grows with n.
func checkSumError[T tensor.Float](t *testing.T, rows, cols int) {
	t.Helper()
	if testing.Short() {
		rows, cols = rows/4, cols/4
	}
	r := rand.New(rand.NewPCG(1, uint64(rows)))
	data := make([]T, rows*cols)
	newSum := func() *big.Float { return new(big.Float).SetPrec(2000) }
	rowSum, colSum := make([]*big.Float, rows), make([]*big.Float, cols)
	rowAbs, colAbs := make([]float64, rows), make([]float64, cols)
	for k := range rowSum {
		rowSum[k] = newSum()
	}
	for k := range colSum {
		colSum[k] = newSum()
	}
	x := new(big.Float)
	for i := range data {
		data[i] = T(r.NormFloat64() * 1e3)
		x.SetFloat64(float64(data[i]))
		rowSum[i/cols].Add(rowSum[i/cols], x)
		colSum[i%cols].Add(colSum[i%cols], x)
		a := math.Abs(float64(data[i]))
		rowAbs[i/cols] += a
		colAbs[i%cols] += a
	}
	all, allAbs := newSum(), 0.0
	for k := range rowSum {
		all.Add(all, rowSum[k])
		allAbs += rowAbs[k]
	}
	eps := 0x1p-53
	if unsafe.Sizeof(data[0]) == 4 {
		eps = 0x1p-24
	}
	check := func(what string, got T, exact *big.Float, abs float64, n int) {
		t.Helper()
		want, _ := exact.Float64()
		bound := 2 * math.Log2(float64(n)) * eps * abs
		require.LessOrEqual(t, math.Abs(float64(got)-want), bound, "%T %s: got %v, want %v", got, what, got, want)
	}
	v := tensor.Must(tensor.FromSlice(data, rows, cols)).View()
	tr := tensor.Must(v.Transpose(0, 1))
	for _, in := range []tensor.View[T]{v, tr} {
		for _, axes := range [][]int{nil, {1, 0}} {
			check(fmt.Sprintf("%v over %v", in.Shape(), axes), tensor.Must(ops.Sum(in, axes...)).Data()[0], all, allAbs, rows*cols)
		}
	}
	down, across := tensor.Must(ops.Sum(v, 0)).Data(), tensor.Must(ops.Sum(tr, 1)).Data()
	for k := range cols {
		check(fmt.Sprintf("column %d", k), down[k], colSum[k], colAbs[k], rows)
		check(fmt.Sprintf("row %d of the transpose", k), across[k], colSum[k], colAbs[k], rows)
	}
	along, trDown := tensor.Must(ops.Sum(v, 1)).Data(), tensor.Must(ops.Sum(tr, 0)).Data()
	for k := range rows {
		check(fmt.Sprintf("row %d", k), along[k], rowSum[k], rowAbs[k], cols)
		check(fmt.Sprintf("column %d of the transpose", k), trDown[k], rowSum[k], rowAbs[k], cols)
	}
}

// TestSumAccuracyInMemory sums float32 ones held in memory, 3·2^23 of
// them into each output element (more than the 2^24 at which a running
// float32 sum stops growing), through every path a layout takes: along
// contiguous rows, down two columns (rows read several at a time), down
// 64 columns of rows one element apart (the rows kernels), along the
// last axis of transposed views, stepped and flipped, all of it, and
// Mean. Each result must be exact.
func TestSumAccuracyInMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("192 MiB of input")
	}
	const n = 3 << 23
	data := make([]float32, 2*n)
	for i := range data {
		data[i] = 1
	}
	flat := tensor.Must(tensor.FromSlice(data, 2*n)).View()
	cols := tensor.Must(tensor.FromSlice(data, n, 2)).View()
	rows := tensor.Must(tensor.FromSlice(data, 2, n)).View()
	windows := tensor.Must(tensor.NewView(data, tensor.Must(layout.Strided([]int{n, 64}, []int{1, 1}, 0))))
	for _, c := range []struct {
		name string
		v    tensor.View[float32]
		axes []int
		want float32
	}{
		{"all", flat, nil, 2 * n},
		{"flipped", tensor.Must(flat.Flip(0)), nil, 2 * n},
		{"stepped", tensor.Must(flat.Slice(0, 1, 2*n, 2)), nil, n},
		{"rows", rows, []int{1}, n},
		{"columns", cols, []int{0}, n},
		{"windows down their columns", windows, []int{0}, n},
		{"last axis of a transpose", tensor.Must(cols.Transpose(0, 1)), []int{-1}, n},
		{"first axis of a transpose", tensor.Must(rows.Transpose(0, 1)), []int{0}, n},
		{"flipped columns", tensor.Must(cols.Flip(0, 1)), []int{0}, n},
	} {
		got := tensor.Must(ops.Sum(c.v, c.axes...)).Data()
		for _, x := range got {
			require.Equal(t, c.want, x, "%s: Sum over %v of %v", c.name, c.axes, c.v.Shape())
		}
		mean := tensor.Must(ops.Mean(c.v, c.axes...)).Data()
		for _, x := range mean {
			require.Equal(t, float32(1), x, "%s: Mean over %v of %v", c.name, c.axes, c.v.Shape())
		}
	}
}

// TestReduceDeterministic checks that a reduction gives the same bits for
// every parallelism, along every axis and over all of them.
func TestReduceDeterministic(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	// 8 MiB, several goroutines; an odd number of leaves of 1024, so
	// that the top split of the tree is uneven.
	data := make([]float32, 1025*2047)
	for i := range data { // magnitudes over 2^24: the order of a sum shows
		data[i] = float32(math.Ldexp(r.NormFloat64(), r.IntN(24)))
	}
	v := tensor.Must(tensor.FromSlice(data, 1025, 2047)).View()
	tr := tensor.Must(v.Transpose(0, 1))
	// Columns few enough that a part's run is narrower than the whole's,
	// whose leaves would then hold more rows (see leafRows): the parts
	// must cut the rows as the whole does.
	narrow := tensor.Must(tensor.FromSlice(data[:10923*192], 10923, 192)).View()
	// Columns few enough to be widened (rows read 64 and 16 at a time,
	// 42 and 3 left over), one of them with two reduced axes merged.
	three := tensor.Must(tensor.FromSlice(data[:699050*3], 699050, 3)).View()
	ten := tensor.Must(tensor.FromSlice(data[:209715*10], 209715, 10)).View()
	three3 := tensor.Must(tensor.FromSlice(data[:2*349525*3], 2, 349525, 3)).View()
	for _, in := range []tensor.View[float32]{v, tr, narrow, three, ten, three3} {
		checkDeterministic(t, in)
	}
	// float64 Sum and Mean: the first, second and fourth layouts, of 16 MiB.
	data64 := make([]float64, len(data))
	for i, x := range data {
		data64[i] = float64(x) * (1 + 0x1p-40) // bits below float32's
	}
	v64 := tensor.Must(tensor.FromSlice(data64, 1025, 2047)).View()
	checkDeterministic(t, v64)
	if testing.Short() {
		return // -race runs it at a tenth of the speed
	}
	checkDeterministic(t, tensor.Must(v64.Transpose(0, 1)))
	checkDeterministic(t, tensor.Must(tensor.FromSlice(data64[:699050*3], 699050, 3)).View())
}

// checkDeterministic checks that Sum and Mean of in, over all its axes,
// along each of its first two and over both, give the same bits on 1 to
// 4 goroutines.
func checkDeterministic[T tensor.Float](t *testing.T, in tensor.View[T]) {
	t.Helper()
	for _, axes := range [][]int{nil, {0}, {1}, {0, 1}} {
		if len(axes) == 2 && in.Rank() != 3 {
			continue
		}
		var first []T
		for procs := 1; procs <= 4; procs++ {
			old := tensor.SetParallelism(procs)
			got := append(tensor.Must(ops.Sum(in, axes...)).Data(), tensor.Must(ops.Mean(in, axes...)).Data()...)
			tensor.SetParallelism(old)
			if first == nil {
				first = got
				continue
			}
			require.True(t, rfSame(first, got), "%T %v over %v: %d goroutines differ from 1", first[0], in.Shape(), axes, procs)
		}
	}
}

// TestReduceNarrowColumns reduces [N, C] matrices of few columns down
// their columns, where the rows are read several at a time as one wide
// row (widened), for N around multiples of that count, into new tensors
// and into strided destinations, against plain loops: Max and Min and
// integer sums exactly, float sums within a few roundings of a float64
// sum.
func TestReduceNarrowColumns(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, c := range []int{1, 2, 3, 5, 7, 10, 15, 16, 17, 32, 60, 100, 127, 128} {
		for _, n := range []int{1, 100, 255, 256, 257, 1000, 4099} {
			// The rows of an [n+1, c] matrix after its first, which holds
			// what would show if it were read: a view at an offset.
			all := make([]float32, (n+1)*c)
			alli := make([]int32, (n+1)*c)
			for i := range all {
				all[i] = float32(r.NormFloat64())
				alli[i] = int32(r.IntN(1 << 30))
			}
			for j := range c {
				all[j], alli[j] = 1e30, 1<<30
			}
			x, xi := all[c:], alli[c:]
			v := tensor.Must(tensor.Must(tensor.FromSlice(all, n+1, c)).View().Slice(0, 1, n+1, 1))
			vi := tensor.Must(tensor.Must(tensor.FromSlice(alli, n+1, c)).View().Slice(0, 1, n+1, 1))
			sum, mx := make([]float64, c), make([]float32, c)
			si := make([]int32, c)
			for j := range c {
				mx[j] = x[j]
			}
			for i := range n {
				for j := range c {
					sum[j] += float64(x[i*c+j])
					mx[j] = max(mx[j], x[i*c+j])
					si[j] += xi[i*c+j]
				}
			}
			got := tensor.Must(ops.Sum(v, 0)).Data()
			for j := range c {
				require.InDelta(t, sum[j], float64(got[j]), 1e-5*float64(n), "Sum [%d,%d] column %d", n, c, j)
			}
			require.Equal(t, mx, tensor.Must(ops.Max(v, 0)).Data(), "Max [%d,%d]", n, c)
			require.Equal(t, si, tensor.Must(ops.Sum(vi, 0)).Data(), "int32 Sum [%d,%d]", n, c)
			// Into every other element of a longer buffer, reversed.
			buf := make([]float32, 2*c+1)
			dst := tensor.Must(tensor.Must(tensor.Must(tensor.FromSlice(buf, 2*c+1)).View().Slice(0, 0, 2*c, 2)).Flip(0))
			require.NoError(t, ops.MaxInto(dst, v, 0))
			for j := range c {
				require.Equal(t, mx[j], buf[2*(c-1-j)], "MaxInto [%d,%d] column %d", n, c, j)
			}
			for j := range c {
				require.Zero(t, buf[2*j+1], "MaxInto [%d,%d] wrote a gap", n, c)
			}
			// Into elements 1..c of a longer buffer: an output with an offset.
			buf2 := make([]int32, c+2)
			mid := tensor.Must(tensor.Must(tensor.FromSlice(buf2, c+2)).View().Slice(0, 1, c+1, 1))
			require.NoError(t, ops.SumInto(mid, vi, 0))
			require.Equal(t, si, buf2[1:c+1], "SumInto [%d,%d] at an offset", n, c)
			require.Zero(t, buf2[0]|buf2[c+1], "SumInto [%d,%d] wrote outside", n, c)
		}
	}
}

// TestReduceWidenedPairwise sums 512 rows of 2^21+1 down each of 3
// columns, rows that are read 64 at a time as one wide row: each group's
// partial sums, 2^24+8, are exact, and so is a pairwise combination of
// the 64 groups, 2^30+512, while adding them one after the other would
// round once the running sum passed 2^27.
func TestReduceWidenedPairwise(t *testing.T) {
	const n, c = 512, 3
	x := tensor.Must(tensor.Full[float32](1<<21+1, n, c))
	got := tensor.Must(ops.Sum(x.View(), 0)).Data()
	for j := range c {
		require.Equal(t, float32(n*(1<<21+1)), got[j], "column %d", j)
	}
}

// TestReduceHighRank reduces nine interleaved axes of a rank-18 view, more
// reduced and kept axes than the loops keep inline (8), horizontally and
// vertically.
func TestReduceHighRank(t *testing.T) {
	const rank = 18
	shape := make([]int, rank)
	perm := make([]int, rank)
	for k := range shape {
		shape[k] = 2
		perm[k] = rank - 1 - k
	}
	data := make([]float64, 1<<rank)
	for i := range data {
		data[i] = float64(i%7 - 3)
	}
	base := tensor.Must(tensor.FromSlice(data, shape...)).View()
	for _, v := range []tensor.View[float64]{base, tensor.Must(base.Permute(perm...))} {
		rv := values(v)
		for _, first := range []int{0, 1} { // reduce the even or the odd axes
			var axes []int
			set := make([]bool, rank)
			for k := first; k < rank; k += 2 {
				axes = append(axes, k)
				set[k] = true
			}
			want := naiveReduce(rv, set, func(x, y float64) float64 { return x + y }, 0)
			got, err := ops.SumKeepDims(v, axes...)
			require.NoError(t, err)
			require.True(t, equalValues(want.Data, got.Data()), "axes %v", axes)
		}
	}
}

// TestIntoDoesNotAllocate pins that the Into forms of the elementwise
// operations and of the reductions along rows or over everything allocate
// nothing on a small operand: checking the destination and planning the
// loops use the callers' stacks. (A reduction down columns allocates its
// accumulators, a scalar form its one-element operand, and ArgMaxInto
// into a destination that is not one row-major run its buffer of
// results.)
func TestIntoDoesNotAllocate(t *testing.T) {
	a := tensor.Must(tensor.Arange[float32](24)).View()
	m, err := a.Reshape(4, 6)
	require.NoError(t, err)
	mt, err := m.Transpose(0, 1)
	require.NoError(t, err)
	out := tensor.Must(tensor.New[float32](4, 6)).View()
	row := tensor.Must(tensor.New[float32](4)).View()
	keep := tensor.Must(tensor.New[float32](4, 1)).View()
	all := tensor.Must(tensor.New[float32]()).View()
	im := tensor.Must(tensor.Full[int](3, 4, 6)).View()
	irow := tensor.Must(tensor.New[int](4)).View()
	icol := tensor.Must(tensor.Must(tensor.New[int](4, 2)).View().Select(1, 0)) // strided: through a buffer
	for _, c := range []struct {
		name string
		f    func() error
		max  float64 // allocations allowed
	}{
		{"AddInto", func() error { return ops.AddInto(out, m, m) }, 0},
		{"MulInto, a transposed operand", func() error {
			o, _ := out.Reshape(6, 4)
			return ops.MulInto(o, mt, mt)
		}, 0},
		{"SumInto rows", func() error { return ops.SumInto(row, m, 1) }, 0},
		{"SumInto rows, kept", func() error { return ops.SumInto(keep, m, -1) }, 0},
		{"SumInto all", func() error { return ops.SumInto(all, m) }, 0},
		{"ProdInto rows", func() error { return ops.ProdInto(row, m, 1) }, 0},
		{"MaxInto rows", func() error { return ops.MaxInto(row, m, 1) }, 0},
		{"MinInto rows", func() error { return ops.MinInto(row, m, 1) }, 0},
		{"SumInto int rows", func() error { return ops.SumInto(irow, im, 1) }, 0},
		{"ArgMaxInto rows", func() error { return ops.ArgMaxInto(irow, m, 1) }, 0},
		{"ArgMaxInto rows, into a column", func() error { return ops.ArgMaxInto(icol, m, 1) }, 1},
		{"CumSumInto rows", func() error { return ops.CumSumInto(out, m, 1) }, 0},
		{"CumProdInto columns", func() error { return ops.CumProdInto(out, m, 0) }, 0},
	} {
		if n := testing.AllocsPerRun(20, func() { require.NoError(t, c.f()) }); n > c.max {
			t.Errorf("%s: %v allocations, want at most %v", c.name, n, c.max)
		}
	}
}

// TestReduceManyAxes reduces every other axis of a rank-20 tensor: after
// merging, 10 kept and 10 reduced outer axes, more than the loop nest
// holds inline, on one goroutine and split over two.
func TestReduceManyAxes(t *testing.T) {
	shape := make([]int, 20)
	for i := range shape {
		shape[i] = 2
	}
	x := tensor.Must(tensor.Arange[int32](1 << 20))
	v, err := x.View().Reshape(shape...)
	require.NoError(t, err)
	var axes []int
	for k := 0; k < 20; k += 2 {
		axes = append(axes, k)
	}
	want := make([]int32, 1<<10)
	for i, e := range x.Data() {
		idx := naive.Unravel(shape, i)
		o := 0
		for k := 1; k < 20; k += 2 {
			o = 2*o + idx[k]
		}
		want[o] += e
	}
	for _, p := range []int{1, 2} {
		prev := tensor.SetParallelism(p)
		got, err := ops.Sum(v, axes...)
		tensor.SetParallelism(prev)
		require.NoError(t, err)
		require.Equal(t, want, got.Data(), "parallelism %d", p)
	}
}

// TestReduceRowsPath covers the reductions along rows that simd.ReduceRows
// computes (every output one unit-stride run): rows in order and flipped
// (a negative stride between runs), counts that are and are not multiples
// of four, and destinations that are contiguous, strided and flipped. Each
// result must be simd.Reduce of its row, bit for bit, as before.
func TestReduceRowsPath(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, rows := range []int{1, 3, 4, 9, 70} {
		for _, cols := range []int{1, 31, 32, 96, 1000} {
			data := make([]float32, rows*cols)
			for i := range data {
				data[i] = float32(r.NormFloat64())
			}
			m := tensor.Must(tensor.FromSlice(data, rows, cols)).View()
			for _, flip := range []bool{false, true} {
				v := m
				if flip {
					v = tensor.Must(m.Flip(0))
				}
				want := make([]float32, rows)
				for j := range rows {
					src := j
					if flip {
						src = rows - 1 - j
					}
					want[j], _ = simd.Reduce(simd.Add, data[src*cols:(src+1)*cols])
				}
				big := tensor.Must(tensor.New[float32](2 * rows)).View()
				for _, dst := range []tensor.View[float32]{
					tensor.Must(tensor.New[float32](rows)).View(),
					tensor.Must(big.Slice(0, 0, 2*rows, 2)),
					tensor.Must(tensor.Must(big.Slice(0, 0, rows, 1)).Flip(0)),
				} {
					require.NoError(t, ops.SumInto(dst, v, 1))
					for j := range rows {
						got := dst.At(j)
						require.Equal(t, math.Float32bits(want[j]), math.Float32bits(got), "rows %d cols %d flip %v dst %v: row %d", rows, cols, flip, dst.Layout(), j)
					}
				}
			}
		}
	}
}

// TestReduceLeafBatches pins the bits of sums whose runs are longer than a
// leaf (8192 elements), where whole leaves go to simd.ReduceRows in
// batches: each output must be the leaves' Reduce values combined by
// recursive halving, the first half before the second, as the package
// documents, whatever the batches.
func TestReduceLeafBatches(t *testing.T) {
	const leaf = 8192
	var tree func(v []float32) float32
	tree = func(v []float32) float32 {
		if len(v) == 1 {
			return v[0]
		}
		h := len(v) / 2
		return tree(v[:h]) + tree(v[h:])
	}
	ref := func(run []float32) float32 {
		var leaves []float32
		for lo := 0; lo < len(run); lo += leaf {
			s, _ := simd.Reduce(simd.Add, run[lo:min(lo+leaf, len(run))])
			leaves = append(leaves, s)
		}
		return tree(leaves)
	}
	r := rand.New(rand.NewPCG(9, 10))
	for _, n := range []int{leaf + 1, 3 * leaf, 5*leaf + 7, 16 * leaf, 17*leaf + 100, 40 * leaf, 100*leaf + 1} {
		data := make([]float32, 3*n)
		for i := range data {
			data[i] = float32(r.NormFloat64())
		}
		all, err := ops.Sum(tensor.Must(tensor.FromSlice(data[:n], n)).View())
		require.NoError(t, err)
		require.Equal(t, math.Float32bits(ref(data[:n])), math.Float32bits(all.Data()[0]), "sum of %d", n)
		rows, err := ops.Sum(tensor.Must(tensor.FromSlice(data, 3, n)).View(), 1)
		require.NoError(t, err)
		for k := range 3 {
			require.Equal(t, math.Float32bits(ref(data[k*n:(k+1)*n])), math.Float32bits(rows.Data()[k]), "row %d of %d", k, n)
		}
	}
}

// TestReduceIntoLayout checks that a reduction's Into form gives the bits
// of its new-tensor form whatever the destination's layout: flipped,
// transposed, stepped, in the shape with the reduced axes kept.
func TestReduceIntoLayout(t *testing.T) {
	r := rand.New(rand.NewPCG(48, 7))
	random := func(shape ...int) tensor.View[float32] {
		x := tensor.Must(tensor.New[float32](shape...))
		for i := range x.Data() { // magnitudes over 2^24: the order of a sum shows
			x.Data()[i] = float32(math.Ldexp(r.NormFloat64(), r.IntN(30)))
		}
		return x.View()
	}
	// dsts returns destinations of shape (the new form's) laid out in
	// other ways.
	dsts := func(shape []int) map[string]tensor.View[float32] {
		out := map[string]tensor.View[float32]{}
		n := 1
		for _, d := range shape {
			n *= d
		}
		rev := slices.Clone(shape)
		slices.Reverse(rev)
		if len(shape) == 2 {
			out["transposed"] = tensor.Must(tensor.Must(tensor.New[float32](rev...)).View().Transpose(0, 1))
		}
		out["flipped"] = tensor.Must(tensor.Must(tensor.New[float32](shape...)).View().Flip())
		wide := tensor.Must(tensor.New[float32](append(slices.Clone(shape[:len(shape)-1]), 2*shape[len(shape)-1])...)).View()
		out["stepped"] = tensor.Must(wide.Slice(-1, 0, 2*shape[len(shape)-1], 2))
		return out
	}
	type form struct {
		name string
		new  func(v tensor.View[float32], axes ...int) (tensor.Tensor[float32], error)
		into func(dst, v tensor.View[float32], axes ...int) error
	}
	forms := []form{
		{"Sum", ops.Sum[float32, tensor.View[float32]], ops.SumInto[float32, tensor.View[float32], tensor.View[float32]]},
		{"Mean", ops.Mean[float32, tensor.View[float32]], ops.MeanInto[float32, tensor.View[float32], tensor.View[float32]]},
		{"Max", ops.Max[float32, tensor.View[float32]], ops.MaxInto[float32, tensor.View[float32], tensor.View[float32]]},
		{"Var", func(v tensor.View[float32], axes ...int) (tensor.Tensor[float32], error) {
			return ops.VarianceDdof(v, 1, axes...)
		},
			func(dst, v tensor.View[float32], axes ...int) error { return ops.VarianceDdofInto(dst, v, 1, axes...) }},
		{"Std", func(v tensor.View[float32], axes ...int) (tensor.Tensor[float32], error) {
			return ops.StdDevDdof(v, 0, axes...)
		},
			func(dst, v tensor.View[float32], axes ...int) error { return ops.StdDevDdofInto(dst, v, 0, axes...) }},
	}
	cases := []struct {
		in   tensor.View[float32]
		axes []int
	}{
		{random(300, 64), []int{0}},
		{random(40, 50, 60), []int{0}},
		{random(40, 50, 60), []int{2}},
		{random(64, 300), []int{1}},
		{random(4000, 3), []int{0}}, // widened columns
		{tensor.Must(random(50, 40).Transpose(0, 1)), []int{0}},
	}
	for _, c := range cases {
		for _, f := range forms {
			want := tensor.Must(f.new(c.in, c.axes...))
			for name, dst := range dsts(want.Shape()) {
				require.NoError(t, f.into(dst, c.in, c.axes...))
				got := dst.Contiguous().Data()
				assert.True(t, rfSame(want.Data(), got), "%s of %v over %v into a %s destination: other bits than %s",
					f.name, c.in.Shape(), c.axes, name, f.name)
			}
		}
	}
}

// TestSumSignedZero checks that sums start from +0, as NumPy's and
// PyTorch's do: a sum of negative zeros is +0.
func TestSumSignedZero(t *testing.T) {
	negZero := math.Copysign(0, -1)
	for _, n := range []int{1, 2, 7, 100, 10000} {
		v := tensor.Must(tensor.Full(negZero, n)).View()
		s := tensor.Must(ops.Sum(v)).At()
		assert.False(t, math.Signbit(s), "Sum of %d negative zeros is -0", n)
		m := tensor.Must(ops.Mean(v)).At()
		assert.False(t, math.Signbit(m), "Mean of %d negative zeros is -0", n)
		v32 := tensor.Must(tensor.Full(float32(negZero), n, 3)).View()
		for _, axes := range [][]int{{0}, {1}, nil} {
			for _, x := range tensor.Must(ops.Sum(v32, axes...)).Data() {
				assert.False(t, math.Signbit(float64(x)), "Sum over %v of [%d 3] negative zeros is -0", axes, n)
			}
			dst := tensor.Must(tensor.Must(ops.SumKeepDims(v32, axes...)).View().Flip())
			require.NoError(t, ops.SumInto(dst, v32, axes...))
			for _, x := range dst.Contiguous().Data() {
				assert.False(t, math.Signbit(float64(x)), "SumInto over %v of [%d 3] negative zeros is -0", axes, n)
			}
		}
		c := tensor.Must(tensor.Full(complex(negZero, negZero), n)).View()
		z := tensor.Must(ops.Sum(c)).At()
		assert.False(t, math.Signbit(real(z)) || math.Signbit(imag(z)), "Sum of %d complex negative zeros is %v", n, z)
	}
	// A product of a negative zero keeps its sign, as NumPy's.
	p := tensor.Must(ops.Prod(tensor.Must(tensor.Full(negZero, 3)).View())).At()
	assert.True(t, math.Signbit(p))
}

// TestMeanExactCount checks that float32 means and variances divide by the
// exact count past 2^24, where float32 rounds the count, as NumPy does.
func TestMeanExactCount(t *testing.T) {
	if testing.Short() {
		t.Skip("64 MiB")
	}
	const n = 1<<24 + 1
	x := tensor.Must(tensor.New[float32](n))
	x.Data()[n/2] = 1 << 30
	got := tensor.Must(ops.Mean(x.View())).At()
	assert.Equal(t, float32(float64(1<<30)/n), got, "Mean")
	assert.NotEqual(t, float32(64), got)

	x.Data()[n/2] = 0
	x.Data()[0], x.Data()[n-1] = 1<<15, -(1 << 15) // mean 0, squares 2^31
	v := tensor.Must(ops.VarianceDdof(x.View(), 0)).At()
	assert.Equal(t, float32(float64(1<<31)/n), v, "Var, ddof 0")
	s := tensor.Must(ops.StdDevDdof(x.View(), 0)).At()
	assert.Equal(t, float32(math.Sqrt(float64(float32(float64(1<<31)/n)))), s, "Std, ddof 0")
	assert.Equal(t, float32(128), tensor.Must(ops.VarianceDdof(x.View(), 1)).At(), "Var, ddof 1: 2^24 exactly")
}

// TestReduceIntoOrderCases holds two cases the review of the Into
// layouts found: Max keeps whichever of +0 and -0 its order meets, and a
// destination that overlaps a stepped input must not change the order
// through the input's packed snapshot.
func TestReduceIntoOrderCases(t *testing.T) {
	negZero := math.Copysign(0, -1)
	x := tensor.Must(tensor.Full(-1.0, 256, 2))
	x.Data()[31*2], x.Data()[224*2] = negZero, 0
	want := tensor.Must(ops.Max(x.View(), 0)).Data()
	wide := tensor.Must(tensor.New[float64](4)).View()
	stepped := tensor.Must(wide.Slice(0, 0, 4, 2))
	require.NoError(t, ops.MaxInto(stepped, x.View(), 0))
	assert.Equal(t, math.Signbit(want[0]), math.Signbit(stepped.At(0)), "Max into a stepped destination kept the other zero")

	r := rand.New(rand.NewPCG(49, 2))
	buf := make([]float32, 1024*64)
	for i := range buf {
		buf[i] = float32(math.Ldexp(r.NormFloat64(), r.IntN(30)))
	}
	a := tensor.Must(tensor.FromSlice(buf, 1024, 64)).View()
	in := tensor.Must(tensor.Must(a.Transpose(0, 1)).Slice(0, 0, 64, 2)) // [32 1024], strides [2 64]
	sum := tensor.Must(ops.Sum(in, 1)).Data()
	d := tensor.Must(tensor.FromSlice(buf[:32], 32)).View() // overlaps in
	require.NoError(t, ops.SumInto(d, in, 1))
	assert.True(t, rfSame(sum, d.Contiguous().Data()), "SumInto into a destination overlapping its stepped input: other bits than Sum")
	for i := range buf {
		buf[i] = float32(math.Ldexp(r.NormFloat64(), r.IntN(30)))
	}
	mean := tensor.Must(ops.Mean(in, 1)).Data()
	require.NoError(t, ops.MeanInto(d, in, 1))
	assert.True(t, rfSame(mean, d.Contiguous().Data()), "MeanInto into a destination overlapping its stepped input: other bits than Mean")
}
