package layout_test

// Hostile-input tests: every exported function and method of package layout
// is driven with negative, zero and huge sizes, strides and offsets near
// math.MaxInt and math.MinInt, ranks 0 to 200, duplicate and out-of-range
// axes, nil and short slices. Each call must return an error wrapping the
// documented sentinel, with a message that starts with "layout: Op: ", and
// leave its receiver and its arguments unchanged; nothing may panic.

import (
	"math"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tessera-go/tessera/internal/choose"
	"github.com/tessera-go/tessera/internal/testint"
	"github.com/tessera-go/tessera/internal/testkit"
	"github.com/tessera-go/tessera/layout"
)

// hcase is one hostile call: call returns the error of the function under
// test; args are the slices passed to it, which must be left unchanged.
type hcase struct {
	name string
	call func() error
	want error
	args [][]int
}

// runHostile runs a table of hostile calls to the function op, checking
// the sentinel, the message prefix "layout: op: ", that nothing panics, and
// that recv and the arguments are unchanged.
func runHostile(t *testing.T, op string, recv []layout.Layout, cases []hcase) {
	t.Helper()
	prefix := "layout: " + op + ": "
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			before := make([]string, len(recv))
			for i, l := range recv {
				before[i] = l.String()
			}
			args := make([][]int, len(tc.args))
			for i, a := range tc.args {
				args[i] = slices.Clone(a)
			}
			var err error
			require.NotPanics(t, func() { err = tc.call() })
			assert.NoError(t, testkit.CheckError(err, prefix, tc.want))
			for i, l := range recv {
				assert.Equal(t, before[i], l.String(), "receiver changed")
			}
			for i, a := range tc.args {
				assert.Equal(t, args[i], a, "argument %d changed", i)
			}
		})
	}
}

// e drops the layout of a (Layout, error) pair.
func e(_ layout.Layout, err error) error { return err }

func TestHostileRowMajor(t *testing.T) {
	for _, op := range []string{"RowMajor", "ColumnMajor"} {
		f := layout.RowMajor
		if op == "ColumnMajor" {
			f = layout.ColumnMajor
		}
		c := func(name string, want error, shape ...int) hcase {
			return hcase{name, func() error { return e(f(shape...)) }, want, [][]int{shape}}
		}
		t.Run(op, func(t *testing.T) {
			runHostile(t, op, nil, []hcase{
				c("negative", layout.ErrShape, 2, -1),
				c("MinInt", layout.ErrShape, math.MinInt),
				c("rank 65", layout.ErrRank, testkit.Ones(65)...),
				c("rank 200", layout.ErrRank, testkit.Ones(200)...),
				c("rank 200 zeros", layout.ErrRank, make([]int, 200)...),
				c("size overflow", layout.ErrOverflow, testint.Half, testint.Half),
				c("MaxInt twice", layout.ErrOverflow, math.MaxInt, math.MaxInt),
				c("overflow behind a zero", layout.ErrOverflow, 0, math.MaxInt, 2),
				c("overflow by 2", layout.ErrOverflow, math.MaxInt/2+1, 2),
			})
		})
	}
	// The largest sizes are accepted.
	l, err := layout.RowMajor(math.MaxInt)
	require.NoError(t, err)
	assert.Equal(t, math.MaxInt, l.Size())
	_, err = layout.RowMajor(math.MaxInt/2, 2)
	require.NoError(t, err)
	_, err = layout.ColumnMajor(testkit.Ones(layout.MaxRank)...)
	require.NoError(t, err)
}

