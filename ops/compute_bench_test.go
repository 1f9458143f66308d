package ops_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// pairBench times ours and ref alternately in one loop, so that both see
// the same machine state, and reports both in GB/s (bytes read plus
// written per call: bytes for ours, refBytes for ref) and their ratio
// (x-<name>: ours over ref, above 1 is faster than ref).
func pairBench(b *testing.B, bytes, refBytes int, name string, ours, ref func()) {
	to, tr := pairTimes(b, ours, ref)
	b.ReportMetric(float64(bytes)*float64(b.N)/to.Seconds()/1e9, "GB/s")
	b.ReportMetric(float64(refBytes)*float64(b.N)/tr.Seconds()/1e9, "ref-GB/s")
	b.ReportMetric(float64(bytes)/to.Seconds()/(float64(refBytes)/tr.Seconds()), "x-"+name)
}

// pairTimes runs ours and ref once each, then b.N times alternately, and
// returns the total time of each in the timed loop.
func pairTimes(b *testing.B, ours, ref func()) (to, tr time.Duration) {
	ours()
	ref()
	b.ResetTimer()
	for range b.N {
		t0 := time.Now()
		ours()
		t1 := time.Now()
		ref()
		tr += time.Since(t1)
		to += t1.Sub(t0)
	}
	b.StopTimer()
	return to, tr
}

// addTransposed times AddInto of float32 [r,c] operands, one of them the
// transpose of a [c,r] matrix (the second input, or with dstT the
// destination), against the same sum of row-major operands.
func addTransposed(b *testing.B, bytes, r, c int, dstT bool) {
	x, y := filledF32(r, c), filledF32(r, c)
	out := tensor.Must(tensor.New[float32](r, c)).View()
	dst, in := out, tensor.Must(filledF32(c, r).Transpose(0, 1))
	if dstT {
		dst, in = tensor.Must(tensor.Must(tensor.New[float32](c, r)).View().Transpose(0, 1)), y
	}
	pairBench(b, bytes, bytes, "Add", func() { _ = ops.AddInto(dst, x, in) }, func() { _ = ops.AddInto(out, x, y) })
}

func filledF32(shape ...int) tensor.View[float32] {
	t := tensor.Must(tensor.New[float32](shape...))
	for i := range t.Data() {
		t.Data()[i] = float32(i%1000) * 0.5
	}
	return t.View()
}

// copyRef returns a copy() that moves the same bytes as an operation that
// reads and writes total bytes of float32.
func copyRef(total int) func() {
	n := total / 2 / 4
	src, dst := make([]float32, n), make([]float32, n)
	for i := range src { // pages of its own: an untouched src reads the zero page
		src[i] = 1
	}
	return func() { copy(dst, src) }
}

