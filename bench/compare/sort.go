package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"

	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// The sort cases of issue 53, the allocating forms (a new result each
// call, as NumPy's np.sort), in ms per call: 1 Mi normal float32 and
// float64 values and uniform int32 and int64 ones sorted; the stable
// argsort of the float32 ones and their 10 largest (TopK; NumPy's
// argpartition then a sort of the 10) and their median; the rows and the columns of a normal
// float32 [4096,256]; Unique of 1 Mi int64 in [0, 1000) and of the
// float32 ones; SearchSorted of the float32 ones in a sorted copy of
// them; and Go's slices.Sort of a copy of the float32 ones. Shared with
// sort.py.
var sortCases = []string{"sort-f32", "sort-f64", "sort-i32", "sort-i64", "argsort-f32", "topk10-f32", "median-f32", "rows-4096x256", "cols-4096x256",
	"unique-i64-1000", "unique-f32", "searchsorted-f32", "slices.Sort-f32"}

// runSort measures the sort cases: Tessera on one goroutine.
func runSort() []computeResult {
	const n = 1 << 20
	r := rand.New(rand.NewPCG(53, 1))
	f32 := tensor.Must(tensor.New[float32](n))
	f64 := tensor.Must(tensor.New[float64](n))
	i32 := tensor.Must(tensor.New[int32](n))
	i64 := tensor.Must(tensor.New[int64](n))
	for i := range n {
		f32.Data()[i] = float32(r.NormFloat64())
		f64.Data()[i] = r.NormFloat64()
		i32.Data()[i] = int32(r.Uint32())
		i64.Data()[i] = int64(r.Uint64())
	}
	small := tensor.Must(tensor.New[int64](n))
	for i := range n {
		small.Data()[i] = int64(r.IntN(1000))
	}
	sorted := tensor.Must(ops.Sort(f32, 0))
	m := tensor.Must(tensor.New[float32](4096, 256))
	for i := range m.Data() {
		m.Data()[i] = float32(r.NormFloat64())
	}
	ref := make([]float32, n)
	tensor.SetParallelism(1)
	defer tensor.SetParallelism(0)
	var rs []computeResult
	for _, name := range sortCases {
		fmt.Fprintf(os.Stderr, "running %s ...\n", name)
		var f func()
		switch name {
		case "sort-f32":
			f = func() { _, _ = ops.Sort(f32, 0) }
		case "sort-f64":
			f = func() { _, _ = ops.Sort(f64, 0) }
		case "sort-i32":
			f = func() { _, _ = ops.Sort(i32, 0) }
		case "sort-i64":
			f = func() { _, _ = ops.Sort(i64, 0) }
		case "argsort-f32":
			f = func() { _, _ = ops.ArgSort(f32, 0) }
		case "topk10-f32":
			f = func() { _, _, _ = ops.TopK(f32, 10, 0, true) }
		case "median-f32":
			f = func() { _, _ = ops.Median(f32) }
		case "rows-4096x256":
			f = func() { _, _ = ops.Sort(m, 1) }
		case "cols-4096x256":
			f = func() { _, _ = ops.Sort(m, 0) }
		case "unique-i64-1000":
			f = func() { _, _ = ops.Unique(small) }
		case "unique-f32":
			f = func() { _, _ = ops.Unique(f32) }
		case "searchsorted-f32":
			f = func() { _, _ = ops.SearchSorted(sorted, f32, ops.SideLeft) }
		case "slices.Sort-f32":
			f = func() {
				copy(ref, f32.Data())
				slices.Sort(ref)
			}
		}
		v := measure(f) * 1e3
		rs = append(rs, computeResult{Case: name, Unit: "ms", Values: map[string]*float64{"tessera1": &v}})
		runtime.GC()
	}
	fmt.Printf("Tessera sorts: ms per call (median of %d runs), one goroutine.\n\n", *runs)
	fmt.Println("| case | Tessera 1T |")
	fmt.Println("|---|---:|")
	for _, r := range rs {
		fmt.Printf("| %s | %s |\n", r.Case, fmtVal(r.Values["tessera1"], r.Unit))
	}
	return rs
}
