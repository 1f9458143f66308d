package ops

import "github.com/tessera-go/tessera/tensor"

// The statistics of floats. Mean, Var and Std reduce the given axes as Sum
// does (see Sum for the axes, the three forms and the errors): Mean is the
// accurate Sum divided by the number n of elements reduced into each
// result; Var is the mean squared deviation from the mean, computed in two
// passes as NumPy's var (the mean, then the pairwise sum of the squared
// deviations divided by n-ddof), which is stable where the one-pass
// formula E[x²]-E[x]² loses every digit; Std is the square root of Var.
// A reduction of no elements gives NaN, as NumPy's (which also warns),
// and so does n-ddof <= 0 unless the deviations sum to a nonzero value
// (then ±Inf).

// Mean returns the arithmetic mean of the elements of v along axes: their
// pairwise Sum divided by their number, NaN for none. The axes, forms and
// errors are those of every reduction (see Sum).
func Mean[T Float](v tensor.View[T], axes ...int) (tensor.Tensor[T], error) {
	return meanNew("Mean", v, axes, false)
}

// MeanKeepDims is Mean keeping the reduced axes as size 1.
func MeanKeepDims[T Float](v tensor.View[T], axes ...int) (tensor.Tensor[T], error) {
	return meanNew("MeanKeepDims", v, axes, true)
}

// MeanInto writes the mean of the elements of v along axes into dst.
func MeanInto[T Float](dst, v tensor.View[T], axes ...int) error {
	if err := reduceInto("MeanInto", newReducer(addOp[T]{}, 0, true), dst, v, axes); err != nil {
		return err
	}
	n, _ := reducedCount("MeanInto", v, axes)
	return scaleInto(dst, n)
}

func meanNew[T Float](op string, v tensor.View[T], axes []int, keepDims bool) (tensor.Tensor[T], error) {
	t, err := reduceNew(op, newReducer(addOp[T]{}, 0, true), v, axes, keepDims)
	if err != nil {
		return t, err
	}
	n, _ := reducedCount(op, v, axes)
	return t, scaleInto(t.View(), n)
}

// Var returns the variance of the elements of v along axes with ddof
// delta degrees of freedom: the sum of (x - mean)² divided by n - ddof, so
// 0 gives the population variance and 1 the unbiased sample variance. It
// allocates a temporary of v's size (the deviations), as NumPy does; an
// error wrapping layout.ErrOverflow when that is too large.
func Var[T Float](v tensor.View[T], ddof int, axes ...int) (tensor.Tensor[T], error) {
	return varNew("Var", v, ddof, axes, false, false)
}

// VarKeepDims is Var keeping the reduced axes as size 1.
func VarKeepDims[T Float](v tensor.View[T], ddof int, axes ...int) (tensor.Tensor[T], error) {
	return varNew("VarKeepDims", v, ddof, axes, true, false)
}

// VarInto writes the variance of the elements of v along axes into dst.
func VarInto[T Float](dst, v tensor.View[T], ddof int, axes ...int) error {
	return varInto("VarInto", dst, v, ddof, axes, false)
}

// Std returns the standard deviation of the elements of v along axes with
// ddof delta degrees of freedom: the square root of Var.
func Std[T Float](v tensor.View[T], ddof int, axes ...int) (tensor.Tensor[T], error) {
	return varNew("Std", v, ddof, axes, false, true)
}

// StdKeepDims is Std keeping the reduced axes as size 1.
func StdKeepDims[T Float](v tensor.View[T], ddof int, axes ...int) (tensor.Tensor[T], error) {
	return varNew("StdKeepDims", v, ddof, axes, true, true)
}

// StdInto writes the standard deviation of the elements of v along axes
// into dst.
func StdInto[T Float](dst, v tensor.View[T], ddof int, axes ...int) error {
	return varInto("StdInto", dst, v, ddof, axes, true)
}

func varNew[T Float](op string, v tensor.View[T], ddof int, axes []int, keepDims, std bool) (tensor.Tensor[T], error) {
	dev, div, err := deviations(op, v, ddof, axes)
	if err != nil {
		return tensor.Tensor[T]{}, err
	}
	t, err := reduceNew(op, newReducer(addOp[T]{}, 0, true), dev.View(), axes, keepDims)
	if err != nil {
		return t, err
	}
	return t, finishVar(t.View(), div, std)
}

func varInto[T Float](op string, dst, v tensor.View[T], ddof int, axes []int, std bool) error {
	// dst is checked before the deviations are computed: a wrong dst is
	// found without the work and the temporary.
	set, err := reduceAxes(op, v.Rank(), axes)
	if err != nil {
		return err
	}
	var sb, kb [8]int
	d, _, err := reduceDst(op, dst, v.Layout().AppendShape(sb[:0]), set, kb[:0])
	if err != nil {
		return err
	}
	dev, div, err := deviations(op, v, ddof, axes)
	if err != nil {
		return err
	}
	rd := newReducer(addOp[T]{}, 0, true)
	rd.run(d, operandOf(dev.View())) // dev is fresh: no overlap
	return finishVar(dst, div, std)
}

// deviations returns the squared deviations of v's elements from their
// means along axes, in a new tensor of v's shape, and the divisor of
// their sums, max(n-ddof, 0).
func deviations[T Float](op string, v tensor.View[T], ddof int, axes []int) (tensor.Tensor[T], int, error) {
	n, err := reducedCount(op, v, axes)
	if err != nil {
		return tensor.Tensor[T]{}, 0, err
	}
	mean, err := meanNew(op, v, axes, true)
	if err != nil {
		return mean, 0, err
	}
	dev, err := newResult[T](op, v.Shape())
	if err != nil {
		return dev, 0, err
	}
	// The shapes broadcast and dev is fresh: neither can fail.
	if err := SubInto(dev.View(), v, mean.View()); err != nil {
		panic("ops: internal error: " + err.Error())
	}
	if err := MulInto(dev.View(), dev.View(), dev.View()); err != nil {
		panic("ops: internal error: " + err.Error())
	}
	return dev, max(n-ddof, 0), nil
}

// finishVar divides the sums of squared deviations in d by div, and takes
// their square roots for std.
func finishVar[T Float](d tensor.View[T], div int, std bool) error {
	if err := scaleInto(d, div); err != nil || !std {
		return err
	}
	return SqrtInto(d, d)
}

// reducedCount returns the number of elements of v reduced into each
// element of the reduction over axes.
func reducedCount[T tensor.Number](op string, v tensor.View[T], axes []int) (int, error) {
	set, err := reduceAxes(op, v.Rank(), axes)
	if err != nil {
		return 0, err
	}
	n := 1
	var sb [8]int
	for k, d := range v.Layout().AppendShape(sb[:0]) {
		if set&(1<<k) != 0 {
			n *= d
		}
	}
	return n, nil
}

// scaleInto divides dst, a reduction's result, by n in place.
func scaleInto[T Float](dst tensor.View[T], n int) error {
	return DivScalarInto(dst, dst, T(n))
}
