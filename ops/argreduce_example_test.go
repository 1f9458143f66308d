package ops_test

import (
	"fmt"
	"math"

	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// ArgMax along an axis gives the index of the best score of each row;
// with no axis, the flat index of the largest element. Ties go to the
// first index, and a NaN wins, as in NumPy.
func ExampleArgMax() {
	scores := tensor.Must(tensor.FromSlice([]float32{0.1, 0.7, 0.2, 0.9, 0.05, 0.9}, 2, 3)).View()
	best, _ := ops.ArgMax(scores, 1)
	flat, _ := ops.ArgMax(scores)
	withNaN := tensor.Must(tensor.FromSlice([]float64{1, math.NaN(), 3}, 3)).View()
	first, _ := ops.ArgMax(withNaN)
	fmt.Println(best, flat, first)
	// Output: [1 0] 3 1
}

// ArgMaxKeepDims keeps the reduced axis, as NumPy's keepdims=True.
func ExampleArgMaxKeepDims() {
	m := tensor.Must(tensor.FromSlice([]int{3, 9, 4, 8, 1, 7}, 3, 2)).View()
	idx, _ := ops.ArgMaxKeepDims(m, 0)
	fmt.Println(idx.Shape(), idx)
	// Output: [1 2] [[1 0]]
}

// ArgMaxInto writes the indices into a caller's view of int.
func ExampleArgMaxInto() {
	m := tensor.Must(tensor.FromSlice([]float64{1, 5, 2, 6, 4, 3}, 2, 3)).View()
	out := tensor.Must(tensor.New[int](2))
	_ = ops.ArgMaxInto(out, m, -1)
	fmt.Println(out)
	// Output: [1 0]
}

// ArgMin is ArgMax for the smallest element, here along the columns of a
// transposed view.
func ExampleArgMin() {
	m := tensor.Must(tensor.FromSlice([]float64{4, 1, 2, 3, 0, 9}, 2, 3)).View()
	t, _ := ops.Transpose(m, 0, 1) // [[4 3] [1 0] [2 9]]
	idx, _ := ops.ArgMin(t, 0)
	fmt.Println(idx)
	// Output: [1 1]
}

// ArgMinKeepDims and ArgMinInto are the other two forms.
func ExampleArgMinKeepDims() {
	m := tensor.Must(tensor.FromSlice([]float64{4, 1, 2, 3, 0, 9}, 2, 3)).View()
	idx, _ := ops.ArgMinKeepDims(m)
	out := tensor.Must(tensor.New[int](1, 3))
	_ = ops.ArgMinInto(out, m, 0)
	fmt.Println(idx.Shape(), idx, out)
	// Output: [1 1] [[4]] [[1 1 0]]
}

// ArgMinInto writes the flat index of the smallest element into a rank-0
// view.
func ExampleArgMinInto() {
	m := tensor.Must(tensor.FromSlice([]int16{4, 1, 2, 3, 0, 9}, 2, 3)).View()
	at := tensor.Must(tensor.New[int]())
	_ = ops.ArgMinInto(at, m)
	fmt.Println(at)
	// Output: 4
}
