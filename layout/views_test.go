package layout_test

import (
	"math"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tessera-go/tessera/internal/testint"
	"github.com/tessera-go/tessera/internal/testkit"
	"github.com/tessera-go/tessera/layout"
)

type want struct {
	shape, strides []int
	off            int
}

func check(t *testing.T, l layout.Layout, err error, w want) {
	t.Helper()
	require.NoError(t, err)
	assert.Equal(t, w.shape, l.Shape(), "shape")
	assert.Equal(t, w.strides, l.Strides(), "strides")
	assert.Equal(t, w.off, l.Offset(), "offset")
}

func TestTransformations(t *testing.T) {
	m := rowMajor(t, 3, 4)
	c := rowMajor(t, 2, 3, 4)
	tr, _ := m.Transpose(0, 1)
	for _, tc := range []struct {
		name string
		do   func() (layout.Layout, error)
		want want
	}{
		{"transpose 3x4", func() (layout.Layout, error) { return m.Transpose(0, 1) }, want{[]int{4, 3}, []int{1, 4}, 0}},
		{"transpose negative axes", func() (layout.Layout, error) { return m.Transpose(-1, -2) }, want{[]int{4, 3}, []int{1, 4}, 0}},
		{"transpose same axis", func() (layout.Layout, error) { return m.Transpose(1, 1) }, want{[]int{3, 4}, []int{4, 1}, 0}},
		{"permute 2,0,1", func() (layout.Layout, error) { return c.Permute(2, 0, 1) }, want{[]int{4, 2, 3}, []int{1, 12, 4}, 0}},
		{"permute negative", func() (layout.Layout, error) { return c.Permute(-1, 0, 1) }, want{[]int{4, 2, 3}, []int{1, 12, 4}, 0}},
		{"squeeze all", func() (layout.Layout, error) { return rowMajor(t, 1, 3, 1, 2).Squeeze() }, want{[]int{3, 2}, []int{2, 1}, 0}},
		{"squeeze one", func() (layout.Layout, error) { return rowMajor(t, 1, 3, 1, 2).Squeeze(-2) }, want{[]int{1, 3, 2}, []int{6, 2, 1}, 0}},
		{"squeeze nothing to squeeze", func() (layout.Layout, error) { return m.Squeeze() }, want{[]int{3, 4}, []int{4, 1}, 0}},
		{"unsqueeze front", func() (layout.Layout, error) { return rowMajor(t, 3, 2).Unsqueeze(0) }, want{[]int{1, 3, 2}, []int{6, 2, 1}, 0}},
		{"unsqueeze end", func() (layout.Layout, error) { return rowMajor(t, 3, 2).Unsqueeze(2) }, want{[]int{3, 2, 1}, []int{2, 1, 1}, 0}},
		{"unsqueeze -1 appends", func() (layout.Layout, error) { return rowMajor(t, 3, 2).Unsqueeze(-1) }, want{[]int{3, 2, 1}, []int{2, 1, 1}, 0}},
		{"unsqueeze -3 prepends", func() (layout.Layout, error) { return rowMajor(t, 3, 2).Unsqueeze(-3) }, want{[]int{1, 3, 2}, []int{6, 2, 1}, 0}},
		{"unsqueeze scalar", func() (layout.Layout, error) { return rowMajor(t).Unsqueeze(0) }, want{[]int{1}, []int{1}, 0}},
		{"slice rows 1:3", func() (layout.Layout, error) { return m.Slice(0, 1, 3, 1) }, want{[]int{2, 4}, []int{4, 1}, 4}},
		{"slice columns 0:2", func() (layout.Layout, error) { return rowMajor(t, 2, 3).Slice(1, 0, 2, 1) }, want{[]int{2, 2}, []int{3, 1}, 0}},
		{"slice step 2", func() (layout.Layout, error) { return m.Slice(1, 1, 4, 2) }, want{[]int{3, 2}, []int{4, 2}, 1}},
		{"slice step 3 of 7", func() (layout.Layout, error) { return rowMajor(t, 7).Slice(0, 0, 7, 3) }, want{[]int{3}, []int{3}, 0}},
		{"slice empty", func() (layout.Layout, error) { return m.Slice(0, 2, 2, 1) }, want{[]int{0, 4}, []int{4, 1}, 8}},
		{"slice empty at end", func() (layout.Layout, error) { return m.Slice(0, 3, 3, 1) }, want{[]int{0, 4}, []int{4, 1}, 0}},
		{"slice one element keeps stride", func() (layout.Layout, error) { return m.Slice(1, 3, 4, 5) }, want{[]int{3, 1}, []int{4, 1}, 3}},
		{"flip rows", func() (layout.Layout, error) { return m.Flip(0) }, want{[]int{3, 4}, []int{-4, 1}, 8}},
		{"flip all", func() (layout.Layout, error) { return m.Flip() }, want{[]int{3, 4}, []int{-4, -1}, 11}},
		{"flip transposed", func() (layout.Layout, error) { return tr.Flip(1) }, want{[]int{4, 3}, []int{1, -4}, 8}},
		{"expand column", func() (layout.Layout, error) { return rowMajor(t, 3, 1).Expand(3, 4) }, want{[]int{3, 4}, []int{1, 0}, 0}},
		{"expand leading", func() (layout.Layout, error) { return rowMajor(t, 4).Expand(2, 3, 4) }, want{[]int{2, 3, 4}, []int{0, 0, 1}, 0}},
		{"expand to zero", func() (layout.Layout, error) { return rowMajor(t, 1, 4).Expand(0, 4) }, want{[]int{0, 4}, []int{0, 1}, 0}},
		{"expand same", func() (layout.Layout, error) { return m.Expand(3, 4) }, want{[]int{3, 4}, []int{4, 1}, 0}},
		{"reshape contiguous", func() (layout.Layout, error) { return m.View(2, 6) }, want{[]int{2, 6}, []int{6, 1}, 0}},
		{"reshape infer", func() (layout.Layout, error) { return m.View(-1, 3) }, want{[]int{4, 3}, []int{3, 1}, 0}},
		{"reshape to scalar", func() (layout.Layout, error) { return rowMajor(t, 1, 1).View() }, want{[]int{}, []int{}, 0}},
		{"reshape scalar to 1x1", func() (layout.Layout, error) { return rowMajor(t).View(1, 1) }, want{[]int{1, 1}, []int{1, 1}, 0}},
		{"flatten", func() (layout.Layout, error) { return c.Flatten() }, want{[]int{24}, []int{1}, 0}},
		{"flatten scalar", func() (layout.Layout, error) { return rowMajor(t).Flatten() }, want{[]int{1}, []int{1}, 0}},
		{"reshape offset view", func() (layout.Layout, error) {
			s, _ := m.Slice(0, 1, 3, 1)
			return s.View(8)
		}, want{[]int{8}, []int{1}, 4}},
		// Non-contiguous layouts reshape as a view when the strides allow it.
		{"split transposed axis", func() (layout.Layout, error) { return tr.View(2, 2, 3) }, want{[]int{2, 2, 3}, []int{2, 1, 4}, 0}},
		{"merge untouched axes of permuted", func() (layout.Layout, error) {
			p, _ := rowMajor(t, 2, 3, 4, 5).Permute(3, 0, 1, 2) // [5 2 3 4] strides [1 60 20 5]
			return p.View(5, 24)
		}, want{[]int{5, 24}, []int{1, 5}, 0}},
		{"flatten stepped rows", func() (layout.Layout, error) {
			s, _ := rowMajor(t, 6).Slice(0, 0, 6, 2)
			return s.View(3, 1)
		}, want{[]int{3, 1}, []int{2, 2}, 0}},
		{"reshape expanded keeps stride 0", func() (layout.Layout, error) {
			e, _ := rowMajor(t, 1, 4).Expand(6, 4)
			return e.View(2, 3, 4)
		}, want{[]int{2, 3, 4}, []int{0, 0, 1}, 0}},
		{"reshape empty", func() (layout.Layout, error) {
			e, _ := tr.Slice(0, 0, 0, 1)
			return e.View(3, 0, 5)
		}, want{[]int{3, 0, 5}, []int{5, 5, 1}, 0}},
		{"reshape empty infer", func() (layout.Layout, error) { return rowMajor(t, 0, 3).View(-1) }, want{[]int{0}, []int{1}, 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, err := tc.do()
			check(t, l, err, tc.want)
		})
	}
}

