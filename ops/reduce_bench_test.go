package ops_test

import (
	"fmt"
	"testing"

	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// BenchmarkReduce runs the cases of the reductions issue on float32
// [4096,4096], one goroutine, GB/s of input read, each against the plain
// Go loop that computes the same result (x-loop above 1 is faster).
func BenchmarkReduce(b *testing.B) {
	const n = 4096
	a := filledF32(n, n)
	at := tensor.Must(a.Transpose(0, 1))
	x := a.Data()
	rows := tensor.Must(tensor.New[float32](n)).View()
	all := tensor.Must(tensor.New[float32]()).View()
	sink := make([]float32, n)
	bytes := n * n * 4
	defer tensor.SetParallelism(tensor.SetParallelism(1))
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
	b.Run("Sum-last/vs=loop", func(b *testing.B) {
		pairBench(b, bytes, bytes, "loop", func() { _ = ops.SumInto(rows, a, 1) }, rowLoop)
	})
	b.Run("Sum-first/vs=loop", func(b *testing.B) {
		pairBench(b, bytes, bytes, "loop", func() { _ = ops.SumInto(rows, a, 0) }, colLoop)
	})
	b.Run("Sum-last-T/vs=loop", func(b *testing.B) {
		// The last axis of the transpose is the first of a.
		pairBench(b, bytes, bytes, "loop", func() { _ = ops.SumInto(rows, at, 1) }, colLoop)
	})
	b.Run("Sum-all/vs=loop", func(b *testing.B) {
		pairBench(b, bytes, bytes, "loop", func() { _ = ops.SumInto(all, a) }, func() {
			var s float32
			for _, v := range x {
				s += v
			}
			sink[0] = s
		})
	})
	b.Run("Max-last/vs=loop", func(b *testing.B) {
		pairBench(b, bytes, bytes, "loop", func() { _ = ops.MaxInto(rows, a, 1) }, func() {
			for i := range n {
				m := x[i*n]
				for _, v := range x[i*n : (i+1)*n] {
					m = max(m, v)
				}
				sink[i] = m
			}
		})
	})
	// The same matrix starting 16 bytes past a 64-byte boundary, where
	// NumPy's arrays start: simd reads it with AVX2 rather than AVX-512.
	raw := make([]float32, n*n+4)
	copy(raw[4:], x)
	a16 := tensor.Must(tensor.FromSlice(raw[4:], n, n)).View()
	x16 := a16.Data()
	b.Run("Sum-last-off16/vs=loop", func(b *testing.B) {
		pairBench(b, bytes, bytes, "loop", func() { _ = ops.SumInto(rows, a16, 1) }, func() {
			for i := range n {
				var s float32
				for _, v := range x16[i*n : (i+1)*n] {
					s += v
				}
				sink[i] = s
			}
		})
	})
	b.Run("Sum-first-off16/vs=loop", func(b *testing.B) {
		pairBench(b, bytes, bytes, "loop", func() { _ = ops.SumInto(rows, a16, 0) }, func() {
			clear(sink)
			for i := range n {
				for j, v := range x16[i*n : (i+1)*n] {
					sink[j] += v
				}
			}
		})
	})
	b.Run("Max-last-off16/vs=loop", func(b *testing.B) {
		pairBench(b, bytes, bytes, "loop", func() { _ = ops.MaxInto(rows, a16, 1) }, func() {
			for i := range n {
				m := x16[i*n]
				for _, v := range x16[i*n : (i+1)*n] {
					m = max(m, v)
				}
				sink[i] = m
			}
		})
	})
	idx := tensor.Must(tensor.New[int](n)).View()
	isink := make([]int, n)
	b.Run("ArgMax-last/vs=loop", func(b *testing.B) {
		pairBench(b, bytes, bytes, "loop", func() { _ = ops.ArgMaxInto(idx, a, 1) }, func() {
			for i := range n {
				row := x[i*n : (i+1)*n]
				m, k := row[0], 0
				for j, v := range row {
					if v > m {
						m, k = v, j
					}
				}
				isink[i] = k
			}
		})
	})
	b.Run("ArgMax-first/vs=loop", func(b *testing.B) {
		best := make([]float32, n)
		pairBench(b, bytes, bytes, "loop", func() { _ = ops.ArgMaxInto(idx, a, 0) }, func() {
			copy(best, x[:n])
			clear(isink)
			for i := 1; i < n; i++ {
				for j, v := range x[i*n : (i+1)*n] {
					if v > best[j] {
						best[j], isink[j] = v, i
					}
				}
			}
		})
	})
	b.Run("Var-first/vs=loop", func(b *testing.B) {
		// The loop takes NumPy's two passes in float32, row after row into
		// the columns' sums.
		m := make([]float32, n)
		pairBench(b, bytes, bytes, "loop", func() { _ = ops.VarianceDdofInto(rows, a, 0, 0) }, func() {
			clear(m)
			for i := range n {
				for j, v := range x[i*n : (i+1)*n] {
					m[j] += v
				}
			}
			for j := range m {
				m[j] /= n
			}
			clear(sink)
			for i := range n {
				for j, v := range x[i*n : (i+1)*n] {
					sink[j] += (v - m[j]) * (v - m[j])
				}
			}
		})
	})
	a64 := tensor.Must(tensor.New[float64](n, n))
	for i := range a64.Data() {
		a64.Data()[i] = float64(i%1000) / 8
	}
	x64 := a64.Data()
	means := tensor.Must(tensor.New[float64](n)).View()
	sink64 := make([]float64, n)
	b.Run("Mean-first-f64/vs=loop", func(b *testing.B) {
		pairBench(b, 2*bytes, 2*bytes, "loop", func() { _ = ops.MeanInto(means, a64.View(), 0) }, func() {
			clear(sink64)
			for i := range n {
				for j, v := range x64[i*n : (i+1)*n] {
					sink64[j] += v
				}
			}
			for j := range sink64 {
				sink64[j] /= n
			}
		})
	})
	cum := tensor.Must(tensor.New[float32](n, n)).View()
	out := cum.Data()
	b.Run("CumSum-last/vs=loop", func(b *testing.B) {
		pairBench(b, bytes, bytes, "loop", func() { _ = ops.CumSumInto(cum, a, 1) }, func() {
			for i := range n {
				var s float32
				for j, v := range x[i*n : (i+1)*n] {
					s += v
					out[i*n+j] = s
				}
			}
		})
	})
	b.Run("CumSum-first/vs=loop", func(b *testing.B) {
		pairBench(b, bytes, bytes, "loop", func() { _ = ops.CumSumInto(cum, a, 0) }, func() {
			copy(out[:n], x[:n])
			for i := 1; i < n; i++ {
				prev, row := out[(i-1)*n:i*n], out[i*n:(i+1)*n]
				for j, v := range x[i*n : (i+1)*n] {
					row[j] = prev[j] + v
				}
			}
		})
	})
}

// BenchmarkReduceSmall times Into reductions of a float32 [8,8] (float64
// for Mean), where the fixed cost of a call, checking the destination and
// planning the loops, is all there is; it reports allocations.
func BenchmarkReduceSmall(b *testing.B) {
	a := filledF32(8, 8)
	a64 := tensor.Must(tensor.Full[float64](1.5, 8, 8)).View()
	row := tensor.Must(tensor.New[float32](8)).View()
	row64 := tensor.Must(tensor.New[float64](8)).View()
	irow := tensor.Must(tensor.New[int](8)).View()
	all := tensor.Must(tensor.New[float32]()).View()
	for _, c := range []struct {
		name string
		f    func() error
	}{
		{"SumInto-first", func() error { return ops.SumInto(row, a, 0) }},
		{"SumInto-last", func() error { return ops.SumInto(row, a, 1) }},
		{"SumInto-all", func() error { return ops.SumInto(all, a) }},
		{"MaxInto-last", func() error { return ops.MaxInto(row, a, 1) }},
		{"MeanInto-first-f64", func() error { return ops.MeanInto(row64, a64, 0) }},
		{"ArgMaxInto-last", func() error { return ops.ArgMaxInto(irow, a, 1) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				if err := c.f(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkReduceColumns sums float32 matrices of few columns down their
// rows (column sums of an [N, C] table: C classes or features), about 4-6
// MiB each, and two of 64 MiB with rows of 1 and 4 KiB (read from
// memory), against the plain Go loop that adds row after row into the
// output; par=1 is one goroutine, par=default the package's default.
func BenchmarkReduceColumns(b *testing.B) {
	for _, s := range [][2]int{{400000, 3}, {240000, 5}, {100000, 10}, {100000, 15}, {100000, 16}, {50000, 32}, {20000, 100}, {8000, 127}, {8000, 128}, {65536, 256}, {16384, 1024}} {
		a := filledF32(s[0], s[1])
		x := a.Data()
		out := tensor.Must(tensor.New[float32](s[1])).View()
		sink := make([]float32, s[1])
		colLoop := func() {
			clear(sink)
			for i := range s[0] {
				for j, v := range x[i*s[1] : (i+1)*s[1]] {
					sink[j] += v
				}
			}
		}
		bytes := 4 * s[0] * s[1]
		for _, p := range []int{1, 0} {
			name := "default"
			if p == 1 {
				name = "1"
			}
			b.Run(fmt.Sprintf("%dx%d/par=%s/vs=loop", s[0], s[1], name), func(b *testing.B) {
				defer tensor.SetParallelism(tensor.SetParallelism(p))
				pairBench(b, bytes, bytes, "loop", func() { _ = ops.SumInto(out, a, 0) }, colLoop)
			})
		}
	}
}
