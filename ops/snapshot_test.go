package ops_test

import (
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// allocated returns the bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestSnapshotOfBroadcast checks that an input that is a broadcast of (or
// over) its destination is read from a snapshot of its span, not of its
// elements: SumInto(d, Expand(d, 1<<22, 4), 0) allocated 64 MiB, and
// with 1<<40 rows ended the program.
func TestSnapshotOfBroadcast(t *testing.T) {
	const rows = 1 << 22
	d := tensor.Must(tensor.FromSlice([]float32{1, 2, 3, 4}, 4)).View()
	big := tensor.Must(d.Expand(rows, 4))
	intoD := map[string]func() error{
		"SumInto":  func() error { return ops.SumInto(d, big, 0) },
		"MaxInto":  func() error { return ops.MaxInto(d, big, 0) },
		"MeanInto": func() error { return ops.MeanInto(d, big, 0) },
	}
	want := map[string][]float32{
		"SumInto":  {rows, 2 * rows, 3 * rows, 4 * rows},
		"MaxInto":  {1, 2, 3, 4},
		"MeanInto": {1, 2, 3, 4},
	}
	for name, f := range intoD {
		require.NoError(t, d.CopyFrom(tensor.Must(tensor.FromSlice([]float32{1, 2, 3, 4}, 4)).View()))
		var err error
		n := allocated(func() { err = f() })
		require.NoError(t, err, name)
		assert.Less(t, n, uint64(1<<20), "%s of a broadcast of its destination allocated %d bytes", name, n)
		assert.Equal(t, want[name], valuesOf(d), name)
	}

	m := tensor.Must(tensor.Full[float32](1, 4096, 1024)).View()
	row := tensor.Must(m.Select(0, 0))
	rowsOfRow := tensor.Must(row.Expand(4096, 1024))
	n := allocated(func() { require.NoError(t, ops.AddInto(m, m, rowsOfRow)) })
	assert.Less(t, n, uint64(1<<20), "AddInto of an expanded row of dst allocated %d bytes", n)
	assert.Equal(t, float32(2), m.At(4095, 1023))

	c := tensor.Must(tensor.Full[float32](1, 2, 4096, 1024)).View()
	first := tensor.Must(tensor.Must(c.Select(0, 0)).Select(0, 0))
	spread := tensor.Must(tensor.Must(first.Expand(4096, 1024)).Unsqueeze(0))
	other := tensor.Must(tensor.Full[float32](5, 1, 4096, 1024)).View()
	n = allocated(func() { require.NoError(t, ops.ConcatInto(c, 0, other, spread)) })
	assert.Less(t, n, uint64(1<<20), "ConcatInto of an expanded row of dst allocated %d bytes", n)
	assert.Equal(t, float32(5), c.At(0, 4095, 1023))
	assert.Equal(t, float32(1), c.At(1, 4095, 1023))
}

func valuesOf[T tensor.Number](v tensor.View[T]) []T { return v.Contiguous().Data() }
