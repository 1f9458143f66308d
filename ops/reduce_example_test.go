package ops_test

import (
	"errors"
	"fmt"

	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// Sum reduces the axes it is given and drops them; with none it sums
// everything into a rank-0 tensor.
func ExampleSum() {
	m := tensor.Must(tensor.FromSlice([]float64{1, 2, 3, 4, 5, 6}, 2, 3)).View()
	cols, _ := ops.Sum(m, 0)
	rows, _ := ops.Sum(m, -1)
	all, _ := ops.Sum(m)
	fmt.Println(cols, rows, all, all.Shape())
	// Output:
	// [5. 7. 9.] [ 6. 15.] 21.0 []
}

// SumKeepDims keeps the reduced axes as size 1, so the result broadcasts
// against the input: here, centring the columns of a matrix.
func ExampleSumKeepDims() {
	m := tensor.Must(tensor.FromSlice([]float64{1, 10, 3, 30, 5, 50}, 3, 2)).View()
	s, _ := ops.SumKeepDims(m, 0) // shape [1 2]
	means, _ := ops.DivScalar(s, 3)
	centred, _ := ops.Sub(m, means)
	fmt.Println(s.Shape(), centred)
	// Output:
	// [1 2] [[ -2. -20.]
	//  [  0.   0.]
	//  [  2.  20.]]
}

// SumInto writes into a view of the caller's, of the result's shape with
// the reduced axes dropped or kept.
func ExampleSumInto() {
	m := tensor.Must(tensor.FromSlice([]int{1, 2, 3, 4, 5, 6}, 2, 3)).View()
	out := tensor.Must(tensor.New[int](2))
	_ = ops.SumInto(out, m, 1)
	fmt.Println(out)
	// Output: [ 6 15]
}

func ExampleProd() {
	m := tensor.Must(tensor.FromSlice([]int{1, 2, 3, 4, 5, 6}, 2, 3)).View()
	p, _ := ops.Prod(m, 1)
	empty, _ := ops.Prod(tensor.Must(tensor.New[int](0)).View())
	fmt.Println(p, empty)
	// Output: [  6 120] 1
}

// Max propagates NaN, as NumPy's max, and has no identity: reducing no
// elements is an error.
func ExampleMax() {
	m := tensor.Must(tensor.FromSlice([]float64{3, 1, 4, 1, 5, 9}, 2, 3)).View()
	rows, _ := ops.Max(m, 1)
	t := tensor.Must(m.Transpose(0, 1))
	colsOfT, _ := ops.MaxKeepDims(t, 0)
	fmt.Println(rows, colsOfT)
	_, err := ops.Max(tensor.Must(tensor.New[float64](0, 3)).View(), 0)
	fmt.Println(errors.Is(err, ops.ErrEmpty))
	// Output:
	// [4. 9.] [[4. 9.]]
	// true
}

func ExampleMin() {
	m := tensor.Must(tensor.FromSlice([]int8{3, -1, 4, 1, -5, 9}, 2, 3)).View()
	cols, _ := ops.Min(m, 0)
	out := tensor.Must(tensor.New[int8]())
	_ = ops.MinInto(out, m)
	fmt.Println(cols, out)
	// Output: [ 1 -5  4] -5
}

// ProdKeepDims and ProdInto: the products of the rows, kept as a column,
// and written into a caller's view.
func ExampleProdKeepDims() {
	m := tensor.Must(tensor.FromSlice([]float64{1, 2, 3, 4, 5, 6}, 2, 3)).View()
	p, _ := ops.ProdKeepDims(m, 1)
	out := tensor.Must(tensor.New[float64](3))
	_ = ops.ProdInto(out, m, 0)
	fmt.Println(p.Shape(), out)
	// Output:
	// [2 1] [ 4. 10. 18.]
}

// MaxInto writes the maxima of the columns into a row of a caller's
// table; MaxKeepDims keeps the reduced axis so that the result broadcasts:
// here, each row's distance to its maximum.
func ExampleMaxInto() {
	m := tensor.Must(tensor.FromSlice([]float32{3, 8, 1, 7, 2, 6}, 2, 3)).View()
	table := tensor.Must(tensor.New[float32](2, 3))
	row, _ := ops.Select(table, 0, 1)
	_ = ops.MaxInto(row, m, 0)
	top, _ := ops.MaxKeepDims(m, 1)
	gap, _ := ops.Sub(top, m)
	fmt.Println(table)
	fmt.Println(gap)
	// Output:
	// [[0. 0. 0.]
	//  [7. 8. 6.]]
	// [[5. 0. 7.]
	//  [0. 5. 1.]]
}

// MinKeepDims keeps the reduced axes as size 1.
func ExampleMinKeepDims() {
	m := tensor.Must(tensor.FromSlice([]int{3, 8, 1, 7, 2, 6}, 2, 3)).View()
	lo, _ := ops.MinKeepDims(m)
	fmt.Println(lo.Shape(), lo)
	// Output: [1 1] [[1]]
}
