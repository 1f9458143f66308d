package tensor

import (
	"iter"

	"github.com/tessera-go/tessera/internal/errs"
	"github.com/tessera-go/tessera/layout"
)

// Values returns an iterator over the elements of the view in row-major
// order. It walks the layout's plan, one run at a time, without allocating
// per element.
func (v View[T]) Values() iter.Seq[T] {
	return func(yield func(T) bool) {
		p := v.lay.Plan()
		n := p.Len()
		_, inc := p.Inc()
		var w layout.Walk
		for w.NextBlock(&p) {
			o, st, k := w.Row()
			for off := o[1]; k > 0; off, k = off+st[1], k-1 {
				for i := 0; i < n; i++ {
					if !yield(v.data[off+i*inc]) {
						return
					}
				}
			}
		}
	}
}

// All returns an iterator over the indices and elements of the view in
// row-major order. The index slice is reused from one element to the next:
// copy it to keep it. It allocates once per iteration, not per element.
func (v View[T]) All() iter.Seq2[[]int, T] {
	return func(yield func([]int, T) bool) {
		shape := v.lay.Shape()
		idx := make([]int, len(shape))
		for x := range v.Values() {
			if !yield(idx, x) {
				return
			}
			for a := len(idx) - 1; a >= 0; a-- { // advance the row-major index
				if idx[a]++; idx[a] < shape[a] {
					break
				}
				idx[a] = 0
			}
		}
	}
}

// Rows returns an iterator over the sub-views along the first axis, like
// iterating over a NumPy array: for a matrix, its rows. Each sub-view shares
// data with v. A rank-0 view has no rows.
func (v View[T]) Rows() iter.Seq2[int, View[T]] {
	if v.lay.Rank() == 0 {
		return func(func(int, View[T]) bool) {}
	}
	rows, _ := v.Axis(0)
	return rows
}

// Axis returns an iterator over the sub-views along axis (negative counts
// from the end): the i-th has the elements whose index along axis is i,
// with that axis removed (see layout.Layout.Select). Each sub-view shares
// data with v; making one does not allocate up to rank 8. It returns an
// error wrapping layout.ErrAxis for an axis out of range.
func (v View[T]) Axis(axis int) (iter.Seq2[int, View[T]], error) {
	n, err := v.lay.Dim(axis)
	if err != nil {
		return nil, errs.Wrap("tensor", "Axis", nil, err, "shape %v", v.lay.Shape())
	}
	return func(yield func(int, View[T]) bool) {
		for i := 0; i < n; i++ {
			l, _ := v.lay.Select(axis, i)
			if !yield(i, View[T]{data: v.data, lay: l}) {
				return
			}
		}
	}, nil
}

// Values returns an iterator over the elements in row-major order.
func (t Tensor[T]) Values() iter.Seq[T] { return t.View().Values() }
