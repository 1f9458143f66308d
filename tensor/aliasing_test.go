package tensor_test

// Copies between views that share memory: CopyTo, CopyFrom and Fill into
// aliasing and overlapping destinations, against a snapshot of the source,
// on fixed cases and random layouts (small and on the parallel path).

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tessera-go/tessera/internal/choose"
	"github.com/tessera-go/tessera/internal/naive"
	"github.com/tessera-go/tessera/internal/testkit"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/tensor"
)

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
