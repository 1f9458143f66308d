package ops_test

import (
	"fmt"
	"math"

	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// NanArgMax skips NaN: the index of each row's largest measured value.
// A row of NaN only has none, and is an error.
func ExampleNanArgMax() {
	nan := math.NaN()
	m := tensor.Must(tensor.FromSlice([]float64{nan, 4, 9, nan, 2, nan}, 2, 3)).View()
	best, _ := ops.NanArgMax(m, 1)
	fmt.Println(best)
	_, err := ops.NanArgMax(tensor.Must(tensor.FromSlice([]float64{nan, nan}, 2)).View())
	fmt.Println(err)
	// Output:
	// [2 1]
	// ops: NanArgMax: shape [2]: every element is NaN
}

// NanVarianceDdof is the variance of the values that are not NaN; ddof 1
// gives the sample variance, 0 the population's.
func ExampleNanVarianceDdof() {
	nan := math.NaN()
	m := tensor.Must(tensor.FromSlice([]float64{1, nan, 3, 2, 4, nan}, 2, 3)).View()
	pop, _ := ops.NanVarianceDdof(m, 0, 1)
	sample, _ := ops.NanVarianceDdof(m, 1, 1)
	fmt.Println(pop, sample)
	// Output: [1. 1.] [2. 2.]
}

// NanStdDevDdof is the square root of NanVarianceDdof.
func ExampleNanStdDevDdof() {
	m := tensor.Must(tensor.FromSlice([]float32{2, 4, 4, 4, 5, 5, 7, 9, float32(math.NaN())}, 9)).View()
	s, _ := ops.NanStdDevDdof(m, 0)
	fmt.Println(s)
	// Output: 2.0
}

// LogSumExp adds probabilities held as logarithms without leaving them:
// the shift by the maximum keeps exp from overflowing where the naive
// log(Σ exp(x)) gives +Inf.
func ExampleLogSumExp() {
	logp := tensor.Must(tensor.FromSlice([]float64{1000, 1000, -1, -1}, 2, 2)).View()
	s, _ := ops.LogSumExp(logp, 1)
	fmt.Printf("%.6f\n", s)
	// Output: [1000.693147   -0.306853]
}

// Softmax turns each row of scores into probabilities; LogSoftmax gives
// their logarithms without computing them first.
func ExampleSoftmax() {
	scores := tensor.Must(tensor.FromSlice([]float32{1, 2, 3, 0, 0, 0}, 2, 3)).View()
	p, _ := ops.Softmax(scores, -1)
	lp, _ := ops.LogSoftmax(scores, -1)
	fmt.Printf("%.4f\n%.4f\n", p, lp)
	// Output:
	// [[0.0900 0.2447 0.6652]
	//  [0.3333 0.3333 0.3333]]
	// [[-2.4076 -1.4076 -0.4076]
	//  [-1.0986 -1.0986 -1.0986]]
}

// SoftmaxInto normalises in place: dst may be the input itself.
func ExampleSoftmaxInto() {
	t := tensor.Must(tensor.FromSlice([]float64{0, math.Log(3)}, 2))
	_ = ops.SoftmaxInto(t, t, 0)
	fmt.Println(t)
	// Output: [0.25 0.75]
}

// Norm reduces the axes given as one vector: 2 is the Euclidean norm
// (over both axes of a matrix, its Frobenius norm), 1 the sum of
// magnitudes, +Inf the largest.
func ExampleNorm() {
	m := tensor.Must(tensor.FromSlice([]float64{3, -4, 0, 12}, 2, 2)).View()
	rows, _ := ops.Norm(m, 2, 1)
	fro, _ := ops.Norm(m, 2)
	l1, _ := ops.Norm(m, 1, 0)
	inf, _ := ops.Norm(m, math.Inf(1))
	fmt.Println(rows, fro, l1, inf)
	// Output: [ 5. 12.] 13.0 [ 3. 16.] 12.0
}

// Pad adds a border: a constant, the edge repeated, or the array mirrored
// or wrapped around.
func ExamplePad() {
	v := tensor.Must(tensor.FromSlice([]int{1, 2, 3}, 3)).View()
	for _, mode := range []ops.PadMode{ops.PadConstant, ops.PadEdge, ops.PadReflect, ops.PadSymmetric, ops.PadWrap} {
		p, _ := ops.Pad(v, [][2]int{{2, 2}}, mode, 0)
		fmt.Println(mode, p)
	}
	m := tensor.Must(tensor.FromSlice([]float32{1, 2, 3, 4}, 2, 2)).View()
	framed, _ := ops.Pad(m, [][2]int{{1, 1}, {0, 1}}, ops.PadConstant, -1)
	fmt.Println(framed)
	// Output:
	// PadConstant [0 0 1 2 3 0 0]
	// PadEdge [1 1 1 2 3 3 3]
	// PadReflect [3 2 1 2 3 2 1]
	// PadSymmetric [2 1 1 2 3 3 2]
	// PadWrap [2 3 1 2 3 1 2]
	// [[-1. -1. -1.]
	//  [ 1.  2. -1.]
	//  [ 3.  4. -1.]
	//  [-1. -1. -1.]]
}

// Tile repeats the whole tensor along each axis; Repeat repeats each
// element along one axis, all alike or each its own number of times.
func ExampleTile() {
	v := tensor.Must(tensor.FromSlice([]int{1, 2}, 2)).View()
	t, _ := ops.Tile(v, 2, 3)
	fmt.Println(t)
	// Output:
	// [[1 2 1 2 1 2]
	//  [1 2 1 2 1 2]]
}

// Repeat with one count repeats every element; with one count per
// element, each its own number of times.
func ExampleRepeat() {
	v := tensor.Must(tensor.FromSlice([]int{1, 2, 3}, 3)).View()
	a, _ := ops.Repeat(v, 0, 2)
	b, _ := ops.Repeat(v, 0, 3, 0, 1)
	fmt.Println(a, b)
	// Output: [1 1 2 2 3 3] [1 1 1 3]
}
