package ops_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tessera-go/tessera/internal/naive"
	"github.com/tessera-go/tessera/internal/testkit"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// groupsOf returns, for a row-major array of shape reduced over the axes
// marked in red, the kept shape (reduced axes of size 1), the dropped
// shape, and the row-major positions that reduce into each result
// element, in row-major order: along the axis, for a single axis.
func groupsOf(shape []int, red []bool) (keep, drop []int, groups [][]int) {
	keep, drop = slices.Clone(shape), []int{}
	for k, d := range shape {
		if red[k] {
			keep[k] = 1
		} else {
			drop = append(drop, d)
		}
	}
	groups = make([][]int, naive.Size(keep))
	kp := make([]int, len(shape))
	for i, pos := range naive.Indices(shape) {
		for k, p := range pos {
			kp[k] = p
			if red[k] {
				kp[k] = 0
			}
		}
		j := naive.Ravel(keep, kp)
		groups[j] = append(groups[j], i)
	}
	return keep, drop, groups
}

// reduced returns the axes that axes name (all for none) as flags.
func reduced(rank int, axes []int) []bool {
	set, _ := axisSet(axes, rank)
	return set
}

// transposedDst returns a view of shape over a new buffer filled with
// fill, its axes laid out in reverse order (flipped for rank 1): never
// row-major.
func transposedDst[T tensor.Element](shape []int, fill T) tensor.View[T] {
	rev := slices.Clone(shape)
	slices.Reverse(rev)
	perm := make([]int, len(shape))
	for k := range perm {
		perm[k] = len(shape) - 1 - k
	}
	v := tensor.Must(tensor.Must(tensor.Full(fill, rev...)).Permute(perm...))
	if len(shape) == 1 {
		v = tensor.Must(v.Flip(0))
	}
	return v
}

// requireClose requires got within tol of want, relative to the larger of
// |want| and floor; NaN and the infinities must match exactly.
func requireClose(t *testing.T, want, got, tol, floor float64, msg string, args ...any) {
	t.Helper()
	if want != want || math.IsInf(want, 0) {
		require.True(t, sameElemBits(want, got), "%s: got %v, want %v", fmt.Sprintf(msg, args...), got, want)
		return
	}
	require.LessOrEqual(t, math.Abs(got-want), tol*max(math.Abs(want), floor), "%s: got %v, want %v", fmt.Sprintf(msg, args...), got, want)
}

// naiveNanArg returns the position in group of its largest (smallest)
// element that is not NaN, the first on a tie, or -1 for none.
func naiveNanArg[T tensor.Float](data []T, group []int, largest bool) int {
	best := -1
	for i, p := range group {
		x := data[p]
		if x != x {
			continue
		}
		if b := data[group[max(best, 0)]]; best < 0 || largest && x > b || !largest && x < b {
			best = i
		}
	}
	return best
}

// checkNanArg checks NanArgMax and NanArgMin (and their KeepDims and Into
// forms) of v along every axis and with none against naiveNanArg.
func checkNanArg[T tensor.Float](t *testing.T, r *rand.Rand, v tensor.View[T], nv naive.Array[T]) {
	type V = tensor.View[T]
	type I = tensor.View[int]
	cases := []struct {
		name    string
		largest bool
		f, fk   func(V, ...int) (tensor.Tensor[int], error)
		into    func(I, V, ...int) error
	}{
		{"NanArgMax", true, ops.NanArgMax[T, V], ops.NanArgMaxKeepDims[T, V], ops.NanArgMaxInto[T, I, V]},
		{"NanArgMin", false, ops.NanArgMin[T, V], ops.NanArgMinKeepDims[T, V], ops.NanArgMinInto[T, I, V]},
	}
	shape, rank := nv.Shape, len(nv.Shape)
	for ax := -1; ax < rank; ax++ {
		var axes []int // none: the flat index
		if ax >= 0 {
			axes = []int{ax - rank*r.IntN(2)}
		}
		keep, drop, groups := groupsOf(shape, reduced(rank, axes))
		for _, c := range cases {
			name := fmt.Sprintf("%s %T %v axes %v", c.name, T(0), v.Layout(), axes)
			want, empty := make([]int, len(groups)), false
			for j, g := range groups {
				want[j] = naiveNanArg(nv.Data, g, c.largest)
				empty = empty || want[j] < 0
			}
			got, err := c.f(v, axes...)
			gk, errK := c.fk(v, axes...)
			dshape := drop
			if r.IntN(2) == 0 {
				dshape = keep
			}
			dst := randomDst(r, dshape, -99)
			errI := c.into(dst, v, axes...)
			if empty {
				require.ErrorIs(t, err, ops.ErrEmpty, name)
				require.ErrorIs(t, errK, ops.ErrEmpty, name)
				require.ErrorIs(t, errI, ops.ErrEmpty, name)
				for i, x := range values(dst).Data {
					require.Equal(t, -99, x, "%s: dst element %d written on error", name, i)
				}
				continue
			}
			require.NoError(t, err, name)
			require.NoError(t, errK, name)
			require.NoError(t, errI, name)
			require.True(t, slices.Equal(drop, got.Shape()), "%s: shape %v, want %v", name, got.Shape(), drop)
			require.True(t, slices.Equal(keep, gk.Shape()), "%s: keepdims shape %v, want %v", name, gk.Shape(), keep)
			require.True(t, slices.Equal(want, got.Data()[:len(want)]), "%s: %v, want %v", name, got.Data(), want)
			require.True(t, slices.Equal(want, gk.Data()[:len(want)]), "%s keepdims", name)
			require.True(t, slices.Equal(want, values(dst).Data), "%s into %v", name, dst.Layout())
		}
	}
}

