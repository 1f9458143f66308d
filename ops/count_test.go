package ops_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tessera-go/tessera/internal/naive"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// naiveCount counts the elements of a that are not zero over the axes of
// set (all of them when set is 0 and all is true), as a row-major array
// of the kept shape.
func naiveCount[T tensor.Element](a naive.Array[T], axes []int) ([]int, []int) {
	rank := len(a.Shape)
	red := make([]bool, rank)
	if len(axes) == 0 {
		for k := range red {
			red[k] = true
		}
	}
	for _, ax := range axes {
		if ax < 0 {
			ax += rank
		}
		red[ax] = true
	}
	keep := []int{}
	for k, d := range a.Shape {
		if !red[k] {
			keep = append(keep, d)
		}
	}
	out := make([]int, naive.Size(keep))
	var zero T
	for i, idx := range naive.Indices(a.Shape) {
		var kidx []int
		for k, x := range idx {
			if !red[k] {
				kidx = append(kidx, x)
			}
		}
		if a.Data[i] != zero {
			out[naive.Ravel(keep, kidx)]++
		}
	}
	return keep, out
}

// checkCount runs CountNonzero (and its KeepDims and Into forms) on
// random views over random axes against the definition, and Any and All
// for masks.
func checkCount[T tensor.Element](t *testing.T, r *rand.Rand, gen func(*rand.Rand) T, rounds int, big bool) {
	for range rounds {
		shape, _ := randomPair(r)
		if big {
			shape = []int{1 + r.IntN(600), 1 + r.IntN(700)}
			if r.IntN(2) == 0 {
				shape = append(shape, 1+r.IntN(40))
			}
		}
		v, nv := randomOperand(r, shape, gen)
		axes, _ := randomAxes(r, len(shape))
		keep, want := naiveCount(nv, axes)
		got, err := ops.CountNonzero(v, axes...)
		require.NoError(t, err)
		require.Equal(t, keep, got.Shape())
		gd := got.Data()[:len(want)]
		require.Equal(t, want, gd, "%v axes %v", v.Layout(), axes)
		kd, err := ops.CountNonzeroKeepDims(v, axes...)
		require.NoError(t, err)
		require.Equal(t, want, kd.Data()[:len(want)])
		dst := randomDst(r, keep, -1)
		require.NoError(t, ops.CountNonzeroInto(dst, v, axes...))
		require.Equal(t, want, values(dst).Data)
		if m, ok := any(v).(tensor.View[bool]); ok {
			per := 1
			if len(want) > 0 {
				per = naive.Size(shape) / len(want)
			} else {
				continue
			}
			an, err := ops.Any(m, axes...)
			require.NoError(t, err)
			al, err := ops.All(m, axes...)
			require.NoError(t, err)
			ad := randomDst(r, keep, false)
			require.NoError(t, ops.AllInto(ad, m, axes...))
			ai := values(ad).Data
			for i, c := range want {
				require.Equal(t, c > 0, an.Data()[i])
				require.Equal(t, c == per, al.Data()[i])
				require.Equal(t, c == per, ai[i])
			}
		}
	}
}

// TestCountRandom checks the counting reductions on random views of
// masks and numbers over random axes, small and large (the word paths,
// several blocks of 255 rows, split over goroutines).
func TestCountRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(52, 6))
	checkCount(t, r, randomBool, 300, false)
	checkCount(t, r, func(r *rand.Rand) bool { return r.IntN(10) == 0 }, 30, true)
	checkCount(t, r, specialFloat[float32], 150, false)
	checkCount(t, r, func(r *rand.Rand) int16 { return int16(r.IntN(3) - 1) }, 100, false)
	defer tensor.SetParallelism(tensor.SetParallelism(3))
	checkCount(t, r, randomBool, 10, true)
}

