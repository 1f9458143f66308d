package ops_test

import (
	"fmt"

	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// CumSum along each axis of a matrix, and of all of it in row-major order
// through Flatten.
func ExampleCumSum() {
	m := tensor.Must(tensor.FromSlice([]int{1, 2, 3, 4, 5, 6}, 2, 3)).View()
	down, _ := ops.CumSum(m, 0)
	across, _ := ops.CumSum(m, -1)
	flat, _ := ops.Flatten(m)
	all, _ := ops.CumSum(flat, 0)
	fmt.Println(down)
	fmt.Println(across)
	fmt.Println(all)
	// Output:
	// [[1 2 3]
	//  [5 7 9]]
	// [[ 1  3  6]
	//  [ 4  9 15]]
	// [ 1  3  6 10 15 21]
}

// CumSumInto can scan in place.
func ExampleCumSumInto() {
	x := tensor.Must(tensor.FromSlice([]float64{0.5, 0.25, 0.125, 0.125}, 4))
	_ = ops.CumSumInto(x, x, 0)
	fmt.Println(x)
	// Output:
	// [0.5   0.75  0.875 1.   ]
}

// CumProd of a reversed view: the products from the end.
func ExampleCumProd() {
	x := tensor.Must(tensor.FromSlice([]int{1, 2, 3, 4}, 4)).View()
	rev, _ := ops.Flip(x, 0)
	p, _ := ops.CumProd(rev, 0)
	fmt.Println(p)
	// Output: [ 4 12 24 24]
}

// CumProdInto writes into a caller's view: here the columns of a
// transposed buffer.
func ExampleCumProdInto() {
	m := tensor.Must(tensor.FromSlice([]float64{1, 2, 3, 4, 5, 6}, 2, 3)).View()
	buf := tensor.Must(tensor.New[float64](3, 2))
	dst, _ := ops.Transpose(buf, 0, 1)
	_ = ops.CumProdInto(dst, m, 1)
	fmt.Println(buf)
	// Output:
	// [[  1.   4.]
	//  [  2.  20.]
	//  [  6. 120.]]
}