// TestNanArgRandom checks NanArgMax and NanArgMin (and their KeepDims
// and Into forms) of random views (transposed, stepped, flipped,
// broadcast) of float32 and float64 holding many NaN, some -Inf and both
// zeros, along every axis and as a flat index, against a naive search:
// the first non-NaN extreme wins; a run of NaN only is ErrEmpty, and
// leaves an Into destination untouched.
func TestNanArgRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(61, 1))
	gen := func(nan float64) func(*rand.Rand) float64 {
		return func(r *rand.Rand) float64 {
			switch f := r.Float64(); {
			case f < nan:
				return math.NaN()
			case f < nan+0.05:
				return math.Inf(-1)
			case f < nan+0.1:
				return math.Copysign(0, -1)
			}
			return float64(r.IntN(9)-4) / 2
		}
	}
	for i := range 300 {
		shape, _ := randomPair(r)
		nan := 0.3
		if i%10 == 0 {
			nan = 0.8 // whole views of NaN now and then
		}
		g := gen(nan)
		v32, n32 := randomOperand(r, shape, func(r *rand.Rand) float32 { return float32(g(r)) })
		checkNanArg(t, r, v32, n32)
		v64, n64 := randomOperand(r, shape, g)
		checkNanArg(t, r, v64, n64)
	}
	// Long runs (the SIMD searches), transposed, and more than par.MinBytes
	// (4 MiB): split over goroutines.
	for _, shape := range [][]int{{1031, 37}, {1031, 1031}} {
		big, _ := randomOperand(r, shape, func(r *rand.Rand) float32 { return float32(gen(0.3)(r)) })
		checkNanArg(t, r, big, values(big))
		tr := tensor.Must(big.Transpose(0, 1))
		checkNanArg(t, r, tr, values(tr))
	}
}

// naiveNanVar returns the variance of the elements of group that are not
// NaN with ddof, in two passes in float64: NaN where count-ddof <= 0.
func naiveNanVar[T tensor.Float](data []T, group []int, ddof int) float64 {
	var sum, ss float64
	n := 0
	for _, p := range group {
		if x := float64(data[p]); x == x {
			sum += x
			n++
		}
	}
	if n-ddof <= 0 {
		return math.NaN()
	}
	m := sum / float64(n)
	for _, p := range group {
		if x := float64(data[p]); x == x {
			ss += (x - m) * (x - m)
		}
	}
	return ss / float64(n-ddof)
}

func checkNanVariance[T tensor.Float](t *testing.T, r *rand.Rand, tol float64, rounds int) {
	gen := func(r *rand.Rand) T {
		if r.IntN(10) < 3 {
			return T(math.NaN())
		}
		return T(r.IntN(257)-128) / 16 // sums of these are exact
	}
	for range rounds {
		shape, _ := randomPair(r)
		v, nv := randomOperand(r, shape, gen)
		rank := len(shape)
		sets := [][]int{nil, testkit.Iota(rank)} // all axes, implicitly and by name
		for k := range rank {
			sets = append(sets, []int{k - rank*r.IntN(2)})
			for k2 := k + 1; k2 < rank; k2++ {
				pair := []int{k, k2 - rank*r.IntN(2)}
				r.Shuffle(2, func(i, j int) { pair[i], pair[j] = pair[j], pair[i] })
				sets = append(sets, pair)
			}
		}
		for _, axes := range sets {
			keep, drop, groups := groupsOf(shape, reduced(rank, axes))
			for ddof := range 3 {
				name := fmt.Sprintf("%T %v axes %v ddof %d", T(0), v.Layout(), axes, ddof)
				vr, err := ops.NanVarianceDdof(v, ddof, axes...)
				require.NoError(t, err, name)
				sd, err := ops.NanStdDevDdof(v, ddof, axes...)
				require.NoError(t, err, name)
				vk, err := ops.NanVarianceDdofKeepDims(v, ddof, axes...)
				require.NoError(t, err, name)
				require.True(t, slices.Equal(drop, vr.Shape()) && slices.Equal(keep, vk.Shape()), name)
				dst := transposedDst[T](drop, -7)
				require.NoError(t, ops.NanVarianceDdofInto(dst, v, ddof, axes...), name)
				into := values(dst).Data
				for j, g := range groups {
					w := naiveNanVar(nv.Data, g, ddof)
					requireClose(t, w, float64(vr.Data()[j]), tol, 0, "NanVarianceDdof %s at %d", name, j)
					requireClose(t, math.Sqrt(w), float64(sd.Data()[j]), tol, 0, "NanStdDevDdof %s at %d", name, j)
					require.True(t, sameElemBits(vr.Data()[j], into[j]), "NanVarianceDdofInto %s at %d: %v, want %v", name, j, into[j], vr.Data()[j])
				}
			}
		}
	}
}

