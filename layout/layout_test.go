package layout_test

import (
	"errors"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tessera-go/tessera/internal/testint"
	"github.com/tessera-go/tessera/internal/testkit"
	"github.com/tessera-go/tessera/layout"
)

func rowMajor(t testing.TB, shape ...int) layout.Layout {
	t.Helper()
	l, err := layout.RowMajor(shape...)
	require.NoError(t, err)
	return l
}

func TestRowMajorAndColumnMajor(t *testing.T) {
	for _, tc := range []struct {
		shape, c, f []int
	}{
		{[]int{}, []int{}, []int{}},
		{[]int{5}, []int{1}, []int{1}},
		{[]int{3, 4}, []int{4, 1}, []int{1, 3}},
		{[]int{2, 3, 4}, []int{12, 4, 1}, []int{1, 2, 6}},
		{[]int{3, 2}, []int{2, 1}, []int{1, 3}},
		// A zero dimension counts as 1, as in NumPy.
		{[]int{3, 0}, []int{1, 1}, []int{1, 3}},
		{[]int{0, 3}, []int{3, 1}, []int{1, 1}},
	} {
		c, err := layout.RowMajor(tc.shape...)
		require.NoError(t, err)
		assert.Equal(t, tc.c, c.Strides(), "RowMajor(%v)", tc.shape)
		assert.Equal(t, tc.shape, c.Shape())
		assert.True(t, c.IsContiguous(), "RowMajor(%v) contiguous", tc.shape)
		f, err := layout.ColumnMajor(tc.shape...)
		require.NoError(t, err)
		assert.Equal(t, tc.f, f.Strides(), "ColumnMajor(%v)", tc.shape)
		assert.True(t, f.IsColumnMajor(), "ColumnMajor(%v) column-major", tc.shape)
	}
}

// The contiguity table of the notes, in element strides, with the verdicts
// NumPy and PyTorch give (size-1 axes ignored, empty contiguous).
func TestIsContiguous(t *testing.T) {
	for _, tc := range []struct {
		name    string
		shape   []int
		strides []int
		off     int
		c, f    bool
	}{
		{"row-major 3x4", []int{3, 4}, []int{4, 1}, 0, true, false},
		{"transposed 3x4", []int{3, 4}, []int{1, 3}, 0, false, true},
		{"transposed view of 3x4", []int{4, 3}, []int{1, 4}, 0, false, true},
		{"row-major 2x3x4", []int{2, 3, 4}, []int{12, 4, 1}, 0, true, false},
		{"permuted 2x3x4", []int{2, 3, 4}, []int{4, 12, 1}, 0, false, false},
		{"1-D", []int{5}, []int{1}, 0, true, true},
		{"1-D stride 2", []int{5}, []int{2}, 0, false, false},
		{"permuted middle axes", []int{10, 20, 30}, []int{600, 1, 20}, 0, false, false},
		{"rows 1:3 of 3x4", []int{2, 4}, []int{4, 1}, 4, true, false},
		{"columns 0:2 of 2x3", []int{2, 2}, []int{3, 1}, 0, false, false},
		{"scalar", []int{}, []int{}, 0, true, true},
		{"empty 0x3", []int{0, 3}, []int{7, 9}, 0, true, true},
		{"empty 3x0 weird strides", []int{3, 0}, []int{5, 5}, 0, true, true},
		{"size-1 axis stride ignored", []int{3, 1, 4}, []int{4, 99, 1}, 0, true, false},
		{"all size 1", []int{1, 1}, []int{7, 3}, 2, true, true},
		{"column vector", []int{4, 1}, []int{1, 1}, 0, true, true},
		{"flipped", []int{4}, []int{-1}, 3, false, false},
		{"expanded", []int{3, 4}, []int{0, 1}, 0, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := testkit.Layout(t, tc.shape, tc.strides, tc.off)
			assert.Equal(t, tc.c, l.IsContiguous(), "IsContiguous")
			assert.Equal(t, tc.f, l.IsColumnMajor(), "IsColumnMajor")
			start, end, ok := l.ContiguousRange()
			assert.Equal(t, tc.c, ok)
			if ok && l.Size() > 0 {
				assert.Equal(t, [2]int{tc.off, tc.off + l.Size()}, [2]int{start, end})
			}
		})
	}
}

func TestZeroLayout(t *testing.T) {
	var l layout.Layout
	assert.Equal(t, 1, l.Rank())
	assert.Equal(t, []int{0}, l.Shape())
	assert.Equal(t, 0, l.Size())
	assert.True(t, l.IsContiguous())
	lo, hi := l.Span()
	assert.Equal(t, 0, lo)
	assert.Equal(t, 0, hi)
	scalar := rowMajor(t)
	assert.Equal(t, 0, scalar.Rank())
	assert.Equal(t, 1, scalar.Size())
	off, err := scalar.Index()
	require.NoError(t, err)
	assert.Equal(t, 0, off)
}

