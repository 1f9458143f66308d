// Command compare times Tessera's strided copies against gorgonia/tensor,
// gonum/mat, a plain Go loop and the builtin copy, on the materialization cases,
// and prints one markdown table.
//
// Each cell is the median of -runs timed runs after one warm-up run.
// Bandwidth counts bytes read plus bytes written, taken as twice the output
// bytes for every case (a broadcast reads less, but is scored the same way).
// Small-T2 is reported in nanoseconds per call instead.
//
// It is not part of the library and not run in CI; see README.md.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"runtime"
	"slices"
	"strings"
	"time"
	"unsafe"

	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/tensor"
	"gonum.org/v1/gonum/mat"
	gt "gorgonia.org/tensor"
)

// Column keys, shared with peers.py and run.sh.
const (
	colT1    = "tessera1"
	colT2    = "tessera2"
	colGorg  = "gorgonia"
	colGonum = "gonum"
	colLoop  = "loop"
	colCopy  = "copy"
)

// spec is one benchmark case.
type spec struct {
	name  string
	f64   bool
	shape []int                                      // source shape
	view  func(layout.Layout) (layout.Layout, error) // the view to materialize
	gorg  func(a *gt.Dense) (gt.Tensor, func(), error)
	gonum bool // a 2-D transpose gonum/mat can express (float64 only)
	small bool // report ns per call
	desc  string
}

func transpose2(l layout.Layout) (layout.Layout, error) { return l.Transpose(0, 1) }

func gorgT(axes ...int) func(a *gt.Dense) (gt.Tensor, func(), error) {
	return func(a *gt.Dense) (gt.Tensor, func(), error) {
		// A fresh slice each call: UT hands the axes slice to gorgonia's pool.
		if err := a.T(slices.Clone(axes)...); err != nil {
			return nil, nil, err
		}
		out := a.Materialize()
		return out, func() { a.UT() }, nil
	}
}

var specs = []spec{
	{name: "T2-f32", shape: []int{8192, 8192}, view: transpose2, gorg: gorgT(), desc: "[8192,8192] f32, .T"},
	{name: "T2-f64", f64: true, shape: []int{4096, 4096}, view: transpose2, gorg: gorgT(), gonum: true, desc: "[4096,4096] f64, .T"},
	{name: "P3-f32", shape: []int{256, 256, 256},
		view: func(l layout.Layout) (layout.Layout, error) { return l.Permute(2, 0, 1) },
		gorg: gorgT(2, 0, 1), desc: "[256,256,256] f32, permute(2,0,1)"},
	{name: "NCHW-NHWC", shape: []int{32, 64, 56, 56},
		view: func(l layout.Layout) (layout.Layout, error) { return l.Permute(0, 2, 3, 1) },
		gorg: gorgT(0, 2, 3, 1), desc: "[32,64,56,56] f32, permute(0,2,3,1)"},
	{name: "Step2", shape: []int{4096, 8192},
		view: func(l layout.Layout) (layout.Layout, error) { return l.Slice(1, 0, 8192, 2) },
		gorg: func(a *gt.Dense) (gt.Tensor, func(), error) {
			v, err := a.Slice(nil, gt.S(0, 8192, 2))
			if err != nil {
				return nil, nil, err
			}
			return v.Materialize(), func() {}, nil
		}, desc: "[4096,8192] f32, [:, ::2]"},
	{name: "Bcast", shape: []int{8192, 1},
		view: func(l layout.Layout) (layout.Layout, error) { return l.Expand(8192, 8192) },
		gorg: func(a *gt.Dense) (gt.Tensor, func(), error) {
			out, err := gt.Repeat(a, 1, 8192) // no broadcast view in gorgonia
			return out, func() {}, err
		}, desc: "[8192,1] f32 expanded to [8192,8192]"},
	{name: "HWC-CHW-3", shape: []int{2048, 2048, 3},
		view: func(l layout.Layout) (layout.Layout, error) { return l.Permute(2, 0, 1) },
		gorg: gorgT(2, 0, 1), desc: "[2048,2048,3] f32, permute(2,0,1)"},
	{name: "CHW-HWC-3", shape: []int{3, 2048, 2048},
		view: func(l layout.Layout) (layout.Layout, error) { return l.Permute(1, 2, 0) },
		gorg: gorgT(1, 2, 0), desc: "[3,2048,2048] f32, permute(1,2,0)"},
	{name: "HWC-CHW-4", shape: []int{2048, 2048, 4},
		view: func(l layout.Layout) (layout.Layout, error) { return l.Permute(2, 0, 1) },
		gorg: gorgT(2, 0, 1), desc: "[2048,2048,4] f32, permute(2,0,1)"},
	{name: "CHW-HWC-4", shape: []int{4, 2048, 2048},
		view: func(l layout.Layout) (layout.Layout, error) { return l.Permute(1, 2, 0) },
		gorg: gorgT(1, 2, 0), desc: "[4,2048,2048] f32, permute(1,2,0)"},
	{name: "Small-T2", shape: []int{64, 64}, view: transpose2, gorg: gorgT(), small: true, desc: "[64,64] f32, .T (ns/call)"},
}

