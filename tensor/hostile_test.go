package tensor_test

// Hostile-input tests for package tensor: every exported function and
// method is driven with bad shapes, short and nil slices, out-of-bounds and
// overflowing layouts, aliasing destinations and overlapping copies. Errors
// must wrap the documented sentinel, start with "tensor: Op: " and leave
// every argument byte-identical; only At, Set (on a bad index) and Must may
// panic.

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tessera-go/tessera/internal/choose"
	"github.com/tessera-go/tessera/internal/naive"
	"github.com/tessera-go/tessera/internal/testint"
	"github.com/tessera-go/tessera/internal/testkit"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/tensor"
)

// tcase is one hostile call: call returns the error; bufs are slices that
// must be byte-identical after the call.
type tcase struct {
	name string
	call func() error
	want error
	bufs [][]float64
}

func runTensorHostile(t *testing.T, op string, cases []tcase) {
	t.Helper()
	prefix := "tensor: " + op + ": "
	if op == "Full" {
		// Full is documented to return "the errors of New", and they name
		// New (reported as an inconsistency, not asserted either way).
		prefix = "tensor: "
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			before := make([][]float64, len(tc.bufs))
			for i, b := range tc.bufs {
				before[i] = slices.Clone(b)
			}
			var err error
			require.NotPanics(t, func() { err = tc.call() })
			assert.NoError(t, testkit.CheckError(err, prefix, tc.want))
			for i, b := range tc.bufs {
				assert.Equal(t, before[i], b, "buffer %d changed", i)
			}
		})
	}
}

func TestHostileNew(t *testing.T) {
	shapes := []struct {
		name  string
		shape []int
		want  error
	}{
		{"negative", []int{2, -1}, layout.ErrShape},
		{"MinInt", []int{math.MinInt}, layout.ErrShape},
		{"rank 65", testkit.Ones(65), layout.ErrRank},
		{"rank 200", testkit.Ones(200), layout.ErrRank},
		{"size overflow", []int{testint.Half, testint.Half}, layout.ErrOverflow},
		{"MaxInt twice", []int{math.MaxInt, math.MaxInt}, layout.ErrOverflow},
		{"overflow behind a zero", []int{0, math.MaxInt, 2}, layout.ErrOverflow},
	}
	for _, op := range []string{"New", "Full", "FromSlice"} {
		var cases []tcase
		for _, s := range shapes {
			cases = append(cases, tcase{s.name, func() error {
				var err error
				switch op {
				case "New":
					_, err = tensor.New[float64](s.shape...)
				case "Full":
					_, err = tensor.Full(1.5, s.shape...)
				default:
					_, err = tensor.FromSlice(testkit.Seq(4), s.shape...)
				}
				return err
			}, s.want, nil})
		}
		if op == "FromSlice" {
			data := testkit.Seq(6)
			cases = append(cases,
				tcase{"nil for shape [1]", func() error { _, err := tensor.FromSlice[float64](nil, 1); return err }, layout.ErrShape, nil},
				tcase{"short", func() error { _, err := tensor.FromSlice(data, 2, 4); return err }, layout.ErrShape, [][]float64{data}},
				tcase{"long", func() error { _, err := tensor.FromSlice(data, 5); return err }, layout.ErrShape, [][]float64{data}},
				tcase{"empty shape for data", func() error { _, err := tensor.FromSlice(data, 0); return err }, layout.ErrShape, [][]float64{data}},
				tcase{"rank 0 for 6", func() error { _, err := tensor.FromSlice(data, 1, 1); return err }, layout.ErrShape, [][]float64{data}},
			)
		}
		t.Run(op, func(t *testing.T) { runTensorHostile(t, op, cases) })
	}
	runTensorHostile(t, "Arange", []tcase{
		{"-1", func() error { _, err := tensor.Arange[float64](-1); return err }, layout.ErrShape, nil},
		{"MinInt", func() error { _, err := tensor.Arange[int8](math.MinInt); return err }, layout.ErrShape, nil},
	})
	// Valid extremes.
	s, err := tensor.New[float64]()
	require.NoError(t, err)
	assert.Equal(t, 1, s.Size())
	e, err := tensor.New[float64](0, math.MaxInt)
	require.NoError(t, err)
	assert.Equal(t, 0, e.Size())
	z, err := tensor.FromSlice[float64](nil)
	require.NoError(t, err)
	assert.Equal(t, []int{0}, z.Shape())
}

func TestHostileNewView(t *testing.T) {
	data := testkit.Seq(12)
	c := func(name string, data []float64, l layout.Layout) tcase {
		return tcase{name, func() error { _, err := tensor.NewView(data, l); return err }, layout.ErrBounds, [][]float64{data}}
	}
	runTensorHostile(t, "NewView", []tcase{
		c("one past", data, testkit.Layout(t, []int{3, 4}, []int{4, 1}, 1)),
		c("nil data rank 0", nil, testkit.Layout(t, nil, nil, 0)),
		c("nil data", nil, testkit.Layout(t, []int{1}, []int{1}, 0)),
		c("rank 0 at len", data, testkit.Layout(t, nil, nil, 12)),
		c("far offset", data, testkit.Layout(t, nil, nil, math.MaxInt-1)),
		c("huge stride", data, testkit.Layout(t, []int{2}, []int{math.MaxInt - 2}, 0)),
		c("negative stride from len", data, testkit.Layout(t, []int{3}, []int{-2}, 12)),
		c("stride 0 at len", data, testkit.Layout(t, []int{5, 2}, []int{0, 1}, 11)),
		c("maxrank", data, testkit.Layout(t, testkit.Ones(64), testkit.Ones(64), 12)),
		c("short buffer", data[:3], testkit.Layout(t, []int{2, 2}, []int{2, 1}, 0)),
	})
}

