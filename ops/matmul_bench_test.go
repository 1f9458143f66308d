package ops_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// BenchmarkMatMul times square products of float32 and float64, with a
// transposed first operand (a.T @ b, "T"), and a batch of small ones, on
// one goroutine: GFLOP/s counts 2·m·n·k flops, and x-loop is the rate over
// that of the plain i-k-j Go loop on the same operands in the same run.
func BenchmarkMatMul(b *testing.B) {
	defer tensor.SetParallelism(tensor.SetParallelism(1))
	for _, n := range []int{64, 256, 1024} {
		b.Run(fmt.Sprintf("f32/%d", n), func(b *testing.B) { benchMatMul[float32](b, n, false) })
		b.Run(fmt.Sprintf("f32-T/%d", n), func(b *testing.B) { benchMatMul[float32](b, n, true) })
		b.Run(fmt.Sprintf("f64/%d", n), func(b *testing.B) { benchMatMul[float64](b, n, false) })
	}
	b.Run("f32/batch-4096x8x8", func(b *testing.B) {
		x := tensor.Must(tensor.Full[float32](0.5, 4096, 8, 8))
		out := tensor.Must(tensor.New[float32](4096, 8, 8))
		b.ResetTimer()
		for range b.N {
			_ = ops.MatMulInto(out, x, x)
		}
		b.ReportMetric(2*4096*512*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
	})
}

func benchMatMul[T float32 | float64](b *testing.B, n int, transposed bool) {
	x := tensor.Must(tensor.Full[T](0.5, n, n))
	y := tensor.Must(tensor.Full[T](0.25, n, n))
	out := tensor.Must(tensor.New[T](n, n))
	a := x.View()
	if transposed {
		a = tensor.Must(x.Transpose(0, 1))
	}
	loop := func() {
		xd, yd, od := x.Data(), y.Data(), out.Data()
		clear(od)
		for i := range n {
			row := od[i*n : i*n+n]
			for p := range n {
				s := xd[i*n+p]
				for j, v := range yd[p*n : p*n+n] {
					row[j] += s * v
				}
			}
		}
	}
	reps := max(1, (1<<26)/(n*n*n))
	b.ResetTimer()
	var ours, ref float64
	loops := 0
	for range b.N {
		t := testingNow()
		for range reps {
			_ = ops.MatMulInto(out, a, y)
		}
		ours += since(t)
		if n <= 256 {
			t = testingNow()
			loop()
			ref += since(t)
			loops++
		}
	}
	flop := 2 * float64(n) * float64(n) * float64(n)
	rate := flop * float64(reps) * float64(b.N) / ours
	b.ReportMetric(rate/1e9, "GFLOP/s")
	if loops > 0 {
		b.ReportMetric(rate/(flop*float64(loops)/ref), "x-loop")
	}
}

func testingNow() time.Time { return time.Now() }

func since(t time.Time) float64 { return time.Since(t).Seconds() }
