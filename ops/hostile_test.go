package ops_test

// Hostile-input tests for package ops: every operation is driven with
// out-of-range and duplicate axes (math.MinInt and math.MaxInt included),
// bad bounds, negative, huge and overflowing shapes, -1 in wrong places and
// ranks up to 200. Each must return an error wrapping the layout sentinel,
// with a message starting "tensor: Op: ", and leave its input view — layout and
// data — unchanged; nothing may panic.

import (
	"math"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tessera-go/tessera/internal/naive"
	"github.com/tessera-go/tessera/internal/testint"
	"github.com/tessera-go/tessera/internal/testkit"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// opCase is one hostile call on the view v.
type opCase struct {
	name string
	v    tensor.View[float64]
	call func(v tensor.View[float64]) (tensor.View[float64], error)
	want error
}

func runOpsHostile(t *testing.T, op string, cases []opCase) {
	t.Helper()
	prefix := "tensor: " + op + ": "
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			lay, data := tc.v.Layout().String(), slices.Clone(tc.v.Data())
			var got tensor.View[float64]
			var err error
			require.NotPanics(t, func() { got, err = tc.call(tc.v) })
			require.Error(t, err, "got %v; want an error", got.Layout())
			assert.NoError(t, testkit.CheckError(err, prefix, tc.want))
			assert.Equal(t, 0, got.Size(), "a failed call returns the zero view")
			assert.Equal(t, lay, tc.v.Layout().String(), "input layout changed")
			assert.Equal(t, data, tc.v.Data(), "input data changed")
		})
	}
}

