package ops_test

import (
	"errors"
	"fmt"

	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

func Example() {
	t, _ := tensor.FromSlice([]float32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, 3, 4)
	v := t.View()
	tv, _ := ops.Transpose(v, 0, 1)
	fmt.Println(tv.Shape(), tv.Strides(), tv.IsContiguous())
	c := tv.Contiguous()
	fmt.Println(c.Layout().Strides(), c.Data())
	_, err := ops.View(tv, 12)
	fmt.Println(errors.Is(err, layout.ErrNotViewable))
	r, _ := ops.Reshape(tv, 12) // copies
	fmt.Println(r)
	// Output:
	// [4 3] [1 4] false
	// [3 1] [0 4 8 1 5 9 2 6 10 3 7 11]
	// true
	// [ 0.  4.  8.  1.  5.  9.  2.  6. 10.  3.  7. 11.]
}

func ExamplePermute() {
	// A batch of 2 images with 3 channels of 2x2 pixels, NCHW to NHWC.
	nchw := tensor.Must(tensor.Arange[int](24))
	v, _ := ops.Reshape(nchw, 2, 3, 2, 2)
	nhwc, _ := ops.Permute(v, 0, 2, 3, 1)
	fmt.Println(nhwc.Shape(), nhwc.Strides())
	fmt.Println(nhwc.Contiguous().Data()[:6])
	// Output:
	// [2 2 2 3] [12 2 1 4]
	// [0 4 8 1 5 9]
}

func ExampleReshape() {
	v := tensor.Must(tensor.Arange[int](6)).View()
	m, _ := ops.Reshape(v, 2, -1) // a view
	m.Set(100, 0, 0)
	fmt.Println(v.At(0))

	mt, _ := ops.Transpose(m, 0, 1)
	flat, _ := ops.Reshape(mt, -1) // a copy: writes do not reach v
	flat.Set(-1, 0)
	fmt.Println(flat, v.At(0))
	// Output:
	// 100
	// [-1  3  1  4  2  5] 100
}

func ExampleExpand() {
	col := tensor.Must(tensor.FromSlice([]int{1, 2}, 2, 1)).View()
	b, _ := ops.Expand(col, 2, 3)
	fmt.Println(b)
	fmt.Println(b.Strides())
	// Output:
	// [[1 1 1]
	//  [2 2 2]]
	// [1 0]
}

func ExampleSlice() {
	v := tensor.Must(tensor.Arange[int](10)).View()
	odd, _ := ops.Slice(v, 0, 1, 10, 2) // v[1:10:2]
	fmt.Println(odd, odd.Strides(), odd.Offset())
	_, err := ops.Slice(v, 0, 5, 11, 1)
	fmt.Println(err)
	// Output:
	// [1 3 5 7 9] [2] 1
	// tensor: Slice: shape [10]: layout: Slice: [5:11:1] out of range for axis 0 with size 10
}

func ExampleFlip() {
	v := tensor.Must(tensor.Arange[int](4)).View()
	f, _ := ops.Flip(v)
	fmt.Println(f, f.Strides())
	// Output:
	// [3 2 1 0] [-1]
}

func ExampleSqueeze() {
	v := tensor.Must(tensor.New[float32](1, 3, 1, 2)).View()
	s, _ := ops.Squeeze(v)
	u, _ := ops.Unsqueeze(s, 0)
	fmt.Println(s.Shape(), u.Shape())
	_, err := ops.Squeeze(v, 1)
	fmt.Println(err)
	// Output:
	// [3 2] [1 3 2]
	// tensor: Squeeze: shape [1 3 1 2]: layout: Squeeze: axis 1 has size 3, not 1, in shape [1 3 1 2]
}

func ExampleSelect() {
	m := tensor.Must(tensor.FromSlice([]int{1, 2, 3, 4, 5, 6}, 2, 3)).View()
	row, _ := ops.Select(m, 0, 1) // m[1]
	col, _ := ops.Select(m, 1, 2) // m[:, 2]
	fmt.Println(row, col, col.Strides())
	// Output:
	// [4 5 6] [3 6] [3]
}
