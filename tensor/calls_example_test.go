package tensor_test

import (
	"errors"
	"fmt"

	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/tensor"
)

// A tensor owns a row-major buffer; views of it share that buffer.
func Example() {
	t := tensor.Must(tensor.FromSlice([]float32{0, 1, 2, 3, 4, 5}, 2, 3))
	col, _ := t.View().Select(1, 2) // the last column: a view
	col.Set(50, 1)                  // writes into t
	fmt.Println(t)
	fmt.Println(col, col.Describe())
	// Output:
	// [[ 0.  1.  2.]
	//  [ 3.  4. 50.]]
	// [ 2. 50.] View[float32] shape [2] strides [3] offset 2 size 2 not contiguous
}

func ExampleNew() {
	t, err := tensor.New[int](2, 3) // zeroed
	fmt.Println(t, err)
	_, err = tensor.New[int](2, -1)
	fmt.Println(errors.Is(err, layout.ErrShape))
	// Output:
	// [[0 0 0]
	//  [0 0 0]] <nil>
	// true
}

func ExampleFull() {
	fmt.Println(tensor.Must(tensor.Full(1.5, 2, 2)))
	fmt.Println(tensor.Must(tensor.Full[int8](-1))) // rank 0
	// Output:
	// [[1.5 1.5]
	//  [1.5 1.5]]
	// -1
}

func ExampleArange() {
	fmt.Println(tensor.Must(tensor.Arange[float64](5)))
	_, err := tensor.Arange[int8](300) // 299 does not fit
	fmt.Println(errors.Is(err, layout.ErrOverflow))
	// Output:
	// [0. 1. 2. 3. 4.]
	// true
}

// Must suits tests, examples and shapes known to be valid: it panics on
// an error.
func ExampleMust() {
	v := tensor.Must(tensor.Arange[int](6)).View()
	m := tensor.Must(v.Reshape(2, 3))
	fmt.Println(m)
	defer func() { fmt.Println("panic:", recover()) }()
	tensor.Must(v.Reshape(4, 2))
	// Output:
	// [[0 1 2]
	//  [3 4 5]]
	// panic: tensor: Reshape: shape [6]: layout: View: cannot reshape [6] (size 6) to [4 2] (size 8)
}

// Clone copies any view into a new row-major tensor; the copy shares
// nothing with the view.
func ExampleView_Clone() {
	t := tensor.Must(tensor.FromSlice([]int{1, 2, 3, 4}, 2, 2))
	c := tensor.Must(t.Transpose(0, 1)).Clone()
	t.Set(100, 0, 0)
	fmt.Println(c, c.View().IsContiguous())
	// Output:
	// [[1 3]
	//  [2 4]] true
}

// CopyTo writes a view's elements in row-major order into a buffer the
// caller reuses: no allocation, no page faults on a fresh buffer.
func ExampleView_CopyTo() {
	t := tensor.Must(tensor.FromSlice([]float32{1, 2, 3, 4, 5, 6}, 2, 3))
	buf := make([]float32, 6)
	err := tensor.Must(t.Transpose(0, 1)).CopyTo(buf)
	fmt.Println(buf, err)
	fmt.Println(t.View().CopyTo(buf[:5]) != nil) // too short
	// Output:
	// [1 4 2 5 3 6] <nil>
	// true
}

// Fill sets every element a view reaches, here one column.
func ExampleView_Fill() {
	t := tensor.Must(tensor.New[int](2, 3))
	col := tensor.Must(t.Select(1, 1))
	_ = col.Fill(7)
	fmt.Println(t)
	// A broadcast view reaches one element many times: refused.
	b := tensor.Must(tensor.Must(t.Select(0, 0)).Expand(4, 3))
	fmt.Println(errors.Is(b.Fill(1), layout.ErrOverlap))
	// Output:
	// [[0 7 0]
	//  [0 7 0]]
	// true
}

// Axis yields the views along one axis, as a range-over-func iterator.
func ExampleView_Axis() {
	m := tensor.Must(tensor.FromSlice([]int{1, 2, 3, 4, 5, 6}, 2, 3)).View()
	cols, err := m.Axis(1)
	if err != nil {
		fmt.Println(err)
		return
	}
	for j, col := range cols {
		fmt.Println(j, col)
	}
	_, err = m.Axis(2)
	fmt.Println(errors.Is(err, layout.ErrAxis))
	// Output:
	// 0 [1 4]
	// 1 [2 5]
	// 2 [3 6]
	// true
}

// Select takes an index along one axis; a negative one counts from the
// end, as in NumPy (m[-1] is the last row).
func ExampleView_Select() {
	m := tensor.Must(tensor.FromSlice([]int{1, 2, 3, 4, 5, 6}, 2, 3)).View()
	row, _ := m.Select(0, 1)   // m[1]
	col, _ := m.Select(1, 2)   // m[:, 2]
	last, _ := m.Select(0, -1) // m[-1]
	fmt.Println(row, col, last, m.At(-1, -1))
	_, err := m.Select(1, 3)
	fmt.Println(errors.Is(err, layout.ErrIndex))
	// Output:
	// [4 5 6] [3 6] [4 5 6] 6
	// true
}

