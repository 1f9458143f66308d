package ops

import (
	"errors"

	"github.com/tessera-go/tessera/internal/errs"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/tensor"
)

// Each operation transforms v's layout and returns the view of v's data
// through the result; the result reaches a subset of the offsets v
// reaches, so NewView cannot fail. (The code is spelled out in each
// function rather than shared: a helper taking the view and the layout by
// value copied both once more per call, which BenchmarkViewOps measured.)

// wrap prefixes a layout error with the operation and the input's shape.
func wrap(op string, l layout.Layout, err error) error {
	return errs.Wrap("ops", op, nil, err, "shape %v", l.Shape())
}

// Transpose returns the view with axes a and b swapped; negative axes count
// from the end. It shares data with v and moves none. It returns the errors
// of layout.Layout.Transpose (ErrAxis).
func Transpose[T tensor.Number](v tensor.View[T], a, b int) (tensor.View[T], error) {
	l, err := v.Layout().Transpose(a, b)
	if err != nil {
		return tensor.View[T]{}, wrap("Transpose", v.Layout(), err)
	}
	return tensor.NewView(v.Data(), l)
}

// Permute returns the view whose axis i is axis axes[i] of v, like NumPy's
// transpose(axes) and PyTorch's permute. It shares data with v and moves
// none. It returns the errors of layout.Layout.Permute (ErrAxis,
// ErrDuplicateAxis).
func Permute[T tensor.Number](v tensor.View[T], axes ...int) (tensor.View[T], error) {
	l, err := v.Layout().Permute(axes...)
	if err != nil {
		return tensor.View[T]{}, wrap("Permute", v.Layout(), err)
	}
	return tensor.NewView(v.Data(), l)
}

// Squeeze returns the view without the given size-1 axes, or without every
// size-1 axis when none are given. It shares data with v and moves none. It
// returns the errors of layout.Layout.Squeeze (ErrAxis, ErrDuplicateAxis,
// ErrShape for an axis whose size is not 1).
func Squeeze[T tensor.Number](v tensor.View[T], axes ...int) (tensor.View[T], error) {
	l, err := v.Layout().Squeeze(axes...)
	if err != nil {
		return tensor.View[T]{}, wrap("Squeeze", v.Layout(), err)
	}
	return tensor.NewView(v.Data(), l)
}

// Unsqueeze returns the view with a new size-1 axis at position axis of the
// result (-1 appends). It shares data with v and moves none. It returns the
// errors of layout.Layout.Unsqueeze (ErrAxis, ErrRank).
func Unsqueeze[T tensor.Number](v tensor.View[T], axis int) (tensor.View[T], error) {
	l, err := v.Layout().Unsqueeze(axis)
	if err != nil {
		return tensor.View[T]{}, wrap("Unsqueeze", v.Layout(), err)
	}
	return tensor.NewView(v.Data(), l)
}

// Slice returns the view of indices start, start+step, … below stop along
// axis, like NumPy's a[start:stop:step]. It shares data with v and moves
// none. Bounds are not clamped: it returns ErrIndex unless
// 0 <= start <= stop <= dim and step >= 1, and ErrAxis for a bad axis.
func Slice[T tensor.Number](v tensor.View[T], axis, start, stop, step int) (tensor.View[T], error) {
	l, err := v.Layout().Slice(axis, start, stop, step)
	if err != nil {
		return tensor.View[T]{}, wrap("Slice", v.Layout(), err)
	}
	return tensor.NewView(v.Data(), l)
}

// Select returns the view of the elements whose index along axis is index,
// with that axis removed, like NumPy's a[index] (axis 0) or PyTorch's
// select. It shares data with v and moves none. It returns ErrAxis for a bad
// axis and ErrIndex unless 0 <= index < dim.
func Select[T tensor.Number](v tensor.View[T], axis, index int) (tensor.View[T], error) {
	l, err := v.Layout().Select(axis, index)
	if err != nil {
		return tensor.View[T]{}, wrap("Select", v.Layout(), err)
	}
	return tensor.NewView(v.Data(), l)
}

// Flip returns the view with the order of elements along the given axes
// (all axes when none are given) reversed, using negative strides. It shares
// data with v and moves none. It returns the errors of layout.Layout.Flip
// (ErrAxis, ErrDuplicateAxis).
func Flip[T tensor.Number](v tensor.View[T], axes ...int) (tensor.View[T], error) {
	l, err := v.Layout().Flip(axes...)
	if err != nil {
		return tensor.View[T]{}, wrap("Flip", v.Layout(), err)
	}
	return tensor.NewView(v.Data(), l)
}

// Expand returns v broadcast to shape by NumPy's broadcast_to rules, with
// stride 0 along broadcast axes. It shares data with v and moves none.
// Several indices of the result reach the same element, so copies refuse it
// as a destination (ErrOverlap). It returns the errors of
// layout.Layout.Expand (ErrShape, ErrRank, ErrOverflow).
func Expand[T tensor.Number](v tensor.View[T], shape ...int) (tensor.View[T], error) {
	l, err := v.Layout().Expand(shape...)
	if err != nil {
		return tensor.View[T]{}, wrap("Expand", v.Layout(), err)
	}
	return tensor.NewView(v.Data(), l)
}

// View returns v with a new shape, strictly without copying, like PyTorch's
// view: it shares data with v. One dimension may be -1. It returns ErrShape
// when the sizes differ and ErrNotViewable when v's strides cannot express
// the new shape; then use Reshape, which copies.
func View[T tensor.Number](v tensor.View[T], shape ...int) (tensor.View[T], error) {
	l, err := v.Layout().Reshape(shape...)
	if err != nil {
		return tensor.View[T]{}, wrap("View", v.Layout(), err)
	}
	return tensor.NewView(v.Data(), l)
}

// Reshape returns v with a new shape, like NumPy's reshape: a view sharing
// v's data when the strides allow it (see View), and otherwise a view of a
// fresh row-major copy of v's elements — then writes to the result do not
// reach v. Use View to forbid the copy. One dimension may be -1. It returns
// ErrShape when the sizes differ.
func Reshape[T tensor.Number](v tensor.View[T], shape ...int) (tensor.View[T], error) {
	return reshape("Reshape", v, shape)
}

// Flatten returns v as one axis, like Reshape(v, -1): a view sharing v's
// data when the strides allow it, a view of a fresh copy otherwise.
func Flatten[T tensor.Number](v tensor.View[T]) (tensor.View[T], error) {
	return reshape("Flatten", v, []int{-1})
}

func reshape[T tensor.Number](op string, v tensor.View[T], shape []int) (tensor.View[T], error) {
	l, err := v.Layout().Reshape(shape...)
	if errors.Is(err, layout.ErrNotViewable) {
		var c tensor.Tensor[T]
		if c, err = v.CloneChecked(); err == nil {
			v = c.View()
			l, err = v.Layout().Reshape(shape...)
		}
	}
	if err != nil {
		return tensor.View[T]{}, wrap(op, v.Layout(), err)
	}
	return tensor.NewView(v.Data(), l)
}
