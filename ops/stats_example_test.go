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
	centred, _ := ops.Sub(m, means.View())
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
	row, _ := ops.Select(table.View(), 0, 1)
	_ = ops.MeanInto(row, m, 0)
	fmt.Println(table)
	// Output:
	// [[0.  0. ]
	//  [2.  3.5]]
}

// Var with ddof 0 is the population variance, with ddof 1 the unbiased
// sample variance (NumPy's ddof, PyTorch's correction).
func ExampleVar() {
	x := tensor.Must(tensor.FromSlice([]float64{2, 4, 4, 4, 5, 5, 7, 9}, 8)).View()
	pop, _ := ops.Var(x, 0)
	sample, _ := ops.Var(x, 1)
	fmt.Printf("%.4f %.4f\n", pop.At(), sample.At())
	// Output: 4.0000 4.5714
}

// VarKeepDims and VarInto are the other two forms, as for every
// reduction.
func ExampleVarKeepDims() {
	m := tensor.Must(tensor.FromSlice([]float64{1, 3, 10, 30}, 2, 2)).View()
	v, _ := ops.VarKeepDims(m, 0, 1)
	out := tensor.Must(tensor.New[float64](2))
	_ = ops.VarInto(out.View(), m, 0, 0)
	fmt.Println(v.Shape(), v, out)
	// Output:
	// [2 1] [[  1.]
	//  [100.]] [ 20.25 182.25]
}

// Std is the square root of Var: here of each row of a [2, 4] matrix.
func ExampleStd() {
	m := tensor.Must(tensor.FromSlice([]float64{2, 4, 4, 6, 1, 1, 1, 1}, 2, 4)).View()
	s, _ := ops.Std(m, 0, 1)
	fmt.Printf("%.4f\n", s.Data())
	// Output: [1.4142 0.0000]
}

// StdKeepDims keeps the reduced axis, so the result divides the input:
// standardizing the columns (here with the sample deviation, ddof 1).
func ExampleStdKeepDims() {
	m := tensor.Must(tensor.FromSlice([]float64{1, 10, 3, 30}, 2, 2)).View()
	mean, _ := ops.MeanKeepDims(m, 0)
	std, _ := ops.StdKeepDims(m, 1, 0)
	centred, _ := ops.Sub(m, mean.View())
	z, _ := ops.Div(centred.View(), std.View())
	out := tensor.Must(tensor.New[float64](2))
	_ = ops.StdInto(out.View(), m, 1, 0)
	fmt.Printf("%.4f %v\n", z.Data(), out)
	// Output:
	// [-0.7071 -0.7071 0.7071 0.7071] [ 1.41421356 14.14213562]
}

// VarInto and StdInto write into a caller's view, here of the reduced
// shape with the axis kept.
func ExampleVarInto() {
	m := tensor.Must(tensor.FromSlice([]float64{1, 2, 3, 5, 7, 9}, 2, 3)).View()
	v := tensor.Must(tensor.New[float64](2, 1))
	s := tensor.Must(tensor.New[float64](2))
	_ = ops.VarInto(v.View(), m, 1, 1)
	_ = ops.StdInto(s.View(), m, 1, 1)
	fmt.Println(v.Data(), s)
	// Output:
	// [1 4] [1. 2.]
}