// TestNanVarianceRandom checks NanVarianceDdof and NanStdDevDdof for ddof
// 0, 1 and 2 on random views holding NaN, over single axes, pairs of axes
// and all axes, against a two-pass float64 reference, and that the Into
// form into a transposed destination gives the new tensor's bits.
func TestNanVarianceRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(61, 2))
	checkNanVariance[float32](t, r, 1e-5, 100)
	checkNanVariance[float64](t, r, 1e-12, 100)
}

// naiveLSE returns log(Σ exp(x - m)) + m of the elements of group, m
// their maximum (0 when not finite), and m.
func naiveLSE[T tensor.Float](data []T, group []int) (lse, m float64) {
	m = math.Inf(-1)
	for _, p := range group {
		m = max(m, float64(data[p]))
	}
	if math.IsInf(m, 0) {
		m = 0
	}
	s := 0.0
	for _, p := range group {
		s += math.Exp(float64(data[p]) - m)
	}
	return math.Log(s) + m, m
}

func checkLogExp[T tensor.Float](t *testing.T, r *rand.Rand, tol, big float64, rounds int) {
	for range rounds {
		shape, _ := randomPair(r)
		off := []float64{0, big, -big}[r.IntN(3)] // exp(big) overflows T
		v, nv := randomOperand(r, shape, func(r *rand.Rand) T {
			if r.IntN(20) == 0 {
				return T(math.Inf(-1))
			}
			return T(off + 10*r.Float64() - 5)
		})
		rank := len(shape)
		axes, red := randomAxes(r, rank)
		keep, drop, groups := groupsOf(shape, red)
		name := fmt.Sprintf("%T %v axes %v", T(0), v.Layout(), axes)
		got, err := ops.LogSumExp(v, axes...)
		require.NoError(t, err, name)
		gk, err := ops.LogSumExpKeepDims(v, axes...)
		require.NoError(t, err, name)
		require.True(t, slices.Equal(keep, gk.Shape()) && slices.Equal(drop, got.Shape()), name)
		dst := randomDst(r, drop, T(-7))
		require.NoError(t, ops.LogSumExpInto(dst, v, axes...), name)
		into := values(dst).Data
		for j, g := range groups {
			w, m := naiveLSE(nv.Data, g)
			requireClose(t, w, float64(got.Data()[j]), tol, 1+math.Abs(m), "LogSumExp %s at %d", name, j)
			require.True(t, sameElemBits(got.Data()[j], into[j]), "LogSumExpInto %s at %d", name, j)
		}
		if rank == 0 {
			_, err := ops.Softmax(v, 0)
			require.ErrorIs(t, err, layout.ErrAxis)
			continue
		}
		for k := range rank {
			a := k - rank*r.IntN(2)
			name := fmt.Sprintf("%T %v axis %d", T(0), v.Layout(), a)
			red := make([]bool, rank)
			red[k] = true
			_, _, groups := groupsOf(shape, red)
			sm, err := ops.Softmax(v, a)
			require.NoError(t, err, name)
			ls, err := ops.LogSoftmax(v, a)
			require.NoError(t, err, name)
			for _, g := range groups {
				lse, _ := naiveLSE(nv.Data, g)
				sum := 0.0
				for _, p := range g {
					x := float64(nv.Data[p])
					requireClose(t, math.Exp(x-lse), float64(sm.Data()[p]), tol, 1e-30, "Softmax %s at %d", name, p)
					requireClose(t, x-lse, float64(ls.Data()[p]), tol, max(1, math.Abs(x)), "LogSoftmax %s at %d", name, p)
					sum += float64(sm.Data()[p])
				}
				if !math.IsInf(lse, -1) {
					require.InDelta(t, 1, sum, tol, "Softmax %s: a run sums to %v", name, sum)
				}
			}
			// In place, on a contiguous copy: the allocating form's bits.
			for _, c := range []struct {
				f    func(tensor.Tensor[T], int) (tensor.Tensor[T], error)
				into func(tensor.Tensor[T], tensor.Tensor[T], int) error
			}{
				{ops.Softmax[T, tensor.Tensor[T]], ops.SoftmaxInto[T, tensor.Tensor[T], tensor.Tensor[T]]},
				{ops.LogSoftmax[T, tensor.Tensor[T]], ops.LogSoftmaxInto[T, tensor.Tensor[T], tensor.Tensor[T]]},
			} {
				x := v.Clone()
				want, err := c.f(x, a)
				require.NoError(t, err, name)
				require.NoError(t, c.into(x, x, a), name)
				for i, w := range want.Data() {
					require.True(t, sameElemBits(w, x.Data()[i]), "in place %s at %d: %v, want %v", name, i, x.Data()[i], w)
				}
			}
		}
	}
}

// TestLogExpRandom checks LogSumExp over random axes, and Softmax and
// LogSoftmax along every axis (negative too), of random views against
// naive float64 references, with values large enough that an unshifted
// exp overflows; softmax runs sum to 1, and the Into forms in place give
// the allocating form's bits.
func TestLogExpRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(61, 3))
	checkLogExp[float32](t, r, 1e-5, 100, 150)
	checkLogExp[float64](t, r, 1e-12, 1000, 150)
}

