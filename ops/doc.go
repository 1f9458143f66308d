// Package ops holds the view operations on [tensor.View]: Transpose,
// Permute, Squeeze, Unsqueeze, Slice, Select, Flip, Expand, View, Reshape
// and Flatten. Each is the method of the same name of tensor.View called as
// a function — ops.Permute(v, 0, 2, 1) is v.Permute(0, 2, 1), as NumPy's
// numpy.transpose(a) is a.transpose() — and the layout transformation of
// the same name in package layout does the arithmetic.
//
// # Cost
//
// A view operation moves no data and allocates nothing for rank up to 8:
// it builds the new layout in place inside the returned View. A rank-4
// Permute takes about 1.5 times as long as a hand-written permute over
// fixed-size arrays (BenchmarkPermute reports the ratio).
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
//	tensor: Permute: shape [2 3 4]: layout: Permute: axis 3 out of range for rank 3
//
// which matches errors.Is(err, layout.ErrAxis).
package ops
