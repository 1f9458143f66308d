package tensor

import (
	"errors"

	"github.com/tessera-go/tessera/internal/errs"
	"github.com/tessera-go/tessera/layout"
)

// The view operations, as methods of View; package ops has the same
// operations as functions. Each one writes the transformed layout straight
// into the View it returns (layout.Layout.SetPermute and its siblings),
// because copying the 152-byte Layout and the 176-byte View from one result
// to the next took most of the time of a view operation. The transformed
// layout reaches a subset of the offsets v reaches, so the result keeps the
// invariant of NewView without checking it again.

// viewError prefixes a layout error with the operation and v's shape.
func viewError(op string, l *layout.Layout, err error) error {
	return errs.Wrap("tensor", op, nil, err, "shape %v", l.Shape())
}

// Transpose returns the view with axes a and b swapped; negative axes count
// from the end. It shares data with v and moves none. It returns the errors
// of layout.Layout.Transpose (ErrAxis).
func (v View[T]) Transpose(a, b int) (out View[T], err error) {
	out.data = v.data
	if err = out.lay.SetTranspose(&v.lay, a, b); err != nil {
		return View[T]{}, viewError("Transpose", &v.lay, err)
	}
	return out, nil
}

// Permute returns the view whose axis i is axis axes[i] of v, like NumPy's
// transpose(axes) and PyTorch's permute. It shares data with v and moves
// none. It returns the errors of layout.Layout.Permute (ErrAxis,
// ErrDuplicateAxis).
func (v View[T]) Permute(axes ...int) (out View[T], err error) {
	out.data = v.data
	if err = out.lay.SetPermute(&v.lay, axes...); err != nil {
		return View[T]{}, viewError("Permute", &v.lay, err)
	}
	return out, nil
}

// Squeeze returns the view without the given size-1 axes, or without every
// size-1 axis when none are given. It shares data with v and moves none. It
// returns the errors of layout.Layout.Squeeze (ErrAxis, ErrDuplicateAxis,
// ErrShape for an axis whose size is not 1).
func (v View[T]) Squeeze(axes ...int) (out View[T], err error) {
	out.data = v.data
	if err = out.lay.SetSqueeze(&v.lay, axes...); err != nil {
		return View[T]{}, viewError("Squeeze", &v.lay, err)
	}
	return out, nil
}

// Unsqueeze returns the view with a new size-1 axis at position axis of the
// result (-1 appends). It shares data with v and moves none. It returns the
// errors of layout.Layout.Unsqueeze (ErrAxis, ErrRank).
func (v View[T]) Unsqueeze(axis int) (out View[T], err error) {
	out.data = v.data
	if err = out.lay.SetUnsqueeze(&v.lay, axis); err != nil {
		return View[T]{}, viewError("Unsqueeze", &v.lay, err)
	}
	return out, nil
}

// Slice returns the view of indices start, start+step, … below stop along
// axis, like NumPy's a[start:stop:step]. It shares data with v and moves
// none. Bounds are not clamped: it returns ErrIndex unless
// 0 <= start <= stop <= dim and step >= 1, and ErrAxis for a bad axis.
func (v View[T]) Slice(axis, start, stop, step int) (out View[T], err error) {
	out.data = v.data
	if err = out.lay.SetSlice(&v.lay, axis, start, stop, step); err != nil {
		return View[T]{}, viewError("Slice", &v.lay, err)
	}
	return out, nil
}

// Select returns the view of the elements whose index along axis is index,
// with that axis removed, like NumPy's a[index] (axis 0) or PyTorch's
// select. It shares data with v and moves none. It returns ErrAxis for a bad
// axis and ErrIndex unless 0 <= index < dim.
func (v View[T]) Select(axis, index int) (out View[T], err error) {
	out.data = v.data
	if err = out.lay.SetSelect(&v.lay, axis, index); err != nil {
		return View[T]{}, viewError("Select", &v.lay, err)
	}
	return out, nil
}

// Flip returns the view with the order of elements along the given axes
// (all axes when none are given) reversed, using negative strides. It shares
// data with v and moves none. It returns the errors of layout.Layout.Flip
// (ErrAxis, ErrDuplicateAxis).
func (v View[T]) Flip(axes ...int) (out View[T], err error) {
	out.data = v.data
	if err = out.lay.SetFlip(&v.lay, axes...); err != nil {
		return View[T]{}, viewError("Flip", &v.lay, err)
	}
	return out, nil
}

// Expand returns v broadcast to shape by NumPy's broadcast_to rules, with
// stride 0 along broadcast axes. It shares data with v and moves none.
// Several indices of the result reach the same element, so copies refuse it
// as a destination (ErrOverlap). It returns the errors of
// layout.Layout.Expand (ErrShape, ErrRank, ErrOverflow).
func (v View[T]) Expand(shape ...int) (out View[T], err error) {
	out.data = v.data
	if err = out.lay.SetExpand(&v.lay, shape...); err != nil {
		return View[T]{}, viewError("Expand", &v.lay, err)
	}
	return out, nil
}

// Diagonal returns the view of the diagonal of the matrices spanned by
// axes axis1 and axis2, like NumPy's diagonal(offset, axis1, axis2): both
// axes are removed and a last axis walks elements (i, i+offset), below the
// main diagonal for a negative offset. It shares data with v and moves
// none: writing through it writes v's diagonal. It returns the errors of
// layout.Layout.Diagonal (ErrRank, ErrAxis, ErrDuplicateAxis).
func (v View[T]) Diagonal(offset, axis1, axis2 int) (View[T], error) {
	l, err := v.lay.Diagonal(offset, axis1, axis2)
	if err != nil {
		return View[T]{}, viewError("Diagonal", &v.lay, err)
	}
	return View[T]{data: v.data, lay: l}, nil
}

// Windows returns the view of the windows of size elements along axis,
// one every step elements, like NumPy's sliding_window_view with a step:
// axis becomes the window starts and a new last axis the elements of a
// window. It shares data with v and moves none. Windows that overlap
// (step < size) reach some elements more than once, so copies refuse to
// write into them (ErrOverlap); read them, or copy them out (im2col is
// Windows along H, then W, then Contiguous). It returns the errors of
// layout.Layout.Windows (ErrIndex, ErrAxis, ErrRank).
func (v View[T]) Windows(axis, size, step int) (View[T], error) {
	l, err := v.lay.Windows(axis, size, step)
	if err != nil {
		return View[T]{}, viewError("Windows", &v.lay, err)
	}
	return View[T]{data: v.data, lay: l}, nil
}

// View returns v with a new shape, strictly without copying, like PyTorch's
// view: it shares data with v. One dimension may be -1. It returns ErrShape
// when the sizes differ, ErrOverflow when the size of shape overflows int,
// ErrRank above layout.MaxRank, and ErrNotViewable when v's strides cannot
// express the new shape; then use Reshape, which copies.
func (v View[T]) View(shape ...int) (out View[T], err error) {
	out.data = v.data
	if err = out.lay.SetReshape(&v.lay, shape...); err != nil {
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
	err = out.lay.SetReshape(&v.lay, shape...)
	if errors.Is(err, layout.ErrNotViewable) {
		var c Tensor[T]
		if c, err = v.CloneChecked(); err == nil {
			out.data = c.data
			err = out.lay.SetReshape(&c.lay, shape...)
		}
	}
	if err != nil {
		return View[T]{}, viewError(op, &v.lay, err)
	}
	return out, nil
}
