package tensor_test

import (
	"testing"
	"time"

	"github.com/tessera-go/tessera/tensor"
)

// benchMaterialize times fn, which materializes n elements of size bytes
// each, and the builtin copy of the same bytes in the same run. It reports
// bandwidth as bytes read plus bytes written, and x-copy: our bandwidth over
// copy's (1.0 means as fast as copying contiguous memory).
func benchMaterialize(b *testing.B, n, size int, fn func()) {
	src := make([]byte, n*size)
	dst := make([]byte, n*size)
	b.SetBytes(int64(2 * n * size))
	b.ResetTimer()
	var ours, base time.Duration
	for i := 0; i < b.N; i++ {
		start := time.Now()
		fn()
		mid := time.Now()
		copy(dst, src)
		ours += mid.Sub(start)
		base += time.Since(mid)
	}
	b.StopTimer()
	bytes := float64(2*n*size) * float64(b.N)
	b.ReportMetric(bytes/ours.Seconds()/1e9, "GB/s")
	b.ReportMetric(bytes/base.Seconds()/1e9, "copy-GB/s")
	b.ReportMetric(base.Seconds()/ours.Seconds(), "x-copy")
}

func transposed(b *testing.B, n int) tensor.View[float32] {
	t := tensor.Must(tensor.New[float32](n, n))
	for i := range t.Data() {
		t.Data()[i] = float32(i)
	}
	l, err := t.Layout().Transpose(0, 1)
	if err != nil {
		b.Fatal(err)
	}
	return tensor.Must(tensor.NewView(t.Data(), l))
}

// BenchmarkContiguousTransposed materializes a transposed 4096x4096 float32
// (64 MiB) into a fresh buffer.
func BenchmarkContiguousTransposed(b *testing.B) {
	v := transposed(b, 4096)
	benchMaterialize(b, v.Size(), 4, func() { _ = v.Contiguous() })
}

// BenchmarkCopyToTransposed materializes the same view into a preallocated
// buffer.
func BenchmarkCopyToTransposed(b *testing.B) {
	v := transposed(b, 4096)
	dst := make([]float32, v.Size())
	benchMaterialize(b, v.Size(), 4, func() { _ = v.CopyTo(dst) })
}

// BenchmarkContiguousShared shows that a contiguous view costs no copy.
func BenchmarkContiguousShared(b *testing.B) {
	v := tensor.Must(tensor.New[float32](4096, 4096)).View()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = v.Contiguous()
	}
}
