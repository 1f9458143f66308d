package ops

import (
	"math/bits"
	"unsafe"

	"github.com/tessera-go/tessera/internal/par"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/tensor"
)

// The cumulative reductions. CumSum and CumProd scan v along one axis
// (negative counts from the end): element i along it is the sum (product)
// of elements 0 to i, as NumPy's cumsum and cumprod with an axis. The
// result has v's shape; X returns a new row-major tensor, XInto writes
// into dst, which may share memory with v (dst may be v itself: the scan
// then runs in place). To scan all of v in row-major order, as NumPy does
// without an axis, scan ops.Flatten(v) or its Reshape.
//
// Each element is the previous one combined with the next input, in order,
// as NumPy computes it: a float scan's rounding error grows with the
// length of the axis, unlike Sum's pairwise tree. An axis out of range is
// an error wrapping layout.ErrAxis, a dst of another shape layout.ErrShape,
// a dst that reaches an element twice layout.ErrOverlap. Nothing is
// written on error.

// CumSum returns the cumulative sums of v along axis, in a new row-major
// tensor of v's shape: element i along it is the sum of elements 0 to i,
// added in order as NumPy's cumsum. An axis out of range is an error
// wrapping layout.ErrAxis.
func CumSum[T tensor.Number, V tensor.Operand[T]](v V, axis int) (tensor.Tensor[T], error) {
	return scanNew("CumSum", addOp[T]{}, tensor.View[T](v), axis)
}

// CumSumInto writes the cumulative sums of v along axis into dst.
func CumSumInto[T tensor.Number, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V, axis int) error {
	return scanInto("CumSumInto", addOp[T]{}, operandOf(&dst), tensor.View[T](v), axis)
}

// CumProd returns the cumulative products of v along axis.
func CumProd[T tensor.Number, V tensor.Operand[T]](v V, axis int) (tensor.Tensor[T], error) {
	return scanNew("CumProd", mulOp[T]{}, tensor.View[T](v), axis)
}

// CumProdInto writes the cumulative products of v along axis into dst.
func CumProdInto[T tensor.Number, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V, axis int) error {
	return scanInto("CumProdInto", mulOp[T]{}, operandOf(&dst), tensor.View[T](v), axis)
}

func scanNew[T tensor.Number, K binOp[T]](op string, k K, v tensor.View[T], axis int) (tensor.Tensor[T], error) {
	if _, err := reduceAxes(op, v.Rank(), []int{axis}); err != nil {
		return tensor.Tensor[T]{}, err
	}
	out, err := newResult[T](op, v.Shape())
	if err != nil {
		return out, err
	}
	if err := scanInto(op, k, operandOfNew(out.View()), v, axis); err != nil {
		return tensor.Tensor[T]{}, err
	}
	return out, nil
}

func scanInto[T tensor.Number, K binOp[T]](op string, k K, d *operand[T], v tensor.View[T], axis int) error {
	var sb [8]int
	in := operandOf(&v)
	shape := in.lay.AppendShape(sb[:0])
	set, err := reduceAxes(op, len(shape), []int{axis})
	if err != nil {
		return err
	}
	ax := bits.TrailingZeros64(set)
	if err := checkDst(op, d, shape); err != nil {
		return err
	}
	isolate(d, in)
	n := shape[ax]
	size := shapeSize(shape)
	if n == 0 || size == 0 {
		return nil
	}
	// The lines along the axis start at index 0 of it: an Iter over the
	// other axes visits their starts. The axis is in range and the shapes
	// match, so neither Select nor Reset can fail.
	dl, _ := d.lay.Select(ax, 0)
	il, _ := in.lay.Select(ax, 0)
	var it layout.Iter
	if err := it.Reset(&dl, &il); err != nil {
		panic("ops: internal error: " + err.Error())
	}
	_, mul := any(k).(mulOp[T])
	dk, _ := d.lay.Stride(ax)
	xk, _ := in.lay.Stride(ax)
	s := scan[T, K]{r: newBinRunner[T](k, false), mul: mul, n: n, dk: dk, xk: xk, d: d.data, x: in.data}
	s.run(&it, size)
	return nil
}

// scan computes the cumulative combination along the lines of n elements
// whose starts an Iter visits: d at stride dk, x at stride xk.
type scan[T tensor.Number, K binOp[T]] struct {
	r      binRunner[T, K]
	mul    bool // a product; a sum otherwise
	n      int
	dk, xk int
	d, x   []T
}

// run scans every line, the lines split among goroutines.
func (s *scan[T, K]) run(it *layout.Iter, size int) {
	var zero T
	if w := par.Workers(2 * size * int(unsafe.Sizeof(zero))); w > 1 {
		s.parts(it, w)
		return
	}
	s.lines(it)
}

// parts scans the lines of the parts of it on w goroutines. It is a method
// of its own, on a copy of s, so that what the goroutines capture moves to
// the heap only when the scan is split.
func (s *scan[T, K]) parts(it *layout.Iter, w int) {
	sc := *s
	par.Split(it, w, sc.lines)
}

// lines scans the lines of q. When the lines' starts are closer in memory
// than consecutive elements of a line (a scan down the columns of a
// row-major matrix), each run of starts is scanned row after row, with
// the arithmetic kernels when the rows are contiguous; otherwise each line
// is scanned on its own, along memory.
func (s *scan[T, K]) lines(q *layout.Iter) {
	if q.Size() == 0 {
		return
	}
	m, inc := q.Len(), q.Inc()
	d, x, dk, xk := s.d, s.x, s.dk, s.xk
	rows := abs(inc[0]) < abs(dk)
	q.EachRow(func(o, st [layout.MaxOperands]int, on int) {
		for o0, o1 := o[0], o[1]; on > 0; o0, o1, on = o0+st[0], o1+st[1], on-1 {
			if !rows {
				for j := range m {
					scanLine(d, o0+j*inc[0], dk, x, o1+j*inc[1], xk, s.n, s.mul)
				}
				continue
			}
			if inc[0] == 1 && inc[1] == 1 {
				copy(d[o0:o0+m], x[o1:o1+m])
				for i := 1; i < s.n; i++ {
					p, r := o0+i*dk, o1+i*xk
					s.r.vv(d[p:p+m], d[p-dk:p-dk+m], x[r:r+m])
				}
				continue
			}
			for j := range m {
				d[o0+j*inc[0]] = x[o1+j*inc[1]]
			}
			for i := 1; i < s.n; i++ {
				p, r := o0+i*dk, o1+i*xk
				for j := range m {
					a, b := d[p-dk+j*inc[0]], x[r+j*inc[1]]
					if s.mul {
						d[p+j*inc[0]] = a * b
					} else {
						d[p+j*inc[0]] = a + b
					}
				}
			}
		}
	})
}

// scanLine scans the line of n elements of x from r at stride xk into d
// from p at stride dk. The operators are written out: through the binOp's
// method the generic loop runs several times slower.
func scanLine[T tensor.Number](d []T, p, dk int, x []T, r, xk, n int, mul bool) {
	if dk == 1 && xk == 1 {
		ds, xs := d[p:p+n], x[r:r+n]
		acc := xs[0]
		ds[0] = acc
		if mul {
			for i := 1; i < len(xs); i++ {
				acc *= xs[i]
				ds[i] = acc
			}
			return
		}
		for i := 1; i < len(xs); i++ {
			acc += xs[i]
			ds[i] = acc
		}
		return
	}
	acc := x[r]
	d[p] = acc
	for range n - 1 {
		p, r = p+dk, r+xk
		if mul {
			acc *= x[r]
		} else {
			acc += x[r]
		}
		d[p] = acc
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
