package ops_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"

	"github.com/tessera-go/tessera/internal/naive"
	"github.com/tessera-go/tessera/internal/testint"
	"github.com/tessera-go/tessera/internal/testkit"
	"github.com/tessera-go/tessera/internal/testlevel"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// specialFloat draws a float from a small set where ties are common, with
// NaN, the infinities and both zeros among them.
func specialFloat[T float32 | float64](r *rand.Rand) T {
	switch r.IntN(10) {
	case 0:
		return T(math.NaN())
	case 1:
		return T(math.Inf(1 - 2*r.IntN(2)))
	case 2:
		return T(math.Copysign(0, -1))
	}
	return T(r.IntN(5) - 2)
}

// randomDst returns a random view of shape that reaches no element twice,
// over a buffer filled with fill, or a new tensor's view.
func randomDst[T tensor.Element](r *rand.Rand, shape []int, fill T) tensor.View[T] {
	l := testkit.RandomView(r, shape)
	if l.SelfOverlap() != layout.Disjoint {
		return tensor.Must(tensor.Full(fill, shape...)).View()
	}
	_, hi := l.Span()
	data := make([]T, hi)
	for i := range data {
		data[i] = fill
	}
	return tensor.Must(tensor.NewView(data, l))
}

// expandBoth returns a and b broadcast to their common shape.
func expandBoth[T tensor.Element](t *testing.T, a, b naive.Array[T]) (naive.Array[T], naive.Array[T], []int) {
	t.Helper()
	shape, ok := naive.BroadcastShape(a.Shape, b.Shape)
	require.True(t, ok)
	ea, _ := a.Expand(shape...)
	eb, _ := b.Expand(shape...)
	return ea, eb, shape
}

type cmpCaseOf[T tensor.Real] struct {
	name  string
	f     func(a, b tensor.View[T]) (tensor.Tensor[bool], error)
	into  func(d tensor.View[bool], a, b tensor.View[T]) error
	fs    func(v tensor.View[T], s T) (tensor.Tensor[bool], error)
	intoS func(d tensor.View[bool], v tensor.View[T], s T) error
	want  func(x, y T) bool
}

func comparisons[T tensor.Real]() []cmpCaseOf[T] {
	type V = tensor.View[T]
	type M = tensor.View[bool]
	return []cmpCaseOf[T]{
		{"Equal", ops.Equal[T, V, V], ops.EqualInto[T, M, V, V], ops.EqualScalar[T, V], ops.EqualScalarInto[T, M, V], func(x, y T) bool { return x == y }},
		{"NotEqual", ops.NotEqual[T, V, V], ops.NotEqualInto[T, M, V, V], ops.NotEqualScalar[T, V], ops.NotEqualScalarInto[T, M, V], func(x, y T) bool { return x != y }},
		{"Less", ops.Less[T, V, V], ops.LessInto[T, M, V, V], ops.LessScalar[T, V], ops.LessScalarInto[T, M, V], func(x, y T) bool { return x < y }},
		{"LessEqual", ops.LessEqual[T, V, V], ops.LessEqualInto[T, M, V, V], ops.LessEqualScalar[T, V], ops.LessEqualScalarInto[T, M, V], func(x, y T) bool { return x <= y }},
		{"Greater", ops.Greater[T, V, V], ops.GreaterInto[T, M, V, V], ops.GreaterScalar[T, V], ops.GreaterScalarInto[T, M, V], func(x, y T) bool { return x > y }},
		{"GreaterEqual", ops.GreaterEqual[T, V, V], ops.GreaterEqualInto[T, M, V, V], ops.GreaterEqualScalar[T, V], ops.GreaterEqualScalarInto[T, M, V], func(x, y T) bool { return x >= y }},
	}
}

// checkComparisons runs every comparison and its Into and Scalar forms on
// random operand pairs of random layouts against the definition.
func checkComparisons[T tensor.Real](t *testing.T, r *rand.Rand, gen func(*rand.Rand) T, rounds int) {
	for range rounds {
		as, bs := randomPair(r)
		a, na := randomOperand(r, as, gen)
		b, nb := randomOperand(r, bs, gen)
		ea, eb, shape := expandBoth(t, na, nb)
		s := gen(r)
		for _, c := range comparisons[T]() {
			name := fmt.Sprintf("%s %T %v %v", c.name, s, a.Layout(), b.Layout())
			got, err := c.f(a, b)
			require.NoError(t, err, name)
			dst := randomDst(r, shape, true)
			require.NoError(t, c.into(dst, a, b), name)
			into := values(dst).Data
			for i := range ea.Data {
				w := c.want(ea.Data[i], eb.Data[i])
				require.Equal(t, w, got.Data()[i], "%s: element %d of %v and %v", name, i, ea.Data[i], eb.Data[i])
				require.Equal(t, w, into[i], "%s into %v: element %d", name, dst.Layout(), i)
			}
			gs, err := c.fs(a, s)
			require.NoError(t, err, name)
			ds := randomDst(r, as, false)
			require.NoError(t, c.intoS(ds, a, s), name)
			sinto := values(ds).Data
			for i, x := range na.Data {
				require.Equal(t, c.want(x, s), gs.Data()[i], "%s scalar %v: element %d", name, s, i)
				require.Equal(t, c.want(x, s), sinto[i], "%s scalar into: element %d", name, i)
			}
		}
	}
}

// TestCompareRandom checks the comparisons on random views (transposed,
// stepped, flipped, broadcast, empty), floats with NaN, infinities and
// both zeros among many ties, and integers.
func TestCompareRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(52, 1))
	checkComparisons(t, r, specialFloat[float32], 150)
	checkComparisons(t, r, specialFloat[float64], 60)
	checkComparisons(t, r, func(r *rand.Rand) int8 { return int8(r.IntN(256) - 128) }, 60)
	checkComparisons(t, r, func(r *rand.Rand) uint64 { return uint64(r.IntN(3)) << 62 }, 60)
}

