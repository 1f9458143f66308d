package main

import (
	"fmt"
	"os"
	"runtime"

	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// The compute cases: float32 [4096,4096] unless the name says otherwise,
// GB/s = bytes read plus bytes written, Add-small in µs per call.
var computeCases = []string{"Add", "Add-T", "Add-bias", "Add-alloc", "Cast", "Add-small"}

// computeResult is one compute case: Tessera on one and two goroutines, a
// plain Go loop and copy() of the same bytes.
type computeResult struct {
	Case   string              `json:"case"`
	Unit   string              `json:"unit"`
	Values map[string]*float64 `json:"values"`
}

func filled(shape ...int) tensor.View[float32] {
	t := tensor.Must(tensor.New[float32](shape...))
	for i := range t.Data() {
		t.Data()[i] = float32(i%1000) * 0.5
	}
	return t.View()
}

// runCompute measures the compute cases and prints their table.
func runCompute() []computeResult {
	const n = 4096
	a, b := filled(n, n), filled(n, n)
	bt := tensor.Must(b.Transpose(0, 1))
	bias := filled(n)
	out := tensor.Must(tensor.New[float32](n, n)).View()
	out64 := tensor.Must(tensor.New[float64](n, n)).View()
	const m = 256
	sa, sb := filled(m, m), filled(m, m)
	sout := tensor.Must(tensor.New[float32](m, m)).View()
	x, y, d := a.Data(), b.Data(), out.Data()
	sx, sy, sd := sa.Data(), sb.Data(), sout.Data()
	loopAdd := func() {
		for i := range d {
			d[i] = x[i] + y[i]
		}
	}
	var cases = map[string]struct {
		bytes      float64
		ours, loop func()
	}{
		"Add":       {3 * n * n * 4, func() { _ = ops.AddInto(out, a, b) }, loopAdd},
		"Add-T":     {3 * n * n * 4, func() { _ = ops.AddInto(out, a, bt) }, nil},
		"Add-bias":  {2*n*n*4 + n*4, func() { _ = ops.AddInto(out, a, bias) }, nil},
		"Add-alloc": {3 * n * n * 4, func() { _, _ = ops.Add(a, b) }, nil},
		"Cast":      {n * n * 12, func() { _ = ops.ConvertInto(out64, a) }, nil},
		"Add-small": {0, func() {
			for range 1000 {
				_ = ops.AddInto(sout, sa, sb)
			}
		}, func() {
			for range 1000 {
				for i := range sd {
					sd[i] = sx[i] + sy[i]
				}
			}
		}},
	}
	var rs []computeResult
	for _, name := range computeCases {
		fmt.Fprintf(os.Stderr, "running %s ...\n", name)
		c := cases[name]
		r := computeResult{Case: name, Unit: "GB/s", Values: map[string]*float64{}}
		score := func(sec float64) *float64 {
			v := c.bytes / sec / 1e9
			if c.bytes == 0 {
				v = sec / 1000 * 1e6 // µs per call
			}
			return &v
		}
		if c.bytes == 0 {
			r.Unit = "µs"
		}
		for _, p := range []int{1, 2} {
			tensor.SetParallelism(p)
			r.Values[fmt.Sprintf("tessera%d", p)] = score(measure(c.ours))
		}
		tensor.SetParallelism(0)
		if c.loop != nil {
			r.Values["loop"] = score(measure(c.loop))
		}
		if c.bytes > 0 {
			src, dst := make([]byte, int(c.bytes)/2), make([]byte, int(c.bytes)/2)
			r.Values["copy"] = score(measure(func() { copy(dst, src) }))
		}
		rs = append(rs, r)
		runtime.GC()
	}
	fmt.Printf("Tessera compute: GB/s (bytes read + written / median time of %d runs), Add-small in µs per call.\n\n", *runs)
	fmt.Println("| case | Tessera 1T | Tessera 2T | Go loop | copy() of the same bytes |")
	fmt.Println("|---|---:|---:|---:|---:|")
	for _, r := range rs {
		fmt.Printf("| %s | %s | %s | %s | %s |\n", r.Case, fmtVal(r.Values["tessera1"], r.Unit), fmtVal(r.Values["tessera2"], r.Unit),
			fmtVal(r.Values["loop"], r.Unit), fmtVal(r.Values["copy"], r.Unit))
	}
	return rs
}
