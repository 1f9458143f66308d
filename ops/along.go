package ops

import (
	"slices"

	"github.com/tessera-go/tessera/internal/errs"
	"github.com/tessera-go/tessera/internal/mem"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/tensor"
)

// Indexing along an axis: the element of v at each index of an index
// tensor, or the other way round. The result (or the values), the
// indices, and v seen with stride 0 along the axis are walked together;
// each index, checked before anything is written, adds its offset along
// the axis. A gather walks layout's loop nest (any order); a scatter
// walks the indices in row-major order, so that repeated indices resolve
// the same way every time.

// TakeAlongAxis returns the elements of v picked along axis by indices,
// NumPy's take_along_axis (PyTorch's gather where the shapes agree):
// indices has v's rank, the other axes of the two broadcast, and the
// result, a new row-major tensor of that broadcast shape with indices'
// size along axis, holds at (i..., j, k...) v's element at (i...,
// indices[i..., j, k...], k...). Negative indices count from the end.
//
// Every index is checked before anything is written (layout.ErrIndex,
// naming it). It returns an error wrapping layout.ErrRank when the ranks
// differ, layout.ErrShape when the other axes do not broadcast,
// layout.ErrAxis for an axis out of range, and layout.ErrOverflow for a
// result too large.
func TakeAlongAxis[T tensor.Element, V tensor.Operand[T], I tensor.Operand[int]](v V, indices I, axis int) (tensor.Tensor[T], error) {
	const op = "TakeAlongAxis"
	vv, iv := tensor.View[T](v), tensor.View[int](indices)
	p, err := planAlong(op, vv.Layout(), iv, axis)
	if err != nil {
		return tensor.Tensor[T]{}, err
	}
	out, err := newResult[T](op, p.shape)
	if err != nil {
		return out, err
	}
	along(&p, operandOfNew(out.View()), operandOf(&vv), iv)
	return out, nil
}

// TakeAlongAxisInto is TakeAlongAxis into dst, a view of the result's
// shape that reaches no element twice; v and indices may share memory
// with dst (they are then read from copies). The errors are those of
// TakeAlongAxis, and layout.ErrShape or layout.ErrOverlap for dst;
// nothing is written on error.
func TakeAlongAxisInto[T tensor.Element, D tensor.Operand[T], V tensor.Operand[T], I tensor.Operand[int]](dst D, v V, indices I, axis int) error {
	const op = "TakeAlongAxisInto"
	vv, iv := tensor.View[T](v), tensor.View[int](indices)
	p, err := planAlong(op, vv.Layout(), iv, axis)
	if err != nil {
		return err
	}
	d := operandOf[T](&dst)
	if err := checkDst(op, d, p.shape); err != nil {
		return err
	}
	x := operandOf(&vv)
	if mem.Overlaps(d.data, &d.lay, x.data, &x.lay) {
		*x = snapshot(x)
	}
	io := operandOf(&iv)
	if sharesBytes(d, io) { // indices in dst's memory (dst of int)
		*io = snapshot(io)
	}
	along(&p, d, x, iv)
	return nil
}

// PutAlongAxis writes values into v along axis at indices, NumPy's
// put_along_axis (PyTorch's scatter_): for every index (i..., j, k...) of
// the shape indices and values broadcast to (whose other axes must fit
// v's), v at (i..., indices[i..., j, k...], k...) is set to values at
// (i..., j, k...). Where indices repeat, the last write in row-major
// order of that shape wins, every time. values may share memory with v
// (it is then read from a copy). Every index is checked before anything
// is written. The errors are those of [TakeAlongAxis], and
// layout.ErrOverlap when two indices of v reach one element.
func PutAlongAxis[T tensor.Element, V tensor.Operand[T], I tensor.Operand[int], U tensor.Operand[T]](v V, indices I, values U, axis int) error {
	return putAlong("PutAlongAxis", operandOf[T](&v), tensor.View[int](indices), tensor.View[T](values), axis,
		func(x []T, xi, xinc int, v []T, vi, vinc int, id []int, ii, iinc, n, s, axn int) {
			for range n {
				k := id[ii]
				if k < 0 {
					k += axn
				}
				x[xi+k*s] = v[vi]
				xi, vi, ii = xi+xinc, vi+vinc, ii+iinc
			}
		})
}

