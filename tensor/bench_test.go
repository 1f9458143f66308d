package tensor_test

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/tessera-go/tessera/internal/simdhook"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/simd"
	"github.com/tessera-go/tessera/tensor"
)

// The materialization benchmarks of BENCHMARKS.md. Each case times, in the
// same loop, our copy and two copies of the same number of bytes between
// contiguous buffers: the builtin copy, and copy in 512 KiB chunks (below
// the size from which the runtime's memmove switches to non-temporal
// stores, which are slower on some CPUs). Bandwidth counts bytes read plus
// bytes written (twice the output). x-limit is our bandwidth over the
// faster of the two copies: 1.0 is the speed of copying contiguous memory.

const chunk = 512 << 10

func chunkedCopy(dst, src []byte) {
	for i := 0; i < len(dst); i += chunk {
		copy(dst[i:min(i+chunk, len(dst))], src[i:])
	}
}

// measure runs ours and the reference copies of bytes output bytes b.N
// times and reports the metrics. With alloc (for Clone, which allocates its
// result) it also times make plus copy of the same bytes, and reports
// x-make-copy, that time over ours. It also reports x-limit-p50, the median
// over the iterations of x-limit: when the runtime has just returned heap
// memory to the OS, an allocation is paged in again (one fault per 4 KiB
// page, several times the copy's own time), which the total of a few
// iterations mixes into x-limit; the median is the copy itself.
func measure(b *testing.B, bytes int, alloc bool, ours func()) {
	src := make([]byte, bytes)
	dst := make([]byte, bytes)
	for i := range src {
		src[i] = byte(i)
	}
	ours() // warm up: page in the destination
	copy(dst, src)
	b.SetBytes(int64(2 * bytes))
	b.ResetTimer()
	var t, c, cc, mc time.Duration
	ratios := make([]float64, 0, b.N)
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		ours()
		t1 := time.Now()
		copy(dst, src)
		t2 := time.Now()
		chunkedCopy(dst, src)
		t3 := time.Now()
		t, c, cc = t+t1.Sub(t0), c+t2.Sub(t1), cc+t3.Sub(t2)
		ratios = append(ratios, min(t2.Sub(t1), t3.Sub(t2)).Seconds()/t1.Sub(t0).Seconds())
		if alloc {
			fresh := make([]byte, bytes)
			copy(fresh, src)
			mc += time.Since(t3)
		}
	}
	b.StopTimer()
	gb := func(d time.Duration) float64 { return float64(2*bytes) * float64(b.N) / d.Seconds() / 1e9 }
	b.ReportMetric(gb(t), "GB/s")
	b.ReportMetric(gb(c), "copy-GB/s")
	b.ReportMetric(gb(cc), "chunked-GB/s")
	b.ReportMetric(gb(t)/max(gb(c), gb(cc)), "x-limit")
	b.ReportMetric(float64(t.Nanoseconds())/float64(b.N), "ours-ns/op")
	if alloc {
		b.ReportMetric(mc.Seconds()/t.Seconds(), "x-make-copy")
		slices.Sort(ratios)
		b.ReportMetric(ratios[len(ratios)/2], "x-limit-p50")
	}
}

type benchCase struct {
	name  string
	elem  int // bytes per element
	shape []int
	view  func(l layout.Layout) (layout.Layout, error)
	procs bool // also run with 2 goroutines
	clone bool // time Clone (which allocates) instead of CopyTo
}

// Every case of BenchmarkMaterialize but T2-u8 and T2-u16 runs on one
// goroutine and on two: the targets of the Generic level hold on the
// default parallelism (two goroutines on the 2-core machines measured),
// the others on one.