func TestTransformationErrors(t *testing.T) {
	m := rowMajor(t, 3, 4)
	tr, _ := m.Transpose(0, 1)
	for _, tc := range []struct {
		name string
		do   func() (layout.Layout, error)
		kind error
		msg  string
	}{
		{"transpose axis", func() (layout.Layout, error) { return m.Transpose(0, 2) }, layout.ErrAxis, "layout: Transpose: axis 2 out of range for rank 2"},
		{"transpose negative axis", func() (layout.Layout, error) { return m.Transpose(-3, 0) }, layout.ErrAxis, "layout: Transpose: axis -3 out of range for rank 2"},
		{"permute count", func() (layout.Layout, error) { return m.Permute(0) }, layout.ErrAxis, "layout: Permute: 1 axes [0] for rank 2"},
		{"permute duplicate", func() (layout.Layout, error) { return m.Permute(1, -1) }, layout.ErrDuplicateAxis, "layout: Permute: duplicate axis -1 in [1 -1]"},
		{"squeeze non-1", func() (layout.Layout, error) { return m.Squeeze(0) }, layout.ErrShape, "layout: Squeeze: axis 0 has size 3, not 1, in shape [3 4]"},
		{"squeeze duplicate", func() (layout.Layout, error) { return rowMajor(t, 1, 2).Squeeze(0, 0) }, layout.ErrDuplicateAxis, ""},
		{"squeeze axis", func() (layout.Layout, error) { return m.Squeeze(5) }, layout.ErrAxis, ""},
		{"unsqueeze axis", func() (layout.Layout, error) { return m.Unsqueeze(3) }, layout.ErrAxis, "layout: Unsqueeze: axis 3 out of range for rank 3"},
		{"unsqueeze negative", func() (layout.Layout, error) { return m.Unsqueeze(-4) }, layout.ErrAxis, ""},
		{"slice stop beyond", func() (layout.Layout, error) { return m.Slice(1, 0, 5, 1) }, layout.ErrIndex, "layout: Slice: [0:5:1] out of range for axis 1 with size 4"},
		{"slice start after stop", func() (layout.Layout, error) { return m.Slice(0, 2, 1, 1) }, layout.ErrIndex, ""},
		{"slice start below -dim", func() (layout.Layout, error) { return m.Slice(0, -4, 2, 1) }, layout.ErrIndex, "layout: Slice: [-4:2:1] out of range for axis 0 with size 3"},
		{"slice step 0", func() (layout.Layout, error) { return m.Slice(0, 0, 2, 0) }, layout.ErrIndex, ""},
		{"slice axis", func() (layout.Layout, error) { return m.Slice(2, 0, 1, 1) }, layout.ErrAxis, ""},
		{"flip duplicate", func() (layout.Layout, error) { return m.Flip(0, -2) }, layout.ErrDuplicateAxis, "layout: Flip: duplicate axis -2 in [0 -2]"},
		{"flip axis", func() (layout.Layout, error) { return m.Flip(2) }, layout.ErrAxis, ""},
		{"expand mismatch", func() (layout.Layout, error) { return m.Expand(3, 5) }, layout.ErrShape, "layout: Expand: cannot expand [3 4] to [3 5]: axis 1 has size 4, not 1 or 5"},
		{"expand lower rank", func() (layout.Layout, error) { return m.Expand(4) }, layout.ErrRank, ""},
		{"expand negative", func() (layout.Layout, error) { return m.Expand(-1, 4) }, layout.ErrShape, ""},
		{"expand overflow", func() (layout.Layout, error) { return rowMajor(t, 1, 1).Expand(testint.Half, testint.Half) }, layout.ErrOverflow, ""},
		{"reshape size", func() (layout.Layout, error) { return m.View(5) }, layout.ErrShape, "layout: View: cannot reshape [3 4] (size 12) to [5] (size 5)"},
		{"reshape two -1", func() (layout.Layout, error) { return m.View(-1, -1) }, layout.ErrShape, ""},
		{"reshape -2", func() (layout.Layout, error) { return m.View(-2, -6) }, layout.ErrShape, ""},
		{"reshape infer zero", func() (layout.Layout, error) { return rowMajor(t, 0, 3).View(0, -1) }, layout.ErrShape, "layout: View: cannot infer -1 in [0 -1]: the other dimensions multiply to 0"},
		{"reshape scalar of size 12", func() (layout.Layout, error) { return m.View() }, layout.ErrShape, ""},
		{"reshape not viewable", func() (layout.Layout, error) { return tr.View(12) }, layout.ErrNotViewable, "layout: View: cannot view [4 3] with strides [1 4] as [12]"},
		{"flatten not viewable", func() (layout.Layout, error) { return tr.Flatten() }, layout.ErrNotViewable, "layout: Flatten: cannot view [4 3] with strides [1 4] as [-1]"},
		{"reshape overflow", func() (layout.Layout, error) { return m.View(testint.Half, testint.Half, 0) }, layout.ErrOverflow, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := m
			_, err := tc.do()
			require.Error(t, err)
			assert.ErrorIs(t, err, tc.kind)
			if tc.msg != "" {
				assert.EqualError(t, err, tc.msg)
			}
			assert.True(t, before.Equal(m), "receiver unchanged")
		})
	}
}

