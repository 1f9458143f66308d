package gonum_test

import (
	"fmt"

	"gonum.org/v1/gonum/mat"

	"github.com/tessera-go/tessera/gonum"
	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// Column means with Tessera, then a product with gonum, on one buffer.
func Example() {
	x := tensor.Must(tensor.FromSlice([]float64{1, 2, 3, 4, 5, 6}, 3, 2))
	mean, _ := ops.Mean(x, 0)
	centered, _ := ops.Sub(x, mean) // broadcast over the rows
	m, _ := gonum.AsDense(centered) // shares centered's data

	var cov mat.Dense
	cov.Mul(m.T(), m)
	cov.Scale(1.0/2, &cov) // divided by n-1
	fmt.Println(mat.Formatted(&cov))
	// Output:
	// ⎡4  4⎤
	// ⎣4  4⎦
}

// A correlation matrix, NumPy's np.corrcoef(X, rowvar=False): standardize
// the columns with Tessera (population deviations, as corrcoef's), then
// Z.T @ Z / n with gonum on the same buffer (the values agree with
// NumPy's to the digits shown).
func Example_correlation() {
	X := tensor.Must(tensor.FromSlice([]float64{
		1, 2, 10,
		2, 4, 8,
		3, 7, 9,
		4, 8, 5,
	}, 4, 3))
	n, _ := X.Dim(0)
	mean, err := ops.MeanKeepDims(X, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	sd, _ := ops.PopStdDevKeepDims(X, 0)
	centred, _ := ops.Sub(X, mean)
	Z, _ := ops.Div(centred, sd)
	z, _ := gonum.AsDense(Z) // Z is row-major: no copy

	var corr mat.Dense
	corr.Mul(z.T(), z)
	corr.Scale(1/float64(n), &corr)
	fmt.Printf("%.4f\n", mat.Formatted(&corr))
	// Output:
	// ⎡ 1.0000   0.9845  -0.8367⎤
	// ⎢ 0.9845   1.0000  -0.7284⎥
	// ⎣-0.8367  -0.7284   1.0000⎦
}

// A transposed view has no unit column stride: AsDense refuses it and
// ToDense copies it.
func ExampleToDense() {
	x := tensor.Must(tensor.FromSlice([]float64{1, 2, 3, 4, 5, 6}, 2, 3))
	xt := tensor.Must(x.Transpose(0, 1))
	_, err := gonum.AsDense(xt)
	fmt.Println(err)
	m := tensor.Must(gonum.ToDense(xt))
	fmt.Println(mat.Formatted(m))
	// Output:
	// gonum: AsDense: strides [1 3] of shape [3 2]: gonum needs a column stride of 1 and a row stride of at least 2
	// ⎡1  4⎤
	// ⎢2  5⎥
	// ⎣3  6⎦
}

// A gonum matrix seen as a view: a write through the view is a write to
// the matrix.
func ExampleFromDense() {
	m := mat.NewDense(2, 2, []float64{1, 2, 3, 4})
	v := tensor.Must(gonum.FromDense(m))
	_ = ops.MulScalarInto(v, v, 10)
	fmt.Println(m.At(1, 0))
	// Output: 30
}

// A column of a matrix is a vector with a stride: gonum shares it.
func ExampleAsVecDense() {
	x := tensor.Must(tensor.FromSlice([]float64{1, 2, 3, 4, 5, 6}, 3, 2))
	col := tensor.Must(x.Select(1, 1))
	v := tensor.Must(gonum.AsVecDense(col))
	fmt.Println(v.Len(), mat.Dot(v, v))
	// Output: 3 56
}

// Every other row of a matrix is still a gonum matrix: a larger row
// stride, the same buffer.
func ExampleAsDense() {
	x := tensor.Must(tensor.FromSlice([]float64{1, 2, 3, 4, 5, 6, 7, 8}, 4, 2))
	even := tensor.Must(x.Slice(0, 0, 4, 2))
	m := tensor.Must(gonum.AsDense(even))
	fmt.Println(m.RawMatrix().Stride, mat.Formatted(m))
	// Output:
	// 4 ⎡1  2⎤
	// ⎣5  6⎦
}

// A gonum vector with an increment is a strided view.
func ExampleFromVecDense() {
	v := mat.NewVecDense(6, []float64{1, 2, 3, 4, 5, 6}).SliceVec(0, 6)
	w := tensor.Must(gonum.FromVecDense(v.(*mat.VecDense)))
	fmt.Println(w.Shape(), tensor.Must(ops.Sum(w)).At())
	// Output: [6] 21
}

// A reversed vector has a negative stride, which gonum cannot describe:
// ToVecDense copies it.
func ExampleToVecDense() {
	x := tensor.Must(tensor.FromSlice([]float64{1, 2, 3}, 3))
	v := tensor.Must(gonum.ToVecDense(tensor.Must(x.Flip())))
	fmt.Println(v.AtVec(0), v.AtVec(2))
	// Output: 3 1
}