func TestHostileOps(t *testing.T) {
	data := testkit.Seq(24)
	m := testkit.View(t, data, []int{2, 3, 4}, []int{12, 4, 1}, 0)
	tr := testkit.View(t, data, []int{4, 3}, []int{1, 4}, 0)
	sq := testkit.View(t, data, []int{1, 3, 1}, []int{3, 1, 1}, 0)
	s := testkit.View(t, data, nil, nil, 5)
	full := testkit.View(t, data, testkit.Ones(64), testkit.Ones(64), 0)
	type vv = tensor.View[float64]
	type ve = func(vv) (vv, error)
	c := func(name string, v vv, want error, call ve) opCase { return opCase{name, v, call, want} }

	t.Run("Transpose", func(t *testing.T) {
		f := func(a, b int) ve { return func(v vv) (vv, error) { return ops.Transpose(v, a, b) } }
		runOpsHostile(t, "Transpose", []opCase{
			c("a rank", m, layout.ErrAxis, f(3, 0)),
			c("b -rank-1", m, layout.ErrAxis, f(0, -4)),
			c("MaxInt", m, layout.ErrAxis, f(math.MaxInt, 0)),
			c("MinInt", m, layout.ErrAxis, f(0, math.MinInt)),
			c("rank0", s, layout.ErrAxis, f(0, 0)),
			c("zero view", vv{}, layout.ErrAxis, f(0, 1)),
		})
	})
	t.Run("Permute", func(t *testing.T) {
		f := func(axes ...int) ve { return func(v vv) (vv, error) { return ops.Permute(v, axes...) } }
		runOpsHostile(t, "Permute", []opCase{
			c("nil", m, layout.ErrAxis, f()),
			c("too few", m, layout.ErrAxis, f(0, 1)),
			c("too many", m, layout.ErrAxis, f(0, 1, 2, 3)),
			c("out of range", m, layout.ErrAxis, f(0, 1, 3)),
			c("MinInt", m, layout.ErrAxis, f(math.MinInt, 0, 1)),
			c("MaxInt", m, layout.ErrAxis, f(0, math.MaxInt, 1)),
			c("duplicate", m, layout.ErrDuplicateAxis, f(1, 0, 1)),
			c("duplicate negative", m, layout.ErrDuplicateAxis, f(2, 0, -1)),
			c("200 axes", m, layout.ErrAxis, f(make([]int, 200)...)),
			c("rank0 one axis", s, layout.ErrAxis, f(0)),
		})
	})
	t.Run("Squeeze", func(t *testing.T) {
		f := func(axes ...int) ve { return func(v vv) (vv, error) { return ops.Squeeze(v, axes...) } }
		runOpsHostile(t, "Squeeze", []opCase{
			c("not size 1", sq, layout.ErrShape, f(1)),
			c("out of range", sq, layout.ErrAxis, f(3)),
			c("MinInt", sq, layout.ErrAxis, f(math.MinInt)),
			c("MaxInt", sq, layout.ErrAxis, f(math.MaxInt)),
			c("duplicate", sq, layout.ErrDuplicateAxis, f(0, 0)),
			c("duplicate negative", sq, layout.ErrDuplicateAxis, f(2, -1)),
			c("200 zeros", sq, layout.ErrDuplicateAxis, f(make([]int, 200)...)),
			c("rank0", s, layout.ErrAxis, f(0)),
		})
	})
	t.Run("Unsqueeze", func(t *testing.T) {
		f := func(a int) ve { return func(v vv) (vv, error) { return ops.Unsqueeze(v, a) } }
		runOpsHostile(t, "Unsqueeze", []opCase{
			c("rank+1", m, layout.ErrAxis, f(4)),
			c("-rank-2", m, layout.ErrAxis, f(-5)),
			c("MinInt", m, layout.ErrAxis, f(math.MinInt)),
			c("MaxInt", m, layout.ErrAxis, f(math.MaxInt)),
			c("MaxRank", full, layout.ErrRank, f(0)),
		})
	})
	t.Run("Slice", func(t *testing.T) {
		f := func(a, start, stop, step int) ve {
			return func(v vv) (vv, error) { return ops.Slice(v, a, start, stop, step) }
		}
		runOpsHostile(t, "Slice", []opCase{
			c("axis rank", m, layout.ErrAxis, f(3, 0, 1, 1)),
			c("axis MinInt", m, layout.ErrAxis, f(math.MinInt, 0, 1, 1)),
			c("rank0", s, layout.ErrAxis, f(0, 0, 0, 1)),
			c("start below -dim", m, layout.ErrIndex, f(0, -3, 1, 1)),
			c("negative start after stop", m, layout.ErrIndex, f(0, -1, 0, 1)),
			c("stop past dim", m, layout.ErrIndex, f(2, 0, 5, 1)),
			c("stop MaxInt", m, layout.ErrIndex, f(2, 0, math.MaxInt, 1)),
			c("start after stop", m, layout.ErrIndex, f(1, 2, 1, 1)),
			c("start MinInt", m, layout.ErrIndex, f(1, math.MinInt, 1, 1)),
			c("step 0", m, layout.ErrIndex, f(1, 0, 3, 0)),
			c("step MinInt", m, layout.ErrIndex, f(1, 0, 3, math.MinInt)),
		})
	})
	t.Run("Select", func(t *testing.T) {
		f := func(a, i int) ve { return func(v vv) (vv, error) { return ops.Select(v, a, i) } }
		runOpsHostile(t, "Select", []opCase{
			c("axis rank", m, layout.ErrAxis, f(3, 0)),
			c("axis MinInt", m, layout.ErrAxis, f(math.MinInt, 0)),
			c("axis MaxInt", m, layout.ErrAxis, f(math.MaxInt, 0)),
			c("rank0", s, layout.ErrAxis, f(0, 0)),
			c("index dim", m, layout.ErrIndex, f(0, 2)),
			c("index -dim-1", m, layout.ErrIndex, f(1, -4)),
			c("index MaxInt", m, layout.ErrIndex, f(2, math.MaxInt)),
			c("index MinInt", m, layout.ErrIndex, f(-1, math.MinInt)),
		})
	})
	t.Run("Flip", func(t *testing.T) {
		f := func(axes ...int) ve { return func(v vv) (vv, error) { return ops.Flip(v, axes...) } }
		runOpsHostile(t, "Flip", []opCase{
			c("out of range", m, layout.ErrAxis, f(3)),
			c("MinInt", m, layout.ErrAxis, f(math.MinInt)),
			c("MaxInt", m, layout.ErrAxis, f(0, math.MaxInt)),
			c("duplicate", m, layout.ErrDuplicateAxis, f(0, 0)),
			c("duplicate negative", m, layout.ErrDuplicateAxis, f(0, -3)),
			c("rank0", s, layout.ErrAxis, f(0)),
		})
	})
	t.Run("Expand", func(t *testing.T) {
		f := func(shape ...int) ve { return func(v vv) (vv, error) { return ops.Expand(v, shape...) } }
		one := testkit.View(t, data, []int{1, 4}, []int{4, 1}, 0)
		runOpsHostile(t, "Expand", []opCase{
			c("nil", one, layout.ErrRank, f()),
			c("lower rank", one, layout.ErrRank, f(4)),
			c("rank 200", one, layout.ErrRank, f(append(testkit.Ones(198), 1, 4)...)),
			c("negative", one, layout.ErrShape, f(-1, 4)),
			c("-1 not inferred", one, layout.ErrShape, f(3, -1)),
			c("MinInt", one, layout.ErrShape, f(math.MinInt, 4)),
			c("mismatch", one, layout.ErrShape, f(3, 5)),
			c("overflow", one, layout.ErrOverflow, f(math.MaxInt/2, 4)),
			c("overflow behind zero", one, layout.ErrOverflow, f(0, math.MaxInt, 1, 4)),
			c("product overflows", one, layout.ErrOverflow, f(testint.Half, testint.Half, 1, 4)),
		})
	})
	for _, op := range []string{"View", "Reshape"} {
		t.Run(op, func(t *testing.T) {
			f := func(shape ...int) ve {
				return func(v vv) (vv, error) {
					if op == "View" {
						return ops.View(v, shape...)
					}
					return ops.Reshape(v, shape...)
				}
			}
			cases := []opCase{
				c("nil", m, layout.ErrShape, f()),
				c("size", m, layout.ErrShape, f(25)),
				c("two -1", m, layout.ErrShape, f(-1, -1)),
				c("-2", m, layout.ErrShape, f(-2, -12)),
				c("MinInt", m, layout.ErrShape, f(math.MinInt, -1)),
				c("-1 with 0", m, layout.ErrShape, f(0, -1)),
				c("-1 does not divide", m, layout.ErrShape, f(5, -1)),
				c("product overflows", m, layout.ErrOverflow, f(testint.Half, testint.Half)),
				c("product wraps to size", m, layout.ErrOverflow, f(math.MaxInt, math.MaxInt, 24)),
				c("MaxInt and -1", m, layout.ErrShape, f(math.MaxInt, -1)),
				c("rank 65", m, layout.ErrRank, f(append(testkit.Ones(64), 24)...)),
				c("rank 200", m, layout.ErrRank, f(append(testkit.Ones(199), -1)...)),
				c("rank0 to 2", s, layout.ErrShape, f(2)),
			}
			if op == "View" {
				cases = append(cases, c("not viewable", tr, layout.ErrNotViewable, f(12)))
			}
			runOpsHostile(t, op, cases)
		})
	}
	t.Run("Flatten", func(t *testing.T) {
		// Flatten always succeeds on a valid view: it copies when it must.
		v, err := ops.Flatten(tr)
		require.NoError(t, err)
		assert.Equal(t, slices.Collect(tr.Values()), slices.Collect(v.Values()))
		assert.Equal(t, testkit.Seq(24), data)
	})
}

