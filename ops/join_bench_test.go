package ops_test

import (
	"testing"

	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// BenchmarkConcat joins two float32 [4096,2048] halves (64 MiB in all)
// into a preallocated [4096,4096] or [8192,2048] result, one goroutine,
// against copy() of the same bytes in the same run (x-copy near 1 is the
// copy engine's speed). Along axis 0 each half is one contiguous run;
// along axis 1 every row is two runs of 8 KiB.
func BenchmarkConcat(b *testing.B) {
	defer tensor.SetParallelism(tensor.SetParallelism(1))
	x, y := filledF32(4096, 2048), filledF32(4096, 2048)
	bytes := 2 * 4096 * 2048 * 4 * 2 // read and written
	for _, c := range []struct {
		name  string
		axis  int
		shape []int
	}{{"axis0", 0, []int{8192, 2048}}, {"axis1", 1, []int{4096, 4096}}} {
		dst := tensor.Must(tensor.New[float32](c.shape...)).View()
		b.Run(c.name+"/vs=copy", func(b *testing.B) {
			pairBench(b, bytes, bytes, "copy", func() {
				if err := ops.ConcatInto(dst, c.axis, x, y); err != nil {
					b.Fatal(err)
				}
			}, copyRef(bytes))
		})
	}
}
