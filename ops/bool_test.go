package ops_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// TestBoolViewsAndJoins checks that the view operations and the joins,
// which only move elements, take masks.
func TestBoolViewsAndJoins(t *testing.T) {
	m := tensor.Must(tensor.FromSlice([]bool{true, false, false, true, true, false}, 2, 3))
	tr, err := ops.Transpose(m, 0, 1)
	require.NoError(t, err)
	require.Equal(t, []bool{true, true, false, true, false, false}, tr.Contiguous().Data())
	f, err := ops.Flip(m, 1)
	require.NoError(t, err)
	require.Equal(t, []bool{false, false, true, false, true, true}, f.Contiguous().Data())
	c, err := ops.Concat(0, m, m)
	require.NoError(t, err)
	require.Equal(t, []int{4, 3}, c.Shape())
	require.Equal(t, append(m.Data(), m.Data()...), c.Data())
	s, err := ops.Stack(2, m.View(), f)
	require.NoError(t, err)
	require.Equal(t, []bool{true, false, false, false, false, true, true, false, true, true, false, true}, s.Data())
	// Into a view that overlaps an operand: read before written.
	require.NoError(t, ops.ConcatInto(c, 1, tensor.Must(tensor.FromSlice([]bool{true, false, true, false}, 4, 1)).View(), tensor.Must(ops.Slice(c, 1, 1, 3, 1))))
	require.Equal(t, []bool{true, false, false, false, true, false, true, false, false, false, true, false}, c.Data())
	parts, err := ops.Split(m, 1, 3)
	require.NoError(t, err)
	require.Len(t, parts, 3)
	require.Equal(t, []bool{false, true}, parts[1].Contiguous().Data())
	z, err := tensor.ZerosLike(m)
	require.NoError(t, err)
	require.Equal(t, make([]bool, 6), z.Data())
}