// TestCompareStaged checks comparisons and logical operations of large
// transposed and stepped operands, which are computed in staged slabs, on
// one goroutine and split over several.
func TestCompareStaged(t *testing.T) {
	r := rand.New(rand.NewPCG(52, 2))
	for _, p := range []int{1, 3} {
		defer tensor.SetParallelism(tensor.SetParallelism(p))
		x, nx := randomOperand(r, []int{700, 1300}, specialFloat[float32])
		yt := tensor.Must(tensor.New[float32](1300, 700))
		for i := range yt.Data() {
			yt.Data()[i] = specialFloat[float32](r)
		}
		y := tensor.Must(yt.Transpose(0, 1))
		ny := values(y)
		got, err := ops.Less(x, y)
		require.NoError(t, err)
		dt := tensor.Must(tensor.New[bool](1300, 700))
		require.NoError(t, ops.GreaterEqualInto(tensor.Must(dt.Transpose(0, 1)), x, y))
		dv := values(tensor.Must(dt.Transpose(0, 1)))
		for i := range nx.Data {
			require.Equal(t, nx.Data[i] < ny.Data[i], got.Data()[i], "parallelism %d: element %d", p, i)
			require.Equal(t, nx.Data[i] >= ny.Data[i], dv.Data[i], "parallelism %d: element %d into a transposed mask", p, i)
		}
		and, err := ops.LogicalAnd(got, tensor.Must(dt.Transpose(0, 1)))
		require.NoError(t, err)
		for i, g := range got.Data() {
			require.Equal(t, g && dv.Data[i], and.Data()[i], "parallelism %d: element %d", p, i)
		}
		// A transposed unary input (staged), a contiguous one (split), and
		// Where of contiguous operands (split).
		not, err := ops.LogicalNot(tensor.Must(dt.Transpose(0, 1)))
		require.NoError(t, err)
		nan, err := ops.IsNaN(yt)
		require.NoError(t, err)
		sel, err := ops.Where(nan, yt, tensor.Must(tensor.Full(yt.Data()[0])))
		require.NoError(t, err)
		for i, x := range dv.Data {
			require.Equal(t, !x, not.Data()[i], "parallelism %d: element %d", p, i)
		}
		// Where of a transposed branch and a transposed mask, into a
		// transposed destination: staged in slabs.
		wt := tensor.Must(tensor.New[float32](1300, 700))
		require.NoError(t, ops.WhereInto(tensor.Must(wt.Transpose(0, 1)), tensor.Must(dt.Transpose(0, 1)), y, x))
		wv := values(tensor.Must(wt.Transpose(0, 1)))
		for i := range nx.Data {
			w := nx.Data[i]
			if dv.Data[i] {
				w = ny.Data[i]
			}
			require.True(t, sameElemBits(w, wv.Data[i]), "parallelism %d: staged Where element %d", p, i)
		}
		for i, x := range yt.Data() {
			require.Equal(t, x != x, nan.Data()[i], "parallelism %d: element %d", p, i)
			w := yt.Data()[0]
			if x != x {
				w = x
			}
			require.True(t, sameElemBits(w, sel.Data()[i]), "parallelism %d: Where element %d", p, i)
		}
	}
}

func randomBool(r *rand.Rand) bool { return r.IntN(2) == 0 }

// TestLogicalRandom checks the logical operations on random masks of
// random layouts against the definition, with scalars broadcast and the
// Into forms into random destinations.
func TestLogicalRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(52, 3))
	type M = tensor.View[bool]
	cases := []struct {
		name string
		f    func(a, b M) (tensor.Tensor[bool], error)
		into func(d, a, b M) error
		want func(x, y bool) bool
	}{
		{"And", ops.LogicalAnd[M, M], ops.LogicalAndInto[M, M, M], func(x, y bool) bool { return x && y }},
		{"Or", ops.LogicalOr[M, M], ops.LogicalOrInto[M, M, M], func(x, y bool) bool { return x || y }},
		{"Xor", ops.LogicalXor[M, M], ops.LogicalXorInto[M, M, M], func(x, y bool) bool { return x != y }},
	}
	for range 200 {
		as, bs := randomPair(r)
		if r.IntN(4) == 0 {
			bs = nil // a scalar
		}
		a, na := randomOperand(r, as, randomBool)
		b, nb := randomOperand(r, bs, randomBool)
		ea, eb, shape := expandBoth(t, na, nb)
		for _, c := range cases {
			got, err := c.f(a, b)
			require.NoError(t, err)
			dst := randomDst(r, shape, false)
			require.NoError(t, c.into(dst, a, b))
			into := values(dst).Data
			for i := range ea.Data {
				w := c.want(ea.Data[i], eb.Data[i])
				require.Equal(t, w, got.Data()[i], "%s %v %v: element %d", c.name, a.Layout(), b.Layout(), i)
				require.Equal(t, w, into[i], "%s into %v: element %d", c.name, dst.Layout(), i)
			}
		}
		not, err := ops.LogicalNot(a)
		require.NoError(t, err)
		for i, x := range na.Data {
			require.Equal(t, !x, not.Data()[i])
		}
	}
}

