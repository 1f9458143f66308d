package ops_test

import (
	"fmt"

	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// The diagonal is a view: its sum is the trace, and writing through it
// writes the matrix.
func ExampleDiagonal() {
	m := tensor.Must(tensor.Arange[int](9))
	sq := tensor.Must(m.Reshape(3, 3))
	d := tensor.Must(ops.Diagonal(sq, 0, 0, 1))
	fmt.Println(d, tensor.Must(ops.Sum(d)))
	above := tensor.Must(ops.Diagonal(sq, 1, 0, 1))
	_ = above.Fill(-1)
	fmt.Println(sq)
	// Output:
	// [0 4 8] 12
	// [[ 0 -1  2]
	//  [ 3  4 -1]
	//  [ 6  7  8]]
}

// Moving sums without a copy, and the patches of an image: windows along
// H, then along W with a step of 2, as im2col reads them.
func ExampleWindows() {
	x := tensor.Must(tensor.FromSlice([]float64{1, 2, 3, 4, 5, 6}, 6))
	w := tensor.Must(ops.Windows(x, 0, 3, 1)) // [4 3], overlapping
	fmt.Println(tensor.Must(ops.Sum(w, -1)).Data())

	img := tensor.Must(tensor.Arange[int](20))
	hw := tensor.Must(img.Reshape(4, 5))
	p := tensor.Must(ops.Windows(hw, 0, 2, 1))
	p = tensor.Must(ops.Windows(p, 1, 2, 2))
	fmt.Println(p.Shape())
	fmt.Println(tensor.Must(ops.Select(tensor.Must(ops.Select(p, 0, 1)), 0, 1)))
	// Output:
	// [6 9 12 15]
	// [3 2 2 2]
	// [[ 7  8]
	//  [12 13]]
}