func TestHostileStrided(t *testing.T) {
	c := func(name string, want error, shape, strides []int, off int) hcase {
		return hcase{name, func() error { return e(layout.Strided(shape, strides, off)) }, want, [][]int{shape, strides}}
	}
	runHostile(t, "Strided", nil, []hcase{
		c("nil strides", layout.ErrRank, []int{2}, nil, 0),
		c("nil shape", layout.ErrRank, nil, []int{1}, 0),
		c("short strides", layout.ErrRank, []int{2, 3}, []int{1}, 0),
		c("rank 65", layout.ErrRank, testkit.Ones(65), testkit.Ones(65), 0),
		c("rank 200", layout.ErrRank, testkit.Ones(200), testkit.Ones(200), 0),
		c("negative dim", layout.ErrShape, []int{-1}, []int{1}, 0),
		c("MinInt dim", layout.ErrShape, []int{math.MinInt}, []int{1}, 0),
		c("negative offset", layout.ErrBounds, []int{2}, []int{1}, -1),
		c("MinInt offset", layout.ErrBounds, nil, nil, math.MinInt),
		c("MaxInt offset", layout.ErrOverflow, nil, nil, math.MaxInt),
		c("MaxInt offset empty", layout.ErrOverflow, []int{0}, []int{1}, math.MaxInt),
		c("below zero", layout.ErrBounds, []int{3}, []int{-1}, 1),
		c("below zero by MinInt stride", layout.ErrBounds, []int{2}, []int{math.MinInt + 1}, 0),
		c("extent overflows", layout.ErrOverflow, []int{3}, []int{math.MaxInt/2 + 1}, 0),
		c("negative extent overflows", layout.ErrOverflow, []int{3}, []int{math.MinInt/2 - 1}, math.MaxInt-1),
		c("MinInt stride", layout.ErrBounds, []int{2}, []int{math.MinInt}, math.MaxInt-1),
		c("MinInt stride dim 3", layout.ErrOverflow, []int{3}, []int{math.MinInt}, math.MaxInt-1),
		c("MaxInt stride dim 3", layout.ErrOverflow, []int{3}, []int{math.MaxInt}, 0),
		c("offset plus extent", layout.ErrOverflow, []int{2}, []int{2}, math.MaxInt-1),
		c("sum of extents", layout.ErrOverflow, []int{2, 2}, []int{math.MaxInt / 2, math.MaxInt / 2}, 2),
		c("reaches MaxInt", layout.ErrOverflow, []int{2}, []int{1}, math.MaxInt-1),
		c("size overflow", layout.ErrOverflow, []int{testint.Half, testint.Half}, []int{0, 0}, 0),
		c("extent checked when empty", layout.ErrOverflow, []int{0, 3}, []int{1, math.MaxInt}, 0),
	})
}

func TestHostileBroadcastShapes(t *testing.T) {
	c := func(name string, want error, shapes ...[]int) hcase {
		return hcase{name, func() error { _, err := layout.BroadcastShapes(shapes...); return err }, want, shapes}
	}
	runHostile(t, "BroadcastShapes", nil, []hcase{
		c("mismatch", layout.ErrShape, []int{2}, []int{3}),
		c("negative", layout.ErrShape, []int{-1}),
		c("negative against 1", layout.ErrShape, []int{1}, []int{-1}),
		c("MinInt", layout.ErrShape, []int{math.MinInt}, []int{1}),
		c("rank 65", layout.ErrRank, testkit.Ones(65)),
		c("rank 200", layout.ErrRank, []int{2}, testkit.Ones(200)),
		c("overflow", layout.ErrOverflow, []int{testint.Half, 1}, []int{testint.Half}),
		c("overflow across shapes", layout.ErrOverflow, []int{math.MaxInt, 1}, []int{1, 2}),
		c("MaxInt vs MaxInt-1", layout.ErrShape, []int{math.MaxInt}, []int{math.MaxInt - 1}),
	})
}

func TestHostileDimStride(t *testing.T) {
	l := testkit.Layout(t, []int{2, 3}, []int{3, 1}, 0)
	s := testkit.Layout(t, nil, nil, 0)
	for _, op := range []string{"Dim", "Stride"} {
		c := func(name string, l layout.Layout, axis int) hcase {
			return hcase{name, func() error {
				if op == "Dim" {
					_, err := l.Dim(axis)
					return err
				}
				_, err := l.Stride(axis)
				return err
			}, layout.ErrAxis, nil}
		}
		t.Run(op, func(t *testing.T) {
			runHostile(t, op, []layout.Layout{l, s}, []hcase{
				c("rank", l, 2),
				c("-rank-1", l, -3),
				c("MaxInt", l, math.MaxInt),
				c("MinInt", l, math.MinInt),
				c("MinInt+1", l, math.MinInt+1),
				c("rank0 axis 0", s, 0),
				c("rank0 axis -1", s, -1),
				c("zero layout axis 1", layout.Layout{}, 1),
			})
		})
	}
}

func TestHostileIndex(t *testing.T) {
	l := testkit.Layout(t, []int{2, 3}, []int{-3, 1}, 3)
	z := testkit.Layout(t, []int{2, 0}, []int{1, 1}, 0)
	c := func(name string, l layout.Layout, idx ...int) hcase {
		return hcase{name, func() error { return func() error { _, err := l.Index(idx...); return err }() }, layout.ErrIndex, [][]int{idx}}
	}
	runHostile(t, "Index", []layout.Layout{l, z}, []hcase{
		c("nil", l),
		c("short", l, 0),
		c("long", l, 0, 0, 0),
		c("below -dim", l, -3, 0),
		c("below -dim, last axis", l, 0, -4),
		c("dim", l, 0, 3),
		c("MaxInt", l, math.MaxInt, 0),
		c("MinInt", l, 0, math.MinInt),
		c("empty axis", z, 0, 0),
		c("rank0 with index", testkit.Layout(t, nil, nil, 0), 0),
		c("rank 200", l, make([]int, 200)...),
	})
}