// naiveNorm returns the p-norm of the elements of group in float64.
func naiveNorm[T tensor.Float](data []T, group []int, p float64) float64 {
	var acc float64
	switch {
	case math.IsInf(p, 1):
		acc = math.Inf(-1)
	case math.IsInf(p, -1):
		acc = math.Inf(1)
	}
	for _, i := range group {
		x := math.Abs(float64(data[i]))
		switch {
		case p == 0:
			if x != 0 {
				acc++
			}
		case x != x:
			return math.NaN()
		case math.IsInf(p, 1):
			acc = max(acc, x)
		case math.IsInf(p, -1):
			acc = min(acc, x)
		default:
			acc += math.Pow(x, p)
		}
	}
	if p == 0 || math.IsInf(p, 0) || p == 1 {
		return acc
	}
	return math.Pow(acc, 1/p)
}

func checkNorm[T tensor.Float](t *testing.T, r *rand.Rand, tol float64, rounds int) {
	gen := func(r *rand.Rand) T {
		switch r.IntN(40) {
		case 0:
			return T(math.NaN())
		case 1, 2, 3:
			return 0
		case 4, 5:
			return T(math.Copysign(0, -1))
		}
		return T(8*r.Float64() - 4)
	}
	for range rounds {
		shape, _ := randomPair(r)
		v, nv := randomOperand(r, shape, gen)
		axes, red := randomAxes(r, len(shape))
		keep, drop, groups := groupsOf(shape, red)
		for _, p := range []float64{1, 2, math.Inf(1), math.Inf(-1), 0, 3, 0.5, -1} {
			name := fmt.Sprintf("Norm %T %v p %v axes %v", T(0), v.Layout(), p, axes)
			got, err := ops.Norm(v, p, axes...)
			dst := randomDst(r, drop, T(-7))
			errI := ops.NormInto(dst, v, p, axes...)
			if math.IsInf(p, 0) && len(groups) > 0 && len(groups[0]) == 0 {
				require.ErrorIs(t, err, ops.ErrEmpty, name)
				require.ErrorIs(t, errI, ops.ErrEmpty, name)
				for i, x := range values(dst).Data {
					require.Equal(t, T(-7), x, "%s: dst element %d written on error", name, i)
				}
				continue
			}
			require.NoError(t, err, name)
			require.NoError(t, errI, name)
			gk, err := ops.NormKeepDims(v, p, axes...)
			require.NoError(t, err, name)
			require.True(t, slices.Equal(keep, gk.Shape()) && slices.Equal(drop, got.Shape()), name)
			into := values(dst).Data
			for j, g := range groups {
				w := naiveNorm(nv.Data, g, p)
				requireClose(t, w, float64(got.Data()[j]), tol, 0, "%s at %d", name, j)
				require.True(t, sameElemBits(got.Data()[j], into[j]), "NormInto %s at %d", name, j)
			}
		}
	}
}

// TestNormRandom checks Norm (and NormInto) for p 1, 2, ±Inf, 0, 3, 0.5
// and -1 over random axes of random views against naive float64
// references; the rescaled 2-norms of sums of squares that overflow or
// underflow; and Norm's errors and empty reductions.
func TestNormRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(61, 4))
	checkNorm[float32](t, r, 1e-5, 150)
	checkNorm[float64](t, r, 1e-12, 150)

	norm32 := func(xs ...float32) float64 {
		return float64(tensor.Must(tensor.Must(ops.Norm(tensor.Must(tensor.FromSlice(xs)), 2)).Item()))
	}
	norm64 := func(xs ...float64) float64 {
		return tensor.Must(tensor.Must(ops.Norm(tensor.Must(tensor.FromSlice(xs)), 2)).Item())
	}
	requireClose(t, float64(float32(5e20)), norm32(3e20, 4e20), 1e-6, 0, "float32 overflowing squares")
	requireClose(t, float64(float32(5e-30)), norm32(3e-30, 4e-30), 1e-6, 0, "float32 underflowing squares")
	requireClose(t, 5e200, norm64(3e200, 4e200), 1e-15, 0, "float64 overflowing squares")
	requireClose(t, 5e-200, norm64(3e-200, 4e-200), 1e-15, 0, "float64 underflowing squares")
	require.Equal(t, 0.0, norm32(0, 0, 0))
	require.Equal(t, 0.0, norm64(0, 0))
	require.Equal(t, math.Inf(1), norm32(1, float32(math.Inf(-1)), 3e20))
	require.Equal(t, math.Inf(1), norm64(1, math.Inf(1)))
	require.True(t, math.IsNaN(norm32(1, float32(math.NaN()), 3e20)))
	require.True(t, math.IsNaN(norm64(math.NaN(), 1)))
	t.Run("subnormal scale", func(t *testing.T) {
		requireClose(t, float64(float32(1.4142135e-39)), norm32(1e-39, 1e-39), 1e-6, 0, "float32 subnormal")
		require.Equal(t, float64(float32(1e-45)), norm32(1e-45, 0))
		require.Equal(t, 5e-324, norm64(5e-324))
		require.Equal(t, 1e-310, norm64(1e-310, 0))
		requireClose(t, float64(float32(2.9e-39)), norm32(2.9e-39), 1e-6, 0, "float32 below 1/MaxFloat32")
	})
	m := tensor.Must(tensor.FromSlice([]float64{1, 2, 3, 4, 5, 6}, 2, 3))
	dst := tensor.Must(tensor.Full(-9.0, 2))
	_, err := ops.Norm(m, math.NaN(), 1)
	require.ErrorIs(t, err, layout.ErrArg)
	require.Contains(t, err.Error(), "ops: Norm: ")
	require.ErrorIs(t, ops.NormInto(dst, m, math.NaN(), 1), layout.ErrArg)
	require.Equal(t, []float64{-9, -9}, dst.Data())
	empty := tensor.Must(tensor.New[float64](3, 0))
	for _, p := range []float64{math.Inf(1), math.Inf(-1)} {
		_, err = ops.Norm(empty, p, 1)
		require.ErrorIs(t, err, ops.ErrEmpty)
		got, err := ops.Norm(empty, p, 0) // into no elements
		require.NoError(t, err)
		require.Equal(t, []int{0}, got.Shape())
	}
	for _, p := range []float64{0, 1, 0.5, 3} {
		got, err := ops.Norm(empty, p, 1)
		require.NoError(t, err)
		require.Equal(t, []float64{0, 0, 0}, got.Data(), "p %v", p)
	}
	// Of no elements: 0 for p = 2, +Inf for p < 0 (0^(1/p), as NumPy).
	got, err := ops.Norm(empty, 2, 1)
	require.NoError(t, err)
	require.Equal(t, []float64{0, 0, 0}, got.Data())
	got, err = ops.Norm(empty, -1, 1)
	require.NoError(t, err)
	require.Equal(t, []float64{math.Inf(1), math.Inf(1), math.Inf(1)}, got.Data())
}

