package ops

import "github.com/tessera-go/tessera/tensor"

// Each operation is the method of the same name of tensor.View, called as
// a function (as numpy.transpose(a) is a.transpose()). The functions are
// one line so that they inline: the view is then built in place by the
// method, with no extra copy of the 176-byte View (BenchmarkPermute).

// Transpose is [tensor.View.Transpose] as a function: the view with axes a
// and b swapped (NumPy's swapaxes, PyTorch's transpose). It shares data with
// v. The method documents the errors.
func Transpose[T tensor.Element, V tensor.Operand[T]](v V, a, b int) (tensor.View[T], error) {
	return tensor.View[T](v).Transpose(a, b)
}

// Permute is [tensor.View.Permute] as a function: the view whose axis i is
// axis axes[i] of v (NumPy's transpose(axes), PyTorch's permute). It shares
// data with v. The method documents the errors.
func Permute[T tensor.Element, V tensor.Operand[T]](v V, axes ...int) (tensor.View[T], error) {
	return tensor.View[T](v).Permute(axes...)
}

// Squeeze is [tensor.View.Squeeze] as a function: the view without the given
// size-1 axes, or without all of them. It shares data with v. The method
// documents the errors.
func Squeeze[T tensor.Element, V tensor.Operand[T]](v V, axes ...int) (tensor.View[T], error) {
	return tensor.View[T](v).Squeeze(axes...)
}

// Unsqueeze is [tensor.View.Unsqueeze] as a function: the view with a new
// size-1 axis at position axis. It shares data with v. The method documents
// the errors.
func Unsqueeze[T tensor.Element, V tensor.Operand[T]](v V, axis int) (tensor.View[T], error) {
	return tensor.View[T](v).Unsqueeze(axis)
}

// Slice is [tensor.View.Slice] as a function: the view of indices start,
// start+step, … below stop along axis (NumPy's a[start:stop:step]). It
// shares data with v. The method documents the errors.
func Slice[T tensor.Element, V tensor.Operand[T]](v V, axis, start, stop, step int) (tensor.View[T], error) {
	return tensor.View[T](v).Slice(axis, start, stop, step)
}

// Select is [tensor.View.Select] as a function: the view at index along
// axis, with that axis removed (NumPy's a[index], PyTorch's select). It
// shares data with v. The method documents the errors.
func Select[T tensor.Element, V tensor.Operand[T]](v V, axis, index int) (tensor.View[T], error) {
	return tensor.View[T](v).Select(axis, index)
}

// Flip is [tensor.View.Flip] as a function: the view with the given axes
// (all when none are given) reversed, through negative strides. It shares
// data with v. The method documents the errors.
func Flip[T tensor.Element, V tensor.Operand[T]](v V, axes ...int) (tensor.View[T], error) {
	return tensor.View[T](v).Flip(axes...)
}

// Expand is [tensor.View.Expand] as a function: v broadcast to shape, with
// stride 0 along the broadcast axes (NumPy's broadcast_to). It shares data
// with v. The method documents the errors.
func Expand[T tensor.Element, V tensor.Operand[T]](v V, shape ...int) (tensor.View[T], error) {
	return tensor.View[T](v).Expand(shape...)
}

// View is [tensor.View.View] as a function: v with a new shape, strictly
// without copying (PyTorch's view). It shares data with v. The method
// documents the errors.
func View[T tensor.Element, V tensor.Operand[T]](v V, shape ...int) (tensor.View[T], error) {
	return tensor.View[T](v).View(shape...)
}

// Reshape is [tensor.View.Reshape] as a function: v with a new shape, a view
// when the strides allow it and otherwise a view of a fresh copy (NumPy's
// reshape). It shares data with v unless it had to copy. The method
// documents the errors.
func Reshape[T tensor.Element, V tensor.Operand[T]](v V, shape ...int) (tensor.View[T], error) {
	return tensor.View[T](v).Reshape(shape...)
}

// Flatten is [tensor.View.Flatten] as a function: v as one axis, like
// Reshape(v, -1). It shares data with v unless it had to copy. The method
// documents the errors.
func Flatten[T tensor.Element, V tensor.Operand[T]](v V) (tensor.View[T], error) {
	return tensor.View[T](v).Flatten()
}

// Diagonal is [tensor.View.Diagonal] as a function: the view of the
// diagonal offset of the matrices spanned by axis1 and axis2, as a last
// axis (NumPy's diagonal, PyTorch's diagonal). It shares data with v. The
// method documents the errors.
func Diagonal[T tensor.Element, V tensor.Operand[T]](v V, offset, axis1, axis2 int) (tensor.View[T], error) {
	return tensor.View[T](v).Diagonal(offset, axis1, axis2)
}

// Windows is [tensor.View.Windows] as a function: the windows of
// size elements along axis, one every step, as a new last axis (NumPy's
// sliding_window_view with a step, PyTorch's unfold). Call it once per
// axis for windows over several axes. It shares data with v, and the
// windows overlap when step < size. The method documents the errors.
func Windows[T tensor.Element, V tensor.Operand[T]](v V, axis, size, step int) (tensor.View[T], error) {
	return tensor.View[T](v).Windows(axis, size, step)
}
