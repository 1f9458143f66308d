package ops_test

import (
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

// naiveTensordot is NumPy's tensordot by its definition, on int64 so that
// the comparison is exact.
func naiveTensordot(a, b naive.Array[int64], axesA, axesB []int) ([]int, []int64) {
	norm := func(ax, r int) int {
		if ax < 0 {
			return ax + r
		}
		return ax
	}
	ca, cb := make([]int, len(axesA)), make([]int, len(axesB))
	var csh []int
	for i := range axesA {
		ca[i], cb[i] = norm(axesA[i], len(a.Shape)), norm(axesB[i], len(b.Shape))
		csh = append(csh, a.Shape[ca[i]])
	}
	var fa, fb []int
	shape := []int{}
	for i, d := range a.Shape {
		if !slices.Contains(ca, i) {
			fa = append(fa, i)
			shape = append(shape, d)
		}
	}
	for i, d := range b.Shape {
		if !slices.Contains(cb, i) {
			fb = append(fb, i)
			shape = append(shape, d)
		}
	}
	out := make([]int64, naive.Size(shape))
	for pos, idx := range naive.Indices(shape) {
		ia, ib := make([]int, len(a.Shape)), make([]int, len(b.Shape))
		for i, ax := range fa {
			ia[ax] = idx[i]
		}
		for i, ax := range fb {
			ib[ax] = idx[len(fa)+i]
		}
		var s int64
		for _, cidx := range naive.Indices(csh) {
			for i := range ca {
				ia[ca[i]], ib[cb[i]] = cidx[i], cidx[i]
			}
			s += a.At(ia...) * b.At(ib...)
		}
		out[pos] = s
	}
	return shape, out
}

// TestTensordot compares Tensordot, and Dot, with the definition on random
// views.
func TestTensordot(t *testing.T) {
	r := rand.New(rand.NewPCG(51, 5))
	for _, c := range []struct {
		as, bs       []int
		axesA, axesB []int
	}{
		{[]int{3, 4}, []int{4, 5}, []int{1}, []int{0}},
		{[]int{2, 3, 4}, []int{4, 3, 5}, []int{1, 2}, []int{1, 0}},
		{[]int{2, 3}, []int{4}, nil, nil}, // outer
		{[]int{3, 4, 5}, []int{5, 2, 4}, []int{-1, 1}, []int{0, -1}},
		{[]int{0, 3}, []int{3, 2}, []int{1}, []int{0}},
		{[]int{3, 0}, []int{0, 2}, []int{1}, []int{0}},
		{[]int{2, 3, 2}, []int{2, 2, 3}, []int{0, 1, 2}, []int{1, 2, 0}},
	} {
		for range 3 {
			a, na := randomMatrix[int64](r, c.as)
			b, nb := randomMatrix[int64](r, c.bs)
			shape, want := naiveTensordot(na, nb, c.axesA, c.axesB)
			got, err := ops.Tensordot(a, b, c.axesA, c.axesB)
			require.NoError(t, err, "%v %v", c.as, c.bs)
			require.Equal(t, shape, got.Shape())
			require.Equal(t, want, got.Data(), "%v·%v over %v %v", c.as, c.bs, c.axesA, c.axesB)
		}
	}
	// Dot is tensordot over the last axis of a and the next-to-last of b.
	for _, s := range [][2][]int{{{5}, {5}}, {{3, 4}, {4, 2}}, {{3, 4}, {4}}, {{4}, {4, 3}}, {{2, 3, 4}, {5, 4, 6}}, {{2, 3, 4}, {4}}} {
		a, na := randomMatrix[int64](r, s[0])
		b, nb := randomMatrix[int64](r, s[1])
		bax := -2
		if len(s[1]) == 1 {
			bax = 0
		}
		shape, want := naiveTensordot(na, nb, []int{-1}, []int{bax})
		got, err := ops.Dot(a, b)
		require.NoError(t, err)
		require.Equal(t, shape, got.Shape(), "Dot %v %v", s[0], s[1])
		require.Equal(t, want, got.Data(), "Dot %v %v", s[0], s[1])
	}
}

func TestLinalgErrors(t *testing.T) {
	a := tensor.Must(tensor.New[float64](3, 4))
	b := tensor.Must(tensor.New[float64](5, 2))
	_, err := ops.Tensordot(a, b, []int{1}, []int{0})
	require.ErrorIs(t, err, layout.ErrShape)
	assert.EqualError(t, err, "ops: Tensordot: shapes [3 4] and [5 2]: axis 1 of a has size 4, axis 0 of b 5")
	_, err = ops.Tensordot(a, b, []int{1}, nil)
	require.ErrorIs(t, err, layout.ErrArg)
	_, err = ops.Tensordot(a, b, []int{2}, []int{0})
	require.ErrorIs(t, err, layout.ErrAxis)
	_, err = ops.Tensordot(a, a, []int{1, -1}, []int{0, 1})
	require.ErrorIs(t, err, layout.ErrDuplicateAxis)
	_, err = ops.Dot(a, b)
	require.ErrorIs(t, err, layout.ErrShape)
	assert.Contains(t, err.Error(), "ops: Dot: shapes [3 4] and [5 2]")
	_, err = ops.Trace(tensor.Must(tensor.New[float64](3)), 0, 0, 1)
	require.ErrorIs(t, err, layout.ErrRank)
	assert.Contains(t, err.Error(), "ops: Trace: shape [3]")
}

func TestOuterTrace(t *testing.T) {
	a := tensor.Must(tensor.FromSlice([]int{1, 2, 3, 4}, 2, 2))
	b := tensor.Must(tensor.FromSlice([]int{10, 20, 30}, 3))
	o, err := ops.Outer(tensor.Must(a.Transpose(0, 1)), b)
	require.NoError(t, err)
	assert.Equal(t, []int{4, 3}, o.Shape())
	assert.Equal(t, []int{10, 20, 30, 30, 60, 90, 20, 40, 60, 40, 80, 120}, o.Data())
	tr, err := ops.Trace(a, 0, 0, 1)
	require.NoError(t, err)
	x, _ := tr.Item()
	assert.Equal(t, 5, x)
	st := tensor.Must(tensor.Arange[int](2 * 3 * 3))
	stack := tensor.Must(st.Reshape(2, 3, 3))
	tr, err = ops.Trace(stack, 1, -2, -1) // each matrix's first superdiagonal
	require.NoError(t, err)
	assert.Equal(t, []int{1 + 5, 10 + 14}, tr.Data())
	s, err := ops.Dot(tensor.Must(tensor.Full(3)), b)
	require.NoError(t, err)
	assert.Equal(t, []int{30, 60, 90}, s.Data())
}
