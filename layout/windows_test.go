package layout_test

import (
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tessera-go/tessera/internal/testkit"
	"github.com/tessera-go/tessera/layout"
)

// TestDiagonalTable pins NumPy's shapes, strides and offsets of diagonal.
func TestDiagonalTable(t *testing.T) {
	m := rowMajor(t, 3, 4)
	c := rowMajor(t, 2, 3, 4)
	for _, tc := range []struct {
		name                 string
		l                    layout.Layout
		offset, axis1, axis2 int
		want                 want
	}{
		{"main", m, 0, 0, 1, want{[]int{3}, []int{5}, 0}},
		{"above", m, 1, 0, 1, want{[]int{3}, []int{5}, 1}},
		{"above to the corner", m, 3, 0, 1, want{[]int{1}, []int{5}, 3}},
		{"above, past the matrix", m, 4, 0, 1, want{[]int{0}, []int{5}, 0}},
		{"below", m, -1, 0, 1, want{[]int{2}, []int{5}, 4}},
		{"below to the corner", m, -2, 0, 1, want{[]int{1}, []int{5}, 8}},
		{"below, past the matrix", m, -3, 0, 1, want{[]int{0}, []int{5}, 0}},
		{"axes swapped", m, 1, 1, 0, want{[]int{2}, []int{5}, 4}},
		{"negative axes", m, 0, -1, -2, want{[]int{3}, []int{5}, 0}},
		{"rank 3, last two", c, 0, 1, 2, want{[]int{2, 3}, []int{12, 5}, 0}},
		{"rank 3, first and last", c, 1, 0, 2, want{[]int{3, 2}, []int{4, 13}, 1}},
		{"huge offsets", m, math.MaxInt, 0, 1, want{[]int{0}, []int{5}, 0}},
		{"huge negative offsets", m, math.MinInt, 0, 1, want{[]int{0}, []int{5}, 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, err := tc.l.Diagonal(tc.offset, tc.axis1, tc.axis2)
			check(t, l, err, tc.want)
		})
	}
}

// TestWindowsTable pins NumPy's sliding_window_view(a, size, axis)[..., ::step, ...].
func TestWindowsTable(t *testing.T) {
	v := rowMajor(t, 10)
	m := rowMajor(t, 3, 4)
	for _, tc := range []struct {
		name             string
		l                layout.Layout
		axis, size, step int
		want             want
	}{
		{"every start", v, 0, 3, 1, want{[]int{8, 3}, []int{1, 1}, 0}},
		{"step 2", v, 0, 3, 2, want{[]int{4, 3}, []int{2, 1}, 0}},
		{"disjoint", v, 0, 5, 5, want{[]int{2, 5}, []int{5, 1}, 0}},
		{"the whole axis", v, 0, 10, 1, want{[]int{1, 10}, []int{1, 1}, 0}},
		{"empty windows", v, 0, 0, 4, want{[]int{3, 0}, []int{1, 1}, 0}},
		{"rows of a matrix", m, 0, 2, 1, want{[]int{2, 4, 2}, []int{4, 1, 4}, 0}},
		{"columns of a matrix", m, -1, 2, 2, want{[]int{3, 2, 2}, []int{4, 2, 1}, 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, err := tc.l.Windows(tc.axis, tc.size, tc.step)
			check(t, l, err, tc.want)
		})
	}
}

func TestDiagonalWindowsErrors(t *testing.T) {
	m := rowMajor(t, 3, 4)
	for _, tc := range []struct {
		name string
		err  error
		msg  string
		do   func() (layout.Layout, error)
	}{
		{"diagonal of a vector", layout.ErrRank, "layout: Diagonal: rank 1: a diagonal needs two axes", func() (layout.Layout, error) { return rowMajor(t, 5).Diagonal(0, 0, 1) }},
		{"diagonal, axis out of range", layout.ErrAxis, "layout: Diagonal: axis 2 out of range for rank 2", func() (layout.Layout, error) { return m.Diagonal(0, 0, 2) }},
		{"diagonal, one axis twice", layout.ErrDuplicateAxis, "layout: Diagonal: axis1 1 and axis2 -1 are the same axis", func() (layout.Layout, error) { return m.Diagonal(0, 1, -1) }},
		{"windows larger than the axis", layout.ErrIndex, "layout: Windows: windows of 5 every 1 out of range for axis 0 with size 3", func() (layout.Layout, error) { return m.Windows(0, 5, 1) }},
		{"negative window", layout.ErrIndex, "layout: Windows: windows of -1 every 1 out of range for axis 1 with size 4", func() (layout.Layout, error) { return m.Windows(1, -1, 1) }},
		{"zero step", layout.ErrIndex, "layout: Windows: windows of 2 every 0 out of range for axis 1 with size 4", func() (layout.Layout, error) { return m.Windows(1, 2, 0) }},
		{"windows, axis out of range", layout.ErrAxis, "layout: Windows: axis -3 out of range for rank 2", func() (layout.Layout, error) { return m.Windows(-3, 1, 1) }},
		{"windows at MaxRank", layout.ErrRank, "layout: Windows: rank 64 is already MaxRank", func() (layout.Layout, error) {
			ones := make([]int, layout.MaxRank)
			for i := range ones {
				ones[i] = 1
			}
			return rowMajor(t, ones...).Windows(0, 1, 1)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tc.do()
			require.True(t, errors.Is(err, tc.err), "%v", err)
			assert.EqualError(t, err, tc.msg)
		})
	}
}

