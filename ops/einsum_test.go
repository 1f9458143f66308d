package ops_test

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tessera-go/tessera/internal/testkit"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// TestEinsumNumPy checks Einsum against NumPy's einsum on the cases of
// testdata/numpy/einsum.json (gen_einsum.py): matrix products, batches,
// traces and diagonals, transposes, sums, outer products, ellipses that
// broadcast, size-1 labels that broadcast, three operands and NumPy's
// implicit output. Each operand is also passed as a random strided view
// of the same elements.
func TestEinsumNumPy(t *testing.T) {
	b, err := os.ReadFile("testdata/numpy/einsum.json")
	require.NoError(t, err)
	var cases []struct {
		Spec     string
		Operands []struct {
			Shape  []int
			Values []int64
		}
		Shape  []int
		Values []int64
	}
	require.NoError(t, json.Unmarshal(b, &cases))
	r := rand.New(rand.NewPCG(51, 6))
	for _, c := range cases {
		var plain, strided []tensor.View[int64]
		for _, o := range c.Operands {
			v := tensor.Must(tensor.FromSlice(o.Values, o.Shape...)).View()
			plain = append(plain, v)
			l := testkit.RandomView(r, o.Shape)
			_, hi := l.Span()
			sv := tensor.Must(tensor.NewView(make([]int64, max(hi, 1)), l))
			if sv.Layout().SelfOverlap() != layout.Disjoint { // a broadcast view cannot hold them
				sv = v
			} else {
				require.NoError(t, sv.CopyFrom(v))
			}
			strided = append(strided, sv)
		}
		for _, operands := range [][]tensor.View[int64]{plain, strided} {
			got, err := ops.Einsum(c.Spec, operands...)
			require.NoError(t, err, c.Spec)
			assert.Equal(t, c.Shape, append([]int{}, got.Shape()...), c.Spec)
			assert.Equal(t, c.Values, got.Data(), "%s on %v", c.Spec, operands[0].Layout())
		}
	}
}

func TestEinsumErrors(t *testing.T) {
	a := tensor.Must(tensor.New[float64](2, 3))
	b := tensor.Must(tensor.New[float64](4, 5))
	for _, c := range []struct {
		spec     string
		operands []tensor.Tensor[float64]
		kind     error
		msg      string
	}{
		{"ij,jk->ik", []tensor.Tensor[float64]{a, b}, layout.ErrShape, `ops: Einsum: label 'j' has sizes 3 and 4 in "ij,jk->ik"`},
		{"ij,jk->ik", []tensor.Tensor[float64]{a}, layout.ErrArg, `ops: Einsum: "ij,jk->ik": 2 operands for 1 given`},
		{"ijk->i", []tensor.Tensor[float64]{a}, layout.ErrRank, `ops: Einsum: "ijk->i": operand 0 of shape [2 3] has 2 axes for 3 labels`},
		{"ij->ik", []tensor.Tensor[float64]{a}, layout.ErrArg, `ops: Einsum: "ij->ik": the output's label 'k' is in no operand`},
		{"ij->ii", []tensor.Tensor[float64]{a}, layout.ErrArg, `ops: Einsum: "ij->ii": the output repeats the label 'i'`},
		{"i2->i", []tensor.Tensor[float64]{a}, layout.ErrArg, `ops: Einsum: "i2->i": operand 0: '2' is not a label (a-z, A-Z)`},
		{"ii->i", []tensor.Tensor[float64]{a}, layout.ErrShape, ""},
		{"...ij->ij", []tensor.Tensor[float64]{tensor.Must(tensor.New[float64](2, 2, 3))}, layout.ErrArg, ""},
		{"ij->i->j", []tensor.Tensor[float64]{a}, layout.ErrArg, ""},
	} {
		_, err := ops.Einsum(c.spec, c.operands...)
		require.ErrorIs(t, err, c.kind, c.spec)
		if c.msg != "" {
			assert.EqualError(t, err, c.msg)
		}
	}
}