// result is one row of the table; values are GB/s, or ns per call when
// Unit is "ns".
type result struct {
	Case   string              `json:"case"`
	Desc   string              `json:"desc"`
	Unit   string              `json:"unit"`
	Values map[string]*float64 `json:"values"`
	Notes  map[string]string   `json:"notes,omitempty"`
}

var runs = flag.Int("runs", 5, "timed runs per cell (median reported), after one warm-up")

func main() {
	casesFlag := flag.String("cases", "", "comma-separated cases to run (default all): "+caseNames())
	jsonOut := flag.String("json", "", "also write the results as JSON to this file")
	compute := flag.Bool("compute", false, "run the compute cases (ops.AddInto and friends) instead of the copies")
	reduce := flag.Bool("reduce", false, "run the reduction cases (ops.SumInto and friends) instead of the copies")
	matmul := flag.Bool("matmul", false, "run the matrix-product cases (ops.MatMulInto) instead of the copies")
	mask := flag.Bool("mask", false, "run the mask cases (comparisons, Where, MaskedSelect, ...) instead of the copies")
	sorts := flag.Bool("sort", false, "run the sort cases (ops.Sort, ops.ArgSort) instead of the copies")
	huge := flag.Bool("huge", false, "advise huge pages for large tensors (tensor.SetHugePages), as NumPy does")
	flag.Parse()
	tensor.SetHugePages(*huge)
	if runtime.GOMAXPROCS(0) < 2 {
		runtime.GOMAXPROCS(2)
	}
	if *compute {
		writeJSON(*jsonOut, runCompute())
		return
	}
	if *reduce {
		writeJSON(*jsonOut, runReduce())
		return
	}
	if *matmul {
		writeJSON(*jsonOut, runMatMul())
		return
	}
	if *mask {
		writeJSON(*jsonOut, runMask())
		return
	}
	if *sorts {
		writeJSON(*jsonOut, runSort())
		return
	}

	var sel []spec
	if *casesFlag == "" {
		sel = specs
	} else {
		for _, name := range strings.Split(*casesFlag, ",") {
			i := slices.IndexFunc(specs, func(s spec) bool { return strings.EqualFold(s.name, strings.TrimSpace(name)) })
			if i < 0 {
				fmt.Fprintf(os.Stderr, "compare: unknown case %q (have %s)\n", name, caseNames())
				os.Exit(2)
			}
			sel = append(sel, specs[i])
		}
	}

	var results []result
	for _, s := range sel {
		fmt.Fprintf(os.Stderr, "running %s ...\n", s.name)
		var r result
		var err error
		if s.f64 {
			r, err = run[float64](s)
		} else {
			r, err = run[float32](s)
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "compare: %s: %v\n", s.name, err)
			os.Exit(1)
		}
		results = append(results, r)
		runtime.GC()
	}
	printTable(os.Stdout, results)
	writeJSON(*jsonOut, results)
}

// writeJSON writes v as JSON to the file name, if name is not empty.
func writeJSON(name string, v any) {
	if name == "" {
		return
	}
	b, _ := json.MarshalIndent(v, "", "  ")
	if err := os.WriteFile(name, b, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "compare:", err)
		os.Exit(1)
	}
}

