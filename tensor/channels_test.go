package tensor_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tessera-go/tessera/internal/testlevel"
	"github.com/tessera-go/tessera/tensor"
)

// TestChannels moves images between channels-last [H,W,C] and
// channels-first [C,H,W] order, the transposes of few rows or columns
// that simd's thin kernels take at the AVX2 and AVX512 levels and that the copy
// engine runs as strided runs below simd.TransposeMinRows: C from 1 to 9
// and 17, at every level, with CopyTo into a new buffer and with CopyFrom
// into a permuted view of a buffer with guard cells around it; small, and
// (float32 and uint8, three and six channels, not in -short mode) large:
// millions of elements, the float32 ones streamed (8 MiB and more).
func TestChannels(t *testing.T) {
	testlevel.ForEachLevel(t, func(t *testing.T) {
		t.Run("float32", func(t *testing.T) { testChannels[float32](t) })
		t.Run("float64", func(t *testing.T) { testChannels[float64](t) })
		t.Run("int16", func(t *testing.T) { testChannels[int16](t) })
		t.Run("uint8", func(t *testing.T) { testChannels[uint8](t) })
	})
}

func testChannels[T float32 | float64 | int16 | uint8](t *testing.T) {
	type image struct{ h, w, c int }
	var cases []image
	for _, c := range []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 17} {
		cases = append(cases, image{5, 7, c}, image{16, 33, c})
	}
	var zero T
	switch any(zero).(type) {
	case float32, uint8:
		if !testing.Short() {
			cases = append(cases, image{1024, 1031, 3}, image{1024, 1031, 6})
		}
	}
	for _, im := range cases {
		n := im.h * im.w * im.c
		data := make([]T, n)
		for i := range data {
			data[i] = T(i % 101)
		}
		hwc := tensor.Must(tensor.FromSlice(data, im.h, im.w, im.c)).View()
		chw := tensor.Must(tensor.FromSlice(data, im.c, im.h, im.w)).View()
		for _, c := range []struct {
			name string
			v    tensor.View[T]
			perm []int
			// at returns the source element at index (i, j, k) of the
			// permuted view.
			at func(i, j, k int) T
		}{
			{"HWC to CHW", hwc, []int{2, 0, 1}, func(ch, y, x int) T { return data[(y*im.w+x)*im.c+ch] }},
			{"CHW to HWC", chw, []int{1, 2, 0}, func(y, x, ch int) T { return data[(ch*im.h+y)*im.w+x] }},
		} {
			name := fmt.Sprintf("%s %v", c.name, im)
			p := tensor.Must(c.v.Permute(c.perm...))
			sh := p.Shape()
			want := make([]T, 0, n)
			for i := range sh[0] {
				for j := range sh[1] {
					for k := range sh[2] {
						want = append(want, c.at(i, j, k))
					}
				}
			}
			got := make([]T, n)
			require.NoError(t, p.CopyTo(got), name)
			require.Equal(t, want, got, "%s: CopyTo", name)
			// CopyFrom into the same permutation of a buffer with guard
			// cells: the scatter back is the other thin transpose.
			const guard = 11
			buf := make([]T, n+2*guard)
			for i := range buf {
				buf[i] = 127 // no element of data
			}
			back := tensor.Must(tensor.FromSlice(buf[guard:guard+n], c.v.Shape()...)).View()
			require.NoError(t, tensor.Must(back.Permute(c.perm...)).CopyFrom(tensor.Must(tensor.FromSlice(got, sh...)).View()), name)
			require.Equal(t, data, buf[guard:guard+n], "%s: CopyFrom", name)
			for _, g := range append(buf[:guard], buf[guard+n:]...) {
				require.Equal(t, T(127), g, "%s: a guard cell changed", name)
			}
		}
	}
}