func TestHostileTranspose(t *testing.T) {
	l := testkit.Layout(t, []int{2, 3, 4}, []int{12, 4, 1}, 0)
	c := func(name string, l layout.Layout, a, b int) hcase {
		return hcase{name, func() error { return e(l.Transpose(a, b)) }, layout.ErrAxis, nil}
	}
	runHostile(t, "Transpose", []layout.Layout{l}, []hcase{
		c("a = rank", l, 3, 0),
		c("b = rank", l, 0, 3),
		c("a = -rank-1", l, -4, 0),
		c("MaxInt", l, math.MaxInt, 0),
		c("MinInt", l, 0, math.MinInt),
		c("both extreme", l, math.MinInt, math.MaxInt),
		c("rank0", testkit.Layout(t, nil, nil, 0), 0, 0),
		c("rank0 -1", testkit.Layout(t, nil, nil, 0), -1, -1),
	})
}

// axisCases returns hostile axis lists for a rank-3 receiver l, shared by
// Permute, Squeeze and Flip; perm marks Permute, which needs rank axes.
func axisCases(l layout.Layout, call func(axes []int) error, perm bool) []hcase {
	c := func(name string, want error, axes ...int) hcase {
		return hcase{name, func() error { return call(axes) }, want, [][]int{axes}}
	}
	cases := []hcase{
		c("axis rank", layout.ErrAxis, 0, 1, 3),
		c("axis -rank-1", layout.ErrAxis, 0, 1, -4),
		c("MaxInt", layout.ErrAxis, 0, 1, math.MaxInt),
		c("MinInt", layout.ErrAxis, math.MinInt, 0, 1),
		c("MinInt+1", layout.ErrAxis, 0, math.MinInt+1, 1),
		c("64", layout.ErrAxis, 0, 1, 64),
		c("-64", layout.ErrAxis, 0, 1, -64),
		c("duplicate", layout.ErrDuplicateAxis, 1, 0, 1),
		c("duplicate negative", layout.ErrDuplicateAxis, 0, 2, -1),
		c("duplicate -rank", layout.ErrDuplicateAxis, -3, 0, 1),
	}
	if perm {
		cases = append(cases,
			c("nil", layout.ErrAxis),
			c("too few", layout.ErrAxis, 0, 1),
			c("too many", layout.ErrAxis, 0, 1, 2, 0),
			c("200 axes", layout.ErrAxis, testkit.Iota(200)...),
		)
	} else {
		cases = append(cases,
			c("200 axes", layout.ErrDuplicateAxis, make([]int, 200)...),
			c("200 distinct axes", layout.ErrAxis, testkit.Iota(200)...),
		)
	}
	return cases
}

func TestHostilePermute(t *testing.T) {
	l := testkit.Layout(t, []int{1, 3, 1}, []int{3, 1, 1}, 0)
	runHostile(t, "Permute", []layout.Layout{l}, axisCases(l, func(axes []int) error { return e(l.Permute(axes...)) }, true))
	s := testkit.Layout(t, nil, nil, 0)
	runHostile(t, "Permute", []layout.Layout{s}, []hcase{
		{"rank0 one axis", func() error { return e(s.Permute(0)) }, layout.ErrAxis, nil},
	})
}

func TestHostileSqueeze(t *testing.T) {
	l := testkit.Layout(t, []int{1, 3, 1}, []int{3, 1, 1}, 0)
	cases := axisCases(l, func(axes []int) error { return e(l.Squeeze(axes...)) }, false)
	cases = append(cases,
		hcase{"not size 1", func() error { return e(l.Squeeze(1)) }, layout.ErrShape, nil},
		hcase{"not size 1 negative", func() error { return e(l.Squeeze(0, -2)) }, layout.ErrShape, nil},
		hcase{"size 0", func() error { return e(testkit.Layout(t, []int{0}, []int{1}, 0).Squeeze(0)) }, layout.ErrShape, nil},
	)
	runHostile(t, "Squeeze", []layout.Layout{l}, cases)
}

