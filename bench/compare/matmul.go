package main

import (
	"fmt"
	"os"
	"runtime"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas32"
	"gonum.org/v1/gonum/blas/blas64"

	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// The matrix-product cases, GFLOP/s = 2·m·n·k / median time: square
// float32 and float64 products, a transposed first operand, and a stack
// of small products. Shared with matmul.py.
var matmulCases = []string{"f32-64", "f32-256", "f32-1024", "f32-T-1024", "f64-64", "f64-256", "f64-1024", "f32-batch-4096x8x8"}

// runMatMul measures the matrix-product cases: Tessera on one and two
// goroutines, gonum's pure-Go Gemm (blas32, blas64) and a plain i-k-j Go
// loop, and prints their table.
func runMatMul() []computeResult {
	var rs []computeResult
	for _, name := range matmulCases {
		fmt.Fprintf(os.Stderr, "running %s ...\n", name)
		r := computeResult{Case: name, Unit: "GFLOP/s", Values: map[string]*float64{}}
		var n, batch int
		var f64, trans bool
		fmt.Sscanf(name, "f64-%d", &n)
		if n > 0 {
			f64 = true
		} else if _, err := fmt.Sscanf(name, "f32-T-%d", &n); err == nil {
			trans = true
		} else if _, err := fmt.Sscanf(name, "f32-batch-%dx8x8", &batch); err == nil {
			n = 8
		} else {
			fmt.Sscanf(name, "f32-%d", &n)
		}
		flops := 2 * float64(n) * float64(n) * float64(n) * float64(max(batch, 1))
		reps := max(1, int(2e8/flops))
		score := func(f func()) *float64 {
			sec := measure(func() {
				for range reps {
					f()
				}
			})
			v := flops * float64(reps) / sec / 1e9
			return &v
		}
		if f64 {
			a, b, c := fill64(n), fill64(n), tensor.Must(tensor.New[float64](n, n))
			for _, p := range []int{1, 2} {
				tensor.SetParallelism(p)
				r.Values[fmt.Sprintf("tessera%d", p)] = score(func() { _ = ops.MatMulInto(c, a, b) })
			}
			ga := blas64.General{Rows: n, Cols: n, Stride: n, Data: a.Data()}
			gb := blas64.General{Rows: n, Cols: n, Stride: n, Data: b.Data()}
			gc := blas64.General{Rows: n, Cols: n, Stride: n, Data: c.Data()}
			r.Values["gonum"] = score(func() { blas64.Gemm(blas.NoTrans, blas.NoTrans, 1, ga, gb, 0, gc) })
		} else if batch > 0 {
			x := tensor.Must(tensor.Full[float32](0.5, batch, 8, 8))
			c := tensor.Must(tensor.New[float32](batch, 8, 8))
			for _, p := range []int{1, 2} {
				tensor.SetParallelism(p)
				r.Values[fmt.Sprintf("tessera%d", p)] = score(func() { _ = ops.MatMulInto(c, x, x) })
			}
		} else {
			a, b, c := fill32(n), fill32(n), tensor.Must(tensor.New[float32](n, n))
			av := a.View()
			ta := blas.NoTrans
			if trans {
				av = tensor.Must(a.Transpose(0, 1))
				ta = blas.Trans
			}
			for _, p := range []int{1, 2} {
				tensor.SetParallelism(p)
				r.Values[fmt.Sprintf("tessera%d", p)] = score(func() { _ = ops.MatMulInto(c, av, b) })
			}
			ga := blas32.General{Rows: n, Cols: n, Stride: n, Data: a.Data()}
			gb := blas32.General{Rows: n, Cols: n, Stride: n, Data: b.Data()}
			gc := blas32.General{Rows: n, Cols: n, Stride: n, Data: c.Data()}
			r.Values["gonum"] = score(func() { blas32.Gemm(ta, blas.NoTrans, 1, ga, gb, 0, gc) })
			if n <= 256 && !trans {
				x, y, d := a.Data(), b.Data(), c.Data()
				r.Values["loop"] = score(func() {
					clear(d)
					for i := range n {
						row := d[i*n : i*n+n]
						for p := range n {
							s := x[i*n+p]
							for j, v := range y[p*n : p*n+n] {
								row[j] += s * v
							}
						}
					}
				})
			}
		}
		tensor.SetParallelism(0)
		rs = append(rs, r)
		runtime.GC()
	}
	fmt.Printf("Tessera MatMul: GFLOP/s (2·m·n·k / median time of %d runs).\n\n", *runs)
	fmt.Println("| case | Tessera 1T | Tessera 2T | gonum Gemm | Go loop |")
	fmt.Println("|---|---:|---:|---:|---:|")
	for _, r := range rs {
		fmt.Printf("| %s | %s | %s | %s | %s |\n", r.Case, fmtVal(r.Values["tessera1"], r.Unit), fmtVal(r.Values["tessera2"], r.Unit),
			fmtVal(r.Values["gonum"], r.Unit), fmtVal(r.Values["loop"], r.Unit))
	}
	return rs
}

func fill32(n int) tensor.Tensor[float32] {
	t := tensor.Must(tensor.New[float32](n, n))
	for i := range t.Data() {
		t.Data()[i] = float32(i%7)*0.25 - 0.5
	}
	return t
}

func fill64(n int) tensor.Tensor[float64] {
	t := tensor.Must(tensor.New[float64](n, n))
	for i := range t.Data() {
		t.Data()[i] = float64(i%7)*0.25 - 0.5
	}
	return t
}