func TestHostileAxis(t *testing.T) {
	data := testkit.Seq(12)
	m := testkit.View(t, data, []int{3, 4}, []int{4, 1}, 0)
	s := testkit.View(t, data, nil, nil, 5)
	c := func(name string, v tensor.View[float64], axis int) tcase {
		return tcase{name, func() error {
			it, err := v.Axis(axis)
			if it != nil {
				return nil // a usable iterator with an error would be wrong too
			}
			return err
		}, layout.ErrAxis, [][]float64{data}}
	}
	runTensorHostile(t, "Axis", []tcase{
		c("rank", m, 2),
		c("-rank-1", m, -3),
		c("MaxInt", m, math.MaxInt),
		c("MinInt", m, math.MinInt),
		c("rank0", s, 0),
		c("rank0 -1", s, -1),
		c("zero view 1", tensor.View[float64]{}, 1),
	})
	// A rank-0 view has no rows; an empty axis yields nothing.
	n := 0
	for range s.Rows() {
		n++
	}
	assert.Equal(t, 0, n, "rows of a rank-0 view")
	for range testkit.View(t, data, []int{0, 3}, []int{3, 1}, 0).Rows() {
		n++
	}
	assert.Equal(t, 0, n, "rows of an empty view")
}

// TestHostileParallelism sets extreme parallelism while copies large enough
// to be split run, and checks the copies.
func TestHostileParallelism(t *testing.T) {
	prev := tensor.SetParallelism(0)
	t.Cleanup(func() { tensor.SetParallelism(prev) })
	const n = 1024 // 8 MiB of float64: above the parallel threshold
	src := tensor.Must(tensor.Arange[float64](n * n))
	tr := testkit.View(t, src.Data(), []int{n, n}, []int{1, n}, 0)
	check := func(got []float64) {
		t.Helper()
		for i := range n {
			for j := range n {
				if got[i*n+j] != float64(j*n+i) {
					t.Fatalf("got [%d %d] = %v; want %v", i, j, got[i*n+j], j*n+i)
				}
			}
		}
	}
	for _, p := range []int{math.MaxInt, math.MinInt, -1, 1, 3, testint.Half} {
		testkit.NoPanic(t, func() { tensor.SetParallelism(p) })
		check(tr.Clone().Data())
	}
	// Changing it during copies is safe.
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		for _, p := range []int{math.MaxInt, 0, 2, -5, 1} {
			tensor.SetParallelism(p)
		}
	}()
	var got []float64
	go func() { defer wg.Done(); got = tr.Contiguous().Data() }()
	wg.Wait()
	check(got)
}