// padSource returns the index of an axis of length n that index j of it,
// outside [0, n), takes its element from by mode (PadConstant: none).
func padSource(j, n int, mode ops.PadMode) int {
	mod := func(a, m int) int { return (a%m + m) % m }
	switch mode {
	case ops.PadEdge:
		return min(max(j, 0), n-1)
	case ops.PadWrap:
		return mod(j, n)
	case ops.PadSymmetric:
		if j = mod(j, 2*n); j >= n {
			j = 2*n - 1 - j
		}
		return j
	case ops.PadReflect:
		if n == 1 {
			return 0
		}
		if j = mod(j, 2*n-2); j >= n {
			j = 2*n - 2 - j
		}
		return j
	}
	return -1
}

// naivePad is np.pad of a by the definition: each index of the result
// reads a at the source of each of its coordinates, or value where one
// lies in the padding and mode is PadConstant.
func naivePad[T tensor.Element](a naive.Array[T], widths [][2]int, mode ops.PadMode, value T) naive.Array[T] {
	w := func(k int) [2]int { return widths[min(k, len(widths)-1)] }
	shape := make([]int, len(a.Shape))
	for k, n := range a.Shape {
		shape[k] = w(k)[0] + n + w(k)[1]
	}
	out := naive.Array[T]{Shape: shape, Data: make([]T, naive.Size(shape))}
	src := make([]int, len(shape))
	for i, pos := range naive.Indices(shape) {
		out.Data[i] = value
		inPad := false
		for k, p := range pos {
			src[k] = p - w(k)[0]
			if src[k] < 0 || src[k] >= a.Shape[k] {
				inPad = true
				src[k] = padSource(src[k], a.Shape[k], mode)
			}
		}
		if !inPad || mode != ops.PadConstant {
			out.Data[i] = a.At(src...)
		}
	}
	return out
}

// naiveTile is np.tile of a by reps: index i of a result axis reads index
// i mod n of a's axis aligned with it at the end.
func naiveTile[T tensor.Element](a naive.Array[T], reps []int) naive.Array[T] {
	rank := max(len(reps), len(a.Shape))
	lead := rank - len(a.Shape)
	shape := make([]int, rank)
	for k := range shape {
		n, rep := 1, 1
		if k >= lead {
			n = a.Shape[k-lead]
		}
		if i := k - (rank - len(reps)); i >= 0 {
			rep = reps[i]
		}
		shape[k] = n * rep
	}
	out := naive.Array[T]{Shape: shape, Data: make([]T, naive.Size(shape))}
	src := make([]int, len(a.Shape))
	for i, pos := range naive.Indices(shape) {
		for k, n := range a.Shape {
			src[k] = pos[k+lead] % n
		}
		out.Data[i] = a.At(src...)
	}
	return out
}

// naiveRepeat is np.repeat of a along axis by counts (one for every
// element, or one per element).
func naiveRepeat[T tensor.Element](a naive.Array[T], axis int, counts []int) naive.Array[T] {
	ax := (axis + len(a.Shape)) % len(a.Shape)
	var from []int
	for i := range a.Shape[ax] {
		for range counts[min(i, len(counts)-1)] {
			from = append(from, i)
		}
	}
	shape := slices.Clone(a.Shape)
	shape[ax] = len(from)
	out := naive.Array[T]{Shape: shape, Data: make([]T, naive.Size(shape))}
	for i, pos := range naive.Indices(shape) {
		src := slices.Clone(pos)
		src[ax] = from[pos[ax]]
		out.Data[i] = a.At(src...)
	}
	return out
}

