// Command normalize standardizes the columns of a data matrix with a
// generic function that takes a Tensor or a View of any float type, as
// scikit-learn's StandardScaler does: subtract each column's mean and
// divide by its population standard deviation.
package main

import (
	"fmt"
	"log"

	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// Normalize returns x standardized along axis: (x - mean) / std, with the
// statistics of each slice along axis broadcast back over it. A slice
// whose deviation is 0 gives NaN (0/0), as NumPy does.
func Normalize[T tensor.Float, V tensor.Operand[T]](x V, axis int) (tensor.Tensor[T], error) {
	mean, err := ops.MeanKeepDims(x, axis)
	if err != nil {
		return tensor.Tensor[T]{}, err
	}
	sd, err := ops.PopStdDevKeepDims(x, axis)
	if err != nil {
		return tensor.Tensor[T]{}, err
	}
	centred, err := ops.Sub(x, mean)
	if err != nil {
		return tensor.Tensor[T]{}, err
	}
	return ops.Div(centred, sd)
}

func main() {
	// Four samples of three features, float32.
	x, err := tensor.FromSlice([]float32{
		1, 200, 0.5,
		2, 180, 0.7,
		3, 260, 0.2,
		4, 240, 0.6,
	}, 4, 3)
	if err != nil {
		log.Fatal(err)
	}
	z, err := Normalize(x, 0) // down the columns
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("columns standardized:\n%.3f\n", z)

	// The same function on a float64 view: the rows of the transpose.
	xt, err := tensor.FromSlice([]float64{1, 2, 3, 4, 10, 20, 30, 40}, 2, 4)
	if err != nil {
		log.Fatal(err)
	}
	cols, err := xt.Transpose(0, 1) // [4 2], a strided view
	if err != nil {
		log.Fatal(err)
	}
	zt, err := Normalize(cols, 0)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("a transposed float64 view:\n%.3f\n", zt)
}