// TestNewViewBounds checks the boundaries of NewView and Strided: the last
// element exactly reachable is accepted, one past rejected, for positive,
// negative, zero and huge strides, empty, length-1 and rank-0 views.
func TestNewViewBounds(t *testing.T) {
	const n = 12
	for _, tc := range []struct {
		name           string
		shape, strides []int
		off            int
		ok             bool  // accepted by NewView over n elements
		layoutErr      error // Strided refuses the layout itself
	}{
		{"exactly last", []int{3, 4}, []int{4, 1}, 0, true, nil},
		{"one past", []int{3, 4}, []int{4, 1}, 1, false, nil},
		{"strided last", []int{4, 3}, []int{1, 4}, 0, true, nil},
		{"strided one past", []int{2, 2}, []int{6, 6}, 0, false, nil},
		{"gap ends at last", []int{2, 2}, []int{6, 5}, 0, true, nil},
		{"empty", []int{0}, []int{1}, 0, true, nil},
		{"empty far", []int{4, 0}, []int{1000, 1}, testint.Half, true, nil},
		{"empty huge dims", []int{0, math.MaxInt}, []int{1, 0}, 0, true, nil},
		{"length 1 last", []int{1}, []int{1}, n - 1, true, nil},
		{"length 1 past", []int{1}, []int{1}, n, false, nil},
		{"length 1 huge stride", []int{1}, []int{math.MaxInt}, n - 1, true, nil},
		{"rank 0 last", nil, nil, n - 1, true, nil},
		{"rank 0 past", nil, nil, n, false, nil},
		{"negative ends at 0", []int{4, 3}, []int{-3, -1}, n - 1, true, nil},
		{"negative ends at -1", []int{4, 3}, []int{-3, -1}, n - 2, false, layout.ErrBounds},
		{"negative mixed ends at 0", []int{3, 4}, []int{-4, 1}, 8, true, nil},
		{"negative mixed one past", []int{3, 4}, []int{-4, 1}, 9, false, nil},
		{"stride 0 last", []int{100, 1}, []int{0, 1}, n - 1, true, nil},
		{"stride 0 past", []int{100, 1}, []int{0, 1}, n, false, nil},
		{"extent overflows", []int{3}, []int{math.MaxInt/2 + 1}, 0, false, layout.ErrOverflow},
		{"negative extent overflows", []int{3}, []int{math.MinInt/2 - 1}, 0, false, layout.ErrOverflow},
		{"offset plus extent overflows", []int{2}, []int{2}, math.MaxInt - 1, false, layout.ErrOverflow},
		{"reaches MaxInt", []int{2}, []int{math.MaxInt - 1}, 1, false, layout.ErrOverflow},
		{"reaches MaxInt-1", []int{2}, []int{math.MaxInt - 2}, 1, false, nil},
		{"huge stride back to 0", []int{2}, []int{math.MinInt + 2}, math.MaxInt - 1, false, nil},
		{"huge stride below 0", []int{2}, []int{math.MinInt + 1}, math.MaxInt - 2, false, layout.ErrBounds},
		{"MinInt offset", nil, nil, math.MinInt, false, layout.ErrBounds},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data := testkit.Seq(n)
			l, err := layout.Strided(tc.shape, tc.strides, tc.off)
			if tc.layoutErr != nil {
				require.ErrorIs(t, err, tc.layoutErr)
				return
			}
			require.NoError(t, err)
			v, err := tensor.NewView(data, l)
			if !tc.ok {
				require.ErrorIs(t, err, layout.ErrBounds)
				assert.True(t, strings.HasPrefix(err.Error(), "tensor: NewView: "), "got %q", err)
				return
			}
			require.NoError(t, err)
			// Every element is readable and matches the reference.
			if v.Size() <= 1000 {
				want := naive.Gather(data, tc.shape, tc.strides, tc.off)
				got := make([]float64, 0, v.Size())
				for i := range v.Size() {
					got = append(got, v.At(naive.Unravel(tc.shape, i)...))
				}
				for _, got := range [][]float64{got, slices.Collect(v.Values()), v.Clone().Data(), v.Contiguous().Data()} {
					assert.Equal(t, len(want), len(got))
					if len(want) > 0 {
						assert.Equal(t, want, got)
					}
				}
			}
			assert.Equal(t, testkit.Seq(n), data, "reading changed the buffer")
		})
	}
}

func TestHostileCopyToCopyFromFill(t *testing.T) {
	src := testkit.View(t, testkit.Seq(12), []int{3, 4}, []int{4, 1}, 0)
	dstData := testkit.Seq(24)
	dst := testkit.View(t, dstData, []int{3, 4}, []int{8, 2}, 1)
	shared := testkit.Seq(16)
	runTensorHostile(t, "CopyTo", []tcase{
		{"nil", func() error { return src.CopyTo(nil) }, layout.ErrShape, nil},
		{"short", func() error { return src.CopyTo(dstData[:11]) }, layout.ErrShape, [][]float64{dstData}},
		{"short scalar", func() error { return testkit.View(t, dstData, nil, nil, 3).CopyTo(dstData[:0]) }, layout.ErrShape, [][]float64{dstData}},
	})
	overlapping := []struct {
		name           string
		shape, strides []int
	}{
		{"stride 0", []int{3, 4}, []int{0, 1}},
		{"[3 3] strides [1 1]", []int{3, 3}, []int{1, 1}},
		{"[2 2] strides [1 1]", []int{2, 2}, []int{1, 1}},
		{"[2 3] strides [2 1]", []int{2, 3}, []int{2, 1}},
		{"[3 2 2] strides [4 2 1] meets", []int{3, 2, 2}, []int{3, 2, 1}},
		{"flipped meets", []int{2, 3}, []int{-2, 1}},
		{"expanded scalar", []int{5}, []int{0}},
		{"rank 64 stride 0", append(testkit.Ones(62), 2, 2), append(testkit.Ones(62), 0, 1)},
	}
	var copyCases, fillCases []tcase
	for _, o := range overlapping {
		d := testkit.View(t, shared, o.shape, o.strides, 4)
		s := tensor.Must(tensor.Full(-1.0, o.shape...)).View()
		copyCases = append(copyCases, tcase{"overlap " + o.name, func() error { return d.CopyFrom(s) }, layout.ErrOverlap, [][]float64{shared}})
		fillCases = append(fillCases, tcase{"overlap " + o.name, func() error { return d.Fill(-1) }, layout.ErrOverlap, [][]float64{shared}})
	}
	scalar := tensor.Must(tensor.Full(7.0)).View()
	copyCases = append(copyCases,
		tcase{"shape mismatch", func() error { return dst.CopyFrom(testkit.View(t, testkit.Seq(12), []int{4, 3}, []int{3, 1}, 0)) }, layout.ErrShape, [][]float64{dstData}},
		tcase{"higher rank source", func() error {
			return dst.CopyFrom(testkit.View(t, testkit.Seq(12), []int{1, 3, 4}, []int{12, 4, 1}, 0))
		}, layout.ErrShape, [][]float64{dstData}},
		tcase{"source into rank 0", func() error { return testkit.View(t, dstData, nil, nil, 0).CopyFrom(src) }, layout.ErrShape, [][]float64{dstData}},
		tcase{"empty into 1", func() error {
			return testkit.View(t, dstData, []int{1}, []int{1}, 0).CopyFrom(testkit.View[float64](t, nil, []int{0}, []int{1}, 0))
		}, layout.ErrShape, [][]float64{dstData}},
		tcase{"zero view into matrix", func() error { return dst.CopyFrom(tensor.View[float64]{}) }, layout.ErrShape, [][]float64{dstData}},
		tcase{"matrix into zero view", func() error { return tensor.View[float64]{}.CopyFrom(src) }, layout.ErrShape, nil},
		tcase{"overlap and broadcast scalar", func() error { return testkit.View(t, shared, []int{4}, []int{0}, 0).CopyFrom(scalar) }, layout.ErrOverlap, [][]float64{shared}},
	)
	runTensorHostile(t, "CopyFrom", copyCases)
	runTensorHostile(t, "Fill", fillCases)
}