// checkOpResult checks a result of op on v: an error wraps a sentinel and
// names the op; a view reads only elements of v's buffer (or of a fresh
// copy, for Reshape and Flatten), readable with At.
func checkOpResult(t *testing.T, op string, v, got tensor.View[float64], err error, args ...any) {
	t.Helper()
	if err != nil {
		if problem := testkit.CheckError(err, "tensor: "+op+": "); problem != nil {
			t.Fatalf("%s%v on %v: %v", op, args, v.Layout(), problem)
		}
		return
	}
	sh := got.Shape()
	for _, d := range sh {
		if d < 0 {
			t.Fatalf("%s%v on %v: got shape %v", op, args, v.Layout(), sh)
		}
	}
	if got.Size() == 0 || got.Size() > 1<<12 {
		return
	}
	lo, hi := got.Layout().Span()
	if lo < 0 || hi > len(got.Data()) {
		t.Fatalf("%s%v: got span [%d,%d) over %d elements", op, args, lo, hi, len(got.Data()))
	}
	if &got.Data()[0] == &v.Data()[0] {
		vlo, vhi := v.Layout().Span()
		if lo < vlo || hi > vhi {
			t.Fatalf("%s%v on %v: got span [%d,%d); want inside [%d,%d)", op, args, v.Layout(), lo, hi, vlo, vhi)
		}
	}
	vals := slices.Collect(got.Values())
	for i, x := range vals {
		if y := got.At(naive.Unravel(sh, i)...); y != x {
			t.Fatalf("%s%v: At and Values disagree at %d: got %v; want %v", op, args, i, y, x)
		}
	}
}

