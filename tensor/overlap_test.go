package tensor_test

import (
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tessera-go/tessera/internal/simdhook"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/simd"
	"github.com/tessera-go/tessera/tensor"
)

// TestFillLargeDisjoint pins issue 11.10: a destination of more than 2^22
// elements whose offsets are all distinct was refused with ErrOverlap.
func TestFillLargeDisjoint(t *testing.T) {
	l, err := layout.Strided([]int{1<<21 + 1, 2}, []int{2, 3}, 0)
	require.NoError(t, err)
	_, hi := l.Span()
	data := make([]int8, hi)
	v := tensor.Must(tensor.NewView(data, l))
	require.NoError(t, v.Fill(1))
	count := 0
	for _, x := range data {
		count += int(x)
	}
	assert.Equal(t, l.Size(), count, "every element written once")
}

// TestCopyUndecidedOverlap checks the distinct error for a destination
// whose overlap the bounded search cannot decide: it must not claim an
// overlap that may not exist, and it must not write.
func TestCopyUndecidedOverlap(t *testing.T) {
	l, err := layout.Strided(
		[]int{5, 4, 2, 4, 2, 5, 2, 4, 2, 5, 2},
		[]int{811088, 43625, 995417, 277804, 453926, 738600, 851781, 262615, 991929, 910178, 62403}, 0)
	require.NoError(t, err)
	require.Equal(t, layout.MayOverlap, l.SelfOverlap(), "the test needs a layout the search cannot decide")
	_, hi := l.Span()
	data := make([]int8, hi)
	v := tensor.Must(tensor.NewView(data, l))
	err = v.Fill(1)
	require.ErrorIs(t, err, layout.ErrOverlap)
	assert.Contains(t, err.Error(), "tensor: Fill: cannot decide within 1048576 steps whether destination layout")
	err = v.CopyFrom(tensor.Must(tensor.New[int8]()).View())
	require.ErrorIs(t, err, layout.ErrOverlap)
	assert.Contains(t, err.Error(), "tensor: CopyFrom: cannot decide")
	for i, x := range data {
		if x != 0 {
			t.Fatalf("element %d written on error", i)
		}
	}
}

// TestCopyBroadcastInsideDestination pins issue 11.11: copying a broadcast
// source that lies inside the destination snapshotted the whole expanded
// source (113 MiB for a 1-element source into 64 MiB); it must copy only
// the source's own span.
func TestCopyBroadcastInsideDestination(t *testing.T) {
	const n = 8 << 20 // 64 MiB of float64
	v := tensor.Must(tensor.Arange[float64](n)).View()
	one := tensor.Must(v.Slice(0, 5, 6, 1))
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	require.NoError(t, v.CopyFrom(one))
	runtime.ReadMemStats(&after)
	assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(1<<20), "bytes allocated by the copy")
	for i, x := range v.Data() {
		if x != 5 {
			t.Fatalf("element %d is %v, want 5", i, x)
		}
	}
	// A row broadcast over a matrix that holds it.
	m := tensor.Must(tensor.Arange[float64](12)).View()
	m = tensor.Must(m.View(3, 4))
	row := tensor.Must(m.Select(0, 1))
	require.NoError(t, m.CopyFrom(row))
	assert.Equal(t, []float64{4, 5, 6, 7, 4, 5, 6, 7, 4, 5, 6, 7}, m.Data())
	// A column with a stride, broadcast along rows: its span (9 elements)
	// is larger than its 3 elements, so it is packed instead.
	m = tensor.Must(tensor.Arange[float64](12)).View()
	m = tensor.Must(m.View(3, 4))
	col := tensor.Must(tensor.Must(m.Select(1, 2)).Unsqueeze(1))
	require.NoError(t, m.CopyFrom(col))
	assert.Equal(t, []float64{2, 2, 2, 2, 6, 6, 6, 6, 10, 10, 10, 10}, m.Data())
}

// TestSmallCopyDoesNotAllocate backs the promise of SetParallelism: copies
// below 4 MiB run on the calling goroutine without allocating. (Fill still
// allocates its one-element source: it escapes to the parallel path.)
func TestSmallCopyDoesNotAllocate(t *testing.T) {
	a := tensor.Must(tensor.New[float32](16, 16)).View()
	b := tensor.Must(a.Transpose(0, 1))
	dst := make([]float32, 256)
	assert.Zero(t, testing.AllocsPerRun(100, func() { _ = b.CopyTo(dst) }), "CopyTo")
	c := tensor.Must(tensor.New[float32](16, 16)).View()
	assert.Zero(t, testing.AllocsPerRun(100, func() { _ = c.CopyFrom(b) }), "CopyFrom")

	// A transposed float32 [1024,512] (2 MiB, source rows 4 KiB apart),
	// at every level: the Go twin's transposes of such rows take a scratch
	// buffer from a pool from 4 MiB on only. Each call is counted after
	// two collections, which empty the pool (AllocsPerRun's warm-up call
	// would fill it). The count is the process's: the runtime and the
	// testing package allocate now and then in a window of a millisecond
	// or two (once in 40 such windows with no call in them, 1 to 7
	// objects), so the test fails only when most of ten calls allocate, as
	// each does where the scratch is taken (4 objects a call). A -race
	// binary runs only the Go twins, and its runtime allocates more: it
	// skips this.
	if raceEnabled {
		return
	}
	big := tensor.Must(tensor.Must(tensor.New[float32](512, 1024)).View().Transpose(0, 1))
	bigDst := make([]float32, big.Size())
	for _, isa := range simdhook.Supported() {
		t.Run("level="+simd.ISA(isa).String(), func(t *testing.T) {
			restore, err := simdhook.SetLevel(isa)
			require.NoError(t, err)
			defer restore()
			allocating := 0 // calls during which the process allocated
			for range 10 {
				runtime.GC()
				runtime.GC()
				var before, after runtime.MemStats
				runtime.ReadMemStats(&before)
				require.NoError(t, big.CopyTo(bigDst))
				runtime.ReadMemStats(&after)
				if after.Mallocs != before.Mallocs {
					allocating++
				}
			}
			assert.Less(t, allocating, 5, "calls of 10 to CopyTo of a transposed [1024,512] that allocated")
		})
	}
}