// aliases reports by enumeration whether two indices of the layout reach
// the same offset.
func aliases(shape, strides []int, off int) bool {
	seen := map[int]bool{}
	for i := range naive.Size(shape) {
		o := off
		for k, x := range naive.Unravel(shape, i) {
			o += x * strides[k]
		}
		if seen[o] {
			return true
		}
		seen[o] = true
	}
	return false
}

// TestCopyFromAliasingDestination decides by enumeration which small
// layouts alias themselves: those must refuse CopyFrom and Fill with
// ErrOverlap and stay untouched, the others must be written exactly.
func TestCopyFromAliasingDestination(t *testing.T) {
	for _, tc := range []struct {
		shape, strides []int
	}{
		{[]int{3, 3}, []int{1, 1}},
		{[]int{2, 3}, []int{3, 2}},
		{[]int{2, 3}, []int{2, 3}},
		{[]int{3, 2}, []int{2, 3}},
		{[]int{2, 3}, []int{3, 1}},
		{[]int{2, 3}, []int{2, 1}},
		{[]int{2, 2, 2}, []int{3, 2, 1}},
		{[]int{2, 2, 2}, []int{4, 2, 1}},
		{[]int{2, 2, 2}, []int{5, 3, 1}},
		{[]int{3, 3}, []int{3, 2}},
		{[]int{2, 3}, []int{-3, 2}},
		{[]int{2, 4}, []int{3, 2}},
		{[]int{3, 4}, []int{0, 1}},
		{[]int{1, 4}, []int{0, 1}},
		{[]int{4, 1}, []int{1, 0}},
		{[]int{0, 4}, []int{0, 0}},
		{[]int{5}, []int{-1}},
	} {
		name := fmt.Sprintf("%v/%v", tc.shape, tc.strides)
		t.Run(name, func(t *testing.T) {
			data := testkit.Seq(32)
			off := 0
			for k, s := range tc.strides {
				if s < 0 && tc.shape[k] > 0 {
					off -= (tc.shape[k] - 1) * s
				}
			}
			dst := testkit.View(t, data, tc.shape, tc.strides, off)
			src := tensor.Must(tensor.Arange[float64](naive.Size(tc.shape)))
			src2, err := tensor.FromSlice(src.Data(), tc.shape...)
			require.NoError(t, err)
			want := aliases(tc.shape, tc.strides, off)
			assert.Equal(t, want, dst.Layout().Overlapping(), "got Overlapping() %t; want %t", !want, want)
			err = dst.CopyFrom(src2.View())
			if want {
				require.ErrorIs(t, err, layout.ErrOverlap)
				require.ErrorIs(t, dst.Fill(0), layout.ErrOverlap)
				assert.Equal(t, testkit.Seq(32), data, "destination changed")
				return
			}
			require.NoError(t, err)
			exp := testkit.Seq(32)
			scatter(exp, tc.shape, tc.strides, off, src.Data())
			assert.Equal(t, exp, data)
			require.NoError(t, dst.Fill(0))
			scatter(exp, tc.shape, tc.strides, off, make([]float64, naive.Size(tc.shape)))
			assert.Equal(t, exp, data)
		})
	}
}

// scatter writes vals, in row-major order, to the elements of a strided
// layout over buf, computing each offset from scratch.
func scatter(buf []float64, shape, strides []int, off int, vals []float64) {
	for i, x := range vals {
		o := off
		for k, j := range naive.Unravel(shape, i) {
			o += j * strides[k]
		}
		buf[o] = x
	}
}

// spec is a strided layout given by hand, so the reference never goes
// through package layout.
type spec struct {
	shape, strides []int
	off            int
}

// genSpec returns a random layout of the given shape inside a buffer of n
// elements, with strides in [-maxStride, maxStride], and whether one
// exists.
func genSpec(c choose.Source, shape []int, n, maxStride int) (spec, bool) {
	s := spec{shape: shape, strides: make([]int, len(shape))}
	lo, hi := 0, 0
	empty := false
	for k, d := range shape {
		s.strides[k] = c.Intn(2*maxStride+1) - maxStride
		if d == 0 {
			empty = true
		}
		if d > 1 {
			if e := (d - 1) * s.strides[k]; e < 0 {
				lo += e
			} else {
				hi += e
			}
		}
	}
	room := n - 1 - (hi - lo)
	if room < 0 {
		if !empty {
			return s, false
		}
		room = 0 // an empty layout needs only a valid offset
	}
	s.off = -lo + c.Intn(room+1)
	return s, true
}

