// Package tensor provides Tessera's n-dimensional arrays: [Tensor], which
// owns a contiguous row-major buffer, and [View], a strided window onto a
// shared buffer. The element type is any Go number (see [Number]) or bool,
// the element of masks (see [Element]): a tensor of bools is moved,
// viewed, joined and printed as any other, and only the operations that
// compute ask for numbers.
//
// # Layout and strides
//
// A View is a slice and a [layout.Layout]. Element (i0, …, in-1) is at
//
//	Data()[Offset() + i0*Strides()[0] + … + in-1*Strides()[n-1]]
//
// with strides in elements, possibly negative or zero. [NewView] checks that
// every offset the layout reaches lies inside the slice, so no access
// through a View can go out of bounds. All the index arithmetic is done by
// package layout.
//
// # Views and aliasing
//
// [Tensor.View] and the functions of package ops return views that share
// data with their input: writing through one is seen through all, and no
// view operation copies. Go's garbage collector keeps the buffer alive as
// long as any view of it is. An expanded (broadcast) view reaches one element
// from several indices; copies refuse to write into such a view
// ([layout.ErrOverlap]).
//
// # Contiguity and copies
//
// Data moves only through explicit calls: [View.Contiguous] shares the data
// when the view already is C-contiguous (also at a non-zero offset) and
// otherwise copies it into a fresh row-major buffer; [View.Clone] always
// copies; [View.CopyTo] copies into the caller's buffer; [View.CopyFrom]
// assigns one view to another, broadcasting the source, and gives the
// right result when the two overlap in memory; [View.Fill] sets every
// element.
//
// All of them go through one executor: it asks package layout for the plan
// of the copy ([layout.NewPlan]) and runs each block with a kernel of
// package simd — the builtin copy for contiguous runs, a vector fill for
// broadcasts, a gather for strided runs, an AVX2 or AVX-512 tiled transpose
// (with non-temporal stores for large destinations) for permutations, and
// AVX-512 permutes for transposes with a side shorter than a vector (the
// channels of an image moved between channels-last and channels-first
// order).
// Copies of 4 MiB or more are split over up to GOMAXPROCS goroutines
// ([SetParallelism] caps that); smaller ones run on the calling goroutine
// without allocating.
//
// # Building tensors
//
// [New], [Full], [FromSlice], [Arange], [ArangeStep], [Linspace], [Eye],
// [ZerosLike] and [FullLike] make tensors as NumPy's constructors of the
// same names do (lengths and values tested against NumPy's). [Uniform],
// [Normal] and [RandInt] fill a new tensor in row-major order from a
// *rand.Rand the caller passes (math/rand/v2), so a seeded source gives
// the same tensor on every machine and at every parallelism.
//
// # Errors
//
// Functions that take shapes or data from the caller return an error that
// wraps a sentinel of package layout (layout.ErrShape, layout.ErrBounds,
// layout.ErrOverlap, …), with a message such as
//
//	tensor: FromSlice: 6 elements for shape [4 2] of size 8
//
// and leave their arguments unchanged on error. Element access is the
// exception: [View.At] and [View.Set] panic on a bad index, as Go's slice
// indexing does. [Must] turns an error into a panic for code that prefers
// that.
//
// # Zero values
//
// The zero Tensor and the zero View are empty, shape [0]. A rank-0 scalar is
// different: New[float64]() has shape [] and one element.
//
// # Concurrency
//
// Tensors and Views are values; reading one buffer through many views from
// many goroutines is safe, and so is writing disjoint views of it at once.
// Writes that reach the same elements need the caller's synchronization, as
// with any Go slice.
package tensor
