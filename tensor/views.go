package tensor

import (
	"errors"

	"github.com/tessera-go/tessera/internal/errs"
	"github.com/tessera-go/tessera/layout"
)

// The view operations, as methods of View; package ops has the same
// operations as functions. Each is the transformation of the same name of
// package layout on v's layout, whose doc is the canonical one (rules,
// negative axes, errors). The result shares v's data and nothing moves; an
// error is layout's, wrapped with the operation and v's shape. Each one
// writes the transformed layout straight into the View it returns
// (layout.Layout.SetPermute and its siblings), because copying the 152-byte
// Layout and the 176-byte View from one result to the next took most of the
// time of a view operation. The transformed layout reaches a subset of the
// offsets v reaches, so the result keeps the invariant of NewView without
// checking it again.

// viewError prefixes a layout error with the operation and v's shape.
func viewError(op string, l *layout.Layout, err error) error {
	return errs.Wrap("tensor", op, nil, err, "shape %v", l.Shape())
}

// Transpose returns the view of v with axes a and b swapped: see
// [layout.Layout.Transpose].
func (v View[T]) Transpose(a, b int) (out View[T], err error) {
	out.data = v.data
	if err = out.lay.SetTranspose(&v.lay, a, b); err != nil {
		return View[T]{}, viewError("Transpose", &v.lay, err)
	}
	return out, nil
}

// Permute returns the view of v whose axis i is axis axes[i] of v (NumPy's
// transpose(axes), PyTorch's permute): see [layout.Layout.Permute].
func (v View[T]) Permute(axes ...int) (out View[T], err error) {
	out.data = v.data
	if err = out.lay.SetPermute(&v.lay, axes...); err != nil {
		return View[T]{}, viewError("Permute", &v.lay, err)
	}
	return out, nil
}

// Squeeze returns the view of v without the given size-1 axes, or without
// every one when none are given: see [layout.Layout.Squeeze].
func (v View[T]) Squeeze(axes ...int) (out View[T], err error) {
	out.data = v.data
	if err = out.lay.SetSqueeze(&v.lay, axes...); err != nil {
		return View[T]{}, viewError("Squeeze", &v.lay, err)
	}
	return out, nil
}

// Unsqueeze returns the view of v with a new size-1 axis at position axis
// of the result: see [layout.Layout.Unsqueeze].
func (v View[T]) Unsqueeze(axis int) (out View[T], err error) {
	out.data = v.data
	if err = out.lay.SetUnsqueeze(&v.lay, axis); err != nil {
		return View[T]{}, viewError("Unsqueeze", &v.lay, err)
	}
	return out, nil
}

// Slice returns the view of the indices start, start+step, … below stop
// along axis (NumPy's a[start:stop:step]): see [layout.Layout.Slice].
func (v View[T]) Slice(axis, start, stop, step int) (out View[T], err error) {
	out.data = v.data
	if err = out.lay.SetSlice(&v.lay, axis, start, stop, step); err != nil {
		return View[T]{}, viewError("Slice", &v.lay, err)
	}
	return out, nil
}

// Select returns the view of the elements at index along axis, without
// that axis (NumPy's a[index], PyTorch's select): see
// [layout.Layout.Select].
func (v View[T]) Select(axis, index int) (out View[T], err error) {
	out.data = v.data
	if err = out.lay.SetSelect(&v.lay, axis, index); err != nil {
		return View[T]{}, viewError("Select", &v.lay, err)
	}
	return out, nil
}

// Flip returns the view of v with the given axes (all when none are
// given) reversed: see [layout.Layout.Flip].
func (v View[T]) Flip(axes ...int) (out View[T], err error) {
	out.data = v.data
	if err = out.lay.SetFlip(&v.lay, axes...); err != nil {
		return View[T]{}, viewError("Flip", &v.lay, err)
	}
	return out, nil
}

// Expand returns v broadcast to shape (NumPy's broadcast_to), stride 0
// along the broadcast axes: see [layout.Layout.Expand]. Copies refuse it
// as a destination (layout.ErrOverlap).
func (v View[T]) Expand(shape ...int) (out View[T], err error) {
	out.data = v.data
	if err = out.lay.SetExpand(&v.lay, shape...); err != nil {
		return View[T]{}, viewError("Expand", &v.lay, err)
	}
	return out, nil
}

// Diagonal returns the view of the diagonal offset of the matrices
// spanned by axis1 and axis2, as a last axis (NumPy's diagonal): see
// [layout.Layout.Diagonal]. Writing through it writes v's diagonal.
func (v View[T]) Diagonal(offset, axis1, axis2 int) (View[T], error) {
	l, err := v.lay.Diagonal(offset, axis1, axis2)
	if err != nil {
		return View[T]{}, viewError("Diagonal", &v.lay, err)
	}
	return View[T]{data: v.data, lay: l}, nil
}

// Windows returns the view of the windows of size elements along axis,
// one every step, as a new last axis (NumPy's sliding_window_view with a
// step, PyTorch's unfold): see [layout.Layout.Windows]. Overlapping
// windows are for reading: copies refuse to write into them
// (layout.ErrOverlap).
func (v View[T]) Windows(axis, size, step int) (View[T], error) {
	l, err := v.lay.Windows(axis, size, step)
	if err != nil {
		return View[T]{}, viewError("Windows", &v.lay, err)
	}
	return View[T]{data: v.data, lay: l}, nil
}

// View returns v with a new shape, strictly without copying (PyTorch's
// view): see [layout.Layout.View]. Where v's strides cannot express the
// shape it returns layout.ErrNotViewable; Reshape copies instead.
func (v View[T]) View(shape ...int) (out View[T], err error) {
	out.data = v.data
	if err = out.lay.SetView(&v.lay, shape...); err != nil {
		return View[T]{}, viewError("View", &v.lay, err)
	}
	return out, nil
}

// Reshape returns v with a new shape, like NumPy's reshape: a view sharing
// v's data when the strides allow it (see View), and otherwise a view of a
// fresh row-major copy of v's elements — then writes to the result do not
// reach v. Use View to forbid the copy. One dimension may be -1. It returns
// ErrShape when the sizes differ, ErrRank above layout.MaxRank, and
// ErrOverflow when the size of shape overflows int or the copy cannot be
// allocated (an expanded view).
func (v View[T]) Reshape(shape ...int) (View[T], error) {
	return v.reshape("Reshape", shape)
}

// Flatten returns v as one axis, like Reshape(-1): a view sharing v's data
// when the strides allow it, a view of a fresh copy otherwise. It returns
// an error wrapping layout.ErrOverflow when the copy cannot be allocated
// (an expanded view).
func (v View[T]) Flatten() (View[T], error) {
	return v.reshape("Flatten", []int{-1})
}

func (v View[T]) reshape(op string, shape []int) (out View[T], err error) {
	out.data = v.data
	err = out.lay.SetView(&v.lay, shape...)
	if errors.Is(err, layout.ErrNotViewable) {
		var c Tensor[T]
		if c, err = v.CloneChecked(); err == nil {
			out.data = c.data
			err = out.lay.SetView(&c.lay, shape...)
		}
	}
	if err != nil {
		return View[T]{}, viewError(op, &v.lay, err)
	}
	return out, nil
}