// Slice takes start, stop and step along one axis, as a[start:stop:step]
// in NumPy: a negative bound counts from the end, but nothing is clamped
// (after counting, 0 <= start <= stop <= dim and step >= 1); Flip walks
// backwards.
func ExampleView_Slice() {
	v := tensor.Must(tensor.Arange[int](10)).View()
	even, _ := v.Slice(0, 0, 10, 2)
	mid, _ := v.Slice(0, 2, 9, 3)
	tail, _ := v.Slice(0, -3, 10, 1) // v[-3:]
	head, _ := v.Slice(0, 0, -7, 1)  // v[:-7]
	back, _ := tensor.Must(v.Flip(0)).Slice(0, 1, 10, 3)
	fmt.Println(even, mid, tail, head, back)
	_, err := v.Slice(0, 0, 11, 1)
	fmt.Println(errors.Is(err, layout.ErrIndex))
	// Output:
	// [0 2 4 6 8] [2 5 8] [7 8 9] [0 1 2] [8 5 2]
	// true
}

// Expand broadcasts size-1 axes (and adds leading ones) with stride 0:
// no element is copied.
func ExampleView_Expand() {
	row := tensor.Must(tensor.FromSlice([]int{1, 2, 3}, 1, 3)).View()
	b, _ := row.Expand(2, 3)
	fmt.Println(b, b.Describe())
	// Output:
	// [[1 2 3]
	//  [1 2 3]] View[int] shape [2 3] strides [0 1] offset 0 size 6 not contiguous
}

func ExampleView_Flip() {
	m := tensor.Must(tensor.FromSlice([]int{1, 2, 3, 4}, 2, 2)).View()
	f, _ := m.Flip(1)
	all, _ := m.Flip()
	fmt.Println(f)
	fmt.Println(all)
	// Output:
	// [[2 1]
	//  [4 3]]
	// [[4 3]
	//  [2 1]]
}

// View reshapes without copying, or fails: the strict form of Reshape,
// like PyTorch's view.
func ExampleView_View() {
	m := tensor.Must(tensor.FromSlice([]int{1, 2, 3, 4, 5, 6}, 2, 3)).View()
	v, err := m.View(3, 2)
	fmt.Println(v, err)
	t, _ := m.Transpose(0, 1)
	_, err = t.View(6)
	fmt.Println(errors.Is(err, layout.ErrNotViewable))
	// Output:
	// [[1 2]
	//  [3 4]
	//  [5 6]] <nil>
	// true
}

// SetParallelism caps the goroutines of large copies and computations and
// returns the previous setting, so it can be restored.
func ExampleSetParallelism() {
	prev := tensor.SetParallelism(1)
	defer tensor.SetParallelism(prev)
	t := tensor.Must(tensor.Arange[float64](6))
	c := tensor.Must(t.Flip(0)).Clone() // one goroutine
	fmt.Println(c)
	// Output: [5. 4. 3. 2. 1. 0.]
}

// With huge pages advised, a large new tensor is faulted in and read 2
// MiB at a time on Linux; its values are the same.
func ExampleSetHugePages() {
	prev := tensor.SetHugePages(true)
	defer tensor.SetHugePages(prev)
	t := tensor.Must(tensor.New[float32](2048, 2048)) // 16 MiB
	fmt.Println(t.Shape(), t.At(2047, 2047))
	// Output: [2048 2048] 0
}

// NewView with explicit strides makes any window onto a buffer, like
// NumPy's as_strided: here the overlapping windows of length 3 of a
// sequence, sharing its elements.
func ExampleNewView_asStrided() {
	data := []int{1, 2, 3, 4, 5}
	l, _ := layout.Strided([]int{3, 3}, []int{1, 1}, 0)
	w, err := tensor.NewView(data, l)
	fmt.Println(w, err)
	data[2] = 30 // the windows see it
	fmt.Println(w.At(0, 2), w.At(1, 1), w.At(2, 0))
	// Output:
	// [[1 2 3]
	//  [2 3 4]
	//  [3 4 5]] <nil>
	// 30 30 30
}

// Item reads the one element of a view of any rank: here a full
// reduction's rank-0 result and a [1, 1] slice.
func ExampleView_Item() {
	m := tensor.Must(tensor.FromSlice([]float64{1, 2, 3, 4}, 2, 2))
	corner, _ := m.Slice(0, -1, 2, 1)
	corner, _ = corner.Slice(1, -1, 2, 1)
	x, _ := corner.Item()
	s, _ := tensor.Must(tensor.Full(10.0)).Item() // rank 0
	_, err := m.Item()
	fmt.Println(x, s, errors.Is(err, layout.ErrShape), err)
	// Output: 4 10 true tensor: Item: view of shape [2 2] has 4 elements, not 1
}
