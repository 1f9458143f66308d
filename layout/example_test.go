package layout_test

import (
	"errors"
	"fmt"

	"github.com/tessera-go/tessera/layout"
)

func ExampleRowMajor() {
	l, _ := layout.RowMajor(2, 3, 4)
	fmt.Println(l)
	fmt.Println(l.IsContiguous(), l.Size())
	// Output:
	// shape [2 3 4] strides [12 4 1] offset 0
	// true 24
}

func ExampleLayout_Transpose() {
	l, _ := layout.RowMajor(3, 4)
	t, _ := l.Transpose(0, 1)
	fmt.Println(t)
	fmt.Println("contiguous:", t.IsContiguous(), "column-major:", t.IsColumnMajor())
	// Output:
	// shape [4 3] strides [1 4] offset 0
	// contiguous: false column-major: true
}

func ExampleLayout_Slice() {
	l, _ := layout.RowMajor(3, 4)
	rows, _ := l.Slice(0, 1, 3, 1)  // a[1:3]
	evens, _ := l.Slice(1, 0, 4, 2) // a[:, ::2]
	fmt.Println(rows, rows.IsContiguous())
	fmt.Println(evens, evens.IsContiguous())
	// Output:
	// shape [2 4] strides [4 1] offset 4 true
	// shape [3 2] strides [4 2] offset 0 false
}

func ExampleLayout_View() {
	l, _ := layout.RowMajor(3, 4)
	t, _ := l.Transpose(0, 1) // shape [4 3] strides [1 4]

	// Splitting an axis of a transposed layout needs no copy...
	split, err := t.View(2, 2, 3)
	fmt.Println(split, err)

	// ...but flattening it does.
	_, err = t.View(-1)
	fmt.Println(errors.Is(err, layout.ErrNotViewable))
	// Output:
	// shape [2 2 3] strides [2 1 4] offset 0 <nil>
	// true
}

func ExampleLayout_Expand() {
	col, _ := layout.RowMajor(3, 1)
	b, _ := col.Expand(2, 3, 4)
	fmt.Println(b, b.Overlapping())
	// Output:
	// shape [2 3 4] strides [0 1 0] offset 0 true
}

func ExampleLayout_Flip() {
	l, _ := layout.RowMajor(3, 4)
	f, _ := l.Flip(1)
	off, _ := f.Index(0, 0)
	fmt.Println(f, off)
	// Output:
	// shape [3 4] strides [4 -1] offset 3 3
}

func ExampleLayout_Permute() {
	nchw, _ := layout.RowMajor(32, 3, 224, 224)
	nhwc, err := nchw.Permute(0, 2, 3, 1)
	fmt.Println(nhwc, err)
	_, err = nchw.Permute(0, 2, 3, 3)
	fmt.Println(err)
	// Output:
	// shape [32 224 224 3] strides [150528 224 1 50176] offset 0 <nil>
	// layout: Permute: duplicate axis 3 in [0 2 3 3]
}

func ExampleBroadcastShapes() {
	s, _ := layout.BroadcastShapes([]int{8, 1, 6, 1}, []int{7, 1, 5})
	fmt.Println(s)
	_, err := layout.BroadcastShapes([]int{3}, []int{4})
	fmt.Println(err)
	// Output:
	// [8 7 6 5]
	// layout: BroadcastShapes: shapes [[3] [4]] do not broadcast: axis -1 has sizes 3 and 4
}

func ExampleAppendBroadcastShapes() {
	var buf [8]int // room on the stack: nothing is allocated
	s, _ := layout.AppendBroadcastShapes(buf[:0], []int{8, 1, 6, 1}, []int{7, 1, 5})
	fmt.Println(s, len(s), cap(s))
	// Output: [8 7 6 5] 4 8
}

func ExampleStrided() {
	// A sliding window of length 3 over 6 elements, as NumPy's as_strided.
	w, _ := layout.Strided([]int{4, 3}, []int{1, 1}, 0)
	lo, hi := w.Span()
	fmt.Println(w, lo, hi, w.Overlapping())
	_, err := layout.Strided([]int{3}, []int{-2}, 1)
	fmt.Println(err)
	// Output:
	// shape [4 3] strides [1 1] offset 0 0 6 true
	// layout: Strided: offset 1 with shape [3] and strides [-2] reaches -3
}

func ExampleLayout_Plan() {
	l, _ := layout.RowMajor(3, 4)
	t, _ := l.Transpose(0, 1)
	p := t.Plan()
	_, inc := p.Inc()
	fmt.Println("runs of", p.Len(), "with stride", inc)
	for pos, off := range p.Runs() { // row-major position, offset in t
		fmt.Print(pos, ":", off, " ")
	}
	fmt.Println()
	// Output:
	// runs of 3 with stride 4
	// 0:0 3:1 6:2 9:3
}

// SelfOverlap tells whether a layout can be written through: two indices
// reaching one element would lose data.
func ExampleLayout_SelfOverlap() {
	row, _ := layout.RowMajor(3, 4)
	t, _ := row.Transpose(0, 1)
	b, _ := layout.RowMajor(1, 4)
	b, _ = b.Expand(3, 4)                                         // stride 0
	odd, _ := layout.Strided([]int{1<<21 + 1, 2}, []int{2, 3}, 0) // 2i+3j: all distinct
	fmt.Println(row.SelfOverlap(), t.SelfOverlap(), b.SelfOverlap(), odd.SelfOverlap())
	// Output: disjoint disjoint overlaps disjoint
}