func benchCases() []benchCase {
	perm := func(axes ...int) func(layout.Layout) (layout.Layout, error) {
		return func(l layout.Layout) (layout.Layout, error) { return l.Permute(axes...) }
	}
	return []benchCase{
		{"T2-f32", 4, []int{8192, 8192}, perm(1, 0), true, false},
		{"T2-f64", 8, []int{4096, 4096}, perm(1, 0), true, false},
		{"P3-f32", 4, []int{256, 256, 256}, perm(2, 0, 1), true, false},
		{"NCHW-NHWC", 4, []int{32, 64, 56, 56}, perm(0, 2, 3, 1), true, false},
		{"Step2", 4, []int{4096, 8192}, func(l layout.Layout) (layout.Layout, error) { return l.Slice(1, 0, 8192, 2) }, true, false},
		{"Bcast", 4, []int{8192, 1}, func(l layout.Layout) (layout.Layout, error) { return l.Expand(8192, 8192) }, true, false},
		{"Flip", 4, []int{8192, 8192}, func(l layout.Layout) (layout.Layout, error) { return l.Flip(1) }, true, false},
		{"Contig", 4, []int{8192 * 8192}, func(l layout.Layout) (layout.Layout, error) { return l, nil }, true, true},
		// Transposes of 1- and 2-byte elements (pixels, int16 samples):
		// simd's byte and word tiles, no target of their own.
		{"T2-u8", 1, []int{8192, 8192}, perm(1, 0), false, false},
		{"T2-u16", 2, []int{8192, 8192}, perm(1, 0), false, false},
	}
}

func makeView[T tensor.Number](b *testing.B, c benchCase) tensor.View[T] {
	t := counting[T](sizeOf(c.shape))
	l, err := t.Layout().View(c.shape...)
	if err == nil {
		l, err = c.view(l)
	}
	if err != nil {
		b.Fatal(err)
	}
	return tensor.Must(tensor.NewView(t.Data(), l))
}

func sizeOf(shape []int) int {
	n := 1
	for _, d := range shape {
		n *= d
	}
	return n
}

// atLevels runs f as a sub-benchmark per SIMD level.
func atLevels(b *testing.B, f func(b *testing.B)) {
	for _, isa := range simdhook.Supported() {
		b.Run("level="+simd.ISA(isa).String(), func(b *testing.B) {
			restore, err := simdhook.SetLevel(isa)
			if err != nil {
				b.Skip(err)
			}
			defer restore()
			f(b)
		})
	}
}

func benchCopyTo[T tensor.Number](b *testing.B, c benchCase) {
	v := makeView[T](b, c)
	dst := make([]T, v.Size())
	procs := []int{1}
	if c.procs {
		procs = append(procs, 2)
	}
	for _, n := range procs {
		b.Run(fmt.Sprintf("procs=%d", n), func(b *testing.B) {
			prev := tensor.SetParallelism(n)
			defer tensor.SetParallelism(prev)
			measure(b, v.Size()*c.elem, c.clone, func() {
				if c.clone {
					_ = v.Clone()
				} else if err := v.CopyTo(dst); err != nil {
					b.Fatal(err)
				}
			})
		})
	}
}

// BenchmarkMaterialize is the table of BENCHMARKS.md: CopyTo into a
// preallocated buffer (Clone for Contig), per case, SIMD level and number
// of goroutines.
func BenchmarkMaterialize(b *testing.B) {
	for _, c := range benchCases() {
		b.Run(c.name, func(b *testing.B) {
			atLevels(b, func(b *testing.B) {
				switch c.elem {
				case 1:
					benchCopyTo[uint8](b, c)
				case 2:
					benchCopyTo[uint16](b, c)
				case 8:
					benchCopyTo[float64](b, c)
				default:
					benchCopyTo[float32](b, c)
				}
			})
		})
	}
}