// TestDiagonalWindowsRandom checks on random views, flipped, sliced and
// broadcast, that every index of the diagonal and the windows reaches the
// element the definition names.
func TestDiagonalWindowsRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 400 {
		rank := 2 + r.IntN(3)
		shape := make([]int, rank)
		for k := range shape {
			shape[k] = r.IntN(6)
		}
		l := testkit.RandomView(r, shape)
		a, b := r.IntN(rank), r.IntN(rank)
		off := r.IntN(9) - 4
		if a != b {
			d, err := l.Diagonal(off, a, b)
			require.NoError(t, err)
			for idx, o := range offsets(d) {
				i := idx[len(idx)-1]
				src := make([]int, 0, rank)
				k := 0
				for ax := range rank {
					switch ax {
					case a:
						src = append(src, i+max(-off, 0))
					case b:
						src = append(src, i+max(off, 0))
					default:
						src = append(src, idx[k])
						k++
					}
				}
				want, err := l.Index(src...)
				require.NoError(t, err, "%v diagonal %d of axes %d %d: %v", l, off, a, b, src)
				require.Equal(t, want, o)
			}
			n := 0
			if off >= 0 {
				n = max(0, min(shape[a], shape[b]-off))
			} else {
				n = max(0, min(shape[a]+off, shape[b]))
			}
			got, _ := d.Dim(-1)
			require.Equal(t, n, got, "%v diagonal %d of axes %d %d", l, off, a, b)
		}
		ax := r.IntN(rank)
		size, step := r.IntN(shape[ax]+1), 1+r.IntN(3)
		w, err := l.Windows(ax, size, step)
		require.NoError(t, err)
		for idx, o := range offsets(w) {
			src := append([]int(nil), idx[:rank]...)
			src[ax] = idx[ax]*step + idx[rank]
			want, err := l.Index(src...)
			require.NoError(t, err)
			require.Equal(t, want, o)
		}
	}
}

// offsets yields every index of l, row-major, with its offset.
func offsets(l layout.Layout) func(func([]int, int) bool) {
	return func(yield func([]int, int) bool) {
		sh := l.Shape()
		if l.Size() == 0 {
			return
		}
		idx := make([]int, len(sh))
		for {
			o, err := l.Index(idx...)
			if err != nil {
				panic(err)
			}
			if !yield(idx, o) {
				return
			}
			k := len(sh) - 1
			for ; k >= 0; k-- {
				idx[k]++
				if idx[k] < sh[k] {
					break
				}
				idx[k] = 0
			}
			if k < 0 {
				return
			}
		}
	}
}

// TestDiagonalWindowsNumPy compares the layouts with NumPy's diagonal and
// sliding_window_view (with a step) of row-major, transposed and flipped
// arrays: shape, element strides and offset (testdata/windows/gen.py).
func TestDiagonalWindowsNumPy(t *testing.T) {
	data, err := os.ReadFile("testdata/windows/fixtures.json")
	require.NoError(t, err)
	type desc struct {
		Shape, Strides []int
		Offset         int
	}
	var f struct {
		Cases []struct {
			Op      string
			Args    []int
			In, Out desc
		}
	}
	require.NoError(t, json.Unmarshal(data, &f))
	require.Greater(t, len(f.Cases), 500)
	for _, c := range f.Cases {
		in, err := layout.Strided(c.In.Shape, c.In.Strides, c.In.Offset)
		require.NoError(t, err)
		var out layout.Layout
		switch c.Op {
		case "diagonal":
			out, err = in.Diagonal(c.Args[0], c.Args[1], c.Args[2])
		case "windows":
			out, err = in.Windows(c.Args[0], c.Args[1], c.Args[2])
		default:
			t.Fatalf("op %q", c.Op)
		}
		require.NoError(t, err)
		got := desc{out.Shape(), out.Strides(), out.Offset()}
		// A size-1 axis's stride is never used: compare it only where the
		// axis is longer.
		for k, n := range got.Shape {
			if n == 1 {
				got.Strides[k], c.Out.Strides[k] = 0, 0
			}
		}
		require.Equal(t, c.Out, got, "%s%v of %v", c.Op, c.Args, c.In)
	}
}
