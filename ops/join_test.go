package ops_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tessera-go/tessera/internal/naive"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// concatRef joins the naive arrays along axis, element by element: the
// definition of Concat.
func concatRef[T tensor.Number](axis int, parts []naive.Array[T]) naive.Array[T] {
	shape := slices.Clone(parts[0].Shape)
	shape[axis] = 0
	for _, p := range parts {
		shape[axis] += p.Shape[axis]
	}
	out := naive.Array[T]{Shape: shape, Data: make([]T, naive.Size(shape))}
	for i := range out.Data {
		idx := naive.Unravel(shape, i)
		for _, p := range parts {
			if idx[axis] < p.Shape[axis] {
				out.Data[i] = p.Data[naive.Ravel(p.Shape, idx)]
				break
			}
			idx[axis] -= p.Shape[axis]
		}
	}
	return out
}

// joinCase draws views that concatenate along a random axis: random
// layouts of one shape but for the axis.
func joinCase[T tensor.Number](r *rand.Rand, gen func(*rand.Rand) T, long int) (int, []tensor.View[T], []naive.Array[T]) {
	rank := 1 + r.IntN(4)
	shape := randomShape(r, rank, long)
	axis := r.IntN(rank)
	n := 1 + r.IntN(4)
	views := make([]tensor.View[T], n)
	refs := make([]naive.Array[T], n)
	for i := range views {
		sh := slices.Clone(shape)
		sh[axis] = r.IntN(5)
		views[i], refs[i] = randomOperand(r, sh, gen)
	}
	return axis, views, refs
}

func TestConcatRandom(t *testing.T) {
	testConcatRandom(t, func(r *rand.Rand) float32 { return float32(r.IntN(1000)) - 500 })
	testConcatRandom(t, func(r *rand.Rand) int64 { return r.Int64() })
	testConcatRandom(t, func(r *rand.Rand) complex128 { return complex(r.Float64(), r.Float64()) })
	testConcatRandom(t, func(r *rand.Rand) uint8 { return uint8(r.Uint32()) })
}

func testConcatRandom[T tensor.Number](t *testing.T, gen func(*rand.Rand) T) {
	r := rand.New(rand.NewPCG(21, 22))
	for range 300 {
		axis, views, refs := joinCase(r, gen, 40)
		want := concatRef(axis, refs)
		neg := axis - len(want.Shape) // the same axis counted from the end
		for _, a := range []int{axis, neg} {
			got, err := ops.Concat(a, views...)
			require.NoError(t, err)
			require.Equal(t, want.Shape, got.Shape())
			require.Equal(t, want.Data, got.Data(), "axis %d", a)
		}
		// Into a transposed destination of the result's shape.
		perm := r.Perm(len(want.Shape))
		inv := make([]int, len(perm))
		for i, p := range perm {
			inv[p] = i
		}
		shp := make([]int, len(perm))
		for i, p := range perm {
			shp[i] = want.Shape[p]
		}
		buf := tensor.Must(tensor.New[T](shp...))
		dst := tensor.Must(buf.Permute(inv...))
		require.NoError(t, ops.ConcatInto(dst, axis, views...))
		require.Equal(t, want.Data, values(dst).Data)
	}
}

func TestStackRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	gen := func(r *rand.Rand) int32 { return r.Int32() }
	for range 300 {
		rank := r.IntN(4)
		shape := randomShape(r, rank, 30)
		n := 1 + r.IntN(4)
		views := make([]tensor.View[int32], n)
		refs := make([]naive.Array[int32], n)
		for i := range views {
			views[i], refs[i] = randomOperand(r, shape, gen)
		}
		axis := r.IntN(rank + 1)
		// The reference: each part with a size-1 axis inserted, joined.
		parts := make([]naive.Array[int32], n)
		for i, p := range refs {
			sh := slices.Insert(slices.Clone(shape), axis, 1)
			parts[i] = naive.Array[int32]{Shape: sh, Data: p.Data}
		}
		want := concatRef(axis, parts)
		for _, a := range []int{axis, axis - rank - 1} {
			got, err := ops.Stack(a, views...)
			require.NoError(t, err)
			require.Equal(t, want.Shape, got.Shape())
			require.Equal(t, want.Data, got.Data(), "axis %d of rank %d", a, rank)
		}
		dst := tensor.Must(tensor.New[int32](want.Shape...)).View()
		require.NoError(t, ops.StackInto(dst, axis, views...))
		require.Equal(t, want.Data, values(dst).Data)
	}
}