// TestClassifyRandom checks IsNaN, IsInf and IsFinite on random views.
func TestClassifyRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(52, 4))
	for range 100 {
		as, _ := randomPair(r)
		v, nv := randomOperand(r, as, specialFloat[float64])
		nan, err := ops.IsNaN(v)
		require.NoError(t, err)
		inf, err := ops.IsInf(v)
		require.NoError(t, err)
		fin, err := ops.IsFinite(v)
		require.NoError(t, err)
		dst := randomDst(r, as, true)
		require.NoError(t, ops.IsFiniteInto(dst, v))
		into := values(dst).Data
		for i, x := range nv.Data {
			require.Equal(t, math.IsNaN(x), nan.Data()[i])
			require.Equal(t, math.IsInf(x, 0), inf.Data()[i])
			require.Equal(t, !math.IsNaN(x) && !math.IsInf(x, 0), fin.Data()[i])
			require.Equal(t, fin.Data()[i], into[i])
		}
	}
	ints := tensor.Must(tensor.FromSlice([]int64{math.MinInt64, 0, math.MaxInt64}))
	for _, f := range []func(tensor.Tensor[int64]) (tensor.Tensor[bool], error){ops.IsNaN[int64, tensor.Tensor[int64]], ops.IsInf[int64, tensor.Tensor[int64]]} {
		m, err := f(ints)
		require.NoError(t, err)
		require.Equal(t, []bool{false, false, false}, m.Data())
	}
	fin, err := ops.IsFinite(ints)
	require.NoError(t, err)
	require.Equal(t, []bool{true, true, true}, fin.Data())
}

// checkWhere runs Where and WhereInto on random conditions and branches
// whose three shapes broadcast together, against the definition.
func checkWhere[T tensor.Element](t *testing.T, r *rand.Rand, gen func(*rand.Rand) T, rounds int) {
	for range rounds {
		as, bs := randomPair(r)
		cs := bs
		if r.IntN(2) == 0 {
			cs, _ = randomPair(r)
			if _, ok := naive.BroadcastShape(cs, as); !ok {
				cs = as
			}
			if _, ok := naive.BroadcastShape(cs, bs); !ok {
				cs = bs
			}
		}
		if r.IntN(5) == 0 {
			bs = nil
		}
		c, nc := randomOperand(r, cs, randomBool)
		a, na := randomOperand(r, as, gen)
		b, nb := randomOperand(r, bs, gen)
		ab, ok := naive.BroadcastShape(as, bs)
		require.True(t, ok)
		shape, ok := naive.BroadcastShape(cs, ab)
		if !ok {
			continue
		}
		ec, _ := nc.Expand(shape...)
		ea, _ := na.Expand(shape...)
		eb, _ := nb.Expand(shape...)
		got, err := ops.Where(c, a, b)
		require.NoError(t, err, "%v %v %v", cs, as, bs)
		dst := randomDst(r, shape, gen(r))
		require.NoError(t, ops.WhereInto(dst, c, a, b))
		into := values(dst).Data
		for i := range ec.Data {
			w := eb.Data[i]
			if ec.Data[i] {
				w = ea.Data[i]
			}
			require.True(t, sameElemBits(w, got.Data()[i]), "%v %v %v: element %d", c.Layout(), a.Layout(), b.Layout(), i)
			require.True(t, sameElemBits(w, into[i]), "into %v: element %d", dst.Layout(), i)
		}
	}
}

// TestWhereRandom checks Where on random views of elements of every size
// the selection has a path for (1, 2, 4, 8 and 16 bytes), bools included.
func TestWhereRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(52, 5))
	checkWhere(t, r, specialFloat[float32], 150)
	checkWhere(t, r, specialFloat[float64], 60)
	checkWhere(t, r, func(r *rand.Rand) int16 { return int16(r.IntN(65536) - 32768) }, 60)
	checkWhere(t, r, func(r *rand.Rand) uint8 { return uint8(r.IntN(256)) }, 60)
	checkWhere(t, r, randomBool, 60)
	checkWhere(t, r, func(r *rand.Rand) complex128 { return complex(float64(r.IntN(5)), -1) }, 60)
}

// TestMaskAliasing checks the Into forms whose inputs share memory with
// their destination: in place, shifted, and a mask reinterpreted through
// unsafe as the bytes of a comparison's input.
func TestMaskAliasing(t *testing.T) {
	m := tensor.Must(tensor.FromSlice([]bool{true, false, true, true, false, false, true, false}))
	n := tensor.Must(tensor.FromSlice([]bool{true, true, false, true, false, true, false, false}))
	require.NoError(t, ops.LogicalAndInto(m, m, n))
	require.Equal(t, []bool{true, false, false, true, false, false, false, false}, m.Data())
	// dst is the input shifted by one: computed as from a snapshot.
	s := tensor.Must(tensor.FromSlice([]bool{true, false, true, true, false, false, true, false, true}))
	lo, hi := tensor.Must(s.Slice(0, 0, 8, 1)), tensor.Must(s.Slice(0, 1, 9, 1))
	require.NoError(t, ops.LogicalNotInto(hi, lo))
	require.Equal(t, []bool{true, false, true, false, false, true, true, false, true}, s.Data())
	// WhereInto(x, mask, y, x): replace in place.
	x := tensor.Must(tensor.FromSlice([]float64{1, 2, 3, 4}))
	y := tensor.Must(tensor.FromSlice([]float64{-1, -2, -3, -4}))
	mask := tensor.Must(tensor.FromSlice([]bool{true, false, false, true}))
	require.NoError(t, ops.WhereInto(x, mask, y, x))
	require.Equal(t, []float64{-1, 2, 3, -4}, x.Data())
	// A comparison's destination over the bytes of its input.
	u := tensor.Must(tensor.FromSlice([]uint8{0, 1, 5, 7, 2, 9, 1, 0}))
	alias := unsafe.Slice((*bool)(unsafe.Pointer(&u.Data()[0])), 8)
	dst := tensor.Must(tensor.FromSlice(alias))
	require.NoError(t, ops.GreaterScalarInto(dst, u, 1))
	require.Equal(t, []uint8{0, 0, 1, 1, 1, 1, 0, 0}, u.Data())
}

