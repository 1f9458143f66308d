package ops

import "github.com/tessera-go/tessera/tensor"

// The reductions. Each reduces the given axes of v (negative axes count
// from the end; none: all of them) in three forms: X returns a new
// row-major tensor without the reduced axes (a rank-0 tensor when all are
// reduced), XKeepDims keeps them as size 1 (NumPy's keepdims=True), and
// XInto writes into dst, whose shape is either of those. An axis out of
// range is an error wrapping layout.ErrAxis, one named twice
// layout.ErrDuplicateAxis, a dst of another shape layout.ErrShape, a dst
// that reaches an element twice layout.ErrOverlap; v may share memory with
// dst (the result is computed from a snapshot). Nothing is written on
// error.
//
// The elements reducing into one output element are combined by a fixed
// pairwise tree (see the package documentation): float sums are accurate
// to O(log n) roundings, and every result is the same bit for bit whatever
// tensor.SetParallelism says. Integer sums and products wrap around, as
// Go's arithmetic does (NumPy would widen int8 sums to int64).

// Sum returns the sum of the elements of v along axes; a sum of no
// elements is 0. The package documentation (Reductions) gives the rules
// of every reduction: the axes, the three forms, the errors.
func Sum[T tensor.Number, V tensor.Operand[T]](v V, axes ...int) (tensor.Tensor[T], error) {
	return reduceNew("Sum", sumReducer[T](), tensor.View[T](v), axes, false)
}

// SumKeepDims is Sum keeping the reduced axes as size 1.
func SumKeepDims[T tensor.Number, V tensor.Operand[T]](v V, axes ...int) (tensor.Tensor[T], error) {
	return reduceNew("SumKeepDims", sumReducer[T](), tensor.View[T](v), axes, true)
}

// SumInto writes the sum of the elements of v along axes into dst.
func SumInto[T tensor.Number, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V, axes ...int) error {
	return reduceInto("SumInto", sumReducer[T](), tensor.View[T](dst), tensor.View[T](v), axes)
}

// Prod returns the product of the elements of v along axes; a product of
// no elements is 1.
func Prod[T tensor.Number, V tensor.Operand[T]](v V, axes ...int) (tensor.Tensor[T], error) {
	return reduceNew("Prod", newReducer(mulOp[T]{}, 1, true), tensor.View[T](v), axes, false)
}

// ProdKeepDims is Prod keeping the reduced axes as size 1.
func ProdKeepDims[T tensor.Number, V tensor.Operand[T]](v V, axes ...int) (tensor.Tensor[T], error) {
	return reduceNew("ProdKeepDims", newReducer(mulOp[T]{}, 1, true), tensor.View[T](v), axes, true)
}

// ProdInto writes the product of the elements of v along axes into dst.
func ProdInto[T tensor.Number, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V, axes ...int) error {
	return reduceInto("ProdInto", newReducer(mulOp[T]{}, 1, true), tensor.View[T](dst), tensor.View[T](v), axes)
}

// Max returns the largest element of v along axes; NaN when any of them
// is NaN, as NumPy's max. Reducing an axis of size 0 into one or more
// output elements is an error wrapping ErrEmpty (there is no identity);
// reducing into no elements is not.
func Max[T tensor.Real, V tensor.Operand[T]](v V, axes ...int) (tensor.Tensor[T], error) {
	return reduceNew("Max", newReducer(maxOp[T]{}, 0, false), tensor.View[T](v), axes, false)
}

// MaxKeepDims is Max keeping the reduced axes as size 1.
func MaxKeepDims[T tensor.Real, V tensor.Operand[T]](v V, axes ...int) (tensor.Tensor[T], error) {
	return reduceNew("MaxKeepDims", newReducer(maxOp[T]{}, 0, false), tensor.View[T](v), axes, true)
}

// MaxInto writes the largest element of v along axes into dst.
func MaxInto[T tensor.Real, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V, axes ...int) error {
	return reduceInto("MaxInto", newReducer(maxOp[T]{}, 0, false), tensor.View[T](dst), tensor.View[T](v), axes)
}

// Min returns the smallest element of v along axes, as Max does the
// largest.
func Min[T tensor.Real, V tensor.Operand[T]](v V, axes ...int) (tensor.Tensor[T], error) {
	return reduceNew("Min", newReducer(minOp[T]{}, 0, false), tensor.View[T](v), axes, false)
}

// MinKeepDims is Min keeping the reduced axes as size 1.
func MinKeepDims[T tensor.Real, V tensor.Operand[T]](v V, axes ...int) (tensor.Tensor[T], error) {
	return reduceNew("MinKeepDims", newReducer(minOp[T]{}, 0, false), tensor.View[T](v), axes, true)
}

// MinInto writes the smallest element of v along axes into dst.
func MinInto[T tensor.Real, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V, axes ...int) error {
	return reduceInto("MinInto", newReducer(minOp[T]{}, 0, false), tensor.View[T](dst), tensor.View[T](v), axes)
}
