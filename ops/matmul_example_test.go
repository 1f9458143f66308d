package ops_test

import (
	"fmt"

	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// MatMul follows NumPy's matmul: matrices, a vector on either side, and
// stacks of matrices that broadcast. Any layout is read as it lies: here
// the transpose of a, with no copy first.
func ExampleMatMul() {
	a := tensor.Must(tensor.FromSlice([]float64{1, 2, 3, 4, 5, 6}, 2, 3))
	b := tensor.Must(tensor.FromSlice([]float64{1, 0, 0, 1, 1, 1}, 3, 2))
	ab, _ := ops.MatMul(a, b) // [2 3] @ [3 2]
	at := tensor.Must(a.Transpose(0, 1))
	ata, _ := ops.MatMul(at, a) // a.T @ a: [3 3]
	v := tensor.Must(tensor.FromSlice([]float64{1, 1, 1}, 3))
	av, _ := ops.MatMul(a, v) // a vector: the added axis is removed
	dot, _ := ops.MatMul(v, v)
	d, _ := dot.Item()
	fmt.Println(ab)
	fmt.Println(ata)
	fmt.Println(av, d)
	// Output:
	// [[ 4.  5.]
	//  [10. 11.]]
	// [[17. 22. 27.]
	//  [22. 29. 36.]
	//  [27. 36. 45.]]
	// [ 6. 15.] 3
}

// MatMulInto writes into a caller's tensor or view; an operand may be the
// destination itself.
func ExampleMatMulInto() {
	x := tensor.Must(tensor.FromSlice([]int{1, 1, 0, 1}, 2, 2))
	p := tensor.Must(tensor.FromSlice([]int{1, 0, 0, 1}, 2, 2))
	for range 3 {
		_ = ops.MatMulInto(p, p, x) // p = p @ x
	}
	fmt.Println(p)
	// A stack of two matrices times one matrix, which broadcasts.
	s := tensor.Must(tensor.FromSlice([]complex128{1, 1i, 2, 2i}, 2, 1, 2))
	c := tensor.Must(tensor.FromSlice([]complex128{1i, 1}, 2, 1))
	sc, _ := ops.MatMul(s, c)
	fmt.Println(sc.Shape(), sc.Data())
	// Output:
	// [[1 3]
	//  [0 1]]
	// [2 1 1] [(0+2i) (0+4i)]
}

// Dot is NumPy's dot: vectors give a scalar, matrices their product.
func ExampleDot() {
	u := tensor.Must(tensor.FromSlice([]float64{1, 2, 3}, 3))
	v := tensor.Must(tensor.FromSlice([]float64{4, 5, 6}, 3))
	d, _ := ops.Dot(u, v)
	x, _ := d.Item()
	fmt.Println(x)
	// Output: 32
}

// Outer is NumPy's outer: every product of an element of a and one of b.
func ExampleOuter() {
	u := tensor.Must(tensor.FromSlice([]int{1, 2}, 2))
	v := tensor.Must(tensor.FromSlice([]int{1, 10, 100}, 3))
	o, _ := ops.Outer(u, v)
	fmt.Println(o)
	// Output:
	// [[  1  10 100]
	//  [  2  20 200]]
}

// Tensordot contracts any axes, paired in order: here the last two of a
// with the first two of b, as np.tensordot(a, b, axes=([1, 2], [0, 1])).
func ExampleTensordot() {
	a := tensor.Must(tensor.Arange[float64](2 * 3 * 4))
	a3, _ := a.Reshape(2, 3, 4)
	b := tensor.Must(tensor.Full(1.0, 3, 4, 5))
	c, _ := ops.Tensordot(a3, b, []int{1, 2}, []int{0, 1})
	fmt.Println(c.Shape(), c)
	// Output:
	// [2 5] [[ 66.  66.  66.  66.  66.]
	//  [210. 210. 210. 210. 210.]]
}

// Trace sums a diagonal; the axes choose the matrices of a stack.
func ExampleTrace() {
	m := tensor.Must(tensor.FromSlice([]int{1, 2, 3, 4, 5, 6, 7, 8, 9}, 3, 3))
	t, _ := ops.Trace(m, 0, 0, 1)
	above, _ := ops.Trace(m, 1, 0, 1)
	x, _ := t.Item()
	y, _ := above.Item()
	fmt.Println(x, y)
	// Output: 15 8
}

// Einsum names each operand's axes by letters: a repeated letter takes a
// diagonal, a letter missing from the output is summed over, and "..."
// stands for axes that broadcast. Products run as matrix products.
func ExampleEinsum() {
	a := tensor.Must(tensor.FromSlice([]float64{1, 2, 3, 4}, 2, 2))
	b := tensor.Must(tensor.FromSlice([]float64{5, 6, 7, 8}, 2, 2))
	prod, _ := ops.Einsum("ij,jk->ik", a, b)
	tr, _ := ops.Einsum("ii->", a)
	t, _ := tr.Item()
	rowDots, _ := ops.Einsum("ij,ij->i", a, b) // the dot product of each row pair
	fmt.Println(prod)
	fmt.Println(t, rowDots)
	// Output:
	// [[19. 22.]
	//  [43. 50.]]
	// 5 [17. 53.]
}
