package ops_test

import (
	"fmt"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// TestUserPanicReachesCaller checks that a panic in the function of Map,
// MapInto, Zip or ZipInto reaches the caller's goroutine, where recover
// catches it, on inputs large enough to run on several goroutines,
// whichever goroutine's part panics; and that nothing is written into
// the destination after the call has panicked.
func TestUserPanicReachesCaller(t *testing.T) {
	const n = 1 << 21 // 8 MiB of float32: several goroutines
	defer tensor.SetParallelism(tensor.SetParallelism(4))
	src := tensor.Must(tensor.Arange[float32](n)).View()
	dst := tensor.Must(tensor.New[float32](n)).View()
	for _, at := range []float32{0, n / 2, n - 1} { // the caller's part, a worker's
		var calls atomic.Int64
		boom := fmt.Sprintf("boom at %v", at)
		f := func(x float32) float32 {
			calls.Add(1)
			if x == at {
				panic(boom)
			}
			return x
		}
		g := func(x, y float32) float32 { return f(x) + y }
		cases := map[string]func(){
			"Map":     func() { _, _ = ops.Map(src, f) },
			"MapInto": func() { _ = ops.MapInto(dst, src, f) },
			"Zip":     func() { _, _ = ops.Zip(src, src, g) },
			"ZipInto": func() { _ = ops.ZipInto(dst, src, src, g) },
		}
		for name, call := range cases {
			got := catch(call)
			require.Equal(t, boom, got, "%s, panic at element %v: recovered %v", name, at, got)
			// Every goroutine has stopped: nothing more is called or
			// written.
			before, snap := calls.Load(), slices.Clone(dst.Contiguous().Data())
			time.Sleep(20 * time.Millisecond)
			assert.Equal(t, before, calls.Load(), "%s: the function ran after the call panicked", name)
			assert.Equal(t, snap, dst.Contiguous().Data(), "%s: dst written after the call panicked", name)
		}
	}
}

// catch returns what f panics with, or nil.
func catch(f func()) (r any) {
	defer func() { r = recover() }()
	f()
	return nil
}
