package tensor_test

import (
	"errors"
	"fmt"
	"math"

	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/tensor"
)

func ExampleFromSlice() {
	t, err := tensor.FromSlice([]float32{0, 1, 2, 3, 4, 5}, 2, 3)
	fmt.Println(t, err)
	fmt.Println(t.At(1, 2))
	_, err = tensor.FromSlice([]float32{0, 1, 2}, 2, 3)
	fmt.Println(errors.Is(err, layout.ErrShape))
	// Output:
	// [[0. 1. 2.]
	//  [3. 4. 5.]] <nil>
	// 5
	// true
}

func ExampleNewView() {
	data := []int{0, 1, 2, 3, 4, 5}
	// Every other element, backwards.
	l, _ := layout.Strided([]int{3}, []int{-2}, 5)
	v, _ := tensor.NewView(data, l)
	fmt.Println(v)
	_, err := tensor.NewView(data[:5], l)
	fmt.Println(err)
	// Output:
	// [5 3 1]
	// tensor: NewView: layout shape [3] strides [-2] offset 5 reaches offset 5 in a buffer of length 5
}

func ExampleView_Contiguous() {
	t := tensor.Must(tensor.FromSlice([]float32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, 3, 4))
	l, _ := t.Layout().Transpose(0, 1)
	tv := tensor.Must(tensor.NewView(t.Data(), l))

	c := tv.Contiguous() // copies: the transpose is not row-major
	fmt.Println(c.Layout(), c.Data())

	rows := tensor.Must(tensor.NewView(t.Data(), tensor.Must(t.Layout().Slice(0, 1, 3, 1))))
	r := rows.Contiguous() // shares: rows 1:3 are contiguous
	r.Set(-4, 0, 0)
	fmt.Println(t.At(1, 0))
	// Output:
	// shape [4 3] strides [3 1] offset 0 [0 4 8 1 5 9 2 6 10 3 7 11]
	// -4
}

func ExampleView_CopyFrom() {
	dst := tensor.Must(tensor.New[int](2, 3)).View()
	row := tensor.Must(tensor.FromSlice([]int{1, 2, 3})).View()
	_ = dst.CopyFrom(row) // broadcast the row to every row
	fmt.Println(dst)
	// Output:
	// [[1 2 3]
	//  [1 2 3]]
}

func ExampleView_Values() {
	t := tensor.Must(tensor.FromSlice([]int{1, 2, 3, 4}, 2, 2))
	tl, _ := t.Layout().Transpose(0, 1)
	for x := range tensor.Must(tensor.NewView(t.Data(), tl)).Values() {
		fmt.Print(x, " ")
	}
	fmt.Println()
	// Output:
	// 1 3 2 4
}

func ExampleView_Format() {
	t := tensor.Must(tensor.FromSlice([]float64{1, 2.5, -3, 1.0 / 3}, 2, 2))
	fmt.Println(t) // NumPy's str: one format for all, aligned on the point
	fmt.Printf("%.2v\n", t)
	fmt.Printf("%+v\n", t)
	fmt.Printf("%.2f\n", t) // Go's verbs apply to each element
	fmt.Println(tensor.Must(tensor.FromSlice([]float64{1e-5, 1, math.NaN()})))
	fmt.Println(t.Describe())
	fmt.Printf("%#v\n", t)
	// Output:
	// [[ 1.          2.5       ]
	//  [-3.          0.33333333]]
	// [[ 1.    2.5 ]
	//  [-3.    0.33]]
	// [[+1.         +2.5       ]
	//  [-3.         +0.33333333]]
	// [[ 1.00  2.50]
	//  [-3.00  0.33]]
	// [1.e-05 1.e+00    nan]
	// Tensor[float64] shape [2 2] strides [2 1] offset 0 size 4 contiguous
	// tensor.Must(tensor.FromSlice([]float64{1, 2.5, -3, 0.3333333333333333}, 2, 2))
}

func ExampleView_Rows() {
	m := tensor.Must(tensor.FromSlice([]int{1, 2, 3, 4, 5, 6}, 2, 3)).View()
	for i, row := range m.Rows() {
		fmt.Println(i, row)
	}
	cols, _ := m.Axis(1)
	for j, col := range cols {
		fmt.Println(j, col)
	}
	// Output:
	// 0 [1 2 3]
	// 1 [4 5 6]
	// 0 [1 4]
	// 1 [2 5]
	// 2 [3 6]
}

func ExampleView_All() {
	m := tensor.Must(tensor.FromSlice([]int{1, 2, 3, 4}, 2, 2)).View()
	for idx, x := range m.All() {
		fmt.Println(idx, x)
	}
	// Output:
	// [0 0] 1
	// [0 1] 2
	// [1 0] 3
	// [1 1] 4
}

func ExampleView_Permute() {
	v := tensor.Must(tensor.Arange[int](24)).View()
	v = tensor.Must(v.View(2, 3, 4))
	p, _ := v.Permute(2, 0, 1) // the same as ops.Permute(v, 2, 0, 1)
	fmt.Println(p.Shape(), p.Strides(), p.IsContiguous())
	fmt.Println(p.At(3, 1, 2), v.At(1, 2, 3))
	_, err := v.Permute(0, 1, 3)
	fmt.Println(err)
	// Output:
	// [4 2 3] [1 12 4] false
	// 23 23
	// tensor: Permute: shape [2 3 4]: layout: Permute: axis 3 out of range for rank 3
}

func ExampleView_Reshape() {
	t := tensor.Must(tensor.FromSlice([]float32{0, 1, 2, 3, 4, 5}, 2, 3))
	tv, _ := t.View().Transpose(0, 1)
	_, err := tv.View(6) // strict: the strides cannot express it
	fmt.Println(errors.Is(err, layout.ErrNotViewable))
	r, _ := tv.Reshape(6) // copies instead
	fmt.Println(r)
	// Output:
	// true
	// [0. 3. 1. 4. 2. 5.]
}