// TestMaskErrors pins the errors of the comparisons, the logical
// operations and Where, and that nothing is written on one.
func TestMaskErrors(t *testing.T) {
	a := tensor.Must(tensor.New[float32](3, 4))
	b := tensor.Must(tensor.New[float32](5))
	_, err := ops.Less(a, b)
	require.ErrorIs(t, err, layout.ErrShape)
	require.EqualError(t, err, "ops: Less: shapes [3 4] and [5] do not broadcast")
	dst := tensor.Must(tensor.Full(true, 3, 5))
	err = ops.EqualInto(dst, a, a)
	require.ErrorIs(t, err, layout.ErrShape)
	require.Contains(t, err.Error(), "ops: EqualInto: ")
	row := tensor.Must(tensor.Full(true, 4))
	over := tensor.Must(row.Expand(3, 4))
	err = ops.GreaterScalarInto(over, a, 1)
	require.ErrorIs(t, err, layout.ErrOverlap)
	require.Equal(t, []bool{true, true, true, true}, row.Data())
	m := tensor.Must(tensor.New[bool](3, 4))
	_, err = ops.LogicalOr(m, tensor.Must(tensor.New[bool](2, 1, 3)))
	require.ErrorIs(t, err, layout.ErrShape)
	require.EqualError(t, err, "ops: LogicalOr: shapes [3 4] and [2 1 3] do not broadcast")
	_, err = ops.Where(m, a, b)
	require.ErrorIs(t, err, layout.ErrShape)
	require.EqualError(t, err, "ops: Where: shapes [3 4] (cond), [3 4] and [5] do not broadcast")
	out := tensor.Must(tensor.Full[float32](7, 3, 4))
	err = ops.WhereInto(out, tensor.Must(tensor.New[bool](2, 4)), a, a)
	require.ErrorIs(t, err, layout.ErrShape)
	require.Equal(t, float32(7), out.Data()[0])
	err = ops.LogicalNotInto(tensor.Must(tensor.New[bool](4, 3)), m)
	require.ErrorIs(t, err, layout.ErrShape)
	if strconv.IntSize == 64 { // a 32-bit mask of MaxInt elements can be allocated
		_, err = ops.IsNaN(tensor.Must(tensor.Must(tensor.Full(1.0)).Expand(testint.Huge)))
		require.ErrorIs(t, err, layout.ErrOverflow)
	}
}

// TestSelectRandom checks MaskedSelect, MaskedFill and Clip on random
// views against the definition.
func TestSelectRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(52, 7))
	for range 200 {
		as, ms := randomPair(r)
		v, nv := randomOperand(r, as, specialFloat[float64])
		m, nm := randomOperand(r, ms, randomBool)
		bs, ok := naive.BroadcastShape(as, ms)
		require.True(t, ok)
		ev, _ := nv.Expand(bs...)
		em, _ := nm.Expand(bs...)
		got, err := ops.MaskedSelect(v, m)
		require.NoError(t, err)
		var want []float64
		for i, x := range em.Data {
			if x {
				want = append(want, ev.Data[i])
			}
		}
		require.Equal(t, []int{len(want)}, got.Shape())
		for i, w := range want {
			require.True(t, sameElemBits(w, got.Data()[i]), "%v %v: element %d", v.Layout(), m.Layout(), i)
		}
		// MaskedSelectInto: into a longer buffer (untouched from 64 bytes
		// past the selection on), a stepped view of one, and one too
		// short (nothing written).
		buf := tensor.Must(tensor.Full(-7.5, 2*len(want)+3))
		step := tensor.Must(tensor.Must(tensor.Full(-7.5, 2*len(want)+2)).Slice(0, 1, 2*len(want)+2, 2))
		for _, d := range []tensor.View[float64]{buf.View(), step} {
			n, err := ops.MaskedSelectInto(d, v, m)
			require.NoError(t, err)
			require.Equal(t, len(want), n)
			for i := range d.Size() {
				if i < n {
					require.True(t, sameElemBits(want[i], d.At(i)), "MaskedSelectInto: element %d", i)
				} else if i >= n+8 {
					require.Equal(t, -7.5, d.At(i), "MaskedSelectInto: element %d past the selection", i)
				}
			}
		}
		if len(want) > 0 {
			short := tensor.Must(tensor.Full(-7.5, len(want)-1))
			_, err := ops.MaskedSelectInto(short, v, m)
			require.ErrorIs(t, err, layout.ErrShape)
			for _, e := range short.Data() {
				require.Equal(t, -7.5, e)
			}
		}
		lo, hi := specialFloat[float64](r), specialFloat[float64](r)
		c, err := ops.Clip(v, lo, hi)
		require.NoError(t, err)
		// NumPy's maximum and minimum: NaN in either gives NaN.
		nanMax := func(x, y float64) float64 {
			if x > y || x != x {
				return x
			}
			return y
		}
		nanMin := func(x, y float64) float64 {
			if x < y || x != x {
				return x
			}
			return y
		}
		for i, x := range nv.Data {
			w := nanMin(nanMax(x, lo), hi)
			require.True(t, sameElemBits(w, c.Data()[i]), "Clip(%v, %v, %v) = %v, want %v", x, lo, hi, c.Data()[i], w)
		}
		// MaskedFill into a fresh copy of v where the mask broadcasts to v.
		if !slices.Equal(bs, as) { // the mask must not stretch v
			continue
		}
		fill := v.Clone()
		require.NoError(t, ops.MaskedFill(fill, m, 99))
		for i, x := range em.Data {
			w := ev.Data[i]
			if x {
				w = 99
			}
			require.True(t, sameElemBits(w, fill.Data()[i]))
		}
	}
	// MaskedSelectInto into the buffer of its own input: the selection of
	// the input as it was.
	own := tensor.Must(tensor.FromSlice([]int{1, 2, 3, 4, 5, 6}, 6))
	_, err := ops.MaskedSelectInto(own, own, tensor.Must(tensor.FromSlice([]bool{false, true, false, true, true, false}, 6)))
	require.NoError(t, err)
	require.Equal(t, []int{2, 4, 5, 4, 5, 6}, own.Data())
	_, err = ops.MaskedSelectInto(tensor.Must(tensor.New[int](2, 3)), own, tensor.Must(tensor.New[bool](6)))
	require.ErrorIs(t, err, layout.ErrRank)
	require.EqualError(t, err, "ops: MaskedSelectInto: destination of shape [2 3]: it must be 1-D")
	_, err = ops.MaskedSelect(tensor.Must(tensor.New[int](3, 4)), tensor.Must(tensor.New[bool](2, 1, 3)))
	require.ErrorIs(t, err, layout.ErrShape)
	require.EqualError(t, err, "ops: MaskedSelect: shapes [3 4] and [2 1 3] do not broadcast")
	x := tensor.Must(tensor.Full(1, 4))
	err = ops.MaskedFill(x, tensor.Must(tensor.Full(true, 2, 4)), 0)
	require.ErrorIs(t, err, layout.ErrShape)
	require.EqualError(t, err, "ops: MaskedFill: mask of shape [2 4] does not broadcast to shape [4]")
	require.Equal(t, []int{1, 1, 1, 1}, x.Data())
}

