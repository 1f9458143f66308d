package layout_test

import (
	"errors"
	"fmt"

	"github.com/tessera-go/tessera/layout"
)

// A layout maps an index to an offset in a flat buffer: the sum of index
// times stride over the axes, plus an offset. Views change only the
// layout.
func Example() {
	l, _ := layout.RowMajor(2, 3)
	t, _ := l.Transpose(0, 1)
	s, _ := l.Slice(1, 0, 3, 2)
	for _, x := range []layout.Layout{l, t, s} {
		off, _ := x.Index(1, 1)
		fmt.Println(x.Shape(), x.Strides(), x.IsContiguous(), "index [1 1] at", off)
	}
	// Output:
	// [2 3] [3 1] true index [1 1] at 4
	// [3 2] [1 3] false index [1 1] at 4
	// [2 2] [3 2] false index [1 1] at 5
}

// ColumnMajor is Fortran order: the first axis is unit-stride.
func ExampleColumnMajor() {
	l, _ := layout.ColumnMajor(2, 3, 4)
	fmt.Println(l.Strides(), l.IsColumnMajor(), l.IsContiguous())
	// Output: [1 2 6] true false
}

// Index returns the offset of an element, checking every index.
func ExampleLayout_Index() {
	l, _ := layout.Strided([]int{3, 4}, []int{4, -1}, 3) // columns reversed
	off, err := l.Index(2, 0)
	fmt.Println(off, err)
	_, err = l.Index(3, 0)
	fmt.Println(errors.Is(err, layout.ErrIndex))
	// Output:
	// 11 <nil>
	// true
}

// Span returns the lowest offset a layout reaches and one past the
// highest: the part of a buffer a view needs.
func ExampleLayout_Span() {
	l, _ := layout.RowMajor(4, 4)
	s, _ := l.Slice(0, 1, 3, 1) // rows 1 and 2
	c, _ := s.Slice(1, 1, 3, 1) // and columns 1 and 2
	fmt.Println(c.Span())
	e, _ := layout.RowMajor(0, 5)
	fmt.Println(e.Span()) // no element
	// Output:
	// 5 11
	// 0 0
}

// NewPlan prepares a copy between two layouts of one shape: its blocks,
// their kind and their strides.
func ExampleNewPlan() {
	src, _ := layout.RowMajor(64, 64)
	dst, _ := layout.RowMajor(64, 64)
	t, _ := src.Transpose(0, 1)
	p, _ := layout.NewPlan(dst, t) // materialize a transpose
	fmt.Println(p.Kind(), p.Size())
	q, _ := layout.NewPlan(dst, src)
	fmt.Println(q.Kind(), q.Len(), q.Count()) // one run of 4096
	small, _ := layout.RowMajor(2, 2)
	_, err := layout.NewPlan(dst, small)
	fmt.Println(errors.Is(err, layout.ErrShape))
	// Output:
	// transpose 4096
	// copy 4096 1
	// true
}
