package tensor_test

import (
	"fmt"

	"github.com/tessera-go/tessera/tensor"
)

// The view operations are also Tensor methods; each result shares the
// tensor's data.
func ExampleTensor_Transpose() {
	t := tensor.Must(tensor.FromSlice([]int{1, 2, 3, 4, 5, 6}, 2, 3))
	tt := tensor.Must(t.Transpose(0, 1))
	fmt.Println(tt)
	tt.Set(0, 2, 1) // t[1][2]
	fmt.Println(t.Data())
	// Output:
	// [[1 4]
	//  [2 5]
	//  [3 6]]
	// [1 2 3 4 5 0]
}