// An Iter walks an output and the inputs broadcast to it as runs: here a
// [2 3] output, a transposed input and a row broadcast along the rows.
func ExampleNewIter() {
	out, _ := layout.RowMajor(2, 3)
	t, _ := layout.RowMajor(3, 2)
	t, _ = t.Transpose(0, 1)
	row, _ := layout.RowMajor(3)
	it, _ := layout.NewIter(out, t, row)
	inc := it.Inc()
	fmt.Println("runs of", it.Len(), "with strides", inc[:it.Operands()])
	for o := range it.Runs() {
		fmt.Println("run at", o[:it.Operands()])
	}
	// Output:
	// runs of 3 with strides [1 2 1]
	// run at [0 0 0]
	// run at [3 1 0]
}

// A Walk visits the runs of an Iter a row at a time, as Runs yields them
// but without a closure: what generic code instantiated in other packages
// should use to keep its state on the stack.
func ExampleWalk() {
	out, _ := layout.RowMajor(2, 2, 3)
	in, _ := layout.RowMajor(3, 2, 2)
	in, _ = in.Permute(1, 2, 0) // [2 2 3], strides [2 1 4]
	it, _ := layout.NewIter(out, in)
	var w layout.Walk
	for w.Next(&it) {
		off, step, n := w.Row()
		for range n {
			fmt.Println("run of", it.Len(), "at", off[:it.Operands()])
			for j := range off {
				off[j] += step[j]
			}
		}
	}
	// Output:
	// run of 3 at [0 0]
	// run of 3 at [3 1]
	// run of 3 at [6 2]
	// run of 3 at [9 3]
}

// EachRow is the loop of a Walk as a function: f gets each row of runs,
// and steps through the row's runs itself, so the runs cost no call.
func ExampleIter_EachRow() {
	out, _ := layout.RowMajor(2, 2, 3)
	in, _ := layout.RowMajor(3, 2, 2)
	in, _ = in.Permute(1, 2, 0) // [2 2 3], strides [2 1 4]
	it, _ := layout.NewIter(out, in)
	it.EachRow(func(off, step [layout.MaxOperands]int, n int) {
		for o, i := off[0], off[1]; n > 0; o, i, n = o+step[0], i+step[1], n-1 {
			fmt.Println("run of", it.Len(), "at", o, i)
		}
	})
	// Output:
	// run of 3 at 0 0
	// run of 3 at 3 1
	// run of 3 at 6 2
	// run of 3 at 9 3
}

// A Plan's EachRow gets the blocks' offsets in the destination and the
// source as integers.
func ExamplePlan_EachRow() {
	dst, _ := layout.RowMajor(2, 3)
	src, _ := layout.RowMajor(2, 6)
	src, _ = src.Slice(1, 0, 6, 2) // every other column: [2 3], strides [6 2]
	p, _ := layout.NewPlan(dst, src)
	n := p.Len()
	di, si := p.Inc()
	p.EachRow(func(d, s, ds, ss, blocks int) {
		for ; blocks > 0; d, s, blocks = d+ds, s+ss, blocks-1 {
			fmt.Println(p.Kind(), "of", n, "from", s, "step", si, "to", d, "step", di)
		}
	})
	// Output:
	// gather of 6 from 0 step 2 to 0 step 1
}

// RowPair is Row for a copy's two operands, as integers: the loop of a
// two-operand walk without Row's arrays.
func ExampleWalk_RowPair() {
	out, _ := layout.RowMajor(2, 2, 3)
	in, _ := layout.RowMajor(3, 2, 2)
	in, _ = in.Permute(1, 2, 0) // [2 2 3], strides [2 1 4]
	it, _ := layout.NewIter(out, in)
	var w layout.Walk
	for w.Next(&it) {
		d, s, ds, ss, n := w.RowPair()
		for ; n > 0; d, s, n = d+ds, s+ss, n-1 {
			fmt.Println("run of", it.Len(), "at", d, s)
		}
	}
	// Output:
	// run of 3 at 0 0
	// run of 3 at 3 1
	// run of 3 at 6 2
	// run of 3 at 9 3
}

// AxisPair reads an axis of a two-operand Iter: its size and the output's
// and the input's strides along it.
func ExampleIter_AxisPair() {
	out, _ := layout.RowMajor(2, 3)
	in, _ := layout.RowMajor(3, 2)
	in, _ = in.Transpose(0, 1) // [2 3], strides [1 2]
	it, _ := layout.NewIter(out, in)
	for k := range it.Rank() {
		n, so, si := it.AxisPair(k)
		fmt.Println("axis", k, "size", n, "strides", so, si)
	}
	// Output:
	// axis 0 size 3 strides 1 2
	// axis 1 size 2 strides 3 1
}

// The diagonal above the main one of a row-major 3x4 matrix: every fifth
// element, from the second.
func ExampleLayout_Diagonal() {
	m, _ := layout.RowMajor(3, 4)
	d, _ := m.Diagonal(1, 0, 1)
	fmt.Println(d.Shape(), d.Strides(), d.Offset())
	// Output: [3] [5] 1
}

// Windows of 3 elements, one every 2, of a vector of 9: four windows whose
// ends overlap, with no copy.
func ExampleLayout_Windows() {
	v, _ := layout.RowMajor(9)
	w, _ := v.Windows(0, 3, 2)
	fmt.Println(w.Shape(), w.Strides())
	// Output: [4 3] [2 1]
}

// AppendShape reads a shape into a buffer of the caller's, here on its
// stack, without allocating; Shape returns a new slice each time.
func ExampleLayout_AppendShape() {
	l, _ := layout.RowMajor(2, 3, 4)
	t, _ := l.Permute(2, 0, 1)
	var buf [8]int
	sh := t.AppendShape(buf[:0])
	fmt.Println(sh, len(sh), cap(sh))
	// Output: [4 2 3] 3 8
}