// TestCountRules pins Any and All over no elements, CountNonzero of NaN
// and -0, and the errors.
func TestCountRules(t *testing.T) {
	empty := tensor.Must(tensor.New[bool](3, 0))
	a, err := ops.Any(empty, 1)
	require.NoError(t, err)
	require.Equal(t, []bool{false, false, false}, a.Data())
	al, err := ops.All(empty, 1)
	require.NoError(t, err)
	require.Equal(t, []bool{true, true, true}, al.Data())
	all, err := ops.All(empty)
	require.NoError(t, err)
	require.Empty(t, all.Shape())
	require.Equal(t, true, all.At())
	f := tensor.Must(tensor.FromSlice([]float64{math.NaN(), math.Copysign(0, -1), 0, 1}))
	c, err := ops.CountNonzero(f)
	require.NoError(t, err)
	require.Equal(t, 2, c.At())
	_, err = ops.CountNonzero(f, 1)
	require.ErrorIs(t, err, layout.ErrAxis)
	_, err = ops.Any(empty, 0, -2)
	require.ErrorIs(t, err, layout.ErrDuplicateAxis)
	dst := tensor.Must(tensor.Full(7, 2))
	err = ops.CountNonzeroInto(dst, tensor.Must(tensor.New[bool](3, 4)), 0)
	require.ErrorIs(t, err, layout.ErrShape)
	require.Equal(t, []int{7, 7}, dst.Data())
	require.Contains(t, err.Error(), "ops: CountNonzeroInto: destination shape [2]")
}

// TestAnyAllRows checks Any and All down the columns of contiguous masks
// with rows wide enough to be combined a row at a time (truthRows):
// every form, one or two leading axes reduced, a view starting past its
// buffer's first row, columns all true, all false and mixed, against the
// definition.
func TestAnyAllRows(t *testing.T) {
	r := rand.New(rand.NewPCG(52, 21))
	for _, c := range []struct {
		shape []int
		axes  []int
	}{{[]int{3, 600}, []int{0}}, {[]int{2, 3, 512}, []int{0, 1}}, {[]int{7, 2, 1024}, []int{0}}, {[]int{2, 700}, []int{-2}}} {
		full := append([]int{c.shape[0] + 1}, c.shape[1:]...)
		buf := tensor.Must(tensor.New[bool](full...))
		w := 1
		for _, n := range c.shape[len(c.shape)-1:] {
			w *= n
		}
		for i := range buf.Data() {
			switch col := i % w; {
			case col%3 == 0:
				buf.Data()[i] = true
			case col%3 == 1:
			default:
				buf.Data()[i] = r.IntN(5) != 0
			}
		}
		v := tensor.Must(buf.Slice(0, 1, full[0], 1))
		red := map[int]bool{}
		for _, a := range c.axes {
			red[(a+len(c.shape))%len(c.shape)] = true
		}
		var keep []int
		for k, n := range c.shape {
			if !red[k] {
				keep = append(keep, n)
			}
		}
		kw := 1
		for _, n := range keep {
			kw *= n
		}
		wantAny, wantAll := make([]bool, kw), make([]bool, kw)
		for j := range wantAll {
			wantAll[j] = true
		}
		per := v.Size() / kw
		vals := v.Contiguous().Data()
		for i := range per {
			for j := range kw {
				e := vals[i*kw+j]
				wantAny[j] = wantAny[j] || e
				wantAll[j] = wantAll[j] && e
			}
		}
		for _, f := range []struct {
			name string
			new  func(tensor.View[bool], ...int) (tensor.Tensor[bool], error)
			into func(tensor.View[bool], tensor.View[bool], ...int) error
			want []bool
		}{{"Any", ops.Any[tensor.View[bool]], ops.AnyInto[tensor.View[bool], tensor.View[bool]], wantAny},
			{"All", ops.All[tensor.View[bool]], ops.AllInto[tensor.View[bool], tensor.View[bool]], wantAll}} {
			got, err := f.new(v, c.axes...)
			require.NoError(t, err)
			require.Equal(t, keep, got.Shape())
			require.Equal(t, f.want, got.Data(), "%s %v over %v", f.name, c.shape, c.axes)
			dst := tensor.Must(tensor.New[bool](keep...))
			require.NoError(t, f.into(dst.View(), v, c.axes...))
			require.Equal(t, f.want, dst.Data(), "%sInto %v over %v", f.name, c.shape, c.axes)
		}
	}
}