// BenchmarkChannels times CopyTo of images of 2048x2048 pixels moved
// between channels-last [H,W,C] and channels-first [C,H,W] order, float32
// (16 to 64 MiB) and uint8 (the usual pixels, 8 to 16 MiB), per channel
// count and SIMD level, on one goroutine: transposes of few rows
// (HWC-CHW) or few columns (CHW-HWC), which simd's thin kernels take at
// the AVX2 and AVX512 levels. x-limit is as in BenchmarkMaterialize.
func BenchmarkChannels(b *testing.B) {
	perm := func(axes ...int) func(layout.Layout) (layout.Layout, error) {
		return func(l layout.Layout) (layout.Layout, error) { return l.Permute(axes...) }
	}
	for _, elem := range []int{4, 1} {
		counts := []int{2, 3, 4, 6, 8}
		if elem == 1 {
			counts = []int{3, 4}
		}
		for _, c := range counts {
			for _, bc := range []benchCase{
				{name: fmt.Sprintf("HWC-CHW/%dB/C=%d", elem, c), elem: elem, shape: []int{2048, 2048, c}, view: perm(2, 0, 1)},
				{name: fmt.Sprintf("CHW-HWC/%dB/C=%d", elem, c), elem: elem, shape: []int{c, 2048, 2048}, view: perm(1, 2, 0)},
			} {
				b.Run(bc.name, func(b *testing.B) {
					atLevels(b, func(b *testing.B) {
						if elem == 1 {
							benchCopyTo[uint8](b, bc)
						} else {
							benchCopyTo[float32](b, bc)
						}
					})
				})
			}
		}
	}
}

// BenchmarkSmallT2 times CopyTo of a transposed float32 [64,64] against the
// builtin copy of the same 16 KiB: per-call overhead dominates here.
// x-copy-time is our time over copy's (the target is at most 3).
func BenchmarkSmallT2(b *testing.B) {
	atLevels(b, func(b *testing.B) {
		v := makeView[float32](b, benchCase{shape: []int{64, 64}, view: func(l layout.Layout) (layout.Layout, error) { return l.Transpose(0, 1) }})
		dst := make([]float32, v.Size())
		src, cdst := make([]float32, v.Size()), make([]float32, v.Size())
		const reps = 64 // time batches: a single call is below the clock's resolution
		b.ResetTimer()
		var t, c time.Duration
		for i := 0; i < b.N; i++ {
			t0 := time.Now()
			for range reps {
				_ = v.CopyTo(dst)
			}
			t1 := time.Now()
			for range reps {
				copy(cdst, src)
			}
			t2 := time.Now()
			t, c = t+t1.Sub(t0), c+t2.Sub(t1)
		}
		b.ReportMetric(float64(t.Nanoseconds())/float64(b.N*reps), "ours-ns/op")
		b.ReportMetric(float64(c.Nanoseconds())/float64(b.N*reps), "copy-ns/op")
		b.ReportMetric(t.Seconds()/c.Seconds(), "x-copy-time")
	})
}

// BenchmarkContiguous compares Contiguous (which allocates) with make plus
// CopyTo of the transposed T2-f32 view; x-make-copyto is their time ratio
// (the target is at most 1). The two alternate which goes first: the
// allocation that crosses the heap goal pays for garbage collection work,
// and one that gets pages the runtime has returned to the OS pays to fault
// them in again.
func BenchmarkContiguous(b *testing.B) {
	v := makeView[float32](b, benchCases()[0])
	b.ReportAllocs()
	b.ResetTimer()
	var t, m time.Duration
	contiguous := func() {
		t0 := time.Now()
		_ = v.Contiguous()
		t += time.Since(t0)
	}
	makeCopyTo := func() {
		t0 := time.Now()
		dst := make([]float32, v.Size())
		_ = v.CopyTo(dst)
		m += time.Since(t0)
	}
	for i := 0; i < b.N; i++ {
		if i%2 == 0 {
			contiguous()
			makeCopyTo()
		} else {
			makeCopyTo()
			contiguous()
		}
	}
	b.ReportMetric(t.Seconds()/m.Seconds(), "x-make-copyto")
}