func TestHostileFlip(t *testing.T) {
	l := testkit.Layout(t, []int{2, 3, 4}, []int{-12, 4, 1}, 12)
	cases := axisCases(l, func(axes []int) error { return e(l.Flip(axes...)) }, false)
	s := testkit.Layout(t, nil, nil, 0)
	cases = append(cases, hcase{"rank0 axis", func() error { return e(s.Flip(0)) }, layout.ErrAxis, nil})
	runHostile(t, "Flip", []layout.Layout{l, s}, cases)
}

func TestHostileUnsqueeze(t *testing.T) {
	l := testkit.Layout(t, []int{2, 3}, []int{3, 1}, 0)
	full := testkit.Layout(t, testkit.Ones(layout.MaxRank), testkit.Ones(layout.MaxRank), 0)
	c := func(name string, l layout.Layout, axis int, want error) hcase {
		return hcase{name, func() error { return e(l.Unsqueeze(axis)) }, want, nil}
	}
	runHostile(t, "Unsqueeze", []layout.Layout{l, full}, []hcase{
		c("rank+1", l, 3, layout.ErrAxis),
		c("-rank-2", l, -4, layout.ErrAxis),
		c("MaxInt", l, math.MaxInt, layout.ErrAxis),
		c("MinInt", l, math.MinInt, layout.ErrAxis),
		c("rank0 axis 2", testkit.Layout(t, nil, nil, 0), 2, layout.ErrAxis),
		c("MaxRank", full, 0, layout.ErrRank),
		c("MaxRank append", full, -1, layout.ErrRank),
	})
}

func TestHostileSlice(t *testing.T) {
	l := testkit.Layout(t, []int{4, 5}, []int{5, 1}, 0)
	c := func(name string, l layout.Layout, axis, start, stop, step int, want error) hcase {
		return hcase{name, func() error { return e(l.Slice(axis, start, stop, step)) }, want, nil}
	}
	runHostile(t, "Slice", []layout.Layout{l}, []hcase{
		c("axis rank", l, 2, 0, 1, 1, layout.ErrAxis),
		c("axis MinInt", l, math.MinInt, 0, 1, 1, layout.ErrAxis),
		c("axis MaxInt", l, math.MaxInt, 0, 1, 1, layout.ErrAxis),
		c("rank0", testkit.Layout(t, nil, nil, 0), 0, 0, 0, 1, layout.ErrAxis),
		c("start below -dim", l, 0, -5, 2, 1, layout.ErrIndex),
		c("negative start after stop", l, 0, -1, 2, 1, layout.ErrIndex),
		c("MinInt start", l, 0, math.MinInt, 2, 1, layout.ErrIndex),
		c("start after stop", l, 0, 3, 2, 1, layout.ErrIndex),
		c("stop past dim", l, 1, 0, 6, 1, layout.ErrIndex),
		c("stop MaxInt", l, 1, 0, math.MaxInt, 1, layout.ErrIndex),
		c("start MaxInt", l, 1, math.MaxInt, math.MaxInt, 1, layout.ErrIndex),
		c("stop below -dim", l, 1, 0, -6, 1, layout.ErrIndex),
		c("MinInt stop", l, 1, 0, math.MinInt, 1, layout.ErrIndex),
		c("step 0", l, 0, 0, 2, 0, layout.ErrIndex),
		c("step -1", l, 0, 0, 2, -1, layout.ErrIndex),
		c("step MinInt", l, 0, 0, 4, math.MinInt, layout.ErrIndex),
	})
	// Valid extremes: a huge step is one element, start == stop == dim is
	// empty, and a step on the largest dimension cannot overflow.
	for _, tc := range []struct {
		name                    string
		l                       layout.Layout
		axis, start, stop, step int
		shape, strides          []int
		off                     int
	}{
		{"step MaxInt", l, 0, 1, 2, math.MaxInt, []int{1, 5}, []int{5, 1}, 5},
		{"empty at end", l, 1, 5, 5, 1, []int{4, 0}, []int{5, 1}, 0},
		{"huge dim", testkit.Layout(t, []int{math.MaxInt / 2}, []int{1}, 0), 0, 3, math.MaxInt / 2, math.MaxInt / 4, []int{2}, []int{math.MaxInt / 4}, 3},
	} {
		got, err := tc.l.Slice(tc.axis, tc.start, tc.stop, tc.step)
		require.NoError(t, err, tc.name)
		assert.Equal(t, tc.shape, got.Shape(), "%s: shape", tc.name)
		if tc.shape[tc.axis] > 1 {
			assert.Equal(t, tc.strides, got.Strides(), "%s: strides", tc.name)
		}
		if got.Size() > 0 {
			assert.Equal(t, tc.off, got.Offset(), "%s: offset", tc.name)
		}
	}
}

