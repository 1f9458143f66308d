package ops_test

import (
	"testing"

	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// BenchmarkConcat joins two float32 [4096,2048] halves (64 MiB in all)
// into a preallocated [4096,4096] or [8192,2048] result, one goroutine,
// against copy() of the same bytes in the same run (x-copy near 1 is the
// copier's speed). Along axis 0 each half is one contiguous run;
// along axis 1 every row is two runs of 8 KiB. The T cases join eight
// transposed float32 [1024,1024] (4 MiB each, 32 MiB in all), each a
// transpose of its own into the result, whose size, not the view's, makes
// them stream (see Concat).
func BenchmarkConcat(b *testing.B) {
	defer tensor.SetParallelism(tensor.SetParallelism(1))
	x, y := filledF32(4096, 2048), filledF32(4096, 2048)
	var ts []tensor.View[float32]
	for range 8 {
		ts = append(ts, tensor.Must(filledF32(1024, 1024).Transpose(0, 1)))
	}
	for _, c := range []struct {
		name  string
		axis  int
		shape []int
		views []tensor.View[float32]
	}{
		{"axis0", 0, []int{8192, 2048}, []tensor.View[float32]{x, y}},
		{"axis1", 1, []int{4096, 4096}, []tensor.View[float32]{x, y}},
		{"T-axis0", 0, []int{8192, 1024}, ts},
		{"T-axis1", 1, []int{1024, 8192}, ts},
	} {
		dst := tensor.Must(tensor.New[float32](c.shape...)).View()
		bytes := 2 * dst.Size() * 4 // read and written
		b.Run(c.name+"/vs=copy", func(b *testing.B) {
			pairBench(b, bytes, bytes, "copy", func() {
				if err := ops.ConcatInto(dst, c.axis, c.views...); err != nil {
					b.Fatal(err)
				}
			}, copyRef(bytes))
		})
	}
}