// requireBuilt requires the new tensor got, and the views into (filled by
// an Into form), to hold want.
func requireBuilt[T tensor.Element](t *testing.T, want naive.Array[T], got tensor.Tensor[T], name string, into ...tensor.View[T]) {
	t.Helper()
	require.True(t, slices.Equal(want.Shape, got.Shape()), "%s: shape %v, want %v", name, got.Shape(), want.Shape)
	require.Equal(t, want.Data, got.Data()[:len(want.Data)], name)
	for _, d := range into {
		require.Equal(t, want.Data, values(d).Data, "%s into %v", name, d.Layout())
	}
}

func checkPadTileRepeat[T tensor.Element](t *testing.T, r *rand.Rand, gen func(*rand.Rand) T, fill T, rounds int) {
	for range rounds {
		shape, _ := randomPair(r)
		v, nv := randomOperand(r, shape, gen)
		rank := len(shape)

		mode := ops.PadMode(r.IntN(5))
		widths := [][2]int{{r.IntN(8), r.IntN(8)}}
		if rank > 0 && (r.IntN(2) == 0 || mode != ops.PadConstant && slices.Contains(shape, 0)) {
			widths = make([][2]int, rank)
			for k, n := range shape {
				if n > 0 || mode == ops.PadConstant {
					widths[k] = [2]int{r.IntN(8), r.IntN(8)}
				}
			}
		}
		value := gen(r)
		name := fmt.Sprintf("Pad %T %v by %v %v", value, v.Layout(), widths, mode)
		got, err := ops.Pad(v, widths, mode, value)
		require.NoError(t, err, name)
		want := naivePad(nv, widths, mode, value)
		d1, d2 := randomDst(r, want.Shape, fill), transposedDst(want.Shape, fill)
		require.NoError(t, ops.PadInto(d1, v, widths, mode, value), name)
		require.NoError(t, ops.PadInto(d2, v, widths, mode, value), name)
		requireBuilt(t, want, got, name, d1, d2)

		reps := make([]int, r.IntN(rank+3))
		for k := range reps {
			reps[k] = r.IntN(4)
		}
		name = fmt.Sprintf("Tile %T %v by %v", value, v.Layout(), reps)
		got, err = ops.Tile(v, reps...)
		require.NoError(t, err, name)
		want = naiveTile(nv, reps)
		d1, d2 = randomDst(r, want.Shape, fill), transposedDst(want.Shape, fill)
		require.NoError(t, ops.TileInto(d1, v, reps...), name)
		require.NoError(t, ops.TileInto(d2, v, reps...), name)
		requireBuilt(t, want, got, name, d1, d2)

		if rank == 0 {
			_, err := ops.Repeat(v, 0, 2)
			require.ErrorIs(t, err, layout.ErrAxis)
			continue
		}
		ax := r.IntN(rank)
		counts := []int{r.IntN(4)}
		if r.IntN(2) == 0 {
			counts = make([]int, shape[ax])
			for i := range counts {
				counts[i] = r.IntN(4)
			}
		}
		axis := ax - rank*r.IntN(2)
		name = fmt.Sprintf("Repeat %T %v along %d by %v", value, v.Layout(), axis, counts)
		got, err = ops.Repeat(v, axis, counts...)
		require.NoError(t, err, name)
		want = naiveRepeat(nv, axis, counts)
		d1, d2 = randomDst(r, want.Shape, fill), transposedDst(want.Shape, fill)
		require.NoError(t, ops.RepeatInto(d1, v, axis, counts...), name)
		require.NoError(t, ops.RepeatInto(d2, v, axis, counts...), name)
		requireBuilt(t, want, got, name, d1, d2)
	}
}

// TestPadTileRepeatRandom checks Pad in every mode with random widths
// (wider than the axis too), Tile with random reps (fewer and more than
// the rank) and Repeat with one count and with one per element, on random
// views of float64, int32 and bool, and their Into forms into random and
// transposed destinations, against naive references; and Pad, Tile and
// Repeat of the views of testkit's catalogue (empty, rank 0, overlapping,
// rank 64, ...).
func TestPadTileRepeatRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(61, 5))
	checkPadTileRepeat(t, r, func(r *rand.Rand) float64 { return float64(r.IntN(99)) - 49 }, -0.5, 120)
	checkPadTileRepeat(t, r, func(r *rand.Rand) int32 { return 1 + int32(r.IntN(1000)) }, -1, 120)
	checkPadTileRepeat(t, r, randomBool, false, 120)

	data := make([]int32, testkit.CatalogueLen)
	for i := range data {
		data[i] = int32(i + 1)
	}
	for _, c := range testkit.Views(t, data) {
		testkit.NoPanic(t, func() {
			nv := values(c.View)
			got, err := ops.Pad(c.View, [][2]int{{1, 0}}, ops.PadConstant, -1)
			if err != nil {
				require.ErrorIs(t, err, layout.ErrOverflow, c.Name) // rank 64: 2^64 elements
			} else {
				requireBuilt(t, naivePad(nv, [][2]int{{1, 0}}, ops.PadConstant, -1), got, "Pad "+c.Name)
			}
			got, err = ops.Tile(c.View, 2)
			require.NoError(t, err, c.Name)
			requireBuilt(t, naiveTile(nv, []int{2}), got, "Tile "+c.Name)
			got, err = ops.Repeat(c.View, -1, 2)
			if c.View.Rank() == 0 {
				require.ErrorIs(t, err, layout.ErrAxis, c.Name)
				return
			}
			require.NoError(t, err, c.Name)
			requireBuilt(t, naiveRepeat(nv, -1, []int{2}), got, "Repeat "+c.Name)
		})
	}
	t.Run("MaxRank", func(t *testing.T) {
		shape := testkit.Ones(layout.MaxRank)
		shape[layout.MaxRank-1] = 2
		v := tensor.Must(tensor.New[int32](shape...))
		testkit.NoPanic(t, func() {
			got, err := ops.Repeat(v, 0, 2)
			require.NoError(t, err)
			require.Equal(t, 4, got.Size())
			got, err = ops.Tile(v, 2)
			require.NoError(t, err)
			require.Equal(t, 4, got.Size())
		})
	})
}

