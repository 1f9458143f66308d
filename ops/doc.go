// Package ops holds the view operations on [tensor.View]: Transpose,
// Permute, Squeeze, Unsqueeze, Slice, Flip, Expand, View, Reshape and
// Flatten. Each is a typed wrapper over the layout transformation of the
// same name in package layout, which does the arithmetic.
//
// # Views and aliasing
//
// Every operation returns a view that shares data with its input and moves
// none, except Reshape and Flatten: they return a view when the strides
// allow it and otherwise copy the elements into a fresh buffer (as NumPy's
// reshape does), so writes to that result do not reach the input. Use View
// to forbid the copy: it fails with layout.ErrNotViewable instead. No
// operation modifies its input.
//
// # Errors
//
// Bad axes, shapes or bounds give an error that names the operation and
// wraps the sentinel of package layout, for example
//
//	ops: Permute: shape [2 3 4]: layout: Permute: axis 3 out of range for rank 3
//
// which matches errors.Is(err, layout.ErrAxis).
package ops