// TestConcatLarge takes the parallel copy path and the streaming kernels,
// which a result of 8 MiB or more calls for whatever its views' sizes: a
// row-major, a transposed, a stepped and a flipped float32 view, 4 MiB or
// less each, 8.6 MiB in all.
func TestConcatLarge(t *testing.T) {
	x := tensor.Must(tensor.Arange[float32](1 << 20))
	m := tensor.Must(x.Reshape(1024, 1024))
	mt := tensor.Must(m.Transpose(0, 1))
	step := tensor.Must(m.Slice(1, 1, 130, 2))
	flip := tensor.Must(tensor.Must(m.Slice(1, 0, 96, 1)).Flip(1))
	want := concatRef(1, []naive.Array[float32]{values(m), values(mt), values(step), values(flip)})
	for _, procs := range []int{1, 4} {
		old := tensor.SetParallelism(procs)
		got, err := ops.Concat(1, m, mt, step, flip)
		tensor.SetParallelism(old)
		require.NoError(t, err)
		require.Equal(t, want.Data, got.Data(), "procs %d", procs)
	}
}

// TestJoinOverlap joins views of the destination's own buffer: the result
// is that of joining copies of them taken before the call.
func TestJoinOverlap(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 26))
	for range 200 {
		n := 2 + r.IntN(20)
		buf := tensor.Must(tensor.Arange[int](2 * n))
		dst := tensor.Must(buf.Slice(0, 0, 2*n, 1))
		half := func() tensor.View[int] {
			start := r.IntN(n + 1)
			v := tensor.Must(buf.Slice(0, start, start+n, 1))
			if r.IntN(2) == 0 {
				v = tensor.Must(v.Flip())
			}
			return v
		}
		a, b := half(), half()
		want := concatRef(0, []naive.Array[int]{values(a), values(b)})
		require.NoError(t, ops.ConcatInto(dst, 0, a, b))
		require.Equal(t, want.Data, buf.Data())

		buf2 := tensor.Must(tensor.Arange[int](2 * n))
		m := tensor.Must(buf2.Reshape(2, n))
		c, d := tensor.Must(m.Select(0, 1)), tensor.Must(tensor.Must(m.Select(0, 0)).Flip())
		wantS := concatRef(0, []naive.Array[int]{
			{Shape: []int{1, n}, Data: values(c).Data},
			{Shape: []int{1, n}, Data: values(d).Data},
		})
		require.NoError(t, ops.StackInto(m, 0, c, d))
		require.Equal(t, wantS.Data, buf2.Data())
	}
}