func genShape(c choose.Source, rank, maxDim int) []int {
	shape := make([]int, rank)
	for k := range shape {
		shape[k] = c.Intn(maxDim + 1)
		if c.Intn(8) > 0 && shape[k] == 0 {
			shape[k] = 1 + c.Intn(maxDim) // keep most layouts non-empty
		}
	}
	return shape
}

// broadcastFrom returns a source shape that broadcasts to shape: trailing
// axes of shape, some set to 1; or, when bad, one that does not.
func broadcastFrom(c choose.Source, shape []int, bad bool) []int {
	src := slices.Clone(shape[c.Intn(len(shape)+1):])
	for k := range src {
		if c.Intn(3) == 0 {
			src[k] = 1
		}
	}
	if bad {
		if len(src) == 0 || c.Intn(3) == 0 {
			src = append([]int{2}, shape...)
			src = append(src, 3)
		} else {
			src[c.Intn(len(src))] += 1 + c.Intn(2)
		}
	}
	return src
}

// checkCopyFrom makes a destination and a source over one buffer of n
// elements from c, runs CopyFrom, and compares the buffer with the result
// of copying from a snapshot of the source, computed by enumeration.
// It returns what happened: "skip" when no layout fit, "error" or "copy".
func checkCopyFrom(t *testing.T, c choose.Source, n int) string {
	t.Helper()
	buf := testkit.Seq(n)
	dshape := genShape(c, c.Intn(5), 4)
	ds, ok := genSpec(c, dshape, n, 4)
	if !ok {
		return "skip"
	}
	var sshape []int
	switch c.Intn(4) {
	case 0:
		sshape = broadcastFrom(c, dshape, false)
	case 1:
		sshape = broadcastFrom(c, dshape, c.Intn(4) == 0)
	default:
		sshape = slices.Clone(dshape)
	}
	// Prefer a source that shares memory with the destination.
	var ss spec
	found := false
	for range 8 {
		s, ok := genSpec(c, sshape, n, 4)
		if ok {
			ss, found = s, true
			if overlapsMemory(ds, s) {
				break
			}
		}
	}
	if !found {
		return "skip"
	}
	dl, err := layout.Strided(ds.shape, ds.strides, ds.off)
	require.NoError(t, err, "%+v", ds)
	sl, err := layout.Strided(ss.shape, ss.strides, ss.off)
	require.NoError(t, err, "%+v", ss)
	dst, err := tensor.NewView(buf, dl)
	require.NoError(t, err)
	src, err := tensor.NewView(buf, sl)
	require.NoError(t, err)

	snap := slices.Clone(buf)
	ref := naive.Array[float64]{Shape: ss.shape, Data: naive.Gather(snap, ss.shape, ss.strides, ss.off)}
	vals, broadcasts := ref.Expand(ds.shape...)
	alias := aliases(ds.shape, ds.strides, ds.off)

	var cerr error
	testkit.NoPanic(t, func() { cerr = dst.CopyFrom(src) })
	if !broadcasts || alias {
		require.Error(t, cerr, "dst %+v src %+v: got nil; want an error", ds, ss)
		if !broadcasts && !alias {
			require.ErrorIs(t, cerr, layout.ErrShape)
		}
		if broadcasts && alias {
			require.ErrorIs(t, cerr, layout.ErrOverlap)
		}
		require.True(t, strings.HasPrefix(cerr.Error(), "tensor: CopyFrom: "), "got %q", cerr)
		require.Equal(t, snap, buf, "dst %+v src %+v: buffer changed on error", ds, ss)
		return "error"
	}
	require.NoError(t, cerr, "dst %+v src %+v", ds, ss)
	want := slices.Clone(snap)
	scatter(want, ds.shape, ds.strides, ds.off, vals.Data)
	require.Equal(t, want, buf, "dst %+v src %+v", ds, ss)
	if overlapsMemory(ds, ss) {
		return "overlapping copy"
	}
	return "copy"
}

// overlapsMemory reports whether two layouts reach a common element.
func overlapsMemory(a, b spec) bool {
	seen := map[int]bool{}
	for _, o := range offsets(a) {
		seen[o] = true
	}
	for _, o := range offsets(b) {
		if seen[o] {
			return true
		}
	}
	return false
}

func offsets(s spec) []int {
	out := make([]int, naive.Size(s.shape))
	for i := range out {
		out[i] = s.off
		for k, x := range naive.Unravel(s.shape, i) {
			out[i] += x * s.strides[k]
		}
	}
	return out
}

// TestCopyFromOverlappingRandom copies between random layouts over one
// small shared buffer, so that source and destination overlap in every
// way, and checks each copy against a copy from a snapshot.
func TestCopyFromOverlappingRandom(t *testing.T) {
	seeds := 3000
	if testing.Short() {
		seeds = 500
	}
	count := map[string]int{}
	for seed := range seeds {
		c := choose.NewRand(uint64(seed))
		count[checkCopyFrom(t, c, 6+c.Intn(18))]++
	}
	t.Logf("%v", count)
	assert.Greater(t, count["overlapping copy"], seeds/4, "too few overlapping copies: %v", count)
	assert.Greater(t, count["error"], seeds/20, "too few refused copies: %v", count)
}