// errOf returns the error of a call that also returns a value.
func errOf[X any](_ X, err error) error { return err }

// TestBuildErrors checks that each bad argument of Pad, Tile, Repeat,
// Softmax, LogSumExp and NanArgMax gives an error wrapping the right
// sentinel and naming the operation, and that the Into forms then write
// nothing into a destination filled with a sentinel.
func TestBuildErrors(t *testing.T) {
	type D = tensor.Tensor[float64]
	v := tensor.Must(tensor.FromSlice([]float64{1, 2, 3, 4, 5, 6}, 2, 3))
	empty := tensor.Must(tensor.New[float64](0, 3))
	check := func(op string, want, err error) {
		t.Helper()
		require.ErrorIs(t, err, want, op)
		require.Contains(t, err.Error(), "ops: "+op+": ")
	}
	into := func(op string, want error, f func(d D) error, shape ...int) {
		t.Helper()
		d := tensor.Must(tensor.Full(-99.0, shape...))
		check(op, want, f(d))
		for i, x := range d.Data() {
			require.Equal(t, -99.0, x, "%s: dst element %d written on error", op, i)
		}
	}
	wide, c := [][2]int{{1, 1}, {1, 1}, {1, 1}}, ops.PadConstant
	check("Pad", layout.ErrArg, errOf(ops.Pad(v, wide, c, 0)))
	into("PadInto", layout.ErrArg, func(d D) error { return ops.PadInto(d, v, wide, c, 0) }, 4, 5)
	into("PadInto", layout.ErrArg, func(d D) error { return ops.PadInto(d, v, nil, c, 0) }, 2, 3)
	check("Pad", layout.ErrArg, errOf(ops.Pad(v, [][2]int{{-1, 0}}, ops.PadEdge, 0)))
	into("PadInto", layout.ErrArg, func(d D) error { return ops.PadInto(d, v, [][2]int{{0, 0}, {-1, 2}}, ops.PadEdge, 0) }, 2, 4)
	check("Pad", layout.ErrArg, errOf(ops.Pad(v, [][2]int{{1, 1}}, ops.PadMode(9), 0)))
	into("PadInto", layout.ErrArg, func(d D) error { return ops.PadInto(d, v, [][2]int{{1, 1}}, ops.PadMode(9), 0) }, 4, 5)
	check("Pad", layout.ErrArg, errOf(ops.Pad(empty, [][2]int{{0, 1}}, ops.PadSymmetric, 0)))
	into("PadInto", layout.ErrArg, func(d D) error { return ops.PadInto(d, empty, [][2]int{{1, 0}, {0, 0}}, ops.PadReflect, 0) }, 1, 3)
	into("PadInto", layout.ErrShape, func(d D) error { return ops.PadInto(d, v, [][2]int{{1, 1}}, ops.PadWrap, 0) }, 5, 4)
	into("PadInto", layout.ErrOverlap, func(d D) error {
		return ops.PadInto(tensor.Must(d.Expand(4, 5)), v, [][2]int{{1, 1}}, ops.PadWrap, 0)
	}, 1, 5)
	check("Tile", layout.ErrArg, errOf(ops.Tile(v, -1)))
	into("TileInto", layout.ErrArg, func(d D) error { return ops.TileInto(d, v, 2, -1) }, 4, 3)
	into("TileInto", layout.ErrShape, func(d D) error { return ops.TileInto(d, v, 2) }, 2, 3)
	check("Repeat", layout.ErrAxis, errOf(ops.Repeat(v, 2, 1)))
	into("RepeatInto", layout.ErrAxis, func(d D) error { return ops.RepeatInto(d, v, -3, 2) }, 4, 3)
	for _, counts := range [][]int{{1, 2}, nil, {3, -1}} {
		check("Repeat", layout.ErrArg, errOf(ops.Repeat(v, 1, counts...)))
		into("RepeatInto", layout.ErrArg, func(d D) error { return ops.RepeatInto(d, v, 1, counts...) }, 2, 3)
	}
	into("RepeatInto", layout.ErrShape, func(d D) error { return ops.RepeatInto(d, v, 0, 2) }, 2, 6)
	check("Softmax", layout.ErrAxis, errOf(ops.Softmax(v, -3)))
	into("SoftmaxInto", layout.ErrAxis, func(d D) error { return ops.SoftmaxInto(d, v, 2) }, 2, 3)
	into("SoftmaxInto", layout.ErrShape, func(d D) error { return ops.SoftmaxInto(d, v, 1) }, 3, 2)
	into("LogSoftmaxInto", layout.ErrAxis, func(d D) error { return ops.LogSoftmaxInto(d, v, -3) }, 2, 3)
	check("LogSumExp", layout.ErrAxis, errOf(ops.LogSumExp(v, 0, 2)))
	into("LogSumExpInto", layout.ErrAxis, func(d D) error { return ops.LogSumExpInto(d, v, 5) }, 2)
	check("NanArgMax", layout.ErrAxis, errOf(ops.NanArgMax(v, 0, 1)))
	idx := tensor.Must(tensor.Full(-99, 3))
	check("NanArgMaxInto", layout.ErrAxis, ops.NanArgMaxInto(idx, v, 0, 1))
	require.Equal(t, []int{-99, -99, -99}, idx.Data())
	// Allowed: PadConstant of an empty axis, the other modes of one not
	// widened.
	got, err := ops.Pad(empty, [][2]int{{1, 0}, {0, 0}}, ops.PadConstant, 7)
	require.NoError(t, err)
	require.Equal(t, []float64{7, 7, 7}, got.Data())
	got, err = ops.Pad(empty, [][2]int{{0, 0}, {1, 1}}, ops.PadReflect, 7)
	require.NoError(t, err)
	require.Equal(t, []int{0, 5}, got.Shape())
	require.Equal(t, "PadReflect", ops.PadReflect.String())
	require.Equal(t, "PadMode(9)", ops.PadMode(9).String())
}

