package ops_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tessera-go/tessera/internal/naive"
	"github.com/tessera-go/tessera/internal/testkit"
	"github.com/tessera-go/tessera/internal/testlevel"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// randomMatrix returns a random view of shape (testkit.RandomView) over
// random small values of T, and its elements row-major.
func randomMatrix[T tensor.Real](r *rand.Rand, shape []int) (tensor.View[T], naive.Array[T]) {
	l := testkit.RandomView(r, shape)
	_, hi := l.Span()
	data := make([]T, max(hi, 1))
	for i := range data {
		data[i] = T(r.IntN(19) - 9)
	}
	if isFloat[T]() {
		for i := range data {
			data[i] = T(float32(r.NormFloat64()))
		}
	}
	v, err := tensor.NewView(data, l)
	if err != nil {
		panic(err)
	}
	c := v.Clone()
	return v, naive.Array[T]{Shape: slices.Clone(shape), Data: c.Data()}
}

func isFloat[T tensor.Real]() bool {
	var one T = 1
	return one/2 != 0 && fmt.Sprintf("%T", one) != "complex64" && fmt.Sprintf("%T", one) != "complex128"
}

// naiveMatMul is NumPy's matmul by its definition, on row-major arrays,
// with sums in float64 for floats (and the bound of the sum of the
// products' magnitudes) and in T for the other types.
func naiveMatMul[T tensor.Real](a, b naive.Array[T]) (shape []int, want []T, bound []float64) {
	as, bs := a.Shape, b.Shape
	rowA, colB := len(as) == 1, len(bs) == 1
	if rowA {
		as = []int{1, as[0]}
	}
	if colB {
		bs = []int{bs[0], 1}
	}
	m, k, n := as[len(as)-2], as[len(as)-1], bs[len(bs)-1]
	batch, ok := naive.BroadcastShape(as[:len(as)-2], bs[:len(bs)-2])
	if !ok {
		panic("naiveMatMul: stacks do not broadcast")
	}
	full := append(slices.Clone(batch), m, n)
	want = make([]T, naive.Size(full))
	bound = make([]float64, len(want))
	for pos, idx := range naive.Indices(full) {
		bi, i, j := idx[:len(batch)], idx[len(batch)], idx[len(batch)+1]
		ai := broadcastIndex(bi, as[:len(as)-2])
		bj := broadcastIndex(bi, bs[:len(bs)-2])
		var s T
		var f, mag float64
		for p := range k {
			x := a.Data[naive.Ravel(as, append(slices.Clone(ai), i, p))]
			y := b.Data[naive.Ravel(bs, append(slices.Clone(bj), p, j))]
			s += x * y
			if isFloat[T]() {
				f += toF64(x) * toF64(y)
				mag += math.Abs(toF64(x) * toF64(y))
			}
		}
		want[pos], bound[pos] = s, mag
		if isFloat[T]() {
			want[pos] = T(f)
		}
	}
	shape = slices.Clone(batch)
	if !rowA {
		shape = append(shape, m)
	}
	if !colB {
		shape = append(shape, n)
	}
	return shape, want, bound
}

// toF64 returns a float32 or float64 as float64 (0 for other types).
func toF64[T tensor.Real](x T) float64 {
	switch v := any(x).(type) {
	case float32:
		return float64(v)
	case float64:
		return v
	}
	return 0
}

// broadcastIndex returns the index into shape of the broadcast index bi
// (aligned to the right; size-1 axes read index 0).
func broadcastIndex(bi, shape []int) []int {
	out := make([]int, len(shape))
	for i := range shape {
		j := len(bi) - len(shape) + i
		if shape[i] != 1 {
			out[i] = bi[j]
		}
	}
	return out
}

// checkMatMul compares MatMul and MatMulInto (into a random destination
// view) of random views of the shapes with the naive product: exactly for
// integers and complex, within k·eps·Σ|a·b| (doubled) for floats.
func checkMatMul[T tensor.Real](t *testing.T, r *rand.Rand, as, bs []int) {
	t.Helper()
	a, na := randomMatrix[T](r, as)
	b, nb := randomMatrix[T](r, bs)
	shape, want, bound := naiveMatMul(na, nb)
	got, err := ops.MatMul(a, b)
	require.NoError(t, err, "%v × %v", as, bs)
	require.Equal(t, shape, got.Shape(), "%v × %v", as, bs)
	dl := testkit.RandomView(r, shape)
	_, hi := dl.Span()
	dd := make([]T, hi)
	dst := testkit.View(t, dd, dl.Shape(), dl.Strides(), dl.Offset())
	if dst.Layout().SelfOverlap() != layout.Disjoint {
		dst = tensor.Must(tensor.New[T](shape...)).View()
	}
	require.NoError(t, ops.MatMulInto(dst, a, b), "%v × %v into %v", as, bs, dst.Layout())
	into := dst.Clone().Data()
	k := 1
	if len(as) > 0 {
		k = as[len(as)-1]
	}
	eps := 0.0
	if isFloat[T]() {
		var one T = 1
		if fmt.Sprintf("%T", one) == "float32" {
			eps = 0x1p-24
		} else {
			eps = 0x1p-53
		}
	}
	for i, w := range want {
		for _, g := range []T{got.Data()[i], into[i]} {
			if eps == 0 {
				if g != w {
					t.Fatalf("%T %v × %v (%v, %v): element %d: got %v, want %v", w, as, bs, a.Layout(), b.Layout(), i, g, w)
				}
				continue
			}
			if d := math.Abs(toF64(g) - toF64(w)); d > 2*float64(k)*eps*bound[i]+1e-300 {
				t.Fatalf("%T %v × %v: element %d: got %v, want %v (error %g, bound %g)", w, as, bs, i, g, w, d, 2*float64(k)*eps*bound[i])
			}
		}
		if into[i] != got.Data()[i] && !(into[i] != into[i]) {
			t.Fatalf("%T %v × %v: element %d: MatMulInto %v, MatMul %v", w, as, bs, i, into[i], got.Data()[i])
		}
	}
}

