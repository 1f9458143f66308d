package ops_test

import (
	"fmt"

	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// Mean of the columns of a [N, C] matrix, and of everything.
func ExampleMean() {
	m := tensor.Must(tensor.FromSlice([]float64{1, 10, 2, 20, 6, 60}, 3, 2)).View()
	cols, _ := ops.Mean(m, 0)
	all, _ := ops.Mean(m)
	fmt.Println(cols, all)
	// Output:
	// [ 3. 30.] 16.5
}

// MeanKeepDims gives means that broadcast against the input: centring
// the rows.
func ExampleMeanKeepDims() {
	m := tensor.Must(tensor.FromSlice([]float32{1, 2, 6, 10, 20, 60}, 2, 3)).View()
	means, _ := ops.MeanKeepDims(m, 1) // shape [2 1]
	centred, _ := ops.Sub(m, means)
	fmt.Println(means.Shape(), centred)
	// Output:
	// [2 1] [[ -2.  -1.   3.]
	//  [-20. -10.  30.]]
}

// MeanInto writes the means into a caller's view: here a row of a
// preallocated table.
func ExampleMeanInto() {
	m := tensor.Must(tensor.FromSlice([]float64{1, 2, 3, 5}, 2, 2)).View()
	table := tensor.Must(tensor.New[float64](2, 2))
	row, _ := ops.Select(table, 0, 1)
	_ = ops.MeanInto(row, m, 0)
	fmt.Println(table)
	// Output:
	// [[0.  0. ]
	//  [2.  3.5]]
}

// PopVariance divides by n (NumPy's var), SampleVariance by n - 1
// (PyTorch's var, gonum's stat.Variance); both take their axes where Sum
// and Mean do.
func ExamplePopVariance() {
	x := tensor.Must(tensor.FromSlice([]float64{2, 4, 4, 4, 5, 5, 7, 9}, 8))
	pop, _ := ops.PopVariance(x)
	sample, _ := ops.SampleVariance(x)
	fmt.Printf("%.4f %.4f\n", pop.At(), sample.At())
	// Output: 4.0000 4.5714
}

// SampleVariance along an axis: the variance of each column.
func ExampleSampleVariance() {
	m := tensor.Must(tensor.FromSlice([]float64{1, 3, 10, 30, 4, 6}, 3, 2))
	v, _ := ops.SampleVariance(m, 0)
	fmt.Println(v)
	// Output: [ 21. 219.]
}

// VarianceDdof takes any ddof; its KeepDims and Into forms are as for
// every reduction.
func ExampleVarianceDdof() {
	m := tensor.Must(tensor.FromSlice([]float64{1, 3, 10, 30}, 2, 2))
	v, _ := ops.VarianceDdofKeepDims(m, 0, 1)
	out := tensor.Must(tensor.New[float64](2))
	_ = ops.VarianceDdofInto(out, m, 0, 0)
	fmt.Println(v.Shape(), v, out)
	// Output:
	// [2 1] [[  1.]
	//  [100.]] [ 20.25 182.25]
}

// PopStdDev is the square root of PopVariance: here of each row of a
// [2, 4] matrix.
func ExamplePopStdDev() {
	m := tensor.Must(tensor.FromSlice([]float64{2, 4, 4, 6, 1, 1, 1, 1}, 2, 4))
	s, _ := ops.PopStdDev(m, 1)
	fmt.Printf("%.4f\n", s.Data())
	// Output: [1.4142 0.0000]
}

// SampleStdDevKeepDims keeps the reduced axis, so the result divides the
// input: standardizing the columns with the sample deviation.
func ExampleSampleStdDevKeepDims() {
	m := tensor.Must(tensor.FromSlice([]float64{1, 10, 3, 30}, 2, 2))
	mean, _ := ops.MeanKeepDims(m, 0)
	std, _ := ops.SampleStdDevKeepDims(m, 0)
	centred, _ := ops.Sub(m, mean)
	z, _ := ops.Div(centred, std)
	out := tensor.Must(tensor.New[float64](2))
	_ = ops.SampleStdDevInto(out, m, 0)
	fmt.Printf("%.4f %v\n", z.Data(), out)
	// Output:
	// [-0.7071 -0.7071 0.7071 0.7071] [ 1.41421356 14.14213562]
}

// StdDevDdofInto writes into a caller's tensor or view, here of the
// reduced shape with the axis kept.
func ExampleStdDevDdofInto() {
	m := tensor.Must(tensor.FromSlice([]float64{1, 2, 3, 5, 7, 9}, 2, 3))
	v := tensor.Must(tensor.New[float64](2, 1))
	s := tensor.Must(tensor.New[float64](2))
	_ = ops.VarianceDdofInto(v, m, 1, 1)
	_ = ops.StdDevDdofInto(s, m, 1, 1)
	fmt.Println(v.Data(), s)
	// Output:
	// [1 4] [1. 2.]
}