// TestBuildAliasing checks PadInto, TileInto and RepeatInto whose input
// is a view of the destination's own memory (overlapping it at a corner,
// inside, transposed, flipped and stepped): the result is the allocating
// form's of a copy of the input taken beforehand, and nothing outside dst
// is written.
func TestBuildAliasing(t *testing.T) {
	type V = tensor.View[int]
	type build struct {
		new  func(v V) (tensor.Tensor[int], error)
		into func(d, v V) error
	}
	builds := map[string]build{
		"Tile": {func(v V) (tensor.Tensor[int], error) { return ops.Tile(v, 2, 1) },
			func(d, v V) error { return ops.TileInto(d, v, 2, 1) }},
		"Tile rank 3": {func(v V) (tensor.Tensor[int], error) { return ops.Tile(v, 1, 2, 1) },
			func(d, v V) error { return ops.TileInto(d, v, 1, 2, 1) }},
		"Repeat": {func(v V) (tensor.Tensor[int], error) { return ops.Repeat(v, 0, 2) },
			func(d, v V) error { return ops.RepeatInto(d, v, 0, 2) }},
		"Repeat counts": {func(v V) (tensor.Tensor[int], error) { return ops.Repeat(v, 1, 3, 0, 1, 2) },
			func(d, v V) error { return ops.RepeatInto(d, v, 1, 3, 0, 1, 2) }},
	}
	for mode := ops.PadConstant; mode <= ops.PadWrap; mode++ {
		w := [][2]int{{1, 3}, {2, 1}}
		builds["Pad "+mode.String()] = build{func(v V) (tensor.Tensor[int], error) { return ops.Pad(v, w, mode, -1) },
			func(d, v V) error { return ops.PadInto(d, v, w, mode, -1) }}
	}
	// Each input is a 4×4 view of an 8×9 buffer, every dst one of its top
	// left corner (with a leading axis for rank 3).
	inputs := map[string][]int{ // shape, strides, offset
		"corner": {4, 4, 9, 1, 0}, "inside": {4, 4, 9, 1, 21}, "transposed": {4, 4, 1, 9, 10},
		"flipped stepped": {4, 4, -9, 2, 30},
	}
	for bn, build := range builds {
		for in, l := range inputs {
			name := bn + " of " + in
			buf := tensor.Must(tensor.FromSlice(testkit.Iota(8*9), 8, 9))
			v := testkit.View(t, buf.Data(), l[:2], l[2:4], l[4])
			want, err := build.new(v.Clone().View()) // from a copy, beforehand
			require.NoError(t, err, name)
			ws := want.Shape()
			rows, cols := ws[len(ws)-2], ws[len(ws)-1]
			dst := tensor.Must(tensor.Must(buf.Slice(0, 0, rows, 1)).Slice(1, 0, cols, 1))
			if len(ws) == 3 {
				dst = tensor.Must(dst.Unsqueeze(0))
			}
			require.NoError(t, build.into(dst, v), name)
			require.Equal(t, want.Data(), values(dst).Data, name)
			for idx, x := range buf.View().All() {
				if idx[0] >= rows || idx[1] >= cols {
					require.Equal(t, idx[0]*9+idx[1], x, "%s: %v written", name, idx)
				}
			}
		}
	}
}
