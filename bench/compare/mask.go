package main

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"runtime"

	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// The mask cases of issue 52, float32 [4096,4096] and bool masks of that
// shape, the allocating forms (a new result each call, page faults
// included, as NumPy's): GB/s = bytes read plus bytes written (maskBytes).
// Shared with mask.py.
var maskCases = []string{"gt", "gt-T", "where", "clip", "masked", "take-rows", "count", "nansum", "softmax",
	"take-1d", "take-along", "scatter-add", "take-cols", "fill"}

// The index cases' sizes: take-1d gathers idxN random elements of the
// matrix seen as a vector; take-along gathers along the rows of a
// [4096,alongW] matrix (np.take_along_axis, torch.gather); scatter-add adds
// idxN values into a vector of idxN at random indices (np.add.at,
// scatter_add_, in place); take-cols takes colsN random columns of the
// matrix (a[:, idx]); fill sets the masked elements of the matrix to a
// value (a[m] = 1, in place).
const idxN, alongW, colsN = 1 << 20, 256, 1024

// maskBytes returns the bytes read plus written by a mask case on an n×n
// float32 matrix whose mask selects sel elements.
func maskBytes(name string, n, sel int) float64 {
	e := float64(n * n)
	switch name {
	case "gt", "gt-T":
		return 2*4*e + e
	case "where":
		return e + 3*4*e
	case "clip":
		return 2 * 4 * e
	case "masked":
		return e + 4*e + 4*float64(sel)
	case "take-rows", "softmax":
		return 2 * 4 * e
	case "nansum":
		return 4 * e
	case "take-1d": // an element and an index read, an element written
		return idxN * (4 + 8 + 4)
	case "take-along":
		return float64(n*alongW) * (4 + 8 + 4)
	case "scatter-add": // a value and an index read, an element read and written
		return idxN * (4 + 8 + 4 + 4)
	case "take-cols": // the elements taken read and written
		return float64(n*colsN) * 8
	case "fill": // the matrix and the mask read, the matrix written
		return 9 * e
	}
	return e // count: the mask read
}

// runMask measures the mask cases: Tessera on one goroutine.
func runMask() []computeResult {
	const n = 4096
	a, b := filled(n, n), filled(n, n)
	bt := tensor.Must(b.Transpose(0, 1))
	r := rand.New(rand.NewPCG(52, 1))
	m := tensor.Must(tensor.New[bool](n, n))
	sel := 0
	for i := range m.Data() {
		if r.IntN(2) == 0 {
			m.Data()[i] = true
			sel++
		}
	}
	an := filled(n, n) // a with every seventh element NaN
	for i := 0; i < len(an.Data()); i += 7 {
		an.Data()[i] = float32(math.NaN())
	}
	idx := tensor.Must(tensor.New[int](n))
	for i := range idx.Data() {
		idx.Data()[i] = r.IntN(n)
	}
	flat := tensor.Must(a.Reshape(n * n))
	idx1 := tensor.Must(tensor.New[int](idxN))
	for i := range idx1.Data() {
		idx1.Data()[i] = r.IntN(n * n)
	}
	narrow := filled(n, alongW)
	idx2 := tensor.Must(tensor.New[int](n, alongW))
	for i := range idx2.Data() {
		idx2.Data()[i] = r.IntN(alongW)
	}
	cols := tensor.Must(tensor.New[int](colsN))
	for i := range cols.Data() {
		cols.Data()[i] = r.IntN(n)
	}
	acc, vals, at := tensor.Must(tensor.New[float32](idxN)), filled(idxN), tensor.Must(tensor.New[int](idxN))
	for i := range at.Data() {
		at.Data()[i] = r.IntN(idxN)
	}
	tensor.SetParallelism(1)
	defer tensor.SetParallelism(0)
	var rs []computeResult
	for _, name := range maskCases {
		fmt.Fprintf(os.Stderr, "running %s ...\n", name)
		var f func()
		switch name {
		case "gt":
			f = func() { _, _ = ops.Greater(a, b) }
		case "gt-T":
			f = func() { _, _ = ops.Greater(a, bt) }
		case "where":
			f = func() { _, _ = ops.Where(m, a, b) }
		case "clip":
			f = func() { _, _ = ops.Clip(a, 100, 300) }
		case "masked":
			f = func() { _, _ = ops.MaskedSelect(a, m) }
		case "take-rows":
			f = func() { _, _ = ops.Take(a, idx, 0) }
		case "count":
			f = func() { _, _ = ops.CountNonzero(m) }
		case "nansum":
			f = func() { _, _ = ops.NanSum(an) }
		case "softmax":
			f = func() { _, _ = ops.Softmax(a, -1) }
		case "take-1d":
			f = func() { _, _ = ops.Take(flat, idx1, 0) }
		case "take-along":
			f = func() { _, _ = ops.TakeAlongAxis(narrow, idx2, 1) }
		case "scatter-add":
			f = func() { _ = ops.ScatterAdd(acc, at, vals, 0) }
		case "take-cols":
			f = func() { _, _ = ops.Take(a, cols, 1) }
		case "fill":
			f = func() { _ = ops.MaskedFill(an, m, 1) }
		}
		v := maskBytes(name, n, sel) / measure(f) / 1e9
		rs = append(rs, computeResult{Case: name, Unit: "GB/s", Values: map[string]*float64{"tessera1": &v}})
		runtime.GC()
	}
	fmt.Printf("Tessera masks: GB/s (bytes read + written / median time of %d runs), one goroutine.\n\n", *runs)
	fmt.Println("| case | Tessera 1T |")
	fmt.Println("|---|---:|")
	for _, r := range rs {
		fmt.Printf("| %s | %s |\n", r.Case, fmtVal(r.Values["tessera1"], r.Unit))
	}
	return rs
}