func TestBroadcastShapes(t *testing.T) {
	for _, tc := range []struct {
		in   [][]int
		want []int
	}{
		{nil, []int{}},
		{[][]int{{3, 1}, {1, 4}}, []int{3, 4}},
		{[][]int{{8, 1, 6, 1}, {7, 1, 5}}, []int{8, 7, 6, 5}},
		{[][]int{{5, 4}, {1}}, []int{5, 4}},
		{[][]int{{15, 3, 5}, {15, 1, 5}, {3, 1}}, []int{15, 3, 5}},
		{[][]int{{0, 1}, {1, 3}}, []int{0, 3}},
		{[][]int{{}, {2, 2}}, []int{2, 2}},
	} {
		got, err := layout.BroadcastShapes(tc.in...)
		require.NoError(t, err)
		assert.Equal(t, tc.want, got, "%v", tc.in)
	}
	_, err := layout.BroadcastShapes([]int{3}, []int{4})
	assert.ErrorIs(t, err, layout.ErrShape)
	assertAppendBroadcast(t)
	assert.EqualError(t, err, "layout: BroadcastShapes: shapes [[3] [4]] do not broadcast: axis -1 has sizes 3 and 4")
	_, err = layout.BroadcastShapes([]int{testint.Half, 1}, []int{1, testint.Half})
	assert.ErrorIs(t, err, layout.ErrOverflow)
	_, err = layout.BroadcastShapes([]int{-1})
	assert.ErrorIs(t, err, layout.ErrShape)
}