func TestQueries(t *testing.T) {
	l := testkit.Layout(t, []int{3, 4}, []int{1, 3}, 2)
	d, err := l.Dim(-1)
	require.NoError(t, err)
	assert.Equal(t, 4, d)
	s, err := l.Stride(0)
	require.NoError(t, err)
	assert.Equal(t, 1, s)
	_, err = l.Dim(2)
	assert.ErrorIs(t, err, layout.ErrAxis)
	assert.EqualError(t, err, "layout: Dim: axis 2 out of range for rank 2")
	_, err = l.Stride(-3)
	assert.ErrorIs(t, err, layout.ErrAxis)
	assert.Equal(t, 2, l.Offset())
	assert.Equal(t, 12, l.Size())
	assert.Equal(t, "shape [3 4] strides [1 3] offset 2", l.String())

	off, err := l.Index(2, 3)
	require.NoError(t, err)
	assert.Equal(t, 2+2*1+3*3, off)
	_, err = l.Index(3, 0)
	assert.ErrorIs(t, err, layout.ErrIndex)
	assert.EqualError(t, err, "layout: Index: index 3 out of range for axis 0 with size 3")
	_, err = l.Index(1)
	assert.ErrorIs(t, err, layout.ErrIndex)
	off, err = l.Index(-1, -3)
	require.NoError(t, err)
	assert.Equal(t, 2+2*1+1*3, off, "negative indices count from the end")
	_, err = l.Index(-4, 0)
	assert.ErrorIs(t, err, layout.ErrIndex)
	assert.EqualError(t, err, "layout: Index: index -4 out of range for axis 0 with size 3")

	// Shape and Strides are copies.
	sh := l.Shape()
	sh[0] = 100
	assert.Equal(t, []int{3, 4}, l.Shape())
}

func TestSpan(t *testing.T) {
	for _, tc := range []struct {
		shape, strides []int
		off, lo, hi    int
	}{
		{[]int{3, 4}, []int{4, 1}, 0, 0, 12},
		{[]int{2, 4}, []int{4, 1}, 4, 4, 12},
		{[]int{4, 3}, []int{-3, 1}, 9, 0, 12},
		{[]int{3}, []int{0}, 5, 5, 6},
		{[]int{}, []int{}, 7, 7, 8},
		{[]int{0, 5}, []int{5, 1}, 7, 0, 0},
	} {
		l := testkit.Layout(t, tc.shape, tc.strides, tc.off)
		lo, hi := l.Span()
		assert.Equal(t, [2]int{tc.lo, tc.hi}, [2]int{lo, hi}, "%v", l)
	}
}

func TestConstructorErrors(t *testing.T) {
	big := make([]int, layout.MaxRank+1)
	for _, tc := range []struct {
		name    string
		shape   []int
		strides []int
		off     int
		kind    error
		msg     string
	}{
		{"negative dim", []int{2, -1}, []int{1, 1}, 0, layout.ErrShape, "layout: Strided: negative dimension -1 at axis 1 in [2 -1]"},
		{"length mismatch", []int{2, 3}, []int{1}, 0, layout.ErrRank, "layout: Strided: 2 dimensions but 1 strides"},
		{"rank too high", big, big, 0, layout.ErrRank, "layout: Strided: rank 65 exceeds MaxRank 64"},
		{"negative offset", []int{2}, []int{1}, -1, layout.ErrBounds, "layout: Strided: negative offset -1"},
		{"reaches below zero", []int{3}, []int{-1}, 1, layout.ErrBounds, "layout: Strided: offset 1 with shape [3] and strides [-1] reaches -1"},
		{"size overflow", []int{math.MaxInt / 2, 3}, []int{0, 0}, 0, layout.ErrOverflow, ""},
		{"extent overflow", []int{3}, []int{math.MaxInt/2 + 1}, 0, layout.ErrOverflow, ""},
		{"offset plus extent overflow", []int{2}, []int{10}, math.MaxInt - 5, layout.ErrOverflow, ""},
		{"offset at MaxInt", []int{}, []int{}, math.MaxInt, layout.ErrOverflow, ""},
		{"stride MinInt", []int{2}, []int{math.MinInt}, math.MaxInt, layout.ErrOverflow, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := layout.Strided(tc.shape, tc.strides, tc.off)
			require.Error(t, err)
			assert.ErrorIs(t, err, tc.kind)
			if tc.msg != "" {
				assert.EqualError(t, err, tc.msg)
			}
		})
	}
	_, err := layout.RowMajor(testint.Half, testint.Half)
	assert.ErrorIs(t, err, layout.ErrOverflow)
	_, err = layout.ColumnMajor(-3)
	assert.ErrorIs(t, err, layout.ErrShape)
	_, err = layout.RowMajor(big...)
	assert.ErrorIs(t, err, layout.ErrRank)
	// A large but valid layout.
	l, err := layout.Strided([]int{2}, []int{math.MaxInt - 1}, 0)
	require.NoError(t, err)
	_, hi := l.Span()
	assert.Equal(t, math.MaxInt, hi)
}

