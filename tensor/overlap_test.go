package tensor_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tessera-go/tessera/layout"
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