func TestJoinErrors(t *testing.T) {
	m23 := tensor.Must(tensor.New[float64](2, 3)).View()
	m32 := tensor.Must(tensor.New[float64](3, 2)).View()
	v3 := tensor.Must(tensor.New[float64](3)).View()
	s := tensor.Must(tensor.New[float64]()).View()
	for _, tc := range []struct {
		name string
		err  error
		msg  string
		do   func() error
	}{
		{"concat of nothing", layout.ErrArg, "ops: Concat: no views to join", func() error { _, err := ops.Concat[float64, tensor.View[float64]](0); return err }},
		{"concat of a scalar", layout.ErrShape, "ops: Concat: view 0 has rank 0: a scalar has no axis to join along", func() error { _, err := ops.Concat(0, s, s); return err }},
		{"concat, ranks differ", layout.ErrShape, "ops: Concat: view 1 has shape [3] and view 0 [2 3]: ranks differ", func() error { _, err := ops.Concat(0, m23, v3); return err }},
		{"concat, sizes differ", layout.ErrShape, "ops: Concat: view 1 has shape [3 2] and view 0 [2 3]: sizes differ along axis 0, which is not the axis 1 joined along", func() error { _, err := ops.Concat(1, m23, m32); return err }},
		{"concat, axis too large", layout.ErrAxis, "ops: Concat: axis 2 out of range for rank 2", func() error { _, err := ops.Concat(2, m23, m23); return err }},
		{"concat, axis too small", layout.ErrAxis, "ops: Concat: axis -3 out of range for rank 2", func() error { _, err := ops.Concat(-3, m23, m23); return err }},
		{"stack of nothing", layout.ErrArg, "ops: Stack: no views to join", func() error { _, err := ops.Stack[float64, tensor.View[float64]](0); return err }},
		{"stack, shapes differ", layout.ErrShape, "ops: Stack: view 1 has shape [3 2] and view 0 [2 3]: stacked views must have one shape", func() error { _, err := ops.Stack(0, m23, m32); return err }},
		{"stack, axis too large", layout.ErrAxis, "ops: Stack: axis 3 out of range for rank 3", func() error { _, err := ops.Stack(3, m23, m23); return err }},
		{"stack, axis too small", layout.ErrAxis, "ops: Stack: axis -4 out of range for rank 3", func() error { _, err := ops.Stack(-4, m23, m23); return err }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.do()
			require.True(t, errors.Is(err, tc.err), "%v, want %v", err, tc.err)
			assert.EqualError(t, err, tc.msg)
		})
	}

	// The Into forms check dst, and write nothing on any error.
	fresh := func() (tensor.Tensor[float64], tensor.View[float64]) {
		buf := tensor.Must(tensor.Full(-9.0, 4, 3))
		return buf, buf.View()
	}
	for _, tc := range []struct {
		name string
		err  error
		do   func(dst tensor.View[float64]) error
	}{
		{"concat into the wrong shape", layout.ErrShape, func(d tensor.View[float64]) error { return ops.ConcatInto(d, 1, m23, m23) }},
		{"concat into a broadcast view", layout.ErrOverlap, func(d tensor.View[float64]) error {
			row := tensor.Must(tensor.Must(d.Select(0, 0)).Unsqueeze(0))
			return ops.ConcatInto(tensor.Must(row.Expand(4, 3)), 0, m23, m23)
		}},
		{"concat into, sizes differ", layout.ErrShape, func(d tensor.View[float64]) error { return ops.ConcatInto(d, 0, m23, m32) }},
		{"stack into the wrong shape", layout.ErrShape, func(d tensor.View[float64]) error { return ops.StackInto(d, 0, v3, v3) }},
		{"stack into, axis", layout.ErrAxis, func(d tensor.View[float64]) error { return ops.StackInto(d, 5, v3, v3) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			buf, dst := fresh()
			err := tc.do(dst)
			require.True(t, errors.Is(err, tc.err), "%v, want %v", err, tc.err)
			assert.Equal(t, tensor.Must(tensor.Full(-9.0, 4, 3)).Data(), buf.Data(), "dst unchanged")
		})
	}
}

func sizesAlong(parts []tensor.View[int], axis int) []int {
	n := make([]int, len(parts))
	for i, p := range parts {
		n[i] = tensor.Must(p.Dim(axis))
	}
	return n
}