// TestMatMulRandom checks random products of every kind of shape NumPy's
// matmul takes, on random views, for several element types.
func TestMatMulRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(51, 1))
	shapes := [][2][]int{
		{{3, 4}, {4, 5}}, {{1, 1}, {1, 1}}, {{7}, {7}}, {{5}, {5, 3}}, {{2, 5}, {5}},
		{{9, 0}, {0, 4}}, {{0, 3}, {3, 2}}, {{4, 3}, {3, 0}},
		{{2, 3, 4}, {4, 5}}, {{3, 4}, {2, 4, 5}}, {{2, 1, 3, 4}, {5, 4, 6}},
		{{2, 3, 5}, {5}}, {{6}, {3, 6, 2}}, {{17, 33}, {33, 9}}, {{5, 300}, {300, 6}},
		{{1, 2, 1, 3, 2}, {2, 1, 2, 2, 4}},
		// Past the row kernels' columns: packed operands, every layout
		// of RandomView, partial tiles, two blocks along k.
		{{29, 40}, {40, 45}}, {{2, 30, 20}, {20, 35}}, {{14, 270}, {270, 40}},
	}
	for round := range 3 {
		for _, s := range shapes {
			t.Run(fmt.Sprintf("%v×%v/%d", s[0], s[1], round), func(t *testing.T) {
				checkMatMul[float32](t, r, s[0], s[1])
				checkMatMul[float64](t, r, s[0], s[1])
				checkMatMul[int32](t, r, s[0], s[1])
				checkMatMul[uint8](t, r, s[0], s[1])
				checkMatMul[int](t, r, s[0], s[1])
			})
		}
	}
}

// TestMatMulDeterministic checks that a product large enough to be split
// over goroutines gives the same bits at every parallelism, for
// transposed operands too.
func TestMatMulDeterministic(t *testing.T) {
	r := rand.New(rand.NewPCG(51, 2))
	a, _ := randomMatrix[float32](r, []int{260, 300})
	b, _ := randomMatrix[float32](r, []int{300, 270})
	defer tensor.SetParallelism(tensor.SetParallelism(1))
	one, err := ops.MatMul(a, b)
	require.NoError(t, err)
	for _, p := range []int{2, 3, 7} {
		tensor.SetParallelism(p)
		got, err := ops.MatMul(a, b)
		require.NoError(t, err)
		require.Equal(t, one.Data(), got.Data(), "parallelism %d", p)
		bt := tensor.Must(b.Transpose(0, 1)).Contiguous()
		got, err = ops.MatMul(a, tensor.Must(bt.Transpose(0, 1)))
		require.NoError(t, err)
		require.Equal(t, one.Data(), got.Data(), "parallelism %d, b transposed", p)
	}
	// A stack of small products, split by products.
	tensor.SetParallelism(1)
	sa, _ := randomMatrix[float64](r, []int{1100, 16, 16})
	sb, _ := randomMatrix[float64](r, []int{16, 16})
	sone, err := ops.MatMul(sa, sb)
	require.NoError(t, err)
	for _, p := range []int{2, 5} {
		tensor.SetParallelism(p)
		got, err := ops.MatMul(sa, sb)
		require.NoError(t, err)
		require.Equal(t, sone.Data(), got.Data(), "a stack at parallelism %d", p)
	}
}