// TestOverlapping checks the verdict against an enumeration of the offsets,
// on layouts decided by the quick test and on ones that need the exact one.
func TestOverlapping(t *testing.T) {
	for _, tc := range []struct {
		shape, strides []int
		off            int
		want           bool
	}{
		{[]int{3, 4}, []int{4, 1}, 0, false},
		{[]int{3, 4}, []int{1, 3}, 0, false},
		{[]int{3, 4}, []int{0, 1}, 0, true},
		{[]int{3, 4}, []int{-4, -1}, 11, false},
		{[]int{3, 3}, []int{1, 1}, 0, true},
		{[]int{2, 3}, []int{5, 3}, 0, false}, // exact check: 0 3 6 5 8 11
		{[]int{3, 3}, []int{2, 3}, 0, false}, // exact check: 0 3 6 2 5 8 4 7 10
		{[]int{3, 2}, []int{2, 3}, 0, false}, // exact check: 0 3 2 5 4 7
		{[]int{1, 4}, []int{0, 1}, 0, false},
		{[]int{0, 4}, []int{0, 0}, 0, false},
		{[]int{}, []int{}, 0, false},
		{[]int{4, 2}, []int{1, 2}, 0, true},
		{[]int{2, 2, 2}, []int{4, 2, 3}, 0, false}, // exact check: 0 3 2 5 4 7 6 9
		{[]int{3, 2}, []int{3, 6}, 0, true},        // (2,0) and (0,1) both reach 6
	} {
		l := testkit.Layout(t, tc.shape, tc.strides, tc.off)
		seen := map[int]bool{}
		dup := false
		for a := range l.Size() {
			idx := make([]int, len(tc.shape))
			for k, r := len(idx)-1, a; k >= 0; k-- {
				idx[k], r = r%tc.shape[k], r/tc.shape[k]
			}
			off, err := l.Index(idx...)
			require.NoError(t, err)
			dup = dup || seen[off]
			seen[off] = true
		}
		require.Equal(t, tc.want, dup, "table entry for %v", l)
		assert.Equal(t, tc.want, l.Overlapping(), "%v", l)
	}
}