func TestSplits(t *testing.T) {
	x := tensor.Must(tensor.Arange[int](6)).View()
	for _, tc := range []struct {
		name string
		do   func() ([]tensor.View[int], error)
		want []int
	}{
		{"split in 3", func() ([]tensor.View[int], error) { return ops.Split(x, 0, 3) }, []int{2, 2, 2}},
		{"split in 1", func() ([]tensor.View[int], error) { return ops.Split(x, 0, 1) }, []int{6}},
		{"split at NumPy's indices", func() ([]tensor.View[int], error) { return ops.SplitAt(x, 0, 2, -1, 100) }, []int{2, 3, 1, 0}},
		{"split at decreasing indices", func() ([]tensor.View[int], error) { return ops.SplitAt(x, 0, 4, 2) }, []int{4, 0, 4}},
		{"split at nothing", func() ([]tensor.View[int], error) { return ops.SplitAt(x, 0) }, []int{6}},
		{"split below the start", func() ([]tensor.View[int], error) { return ops.SplitAt(x, -1, -100) }, []int{0, 6}},
		{"chunk 6 in 4", func() ([]tensor.View[int], error) { return ops.Chunk(x, 0, 4) }, []int{2, 2, 2}},
		{"chunk 6 in 6", func() ([]tensor.View[int], error) { return ops.Chunk(x, 0, 6) }, []int{1, 1, 1, 1, 1, 1}},
		{"chunk 6 in 10", func() ([]tensor.View[int], error) { return ops.Chunk(x, 0, 10) }, []int{1, 1, 1, 1, 1, 1}},
		{"chunk 7 in 4", func() ([]tensor.View[int], error) { return ops.Chunk(tensor.Must(tensor.Arange[int](7)).View(), 0, 4) }, []int{2, 2, 2, 1}},
		{"chunk of nothing", func() ([]tensor.View[int], error) { return ops.Chunk(tensor.Must(tensor.New[int](0)).View(), 0, 3) }, []int{0, 0, 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			parts, err := tc.do()
			require.NoError(t, err)
			assert.Equal(t, tc.want, sizesAlong(parts, 0))
		})
	}
	// NumPy's a[4:2] and a[2:]: the last part starts at 2.
	parts := tensor.Must(ops.SplitAt(x, 0, 4, 2))
	assert.Equal(t, []int{2, 3, 4, 5}, values(parts[2]).Data)

	for _, tc := range []struct {
		name string
		err  error
		msg  string
		do   func() error
	}{
		{"split, not a multiple", layout.ErrShape, "ops: Split: size 6 along axis 0 of shape [6] is not a multiple of 4 parts", func() error { _, err := ops.Split(x, 0, 4); return err }},
		{"split in 0", layout.ErrArg, "ops: Split: 0 parts: want at least 1", func() error { _, err := ops.Split(x, 0, 0); return err }},
		{"chunk in 0", layout.ErrArg, "ops: Chunk: 0 chunks: want at least 1", func() error { _, err := ops.Chunk(x, 0, 0); return err }},
		{"split, axis", layout.ErrAxis, "ops: Split: axis 1 out of range for rank 1", func() error { _, err := ops.Split(x, 1, 2); return err }},
		{"split at, axis", layout.ErrAxis, "ops: SplitAt: axis -2 out of range for rank 1", func() error { _, err := ops.SplitAt(x, -2, 1); return err }},
		{"chunk, scalar", layout.ErrAxis, "ops: Chunk: axis 0 out of range for rank 0", func() error {
			_, err := ops.Chunk(tensor.Must(tensor.New[int]()).View(), 0, 1)
			return err
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.do()
			require.True(t, errors.Is(err, tc.err), "%v", err)
			assert.EqualError(t, err, tc.msg)
		})
	}
}

// TestSplitsShare checks that the parts are views: a write through one is
// seen in the input.
func TestSplitsShare(t *testing.T) {
	m := tensor.Must(tensor.Arange[float32](12))
	v := tensor.Must(m.Reshape(3, 4))
	for _, parts := range [][]tensor.View[float32]{
		tensor.Must(ops.Split(v, 1, 2)),
		tensor.Must(ops.SplitAt(v, -1, 1, 3)),
		tensor.Must(ops.Chunk(v, 1, 3)),
	} {
		last := parts[len(parts)-1]
		last.Set(-1, 2, tensor.Must(last.Dim(1))-1)
		assert.Equal(t, float32(-1), m.At(11))
		m.Set(11, 11)
	}
}

// TestSplitRoundTrip splits random views at random indices and joins the
// parts back.
func TestSplitRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(27, 28))
	gen := func(r *rand.Rand) float64 { return r.Float64() }
	for range 300 {
		rank := 1 + r.IntN(4)
		shape := randomShape(r, rank, 30)
		v, ref := randomOperand(r, shape, gen)
		axis := r.IntN(rank)
		idx := make([]int, r.IntN(4))
		for i := range idx {
			idx[i] = r.IntN(shape[axis] + 1)
		}
		slices.Sort(idx)
		parts, err := ops.SplitAt(v, axis, idx...)
		require.NoError(t, err)
		back, err := ops.Concat(axis, parts...)
		require.NoError(t, err)
		require.Equal(t, ref.Data, back.Data())
		chunks, err := ops.Chunk(v, axis-rank, 1+r.IntN(5))
		require.NoError(t, err)
		back, err = ops.Concat(axis, chunks...)
		require.NoError(t, err)
		require.Equal(t, ref.Data, back.Data())
	}
}
