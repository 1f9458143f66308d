package outside

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// TestAllocations counts the allocations of small copies and Into forms
// called from this package, which imports neither layout nor the tests of
// tensor and ops (see the package doc). Before the copier and ops
// walked their Iters with layout.Walk, CopyTo allocated six times here and
// AddInto six, while their own packages' tests counted none.
func TestAllocations(t *testing.T) {
	m := tensor.Must(tensor.Arange[float32](64 * 64))
	v := tensor.Must(m.View().Reshape(64, 64))
	vt := tensor.Must(v.Transpose(0, 1))
	dst := make([]float32, 64*64)
	out := tensor.Must(tensor.New[float32](64, 64)).View()
	row := tensor.Must(tensor.New[float32](64)).View()
	irow := tensor.Must(tensor.New[int](64)).View()
	all := tensor.Must(tensor.New[float32]()).View()
	small := tensor.Must(v.Slice(0, 0, 8, 1))
	smallT := tensor.Must(small.Transpose(0, 1))
	bcast := tensor.Must(tensor.Must(v.Slice(0, 0, 1, 1)).Expand(64, 64))
	d64 := tensor.Must(tensor.New[float64](64, 64)).View()
	d32 := tensor.Must(tensor.New[int32](64, 64)).View()
	row64 := tensor.Must(tensor.New[float64](64)).View()
	d64T := tensor.Must(d64.Transpose(0, 1))
	wide := tensor.Must(tensor.Must(tensor.Arange[float32](16*256)).View().Reshape(16, 256))
	irow256 := tensor.Must(tensor.New[int](256)).View()
	iall := tensor.Must(tensor.New[int]()).View()
	joined := tensor.Must(tensor.New[float32](128, 64)).View()
	joined8 := tensor.Must(tensor.New[float32](64, 512)).View()
	stacked := tensor.Must(tensor.New[float32](2, 64, 64)).View()
	istep := tensor.Must(tensor.Must(tensor.New[int](128)).View().Slice(0, 0, 128, 2))
	rowFlipped := tensor.Must(row.Flip())
	mask := tensor.Must(tensor.New[bool](64, 64)).View()
	maskT := tensor.Must(tensor.Must(tensor.New[bool](64, 64)).View().Transpose(0, 1))
	mrow := tensor.Must(tensor.New[bool](64)).View()
	for _, c := range []struct {
		name string
		f    func() error
		max  float64 // allocations allowed
	}{
		{"CopyTo, transposed", func() error { return vt.CopyTo(dst) }, 0},
		{"CopyTo, contiguous", func() error { return v.CopyTo(dst) }, 0},
		{"CopyTo, a small transposed view", func() error { return smallT.CopyTo(dst) }, 0},
		{"CopyFrom, transposed", func() error { return out.CopyFrom(vt) }, 0},
		{"Fill", func() error { return out.Fill(2) }, 0},
		{"AddInto", func() error { return ops.AddInto(out, v, vt) }, 0},
		{"MulScalarInto", func() error { return ops.MulScalarInto(out, vt, 3) }, 0},
		{"DivScalarInto, in place", func() error { return ops.DivScalarInto(out, out, 3) }, 0},
		{"SumInto rows", func() error { return ops.SumInto(row, v, 1) }, 0},
		{"SumInto columns", func() error { return ops.SumInto(row, vt, 1) }, 0},
		{"SumInto columns, float64", func() error { return ops.SumInto(row64, d64T, 1) }, 0},
		{"SumInto all", func() error { return ops.SumInto(all, v) }, 0},
		{"MaxInto rows", func() error { return ops.MaxInto(row, v, 1) }, 0},
		{"ArgMaxInto rows", func() error { return ops.ArgMaxInto(irow, v, 1) }, 0},
		{"ArgMaxInto columns", func() error { return ops.ArgMaxInto(irow, v, 0) }, 0},
		{"ArgMaxInto over everything", func() error { return ops.ArgMaxInto(iall, vt) }, 0},
		{"SumInto over everything, transposed", func() error { return ops.SumInto(all, vt) }, 0},
		{"MaxInto columns", func() error { return ops.MaxInto(row, v, 0) }, 0},
		{"ArgMaxInto columns, 256 results", func() error { return ops.ArgMaxInto(irow256, wide, 0) }, 0},
		{"ArgMinInto, a strided destination", func() error { return ops.ArgMinInto(istep, v, 1) }, 0},
		{"CumSumInto rows", func() error { return ops.CumSumInto(out, v, 1) }, 0},
		{"CopyFrom, a broadcast row", func() error { return out.CopyFrom(bcast) }, 0},
		{"MaximumInto, a broadcast row", func() error { return ops.MaximumInto(out, vt, bcast) }, 0},
		{"MeanInto columns", func() error { return ops.MeanInto(row, vt, 1) }, 0},
		{"SumInto columns, a flipped destination", func() error { return ops.SumInto(rowFlipped, vt, 1) }, 0},
		{"VarInto columns, a flipped destination", func() error { return ops.VarianceDdofInto(rowFlipped, v, 1, 0) }, 0},
		{"VarInto rows", func() error { return ops.VarianceDdofInto(row, v, 0, 1) }, 0},
		{"VarInto columns", func() error { return ops.VarianceDdofInto(row, v, 1, 0) }, 0},
		{"VarInto all", func() error { return ops.VarianceDdofInto(all, vt, 0) }, 0},
		{"StdInto columns, transposed", func() error { return ops.StdDevDdofInto(row, vt, 1, 0) }, 0},
		{"ExpInto", func() error { return ops.ExpInto(out, vt) }, 0},
		{"PowInto", func() error { return ops.PowInto(out, v, vt) }, 0},
		{"ConvertInto to float64", func() error { return ops.ConvertInto(d64, vt) }, 0},
		{"ConvertInto to int32", func() error { return ops.ConvertInto(d32, v) }, 0},
		{"ConcatInto of 2", func() error { return ops.ConcatInto(joined, 0, v, vt) }, 0},
		{"ConcatInto of 8", func() error { return ops.ConcatInto(joined8, 1, v, vt, v, vt, v, vt, v, vt) }, 0},
		{"StackInto of 2", func() error { return ops.StackInto(stacked, 0, v, vt) }, 0},
		{"GreaterInto", func() error { return ops.GreaterInto(mask, v, vt) }, 0},
		{"LessScalarInto", func() error { return ops.LessScalarInto(mask, vt, 100) }, 0},
		{"IsNaNInto", func() error { return ops.IsNaNInto(mask, v) }, 0},
		{"LogicalAndInto, in place", func() error { return ops.LogicalAndInto(mask, mask, maskT) }, 0},
		{"WhereInto", func() error { return ops.WhereInto(out, mask, v, vt) }, 0},
		{"CountNonzeroInto columns", func() error { return ops.CountNonzeroInto(irow, mask, 0) }, 0},
		{"AnyInto rows", func() error { return ops.AnyInto(mrow, maskT, 1) }, 0},
		{"FromSlice", func() error { _, err := tensor.FromSlice(dst, 64, 64); return err }, 0},
		{"New (the buffer)", func() error { _, err := tensor.New[float32](64, 64); return err }, 1},
		{"Full (the buffer)", func() error { _, err := tensor.Full[float32](2, 8, 8); return err }, 1},
		{"Add (the result)", func() error { _, err := ops.Add(v, vt); return err }, 1},
		{"Sum rows (the result)", func() error { _, err := ops.Sum(v, 1); return err }, 1},
		{"SumKeepDims rows (the result)", func() error { _, err := ops.SumKeepDims(v, 1); return err }, 1},
	} {
		if n := testing.AllocsPerRun(20, func() { require.NoError(t, c.f()) }); n > c.max {
			t.Errorf("%s: %v allocations, want at most %v", c.name, n, c.max)
		}
	}
}
