package ops_test

import (
	"errors"
	"fmt"
	"math"

	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// Normalise the columns of a matrix: subtract each column's mean, a
// broadcast row, and divide by a scalar.
func ExampleSub() {
	m := tensor.Must(tensor.FromSlice([]float64{1, 10, 3, 30, 5, 50}, 3, 2)).View()
	means := tensor.Must(tensor.FromSlice([]float64{3, 30}, 2)).View() // shape [2]
	centred, _ := ops.Sub(m, means)                                    // [3 2] - [2]
	scaled, _ := ops.DivScalar(centred, 2)
	fmt.Println(scaled)
	// Output:
	// [[ -1. -10.]
	//  [  0.   0.]
	//  [  1.  10.]]
}

// Add computes on any views: here a matrix plus its own transpose.
func ExampleAdd() {
	m := tensor.Must(tensor.FromSlice([]int{1, 2, 3, 4}, 2, 2)).View()
	mt := tensor.Must(m.Transpose(0, 1))
	sym, _ := ops.Add(m, mt)
	fmt.Println(sym)
	_, err := ops.Add(m, tensor.Must(tensor.Arange[int](3)).View())
	fmt.Println(errors.Is(err, layout.ErrShape), err)
	// Output:
	// [[2 5]
	//  [5 8]]
	// true ops: Add: shapes [2 2] and [3] do not broadcast
}

// AddInto writes into a view of the caller's; the destination may be an
// input, for an in-place update.
func ExampleAddInto() {
	x := tensor.Must(tensor.FromSlice([]float32{1, 2, 3})).View()
	y := tensor.Must(tensor.FromSlice([]float32{10, 20, 30})).View()
	_ = ops.AddInto(x, x, y) // x += y
	fmt.Println(x)
	// Output:
	// [11. 22. 33.]
}

func ExampleMul() {
	col := tensor.Must(tensor.FromSlice([]int{1, 2, 3}, 3, 1)).View()
	row := tensor.Must(tensor.FromSlice([]int{1, 10}, 2)).View()
	outer, _ := ops.Mul(col, row) // [3 1] * [2] broadcast to [3 2]
	fmt.Println(outer)
	// Output:
	// [[ 1 10]
	//  [ 2 20]
	//  [ 3 30]]
}

func ExampleDiv() {
	a := tensor.Must(tensor.FromSlice([]int32{7, -7, 8})).View()
	b := tensor.Must(tensor.FromSlice([]int32{2, 2, 0})).View()
	_, err := ops.Div(a, b)
	fmt.Println(errors.Is(err, ops.ErrDivideByZero))
	q, _ := ops.Div(tensor.Must(a.Slice(0, 0, 2, 1)), tensor.Must(b.Slice(0, 0, 2, 1)))
	fmt.Println(q) // truncated toward zero, as in Go
	// Output:
	// true
	// [ 3 -3]
}

func ExampleMaximum() {
	a := tensor.Must(tensor.FromSlice([]float64{1, math.NaN(), 5})).View()
	b := tensor.Must(tensor.FromSlice([]float64{3})).View()
	m, _ := ops.Maximum(a, b)
	fmt.Println(m.Data())
	// Output: [3 NaN 5]
}

func ExampleMinimum() {
	a := tensor.Must(tensor.FromSlice([]int{4, -1, 9})).View()
	zero := tensor.Must(tensor.New[int]()).View() // rank 0: broadcasts anywhere
	m, _ := ops.Minimum(a, zero)
	fmt.Println(m)
	// Output: [ 0 -1  0]
}

func ExampleAddScalar() {
	v := tensor.Must(tensor.Arange[float32](4)).View()
	r, _ := ops.AddScalar(v, 0.5)
	fmt.Println(r)
	// Output: [0.5 1.5 2.5 3.5]
}

func ExampleMulScalarInto() {
	v := tensor.Must(tensor.FromSlice([]float64{1, 2, 3, 4}, 2, 2)).View()
	row := tensor.Must(v.Select(0, 1))
	_ = ops.MulScalarInto(row, row, 10) // scale the second row in place
	fmt.Println(v)
	// Output:
	// [[ 1.  2.]
	//  [30. 40.]]
}

func ExampleMap() {
	v := tensor.Must(tensor.FromSlice([]float64{1, 4, 9})).View()
	r, _ := ops.Map(v, math.Sqrt)
	fmt.Println(r)
	// Output:
	// [1. 2. 3.]
}

func ExampleZip() {
	a := tensor.Must(tensor.FromSlice([]float64{3, 5})).View()
	b := tensor.Must(tensor.FromSlice([]float64{4, 12})).View()
	h, _ := ops.Zip(a, b, math.Hypot)
	fmt.Println(h)
	// Output:
	// [ 5. 13.]
}

func ExampleConvert() {
	f := tensor.Must(tensor.FromSlice([]float64{1.9, -1.9, 300.5})).View()
	i, _ := ops.Convert[int16](f) // truncates toward zero, as Go does
	u, _ := ops.Convert[uint8](i)
	fmt.Println(i, u) // 300 wraps to 44 in uint8, as Go's conversion does
	c, _ := ops.Convert[complex64](f)
	fmt.Println(c.Data()[0])
	// Output:
	// [  1  -1 300] [  1 255  44]
	// (1.9+0i)
}

func ExampleConvertInto() {
	m := tensor.Must(tensor.FromSlice([]int32{1, 2, 3, 4}, 2, 2)).View()
	out := tensor.Must(tensor.New[float32](2, 2)).View()
	mt := tensor.Must(m.Transpose(0, 1))
	_ = ops.ConvertInto(out, mt)
	fmt.Println(out)
	// Output:
	// [[1. 3.]
	//  [2. 4.]]
}

func ExampleNeg() {
	v := tensor.Must(tensor.FromSlice([]int8{1, -2, math.MinInt8})).View()
	n, _ := ops.Neg(v)
	fmt.Println(n) // -128 wraps to itself, as in Go
	// Output: [  -1    2 -128]
}

func ExampleAbs() {
	v := tensor.Must(tensor.FromSlice([]float64{-1.5, 2, math.Copysign(0, -1)})).View()
	a, _ := ops.Abs(v)
	fmt.Println(a.Data(), math.Signbit(a.Data()[2]))
	// Output: [1.5 2 0] false
}

func ExampleSqrt() {
	v := tensor.Must(tensor.FromSlice([]float32{4, 2, -1})).View()
	s, _ := ops.Sqrt(v)
	fmt.Printf("%.4f\n", s)
	// Output: [2.0000 1.4142    NaN]
}

func ExampleExp() {
	v := tensor.Must(tensor.FromSlice([]float64{0, 1})).View()
	e, _ := ops.Exp(v)
	fmt.Printf("%.5f\n", e)
	// Output: [1.00000 2.71828]
}

func ExampleLog() {
	v := tensor.Must(tensor.FromSlice([]float64{1, math.E, 0})).View()
	l, _ := ops.Log(v)
	fmt.Println(l.Data())
	// Output: [0 1 -Inf]
}

func ExampleSin() {
	v := tensor.Must(tensor.FromSlice([]float64{0, math.Pi / 2})).View()
	s, _ := ops.Sin(v)
	fmt.Println(s.Data())
	// Output: [0 1]
}

func ExampleCos() {
	v := tensor.Must(tensor.FromSlice([]float64{0, math.Pi})).View()
	c, _ := ops.Cos(v)
	fmt.Println(c.Data())
	// Output: [1 -1]
}

func ExampleTanh() {
	v := tensor.Must(tensor.FromSlice([]float64{0, 100})).View()
	th, _ := ops.Tanh(v)
	fmt.Println(th.Data())
	// Output: [0 1]
}

// Pow broadcasts: here every element squared, then a row of exponents.
func ExamplePow() {
	v := tensor.Must(tensor.FromSlice([]float64{1, 2, 3, 4}, 2, 2)).View()
	two := tensor.Must(tensor.Full(2.0)).View()
	sq, _ := ops.Pow(v, two)
	fmt.Println(sq)
	exps := tensor.Must(tensor.FromSlice([]float64{0, 0.5})).View()
	p, _ := ops.Pow(sq, exps)
	fmt.Println(p)
	// Output:
	// [[ 1.  4.]
	//  [ 9. 16.]]
	// [[1. 2.]
	//  [1. 4.]]
}
