package outside

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// viewsOf returns a [16,16,8] view of T of each kind: row-major,
// reversed axes, flipped, stepped and broadcast.
func viewsOf[T tensor.Real]() map[string]tensor.View[T] {
	mk := func(n int) tensor.View[T] {
		d := make([]T, n)
		for i := range d {
			d[i] = T(i % 100)
		}
		return tensor.Must(tensor.FromSlice(d, n)).View()
	}
	c := tensor.Must(mk(16*16*8).Reshape(16, 16, 8))
	return map[string]tensor.View[T]{
		"contig": c,
		"T":      tensor.Must(c.Permute(2, 1, 0)),
		"flip":   tensor.Must(c.Flip(1)),
		"step":   tensor.Must(tensor.Must(mk(16*32*8).Reshape(16, 32, 8)).Slice(1, 0, 32, 2)),
		"bcast":  tensor.Must(tensor.Must(c.Slice(0, 0, 1, 1)).Expand(16, 16, 8)),
	}
}

// allocationsOn counts the allocations of the Into forms of elementwise
// operations, reductions along every axis, ArgMax and ArgMin and the
// cumulative ones on the views of viewsOf, into row-major and transposed
// destinations.
func allocationsOn[T tensor.Real](t *testing.T, name string) {
	t.Helper()
	vs := viewsOf[T]()
	for vn, v := range vs {
		sh := v.Shape()
		out := tensor.Must(tensor.New[T](sh...)).View()
		outT := tensor.Must(tensor.Must(tensor.New[T](sh[2], sh[1], sh[0])).View().Permute(2, 1, 0))
		r0 := tensor.Must(tensor.New[T](sh[1], sh[2])).View()
		r1 := tensor.Must(tensor.New[T](sh[0], sh[2])).View()
		r2 := tensor.Must(tensor.New[T](sh[0], sh[1])).View()
		r02 := tensor.Must(tensor.New[T](sh[1])).View()
		all := tensor.Must(tensor.New[T]()).View()
		i0 := tensor.Must(tensor.New[int](sh[1], sh[2])).View()
		i1 := tensor.Must(tensor.New[int](sh[0], sh[2])).View()
		i2 := tensor.Must(tensor.New[int](sh[0], sh[1])).View()
		ia := tensor.Must(tensor.New[int]()).View()
		f64 := tensor.Must(tensor.New[float64](sh...)).View()
		// Made here: a literal in a generic function captures the
		// dictionary, and would allocate in the loop below.
		sub := func(x, y T) T { return x - y }
		c := tensor.Must(tensor.Full[T](3, sh...)).View()
		for _, cs := range []struct {
			n string
			f func() error
		}{
			{"AddInto", func() error { return ops.AddInto(out, v, c) }},
			{"AddInto, a transposed destination", func() error { return ops.AddInto(outT, v, c) }},
			{"SubInto, a broadcast plane", func() error { return ops.SubInto(out, v, r0) }},
			{"MaximumInto", func() error { return ops.MaximumInto(out, c, v) }},
			{"AddScalarInto", func() error { return ops.AddScalarInto(out, v, 2) }},
			{"AbsInto", func() error { return ops.AbsInto(out, v) }},
			{"NegInto, a transposed destination", func() error { return ops.NegInto(outT, v) }},
			{"SumInto axis 0", func() error { return ops.SumInto(r0, v, 0) }},
			{"SumInto axis 1", func() error { return ops.SumInto(r1, v, 1) }},
			{"SumInto axis 2", func() error { return ops.SumInto(r2, v, 2) }},
			{"SumInto axes 0 and 2", func() error { return ops.SumInto(r02, v, 0, 2) }},
			{"SumInto all", func() error { return ops.SumInto(all, v) }},
			{"MaxInto axis 1", func() error { return ops.MaxInto(r1, v, 1) }},
			{"ProdInto axis 0", func() error { return ops.ProdInto(r0, v, 0) }},
			{"ArgMaxInto axis 0", func() error { return ops.ArgMaxInto(i0, v, 0) }},
			{"ArgMinInto axis 1", func() error { return ops.ArgMinInto(i1, v, 1) }},
			{"ArgMaxInto axis 2", func() error { return ops.ArgMaxInto(i2, v, 2) }},
			{"ArgMaxInto all", func() error { return ops.ArgMaxInto(ia, v) }},
			{"CumSumInto axis 0", func() error { return ops.CumSumInto(out, v, 0) }},
			{"CumProdInto axis 1", func() error { return ops.CumProdInto(out, v, 1) }},
			{"CumSumInto axis 2", func() error { return ops.CumSumInto(out, v, 2) }},
			{"ConvertInto float64", func() error { return ops.ConvertInto(f64, v) }},
			{"ZipInto", func() error { return ops.ZipInto(out, v, c, sub) }},
		} {
			if n := testing.AllocsPerRun(10, func() { require.NoError(t, cs.f()) }); n > 0 {
				t.Errorf("%s, %s view, %s: %v allocations, want 0", name, vn, cs.n, n)
			}
		}
	}
}

