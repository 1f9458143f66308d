package ops_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// TestDiagonalWrites checks that the diagonal shares data: a copy into it
// writes the matrix's diagonal and nothing else, on a transposed matrix
// too.
func TestDiagonalWrites(t *testing.T) {
	m := tensor.Must(tensor.New[int](3, 4))
	mt := tensor.Must(m.Transpose(0, 1)) // [4 3]
	d := tensor.Must(ops.Diagonal(mt, -1, 0, 1))
	require.Equal(t, []int{3}, d.Shape())
	require.NoError(t, d.CopyFrom(tensor.Must(tensor.FromSlice([]int{7, 8, 9}, 3)).View()))
	// mt[i+1][i] is m[i][i+1].
	assert.Equal(t, []int{
		0, 7, 0, 0,
		0, 0, 8, 0,
		0, 0, 0, 9,
	}, m.Data())
	sum := tensor.Must(ops.Sum(tensor.Must(m.Diagonal(1, 0, 1)))) // the trace above the diagonal
	assert.Equal(t, 24, sum.At())
}

// TestWindowsReadOnly checks that overlapping windows read every element
// they name and refuse to be written, while disjoint ones can be.
func TestWindowsReadOnly(t *testing.T) {
	x := tensor.Must(tensor.Arange[float64](8))
	w := tensor.Must(ops.Windows(x.View(), 0, 3, 1))
	require.Equal(t, []int{6, 3}, w.Shape())
	for i := range 6 {
		for j := range 3 {
			require.Equal(t, float64(i+j), w.At(i, j))
		}
	}
	before := append([]float64(nil), x.Data()...)
	err := w.Fill(1)
	require.True(t, errors.Is(err, layout.ErrOverlap), "%v", err)
	err = ops.AddScalarInto(w, w, 1)
	require.True(t, errors.Is(err, layout.ErrOverlap), "%v", err)
	assert.Equal(t, before, x.Data(), "nothing written on error")

	// Windows that do not overlap are an ordinary view.
	d := tensor.Must(ops.Windows(x.View(), 0, 2, 2))
	require.NoError(t, d.Fill(-1))
	assert.Equal(t, []float64{-1, -1, -1, -1, -1, -1, -1, -1}, x.Data())

	// Sums of every window of three: a moving sum without a copy.
	y := tensor.Must(tensor.Arange[float64](8))
	s := tensor.Must(ops.Sum(tensor.Must(ops.Windows(y.View(), 0, 3, 1)), -1))
	assert.Equal(t, []float64{3, 6, 9, 12, 15, 18}, s.Data())
}

// TestIm2col checks windows over two axes of an NCHW batch against the
// definition, and that copying them out gives im2col's matrix.
func TestIm2col(t *testing.T) {
	const n, c, h, w, k = 2, 3, 5, 6, 3
	x := tensor.Must(tensor.Arange[int32](n * c * h * w))
	img := tensor.Must(x.Reshape(n, c, h, w))
	win := tensor.Must(ops.Windows(img, 2, k, 1))
	win = tensor.Must(ops.Windows(win, 3, k, 2))
	oh, ow := h-k+1, (w-k)/2+1
	require.Equal(t, []int{n, c, oh, ow, k, k}, win.Shape())
	cols := tensor.Must(ops.Permute(win, 0, 2, 3, 1, 4, 5)).Contiguous() // [N OH OW C KH KW]
	mat := tensor.Must(cols.Reshape(n*oh*ow, c*k*k))
	for b := range n {
		for i := range oh {
			for j := range ow {
				for ch := range c {
					for p := range k {
						for q := range k {
							row, col := (b*oh+i)*ow+j, (ch*k+p)*k+q
							require.Equal(t, img.At(b, ch, i+p, 2*j+q), mat.At(row, col))
						}
					}
				}
			}
		}
	}
}

func TestDiagonalWindowsErrors(t *testing.T) {
	m := tensor.Must(tensor.New[float32](3, 4))
	_, err := ops.Diagonal(m.View(), 0, 1, 1)
	require.True(t, errors.Is(err, layout.ErrDuplicateAxis), "%v", err)
	assert.EqualError(t, err, "tensor: Diagonal: shape [3 4]: layout: Diagonal: axis1 1 and axis2 1 are the same axis")
	_, err = ops.Windows(m.View(), 1, 5, 1)
	require.True(t, errors.Is(err, layout.ErrIndex), "%v", err)
	assert.EqualError(t, err, "tensor: Windows: shape [3 4]: layout: Windows: windows of 5 every 1 out of range for axis 1 with size 4")
}