// BenchmarkContiguousShared shows that Contiguous of a contiguous view
// copies nothing: constant time, no allocation of the data.
func BenchmarkContiguousShared(b *testing.B) {
	v := tensor.Must(tensor.New[float32](4096, 4096)).View()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = v.Contiguous()
	}
}

// BenchmarkSmallCopy times CopyTo of a few tiny views, where the fixed cost
// of planning and dispatch is all there is.
func BenchmarkSmallCopy(b *testing.B) {
	for _, c := range []benchCase{
		{name: "T2-2x2", shape: []int{2, 2}, view: func(l layout.Layout) (layout.Layout, error) { return l.Transpose(0, 1) }},
		{name: "T2-16x16", shape: []int{16, 16}, view: func(l layout.Layout) (layout.Layout, error) { return l.Transpose(0, 1) }},
		{name: "P3-4x4x4", shape: []int{4, 4, 4}, view: func(l layout.Layout) (layout.Layout, error) { return l.Permute(2, 0, 1) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			v := makeView[float32](b, c)
			dst := make([]float32, v.Size())
			for i := 0; i < b.N; i++ {
				_ = v.CopyTo(dst)
			}
		})
	}
}

// BenchmarkBatchedTransposes times CopyTo of the last two axes of float32
// [n, m, m] transposed, alone and in batches: copies of at most 16 KiB run
// simd.TransposeHot, larger ones simd.Transpose, whose tiles differ at
// the avx512 level on Intel (see simd.TransposeHot). MB/s counts the bytes
// read and written.
func BenchmarkBatchedTransposes(b *testing.B) {
	for _, shape := range [][]int{{1, 32, 32}, {1, 64, 64}, {256, 32, 32}, {256, 64, 64}, {64, 128, 128}, {1, 512, 512}} {
		b.Run(fmt.Sprint(shape), func(b *testing.B) {
			v := makeView[float32](b, benchCase{shape: shape, view: func(l layout.Layout) (layout.Layout, error) { return l.Transpose(1, 2) }})
			dst := make([]float32, v.Size())
			b.SetBytes(int64(8 * v.Size()))
			for i := 0; i < b.N; i++ {
				_ = v.CopyTo(dst)
			}
		})
	}
}

// BenchmarkGathers times CopyTo of views whose copies are gathers (strided
// runs into a row-major destination) below the streaming size: the copy
// engine's own loop over runs the planner has proved in range. MB/s
// counts the bytes read and written.
func BenchmarkGathers(b *testing.B) {
	for _, c := range []benchCase{
		{name: "P3-4x8x4", shape: []int{4, 8, 4}, view: func(l layout.Layout) (layout.Layout, error) { return l.Permute(2, 0, 1) }},
		{name: "Flip-256x256", shape: []int{256, 256}, view: func(l layout.Layout) (layout.Layout, error) { return l.Flip(1) }},
		{name: "Step2-512x1024", shape: []int{512, 1024}, view: func(l layout.Layout) (layout.Layout, error) { return l.Slice(1, 0, 1024, 2) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			v := makeView[float32](b, c)
			dst := make([]float32, v.Size())
			b.SetBytes(int64(8 * v.Size()))
			for i := 0; i < b.N; i++ {
				_ = v.CopyTo(dst)
			}
		})
	}
}

var sinkElem float32

// BenchmarkAt times element access, At and Set along the diagonal of a
// float32 [64,64] (64 calls per op): the fixed cost of checking and
// computing one index.
func BenchmarkAt(b *testing.B) {
	t := tensor.Must(tensor.Full[float32](1.5, 64, 64))
	v := t.View()
	b.Run("View.At", func(b *testing.B) {
		var s float32
		for range b.N {
			for i := range 64 {
				s += v.At(i, i)
			}
		}
		sinkElem = s
	})
	b.Run("View.Set", func(b *testing.B) {
		for range b.N {
			for i := range 64 {
				v.Set(2, i, i)
			}
		}
	})
}