// ScatterAdd adds values into v along axis at indices, PyTorch's
// scatter_add_ (NumPy's np.add.at along an axis): like [PutAlongAxis],
// but each value is added to its element, so repeated indices accumulate,
// in row-major order of the indices (the same bits every time). Integer
// sums wrap as Go's do.
func ScatterAdd[T tensor.Number, V tensor.Operand[T], I tensor.Operand[int], U tensor.Operand[T]](v V, indices I, values U, axis int) error {
	return putAlong("ScatterAdd", operandOf[T](&v), tensor.View[int](indices), tensor.View[T](values), axis,
		func(x []T, xi, xinc int, v []T, vi, vinc int, id []int, ii, iinc, n, s, axn int) {
			for range n {
				k := id[ii]
				if k < 0 {
					k += axn
				}
				x[xi+k*s] += v[vi]
				xi, vi, ii = xi+xinc, vi+vinc, ii+iinc
			}
		})
}

// alongPlan is an indexing along an axis: the shape of the result (or of
// the values), the axis, and the indices, in range, broadcast to that
// shape.
type alongPlan struct {
	shape []int
	axis  int
	n     int // v's size along axis
}

// planAlong checks the arguments of an indexing along axis of a view of
// layout l by indices, and every index, and returns its plan.
func planAlong(op string, l layout.Layout, indices tensor.View[int], axis int) (alongPlan, error) {
	vs, is := l.Shape(), indices.Shape()
	if len(vs) != len(is) {
		return alongPlan{}, errorf(op, layout.ErrRank, "indices of shape %v for a view of shape %v: the ranks differ", is, vs)
	}
	ax, err := normalAxis(op, axis, len(vs))
	if err != nil {
		return alongPlan{}, err
	}
	a, b := slices.Clone(vs), slices.Clone(is)
	a[ax], b[ax] = 1, 1
	shape, err := layout.BroadcastShapes(a, b)
	if err != nil {
		return alongPlan{}, errorf(op, layout.ErrShape, "indices of shape %v and a view of shape %v do not broadcast off axis %d", is, vs, ax)
	}
	shape[ax] = is[ax]
	if _, err := layout.RowMajor(shape...); err != nil {
		return alongPlan{}, errs.Wrap("ops", op, nil, err, "result of shape %v", shape)
	}
	n := vs[ax]
	if _, err := checkIndices(op, indices, n, ax); err != nil {
		return alongPlan{}, err
	}
	return alongPlan{shape: shape, axis: ax, n: n}, nil
}

// alongLayout returns x's layout seen over shape: broadcast along its
// axes of size 1 and with stride 0 along axis, whose stride it returns.
func alongLayout(l layout.Layout, shape []int, axis int) (layout.Layout, int) {
	xs, st := l.Shape(), l.Strides()
	s := st[axis]
	for k := range st {
		if k == axis || xs[k] == 1 && shape[k] != 1 {
			st[k] = 0
		}
	}
	out, _ := layout.Strided(shape, st, l.Offset())
	return out, s
}

