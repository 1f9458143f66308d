package ops_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// sortPair times ours and ref alternately, as pairBench does, and reports
// ms per call of each and their ratio (x-<name>: ref's time over ours,
// above 1 is faster than ref).
func sortPair(b *testing.B, name string, ours, ref func()) {
	to, tr := pairTimes(b, ours, ref)
	b.ReportMetric(to.Seconds()*1e3/float64(b.N), "ms")
	b.ReportMetric(tr.Seconds()*1e3/float64(b.N), "ref-ms")
	b.ReportMetric(tr.Seconds()/to.Seconds(), "x-"+name)
}

// randomTensor returns a tensor of shape with normal values (float) or
// values over the whole range (integer).
func randomTensor[T tensor.Real](r *rand.Rand, shape ...int) tensor.Tensor[T] {
	t := tensor.Must(tensor.New[T](shape...))
	one := T(1)
	for i := range t.Data() {
		if one/(one+one) == 0 {
			t.Data()[i] = T(r.Uint64())
		} else {
			t.Data()[i] = T(r.NormFloat64())
		}
	}
	return t
}

// benchSort1M times SortInto of 1 Mi elements of T against slices.Sort of
// a copy of them.
func benchSort1M[T tensor.Real](b *testing.B) {
	r := rand.New(rand.NewPCG(53, 3))
	x := randomTensor[T](r, 1<<20)
	out := tensor.Must(tensor.New[T](1 << 20))
	ref := make([]T, 1<<20)
	sortPair(b, "slices.Sort", func() { _ = ops.SortInto(out, x, 0) }, func() {
		copy(ref, x.Data())
		slices.Sort(ref)
	})
}

// BenchmarkSort runs the cases of issue 53 on one goroutine: 1 Mi
// elements of each type against slices.Sort; ArgSort against
// slices.SortStableFunc of indices; TopK of 10 against a full descending
// ArgSort; Median against a full Sort; Unique of small-range integers
// against a sort and slices.Compact; SearchSorted against
// slices.BinarySearch; Partition at the middle against a full Sort; the
// rows of a float32 [4096,256] and its columns (axis 0) against
// slices.Sort of each lane.
func BenchmarkSort(b *testing.B) {
	defer tensor.SetParallelism(tensor.SetParallelism(1))
	b.Run("float32/vs=slices.Sort", benchSort1M[float32])
	b.Run("float64/vs=slices.Sort", benchSort1M[float64])
	b.Run("int32/vs=slices.Sort", benchSort1M[int32])
	b.Run("int64/vs=slices.Sort", benchSort1M[int64])
	b.Run("int16/vs=slices.Sort", benchSort1M[int16])
	b.Run("int8/vs=slices.Sort", benchSort1M[int8])
	b.Run("uint8/vs=slices.Sort", benchSort1M[uint8])
	b.Run("uint16/vs=slices.Sort", benchSort1M[uint16])
	b.Run("uint32/vs=slices.Sort", benchSort1M[uint32])
	b.Run("uint64/vs=slices.Sort", benchSort1M[uint64])
	b.Run("int/vs=slices.Sort", benchSort1M[int])
	b.Run("ArgSort-float32/vs=slices.SortStableFunc", func(b *testing.B) {
		r := rand.New(rand.NewPCG(53, 4))
		x := randomTensor[float32](r, 1<<20)
		out := tensor.Must(tensor.New[int](1 << 20))
		idx := make([]int, 1<<20)
		d := x.Data()
		sortPair(b, "slices.SortStableFunc", func() { _ = ops.ArgSortInto(out, x, 0) }, func() {
			for i := range idx {
				idx[i] = i
			}
			slices.SortStableFunc(idx, func(a, b int) int { return sortCompare(d[a], d[b]) })
		})
	})
	b.Run("TopK10-float32/vs=ArgSortDescending", func(b *testing.B) {
		r := rand.New(rand.NewPCG(53, 6))
		x := randomTensor[float32](r, 1<<20)
		out := tensor.Must(tensor.New[int](1 << 20))
		sortPair(b, "ArgSortDescending", func() { _, _, _ = ops.TopK(x, 10, 0, true) }, func() { _ = ops.ArgSortDescendingInto(out, x, 0) })
	})
	b.Run("Median-float32/vs=Sort", func(b *testing.B) {
		r := rand.New(rand.NewPCG(53, 7))
		x := randomTensor[float32](r, 1<<20)
		out := tensor.Must(tensor.New[float32](1 << 20))
		sortPair(b, "Sort", func() { _, _ = ops.Median(x) }, func() { _ = ops.SortInto(out, x, 0) })
	})
	b.Run("Unique-int64-1000/vs=slices.Compact", func(b *testing.B) {
		r := rand.New(rand.NewPCG(53, 8))
		x := tensor.Must(tensor.New[int64](1 << 20))
		for i := range x.Data() {
			x.Data()[i] = int64(r.IntN(1000))
		}
		ref := make([]int64, 1<<20)
		sortPair(b, "slices.Compact", func() { _, _ = ops.Unique(x) }, func() {
			copy(ref, x.Data())
			slices.Sort(ref)
			_ = slices.Compact(ref)
		})
	})
	b.Run("SearchSorted-float32/vs=slices.BinarySearch", func(b *testing.B) {
		r := rand.New(rand.NewPCG(53, 9))
		x := randomTensor[float32](r, 1<<20)
		s := tensor.Must(ops.Sort(x, 0))
		out := tensor.Must(tensor.New[int](1 << 20))
		sortPair(b, "slices.BinarySearch", func() { _ = ops.SearchSortedInto(out, s, x, ops.SideLeft) }, func() {
			for i, v := range x.Data() {
				out.Data()[i], _ = slices.BinarySearch(s.Data(), v)
			}
		})
	})
	b.Run("Partition-float32/vs=Sort", func(b *testing.B) {
		r := rand.New(rand.NewPCG(53, 10))
		x := randomTensor[float32](r, 1<<20)
		out := tensor.Must(tensor.New[float32](1 << 20))
		sortPair(b, "Sort", func() { _ = ops.PartitionInto(out, x, 1<<19, 0) }, func() { _ = ops.SortInto(out, x, 0) })
	})
	r := rand.New(rand.NewPCG(53, 5))
	m := randomTensor[float32](r, 4096, 256)
	out := tensor.Must(tensor.New[float32](4096, 256))
	lane := make([]float32, 4096)
	b.Run("rows-4096x256/vs=slices.Sort", func(b *testing.B) {
		sortPair(b, "slices.Sort", func() { _ = ops.SortInto(out, m, 1) }, func() {
			for i := 0; i < 4096; i++ {
				row := lane[:256]
				copy(row, m.Data()[i*256:(i+1)*256])
				slices.Sort(row)
			}
		})
	})
	b.Run("cols-4096x256/vs=slices.Sort", func(b *testing.B) {
		sortPair(b, "slices.Sort", func() { _ = ops.SortInto(out, m, 0) }, func() {
			for j := 0; j < 256; j++ {
				for i := range lane {
					lane[i] = m.Data()[i*256+j]
				}
				slices.Sort(lane)
			}
		})
	})
}