// BenchmarkCompute runs the cases of issue 12 on float32 [4096,4096], on
// one goroutine unless the name says otherwise.
func BenchmarkCompute(b *testing.B) {
	const n = 4096
	a, c := filledF32(n, n), filledF32(n, n)
	out := tensor.Must(tensor.New[float32](n, n)).View()
	ct := tensor.Must(c.Transpose(0, 1))
	bias := filledF32(n)
	bytes := 3 * n * n * 4
	defer tensor.SetParallelism(tensor.SetParallelism(1))
	b.Run("Add/vs=copy", func(b *testing.B) {
		pairBench(b, bytes, bytes, "copy", func() { _ = ops.AddInto(out, a, c) }, copyRef(bytes))
	})
	b.Run("Add/vs=loop", func(b *testing.B) {
		x, y, d := a.Data(), c.Data(), out.Data()
		pairBench(b, bytes, bytes, "loop", func() { _ = ops.AddInto(out, a, c) }, func() {
			for i := range d {
				d[i] = x[i] + y[i]
			}
		})
	})
	b.Run("Add-T/vs=Add", func(b *testing.B) {
		pairBench(b, bytes, bytes, "Add", func() { _ = ops.AddInto(out, a, ct) }, func() { _ = ops.AddInto(out, a, c) })
	})
	b.Run("Add-dstT/vs=Add", func(b *testing.B) {
		// The destination transposed: each slab is computed in scratch
		// and transposed into out's columns.
		outT := tensor.Must(out.Transpose(0, 1))
		pairBench(b, bytes, bytes, "Add", func() { _ = ops.AddInto(outT, a, c) }, func() { _ = ops.AddInto(out, a, c) })
	})
	b.Run("Add-flip/vs=Add", func(b *testing.B) {
		// b's columns reversed: each slab is staged by the copier's
		// reversals of flipped runs.
		cf := tensor.Must(c.Flip(1))
		pairBench(b, bytes, bytes, "Add", func() { _ = ops.AddInto(out, a, cf) }, func() { _ = ops.AddInto(out, a, c) })
	})
	b.Run("Add-T-tall/vs=Add", func(b *testing.B) {
		// [65536,256] + ([256,65536]).T: each slab of the staged operand
		// reads its source rows 4 KiB at a time, 256 KiB apart.
		addTransposed(b, bytes, 65536, 256, false)
	})
	b.Run("Add-T-wide/vs=Add", func(b *testing.B) {
		// [256,65536] + ([65536,256]).T: the staged operand's source rows
		// are 1 KiB long, so the slabs split the columns (a slab of 4 of
		// the destination's rows would read 16 bytes of each).
		addTransposed(b, bytes, 256, 65536, false)
	})
	b.Run("Add-dstT-wide/vs=Add", func(b *testing.B) {
		// The transpose of a [65536,256] as the destination of a
		// [256,65536] sum: computed in scratch, in slabs of columns, each
		// written into whole rows of it.
		addTransposed(b, bytes, 256, 65536, true)
	})
	b.Run("Add-bias/vs=Add", func(b *testing.B) {
		// Per byte: the bias case reads one matrix less.
		pairBench(b, 2*n*n*4+n*4, bytes, "Add", func() { _ = ops.AddInto(out, a, bias) }, func() { _ = ops.AddInto(out, a, c) })
	})
	b.Run("Add-alloc/vs=make+AddInto", func(b *testing.B) {
		pairBench(b, bytes, bytes, "make+AddInto", func() { _, _ = ops.Add(a, c) }, func() {
			o := tensor.Must(tensor.New[float32](n, n)).View()
			_ = ops.AddInto(o, a, c)
		})
	})
	b.Run("Add/procs=2/vs=procs=1", func(b *testing.B) {
		tensor.SetParallelism(2)
		defer tensor.SetParallelism(1)
		pairBench(b, bytes, bytes, "procs1", func() { _ = ops.AddInto(out, a, c) }, func() {
			tensor.SetParallelism(1)
			_ = ops.AddInto(out, a, c)
			tensor.SetParallelism(2)
		})
	})
	b.Run("Cast/vs=copy", func(b *testing.B) {
		// float32 to float64: reads 4 and writes 8 bytes an element.
		out64 := tensor.Must(tensor.New[float64](n, n)).View()
		cb := n * n * 12
		pairBench(b, cb, cb, "copy", func() { _ = ops.ConvertInto(out64, a) }, copyRef(cb))
	})
	const m = 256
	sa, sc := filledF32(m, m), filledF32(m, m)
	sout := tensor.Must(tensor.New[float32](m, m)).View()
	b.Run("Add-small/vs=loop", func(b *testing.B) {
		x, y, d := sa.Data(), sc.Data(), sout.Data()
		pairBench(b, 3*m*m*4, 3*m*m*4, "loop", func() { _ = ops.AddInto(sout, sa, sc) }, func() {
			for i := range d {
				d[i] = x[i] + y[i]
			}
		})
	})
}