// along sets d[pos] = x[pos with the axis at the index] for every index
// pos of d (of the plan's shape).
func along[T tensor.Element](p *alongPlan, d, x *operand[T], indices tensor.View[int]) {
	il, _ := indices.Layout().Expand(p.shape...)
	xl, s := alongLayout(x.lay, p.shape, p.axis)
	id := indices.Data()
	var it layout.Iter
	if err := it.Reset(&d.lay, &il, &xl); err != nil {
		panic("ops: internal error: " + err.Error())
	}
	n, inc := it.Len(), it.Inc()
	it.EachRow(func(o, st [layout.MaxOperands]int, on int) {
		for o0, o1, o2 := o[0], o[1], o[2]; on > 0; o0, o1, o2, on = o0+st[0], o1+st[1], o2+st[2], on-1 {
			gatherRow(d.data, o0, inc[0], x.data, o2, inc[2], id, o1, inc[1], n, s, p.n)
		}
	})
}

// gatherRow is a row of TakeAlongAxis: for j < n, d[di+j*dinc] is set to
// x[xi+j*xinc+k*s], k the index id[ii+j*iinc], plus axn if it is
// negative. A function of its own, whose arguments stay in registers (in
// the closure of along they were loaded from its context every element).
func gatherRow[T tensor.Element](d []T, di, dinc int, x []T, xi, xinc int, id []int, ii, iinc, n, s, axn int) {
	for range n {
		k := id[ii]
		if k < 0 {
			k += axn
		}
		d[di] = x[xi+k*s]
		di, ii, xi = di+dinc, ii+iinc, xi+xinc
	}
}

// putRow is a row of PutAlongAxis or ScatterAdd: for j < n, the value
// v[vi+j*vinc] is put into (or added to) x[xi+j*xinc+k*s], k the index
// id[ii+j*iinc], plus axn if it is negative.
type putRow[T tensor.Element] func(x []T, xi, xinc int, v []T, vi, vinc int, id []int, ii, iinc, n, s, axn int)

// putAlong checks and runs PutAlongAxis or ScatterAdd, row by row.
func putAlong[T tensor.Element](op string, x *operand[T], indices tensor.View[int], values tensor.View[T], axis int, row putRow[T]) error {
	p, err := planAlong(op, x.lay, indices, axis)
	if err != nil {
		return err
	}
	vs := x.lay.Shape()
	for k, d := range p.shape {
		if k != p.axis && d != vs[k] {
			return errorf(op, layout.ErrShape, "indices of shape %v for a view of shape %v: they would stretch it", indices.Shape(), vs)
		}
	}
	vl, err := values.Layout().Expand(p.shape...)
	if err != nil {
		return errorf(op, layout.ErrShape, "values of shape %v do not broadcast to %v", values.Shape(), p.shape)
	}
	if err := checkDst(op, x, vs); err != nil {
		return err
	}
	vo := operandOf(&values)
	if mem.Overlaps(x.data, &x.lay, vo.data, &vo.lay) {
		*vo = snapshot(vo)
		vl, _ = vo.lay.Expand(p.shape...)
	}
	io := operandOf(&indices)
	if sharesBytes(x, io) { // indices of the view's own memory (x of int)
		*io = snapshot(io)
	}
	il, _ := io.lay.Expand(p.shape...)
	xl, s := alongLayout(x.lay, p.shape, p.axis)
	// Row-major order of the shape, so that repeated indices resolve the
	// same way every time: a row along the last axis at a time.
	rank := len(p.shape)
	ist, vst, xst := il.Strides(), vl.Strides(), xl.Strides()
	last := rank - 1
	pos := make([]int, rank)
	ii, vi, xi := il.Offset(), vl.Offset(), xl.Offset()
	for range shapeSize(p.shape[:last]) {
		row(x.data, xi, xst[last], vo.data, vi, vst[last], io.data, ii, ist[last], p.shape[last], s, p.n)
		for a := last - 1; a >= 0; a-- {
			pos[a]++
			ii, vi, xi = ii+ist[a], vi+vst[a], xi+xst[a]
			if pos[a] < p.shape[a] {
				break
			}
			ii, vi, xi = ii-ist[a]*p.shape[a], vi-vst[a]*p.shape[a], xi-xst[a]*p.shape[a]
			pos[a] = 0
		}
	}
	return nil
}
