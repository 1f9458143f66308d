package ops_test

import (
	"fmt"

	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// Two batches of rows, one after the other; then side by side.
func ExampleConcat() {
	a := tensor.Must(tensor.FromSlice([]int{1, 2, 3, 4}, 2, 2))
	b := tensor.Must(tensor.FromSlice([]int{5, 6}, 1, 2))
	fmt.Println(tensor.Must(ops.Concat(0, a, b)))
	bt := tensor.Must(b.Transpose(0, 1))                  // any layout: copied by the copier
	fmt.Println(tensor.Must(ops.Concat(1, a.View(), bt))) // one type for all the joined: a View here
	// Output:
	// [[1 2]
	//  [3 4]
	//  [5 6]]
	// [[1 2 5]
	//  [3 4 6]]
}

// Rotating a vector in place: the inputs are read before the destination
// is written.
func ExampleConcatInto() {
	x := tensor.Must(tensor.FromSlice([]int{1, 2, 3, 4, 5}, 5))
	head := tensor.Must(x.Slice(0, 0, 2, 1))
	tail := tensor.Must(x.Slice(0, 2, 5, 1))
	_ = ops.ConcatInto(x, 0, tail, head)
	fmt.Println(x.Data())
	// Output: [3 4 5 1 2]
}

// Normalised columns stacked into a matrix, one column each.
func ExampleStack() {
	u := tensor.Must(tensor.FromSlice([]float64{3, 4}, 2))
	v := tensor.Must(tensor.FromSlice([]float64{0, 2}, 2))
	cols := tensor.Must(ops.Stack(1, u, v))
	sq := tensor.Must(ops.Mul(cols, cols))
	sums := tensor.Must(ops.SumKeepDims(sq, 0)) // [1 2]
	norms := tensor.Must(ops.Sqrt(sums))
	unit := tensor.Must(ops.Div(cols, norms)) // broadcast over the rows
	fmt.Printf("%v\n%.1f\n", cols.Shape(), unit)
	// Output:
	// [2 2]
	// [[0.6 0.0]
	//  [0.8 1.0]]
}

// Stacking into a preallocated batch.
func ExampleStackInto() {
	batch := tensor.Must(tensor.New[int](3, 2))
	rows := []tensor.View[int]{
		tensor.Must(tensor.FromSlice([]int{1, 2}, 2)).View(),
		tensor.Must(tensor.FromSlice([]int{3, 4}, 2)).View(),
		tensor.Must(tensor.FromSlice([]int{5, 6}, 2)).View(),
	}
	_ = ops.StackInto(batch, 0, rows...)
	fmt.Println(batch.Data())
	// Output: [1 2 3 4 5 6]
}

// A batch of 6 split into 3 equal parts: views, no copy.
func ExampleSplit() {
	x := tensor.Must(tensor.Arange[int](6))
	for _, p := range tensor.Must(ops.Split(x, 0, 3)) {
		fmt.Print(p, " ")
	}
	fmt.Println()
	// Output: [0 1] [2 3] [4 5]
}

// NumPy's split at indices: before 2, and before the last element.
func ExampleSplitAt() {
	x := tensor.Must(tensor.Arange[int](6))
	for _, p := range tensor.Must(ops.SplitAt(x, 0, 2, -1)) {
		fmt.Print(p, " ")
	}
	fmt.Println()
	// Output: [0 1] [2 3 4] [5]
}

// PyTorch's chunk: 7 elements in 3 chunks of at most 3.
func ExampleChunk() {
	x := tensor.Must(tensor.Arange[int](7))
	for _, p := range tensor.Must(ops.Chunk(x, 0, 3)) {
		fmt.Print(p, " ")
	}
	fmt.Println()
	// Output: [0 1 2] [3 4 5] [6]
}
