package ops

import "github.com/tessera-go/tessera/tensor"

// Each operation is the method of the same name of tensor.View, called as
// a function (as numpy.transpose(a) is a.transpose()). The functions are
// one line so that they inline: the view is then built in place by the
// method, with no extra copy of the 176-byte View (BenchmarkPermute).

// Transpose returns the view with axes a and b swapped; negative axes count
// from the end. It shares data with v and moves none. It returns the errors
// of layout.Layout.Transpose (ErrAxis).
func Transpose[T tensor.Number](v tensor.View[T], a, b int) (tensor.View[T], error) {
	return v.Transpose(a, b)
}

// Permute returns the view whose axis i is axis axes[i] of v, like NumPy's
// transpose(axes) and PyTorch's permute. It shares data with v and moves
// none. It returns the errors of layout.Layout.Permute (ErrAxis,
// ErrDuplicateAxis).
func Permute[T tensor.Number](v tensor.View[T], axes ...int) (tensor.View[T], error) {
	return v.Permute(axes...)
}

// Squeeze returns the view without the given size-1 axes, or without every
// size-1 axis when none are given. It shares data with v and moves none. It
// returns the errors of layout.Layout.Squeeze (ErrAxis, ErrDuplicateAxis,
// ErrShape for an axis whose size is not 1).
func Squeeze[T tensor.Number](v tensor.View[T], axes ...int) (tensor.View[T], error) {
	return v.Squeeze(axes...)
}

// Unsqueeze returns the view with a new size-1 axis at position axis of the
// result (-1 appends). It shares data with v and moves none. It returns the
// errors of layout.Layout.Unsqueeze (ErrAxis, ErrRank).
func Unsqueeze[T tensor.Number](v tensor.View[T], axis int) (tensor.View[T], error) {
	return v.Unsqueeze(axis)
}

// Slice returns the view of indices start, start+step, … below stop along
// axis, like NumPy's a[start:stop:step]. It shares data with v and moves
// none. Bounds are not clamped: it returns ErrIndex unless
// 0 <= start <= stop <= dim and step >= 1, and ErrAxis for a bad axis.
func Slice[T tensor.Number](v tensor.View[T], axis, start, stop, step int) (tensor.View[T], error) {
	return v.Slice(axis, start, stop, step)
}

// Select returns the view of the elements whose index along axis is index,
// with that axis removed, like NumPy's a[index] (axis 0) or PyTorch's
// select. It shares data with v and moves none. It returns ErrAxis for a bad
// axis and ErrIndex unless 0 <= index < dim.
func Select[T tensor.Number](v tensor.View[T], axis, index int) (tensor.View[T], error) {
	return v.Select(axis, index)
}

// Flip returns the view with the order of elements along the given axes
// (all axes when none are given) reversed, using negative strides. It shares
// data with v and moves none. It returns the errors of layout.Layout.Flip
// (ErrAxis, ErrDuplicateAxis).
func Flip[T tensor.Number](v tensor.View[T], axes ...int) (tensor.View[T], error) {
	return v.Flip(axes...)
}

// Expand returns v broadcast to shape by NumPy's broadcast_to rules, with
// stride 0 along broadcast axes. It shares data with v and moves none.
// Several indices of the result reach the same element, so copies refuse it
// as a destination (ErrOverlap). It returns the errors of
// layout.Layout.Expand (ErrShape, ErrRank, ErrOverflow).
func Expand[T tensor.Number](v tensor.View[T], shape ...int) (tensor.View[T], error) {
	return v.Expand(shape...)
}

// View returns v with a new shape, strictly without copying, like PyTorch's
// view: it shares data with v. One dimension may be -1. It returns ErrShape
// when the sizes differ, ErrOverflow when the size of shape overflows int,
// ErrRank above layout.MaxRank, and ErrNotViewable when v's strides cannot
// express the new shape; then use Reshape, which copies.
func View[T tensor.Number](v tensor.View[T], shape ...int) (tensor.View[T], error) {
	return v.View(shape...)
}

// Reshape returns v with a new shape, like NumPy's reshape: a view sharing
// v's data when the strides allow it (see View), and otherwise a view of a
// fresh row-major copy of v's elements — then writes to the result do not
// reach v. Use View to forbid the copy. One dimension may be -1. It returns
// ErrShape when the sizes differ, ErrRank above layout.MaxRank, and
// ErrOverflow when the size of shape overflows int or the copy cannot be
// allocated (an expanded view).
func Reshape[T tensor.Number](v tensor.View[T], shape ...int) (tensor.View[T], error) {
	return v.Reshape(shape...)
}

// Flatten returns v as one axis, like Reshape(v, -1): a view sharing v's
// data when the strides allow it, a view of a fresh copy otherwise. It
// returns an error wrapping layout.ErrOverflow when the copy cannot be
// allocated (an expanded view).
func Flatten[T tensor.Number](v tensor.View[T]) (tensor.View[T], error) {
	return v.Flatten()
}