func caseNames() string {
	var names []string
	for _, s := range specs {
		names = append(names, s.name)
	}
	return strings.Join(names, ",")
}

type elem interface{ ~float32 | ~float64 }

func run[T elem](s spec) (result, error) {
	r := result{Case: s.name, Desc: s.desc, Unit: "GB/s", Values: map[string]*float64{}, Notes: map[string]string{}}
	if s.small {
		r.Unit = "ns"
	}
	n := 1
	for _, d := range s.shape {
		n *= d
	}
	src, err := tensor.Arange[T](n)
	if err != nil {
		return r, err
	}
	l, err := src.Layout().View(s.shape...)
	if err != nil {
		return r, err
	}
	vl, err := s.view(l)
	if err != nil {
		return r, err
	}
	v, err := tensor.NewView(src.Data(), vl)
	if err != nil {
		return r, err
	}
	size := v.Size()
	outBytes := float64(size) * float64(unsafe.Sizeof(T(0)))
	score := func(sec float64) *float64 {
		var x float64
		if s.small {
			x = sec * 1e9
		} else {
			x = 2 * outBytes / sec / 1e9
		}
		return &x
	}

	// Reference: the plain Go loop.
	want := make([]T, size)
	loop := func() { stridedLoop(want, src.Data(), vl) }
	dst := make([]T, size)
	check := func(who string, got []T) error {
		if len(got) != size {
			return fmt.Errorf("%s: got %d elements, want %d", who, len(got), size)
		}
		for i := range got {
			if got[i] != want[i] {
				return fmt.Errorf("%s: element %d = %v, want %v", who, i, got[i], want[i])
			}
		}
		return nil
	}
	loop()

	// timeit returns the median seconds per call of f. For the small case
	// each timed run repeats f for about 20 ms, calibrated per peer.
	timeit := func(f func()) float64 {
		if !s.small {
			return measure(f)
		}
		f()
		t0 := time.Now()
		for range 100 {
			f()
		}
		reps := max(10, int(20e-3/(time.Since(t0).Seconds()/100)))
		return measure(func() {
			for range reps {
				f()
			}
		}) / float64(reps)
	}

	// Tessera, one goroutine and two.
	for _, c := range []struct {
		col string
		par int
	}{{colT1, 1}, {colT2, 2}} {
		prev := tensor.SetParallelism(c.par)
		clear(dst)
		r.Values[c.col] = score(timeit(func() { _ = v.CopyTo(dst) }))
		tensor.SetParallelism(prev)
		if err := check("tessera", dst); err != nil {
			return r, err
		}
	}

	// Plain Go loop.
	r.Values[colLoop] = score(timeit(loop))

	// Builtin copy of the same number of contiguous bytes.
	csrc := make([]T, size)
	copy(csrc, want)
	r.Values[colCopy] = score(timeit(func() { copy(dst, csrc) }))
	csrc = nil

	// gorgonia/tensor: view (T/Slice) then Materialize, which allocates.
	{
		var data any = src.Data()
		a := gt.New(gt.WithShape(s.shape...), gt.WithBacking(data))
		var out gt.Tensor
		var ferr error
		f := func() {
			var undo func()
			out, undo, ferr = s.gorg(a)
			if ferr == nil {
				undo()
			}
		}
		r.Values[colGorg] = score(timeit(f))
		if ferr != nil {
			return r, fmt.Errorf("gorgonia: %w", ferr)
		}
		got, ok := out.Data().([]T)
		if !ok {
			return r, fmt.Errorf("gorgonia: data is %T", out.Data())
		}
		if err := check("gorgonia", got); err != nil {
			return r, err
		}
		switch s.name {
		case "Bcast":
			r.Notes[colGorg] = "tensor.Repeat (no broadcast view)"
		}
		out = nil
		runtime.GC()
	}

	// gonum/mat: Dense.Copy(A.T()) into a preallocated Dense; float64 2-D only.
	if s.gonum {
		rows, cols := s.shape[0], s.shape[1]
		a := mat.NewDense(rows, cols, any(src.Data()).([]float64))
		b := mat.NewDense(cols, rows, nil)
		r.Values[colGonum] = score(timeit(func() { b.Copy(a.T()) }))
		if err := check("gonum", any(b.RawMatrix().Data).([]T)); err != nil {
			return r, err
		}
	} else {
		r.Values[colGonum] = nil
		switch {
		case len(s.shape) != 2:
			r.Notes[colGonum] = "N/A: mat is 2-D only"
		case s.name == "Step2" || s.name == "Bcast":
			r.Notes[colGonum] = "N/A: no strided/broadcast view"
		default:
			r.Notes[colGonum] = "N/A: mat is float64 only"
		}
	}
	return r, nil
}

