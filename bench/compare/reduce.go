package main

import (
	"fmt"
	"math"
	"os"
	"runtime"

	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// The reduction cases: float32 [4096,4096] unless the name says otherwise,
// GB/s = bytes of the input read (the outputs are 32 KiB at most, but for
// the short rows). Sum-last-n10 and Sum-last-n100 sum the same buffer as
// rows of 10 and 100 elements ([1677721,10] and [167772,100], the first
// 16777210 and 16777200 elements); Var-last is the population variance of
// each row, Var-first of each column.
var reduceCases = []string{"Sum-last", "Sum-first", "Sum-last-T", "Sum-all", "Max-last", "ArgMax-last", "Mean-first-f64",
	"Sum-last-n10", "Sum-last-n100", "Var-last", "Var-first"}

// reduceCase is one reduction: Tessera's call into a preallocated output,
// the plain Go loop a user writes, reset, which spoils Tessera's output
// before it is measured, and check, which compares it with the loop's.
type reduceCase struct {
	bytes float64
	ours  func() error
	loop  func()
	reset func()
	check func() error
	note  string
}

// reduceResult is one reduction case: Tessera on one and two goroutines
// and the plain Go loop, with a note on its accuracy.
type reduceResult struct {
	Case   string              `json:"case"`
	Unit   string              `json:"unit"`
	Values map[string]*float64 `json:"values"`
	Note   string              `json:"note,omitempty"`
}

func filled64(shape ...int) tensor.View[float64] {
	t := tensor.Must(tensor.New[float64](shape...))
	for i := range t.Data() {
		t.Data()[i] = float64(i%1000) * 0.5
	}
	return t.View()
}

// checkClose compares got with want element by element, to rel times the
// larger of |want| and 1: the sums add in other orders.
func checkClose[T float32 | float64](who string, got, want []T, rel float64) error {
	if len(got) != len(want) {
		return fmt.Errorf("%s: got %d elements, want %d", who, len(got), len(want))
	}
	for i := range got {
		g, w := float64(got[i]), float64(want[i])
		if !(math.Abs(g-w) <= rel*max(math.Abs(w), 1)) {
			return fmt.Errorf("%s: element %d = %v, want %v", who, i, got[i], want[i])
		}
	}
	return nil
}

// checkEqual compares got with want element by element, exactly.
func checkEqual[T comparable](who string, got, want []T) error {
	if len(got) != len(want) {
		return fmt.Errorf("%s: got %d elements, want %d", who, len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			return fmt.Errorf("%s: element %d = %v, want %v", who, i, got[i], want[i])
		}
	}
	return nil
}

func fillNaN[T float32 | float64](d []T) {
	for i := range d {
		d[i] = T(math.NaN())
	}
}

// newReduceCases builds the reduction cases on a, an [n,n] float32 matrix,
// and a64, its float64 twin, both holding float(i%1000)*0.5 in row-major
// order (filled, filled64). The inproc build runs them on NumPy's buffers.
func newReduceCases(a tensor.View[float32], a64 tensor.View[float64]) map[string]reduceCase {
	const rel32, rel64 = 1e-5, 1e-12
	n := a.Shape()[0]
	at := tensor.Must(ops.Transpose(a, 0, 1))
	x, x64 := a.Data(), a64.Data()
	rows := tensor.Must(tensor.New[float32](n)).View()
	all := tensor.Must(tensor.New[float32]()).View()
	rows64 := tensor.Must(tensor.New[float64](n)).View()
	idx := tensor.Must(tensor.New[int](n)).View()
	got, got0, got64, gotIdx := rows.Data(), all.Data(), rows64.Data(), idx.Data()
	sink := make([]float32, n) // the loops' outputs
	sink0 := make([]float32, 1)
	sink64 := make([]float64, n)
	sinkIdx := make([]int, n)
	// The loops of ops/reduce_bench_test.go.
	rowLoop := func() {
		for i := range n {
			var s float32
			for _, v := range x[i*n : (i+1)*n] {
				s += v
			}
			sink[i] = s
		}
	}
	colLoop := func() {
		clear(sink)
		for i := range n {
			for j, v := range x[i*n : (i+1)*n] {
				sink[j] += v
			}
		}
	}
	allLoop := func() {
		var s float32
		for _, v := range x {
			s += v
		}
		sink0[0] = s
	}
	// Sum-all is checked against the same loop with a float64 accumulator
	// (exact here: every partial sum is a multiple of 0.5 below 2^53); the
	// float32 loop's error is the case's note.
	var exact float64
	for _, v := range x {
		exact += float64(v)
	}
	sumAllNote := func() string {
		allLoop()
		return fmt.Sprintf("Sum-all: exact %.0f; Go loop's float32 accumulator %.0f (relative error %.1e)",
			exact, sink0[0], math.Abs(float64(sink0[0])-exact)/exact)
	}
	nanRows := func() { fillNaN(got) }
	closeRows := func() error { return checkClose("tessera", got, sink, rel32) }
	// Short rows: the buffer as rows of m elements, with an output of
	// their own and the row loop's.
	short := func(m int) reduceCase {
		r := n * n / m
		v := tensor.Must(tensor.FromSlice(x[:r*m], r, m)).View()
		out := tensor.Must(tensor.New[float32](r))
		want := make([]float32, r)
		return reduceCase{float64(r * m * 4), func() error { return ops.SumInto(out.View(), v, 1) }, func() {
			for i := range r {
				var s float32
				for _, e := range x[i*m : (i+1)*m] {
					s += e
				}
				want[i] = s
			}
		}, func() { fillNaN(out.Data()) }, func() error { return checkClose("tessera", out.Data(), want, rel32) }, ""}
	}
	return map[string]reduceCase{
		"Sum-last-n10":  short(10),
		"Sum-last-n100": short(100),
		// The loop takes NumPy's two passes in float32, per row.
		"Var-last": {float64(n * n * 4), func() error { return ops.VarianceDdofInto(rows, a, 0, 1) }, func() {
			for i := range n {
				row := x[i*n : (i+1)*n]
				var s float32
				for _, v := range row {
					s += v
				}
				m := s / float32(n)
				var q float32
				for _, v := range row {
					q += (v - m) * (v - m)
				}
				sink[i] = q / float32(n)
			}
		}, nanRows, func() error { return checkClose("tessera", got, sink, 1e-4) }, ""},
		// The loop takes NumPy's two passes in float32, row after row into
		// the columns' sums.
		"Var-first": {float64(n * n * 4), func() error { return ops.VarianceDdofInto(rows, a, 0, 0) }, func() {
			m := make([]float32, n)
			for i := range n {
				for j, v := range x[i*n : (i+1)*n] {
					m[j] += v
				}
			}
			for j := range m {
				m[j] /= float32(n)
			}
			clear(sink)
			for i := range n {
				for j, v := range x[i*n : (i+1)*n] {
					sink[j] += (v - m[j]) * (v - m[j])
				}
			}
			for j := range sink {
				sink[j] /= float32(n)
			}
		}, nanRows, func() error { return checkClose("tessera", got, sink, 1e-4) }, ""},
		"Sum-last":  {float64(n * n * 4), func() error { return ops.SumInto(rows, a, 1) }, rowLoop, nanRows, closeRows, ""},
		"Sum-first": {float64(n * n * 4), func() error { return ops.SumInto(rows, a, 0) }, colLoop, nanRows, closeRows, ""},
		// The last axis of the transpose is the first of a: the loop is colLoop.
		"Sum-last-T": {float64(n * n * 4), func() error { return ops.SumInto(rows, at, 1) }, colLoop, nanRows, closeRows, ""},
		"Sum-all": {float64(n * n * 4), func() error { return ops.SumInto(all, a) }, allLoop, func() { fillNaN(got0) },
			func() error { return checkClose("tessera", got0, []float32{float32(exact)}, rel32) }, sumAllNote()},
		"Max-last": {float64(n * n * 4), func() error { return ops.MaxInto(rows, a, 1) }, func() {
			for i := range n {
				m := x[i*n]
				for _, v := range x[i*n : (i+1)*n] {
					m = max(m, v)
				}
				sink[i] = m
			}
		}, nanRows, func() error { return checkEqual("tessera", got, sink) }, ""},
		// The first index of the largest element of each row, as NumPy's
		// argmax (every row holds its maximum 4 or 5 times).
		"ArgMax-last": {float64(n * n * 4), func() error { return ops.ArgMaxInto(idx, a, 1) }, func() {
			for i := range n {
				row := x[i*n : (i+1)*n]
				best, k := row[0], 0
				for j, v := range row {
					if v > best {
						best, k = v, j
					}
				}
				sinkIdx[i] = k
			}
		}, func() {
			for i := range gotIdx {
				gotIdx[i] = -1
			}
		}, func() error { return checkEqual("tessera", gotIdx, sinkIdx) }, ""},
		"Mean-first-f64": {float64(n * n * 8), func() error { return ops.MeanInto(rows64, a64, 0) }, func() {
			clear(sink64)
			for i := range n {
				for j, v := range x64[i*n : (i+1)*n] {
					sink64[j] += v
				}
			}
			for j := range sink64 {
				sink64[j] /= float64(n)
			}
		}, func() { fillNaN(got64) }, func() error { return checkClose("tessera", got64, sink64, rel64) }, ""},
	}
}

// runReduce measures the reduction cases and prints their table. A Tessera
// result that differs from the plain loop's is fatal.
func runReduce() []reduceResult {
	const n = 4096
	cases := newReduceCases(filled(n, n), filled64(n, n))
	var rs []reduceResult
	for _, name := range reduceCases {
		fmt.Fprintf(os.Stderr, "running %s ...\n", name)
		r := reduceResult{Case: name, Unit: "GB/s", Values: map[string]*float64{}}
		c := cases[name]
		r.Note = c.note
		score := func(sec float64) *float64 {
			v := c.bytes / sec / 1e9
			return &v
		}
		c.loop() // the reference
		for _, p := range []int{1, 2} {
			tensor.SetParallelism(p)
			c.reset()
			var err error
			r.Values[fmt.Sprintf("tessera%d", p)] = score(measure(func() { err = c.ours() }))
			if err == nil {
				err = c.check()
			}
			if err != nil {
				fmt.Fprintf(os.Stderr, "compare: %s, %d goroutine(s): %v\n", name, p, err)
				os.Exit(1)
			}
		}
		tensor.SetParallelism(0)
		r.Values["loop"] = score(measure(c.loop))
		rs = append(rs, r)
		runtime.GC()
	}
	fmt.Printf("Tessera reductions: GB/s (input bytes read / median time of %d runs).\n\n", *runs)
	fmt.Println("| case | Tessera 1T | Tessera 2T | Go loop |")
	fmt.Println("|---|---:|---:|---:|")
	for _, r := range rs {
		fmt.Printf("| %s | %s | %s | %s |\n", r.Case, fmtVal(r.Values["tessera1"], r.Unit), fmtVal(r.Values["tessera2"], r.Unit),
			fmtVal(r.Values["loop"], r.Unit))
	}
	fmt.Println()
	for _, r := range rs {
		if r.Note != "" {
			fmt.Printf("- %s\n", r.Note)
		}
	}
	return rs
}