func TestHighRank(t *testing.T) {
	shape := make([]int, layout.MaxRank)
	for i := range shape {
		shape[i] = 1
	}
	shape[3], shape[60] = 2, 3
	l := rowMajor(t, shape...)
	assert.Equal(t, layout.MaxRank, l.Rank())
	assert.Equal(t, 6, l.Size())
	p, err := l.Permute(func() []int {
		axes := make([]int, layout.MaxRank)
		for i := range axes {
			axes[i] = layout.MaxRank - 1 - i
		}
		return axes
	}()...)
	require.NoError(t, err)
	assert.Equal(t, 3, func() int { d, _ := p.Dim(3); return d }())
	assert.False(t, p.IsContiguous())
	sq, err := p.Squeeze()
	require.NoError(t, err)
	assert.Equal(t, []int{3, 2}, sq.Shape())
	assert.Equal(t, []int{1, 3}, sq.Strides())
	_, err = l.Unsqueeze(0)
	assert.ErrorIs(t, err, layout.ErrRank)
	f, err := p.Flatten()
	assert.ErrorIs(t, err, layout.ErrNotViewable)
	assert.Equal(t, layout.Layout{}, f)
	// The inline representation and the large one agree.
	big, err := l.View(6)
	require.NoError(t, err)
	assert.True(t, big.Equal(rowMajor(t, 6)))
}

func TestErrorsAreWrapped(t *testing.T) {
	l := rowMajor(t, 2, 3, 4)
	_, err := l.Permute(0, 1, 3)
	assert.EqualError(t, err, "layout: Permute: axis 3 out of range for rank 3")
	assert.True(t, errors.Is(err, layout.ErrAxis))
	_, err = l.Permute(1, 0, 1)
	assert.EqualError(t, err, "layout: Permute: duplicate axis 1 in [1 0 1]")
	assert.True(t, errors.Is(err, layout.ErrDuplicateAxis))
}

func TestWithOffset(t *testing.T) {
	l := testkit.Layout(t, []int{3, 4}, []int{-4, 1}, 8) // a flipped matrix
	m, err := l.WithOffset(20)
	require.NoError(t, err)
	assert.Equal(t, l.Shape(), m.Shape())
	assert.Equal(t, l.Strides(), m.Strides())
	assert.Equal(t, 20, m.Offset())
	lo, hi := m.Span()
	assert.Equal(t, [2]int{12, 24}, [2]int{lo, hi})
	_, err = l.WithOffset(7) // would reach -1
	assert.ErrorIs(t, err, layout.ErrBounds)
	assert.ErrorContains(t, err, "layout: WithOffset: ")
	_, err = l.WithOffset(math.MaxInt - 3)
	assert.ErrorIs(t, err, layout.ErrOverflow)
	_, err = l.WithOffset(-1)
	assert.ErrorIs(t, err, layout.ErrBounds)
}

func TestAppendShape(t *testing.T) {
	for _, shape := range [][]int{{}, {0}, {3, 4}, {2, 1, 5, 1, 2, 3, 4, 5, 6, 2}} {
		l, err := layout.RowMajor(shape...)
		assert.NoError(t, err)
		var buf [4]int
		got := l.AppendShape(buf[:0])
		assert.Equal(t, l.Shape(), append([]int{}, got...), "shape %v", shape)
		// Appending keeps what dst held and never touches the layout.
		pre := l.AppendShape([]int{7})
		assert.Equal(t, append([]int{7}, shape...), pre)
		pre[len(pre)-1] = 99
		assert.Equal(t, shape, append([]int{}, l.Shape()...))
	}
	l, _ := layout.RowMajor(2, 3, 4)
	var buf [8]int
	if n := testing.AllocsPerRun(10, func() { _ = l.AppendShape(buf[:0]) }); n != 0 {
		t.Fatalf("AppendShape with room allocated %v times", n)
	}
}