// TestClipLong checks Clip on runs long enough to be clipped in blocks
// (around each block's edge, float32 and float64, in place too) against
// NumPy's rule: NaN stays NaN.
func TestClipLong(t *testing.T) {
	testClipLong[float32](t)
	testClipLong[float64](t)
}

func testClipLong[T float32 | float64](t *testing.T) {
	r := rand.New(rand.NewPCG(52, 8))
	block := 16384 / int(unsafe.Sizeof(T(0)))
	// The last length makes a result of 8 MiB and more: streaming stores.
	for _, n := range []int{block - 1, block, block + 1, 2*block + 17, 5*block - 3, (8<<20)/int(unsafe.Sizeof(T(0))) + 3} {
		x := make([]T, n)
		for i := range x {
			x[i] = specialFloat[T](r)
		}
		lo, hi := T(-0.5), T(2)
		v := tensor.Must(tensor.FromSlice(x, n))
		got, err := ops.Clip(v, lo, hi)
		require.NoError(t, err)
		in := v.View().Clone()
		require.NoError(t, ops.ClipInto(in, in, lo, hi))
		for i, e := range x {
			w := e
			if e == e {
				w = min(max(e, lo), hi)
			}
			if !sameElemBits(w, got.Data()[i]) || !sameElemBits(w, in.Data()[i]) {
				t.Fatalf("n %d, element %d: Clip(%v) = %v, in place %v", n, i, e, got.Data()[i], in.Data()[i])
			}
		}
	}
}

// TestTakeRandom checks Take and TakeInto on random views and random
// index tensors (negative and repeated indices, empty ones, rank 0)
// against the definition, and that an index out of range fails before
// anything is written.
func TestTakeRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(52, 8))
	for range 300 {
		vs, _ := randomPair(r)
		if len(vs) == 0 {
			vs = []int{3}
		}
		v, nv := randomOperand(r, vs, func(r *rand.Rand) int16 { return int16(r.IntN(1000)) })
		ax := r.IntN(len(vs))
		n := vs[ax]
		ishape, _ := randomPair(r)
		if n == 0 {
			ishape = []int{0}
		}
		idx, nidx := randomOperand(r, ishape, func(r *rand.Rand) int {
			if n == 0 {
				return 0
			}
			return r.IntN(2*n) - n
		})
		got, err := ops.Take(v, idx, ax-len(vs)*r.IntN(2))
		if naive.Size(ishape) > 0 && n == 0 {
			require.ErrorIs(t, err, layout.ErrIndex)
			continue
		}
		require.NoError(t, err, "%v %v axis %d", v.Layout(), idx.Layout(), ax)
		want := slices.Concat(vs[:ax], ishape, vs[ax+1:])
		require.True(t, slices.Equal(want, got.Shape()), "shape %v, want %v", got.Shape(), want)
		dst := randomDst[int16](r, want, -1)
		require.NoError(t, ops.TakeInto(dst, v, idx, ax))
		into := values(dst).Data
		outer := naive.Size(vs[:ax])
		inner := naive.Size(vs[ax+1:])
		ni := naive.Size(ishape)
		for o := range outer {
			for j := range ni {
				k := nidx.Data[j]
				if k < 0 {
					k += n
				}
				for i := range inner {
					w := nv.Data[(o*n+k)*inner+i]
					at := (o*ni+j)*inner + i
					require.Equal(t, w, got.Data()[at], "element %d", at)
					require.Equal(t, w, into[at], "into %v: element %d", dst.Layout(), at)
				}
			}
		}
	}
	v := tensor.Must(tensor.FromSlice([]float64{1, 2, 3, 4, 5}))
	dst := tensor.Must(tensor.Full(9.0, 3))
	err := ops.TakeInto(dst, v, tensor.Must(tensor.FromSlice([]int{0, -5, 7})), 0)
	require.ErrorIs(t, err, layout.ErrIndex)
	require.EqualError(t, err, "ops: TakeInto: index 7 out of range for axis 0 of size 5")
	require.Equal(t, []float64{9, 9, 9}, dst.Data())
	_, err = ops.Take(v, tensor.Must(tensor.FromSlice([]int{0})), 1)
	require.ErrorIs(t, err, layout.ErrAxis)
	// In place: the destination is the input itself, reversed.
	require.NoError(t, ops.TakeInto(v, v, tensor.Must(tensor.FromSlice([]int{4, 3, 2, 1, 0})), 0))
	require.Equal(t, []float64{5, 4, 3, 2, 1}, v.Data())
	// The destination is the index tensor itself, or overlaps it: the
	// indices are read before anything is written.
	ints := tensor.Must(tensor.FromSlice([]int{10, 20, 30, 40}))
	a := tensor.Must(tensor.FromSlice([]int{3, 0, 2, 1}))
	require.NoError(t, ops.TakeInto(a, ints, a, 0))
	require.Equal(t, []int{40, 10, 30, 20}, a.Data())
	buf := []int{1, 2, 3, 0, -1}
	require.NoError(t, ops.TakeInto(tensor.Must(tensor.FromSlice(buf[1:])), ints, tensor.Must(tensor.FromSlice(buf[:4])), 0))
	require.Equal(t, []int{1, 20, 30, 40, 10}, buf)
}