func TestSelect(t *testing.T) {
	m := rowMajor(t, 3, 4)
	r, err := m.Select(0, 2)
	check(t, r, err, want{[]int{4}, []int{1}, 8})
	c, err := m.Select(-1, 1)
	check(t, c, err, want{[]int{3}, []int{4}, 1})
	s, err := r.Select(0, 3)
	check(t, s, err, want{[]int{}, []int{}, 11})
	_, err = m.Select(0, 3)
	assert.ErrorIs(t, err, layout.ErrIndex)
	assert.EqualError(t, err, "layout: Select: index 3 out of range for axis 0 with size 3")
	_, err = m.Select(2, 0)
	assert.ErrorIs(t, err, layout.ErrAxis)
	_, err = m.Select(0, -4)
	assert.ErrorIs(t, err, layout.ErrIndex)
	assert.EqualError(t, err, "layout: Select: index -4 out of range for axis 0 with size 3")
	last, err := m.Select(0, -1)
	require.NoError(t, err)
	want2, err := m.Select(0, 2)
	require.NoError(t, err)
	assert.True(t, last.Equal(want2), "Select(0, -1) is Select(0, 2)")
}

// TestRegressions pins bugs found by the hostile-input tests.
func TestRegressions(t *testing.T) {
	// Slice with a huge step computed a negative length.
	s, err := rowMajor(t, 4).Slice(0, 0, 2, math.MaxInt)
	check(t, s, err, want{[]int{1}, []int{1}, 0})
	s, err = rowMajor(t, 4).Slice(0, 1, 4, math.MaxInt-1)
	check(t, s, err, want{[]int{1}, []int{1}, 1})

	// Overlapping of a huge unusual layout tried to allocate its offsets,
	// then answered true without deciding; 2i = 2j+3 has no solution.
	big := testkit.Layout(t, []int{testint.Huge / 8, 2}, []int{2, 3}, 0)
	assert.False(t, big.Overlapping(), "all offsets distinct")
	rank := 30 // 3^30 elements; 3^19 on 32-bit, the most that fit
	if testint.Bits == 32 {
		rank = 19
	}
	cube := make([]int, rank)
	ones := make([]int, rank)
	for i := range cube {
		cube[i], ones[i] = 3, 1
	}
	assert.True(t, testkit.Layout(t, cube, ones, 0).Overlapping())

	// An empty layout never overlaps, whatever its strides.
	assert.False(t, testkit.Layout(t, []int{4, 0}, []int{0, 1}, 0).Overlapping())

	// Reshape of an empty layout must keep the invariants.
	_, err = rowMajor(t, 0).View(0, math.MaxInt, math.MaxInt)
	assert.ErrorIs(t, err, layout.ErrOverflow)
	e, err := testkit.Layout(t, []int{0}, []int{1}, math.MaxInt-1).View(0, 64, 1)
	require.NoError(t, err)
	_, err = layout.Strided(e.Shape(), e.Strides(), e.Offset())
	assert.NoError(t, err, "%v", e)
}