func TestHostileSelect(t *testing.T) {
	l := testkit.Layout(t, []int{4, 5}, []int{-5, 1}, 15)
	z := testkit.Layout(t, []int{0, 5}, []int{5, 1}, 0)
	c := func(name string, l layout.Layout, axis, index int, want error) hcase {
		return hcase{name, func() error { return e(l.Select(axis, index)) }, want, nil}
	}
	runHostile(t, "Select", []layout.Layout{l, z}, []hcase{
		c("axis rank", l, 2, 0, layout.ErrAxis),
		c("axis -rank-1", l, -3, 0, layout.ErrAxis),
		c("axis MinInt", l, math.MinInt, 0, layout.ErrAxis),
		c("axis MaxInt", l, math.MaxInt, 0, layout.ErrAxis),
		c("rank0", testkit.Layout(t, nil, nil, 0), 0, 0, layout.ErrAxis),
		c("index dim", l, 0, 4, layout.ErrIndex),
		c("index -dim-1", l, 1, -6, layout.ErrIndex),
		c("index MaxInt", l, 0, math.MaxInt, layout.ErrIndex),
		c("index MinInt", l, -1, math.MinInt, layout.ErrIndex),
		c("empty axis", z, 0, 0, layout.ErrIndex),
	})
}

func TestHostileExpand(t *testing.T) {
	l := testkit.Layout(t, []int{1, 3}, []int{3, 1}, 0)
	c := func(name string, want error, shape ...int) hcase {
		return hcase{name, func() error { return e(l.Expand(shape...)) }, want, [][]int{shape}}
	}
	runHostile(t, "Expand", []layout.Layout{l}, []hcase{
		c("nil", layout.ErrRank),
		c("lower rank", layout.ErrRank, 3),
		c("rank 65", layout.ErrRank, append(testkit.Ones(63), 2, 3)...),
		c("rank 200", layout.ErrRank, append(testkit.Ones(198), 2, 3)...),
		c("negative", layout.ErrShape, -1, 3),
		c("-1 is not inferred", layout.ErrShape, 2, -1),
		c("MinInt", layout.ErrShape, math.MinInt, 3),
		c("mismatch", layout.ErrShape, 2, 4),
		c("mismatch to 0", layout.ErrShape, 2, 0),
		c("size overflow", layout.ErrOverflow, math.MaxInt/2, 3),
		c("MaxInt leading", layout.ErrOverflow, math.MaxInt, 1, 3),
		c("overflow behind zero", layout.ErrOverflow, 0, math.MaxInt, 1, 3),
		c("product overflows", layout.ErrOverflow, testint.Half, testint.Half, 1, 3),
	})
}

func TestHostileView(t *testing.T) {
	l := testkit.Layout(t, []int{3, 4}, []int{4, 1}, 0)
	tr := testkit.Layout(t, []int{4, 3}, []int{1, 4}, 0)
	c := func(name string, l layout.Layout, want error, shape ...int) hcase {
		return hcase{name, func() error { return e(l.View(shape...)) }, want, [][]int{shape}}
	}
	runHostile(t, "View", []layout.Layout{l, tr}, []hcase{
		c("nil", l, layout.ErrShape),
		c("size", l, layout.ErrShape, 13),
		c("two -1", l, layout.ErrShape, -1, -1),
		c("-1 and negative", l, layout.ErrShape, -1, -2),
		c("-2", l, layout.ErrShape, -2, -6),
		c("MinInt", l, layout.ErrShape, math.MinInt, -1),
		c("MinInt twice", l, layout.ErrShape, math.MinInt, math.MinInt),
		c("-1 with 0", l, layout.ErrShape, 0, -1),
		c("-1 does not divide", l, layout.ErrShape, 5, -1),
		c("product overflows", l, layout.ErrOverflow, testint.Half, testint.Half),
		c("product overflows to size", l, layout.ErrOverflow, math.MaxInt, math.MaxInt, 12),
		c("MaxInt and -1", l, layout.ErrShape, math.MaxInt, -1),
		c("rank 65", l, layout.ErrRank, append(testkit.Ones(64), 12)...),
		c("rank 200", l, layout.ErrRank, append(testkit.Ones(199), -1)...),
		c("not viewable", tr, layout.ErrNotViewable, 12),
		c("not viewable -1", tr, layout.ErrNotViewable, 2, -1),
	})
	runHostile(t, "Flatten", []layout.Layout{tr}, []hcase{
		{"not viewable", func() error { return e(tr.Flatten()) }, layout.ErrNotViewable, nil},
		{"overlapping", func() error {
			return e(testkit.Layout(t, []int{3, 3}, []int{2, 1}, 0).Flatten())
		}, layout.ErrNotViewable, nil},
	})
}