// TestWhereRepeated checks Where and MaskedFill where one branch is a
// single element along the runs (a scalar, a broadcast column, the fill
// value), runs long enough for the copies-of-it path: lengths around and
// between its buffer's 256 elements, a destination large enough to
// stream, at every SIMD level, against the definition.
func TestWhereRepeated(t *testing.T) {
	testlevel.ForEachLevel(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(52, 12))
		for _, shape := range [][]int{{3, 64}, {5, 67}, {2, 256}, {4, 1000}, {2, 1 << 20}} {
			rows, cols := shape[0], shape[1]
			m := tensor.Must(tensor.New[bool](rows, cols))
			b := tensor.Must(tensor.New[float32](rows, cols))
			for i := range m.Data() {
				m.Data()[i] = r.IntN(3) == 0
				b.Data()[i] = float32(i)
			}
			col := tensor.Must(tensor.New[float32](rows, 1))
			for i := range col.Data() {
				col.Data()[i] = -float32(i + 1)
			}
			scalar := tensor.Must(tensor.FromSlice([]float32{7}))
			wantCol, wantScalar, wantFill := slices.Clone(b.Data()), make([]float32, len(m.Data())), slices.Clone(b.Data())
			for i, c := range m.Data() {
				wantScalar[i] = 7
				if c {
					wantCol[i], wantScalar[i], wantFill[i] = col.Data()[i/cols], b.Data()[i], -3
				}
			}
			got, err := ops.Where(m, col, b) // x a column: one value a row
			require.NoError(t, err)
			require.True(t, slices.Equal(wantCol, got.Data()), "%v: Where with a column", shape)
			got, err = ops.Where(m, b, scalar) // y a scalar
			require.NoError(t, err)
			require.True(t, slices.Equal(wantScalar, got.Data()), "%v: Where with a scalar", shape)
			v := b.View().Clone()
			require.NoError(t, ops.MaskedFill(v, m, -3))
			require.True(t, slices.Equal(wantFill, v.Data()), "%v: MaskedFill", shape)
		}
	})
}

// TestTakeColumns checks Take along the last axis with enough indices to
// be gathered along each row (x[:, idx]), on random views of rank 1 to 4
// (transposed, stepped, flipped, broadcast) into random destination
// views, indices negative and repeated, against the definition.
func TestTakeColumns(t *testing.T) {
	r := rand.New(rand.NewPCG(52, 11))
	for range 200 {
		rank := 1 + r.IntN(4)
		shape := make([]int, rank)
		for k := range shape {
			shape[k] = 1 + r.IntN(6)
		}
		n := shape[rank-1]
		v, nv := randomOperand(r, shape, func(r *rand.Rand) int16 { return int16(r.IntN(1000)) })
		m := 8 + r.IntN(20)
		idx := tensor.Must(tensor.New[int](m))
		for i := range idx.Data() {
			idx.Data()[i] = r.IntN(2*n) - n
		}
		want := slices.Concat(shape[:rank-1], []int{m})
		dst := randomDst[int16](r, want, -1)
		require.NoError(t, ops.TakeInto(dst, v, idx, -1), "%v", v.Layout())
		got := values(dst).Data
		outer := naive.Size(shape[:rank-1])
		for o := range outer {
			for j, k := range idx.Data() {
				if k < 0 {
					k += n
				}
				require.Equal(t, nv.Data[o*n+k], got[o*m+j], "%v into %v: row %d index %d", v.Layout(), dst.Layout(), o, j)
			}
		}
	}
}

// TestTakeStreamed checks Take of whole rows into destinations large enough
// to stream (8 MiB and more), the case gathered in batches of rows: rows of
// odd lengths, so that they start off the line by different amounts; a
// destination whose rows are not consecutive; an index tensor of rank 2;
// slices that are not contiguous (taken one at a time); row counts that are
// not a multiple of the batch; at every SIMD level.
func TestTakeStreamed(t *testing.T) {
	testlevel.ForEachLevel(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(52, 10))
		const rows, cols, taken = 740, 3001, 731 // results of 8.8 MB
		v := tensor.Must(tensor.New[float32](rows, cols))
		for i := range v.Data() {
			v.Data()[i] = float32(i)
		}
		idx := tensor.Must(tensor.New[int](taken))
		for i := range idx.Data() {
			idx.Data()[i] = r.IntN(2*rows) - rows
		}
		row := func(k int) []float32 {
			if k < 0 {
				k += rows
			}
			return v.Data()[k*cols : (k+1)*cols]
		}
		// Contiguous rows into a new tensor.
		got, err := ops.Take(v, idx, 0)
		require.NoError(t, err)
		for i, k := range idx.Data() {
			require.Equal(t, row(k), got.Data()[i*cols:(i+1)*cols], "row %d", i)
		}
		// Into the columns [1, cols+1) of a wider matrix: rows 3004
		// elements apart, the guard columns untouched.
		wide := tensor.Must(tensor.Full[float32](-1, taken, cols+3))
		dst := tensor.Must(wide.View().Slice(1, 1, cols+1, 1))
		require.NoError(t, ops.TakeInto(dst, v, idx, 0))
		for i, k := range idx.Data() {
			w := wide.Data()[i*(cols+3) : (i+1)*(cols+3)]
			require.Equal(t, row(k), w[1:cols+1], "row %d", i)
			require.Equal(t, []float32{-1, -1, -1}, []float32{w[0], w[cols+1], w[cols+2]}, "row %d", i)
		}
		// Indices of rank 2 over a rank-3 tensor: slices of [1, cols].
		v3 := tensor.Must(v.Reshape(rows, 1, cols))
		idx2 := tensor.Must(idx.Reshape(17, 43))
		got3, err := ops.Take(v3, idx2, 0)
		require.NoError(t, err)
		require.Equal(t, []int{17, 43, 1, cols}, got3.Shape())
		require.Equal(t, got.Data(), got3.Data())
		// Columns: slices that are not contiguous, one at a time.
		vt := tensor.Must(v.Transpose(0, 1))
		gotT, err := ops.Take(vt, idx, 1)
		require.NoError(t, err)
		for i, k := range idx.Data()[:20] {
			if k < 0 {
				k += rows
			}
			for j := range cols {
				require.Equal(t, v.Data()[k*cols+j], gotT.Data()[j*taken+i])
			}
		}
	})
}