// measure runs f once to warm up, then *runs times, and returns the median
// duration in seconds. It collects garbage before each run, untimed.
func measure(f func()) float64 {
	f()
	ts := make([]float64, *runs)
	for i := range ts {
		runtime.GC()
		t0 := time.Now()
		f()
		ts[i] = time.Since(t0).Seconds()
	}
	slices.Sort(ts)
	if len(ts)%2 == 1 {
		return ts[len(ts)/2]
	}
	return (ts[len(ts)/2-1] + ts[len(ts)/2]) / 2
}

// stridedLoop is what a Go programmer writes without a library: an
// odometer over the outer indices and a tight strided inner loop.
func stridedLoop[T elem](dst, src []T, l layout.Layout) {
	shape, strides := l.Shape(), l.Strides()
	rank := len(shape)
	if rank == 0 {
		dst[0] = src[l.Offset()]
		return
	}
	inner, is := shape[rank-1], strides[rank-1]
	idx := make([]int, rank-1)
	off := l.Offset()
	for d := 0; d < len(dst); d += inner {
		s := off
		for k := range inner {
			dst[d+k] = src[s]
			s += is
		}
		for a := rank - 2; a >= 0; a-- {
			idx[a]++
			off += strides[a]
			if idx[a] < shape[a] {
				break
			}
			off -= idx[a] * strides[a]
			idx[a] = 0
		}
	}
}

func fmtVal(v *float64, unit string) string {
	if v == nil {
		return "N/A"
	}
	if unit == "ns" {
		return fmt.Sprintf("%.0f ns", *v)
	}
	return fmt.Sprintf("%.2f", *v)
}

// speedup returns how many times faster a is than b (>1: a is faster).
func speedup(a, b *float64, unit string) string {
	if a == nil || b == nil || *a == 0 || *b == 0 {
		return "—"
	}
	x := *a / *b
	if unit == "ns" {
		x = *b / *a
	}
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return "—"
	}
	return fmt.Sprintf("%.2fx", x)
}

func printTable(w *os.File, rs []result) {
	fmt.Fprintf(w, "Go peers: GB/s (2 × output bytes / median time of %d runs), Small-T2 in ns/call. Ratios are Tessera(1 goroutine) speed / peer speed.\n\n", *runs)
	fmt.Fprintln(w, "| case | Tessera 1T | Tessera 2T | gorgonia | gonum | Go loop | Go copy() | T1/gorgonia | T1/gonum | T1/loop | T1/copy() |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
	for _, r := range rs {
		v := r.Values
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
			r.Case, fmtVal(v[colT1], r.Unit), fmtVal(v[colT2], r.Unit), fmtVal(v[colGorg], r.Unit),
			fmtVal(v[colGonum], r.Unit), fmtVal(v[colLoop], r.Unit), fmtVal(v[colCopy], r.Unit),
			speedup(v[colT1], v[colGorg], r.Unit), speedup(v[colT1], v[colGonum], r.Unit),
			speedup(v[colT1], v[colLoop], r.Unit), speedup(v[colT1], v[colCopy], r.Unit))
	}
	fmt.Fprintln(w)
	for _, r := range rs {
		for _, k := range []string{colGorg, colGonum} {
			if n, ok := r.Notes[k]; ok {
				fmt.Fprintf(w, "- %s, %s: %s\n", r.Case, k, n)
			}
		}
	}
}