// setForm pairs a transformation's value method with its Set method.
type setForm struct {
	name  string
	value func(l layout.Layout) (layout.Layout, error)
	set   func(z, x *layout.Layout) error
}

// setForms returns, for a layout of rank r, calls of every transformation
// in both forms: valid ones and ones that fail.
func setForms(r int) []setForm {
	rev := make([]int, r)
	for i := range rev {
		rev[i] = r - 1 - i
	}
	dup := append(slices.Clone(rev), 0)
	if r > 0 {
		dup = append(slices.Clone(rev[1:]), rev[0]-r) // rev[0] twice
	}
	f := func(name string, value func(l layout.Layout) (layout.Layout, error), set func(z, x *layout.Layout) error) setForm {
		return setForm{name, value, set}
	}
	return []setForm{
		f("Transpose(0,-1)", func(l layout.Layout) (layout.Layout, error) { return l.Transpose(0, -1) },
			func(z, x *layout.Layout) error { return z.SetTranspose(x, 0, -1) }),
		f("Transpose(r,0)", func(l layout.Layout) (layout.Layout, error) { return l.Transpose(r, 0) },
			func(z, x *layout.Layout) error { return z.SetTranspose(x, r, 0) }),
		f("Permute(rev)", func(l layout.Layout) (layout.Layout, error) { return l.Permute(rev...) },
			func(z, x *layout.Layout) error { return z.SetPermute(x, rev...) }),
		f("Permute(dup)", func(l layout.Layout) (layout.Layout, error) { return l.Permute(dup...) },
			func(z, x *layout.Layout) error { return z.SetPermute(x, dup...) }),
		f("Squeeze()", func(l layout.Layout) (layout.Layout, error) { return l.Squeeze() },
			func(z, x *layout.Layout) error { return z.SetSqueeze(x) }),
		f("Squeeze(0)", func(l layout.Layout) (layout.Layout, error) { return l.Squeeze(0) },
			func(z, x *layout.Layout) error { return z.SetSqueeze(x, 0) }),
		f("Unsqueeze(1)", func(l layout.Layout) (layout.Layout, error) { return l.Unsqueeze(1) },
			func(z, x *layout.Layout) error { return z.SetUnsqueeze(x, 1) }),
		f("Unsqueeze(-1)", func(l layout.Layout) (layout.Layout, error) { return l.Unsqueeze(-1) },
			func(z, x *layout.Layout) error { return z.SetUnsqueeze(x, -1) }),
		f("Slice(0,1,2,1)", func(l layout.Layout) (layout.Layout, error) { return l.Slice(0, 1, 2, 1) },
			func(z, x *layout.Layout) error { return z.SetSlice(x, 0, 1, 2, 1) }),
		f("Slice(-1,0,1,2)", func(l layout.Layout) (layout.Layout, error) { return l.Slice(-1, 0, 1, 2) },
			func(z, x *layout.Layout) error { return z.SetSlice(x, -1, 0, 1, 2) }),
		f("Select(0,1)", func(l layout.Layout) (layout.Layout, error) { return l.Select(0, 1) },
			func(z, x *layout.Layout) error { return z.SetSelect(x, 0, 1) }),
		f("Contiguous()", func(l layout.Layout) (layout.Layout, error) { return layout.RowMajor(l.Shape()...) },
			func(z, x *layout.Layout) error { z.SetContiguous(x); return nil }),
		f("Flip()", func(l layout.Layout) (layout.Layout, error) { return l.Flip() },
			func(z, x *layout.Layout) error { return z.SetFlip(x) }),
		f("Flip(dup)", func(l layout.Layout) (layout.Layout, error) { return l.Flip(dup...) },
			func(z, x *layout.Layout) error { return z.SetFlip(x, dup...) }),
		f("Expand(3,shape)", func(l layout.Layout) (layout.Layout, error) { return l.Expand(append([]int{3}, l.Shape()...)...) },
			func(z, x *layout.Layout) error { return z.SetExpand(x, append([]int{3}, x.Shape()...)...) }),
		f("Expand(2)", func(l layout.Layout) (layout.Layout, error) { return l.Expand(2) },
			func(z, x *layout.Layout) error { return z.SetExpand(x, 2) }),
		f("Reshape(-1)", func(l layout.Layout) (layout.Layout, error) { return l.View(-1) },
			func(z, x *layout.Layout) error { return z.SetView(x, -1) }),
		f("Reshape(7)", func(l layout.Layout) (layout.Layout, error) { return l.View(7) },
			func(z, x *layout.Layout) error { return z.SetView(x, 7) }),
		f("Flatten()", func(l layout.Layout) (layout.Layout, error) { return l.Flatten() },
			func(z, x *layout.Layout) error { return z.SetFlatten(x) }),
	}
}