// TestNonZeroRandom checks ArgWhere and NonZero on random views of masks
// and numbers against the definition.
func TestNonZeroRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(52, 9))
	for range 200 {
		shape, _ := randomPair(r)
		v, nv := randomOperand(r, shape, func(r *rand.Rand) float32 { return float32(r.IntN(3) - 1) })
		m, nm := randomOperand(r, shape, randomBool)
		aw, err := ops.ArgWhere(v)
		require.NoError(t, err)
		var want [][]int
		for i, idx := range naive.Indices(shape) {
			if nv.Data[i] != 0 {
				want = append(want, slices.Clone(idx))
			}
		}
		require.Equal(t, []int{len(want), len(shape)}, aw.Shape())
		for i, w := range want {
			for k := range w {
				require.Equal(t, w[k], aw.At(i, k))
			}
		}
		nz, err := ops.NonZero(m)
		if len(shape) == 0 {
			require.ErrorIs(t, err, layout.ErrRank)
			continue
		}
		require.NoError(t, err)
		require.Len(t, nz, len(shape))
		j := 0
		for i, idx := range naive.Indices(shape) {
			if !nm.Data[i] {
				continue
			}
			for k := range shape {
				require.Equal(t, idx[k], nz[k].At(j))
			}
			j++
		}
		for k := range nz {
			require.Equal(t, []int{j}, nz[k].Shape())
		}
	}
}

// TestAlongAxisRandom checks TakeAlongAxis, PutAlongAxis and ScatterAdd
// on random views and index tensors (negative, repeated, broadcast off
// the axis) against the definition.
func TestAlongAxisRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(52, 10))
	for range 300 {
		vs, _ := randomPair(r)
		if len(vs) == 0 || naive.Size(vs) == 0 {
			continue
		}
		ax := r.IntN(len(vs))
		n := vs[ax]
		is := slices.Clone(vs)
		is[ax] = r.IntN(5)
		for k := range is {
			if k != ax && r.IntN(4) == 0 {
				is[k] = 1 // broadcast off the axis
			}
		}
		gen := func(r *rand.Rand) int { return r.IntN(2*n) - n }
		v, nv := randomOperand(r, vs, func(r *rand.Rand) int32 { return int32(r.IntN(100)) })
		idx, nidx := randomOperand(r, is, gen)
		got, err := ops.TakeAlongAxis(v, idx, ax)
		require.NoError(t, err, "%v %v axis %d", vs, is, ax)
		shape := slices.Clone(vs)
		shape[ax] = is[ax]
		require.Equal(t, shape, got.Shape())
		ei, _ := nidx.Expand(shape...)
		dst := randomDst[int32](r, shape, -1)
		require.NoError(t, ops.TakeAlongAxisInto(dst, v, idx, ax))
		into := values(dst).Data
		for i, pos := range naive.Indices(shape) {
			k := ei.Data[i]
			if k < 0 {
				k += n
			}
			src := slices.Clone(pos)
			src[ax] = k
			w := nv.At(src...)
			require.Equal(t, w, got.Data()[i], "element %d", i)
			require.Equal(t, w, into[i], "into: element %d", i)
		}
		// Put and add values of the indices' shape (broadcast off the
		// axis would stretch v: use the full shape).
		pidx, npidx := randomOperand(r, shape, gen)
		vals, nvals := randomOperand(r, shape, func(r *rand.Rand) int32 { return int32(r.IntN(100) - 50) })
		put := v.Clone()
		require.NoError(t, ops.PutAlongAxis(put, pidx, vals, ax))
		add := v.Clone()
		require.NoError(t, ops.ScatterAdd(add, pidx, vals, ax))
		wantPut := slices.Clone(nv.Data)
		wantAdd := slices.Clone(nv.Data)
		for i, pos := range naive.Indices(shape) {
			k := npidx.Data[i]
			if k < 0 {
				k += n
			}
			dstPos := slices.Clone(pos)
			dstPos[ax] = k
			j := naive.Ravel(vs, dstPos)
			wantPut[j] = nvals.Data[i]
			wantAdd[j] += nvals.Data[i]
		}
		require.Equal(t, wantPut, put.Data())
		require.Equal(t, wantAdd, add.Data())
	}
	v := tensor.Must(tensor.FromSlice([]float64{1, 2, 3, 4, 5, 6}, 2, 3))
	err := ops.PutAlongAxis(v, tensor.Must(tensor.FromSlice([]int{0, 3}, 2, 1)), tensor.Must(tensor.Full(9.0)), 1)
	require.ErrorIs(t, err, layout.ErrIndex)
	require.EqualError(t, err, "ops: PutAlongAxis: index 3 out of range for axis 1 of size 3")
	require.Equal(t, []float64{1, 2, 3, 4, 5, 6}, v.Data())
	_, err = ops.TakeAlongAxis(v, tensor.Must(tensor.FromSlice([]int{0})), 0)
	require.ErrorIs(t, err, layout.ErrRank)
	_, err = ops.TakeAlongAxis(v, tensor.Must(tensor.New[int](3, 2)), 1)
	require.ErrorIs(t, err, layout.ErrShape)
}

