package ops_test

import (
	"fmt"
	"math"

	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// Equal compares elementwise into a mask; NaN equals nothing, itself
// included, and -0 equals +0.
func ExampleEqual() {
	a := tensor.Must(tensor.FromSlice([]float64{1, math.NaN(), 0, 4}))
	b := tensor.Must(tensor.FromSlice([]float64{1, math.NaN(), math.Copysign(0, -1), 5}))
	m, _ := ops.Equal(a, b)
	fmt.Println(m)
	// Output:
	// [ True False  True False]
}

// NotEqual is true wherever Equal is false, NaN included.
func ExampleNotEqual() {
	a := tensor.Must(tensor.FromSlice([]float32{1, float32(math.NaN()), 3}))
	m, _ := ops.NotEqualScalar(a, 3)
	fmt.Println(m)
	// Output:
	// [ True  True False]
}

// Less broadcasts: each row of a matrix against a row of thresholds.
func ExampleLess() {
	m := tensor.Must(tensor.FromSlice([]int{1, 5, 9, 2, 6, 10}, 2, 3))
	t := tensor.Must(tensor.FromSlice([]int{2, 6, 9}))
	mask, _ := ops.Less(m, t)
	fmt.Println(mask)
	// Output:
	// [[ True  True False]
	//  [False False False]]
}

// LessEqual, GreaterEqual and Greater order any real type; a comparison
// with NaN is false.
func ExampleGreaterEqual() {
	x := tensor.Must(tensor.FromSlice([]float64{-1, 0, math.NaN(), 2}))
	ge, _ := ops.GreaterEqualScalar(x, 0)
	le, _ := ops.LessEqualScalar(x, 0)
	gt, _ := ops.Greater(x, tensor.Must(tensor.Full(0.0)))
	fmt.Println(ge, le, gt)
	// Output:
	// [False  True False  True] [ True  True False False] [False False False  True]
}

// GreaterScalar counts the values above a threshold in each column.
func ExampleGreaterScalar() {
	x := tensor.Must(tensor.FromSlice([]float64{12, 40, 35, 8, 31, 33}, 3, 2))
	hot, _ := ops.GreaterScalar(x, 30)
	n, _ := ops.CountNonzero(hot, 0)
	fmt.Println(n)
	// Output:
	// [2 2]
}

// GreaterInto writes a mask into a buffer of the caller's, reused from
// call to call.
func ExampleGreaterInto() {
	a := tensor.Must(tensor.FromSlice([]float32{1, 4, 2, 8}))
	b := tensor.Must(tensor.FromSlice([]float32{3, 3, 3, 3}))
	mask := tensor.Must(tensor.New[bool](4))
	_ = ops.GreaterInto(mask, a, b)
	fmt.Println(mask)
	// Output:
	// [False  True False  True]
}

// IsNaN, IsInf and IsFinite classify floats; integers are always finite.
func ExampleIsNaN() {
	x := tensor.Must(tensor.FromSlice([]float64{1, math.NaN(), math.Inf(-1), 0}))
	nan, _ := ops.IsNaN(x)
	inf, _ := ops.IsInf(x)
	fin, _ := ops.IsFinite(x)
	fmt.Println(nan)
	fmt.Println(inf)
	fmt.Println(fin)
	// Output:
	// [False  True False False]
	// [False False  True False]
	// [ True False False  True]
}

// LogicalAnd, LogicalOr, LogicalXor and LogicalNot combine masks.
func ExampleLogicalAnd() {
	x := tensor.Must(tensor.FromSlice([]float64{-2, 1, 5, 12}))
	pos, _ := ops.GreaterScalar(x, 0)
	small, _ := ops.LessScalar(x, 10)
	and, _ := ops.LogicalAnd(pos, small)
	or, _ := ops.LogicalOr(pos, small)
	xor, _ := ops.LogicalXor(pos, small)
	not, _ := ops.LogicalNot(pos)
	fmt.Println(and, or, xor, not)
	// Output:
	// [False  True  True False] [ True  True  True  True] [ True False False  True] [ True False False False]
}

// Where takes a where the mask is true and b elsewhere; a rank-0 tensor
// stands for a scalar.
func ExampleWhere() {
	x := tensor.Must(tensor.FromSlice([]float64{0.5, -1, 3, math.NaN()}))
	ok, _ := ops.IsFinite(x)
	zero := tensor.Must(tensor.Full(0.0))
	clean, _ := ops.Where(ok, x, zero)
	fmt.Println(clean)
	// Output:
	// [ 0.5 -1.   3.   0. ]
}

// WhereInto replaces, in place, the elements a mask selects.
func ExampleWhereInto() {
	x := tensor.Must(tensor.FromSlice([]int{3, -1, 4, -5}))
	neg, _ := ops.LessScalar(x, 0)
	_ = ops.WhereInto(x, neg, tensor.Must(tensor.Full(0)), x)
	fmt.Println(x)
	// Output:
	// [3 0 4 0]
}

// CountNonzero counts the true elements of a mask, or the nonzero
// elements of numbers, over any axes.
func ExampleCountNonzero() {
	m := tensor.Must(tensor.FromSlice([]int{0, 2, 0, 3, 4, 0}, 2, 3))
	all, _ := ops.CountNonzero(m)
	rows, _ := ops.CountNonzeroKeepDims(m, 1)
	fmt.Println(all)
	fmt.Println(rows)
	// Output:
	// 3
	// [[1]
	//  [2]]
}

// Any and All reduce masks; over no elements Any is false and All true.
func ExampleAny() {
	m := tensor.Must(tensor.FromSlice([]bool{true, false, false, false, true, true}, 2, 3))
	anyRow, _ := ops.Any(m, 1)
	allRow, _ := ops.All(m, 1)
	allCol, _ := ops.All(m, 0)
	fmt.Println(anyRow, allRow, allCol)
	// Output:
	// [ True  True] [False False] [False False False]
}

// Clip limits values to a range; NaN stays NaN.
func ExampleClip() {
	x := tensor.Must(tensor.FromSlice([]float64{-3, 0.5, 7, math.NaN()}))
	c, _ := ops.Clip(x, -1, 1)
	fmt.Println(c)
	// Output:
	// [-1.   0.5  1.   nan]
}

// IsClose and AllClose compare within a tolerance, as NumPy's with
// rtol=1e-5 and atol=1e-8.
func ExampleIsClose() {
	a := tensor.Must(tensor.FromSlice([]float64{1, 100, math.Inf(1), math.NaN()}))
	b := tensor.Must(tensor.FromSlice([]float64{1.000001, 100.1, math.Inf(1), math.NaN()}))
	m, _ := ops.IsClose(a, b, 1e-5, 1e-8)
	all, _ := ops.AllClose(a, b, 1e-5, 1e-8)
	fmt.Println(m, all)
	// Output:
	// [ True False  True False] false
}

// MaskedSelect gathers the selected elements, in row-major order, into a
// new vector.
func ExampleMaskedSelect() {
	x := tensor.Must(tensor.FromSlice([]int{4, -2, 7, -1, 0, 9}, 2, 3))
	pos, _ := ops.GreaterScalar(x, 0)
	sel, _ := ops.MaskedSelect(x, pos)
	fmt.Println(sel)
	// Output:
	// [4 7 9]
}

// MaskedSelectInto filters into a buffer reused call after call, long
// enough for any selection, and returns how many it selected: the result
// is a view of the buffer's first elements.
func ExampleMaskedSelectInto() {
	buf := tensor.Must(tensor.New[float64](6))
	for _, row := range [][]float64{{3, -1, 4, -1, 5, -9}, {-2, 6, -5, 3, -5, 8}} {
		x := tensor.Must(tensor.FromSlice(row, 6))
		pos, _ := ops.GreaterScalar(x, 0)
		n, _ := ops.MaskedSelectInto(buf, x, pos)
		sel, _ := buf.Slice(0, 0, n, 1)
		fmt.Println(n, sel)
	}
	// Output:
	// 3 [3. 4. 5.]
	// 3 [6. 3. 8.]
}

// MaskedFill writes a value where the mask is true; the mask broadcasts,
// here a column mask over the rows.
func ExampleMaskedFill() {
	x := tensor.Must(tensor.FromSlice([]float32{1, 2, 3, 4, 5, 6}, 2, 3))
	cols := tensor.Must(tensor.FromSlice([]bool{false, true, false}))
	_ = ops.MaskedFill(x, cols, 0)
	fmt.Println(x)
	// Output:
	// [[1. 0. 3.]
	//  [4. 0. 6.]]
}

// Take picks slices by index along an axis: rows of a matrix by a label
// list, repeated and counted from the end as asked.
func ExampleTake() {
	x := tensor.Must(tensor.FromSlice([]int{10, 11, 20, 21, 30, 31}, 3, 2))
	rows := tensor.Must(tensor.FromSlice([]int{2, 0, -1}))
	t, _ := ops.Take(x, rows, 0)
	fmt.Println(t)
	// Output:
	// [[30 31]
	//  [10 11]
	//  [30 31]]
}

// ArgWhere lists the indices of the nonzero elements, a row each;
// NonZero gives them one axis at a time.
func ExampleArgWhere() {
	m := tensor.Must(tensor.FromSlice([]bool{false, true, false, true, false, true}, 2, 3))
	aw, _ := ops.ArgWhere(m)
	nz, _ := ops.NonZero(m)
	fmt.Println(aw)
	fmt.Println(nz[0], nz[1])
	// Output:
	// [[0 1]
	//  [1 0]
	//  [1 2]]
	// [0 1 1] [1 0 2]
}

// TakeAlongAxis picks an element of each row by its own index, here the
// largest of each row by ArgMax's indices (kept as a column).
func ExampleTakeAlongAxis() {
	x := tensor.Must(tensor.FromSlice([]float64{3, 9, 1, 7, 2, 8}, 2, 3))
	best, _ := ops.ArgMaxKeepDims(x, 1)
	top, _ := ops.TakeAlongAxis(x, best, 1)
	fmt.Println(top)
	// Output:
	// [[9.]
	//  [8.]]
}

// PutAlongAxis writes values at indices along an axis; ScatterAdd adds
// them, accumulating where indices repeat: a histogram of labels.
func ExampleScatterAdd() {
	labels := tensor.Must(tensor.FromSlice([]int{2, 0, 2, 1, 2}))
	counts := tensor.Must(tensor.New[int](3))
	_ = ops.ScatterAdd(counts, labels, tensor.Must(tensor.Full(1)), 0)
	fmt.Println(counts)
	marks := tensor.Must(tensor.New[int](3))
	_ = ops.PutAlongAxis(marks, labels, tensor.Must(tensor.FromSlice([]int{10, 20, 30, 40, 50})), 0)
	fmt.Println(marks)
	// Output:
	// [1 1 3]
	// [20 40 50]
}

// Tril and Triu keep a triangle of each matrix, zeroing the rest.
func ExampleTril() {
	m := tensor.Must(tensor.FromSlice([]int{1, 2, 3, 4, 5, 6, 7, 8, 9}, 3, 3))
	lo, _ := ops.Tril(m, 0)
	up, _ := ops.Triu(m, 1)
	fmt.Println(lo)
	fmt.Println(up)
	// Output:
	// [[1 0 0]
	//  [4 5 0]
	//  [7 8 9]]
	// [[0 2 3]
	//  [0 0 6]
	//  [0 0 0]]
}

// Roll shifts elements along an axis, wrapping around.
func ExampleRoll() {
	x := tensor.Must(tensor.FromSlice([]int{1, 2, 3, 4, 5, 6}, 2, 3))
	r, _ := ops.Roll(x, 1, 1)
	fmt.Println(r)
	// Output:
	// [[3 1 2]
	//  [6 4 5]]
}

// The NaN-aware reductions skip NaN: NanSum reads it as 0, NanMean
// averages the others, NanMax gives NaN only where all are NaN.
func ExampleNanMean() {
	x := tensor.Must(tensor.FromSlice([]float64{1, math.NaN(), 3, math.NaN(), math.NaN(), math.NaN()}, 2, 3))
	sum, _ := ops.NanSum(x, 1)
	mean, _ := ops.NanMean(x, 1)
	mx, _ := ops.NanMax(x, 1)
	fmt.Println(sum, mean, mx)
	// Output:
	// [4. 0.] [ 2. nan] [ 3. nan]
}
