package ops_test

import (
	"errors"
	"testing"
	"time"

	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// Each view operation on a rank-4 float32 tensor [8 16 32 64]: metadata
// only, so ns/op stays flat whatever the size, with 0 allocs/op.
func BenchmarkViewOps(b *testing.B) {
	v := tensor.Must(tensor.New[float32](8, 16, 32, 64)).View()
	one := tensor.Must(ops.Unsqueeze(v, 1))
	col := tensor.Must(ops.Slice(v, 3, 0, 1, 1))
	for _, bc := range []struct {
		name string
		op   func() (tensor.View[float32], error)
	}{
		{"Permute", func() (tensor.View[float32], error) { return ops.Permute(v, 0, 2, 3, 1) }},
		{"Transpose", func() (tensor.View[float32], error) { return ops.Transpose(v, 1, 3) }},
		{"Squeeze", func() (tensor.View[float32], error) { return ops.Squeeze(one) }},
		{"Unsqueeze", func() (tensor.View[float32], error) { return ops.Unsqueeze(v, -1) }},
		{"Slice", func() (tensor.View[float32], error) { return ops.Slice(v, 2, 1, 31, 2) }},
		{"Flip", func() (tensor.View[float32], error) { return ops.Flip(v, 1, 3) }},
		{"Expand", func() (tensor.View[float32], error) { return ops.Expand(col, 4, 8, 16, 32, 64) }},
		{"View", func() (tensor.View[float32], error) { return ops.View(v, 128, -1) }},
		{"Reshape", func() (tensor.View[float32], error) { return ops.Reshape(v, 8, 16, 2048) }},
		{"Flatten", func() (tensor.View[float32], error) { return ops.Flatten(v) }},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := bc.op(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// fixedView is the simplest possible Go view: fixed-size arrays, no checks
// beyond the axes. BenchmarkFixedArrayPermute is the floor that
// BenchmarkViewOps/Permute is compared with, in the same run.
type fixedView struct {
	data           []float32
	shape, strides [4]int
	off            int
}

//go:noinline
func fixedPermute(v fixedView, axes ...int) (fixedView, error) {
	out := fixedView{data: v.data, off: v.off}
	var seen [4]bool
	for i, a := range axes {
		if a < 0 || a >= 4 || seen[a] {
			return fixedView{}, errors.New("bad axis")
		}
		seen[a] = true
		out.shape[i], out.strides[i] = v.shape[a], v.strides[a]
	}
	return out, nil
}

func BenchmarkFixedArrayPermute(b *testing.B) {
	v := fixedView{data: make([]float32, 8*16*32*64), shape: [4]int{8, 16, 32, 64}, strides: [4]int{32768, 2048, 64, 1}}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := fixedPermute(v, 0, 2, 3, 1); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPermute times ops.Permute of a rank-4 view against the
// fixed-array floor (fixedPermute), alternating batches of both in the same
// loop so that machine noise hits both alike. It reports
//
//	permute-ns  ns per ops.Permute
//	floor-ns    ns per fixedPermute
//	x-floor     their ratio
func BenchmarkPermute(b *testing.B) {
	v := tensor.Must(tensor.New[float32](8, 16, 32, 64)).View()
	f := fixedView{data: v.Data(), shape: [4]int{8, 16, 32, 64}, strides: [4]int{32768, 2048, 64, 1}}
	const batch = 256
	var ours, floor time.Duration
	b.ReportAllocs()
	for i := 0; i < b.N; i += batch {
		t0 := time.Now()
		for range batch {
			if _, err := ops.Permute(v, 0, 2, 3, 1); err != nil {
				b.Fatal(err)
			}
		}
		t1 := time.Now()
		for range batch {
			if _, err := fixedPermute(f, 0, 2, 3, 1); err != nil {
				b.Fatal(err)
			}
		}
		ours, floor = ours+t1.Sub(t0), floor+time.Since(t1)
	}
	n := float64((b.N + batch - 1) / batch * batch)
	b.ReportMetric(float64(ours.Nanoseconds())/n, "permute-ns")
	b.ReportMetric(float64(floor.Nanoseconds())/n, "floor-ns")
	b.ReportMetric(float64(ours)/float64(floor), "x-floor")
}