// TestTriangleRollRandom checks Tril, Triu and Roll (and their Into
// forms, in place too) on random views against the definition.
func TestTriangleRollRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(52, 11))
	for range 200 {
		shape, _ := randomPair(r)
		v, nv := randomOperand(r, shape, func(r *rand.Rand) int32 { return 1 + int32(r.IntN(99)) })
		k := r.IntN(9) - 4
		if len(shape) >= 2 {
			lo, err := ops.Tril(v, k)
			require.NoError(t, err)
			up, err := ops.Triu(v, k)
			require.NoError(t, err)
			in := v.Clone()
			require.NoError(t, ops.TrilInto(in, in, k))
			rk := len(shape)
			for idx, pos := range naive.Indices(shape) {
				i, j := pos[rk-2], pos[rk-1]
				wl, wu := nv.Data[idx], nv.Data[idx]
				if j-i > k {
					wl = 0
				}
				if j-i < k {
					wu = 0
				}
				require.Equal(t, wl, lo.Data()[idx], "Tril %v k %d at %v", shape, k, pos)
				require.Equal(t, wu, up.Data()[idx], "Triu %v k %d at %v", shape, k, pos)
				require.Equal(t, wl, in.Data()[idx], "TrilInto in place")
			}
		} else {
			_, err := ops.Tril(v, k)
			require.ErrorIs(t, err, layout.ErrRank)
		}
		if len(shape) == 0 {
			_, err := ops.Roll(v, 1, 0)
			require.ErrorIs(t, err, layout.ErrAxis)
			continue
		}
		ax := r.IntN(len(shape))
		shift := r.IntN(21) - 10
		got, err := ops.Roll(v, shift, ax-len(shape)*r.IntN(2))
		require.NoError(t, err)
		dst := randomDst[int32](r, shape, -1)
		require.NoError(t, ops.RollInto(dst, v, shift, ax))
		into := values(dst).Data
		n := shape[ax]
		for idx, pos := range naive.Indices(shape) {
			src := slices.Clone(pos)
			src[ax] = ((pos[ax]-shift)%n + n) % n
			w := nv.At(src...)
			require.Equal(t, w, got.Data()[idx], "Roll %v by %d along %d at %v", shape, shift, ax, pos)
			require.Equal(t, w, into[idx], "RollInto at %v", pos)
		}
	}
	// In place: a view rolled into itself.
	x := tensor.Must(tensor.FromSlice([]int{1, 2, 3, 4, 5}))
	require.NoError(t, ops.RollInto(x, x, 2, 0))
	require.Equal(t, []int{4, 5, 1, 2, 3}, x.Data())
}

// TestNanReduceRandom checks NanProd, NanMean, NanMax and NanMin (and
// their KeepDims and Into forms) on random views with NaNs, all-NaN
// slices among them, over random axes, against the definition.
func TestNanReduceRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(52, 12))
	gen := func(r *rand.Rand) float64 {
		if r.IntN(3) == 0 {
			return math.NaN()
		}
		return float64(r.IntN(7)-3) * 0.5
	}
	for range 200 {
		shape, _ := randomPair(r)
		v, nv := randomOperand(r, shape, gen)
		axes, red := randomAxes(r, len(shape))
		keep, _ := naiveCount(nv, axes) // the kept shape
		n := naive.Size(keep)
		prod, sum, cnt := make([]float64, n), make([]float64, n), make([]int, n)
		mx, mn := make([]float64, n), make([]float64, n)
		for i := range prod {
			prod[i], mx[i], mn[i] = 1, math.Inf(-1), math.Inf(1)
		}
		for i, pos := range naive.Indices(shape) {
			var kp []int
			for k, p := range pos {
				if !red[k] {
					kp = append(kp, p)
				}
			}
			j := naive.Ravel(keep, kp)
			x := nv.Data[i]
			if x != x {
				continue
			}
			prod[j] *= x
			sum[j] += x
			cnt[j]++
			mx[j], mn[j] = math.Max(mx[j], x), math.Min(mn[j], x)
		}
		per := 1
		if n > 0 {
			per = naive.Size(shape) / n
		}
		got, err := ops.NanProd(v, axes...)
		require.NoError(t, err)
		require.Equal(t, prod, got.Data()[:n])
		mean, err := ops.NanMeanKeepDims(v, axes...)
		require.NoError(t, err)
		dst := randomDst(r, keep, -7.0)
		if per == 0 && n > 0 {
			_, err := ops.NanMin(v, axes...)
			require.ErrorIs(t, err, ops.ErrEmpty)
			require.ErrorIs(t, ops.NanMaxInto(dst, v, axes...), ops.ErrEmpty)
			continue
		}
		require.NoError(t, ops.NanMaxInto(dst, v, axes...))
		into := values(dst).Data
		mi, err := ops.NanMin(v, axes...)
		require.NoError(t, err)
		for j := range n {
			wm := sum[j] / float64(cnt[j]) // the sums of halves here are exact
			require.True(t, sameElemBits(wm, mean.Data()[j]), "NanMean %d: %v, want %v", j, mean.Data()[j], wm)
			wx, wn := mx[j], mn[j]
			if cnt[j] == 0 {
				wx, wn = math.NaN(), math.NaN()
			}
			require.True(t, sameElemBits(wx, into[j]), "NanMaxInto %d: %v, want %v", j, into[j], wx)
			require.True(t, sameElemBits(wn, mi.Data()[j]), "NanMin %d: %v, want %v", j, mi.Data()[j], wn)
		}
	}
}
