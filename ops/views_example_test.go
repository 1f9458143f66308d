package ops_test

import (
	"errors"
	"fmt"

	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// Transpose swaps two axes by swapping their strides: no element moves.
func ExampleTranspose() {
	m := tensor.Must(tensor.FromSlice([]int{1, 2, 3, 4, 5, 6}, 2, 3)).View()
	t, err := ops.Transpose(m, 0, 1)
	fmt.Println(t, err)
	fmt.Println(t.Describe())
	// Output:
	// [[1 4]
	//  [2 5]
	//  [3 6]] <nil>
	// View[int] shape [3 2] strides [1 3] offset 0 size 6 not contiguous
}

// Unsqueeze inserts a size-1 axis, NumPy's np.expand_dims.
func ExampleUnsqueeze() {
	v := tensor.Must(tensor.FromSlice([]int{1, 2, 3}, 3)).View()
	col, _ := ops.Unsqueeze(v, 1)
	row, _ := ops.Unsqueeze(v, 0)
	fmt.Println(col.Shape(), row.Shape())
	fmt.Println(col)
	// Output:
	// [3 1] [1 3]
	// [[1]
	//  [2]
	//  [3]]
}

// View reshapes only when the strides allow it, like PyTorch's view; it
// never copies (Reshape copies when it must).
func ExampleView() {
	m := tensor.Must(tensor.FromSlice([]int{1, 2, 3, 4, 5, 6}, 2, 3)).View()
	v, err := ops.View(m, 3, 2)
	fmt.Println(v, err)
	t, _ := ops.Transpose(m, 0, 1)
	_, err = ops.View(t, 6)
	fmt.Println(errors.Is(err, layout.ErrNotViewable))
	// Output:
	// [[1 2]
	//  [3 4]
	//  [5 6]] <nil>
	// true
}

// Flatten returns the elements as one axis: a view when the strides allow
// it, else a row-major copy.
func ExampleFlatten() {
	m := tensor.Must(tensor.FromSlice([]int{1, 2, 3, 4, 5, 6}, 2, 3)).View()
	f, err := ops.Flatten(m)
	fmt.Println(f, err)
	t, _ := ops.Transpose(m, 0, 1)
	ft, err := ops.Flatten(t) // copies
	fmt.Println(ft, err)
	// Output:
	// [1 2 3 4 5 6] <nil>
	// [1 4 2 5 3 6] <nil>
}