// TestCopyFromAliasingCases names the overlapping copies that matter and
// compares each with a copy from a snapshot of the source.
func TestCopyFromAliasingCases(t *testing.T) {
	for _, tc := range []struct {
		name     string
		n        int
		dst, src spec
	}{
		{"into own transpose", 25, spec{[]int{5, 5}, []int{5, 1}, 0}, spec{[]int{5, 5}, []int{1, 5}, 0}},
		{"transpose into itself offset", 30, spec{[]int{5, 5}, []int{5, 1}, 5}, spec{[]int{5, 5}, []int{1, 5}, 0}},
		{"shifted right by 1", 10, spec{[]int{9}, []int{1}, 1}, spec{[]int{9}, []int{1}, 0}},
		{"shifted left by 1", 10, spec{[]int{9}, []int{1}, 0}, spec{[]int{9}, []int{1}, 1}},
		{"shifted rows", 20, spec{[]int{3, 5}, []int{5, 1}, 5}, spec{[]int{3, 5}, []int{5, 1}, 0}},
		{"strided shift", 20, spec{[]int{6}, []int{3}, 2}, spec{[]int{6}, []int{3}, 0}},
		{"flipped onto itself", 11, spec{[]int{11}, []int{1}, 0}, spec{[]int{11}, []int{-1}, 10}},
		{"flipped matrix onto itself", 12, spec{[]int{3, 4}, []int{4, 1}, 0}, spec{[]int{3, 4}, []int{-4, -1}, 11}},
		{"broadcast row inside", 12, spec{[]int{3, 4}, []int{4, 1}, 0}, spec{[]int{4}, []int{1}, 4}},
		{"broadcast column inside", 12, spec{[]int{3, 4}, []int{4, 1}, 0}, spec{[]int{3, 1}, []int{4, 1}, 2}},
		{"broadcast scalar inside", 12, spec{[]int{3, 4}, []int{4, 1}, 0}, spec{nil, nil, 7}},
		{"even from odd interleaved", 16, spec{[]int{8}, []int{2}, 0}, spec{[]int{8}, []int{2}, 1}},
		{"half into other half reversed", 16, spec{[]int{8}, []int{1}, 8}, spec{[]int{8}, []int{-1}, 8}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			buf := testkit.Seq(tc.n)
			snap := slices.Clone(buf)
			dst := testkit.View(t, buf, tc.dst.shape, tc.dst.strides, tc.dst.off)
			src := testkit.View(t, buf, tc.src.shape, tc.src.strides, tc.src.off)
			require.NoError(t, dst.CopyFrom(src))
			ref := naive.Array[float64]{Shape: tc.src.shape, Data: naive.Gather(snap, tc.src.shape, tc.src.strides, tc.src.off)}
			vals, ok := ref.Expand(tc.dst.shape...)
			require.True(t, ok)
			want := slices.Clone(snap)
			scatter(want, tc.dst.shape, tc.dst.strides, tc.dst.off, vals.Data)
			assert.Equal(t, want, buf)

			// CopyTo into memory the view reads from.
			buf = slices.Clone(snap)
			src = testkit.View(t, buf, tc.src.shape, tc.src.strides, tc.src.off)
			require.NoError(t, src.CopyTo(buf))
			want = slices.Clone(snap)
			copy(want, ref.Data)
			assert.Equal(t, want, buf, "CopyTo")
		})
	}
}

