// Package layout describes how an n-dimensional array lies in a flat
// buffer, and does all of Tessera's index arithmetic. It holds no data and
// imports no other Tessera package: every function takes values and returns
// values (or, in the Set forms, fills in a Layout the caller passes), in
// O(rank) time, without allocating for rank <= 8.
//
// # Layout and strides
//
// A [Layout] is a shape, one stride per axis and an offset. Strides and the
// offset are counted in elements, not bytes, and strides are signed. The
// element at index (i0, …, in-1) is at buffer offset
//
//	offset + i0*strides[0] + … + in-1*strides[n-1]
//
// which [Layout.Index] computes. [RowMajor] and [ColumnMajor] make the
// contiguous C- and Fortran-order layouts of a shape; [Strided] makes any
// other one, checked, like NumPy's as_strided.
//
// # Views
//
// Transpose, Permute, Squeeze, Unsqueeze, Slice, Select, Flip, Expand,
// View, Flatten, Diagonal and Windows are view transformations: they
// return the layout of a view of the same buffer and never move data.
// Negative axes count from the end. A flipped axis gets a negative stride;
// an expanded (broadcast) axis gets stride 0, so several indices reach one
// element, as do overlapping windows. [Layout.View] (the strict reshape)
// returns a view whenever the strides allow it, also for non-contiguous
// layouts, as NumPy's reshape and PyTorch's view do, and [ErrNotViewable]
// otherwise. These docs are the canonical ones: tensor.View's and
// tensor.Tensor's methods and ops' functions of the same names apply them
// to a view's layout and link here. Only tensor and ops have Reshape and
// their Flatten, which copy where no view exists.
//
// All of them but Diagonal and Windows also have a Set form, in the style
// of math/big: z.SetPermute(&x, axes...) stores x.Permute(axes...) in z,
// leaves z unchanged on error, and allows z == &x. It exists for speed: a
// Layout is 152 bytes, and building the result where it will stay
// (package tensor builds it inside the View it returns) saves copying it
// through return values.
//
// # Contiguity
//
// [Layout.IsContiguous] reports C order without gaps and
// [Layout.IsColumnMajor] Fortran order. As in NumPy and PyTorch, the stride
// of a size-1 axis does not matter, a layout with no elements is contiguous,
// a rank-0 layout is contiguous, and contiguity does not imply offset 0: the
// rows 1:3 of a row-major matrix are contiguous, starting at offset 4.
// [Layout.ContiguousRange] gives the buffer range of a contiguous layout.
//
// # Iteration
//
// An [Iter] is the loop nest of every operation that moves or computes
// data: one output and up to three inputs ([MaxOperands]) that broadcast
// to it by NumPy's rules. Making one drops size-1 axes, flips the axes every
// operand walks backwards, orders the axes by the output's strides (then the
// inputs'), and merges the axes that every operand can walk as one; what is
// left is runs of Len() elements with one stride per operand, visited over
// the outer axes without a division per element. [Iter.ResetReduce]
// declares a reduction: along the reduced axes the output has stride 0, the
// inputs' strides order the axes, and [Iter.Part], which splits an Iter for
// several goroutines, never splits them, so no two goroutines write one
// output element.
//
// A [Plan] is the Iter of a copy (one input of the output's shape) whose
// innermost blocks are classified for the copy kernels ([Kind]): contiguous
// runs (a memmove), broadcast runs (a fill), strided runs (a gather), or
// 2-D tiles that are unit-stride in the source along one axis (of two or
// more rows) and in the destination along another (a tiled transpose). [Layout.Plan] is the plan
// of copying a layout into a row-major one, without tiles, whose runs come
// in row-major order, for iteration. Package tensor runs every copy through
// a Plan and package ops every computation through an Iter.
//
// Both hand out their runs three ways: Runs, an iterator for range loops;
// EachRow ([Iter.EachRow], [Plan.EachRow]), which calls a function once
// for each row of runs, the runs along the innermost outer axis, which
// the function steps through; and [Walk], the same rows as a value whose
// Next moves to the next one, for a loop that stops early. Generic code
// that other packages instantiate should use EachRow or a Walk: Go
// compiles a generic body anew in each package that instantiates it,
// inlining there only functions of the packages that package imports, and
// a range loop over Runs that is not inlined moves its loop body's closure
// and what it reads to the heap on every call, where EachRow's function
// does not escape. Every computing loop of ops and tensor is an EachRow;
// the copier's copy loops keep the Walk, whose rows cost no call. Their
// tests in internal/outside count no allocations from a package that
// imports only tensor and ops.
//
// # Errors
//
// Functions that take shapes, axes or indices from the caller return an
// error that wraps one of the sentinels ([ErrAxis], [ErrDuplicateAxis],
// [ErrIndex], [ErrShape], [ErrRank], [ErrNotViewable], [ErrOverflow],
// [ErrBounds], [ErrOverlap]); test with errors.Is. Messages are lowercase,
// start with "layout: " and the operation, and carry the offending values:
//
//	layout: Permute: axis 3 out of range for rank 3
//
// Nothing in this package panics on any input.
//
// # Invariants
//
// Every Layout satisfies the invariants written on the type: a rank of at
// most [MaxRank], non-negative dimensions, a size that fits in an int, and
// reachable offsets in [0, math.MaxInt). The constructors check them with
// overflow-safe arithmetic and every transformation preserves them, so
// index arithmetic on a Layout never overflows.
//
// # Concurrency
//
// Layouts, Iters and Plans are values that no method modifies, except the
// Set forms and the Reset methods, which write only their receiver: any number of
// goroutines may read one at once.
package layout