// TestAllocationsViews checks that the Into forms allocate nothing on
// views of every kind and four element types, below 4 MiB.
func TestAllocationsViews(t *testing.T) {
	allocationsOn[float32](t, "float32")
	allocationsOn[float64](t, "float64")
	allocationsOn[int32](t, "int32")
	allocationsOn[uint8](t, "uint8")
}

// TestAllocationsTensors checks that ops takes a Tensor where it takes a
// View (tensor.Operand) without allocating: the view operations, the Into
// forms with Tensors as destination and operands, and the joins.
func TestAllocationsTensors(t *testing.T) {
	a := tensor.Must(tensor.Arange[float32](64 * 64))
	m := tensor.Must(tensor.FromSlice(a.Data(), 64, 64))
	out := tensor.Must(tensor.New[float32](64, 64))
	row := tensor.Must(tensor.New[float32](64))
	irow := tensor.Must(tensor.New[int](64))
	joined := tensor.Must(tensor.New[float32](128, 64))
	vt := tensor.Must(m.Transpose(0, 1))
	for _, c := range []struct {
		name string
		f    func() error
	}{
		{"Transpose", func() error { _, err := ops.Transpose(m, 0, 1); return err }},
		{"Permute", func() error { _, err := ops.Permute(m, 1, 0); return err }},
		{"Slice", func() error { _, err := ops.Slice(m, 0, 1, 9, 2); return err }},
		{"Select", func() error { _, err := ops.Select(m, 1, 3); return err }},
		{"Flip", func() error { _, err := ops.Flip(m, 0); return err }},
		{"Expand", func() error { _, err := ops.Expand(row, 64, 64); return err }},
		{"View", func() error { _, err := ops.View(m, 16, 256); return err }},
		{"Diagonal", func() error { _, err := ops.Diagonal(m, 0, 0, 1); return err }},
		{"Windows", func() error { _, err := ops.Windows(m, 1, 3, 1); return err }},
		{"AddInto, Tensors", func() error { return ops.AddInto(out, m, m) }},
		{"AddInto, a Tensor and a View", func() error { return ops.AddInto(out, m, vt) }},
		{"MulScalarInto, Tensors", func() error { return ops.MulScalarInto(out, m, 2) }},
		{"ExpInto, Tensors", func() error { return ops.ExpInto(out, m) }},
		{"SumInto, Tensors", func() error { return ops.SumInto(row, m, 0) }},
		{"MeanInto, Tensors", func() error { return ops.MeanInto(row, m, 1) }},
		{"ArgMaxInto, Tensors", func() error { return ops.ArgMaxInto(irow, m, 1) }},
		{"CumSumInto, Tensors", func() error { return ops.CumSumInto(out, m, 1) }},
		{"ConcatInto, Tensors", func() error { return ops.ConcatInto(joined, 0, m, m) }},
	} {
		if n := testing.AllocsPerRun(20, func() { require.NoError(t, c.f()) }); n > 0 {
			t.Errorf("%s: %v allocations, want 0", c.name, n)
		}
	}
}
