package ops_test

import (
	"math/rand/v2"
	"testing"

	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// BenchmarkMask times the cases of issue 52 on float32 [4096,4096]
// (masks of bool [4096,4096]) into reused destinations, on one goroutine:
// the comparisons, the logical operations, Where, Clip, the counts,
// MaskedSelect, Take (rows of 16 KiB and 1 KiB, single elements) and the
// NaN-aware sums, against copy() of the same bytes read and written (a Go
// loop for single elements, Sum for the sums), and with a transposed
// operand against the contiguous case.
func BenchmarkMask(b *testing.B) {
	const n = 4096
	x, y := filledF32(n, n), filledF32(n, n)
	yt := tensor.Must(y.Transpose(0, 1))
	m := tensor.Must(tensor.New[bool](n, n))
	m2 := tensor.Must(tensor.New[bool](n, n))
	for i := range m2.Data() {
		m2.Data()[i] = i%3 == 0
	}
	out := tensor.Must(tensor.New[float32](n, n))
	e := n * n
	defer tensor.SetParallelism(tensor.SetParallelism(1))
	cmp := 2*e*4 + e
	b.Run("Greater/vs=copy", func(b *testing.B) {
		pairBench(b, cmp, cmp, "copy", func() { _ = ops.GreaterInto(m, x, y) }, copyRef(cmp))
	})
	b.Run("Greater-T/vs=Greater", func(b *testing.B) {
		pairBench(b, cmp, cmp, "Greater", func() { _ = ops.GreaterInto(m, x, yt) }, func() { _ = ops.GreaterInto(m, x, y) })
	})
	b.Run("LessScalar/vs=copy", func(b *testing.B) {
		bytes := e*4 + e
		pairBench(b, bytes, bytes, "copy", func() { _ = ops.LessScalarInto(m, x, 100) }, copyRef(bytes))
	})
	b.Run("IsNaN/vs=copy", func(b *testing.B) {
		bytes := e*4 + e
		pairBench(b, bytes, bytes, "copy", func() { _ = ops.IsNaNInto(m, x) }, copyRef(bytes))
	})
	b.Run("LogicalAnd/vs=copy", func(b *testing.B) {
		bytes := 3 * e
		pairBench(b, bytes, bytes, "copy", func() { _ = ops.LogicalAndInto(m, m, m2) }, copyRef(bytes))
	})
	b.Run("CountNonzero/vs=copy", func(b *testing.B) {
		// The reference reads and writes the mask's bytes: a read at
		// copy's speed.
		pairBench(b, e, e, "copy", func() { _, _ = ops.CountNonzero(m2) }, copyRef(e))
	})
	b.Run("CountNonzero-rows/vs=copy", func(b *testing.B) {
		pairBench(b, e, e, "copy", func() { _, _ = ops.CountNonzero(m2, 1) }, copyRef(e))
	})
	b.Run("Any-cols/vs=copy", func(b *testing.B) {
		pairBench(b, e, e, "copy", func() { _, _ = ops.Any(m2, 0) }, copyRef(e))
	})
	b.Run("Any-cols/vs=Sum", func(b *testing.B) {
		// Sum of float32 [4096,4096] along axis 0, per byte read.
		pairBench(b, e, 4*e, "Sum", func() { _, _ = ops.Any(m2, 0) }, func() { _, _ = ops.Sum(x, 0) })
	})
	b.Run("Clip/vs=copy", func(b *testing.B) {
		bytes := 2 * e * 4
		pairBench(b, bytes, bytes, "copy", func() { _ = ops.ClipInto(out, x, 100, 300) }, copyRef(bytes))
	})
	b.Run("MaskedSelect/vs=copy", func(b *testing.B) {
		// The bytes read (the mask and x) and written (a third of x).
		bytes := e + e*4 + (e+2)/3*4
		pairBench(b, bytes, bytes, "copy", func() { _, _ = ops.MaskedSelect(x, m2) }, copyRef(bytes))
	})
	b.Run("MaskedSelectInto/vs=copy", func(b *testing.B) {
		bytes := e + e*4 + (e+2)/3*4
		sel := tensor.Must(tensor.New[float32](e))
		pairBench(b, bytes, bytes, "copy", func() { _, _ = ops.MaskedSelectInto(sel, x, m2) }, copyRef(bytes))
	})
	b.Run("TakeInto-rows/vs=copy", func(b *testing.B) {
		// 4096 random rows of x into out: the rows read and written.
		r := rand.New(rand.NewPCG(52, 3))
		idx := tensor.Must(tensor.New[int](n))
		for i := range idx.Data() {
			idx.Data()[i] = r.IntN(n)
		}
		bytes := 2 * e * 4
		pairBench(b, bytes, bytes, "copy", func() { _ = ops.TakeInto(out, x, idx, 0) }, copyRef(bytes))
	})
	b.Run("TakeInto-rows1KiB/vs=copy", func(b *testing.B) {
		// 4096 random rows of 1 KiB of x seen as [65536,256], other rows
		// each call (16 sets in turn: the rows come from memory), into a
		// 4 MiB result: the rows read and written.
		xs := tensor.Must(x.Reshape(65536, 256))
		r := rand.New(rand.NewPCG(52, 4))
		var sets [16]tensor.Tensor[int]
		for s := range sets {
			sets[s] = tensor.Must(tensor.New[int](4096))
			for i := range sets[s].Data() {
				sets[s].Data()[i] = r.IntN(65536)
			}
		}
		dst := tensor.Must(tensor.New[float32](4096, 256))
		bytes, call := 2*4096*1024, 0
		pairBench(b, bytes, bytes, "copy", func() {
			_ = ops.TakeInto(dst, xs, sets[call%len(sets)], 0)
			call++
		}, copyRef(bytes))
	})
	b.Run("TakeInto-elements/vs=loop", func(b *testing.B) {
		// 1 Mi random elements of x seen as a vector (np.take of a
		// vector), against a Go loop that gathers them.
		xv := tensor.Must(x.Reshape(e))
		r := rand.New(rand.NewPCG(52, 5))
		idx := tensor.Must(tensor.New[int](1 << 20))
		for i := range idx.Data() {
			idx.Data()[i] = r.IntN(e)
		}
		dst := tensor.Must(tensor.New[float32](1 << 20))
		ref := make([]float32, 1<<20)
		bytes := (1 << 20) * (4 + 8 + 4) // an element and an index read, an element written
		pairBench(b, bytes, bytes, "loop", func() { _ = ops.TakeInto(dst, xv, idx, 0) }, func() {
			xd := xv.Data()
			for j, k := range idx.Data() {
				ref[j] = xd[k]
			}
		})
	})
	b.Run("NanSum/vs=Sum", func(b *testing.B) {
		all := tensor.Must(tensor.New[float32]())
		pairBench(b, 4*e, 4*e, "Sum", func() { _ = ops.NanSumInto(all, x) }, func() { _ = ops.SumInto(all, x) })
	})
	b.Run("NanSum-cols/vs=Sum", func(b *testing.B) {
		row := tensor.Must(tensor.New[float32](n))
		pairBench(b, 4*e, 4*e, "Sum", func() { _ = ops.NanSumInto(row, x, 0) }, func() { _ = ops.SumInto(row, x, 0) })
	})
	where := e + 3*e*4
	b.Run("Where/vs=copy", func(b *testing.B) {
		pairBench(b, where, where, "copy", func() { _ = ops.WhereInto(out, m2, x, y) }, copyRef(where))
	})
	b.Run("Where-T/vs=Where", func(b *testing.B) {
		pairBench(b, where, where, "Where", func() { _ = ops.WhereInto(out, m2, x, yt) }, func() { _ = ops.WhereInto(out, m2, x, y) })
	})
}