// TestConcurrentReadersAndDisjointWriters reads one tensor through many
// views from many goroutines while others write disjoint views of another
// buffer, including interleaved even and odd columns; run with -race.
func TestConcurrentReadersAndDisjointWriters(t *testing.T) {
	const n = 32
	src := tensor.Must(tensor.Arange[float64](n * n))
	srcData := slices.Clone(src.Data())
	m := testkit.View(t, src.Data(), []int{n, n}, []int{n, 1}, 0)
	tr := testkit.View(t, src.Data(), []int{n, n}, []int{1, n}, 0)
	fl := testkit.View(t, src.Data(), []int{n, n}, []int{-n, -1}, n*n-1)
	wantT := naive.Gather(srcData, []int{n, n}, []int{1, n}, 0)
	wantF := naive.Gather(srcData, []int{n, n}, []int{-n, -1}, n*n-1)

	dstData := make([]float64, 2*n*n)
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	report := func(err error) {
		if err != nil {
			errs <- err
		}
	}
	for g := range 8 {
		wg.Add(1)
		go func() { // readers
			defer wg.Done()
			for range 4 {
				switch g % 4 {
				case 0:
					if got := tr.Contiguous().Data(); !slices.Equal(got, wantT) {
						report(fmt.Errorf("Contiguous of transpose: got %v…; want %v…", got[:4], wantT[:4]))
					}
				case 1:
					if got := fl.Clone().Data(); !slices.Equal(got, wantF) {
						report(fmt.Errorf("Clone of flip: got %v…; want %v…", got[:4], wantF[:4]))
					}
				case 2:
					if got := slices.Collect(m.Values()); !slices.Equal(got, srcData) {
						report(fmt.Errorf("Values: got %v…; want %v…", got[:4], srcData[:4]))
					}
				default:
					for i := range n {
						if got := tr.At(i, g); got != float64(g*n+i) {
							report(fmt.Errorf("At(%d, %d): got %v; want %v", i, g, got, g*n+i))
						}
					}
				}
			}
		}()
	}
	// Writers over the first half: even columns from the transpose of the
	// source, odd columns filled, interleaved in memory.
	even := testkit.View(t, dstData, []int{n, n / 2}, []int{n, 2}, 0)
	odd := testkit.View(t, dstData, []int{n, n / 2}, []int{n, 2}, 1)
	evenSrc := testkit.View(t, src.Data(), []int{n, n / 2}, []int{1, 2 * n}, 0)
	wg.Add(2)
	go func() { defer wg.Done(); report(even.CopyFrom(evenSrc)) }()
	go func() { defer wg.Done(); report(odd.Fill(-1)) }()
	// Writers over the second half: one row each, by CopyFrom, Fill or Set.
	for r := range n {
		row := testkit.View(t, dstData, []int{n}, []int{1}, n*n+r*n)
		rowSrc := testkit.View(t, src.Data(), []int{n}, []int{-1}, r*n+n-1)
		wg.Add(1)
		go func() {
			defer wg.Done()
			switch r % 3 {
			case 0:
				report(row.CopyFrom(rowSrc))
			case 1:
				report(row.Fill(float64(r)))
			default:
				for j := range n {
					row.Set(float64(r*n+j), j)
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	require.Equal(t, srcData, src.Data(), "readers changed the source")
	for i := range n {
		for j := range n {
			want := -1.0
			if j%2 == 0 {
				want = float64((j/2)*2*n + i) // transpose of column pairs
			}
			require.Equal(t, want, dstData[i*n+j], "first half [%d %d]", i, j)
			r := i
			switch r % 3 {
			case 0:
				want = float64(r*n + n - 1 - j)
			case 1:
				want = float64(r)
			default:
				want = float64(r*n + j)
			}
			require.Equal(t, want, dstData[n*n+i*n+j], "second half [%d %d]", i, j)
		}
	}
}

// TestConcurrentLargeInterleavedWrites writes the even and the odd columns
// of one large buffer at once, each copy large enough to be split over
// several goroutines, so parallel copies of interleaved views must not
// touch each other's elements.
func TestConcurrentLargeInterleavedWrites(t *testing.T) {
	const rows, cols = 1024, 1024 // 8 MiB; each half is 4 MiB
	prev := tensor.SetParallelism(4)
	t.Cleanup(func() { tensor.SetParallelism(prev) })
	data := make([]float64, rows*cols)
	src := tensor.Must(tensor.Arange[float64](rows * cols / 2))
	even := testkit.View(t, data, []int{rows, cols / 2}, []int{cols, 2}, 0)
	odd := testkit.View(t, data, []int{rows, cols / 2}, []int{cols, 2}, 1)
	// The odd columns get the transpose of src seen as [cols/2, rows].
	srcT := testkit.View(t, src.Data(), []int{rows, cols / 2}, []int{1, rows}, 0)
	var wg sync.WaitGroup
	var errEven, errOdd error
	wg.Add(2)
	go func() { defer wg.Done(); errEven = even.Fill(-1) }()
	go func() { defer wg.Done(); errOdd = odd.CopyFrom(srcT) }()
	wg.Wait()
	require.NoError(t, errEven)
	require.NoError(t, errOdd)
	for i := range rows {
		for j := range cols {
			want := -1.0
			if j%2 == 1 {
				want = float64((j/2)*rows + i)
			}
			if got := data[i*cols+j]; got != want {
				t.Fatalf("got [%d %d] = %v; want %v", i, j, got, want)
			}
		}
	}
}

// TestCopyFromOverlappingLarge repeats overlapping copies at sizes that
// take the parallel path: a matrix into its own transpose and a buffer
// into itself shifted by one element, in both directions.
func TestCopyFromOverlappingLarge(t *testing.T) {
	const n = 1024
	prev := tensor.SetParallelism(4)
	t.Cleanup(func() { tensor.SetParallelism(prev) })
	buf := testkit.Seq(n * n)
	m := testkit.View(t, buf, []int{n, n}, []int{n, 1}, 0)
	require.NoError(t, m.CopyFrom(testkit.View(t, buf, []int{n, n}, []int{1, n}, 0)))
	for i := range n {
		for j := range n {
			if got, want := buf[i*n+j], float64(j*n+i+1); got != want {
				t.Fatalf("transpose: got [%d %d] = %v; want %v", i, j, got, want)
			}
		}
	}
	for _, shift := range []int{1, -1, 3} {
		buf := testkit.Seq(n*n + 3)
		d, s := max(shift, 0), max(-shift, 0)
		dst := testkit.View(t, buf, []int{n * n}, []int{1}, d)
		src := testkit.View(t, buf, []int{n * n}, []int{1}, s)
		require.NoError(t, dst.CopyFrom(src))
		for i := range n * n {
			if got, want := buf[d+i], float64(s+i+1); got != want {
				t.Fatalf("shift %d: got [%d] = %v; want %v", shift, d+i, got, want)
			}
		}
	}
}

// TestHostileViewSweep runs every method of View on a catalogue of views,
// with every other view as CopyFrom source, and checks that nothing panics
// and that errors wrap a sentinel and name the op.
func TestHostileViewSweep(t *testing.T) {
	data := testkit.Seq(testkit.CatalogueLen)
	var views []tensor.View[float64]
	for _, c := range testkit.Views(t, data) {
		views = append(views, c.View)
	}
	for i, v := range views {
		testkit.NoPanic(t, func() {
			_ = v.String()
			_ = fmt.Sprintf("%v %+v %.2f %g", v, v, v, v)
			_, _, _, _ = v.Shape(), v.Strides(), v.Offset(), v.Rank()
			_, _ = v.IsContiguous(), v.IsColumnMajor()
			want := slices.Collect(v.Values())
			out := make([]float64, v.Size()+1)
			require.NoError(t, v.CopyTo(out))
			for _, got := range [][]float64{v.Clone().Data(), v.Contiguous().Data(), out[:v.Size()]} {
				require.True(t, slices.Equal(want, got), "view %d: got %v; want %v", i, got, want)
			}
			for j, s := range views {
				buf := slices.Clone(data)
				d, err := tensor.NewView(buf, v.Layout())
				if err != nil { // the zero view has no buffer
					d = v
				}
				src, err := tensor.NewView(buf, s.Layout())
				if err != nil {
					src = s
				}
				if err := d.CopyFrom(src); err != nil {
					require.NoError(t, testkit.CheckError(err, "tensor: CopyFrom: ",
						layout.ErrShape, layout.ErrOverlap, layout.ErrBounds, layout.ErrRank, layout.ErrOverflow), "views %d, %d", i, j)
					require.Equal(t, data, buf, "views %d, %d: buffer changed on error", i, j)
				}
			}
			// All, Rows and Axis agree with Values and with At.
			k := 0
			for idx, x := range v.All() {
				require.Equal(t, want[k], x, "view %d: All at %d", i, k)
				require.Equal(t, v.At(idx...), x, "view %d: All index %v", i, idx)
				k++
			}
			require.Equal(t, len(want), k, "view %d: All", i)
			for _, a := range []int{0, -1, 1, v.Rank(), math.MinInt, math.MaxInt} {
				it, err := v.Axis(a)
				if err != nil {
					require.ErrorIs(t, err, layout.ErrAxis)
					require.True(t, strings.HasPrefix(err.Error(), "tensor: Axis: "), "got %q", err)
					continue
				}
				for j, sub := range it {
					d, _ := v.Layout().Dim(a)
					require.Less(t, j, d)
					require.Equal(t, v.Rank()-1, sub.Rank())
					_ = slices.Collect(sub.Values())
				}
			}
			var rows []float64
			for _, r := range v.Rows() {
				rows = append(rows, slices.Collect(r.Values())...)
			}
			if v.Rank() > 0 {
				require.True(t, slices.Equal(want, rows), "view %d: Rows got %v; want %v", i, rows, want)
			}
			buf := slices.Clone(data)
			d, err := tensor.NewView(buf, v.Layout())
			if err == nil {
				if err := d.Fill(0); err != nil {
					require.ErrorIs(t, err, layout.ErrOverlap)
					require.True(t, strings.HasPrefix(err.Error(), "tensor: Fill: "), "got %q", err)
					require.Equal(t, data, buf)
				}
			}
		})
	}
	assert.Equal(t, testkit.Seq(64), data)
}

// TestPanicsOnlyWhereDocumented checks that At and Set panic on a bad index
// and Must on an error, with the package's error, and nowhere else.
func TestPanicsOnlyWhereDocumented(t *testing.T) {
	data := testkit.Seq(12)
	v := testkit.View(t, data, []int{3, 4}, []int{4, 1}, 0)
	for _, idx := range [][]int{nil, {0}, {0, 0, 0}, {3, 0}, {0, 4}, {-1, 0}, {math.MaxInt, 0}, {0, math.MinInt}, make([]int, 200)} {
		assert.Panics(t, func() { v.At(idx...) }, "At%v", idx)
		assert.Panics(t, func() { v.Set(0, idx...) }, "Set%v", idx)
		assert.Panics(t, func() { tensor.Must(tensor.FromSlice(data, 3, 4)).At(idx...) }, "Tensor.At%v", idx)
	}
	assert.Equal(t, testkit.Seq(12), data, "a panicking Set wrote")
	func() {
		defer func() {
			r := recover()
			err, ok := r.(error)
			require.True(t, ok, "got %v; want an error", r)
			assert.ErrorIs(t, err, layout.ErrIndex)
			assert.True(t, strings.HasPrefix(err.Error(), "tensor: "), "got %q", err)
		}()
		v.At(3, 0)
	}()
	assert.Panics(t, func() { tensor.Must(tensor.New[float64](-1)) })
	assert.NotPanics(t, func() { tensor.Must(tensor.New[float64](0)) })
	assert.Panics(t, func() { tensor.View[float64]{}.At() })
	assert.Panics(t, func() { tensor.View[float64]{}.At(0) })
	s := testkit.View(t, data, nil, nil, 11)
	assert.Equal(t, 12.0, s.At())
}
