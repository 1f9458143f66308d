// Package ops holds the operations on [tensor.View]: elementwise
// computation with broadcasting, reductions and statistics, joins and
// splits, and the view operations Transpose, Permute, Squeeze, Unsqueeze,
// Slice, Select, Flip, Expand, View, Reshape and Flatten as functions.
// Each view operation is the method of the same name of tensor.View called
// as a function — ops.Permute(v, 0, 2, 1) is v.Permute(0, 2, 1), as
// NumPy's numpy.transpose(a) is a.transpose() — and package layout does
// its arithmetic.
//
// Every operand, destinations included, is a tensor.Tensor or a
// tensor.View, whichever the caller has ([tensor.Operand]); the element
// type is inferred, so results chain without conversions:
//
//	c, err := ops.Sub(x, mean)   // x a Tensor, mean the Tensor Mean returned
//	z, err := ops.Div(c, sd)
//
// A Tensor passes as the view of all of it; nothing is copied. The joins
// (Concat, Stack and their Into forms) take their operands as one list,
// all Tensors or all Views (t.View() makes a Tensor one among Views). Only
// a function value names every type argument (ops.Add[float32,
// tensor.View[float32], tensor.View[float32]]), as does a join of no
// operands.
//
// # Computing
//
// The elementwise operations compute on any views — transposed, sliced
// with steps, flipped, broadcast — with NumPy's broadcasting: Add, Sub,
// Mul, Div, Maximum, Minimum and Pow of two views; AddScalar, SubScalar,
// MulScalar and DivScalar of a view and a value; Neg, Abs, Sqrt, Exp, Log,
// Sin, Cos and Tanh of one view; Map and Zip with a function; and Convert
// between element types by Go's conversion rules. Each returns a new
// row-major tensor of the broadcast shape and has an Into form (AddInto,
// ...) that writes into a view of the caller's.
//
// # Into forms and aliasing
//
// An Into destination must have exactly the result's shape
// (layout.ErrShape) and must not reach an element twice
// (layout.ErrOverlap). Inputs may share memory with it, even overlap it:
// the result is that of computing from a snapshot of the inputs, which
// costs the smaller of an input's span and its elements, and nothing for
// an input that is the destination itself (AddInto(x, x, y) adds in
// place). Nothing is written when an operation returns an error; an
// integer division by zero is found before anything is computed
// (ErrDivideByZero).
//
// # How operations run
//
// One compute driver runs them all: a [layout.Iter] walks the output and
// the inputs broadcast to it, with the axes merged and ordered so that the
// output is written in memory order, and a kernel computes each run — the
// vector kernels of package simd for float32 and float64 where an
// operation has one, a plain Go loop otherwise. An operand walked with
// another stride than 1 (a transposed, flipped or stepped input or
// destination) is staged from 192 elements up: the copier's tiled
// transposes and gathers copy it into the destination or into pooled
// scratch slabs, the kernels compute on unit-stride runs, and a strided
// destination is computed in scratch and copied into it. Operations of 4
// MiB or more run on up to tensor.SetParallelism goroutines; the bits of a
// result never depend on that setting. A panic in the function of Map or
// Zip is raised again on the calling goroutine once every goroutine of the
// call has stopped.
//
// # Reductions
//
// Sum, Prod, Max and Min reduce any set of axes of any view (negative axes
// count from the end, none means all) in three forms: X returns a new
// row-major tensor without the reduced axes (rank 0 when all are reduced),
// XKeepDims keeps them as size 1 (NumPy's keepdims=True), and XInto writes
// into a caller's view of either shape, under the rules of Into forms
// above. The elements reducing into one output element are cut into leaves,
// each folded in a fixed order, and the leaves combined by recursive
// halving: a pairwise tree fixed by the input's layout alone, so float sums
// lose O(log n) roundings, not O(n), and the result is the same bit for bit
// for every parallelism, SIMD level and (for XInto) destination layout — a
// float or complex reduction into a destination that is not row-major, or
// that overlaps the input, goes through a row-major temporary of the
// result's size, then copied. Float and complex sums start from +0, as
// NumPy's: a sum of negative zeros is +0 (a product of one keeps its -0).
// Max and Min propagate NaN; integer sums and products wrap around, as Go's
// arithmetic does (NumPy would widen small integers to int64).
//
// Mean and the variances and standard deviations (floats) build on Sum:
// Mean divides it by the count; PopVariance, SampleVariance and
// VarianceDdof sum the squared deviations from the mean in a second pass
// and divide by n, n - 1 and n - ddof, as NumPy's var with that ddof, and
// PopStdDev, SampleStdDev and StdDevDdof take their square roots. Every
// reduction takes its axes after the view; the Ddof forms take ddof
// before them, in their name. The division is by the exact count
// (a float32 count past 2^24 is divided in float64 and the quotient rounded
// once, as NumPy does). ArgMax and ArgMin take one axis or none (the flat
// row-major index) and return a tensor.Tensor[int] of NumPy's first index
// of the extreme, or of the first NaN, for any view and any split of the
// work. CumSum and CumProd scan one axis sequentially, as NumPy does.
//
// An axis out of range is an error wrapping layout.ErrAxis, one named twice
// layout.ErrDuplicateAxis; Max, Min, ArgMax and ArgMin of no elements into
// one or more are ErrEmpty, while Sum and Prod of none are 0 and 1, and
// Mean and the variances of none NaN, as NumPy's.
//
// # Matrix products
//
// MatMul and MatMulInto follow NumPy's matmul: matrices, a vector on
// either side, and stacks of matrices whose leading axes broadcast. They
// read any operand layout as it lies, by the GotoBLAS/BLIS scheme: blocks
// of both operands are packed into contiguous slivers sized to the
// caches, whatever their strides (transposed, stepped, flipped,
// broadcast), and a micro-kernel computes a tile of the result in
// registers — simd.Gemm's vector kernels for float32 and float64 (fused
// multiply-adds), Go's arithmetic for the other types (integers wrap).
// Every element is summed in the order of k, in blocks of 256 along k
// whose sums are added in turn, so the result has the same bits for every
// parallelism and SIMD level; float32 accumulates in float32, as BLAS
// does. Large products are split over goroutines by blocks of the
// result's columns (or rows). Dot (NumPy's dot) and Tensordot run as one
// matrix product of the operands seen as matrices (views where the
// strides allow, else row-major copies); Outer multiplies a column by a
// row with broadcasting, and Trace sums a Diagonal. Einsum takes
// diagonals for repeated labels, sums the labels one operand alone has,
// and contracts the operands two at a time, each pair one MatMul whose
// stacks are the labels both keep.
//
// # Sorting
//
// Sort, SortDescending, ArgSort and ArgSortDescending (with Into forms)
// sort every lane of a view along one axis: NaN last (first, descending),
// -0 before +0 in the values, and ArgSort stable (equal elements, -0 and
// +0, and all NaN keep their order), as NumPy's sort and
// argsort(kind="stable"). The lanes are copied a batch at a time into a
// row-major buffer (a transposing copy for the lanes down a column), each
// sorted there by a radix sort of keys that order as the values do
// (internal/sorts; short lanes by a sorting network in SIMD registers,
// simd.SortNetwork), and copied into the result: the data crosses memory
// once each way, whatever the layout, and the result is the same on every
// machine; from 4 MiB of input the lanes are split over goroutines
// (tensor.SetParallelism), each lane sorted by one, so the result is the
// same for every parallelism too. TopK selects the k largest or smallest
// of each lane without sorting it: the k-th key is found by a radix
// selection, the elements before it gathered in index order and only those
// sorted. Quantile, NanQuantile, Percentile, NanPercentile, Median and
// NanMedian reduce any axes by the same lanes (the reduced axes' elements,
// row-major), selecting the one or two elements they need (sorting lanes
// short enough for a sorting network). SearchSorted finds values in sorted
// lanes by binary searches of the same keys, or sorts many values and
// merges them with the lane. Unique and its forms flatten
// their input and count integers of a small range in a table, or sort the
// rest by the same radix sorts. Partition and ArgPartition select the kth
// key of each lane and move the lane around it in one stable pass.
//
// # Masks, selection and indexing
//
// A mask is a tensor.Tensor[bool] (one byte an element, as NumPy's and
// PyTorch's). The comparisons Equal, NotEqual, Less, LessEqual, Greater
// and GreaterEqual (with Into, Scalar and ScalarInto forms), IsNaN, IsInf,
// IsFinite and IsClose make masks from numbers; LogicalAnd, LogicalOr,
// LogicalXor and LogicalNot combine them; Where, MaskedSelect and
// MaskedFill use them; CountNonzero, Any and All reduce them over any
// axes. They run on the mixed driver (the compute driver's iteration,
// staging and split for a result of another element type than the
// inputs): float comparisons on simd.Compare's kernels, which write large
// masks with non-temporal stores, and comparisons follow IEEE 754 as Go's
// operators do (NaN compares false, but unequal). Take, TakeAlongAxis,
// PutAlongAxis and ScatterAdd index along an axis with a tensor of ints
// (negative from the end), ArgWhere and NonZero list the nonzero
// elements; every index is checked before anything is written
// (layout.ErrIndex), and the scatters write in row-major order of the
// indices, so that repeated indices give the same result every time.
// Tril, Triu, Roll, Pad, Tile and Repeat build from a view (Tile and
// Repeat as one copy from a view that reads elements again at stride 0).
// NanSum, NanProd, NanMean, NanMax, NanMin, NanVarianceDdof and
// NanStdDevDdof reduce with NaN skipped (NumPy's nan-functions): NanSum and
// NanMean (and the variances' means) by Sum's reducer reading each NaN as
// 0 as it reads the input (simd's Add|SkipNaN kernels), the others as
// mapped reductions of Prod's, Max's, Min's and Sum's reducers (see Mapped
// reductions); NanArgMax and NanArgMin search again, skipping NaN, only
// the runs whose best element is NaN. Everything here that only moves
// elements (Where, the selections, Take and the others, Tril, Triu, Roll,
// Pad, Tile, Repeat) takes any element type, bool included.
//
// # Mapped reductions
//
// Some reductions reduce a function of the elements rather than the
// elements: the variances sum (x - mean)², NanProd, NanMax and NanMin
// read NaN as the identity, LogSumExp sums exp(x - max), Norm sums |x|, x² or |x|^p.
// They run the reducers of Sum, Prod, Max and Min on the mapped elements,
// computed a block of about 1 MiB at a time into a temporary and reduced
// while in cache, cut so that the bits are those of reducing the whole
// mapped input at once: the same accuracy and determinism as Sum's.
// Reducing every axis of an input that is not contiguous (or into a
// destination that shares memory with the input) takes a temporary of the
// input's size. Softmax and LogSoftmax
// normalise along one axis through the maxima or LogSumExp of each run,
// kept in a temporary of the result's size with that axis removed.
//
// # Joins, splits and special views
//
// Concat joins views along an existing axis and Stack along a new one;
// both copy each input with the copier, as tensor.View.CopyFrom does, and
// their Into forms read an input that overlaps the destination from a
// snapshot. Split, SplitAt and Chunk cut a view along an axis into views
// of it (NumPy's split, PyTorch's chunk). Diagonal and Windows are
// views too: windows that overlap reach some elements more than once, so
// the copy rules refuse them as destinations (layout.ErrOverlap).
//
// # Views and aliasing
//
// Every view operation (the functions named after tensor.View's methods,
// Split, SplitAt, Chunk, Diagonal and Windows) returns views that
// share data with the input and move none, except Reshape and Flatten:
// they return a view when the strides allow it and otherwise copy the
// elements into a fresh buffer (as NumPy's reshape does), so writes to
// that result do not reach the input. Use View to forbid the copy: it
// fails with layout.ErrNotViewable instead. No operation modifies its
// input.
//
// # Memory
//
// A view operation allocates nothing up to rank 8. Below 4 MiB, with
// inputs that share no memory with the destination, the Into forms of the
// elementwise and scalar operations, of the reductions along any axes, of
// ArgMax and ArgMin, of the cumulative ones, ConvertInto, ConcatInto and
// StackInto (up to 8 views) allocate nothing: the checks and loop nests
// use the caller's stack and the scratch they need comes from a pool that
// keeps it for the next operation; so do the Into forms of the variances
// and standard deviations for inputs of up to 1 MiB. MatMulInto allocates
// small slices on every call (its doc says which). The README's
// Guarantees list what every other call allocates.
//
// # Errors
//
// Bad axes, shapes or bounds give an error that names the operation and
// wraps the sentinel of package layout, for example
//
//	tensor: Permute: shape [2 3 4]: layout: Permute: axis 3 out of range for rank 3
//
// which matches errors.Is(err, layout.ErrAxis).
//
// # Tests
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
// in any order. BENCHMARKS.md has the measurements.
package ops