func TestHostileNewPlan(t *testing.T) {
	a := testkit.Layout(t, []int{2, 3}, []int{3, 1}, 0)
	b := testkit.Layout(t, []int{3, 2}, []int{1, 3}, 0)
	c := func(name string, x, y layout.Layout) hcase {
		return hcase{name, func() error { _, err := layout.NewPlan(x, y); return err }, layout.ErrShape, nil}
	}
	runHostile(t, "NewPlan", []layout.Layout{a, b}, []hcase{
		c("transposed shape", a, b),
		c("rank0 vs zero", testkit.Layout(t, nil, nil, 0), layout.Layout{}),
		c("rank 64 vs rank 63", testkit.Layout(t, testkit.Ones(64), testkit.Ones(64), 0), testkit.Layout(t, testkit.Ones(63), testkit.Ones(63), 0)),
		c("empty vs 1", testkit.Layout(t, []int{0}, []int{1}, 0), testkit.Layout(t, []int{1}, []int{1}, 0)),
	})
}

// checkResult checks a transformation's result against its receiver: an
// error wraps a sentinel with the op's prefix and leaves the receiver
// unchanged (when before, the receiver's String, is given); a layout satisfies the invariants and reaches no offset outside
// the receiver's span.
func checkResult(t *testing.T, op string, l layout.Layout, before string, got layout.Layout, err error, args ...any) {
	t.Helper()
	if before != "" {
		if s := l.String(); s != before {
			t.Fatalf("%s%v changed its receiver: got %s; want %s", op, args, s, before)
		}
	}
	if err != nil {
		if problem := testkit.CheckError(err, "layout: "+op+": "); problem != nil {
			t.Fatalf("%s%v on %v: %v", op, args, l, problem)
		}
		return
	}
	checkInvariants(t, got)
	if got.Size() == 0 {
		return
	}
	lo, hi := l.Span()
	glo, ghi := got.Span()
	if glo < lo || ghi > hi {
		t.Fatalf("%s%v on %v: got span [%d,%d); want inside [%d,%d)", op, args, l, glo, ghi, lo, hi)
	}
}

// checkInvariants checks the invariants written on Layout. A non-empty
// layout must also be accepted by Strided as it is: its reachable offsets
// lie in [0, math.MaxInt).
func checkInvariants(t *testing.T, l layout.Layout) {
	t.Helper()
	sh, st := l.Shape(), l.Strides()
	if l.Rank() > layout.MaxRank || len(sh) != l.Rank() || len(st) != l.Rank() {
		t.Fatalf("got rank %d, shape %v, strides %v; want equal ranks <= MaxRank", l.Rank(), sh, st)
	}
	size := 1
	for _, d := range sh {
		if d < 0 {
			t.Fatalf("got dimension %d in %v; want >= 0", d, l)
		}
		size *= d
	}
	if size != l.Size() {
		t.Fatalf("got Size() %d; want %d for %v", l.Size(), size, l)
	}
	lo, hi := l.Span()
	back, err := layout.Strided(sh, st, l.Offset())
	if err != nil || !back.Equal(l) {
		t.Fatalf("a layout made by the package is refused by Strided: %v: %v", l, err)
	}
	if size == 0 {
		if lo != 0 || hi != 0 {
			t.Fatalf("got span [%d,%d) of empty %v; want [0,0)", lo, hi, l)
		}
		return
	}
	if lo < 0 || lo >= hi {
		t.Fatalf("got span [%d,%d) of %v; want 0 <= lo < hi", lo, hi, l)
	}
	// The corners: every index with each coordinate 0 or dim-1.
	rank := min(len(sh), 8) // 256 corners are plenty
	idx := make([]int, len(sh))
	for mask := 0; mask < 1<<rank; mask++ {
		for k := range sh {
			idx[k] = 0
			if k < rank && mask&(1<<k) != 0 {
				idx[k] = sh[k] - 1
			}
		}
		off, err := l.Index(idx...)
		if err != nil || off < lo || off >= hi {
			t.Fatalf("got Index%v = %d, %v; want in [%d,%d) for %v", idx, off, err, lo, hi, l)
		}
	}
}