// TestMatMulErrors pins the errors, and that nothing is written on one.
func TestMatMulErrors(t *testing.T) {
	m34 := tensor.Must(tensor.New[float64](3, 4))
	m52 := tensor.Must(tensor.New[float64](5, 2))
	s := tensor.Must(tensor.Full(2.0))
	_, err := ops.MatMul(m34, m52)
	require.ErrorIs(t, err, layout.ErrShape)
	assert.EqualError(t, err, "ops: MatMul: shapes [3 4] and [5 2]: inner sizes 4 and 5 differ")
	_, err = ops.MatMul(s, m34)
	require.ErrorIs(t, err, layout.ErrRank)
	assert.EqualError(t, err, "ops: MatMul: shapes [] and [3 4]: a rank-0 operand has no matrix")
	st := tensor.Must(tensor.New[float64](2, 3, 4))
	st2 := tensor.Must(tensor.New[float64](3, 4, 5))
	_, err = ops.MatMul(st, st2)
	require.ErrorIs(t, err, layout.ErrShape)
	assert.Contains(t, err.Error(), "ops: MatMul: shapes [2 3 4] and [3 4 5]: the stacks [2] and [3] do not broadcast")

	dst := tensor.Must(tensor.Full(7.0, 3, 3))
	err = ops.MatMulInto(dst, m34, tensor.Must(tensor.New[float64](4, 2)))
	require.ErrorIs(t, err, layout.ErrShape)
	assert.Equal(t, slices.Repeat([]float64{7}, 9), dst.Data(), "nothing written")
	bc := tensor.Must(tensor.Must(tensor.New[float64](1, 2)).Expand(3, 2))
	err = ops.MatMulInto(bc, m34, tensor.Must(tensor.New[float64](4, 2)))
	require.ErrorIs(t, err, layout.ErrOverlap)
}

// TestMatMulAliasing checks MatMulInto with a destination that is an
// operand, or overlaps one: the result is that of the operands as they
// were.
func TestMatMulAliasing(t *testing.T) {
	a := tensor.Must(tensor.FromSlice([]float64{1, 2, 3, 4}, 2, 2))
	b := tensor.Must(tensor.FromSlice([]float64{5, 6, 7, 8}, 2, 2))
	want := tensor.Must(ops.MatMul(a, b)).Data()
	require.NoError(t, ops.MatMulInto(a, a, b)) // a = a·b
	assert.Equal(t, want, a.Data())
	c := tensor.Must(tensor.FromSlice([]float64{1, 2, 3, 4}, 2, 2))
	ct := tensor.Must(c.Transpose(0, 1))
	want = tensor.Must(ops.MatMul(c, ct)).Data()
	require.NoError(t, ops.MatMulInto(c, c, ct)) // c = c·cᵀ, both read from copies
	assert.Equal(t, want, c.Data())
}

// TestMatMulLevels checks that every SIMD level gives the same bits, for
// float32 and float64, on shapes that leave partial tiles at every level's
// tile size and a k of more than one block.
func TestMatMulLevels(t *testing.T) {
	r := rand.New(rand.NewPCG(51, 4))
	a32, _ := randomMatrix[float32](r, []int{29, 530})
	b32, _ := randomMatrix[float32](r, []int{530, 37})
	a64, _ := randomMatrix[float64](r, []int{3, 13, 300})
	b64, _ := randomMatrix[float64](r, []int{300, 19})
	var ref32 []float32
	var ref64 []float64
	testlevel.ForEachLevel(t, func(t *testing.T) {
		g32, err := ops.MatMul(a32, b32)
		require.NoError(t, err)
		g64, err := ops.MatMul(a64, b64)
		require.NoError(t, err)
		if ref32 == nil {
			ref32, ref64 = g32.Data(), g64.Data()
			return
		}
		for i, w := range ref32 {
			require.Equal(t, math.Float32bits(w), math.Float32bits(g32.Data()[i]), "float32 element %d", i)
		}
		for i, w := range ref64 {
			require.Equal(t, math.Float64bits(w), math.Float64bits(g64.Data()[i]), "float64 element %d", i)
		}
	})
}

// FuzzMatMul checks MatMul and MatMulInto against the definition on
// random views of shapes the input chooses: ranks 1 to 4 on either side,
// sizes up to 9 (40 for the inner size, past a kernel's tile), stacks
// that broadcast, for float64 and int32.
func FuzzMatMul(f *testing.F) {
	f.Add(uint64(1), []byte{2, 2, 3, 4, 5, 0, 0})
	f.Add(uint64(2), []byte{1, 3, 0, 7, 2, 1, 3})
	f.Add(uint64(3), []byte{4, 2, 2, 40, 3, 2, 1})
	f.Fuzz(func(t *testing.T, seed uint64, b []byte) {
		next := func(n int) int {
			if len(b) == 0 {
				return 0
			}
			v := int(b[0]) % n
			b = b[1:]
			return v
		}
		ra, rb := 1+next(4), 1+next(4)
		m, k, n := next(10), next(41), next(10)
		batch := []int{1 + next(3), 1 + next(3)}
		// Each stack is a suffix of batch, so the two broadcast.
		as := append(slices.Clone(batch[len(batch)-max(ra-2, 0):]), m, k)
		if ra == 1 {
			as = []int{k}
		}
		bs := append(slices.Clone(batch[len(batch)-max(rb-2, 0):]), k, n)
		if rb == 1 {
			bs = []int{k}
		}
		if len(as) > 2 && len(bs) > 2 && next(2) == 0 {
			bs[0] = 1 // broadcasts against a's stack
		}
		r := rand.New(rand.NewPCG(seed, 51))
		checkMatMul[float64](t, r, as, bs)
		checkMatMul[int32](t, r, as, bs)
	})
}
