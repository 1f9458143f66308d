package tensor_test

// Hostile-input tests for package tensor: every exported function and
// method is driven with bad shapes, short and nil slices, and
// out-of-bounds and overflowing layouts (aliasing destinations and
// overlapping copies are in aliasing_test.go). Errors
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
	for _, idx := range [][]int{nil, {0}, {0, 0, 0}, {3, 0}, {0, 4}, {-4, 0}, {0, -5}, {math.MaxInt, 0}, {0, math.MinInt}, make([]int, 200)} {
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
