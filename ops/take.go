package ops

import (
	"slices"
	"unsafe"

	"github.com/tessera-go/tessera/internal/copier"
	"github.com/tessera-go/tessera/internal/errs"
	"github.com/tessera-go/tessera/internal/mem"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/simd"
	"github.com/tessera-go/tessera/tensor"
)

// Take returns the slices of v at the given indices along axis, NumPy's
// take(v, indices, axis): a new row-major tensor of shape v.shape[:axis] +
// indices.shape + v.shape[axis+1:], whose element at (i..., j..., k...) is
// v's at (i..., indices[j...], k...). Negative indices count from the end
// of the axis; an index may repeat. v may hold any element type and be
// any view; each index's slice is moved by the copier.
//
// Every index is checked before anything is written: one outside
// [-n, n) for an axis of size n is an error wrapping layout.ErrIndex that
// names it ("ops: Take: index 7 out of range for axis 0 of size 5"). It
// also returns an error wrapping layout.ErrAxis for an axis out of range
// or a rank-0 v, and layout.ErrOverflow for a result too large.
func Take[T tensor.Element, V tensor.Operand[T], I tensor.Operand[int]](v V, indices I, axis int) (tensor.Tensor[T], error) {
	const op = "Take"
	vv, iv := tensor.View[T](v), tensor.View[int](indices)
	idx, shape, ax, err := planTake(op, vv.Layout(), iv, axis)
	if err != nil {
		return tensor.Tensor[T]{}, err
	}
	out, err := newResult[T](op, shape)
	if err != nil {
		return out, err
	}
	take(out.View(), vv, idx, ax)
	return out, nil
}

// TakeInto writes Take of v into dst, which must have the result's shape
// (layout.ErrShape otherwise) and reach no element twice
// (layout.ErrOverlap). v may share memory with dst: it is then read from
// a copy taken first. The errors are Take's; nothing is written on error.
func TakeInto[T tensor.Element, D tensor.Operand[T], V tensor.Operand[T], I tensor.Operand[int]](dst D, v V, indices I, axis int) error {
	const op = "TakeInto"
	vv, iv := tensor.View[T](v), tensor.View[int](indices)
	idx, shape, ax, err := planTake(op, vv.Layout(), iv, axis)
	if err != nil {
		return err
	}
	d := operandOf[T](&dst)
	if err := checkDst(op, d, shape); err != nil {
		return err
	}
	in := operandOf(&vv)
	if mem.Overlaps(d.data, &d.lay, in.data, &in.lay) {
		// Any overlap, even v being dst itself: Take moves elements
		// between positions.
		*in = snapshot(in)
	}
	take(tensor.View[T](dst), vv, idx, ax)
	return nil
}

// planTake checks Take's arguments and returns the indices in row-major
// order, each in [0, n), the result's shape and the axis in range.
func planTake(op string, l layout.Layout, indices tensor.View[int], axis int) ([]int, []int, int, error) {
	shape := l.Shape()
	ax, err := normalAxis(op, axis, len(shape))
	if err != nil {
		return nil, nil, 0, err
	}
	n := shape[ax]
	size := indices.Size()
	if size > mem.MaxBytes/8 { // a broadcast index view can be that large
		return nil, nil, 0, errorf(op, layout.ErrOverflow, "%d indices exceed the largest allocation", size)
	}
	idx := make([]int, 0, size)
	for x := range indices.Values() {
		y := x
		if y < 0 {
			y += n
		}
		if y < 0 || y >= n {
			return nil, nil, 0, errorf(op, layout.ErrIndex, "index %d out of range for axis %d of size %d", x, ax, n)
		}
		idx = append(idx, y)
	}
	out := slices.Concat(shape[:ax], indices.Shape(), shape[ax+1:])
	if _, err := layout.RowMajor(out...); err != nil {
		return nil, nil, 0, errs.Wrap("ops", op, nil, err, "result of shape %v", out)
	}
	return idx, out, ax, nil
}

// take copies the slice of v at each of idx along axis ax into dst, a
// view of the result's shape sharing no memory with v: the slice of dst
// at the index's position along its index axes (in row-major order) gets
// v's slice at the index.
func take[T tensor.Element](dst, v tensor.View[T], idx []int, ax int) {
	if len(idx) == 0 || dst.Size() == 0 {
		return
	}
	d, x := operandOf(&dst), operandOf(&v)
	var ib [8]int
	ishape := d.lay.AppendShape(ib[:0])[ax : ax+d.lay.Rank()-x.lay.Rank()+1]
	var pb [8]int
	pos := pb[:0]
	for range ishape {
		pos = append(pos, 0)
	}
	// Each slice is one part of writing dst: a large dst streams, as one
	// copy of it would. Contiguous slices of a streamed dst (the rows of a
	// row Take) are gathered in batches by simd.CopyRowsStream, several
	// rows' reads in flight at once.
	part := copier.Part{Total: d.lay.Size() * int(unsafe.Sizeof(*new(T)))}
	batch := copier.CachingOf(part.Total) == copier.Streamed
	var dAt, sAt [64]int
	queued, run := 0, 0
	flush := func() {
		_ = simd.CopyRowsStream(d.data, x.data, dAt[:queued], sAt[:queued], run) // in range: the layouts are
		queued = 0
	}
	for _, k := range idx {
		sl, _ := x.lay.Select(ax, k)
		dl := d.lay
		for _, p := range pos { // each Select drops an index axis: the next is at ax
			dl, _ = dl.Select(ax, p)
		}
		ds, de, dok := dl.ContiguousRange()
		ss, _, sok := sl.ContiguousRange()
		if batch && dok && sok {
			dAt[queued], sAt[queued], run = ds, ss, de-ds
			if queued++; queued == len(dAt) {
				flush()
			}
		} else {
			copier.Move(d.data, &dl, x.data, &sl, part)
		}
		for a := len(pos) - 1; a >= 0; a-- { // the next position, row-major
			if pos[a]++; pos[a] < ishape[a] {
				break
			}
			pos[a] = 0
		}
	}
	flush()
}
