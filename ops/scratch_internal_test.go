package ops

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tessera-go/tessera/tensor"
)

// TestScratchStale runs the operations whose scratch comes from the pool
// (a scalar form's operand, the accumulators of a reduction down columns,
// ArgMax's tile of extremes, its best values beyond 64 results and its
// results for a strided destination, Var's means and squared deviations) after filling the pool with stale
// words: zeros, all ones (NaN and -1) and a float32 1e30 pattern. Every
// result must be the one written out by hand below.
func TestScratchStale(t *testing.T) {
	const rows, cols = 37, 70
	m := tensor.Must(tensor.New[float32](rows, cols)).View()
	mi := tensor.Must(tensor.New[int32](rows, cols)).View()
	for i := range rows {
		for j := range cols {
			v := float32((i*7+j*3)%23) - 11 // exact sums, ties down the columns
			m.Set(v, i, j)
			mi.Set(int32(v), i, j)
		}
	}
	mt := tensor.Must(m.Transpose(0, 1))
	colSum := make([]float32, cols)
	colArg := make([]int, cols)
	rowArgMin := make([]int, rows)
	for j := range cols {
		for i := range rows {
			v := m.At(i, j)
			colSum[j] += v
			if v > m.At(colArg[j], j) {
				colArg[j] = i
			}
		}
	}
	for i := range rows {
		for j := range cols {
			if m.At(i, j) < m.At(i, rowArgMin[i]) {
				rowArgMin[i] = j
			}
		}
	}
	varWant := map[string][]float32{} // the results with the first pool
	for _, w := range []uint64{0, ^uint64(0), 0x7149f2ca7149f2ca} {
		check := func(name string, f func() error, result func() any, want any) {
			t.Helper()
			poisonPool(w)
			if err := f(); err != nil {
				t.Fatalf("%s, pool of %#x: %v", name, w, err)
			}
			if got := result(); !equalAny(got, want) {
				t.Errorf("%s, pool of %#x: got %v, want %v", name, w, got, want)
			}
		}
		out := tensor.Must(tensor.New[float32](cols, rows)).View()
		check("MulScalarInto", func() error { _ = out.Fill(-7); return MulScalarInto(out, mt, 3) },
			func() any { return out.Clone().Data()[:3] }, []float32{3 * m.At(0, 0), 3 * m.At(1, 0), 3 * m.At(2, 0)})
		row := tensor.Must(tensor.New[float32](cols)).View()
		check("SumInto columns", func() error { _ = row.Fill(-7); return SumInto(row, m, 0) }, func() any { return row.Clone().Data() }, colSum)
		rowi := tensor.Must(tensor.New[int32](cols)).View()
		check("SumInto columns, int32", func() error { _ = rowi.Fill(-7); return SumInto(rowi, mi, 0) }, func() any { return rowi.Clone().Data() }, convertAll[int32](colSum))
		mean := make([]float32, cols)
		for j, s := range colSum {
			mean[j] = s / rows
		}
		check("MeanInto columns", func() error { _ = row.Fill(-7); return MeanInto(row, m, 0) }, func() any { return row.Clone().Data() }, mean)
		idx := tensor.Must(tensor.New[int](cols)).View()
		check("ArgMaxInto columns, 70 results", func() error { _ = idx.Fill(-7); return ArgMaxInto(idx, m, 0) }, func() any { return idx.Clone().Data() }, colArg)
		check("ArgMaxInto columns, int32", func() error { _ = idx.Fill(-7); return ArgMaxInto(idx, mi, 0) }, func() any { return idx.Clone().Data() }, colArg)
		// Var and Std: the bits of the first pool's results every time.
		for _, vc := range []struct {
			name string
			dst  tensor.View[float32]
			f    func(dst tensor.View[float32]) error
		}{
			{"VarInto columns", row, func(d tensor.View[float32]) error { return VarianceDdofInto(d, m, 0, 0) }},
			{"StdInto rows, transposed", tensor.Must(tensor.New[float32](rows)).View(), func(d tensor.View[float32]) error { return StdDevDdofInto(d, mt, 1, 0) }},
			{"VarInto all", tensor.Must(tensor.New[float32]()).View(), func(d tensor.View[float32]) error { return VarianceDdofInto(d, mt, 0) }},
		} {
			want, ok := varWant[vc.name]
			if !ok {
				poisonPool(w)
				require.NoError(t, vc.f(vc.dst))
				want = vc.dst.Clone().Data()
				varWant[vc.name] = want
			}
			check(vc.name, func() error { _ = vc.dst.Fill(-7); return vc.f(vc.dst) }, func() any { return vc.dst.Clone().Data() }, want)
		}
		step := tensor.Must(tensor.Must(tensor.New[int](2*rows)).View().Slice(0, 0, 2*rows, 2))
		check("ArgMinInto rows, a strided destination", func() error { _ = step.Fill(-7); return ArgMinInto(step, m, 1) }, func() any { return step.Clone().Data() }, rowArgMin)
	}
}

func convertAll[U, T int32 | float32](s []T) []U {
	r := make([]U, len(s))
	for i, v := range s {
		r[i] = U(v)
	}
	return r
}

func equalAny(a, b any) bool {
	switch a := a.(type) {
	case []float32:
		return slices.Equal(a, b.([]float32))
	case []int32:
		return slices.Equal(a, b.([]int32))
	case []int:
		return slices.Equal(a, b.([]int))
	}
	return false
}