// TestHostileOpsSweep runs every operation on a catalogue of views with
// arguments drawn from testkit.Extremes, testkit.HostileAxes and
// testkit.HostileShapes, and checks that nothing panics, that errors wrap
// a sentinel and name the op, and that inputs stay unchanged.
func TestHostileOpsSweep(t *testing.T) {
	data := testkit.Seq(testkit.CatalogueLen)
	for i, c := range testkit.Views(t, data) {
		v := c.View
		lay := v.Layout().String()
		r := v.Rank()
		axes := append(slices.Clone(testkit.Extremes), -r-1, -r, r, r+1)
		if testing.Short() {
			axes = []int{0, -1, 1, r, -r - 1, math.MinInt, math.MaxInt}
		}
		var got tensor.View[float64]
		var err error
		run := func(f func()) {
			t.Helper()
			defer func() {
				if p := recover(); p != nil {
					t.Fatalf("view %d (%v): panic: %v", i, v.Layout(), p)
				}
			}()
			f()
		}
		for _, a := range axes {
			run(func() {
				got, err = ops.Unsqueeze(v, a)
				checkOpResult(t, "Unsqueeze", v, got, err, a)
				for _, b := range axes {
					got, err = ops.Transpose(v, a, b)
					checkOpResult(t, "Transpose", v, got, err, a, b)
					got, err = ops.Select(v, a, b)
					checkOpResult(t, "Select", v, got, err, a, b)
				}
				for _, start := range []int{0, 1, -1, 2, math.MaxInt, math.MinInt} {
					for _, stop := range []int{0, 1, 2, 3, 4, math.MaxInt, -1} {
						for _, step := range []int{1, 2, 0, -1, testint.Half, math.MinInt} {
							got, err = ops.Slice(v, a, start, stop, step)
							checkOpResult(t, "Slice", v, got, err, a, start, stop, step)
						}
					}
				}
			})
		}
		for _, ax := range testkit.HostileAxes(r) {
			run(func() {
				got, err = ops.Permute(v, ax...)
				checkOpResult(t, "Permute", v, got, err, ax)
				got, err = ops.Squeeze(v, ax...)
				checkOpResult(t, "Squeeze", v, got, err, ax)
				got, err = ops.Flip(v, ax...)
				checkOpResult(t, "Flip", v, got, err, ax)
			})
		}
		for _, shape := range testkit.HostileShapes(v.Shape(), v.Size()) {
			run(func() {
				got, err = ops.Expand(v, shape...)
				checkOpResult(t, "Expand", v, got, err, shape)
				got, err = ops.View(v, shape...)
				checkOpResult(t, "View", v, got, err, shape)
				got, err = ops.Reshape(v, shape...)
				checkOpResult(t, "Reshape", v, got, err, shape)
				if err == nil && v.Size() <= 1<<12 {
					want, have := slices.Collect(v.Values()), slices.Collect(got.Values())
					if !slices.Equal(want, have) {
						t.Fatalf("Reshape%v of %v: got %v; want %v", shape, v.Layout(), have, want)
					}
				}
			})
		}
		run(func() {
			got, err = ops.Flatten(v)
			checkOpResult(t, "Flatten", v, got, err)
		})
		require.Equal(t, lay, v.Layout().String(), "view %d: layout changed", i)
	}
	require.Equal(t, testkit.Seq(testkit.CatalogueLen), data, "an operation wrote to its input")
}