// BenchmarkComputeSmall times Into forms on float32 [8,8] (a bias row, a
// transposed input and conversions to float64 and int32 among them), where the fixed cost of a call, checking
// the destination and planning the loop, is most of the time, as
// BenchmarkReduceSmall does for reductions; it reports allocations.
func BenchmarkComputeSmall(b *testing.B) {
	a, c := filledF32(8, 8), filledF32(8, 8)
	at := tensor.Must(a.Transpose(0, 1))
	row := tensor.Must(filledF32(8).Unsqueeze(0))
	d := tensor.Must(tensor.New[float32](8, 8)).View()
	d64, d32 := tensor.Must(tensor.New[float64](8, 8)).View(), tensor.Must(tensor.New[int32](8, 8)).View()
	r8, i8 := tensor.Must(tensor.New[float32](8)).View(), tensor.Must(tensor.New[int](8)).View()
	for _, cs := range []struct {
		name string
		f    func() error
	}{
		{"AddInto", func() error { return ops.AddInto(d, a, c) }},
		{"AddInto-row", func() error { return ops.AddInto(d, a, row) }},
		{"AddInto-T", func() error { return ops.AddInto(d, at, c) }},
		{"MulScalarInto", func() error { return ops.MulScalarInto(d, a, 2) }},
		{"NegInto", func() error { return ops.NegInto(d, a) }},
		{"CumSumInto-last", func() error { return ops.CumSumInto(d, a, 1) }},
		{"ConvertInto-f64", func() error { return ops.ConvertInto(d64, a) }},
		{"ConvertInto-int32", func() error { return ops.ConvertInto(d32, a) }},
		{"SumInto-cols", func() error { return ops.SumInto(r8, a, 0) }},
		{"MeanInto-cols", func() error { return ops.MeanInto(r8, a, 0) }},
		{"ArgMaxInto-cols", func() error { return ops.ArgMaxInto(i8, a, 0) }},
		{"VarInto-rows", func() error { return ops.VarianceDdofInto(r8, a, 0, 1) }},
		{"StdInto-cols", func() error { return ops.StdDevDdofInto(r8, a, 1, 0) }},
		{"PowInto", func() error { return ops.PowInto(d, a, c) }},
	} {
		b.Run(cs.name, func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				if err := cs.f(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkComputeStrided times elementwise operations on strided views of
// small and mid-size float32 (and int32) matrices against the same
// operation on contiguous ones of the same shape, in the same loop: x-flat
// is the strided case's speed over the contiguous one's (1 is as fast).
// Cases: a transposed input (T), a transposed destination (dstT), an input
// stepped by 2 (step2), an input flipped along its rows (flip); a
// conversion of a transposed input to float64 (Convert-T-f64).
func BenchmarkComputeStrided(b *testing.B) {
	defer tensor.SetParallelism(tensor.SetParallelism(1))
	for _, n := range []int{16, 64, 127, 256} {
		a, c := filledF32(n, n), filledF32(n, n)
		out := tensor.Must(tensor.New[float32](n, n)).View()
		ct := tensor.Must(c.Transpose(0, 1))
		outT := tensor.Must(out.Transpose(0, 1))
		wide := filledF32(n, 2*n)
		step := tensor.Must(wide.Slice(1, 0, 2*n, 2))
		flip := tensor.Must(c.Flip(1))
		ai, ci := tensor.Must(tensor.New[int32](n, n)).View(), tensor.Must(tensor.New[int32](n, n)).View()
		outi := tensor.Must(tensor.New[int32](n, n)).View()
		cit := tensor.Must(ci.Transpose(0, 1))
		out64 := tensor.Must(tensor.New[float64](n, n)).View()
		bytes := 3 * n * n * 4
		add := func() { _ = ops.AddInto(out, a, c) }
		for _, cs := range []struct {
			name       string
			ours, flat func()
			bytes      int
		}{
			{"Add-T", func() { _ = ops.AddInto(out, a, ct) }, add, bytes},
			{"Add-dstT", func() { _ = ops.AddInto(outT, a, c) }, add, bytes},
			{"Add-step2", func() { _ = ops.AddInto(out, a, step) }, add, bytes},
			{"Add-flip", func() { _ = ops.AddInto(out, a, flip) }, add, bytes},
			{"Neg-T", func() { _ = ops.NegInto(out, ct) }, func() { _ = ops.NegInto(out, c) }, 2 * n * n * 4},
			{"Add-T-int32", func() { _ = ops.AddInto(outi, ai, cit) }, func() { _ = ops.AddInto(outi, ai, ci) }, bytes},
			{"Convert-T-f64", func() { _ = ops.ConvertInto(out64, ct) }, func() { _ = ops.ConvertInto(out64, c) }, 12 * n * n},
		} {
			b.Run(fmt.Sprintf("%s/n=%d", cs.name, n), func(b *testing.B) {
				pairBench(b, cs.bytes, cs.bytes, "flat", cs.ours, cs.flat)
			})
		}
	}
}

// BenchmarkComputeBias adds a row broadcast over the rows of float32
// [N, n] matrices of short rows (about 4.8 MB each), one goroutine,
// against the plain Go loop in the same loop (x-loop: ours over the
// loop's speed); GB/s = bytes read + written.
func BenchmarkComputeBias(b *testing.B) {
	defer tensor.SetParallelism(tensor.SetParallelism(1))
	for _, s := range [][2]int{{400000, 3}, {100000, 10}, {50000, 24}, {20000, 64}} {
		rows, n := s[0], s[1]
		a, bias := filledF32(rows, n), filledF32(n)
		out := tensor.Must(tensor.New[float32](rows, n)).View()
		x, y, d := a.Data(), bias.Data(), out.Data()
		bytes := 2*rows*n*4 + n*4
		b.Run(fmt.Sprintf("%dx%d/vs=loop", rows, n), func(b *testing.B) {
			pairBench(b, bytes, bytes, "loop", func() { _ = ops.AddInto(out, a, bias) }, func() {
				for i := range rows {
					for j, v := range x[i*n : i*n+n] {
						d[i*n+j] = v + y[j]
					}
				}
			})
		})
	}
}

// BenchmarkComputeWide times AddInto of float32 [r,c] operands of 64 MiB
// with a transposed input (T) or destination (dstT) whose own rows are
// short, against the same sum of row-major operands (x-Add), on one
// goroutine: the slabs' shapes where the destination's rows are long (see
// ops' resplit). r=256 is BenchmarkCompute's Add-T-wide and Add-dstT-wide.
// Convert-T-f64 converts such a transposed float32 input to float64
// (slabs sized by the float64 elements), against the conversion of a
// row-major one (x-flat).
func BenchmarkComputeWide(b *testing.B) {
	defer tensor.SetParallelism(tensor.SetParallelism(1))
	const n = 4096
	bytes := 3 * n * n * 4
	for _, r := range []int{64, 128, 512, 1024} {
		c := n * n / r
		b.Run(fmt.Sprintf("T/r=%d/vs=Add", r), func(b *testing.B) { addTransposed(b, bytes, r, c, false) })
		b.Run(fmt.Sprintf("dstT/r=%d/vs=Add", r), func(b *testing.B) { addTransposed(b, bytes, r, c, true) })
	}
	for _, r := range []int{128, 256} {
		c := n * n / r
		b.Run(fmt.Sprintf("Convert-T-f64/r=%d/vs=flat", r), func(b *testing.B) {
			in := tensor.Must(filledF32(c, r).Transpose(0, 1))
			flat := filledF32(r, c)
			out := tensor.Must(tensor.New[float64](r, c)).View()
			pairBench(b, 12*r*c, 12*r*c, "flat", func() { _ = ops.ConvertInto(out, in) }, func() { _ = ops.ConvertInto(out, flat) })
		})
	}
}
