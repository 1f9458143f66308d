// Package ops holds the operations on [tensor.View]: the elementwise
// computations (see Computing below) and the view operations Transpose,
// Permute, Squeeze, Unsqueeze, Slice, Select, Flip, Expand, View, Reshape
// and Flatten. Each is the method of the same name of tensor.View called as
// a function — ops.Permute(v, 0, 2, 1) is v.Permute(0, 2, 1), as NumPy's
// numpy.transpose(a) is a.transpose() — and the layout transformation of
// the same name in package layout does the arithmetic.
//
// # Computing
//
// The elementwise operations compute on any views — transposed, sliced
// with steps, flipped, broadcast — with NumPy's broadcasting: Add, Sub,
// Mul, Div, Maximum, Minimum and Pow of two views; AddScalar, SubScalar,
// MulScalar and DivScalar of a view and a value; Neg, Abs, Sqrt, Exp,
// Log, Sin, Cos and Tanh of one view; Map and Zip with a function; and
// Convert between element types by Go's conversion rules. Each returns a new row-major tensor of the broadcast shape,
// and has an Into form (AddInto, ...) that writes into a view of the
// caller's, which must have exactly that shape and must not reach an
// element twice (layout.ErrOverlap). Inputs may share memory with the
// destination, even overlap it: the result is that of computing from a
// snapshot of the inputs, and an input that is the destination itself
// costs nothing (AddInto(x, x, y) adds in place). Below 4 MiB, with inputs
// that share no memory with the destination, the Into forms of the unary,
// binary and scalar operations (broadcasting too), of Sum, Prod, Max, Min
// and Mean along any axes, of ArgMax and ArgMin, of the cumulative ones
// and ConvertInto allocate nothing: the checks and the loop nest use the
// caller's stack, the views are read in place, not copied, and the
// scratch they need (a staged operand's slabs, the accumulators of a
// reduction down columns, a scalar form's operand, ArgMax's best values
// and its results for a strided destination) comes from a pool that keeps
// it for the next operation. So do VarInto and StdInto for inputs of up
// to 1 MiB (their means and squared deviations come from the pool), and
// ConcatInto and StackInto of views that share no memory with the
// destination (StackInto of up to 8 views).
//
// All of them run on one compute driver: a [layout.Iter] walks the output and the
// inputs broadcast to it, with the axes merged and ordered so the output is
// written in memory order, and a kernel computes each run — a loop over
// unit-stride slices when every operand allows, with a scalar when an
// input is broadcast along the run, several short rows at once against
// copies of a row that an input repeats in every row (a bias). An operand walked with another stride
// (a transposed, flipped or stepped input or destination, in Convert too)
// is staged from 192 elements up: the copier's tiled transposes and
// gathers copy the strided inputs into the destination (when it is
// row-major, of the input's type, at most 1 MiB and not an input) or into
// pooled scratch slabs of 1 MiB (up to 4 MiB where a staged operand's
// rows are short), the kernels compute on unit-stride runs, and a strided
// destination is computed in scratch in the inputs' memory order and
// copied into it; so AddInto(out, a, b.T) transposes b into out and adds a
// in place. The slabs are whole rows of the destination, as many as make
// a cache line of each row of a staged operand whose rows are short (a
// slab of fewer would read a few bytes of each), or whole rows of that
// operand where those would be too many.
// Smaller operations compute such runs element by element.
// Operations of 4 MiB or more run on up to tensor.SetParallelism
// goroutines. Nothing is written when an operation returns an error, and
// an integer division by zero is found before anything is computed
// (ErrDivideByZero).
//
// # Reductions
//
// Sum, Prod, Max and Min reduce any set of axes of any view (negative axes
// count from the end, none means all), dropping them, keeping them as size
// 1 (SumKeepDims, ...) or writing into a view of the caller's (SumInto,
// ...). It walks a [layout.Iter] made by ResetReduce: the output has
// stride 0 along the reduced axes. When the run of the Iter is reduced
// (reducing along rows of a row-major matrix) each run is folded by
// interleaved accumulators, for float types by simd.ReduceRows, which
// reads four runs (or four leaves of a long run) at once and gives each
// simd.Reduce's value: one core streams four rows faster than one on
// Intel (on AMD Zen 4, where one stream is faster, it reduces runs of 512
// bytes or more one at a time). When
// the run is not reduced (reducing across rows) whole
// rows are accumulated into the output row, a vertical reduction (for
// float types by simd.FoldRows, which holds a strip of the output in
// registers while it adds up to 8 rows into it). Either way the elements
// of one output are cut into leaves (8192 elements of a run, or 32 rows,
// up to 256 for an output row of fewer than 128 elements, so that a leaf
// holds about 4096 elements) and the leaves combined by recursive
// halving, a pairwise tree fixed by the layouts alone: float sums lose
// O(log n) roundings, not O(n), and the result is the same bit for bit
// however the work is split among goroutines — along the kept axes, or,
// for a reduction into one element or one row of fewer than 4 KiB (of an
// input of 8 MiB or more), among the subtrees of the top of the tree.
// The column reductions of a row-major [N, C] matrix whose rows have
// fewer than 512 bytes are widened: k rows at a time are reduced as one
// row of kC elements (at least 512 bytes), and the k groups of C results
// then into the output, the N mod k rows left last; so the float32 column
// sums of [400000,3] read 24 GB/s rather than 5.4.
//
// Every reduction has three forms: X returns a new row-major tensor without
// the reduced axes (rank 0 when all are reduced), XKeepDims keeps them as
// size 1 (NumPy's keepdims=True), and XInto writes into a caller's view of
// either shape, which may share memory with the input (the result is that
// of a snapshot, the smaller of the input's span and its elements). XInto
// gives the bits of X whatever the destination's layout: a destination that
// is not row-major is reduced through a row-major temporary of the result's
// size, then copied. Float and complex sums start from +0, as NumPy's: a
// sum of negative zeros is +0 (a product of one keeps its -0). An axis out
// of range is an error wrapping layout.ErrAxis, one named twice
// layout.ErrDuplicateAxis, a destination of another shape layout.ErrShape,
// one that reaches an element twice layout.ErrOverlap; Max, Min, ArgMax and
// ArgMin of no elements into one or more are ErrEmpty, while Sum and Prod
// of none are 0 and 1, and Mean, Var and Std of none NaN, as NumPy's. Max
// and Min propagate NaN; integer sums and products wrap around, as Go's
// arithmetic does (NumPy would widen small integers to int64). Nothing is
// written on error.
//
// Mean, Var and Std (floats) build on Sum: Mean divides it by the count,
// Var sums the squared deviations from the mean in a second pass, divided
// by n - ddof, as NumPy's var; the division is by the exact count (a
// float32 count past 2^24, which float32 would round, is divided in
// float64 and the quotient rounded once, as NumPy does): block by block along a kept axis through a
// temporary of about 1 MiB that is summed while in cache (down the
// columns, blocks of rows: the subtrees of the sum's pairwise tree), or,
// reducing every axis, through a temporary of the input's size. ArgMax
// and ArgMin take one axis or none (the flat row-major index) and return
// a tensor.Tensor[int] of NumPy's first index of the extreme, or of the
// first NaN. They walk the Iter with a third operand, the layout that
// gives each element its index (stride 1 along the axis, or row-major for
// the flat index), so any view and any split of the work find that index;
// a float run of unit stride is searched in one pass by simd.ArgRows
// (four runs at one stride at once; with AVX-512, runs of at most 4 KiB,
// of any length on AMD Zen 4, by a kernel that notes where each lane's
// extreme rose and searches only that block), and rows reduced down the
// columns 32 at a time (by
// simd.FoldRows's Max or Min when they are evenly spaced), searching only
// the columns whose best improved. CumSum and CumProd scan one axis,
// sequentially as NumPy does: they walk an Iter over the lines' starts and
// scan each line along memory, or, when the lines run across rows,
// accumulate row after row with the arithmetic kernels.
//
// The tests hold NumPy's answers (testdata/numpy, made by NumPy 1.24 with
// gen.py there) to 660 cases of the elementwise operations, the
// reductions, ArgMax and ArgMin, the cumulative operations, Convert, the
// joins and the splits, on transposed and broadcast views with NaN,
// infinities, signed zeros and integer extremes among the inputs, and of
// Into forms whose destination overlaps their inputs (NumPy's out=). The
// results match bit for bit at every SIMD level, but for a NaN's sign and
// payload and for Exp, Log, Sin, Cos, Tanh and Pow, within 2 units in the
// last place of NumPy's (computed by Go's math in float64, see Sin). Where
// NumPy's bits depend on the order of its sums, the cases' sums are exact
// in any order.
//
// # Joins, splits and special views
//
// Concat joins views along an existing axis and Stack along a new one;
// both return a new tensor and copy each input with the copier
// (tensor.View.CopyFrom), so a view of any layout joins at the speed of a
// copy. Their Into forms take a destination that may share memory with the
// inputs: an input that overlaps it is read into a snapshot first. Split,
// SplitAt and Chunk cut a view along an axis into views of it (NumPy's
// split, PyTorch's chunk). Diagonal and SlidingWindows are views too:
// windows that overlap reach some elements more than once, so the copy
// rules refuse them as destinations (layout.ErrOverlap).
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
// Every view operation (the functions named after tensor.View's methods,
// Split, SplitAt, Chunk, Diagonal and SlidingWindows) returns views that
// share data with the input and move none, except Reshape and Flatten: they return a view when the strides
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
