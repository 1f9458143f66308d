package gonum_test

import (
	"errors"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/tessera-go/tessera/gonum"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

func seq(n int) []float64 {
	s := make([]float64, n)
	for i := range s {
		s[i] = float64(i + 1)
	}
	return s
}

// equal fails t unless the view and the matrix hold the same elements.
func equal(t *testing.T, v tensor.View[float64], m mat.Matrix) {
	t.Helper()
	r, c := m.Dims()
	if got := v.Shape(); len(got) != 2 || got[0] != r || got[1] != c {
		t.Fatalf("shape %v, matrix %dx%d", got, r, c)
	}
	for i := range r {
		for j := range c {
			if v.At(i, j) != m.At(i, j) {
				t.Fatalf("(%d, %d): view %v, matrix %v", i, j, v.At(i, j), m.At(i, j))
			}
		}
	}
}

func TestFromDenseShares(t *testing.T) {
	m := mat.NewDense(3, 4, seq(12))
	sub := m.Slice(1, 3, 1, 4).(*mat.Dense) // stride 4, a 2x3 window
	for _, d := range []*mat.Dense{m, sub} {
		v, err := gonum.FromDense(d)
		if err != nil {
			t.Fatal(err)
		}
		equal(t, v, d)
		v.Set(-1, 0, 0)
		if d.At(0, 0) != -1 {
			t.Fatal("a write through the view did not reach the matrix")
		}
	}
	v, err := gonum.FromDense(&mat.Dense{})
	if err != nil || v.Size() != 0 || len(v.Shape()) != 2 {
		t.Fatalf("empty Dense: %v %v", v.Shape(), err)
	}
}

func TestAsDense(t *testing.T) {
	// Each case has its own buffer: the cases write to it.
	x := func() tensor.Tensor[float64] { return tensor.Must(tensor.FromSlice(seq(24), 4, 6)) }
	for _, tc := range []struct {
		name   string
		v      tensor.View[float64]
		shares bool
	}{
		{"row-major", x().View(), true},
		{"rows and columns sliced", tensor.Must(tensor.Must(x().Slice(0, 1, 4, 1)).Slice(1, 2, 5, 1)), true},
		{"every other row", tensor.Must(x().Slice(0, 0, 4, 2)), true},
		{"one row", tensor.Must(x().Slice(0, 2, 3, 1)), true},
		{"one column", tensor.Must(x().Slice(1, 3, 4, 1)), true},
		{"transposed", tensor.Must(x().Transpose(0, 1)), false},
		{"every other column", tensor.Must(x().Slice(1, 0, 6, 2)), false},
		{"rows flipped", tensor.Must(x().Flip(0)), false},
		{"broadcast rows", tensor.Must(tensor.Must(tensor.Must(x().Select(0, 1)).Unsqueeze(0)).Expand(3, 6)), false},
		{"overlapping windows", tensor.Must(tensor.Must(x().Flatten()).Windows(0, 6, 2)), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := gonum.AsDense(tc.v)
			if !tc.shares {
				if !errors.Is(err, layout.ErrNotViewable) {
					t.Fatalf("AsDense: %v, want ErrNotViewable", err)
				}
				if !strings.HasPrefix(err.Error(), "gonum: AsDense: strides") {
					t.Errorf("message %q", err)
				}
				if m, err = gonum.ToDense(tc.v); err != nil {
					t.Fatal(err)
				}
				equal(t, tc.v, m)
				m.Set(0, 0, -7)
				if tc.v.At(0, 0) == -7 {
					t.Fatal("ToDense of a view gonum cannot describe must copy")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			equal(t, tc.v, m)
			m.Set(0, 0, -7)
			if tc.v.At(0, 0) != -7 {
				t.Fatal("AsDense must share")
			}
			if m2, err := gonum.ToDense(tc.v); err != nil || m2.At(0, 0) != -7 {
				t.Fatalf("ToDense must share when AsDense can: %v", err)
			}
			// gonum computes on it: the product with the identity is itself.
			_, c := m.Dims()
			var p mat.Dense
			p.Mul(m, identity(c))
			if !mat.Equal(&p, m) {
				t.Fatal("m·I != m")
			}
		})
	}
}

func identity(n int) *mat.Dense {
	m := mat.NewDense(n, n, nil)
	for i := range n {
		m.Set(i, i, 1)
	}
	return m
}

func TestVectors(t *testing.T) {
	x := func() tensor.Tensor[float64] { return tensor.Must(tensor.FromSlice(seq(10), 10)) }
	for _, tc := range []struct {
		name   string
		v      tensor.View[float64]
		shares bool
	}{
		{"contiguous", x().View(), true},
		{"every third", tensor.Must(x().Slice(0, 1, 10, 3)), true},
		{"one element", tensor.Must(x().Slice(0, 4, 5, 1)), true},
		{"flipped", tensor.Must(x().Flip()), false},
		{"broadcast", tensor.Must(tensor.Must(tensor.Must(x().Slice(0, 2, 3, 1)).Squeeze()).Unsqueeze(0)), true},
		{"expanded", tensor.Must(tensor.Must(x().Slice(0, 2, 3, 1)).Expand(5)), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			vec, err := gonum.AsVecDense(tc.v)
			if !tc.shares {
				if !errors.Is(err, layout.ErrNotViewable) {
					t.Fatalf("AsVecDense: %v", err)
				}
				vec, err = gonum.ToVecDense(tc.v)
			}
			if err != nil {
				t.Fatal(err)
			}
			if vec.Len() != tc.v.Size() {
				t.Fatalf("length %d, want %d", vec.Len(), tc.v.Size())
			}
			for i := range vec.Len() {
				if vec.AtVec(i) != tc.v.At(i) {
					t.Fatalf("element %d: %v, want %v", i, vec.AtVec(i), tc.v.At(i))
				}
			}
			vec.SetVec(0, -3)
			if (tc.v.At(0) == -3) != tc.shares {
				t.Fatalf("shares %v, want %v", tc.v.At(0) == -3, tc.shares)
			}
			back, err := gonum.FromVecDense(vec)
			if err != nil {
				t.Fatal(err)
			}
			for i := range vec.Len() {
				if back.At(i) != vec.AtVec(i) {
					t.Fatal("FromVecDense differs")
				}
			}
		})
	}
	v, err := gonum.FromVecDense(&mat.VecDense{})
	if err != nil || v.Size() != 0 {
		t.Fatalf("empty VecDense: %v", err)
	}
}

func TestErrors(t *testing.T) {
	empty := tensor.Must(tensor.New[float64](0, 3)).View()
	vec := tensor.Must(tensor.New[float64](3)).View()
	cube := tensor.Must(tensor.New[float64](2, 2, 2)).View()
	for _, tc := range []struct {
		name string
		err  error
		msg  string
		do   func() error
	}{
		{"matrix of rank 1", layout.ErrRank, "gonum: AsDense: a matrix needs rank 2, not shape [3]", func() error { _, err := gonum.AsDense(vec); return err }},
		{"matrix of rank 3", layout.ErrRank, "gonum: ToDense: a matrix needs rank 2, not shape [2 2 2]", func() error { _, err := gonum.ToDense(cube); return err }},
		{"empty matrix", layout.ErrShape, "gonum: ToDense: shape [0 3]: gonum has no empty matrices", func() error { _, err := gonum.ToDense(empty); return err }},
		{"vector of rank 3", layout.ErrRank, "gonum: ToVecDense: a vector needs rank 1, not shape [2 2 2]", func() error { _, err := gonum.ToVecDense(cube); return err }},
		{"empty vector", layout.ErrShape, "gonum: AsVecDense: shape [0]: gonum has no empty vectors", func() error {
			_, err := gonum.AsVecDense(tensor.Must(tensor.New[float64](0)).View())
			return err
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.do()
			if !errors.Is(err, tc.err) {
				t.Fatalf("%v, want %v", err, tc.err)
			}
			if err.Error() != tc.msg {
				t.Errorf("message %q, want %q", err, tc.msg)
			}
		})
	}
}

// TestRoundTrip computes with both libraries on shared data.
func TestRoundTrip(t *testing.T) {
	m := mat.NewDense(3, 2, []float64{1, 2, 3, 4, 5, 6})
	v, err := gonum.FromDense(m)
	if err != nil {
		t.Fatal(err)
	}
	cols, err := ops.Sum(v, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got := cols.Data(); got[0] != 9 || got[1] != 12 {
		t.Fatalf("column sums %v", got)
	}
	if err := ops.MulScalarInto(v, v, 2); err != nil {
		t.Fatal(err)
	}
	if m.At(2, 1) != 12 {
		t.Fatalf("m[2][1] = %v after doubling through the view", m.At(2, 1))
	}
}

// TestHugeBroadcastCopies checks that copying a broadcast view whose
// elements exceed the largest allocation is an error, not a panic.
func TestHugeBroadcastCopies(t *testing.T) {
	one := tensor.Must(tensor.Full[float64](1, 1, 1)).View()
	huge := 1 << 30
	if ^uint(0)>>32 == 0 { // 32-bit ints: a copy past MaxInt bytes
		huge = 1 << 15
	}
	m, err := one.Expand(huge, huge)
	if err != nil {
		t.Fatal(err)
	}
	_, err = gonum.ToDense(m)
	if !errors.Is(err, layout.ErrOverflow) || !strings.Contains(err.Error(), "gonum: ToDense: ") {
		t.Fatalf("ToDense of %v: %v", m.Shape(), err)
	}
	row := tensor.Must(tensor.Must(one.Select(0, 0)).Expand(huge * huge))
	_, err = gonum.ToVecDense(row)
	if !errors.Is(err, layout.ErrOverflow) || !strings.Contains(err.Error(), "gonum: ToVecDense: ") {
		t.Fatalf("ToVecDense of %v: %v", row.Shape(), err)
	}
}