// TestHostileSweep calls every exported method on every layout of the
// catalogue with arguments drawn from testkit.Extremes, and checks that
// nothing panics, that errors wrap a sentinel and name the op, and that
// results keep the invariants and stay inside the receiver's span.
func TestHostileSweep(t *testing.T) {
	cat := testkit.Layouts(t)
	small := []int{0, 1, 2, -1, 3, 5, math.MaxInt, math.MinInt, math.MaxInt / 2}
	for _, c := range cat {
		l := c.Layout
		t.Run(c.Name, func(t *testing.T) {
			before := l.String()
			defer func() {
				require.Equal(t, before, l.String(), "the receiver changed")
			}()
			r := l.Rank()
			var got layout.Layout
			var err error
			testkit.NoPanic(t, func() {
				checkInvariants(t, l)
				_ = l.Shape()
				_ = l.Strides()
				_ = l.Offset()
				_ = l.IsContiguous()
				_ = l.IsColumnMajor()
				if start, end, ok := l.ContiguousRange(); ok && l.Size() > 0 {
					lo, hi := l.Span()
					assert.Equal(t, [2]int{lo, hi}, [2]int{start, end}, "ContiguousRange of %v", l)
				}
				_ = l.Overlapping()
				checkInvariants(t, l.Contiguous())
				p := l.Plan()
				_ = p.Count()
				_ = p.Len()
				_, _ = p.Inc()
				n := 0
				for range p.Runs() {
					if n++; n > 100 {
						break
					}
				}
				for _, c2 := range cat {
					_, err = layout.NewPlan(l, c2.Layout)
					if err != nil {
						checkResult(t, "NewPlan", l, "", layout.Layout{}, err)
					}
				}
			})
			axes := append(slices.Clone(testkit.Extremes), -r-1, -r, r, r+1)
			bs, steps := axes, small
			if testing.Short() {
				axes = []int{0, 1, -1, 64, -65, math.MaxInt, math.MinInt, -r - 1, -r, r}
				bs, steps = []int{0, -1, r, math.MinInt, math.MaxInt}, []int{1, 2, 0, math.MaxInt}
			}
			for _, a := range axes {
				testkit.NoPanic(t, func() {
					_, err = l.Dim(a)
					checkResult(t, "Dim", l, "", layout.Layout{}, err, a)
					_, err = l.Stride(a)
					checkResult(t, "Stride", l, "", layout.Layout{}, err, a)
					got, err = l.Unsqueeze(a)
					checkResult(t, "Unsqueeze", l, "", got, err, a)
					for _, b := range bs {
						got, err = l.Transpose(a, b)
						checkResult(t, "Transpose", l, "", got, err, a, b)
					}
				})
			}
			for _, axes := range testkit.HostileAxes(r) {
				testkit.NoPanic(t, func() {
					got, err = l.Permute(axes...)
					checkResult(t, "Permute", l, "", got, err, axes)
					got, err = l.Squeeze(axes...)
					checkResult(t, "Squeeze", l, "", got, err, axes)
					got, err = l.Flip(axes...)
					checkResult(t, "Flip", l, "", got, err, axes)
					_, err = l.Index(axes...)
					checkResult(t, "Index", l, "", layout.Layout{}, err, axes)
				})
			}
			for _, shape := range testkit.HostileShapes(l.Shape(), l.Size()) {
				testkit.NoPanic(t, func() {
					got, err = l.Expand(shape...)
					checkResult(t, "Expand", l, "", got, err, shape)
					got, err = l.View(shape...)
					checkResult(t, "View", l, "", got, err, shape)
					_, err = layout.BroadcastShapes(l.Shape(), shape)
					checkResult(t, "BroadcastShapes", l, "", layout.Layout{}, err, shape)
				})
			}
			testkit.NoPanic(t, func() {
				got, err = l.Flatten()
				checkResult(t, "Flatten", l, "", got, err)
			})
			for _, a := range []int{0, -1, r, math.MinInt} {
				var dim int
				if r > 0 {
					dim, _ = l.Dim(a)
				}
				bounds := append(slices.Clone(small), dim, dim+1, dim-1)
				for _, i := range bounds {
					testkit.NoPanic(t, func() {
						got, err = l.Select(a, i)
						checkResult(t, "Select", l, "", got, err, a, i)
					})
				}
				for _, start := range bounds {
					for _, stop := range bounds {
						for _, step := range steps {
							testkit.NoPanic(t, func() {
								got, err = l.Slice(a, start, stop, step)
								checkResult(t, "Slice", l, "", got, err, a, start, stop, step)
							})
						}
					}
				}
			}
		})
	}
}