// TestSetForms checks that every SetX stores what X returns, leaves its
// receiver unchanged on error (whatever it held before, inline or not) and
// works when the receiver is also the argument.
func TestSetForms(t *testing.T) {
	olds := []layout.Layout{{}, rowMajor(t, 9, 8, 7), rowMajor(t, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2)}
	for _, c := range testkit.Layouts(t) {
		for _, f := range setForms(c.Layout.Rank()) {
			want, wantErr := f.value(c.Layout)
			for _, old := range olds {
				x, z := c.Layout, old
				err := f.set(&z, &x)
				require.Equal(t, c.Layout.String(), x.String(), "%s %s: the argument changed", c.Name, f.name)
				if wantErr != nil {
					require.EqualError(t, err, wantErr.Error(), "%s %s", c.Name, f.name)
					require.Equal(t, old.String(), z.String(), "%s %s: the receiver changed on error", c.Name, f.name)
					require.True(t, z.Equal(old))
					continue
				}
				require.NoError(t, err, "%s %s", c.Name, f.name)
				require.True(t, z.Equal(want), "%s %s: got %v, want %v", c.Name, f.name, z, want)
				checkInvariants(t, z)
			}
			y := c.Layout
			err := f.set(&y, &y)
			if wantErr != nil {
				require.EqualError(t, err, wantErr.Error(), "%s %s aliased", c.Name, f.name)
				require.True(t, y.Equal(c.Layout), "%s %s aliased: the receiver changed on error", c.Name, f.name)
			} else {
				require.NoError(t, err)
				require.True(t, y.Equal(want), "%s %s aliased: got %v, want %v", c.Name, f.name, y, want)
			}
		}
	}
}

// assertAppendBroadcast checks AppendBroadcastShapes against
// BroadcastShapes: the shape appended after what dst holds, in dst's room
// without allocating, and dst unchanged on error.
func assertAppendBroadcast(t *testing.T) {
	t.Helper()
	for _, in := range [][][]int{nil, {{3, 1}, {1, 4}}, {{8, 1, 6, 1}, {7, 1, 5}}, {{}, {2, 2}}, {{0, 1}, {1, 3}}} {
		want, err := layout.BroadcastShapes(in...)
		require.NoError(t, err)
		var buf [8]int
		got, err := layout.AppendBroadcastShapes(append(buf[:0], 9), in...)
		require.NoError(t, err)
		assert.Equal(t, append([]int{9}, want...), got, "%v", in)
		assert.Same(t, &buf[0], &got[0], "%v: appended outside dst's room", in)
		got, err = layout.AppendBroadcastShapes([]int{7}, in...) // no room: grows
		require.NoError(t, err)
		assert.Equal(t, append([]int{7}, want...), got, "%v", in)
		assert.Zero(t, testing.AllocsPerRun(10, func() { _, _ = layout.AppendBroadcastShapes(buf[:0], in...) }), "%v", in)
	}
	dst := []int{1, 2}
	got, err := layout.AppendBroadcastShapes(dst, []int{3}, []int{4})
	assert.ErrorIs(t, err, layout.ErrShape)
	assert.EqualError(t, err, "layout: AppendBroadcastShapes: shapes [[3] [4]] do not broadcast: axis -1 has sizes 3 and 4")
	assert.Equal(t, []int{1, 2}, got)
	got, err = layout.AppendBroadcastShapes(dst, []int{-1})
	assert.ErrorIs(t, err, layout.ErrShape)
	assert.Equal(t, []int{1, 2}, got)
}