// TestHostileRandomChains applies random chains of transformations with
// hostile arguments to the catalogue and checks every step.
func TestHostileChains(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 50
	}
	for seed := range n {
		r := choose.NewRand(uint64(seed))
		for _, c := range testkit.Layouts(t) {
			l := c.Layout
			for range 8 {
				l = step(t, r, l)
			}
		}
	}
}

// pick returns a valid-looking value below n about half the time and one
// of testkit.Extremes otherwise.
func pick(c choose.Source, n int) int {
	if c.Intn(2) == 0 && n > 0 {
		return c.Intn(n+2) - 1
	}
	return testkit.Extremes[c.Intn(len(testkit.Extremes))]
}

// step applies one random transformation to l, its arguments drawn from c
// (a PRNG in tests, the fuzzer's bytes in FuzzStrided), checks it and
// returns the result, or l when it failed.
func step(t *testing.T, c choose.Source, l layout.Layout) layout.Layout {
	t.Helper()
	before := l.String()
	r := l.Rank()
	var got layout.Layout
	var err error
	var op string
	var args []any
	testkit.NoPanic(t, func() {
		switch c.Intn(9) {
		case 8:
			a := pick(c, r)
			d := 0
			if r > 0 {
				d, _ = l.Dim(a)
			}
			i := pick(c, d)
			op, args = "Select", []any{a, i}
			got, err = l.Select(a, i)
		case 0:
			a, b := pick(c, r), pick(c, r)
			op, args = "Transpose", []any{a, b}
			got, err = l.Transpose(a, b)
		case 1:
			axes := make([]int, c.Intn(r+2))
			for i := range axes {
				axes[i] = pick(c, r)
			}
			op, args = "Flip", []any{axes}
			got, err = l.Flip(axes...)
		case 2:
			var axes []int
			for i := range c.Intn(3) {
				_ = i
				axes = append(axes, pick(c, r))
			}
			op, args = "Squeeze", []any{axes}
			got, err = l.Squeeze(axes...)
		case 3:
			a := pick(c, r+1)
			op, args = "Unsqueeze", []any{a}
			got, err = l.Unsqueeze(a)
		case 4:
			a := pick(c, r)
			d := 0
			if r > 0 {
				d, _ = l.Dim(a)
			}
			start, stop, s := pick(c, d), pick(c, d+1), pick(c, 3)
			op, args = "Slice", []any{a, start, stop, s}
			got, err = l.Slice(a, start, stop, s)
		case 5:
			shape := l.Shape()
			for i := range shape {
				if shape[i] == 1 && c.Intn(2) == 0 {
					shape[i] = pick(c, 4)
				}
			}
			if c.Intn(2) == 0 {
				shape = append([]int{pick(c, 4)}, shape...)
			}
			op, args = "Expand", []any{shape}
			got, err = l.Expand(shape...)
		case 6:
			shape := reshapeTarget(c, l.Size())
			op, args = "View", []any{shape}
			got, err = l.View(shape...)
		default:
			axes := testkit.Iota(r)
			for i := range axes {
				j := c.Intn(i + 1)
				axes[i], axes[j] = axes[j], axes[i]
			}
			if c.Intn(4) == 0 && r > 0 {
				axes[c.Intn(r)] = pick(c, r)
			}
			op, args = "Permute", []any{axes}
			got, err = l.Permute(axes...)
		}
	})
	checkResult(t, op, l, before, got, err, args...)
	if err != nil {
		return l
	}
	if op == "Expand" && got.Size() > 0 {
		lo, hi := l.Span()
		glo, ghi := got.Span()
		require.Equal(t, [2]int{lo, hi}, [2]int{glo, ghi}, "Expand%v of %v: span changed", args, l)
	}
	return got
}

// reshapeTarget returns a shape of the given size, split into factors,
// sometimes with a -1, sometimes wrong.
func reshapeTarget(c choose.Source, size int) []int {
	var shape []int
	rest := size
	for rest > 1 && len(shape) < 6 {
		f := 1
		for _, p := range []int{2, 3, 5, 7} {
			if rest%p == 0 && c.Intn(2) == 0 {
				f = p
				break
			}
		}
		if f == 1 {
			f = rest
		}
		shape = append(shape, f)
		rest /= f
	}
	if rest == 0 {
		shape = append(shape, 0, pick(c, 3))
	}
	if c.Intn(3) == 0 {
		shape = append(shape, 1)
	}
	if len(shape) > 0 && c.Intn(3) == 0 {
		shape[c.Intn(len(shape))] = -1
	}
	if c.Intn(5) == 0 {
		shape = append(shape, pick(c, 3))
	}
	return shape
}
