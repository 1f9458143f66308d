package ops

import (
	"github.com/tessera-go/tessera/internal/copier"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/tensor"
)

// The statistics of floats. Mean, the variances and the standard
// deviations reduce the given axes as Sum
// does (see Sum for the axes, the three forms and the errors): Mean is the
// accurate Sum divided by the number n of elements reduced into each
// result; the variances (PopVariance, SampleVariance, VarianceDdof) are
// the mean squared deviation from the mean, computed in two passes as
// NumPy's var (the mean, then the pairwise sum of the squared deviations
// divided by n-ddof), which is stable where the one-pass formula
// E[x²]-E[x]² loses every digit; the standard deviations are their square
// roots.
// A reduction of no elements gives NaN, as NumPy's (which also warns),
// and so does n-ddof <= 0 unless the deviations sum to a nonzero value
// (then ±Inf).

// Mean returns the arithmetic mean of the elements of v along axes: their
// pairwise Sum divided by their number, NaN for none. The axes, forms and
// errors are those of every reduction (see Sum).
func Mean[T tensor.Float, V tensor.Operand[T]](v V, axes ...int) (tensor.Tensor[T], error) {
	return meanNew("Mean", tensor.View[T](v), axes, false)
}

// MeanKeepDims is Mean keeping the reduced axes as size 1.
func MeanKeepDims[T tensor.Float, V tensor.Operand[T]](v V, axes ...int) (tensor.Tensor[T], error) {
	return meanNew("MeanKeepDims", tensor.View[T](v), axes, true)
}

// MeanInto writes the mean of the elements of v along axes into dst.
func MeanInto[T tensor.Float, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V, axes ...int) error {
	if err := reduceInto("MeanInto", sumReducer[T](), tensor.View[T](dst), tensor.View[T](v), axes); err != nil {
		return err
	}
	n, _ := reducedCount("MeanInto", tensor.View[T](v), axes)
	return scaleInto(tensor.View[T](dst), n)
}

func meanNew[T tensor.Float](op string, v tensor.View[T], axes []int, keepDims bool) (tensor.Tensor[T], error) {
	t, err := reduceNew(op, sumReducer[T](), v, axes, keepDims)
	if err != nil {
		return t, err
	}
	n, _ := reducedCount(op, v, axes)
	return t, scaleInto(t.View(), n)
}

// PopVariance returns the population variance of the elements of v along
// axes: the mean of (x - mean)², NumPy's var with its default ddof 0. Its
// axes are in the place of every reduction's; for the sample variance see
// SampleVariance, for another ddof VarianceDdof, which documents how the
// variance is computed.
func PopVariance[T tensor.Float, V tensor.Operand[T]](v V, axes ...int) (tensor.Tensor[T], error) {
	return varNew("PopVariance", tensor.View[T](v), 0, axes, false, false)
}

// PopVarianceKeepDims is PopVariance keeping the reduced axes as size 1.
func PopVarianceKeepDims[T tensor.Float, V tensor.Operand[T]](v V, axes ...int) (tensor.Tensor[T], error) {
	return varNew("PopVarianceKeepDims", tensor.View[T](v), 0, axes, true, false)
}

// PopVarianceInto writes the population variance of the elements of v
// along axes into dst.
func PopVarianceInto[T tensor.Float, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V, axes ...int) error {
	return varInto("PopVarianceInto", tensor.View[T](dst), tensor.View[T](v), 0, axes, false)
}

// SampleVariance returns the unbiased sample variance of the elements of
// v along axes: the sum of (x - mean)² divided by n - 1, PyTorch's var
// and gonum's stat.Variance by default (NumPy's var with ddof=1).
func SampleVariance[T tensor.Float, V tensor.Operand[T]](v V, axes ...int) (tensor.Tensor[T], error) {
	return varNew("SampleVariance", tensor.View[T](v), 1, axes, false, false)
}

// SampleVarianceKeepDims is SampleVariance keeping the reduced axes as
// size 1.
func SampleVarianceKeepDims[T tensor.Float, V tensor.Operand[T]](v V, axes ...int) (tensor.Tensor[T], error) {
	return varNew("SampleVarianceKeepDims", tensor.View[T](v), 1, axes, true, false)
}

// SampleVarianceInto writes the sample variance of the elements of v
// along axes into dst.
func SampleVarianceInto[T tensor.Float, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V, axes ...int) error {
	return varInto("SampleVarianceInto", tensor.View[T](dst), tensor.View[T](v), 1, axes, false)
}

// VarianceDdof returns the variance of the elements of v along axes with
// ddof delta degrees of freedom: the sum of (x - mean)² divided by
// n - ddof, so 0 gives PopVariance and 1 SampleVariance (NumPy's var with
// ddof). The squared deviations are computed into a temporary a block of
// results at a time, about 1 MiB, along the first axis that is kept and
// longer than 1 (or a slice of v along it, where one is larger), and
// summed while in cache; down the columns (the reduced axes first, the
// kept ones after them), a block of rows at a time, cut as the sum's
// pairwise tree cuts them, so the bits are those of one temporary, and so
// is a contiguous v reduced over every axis; reducing every axis of
// another v, or into a dst that shares memory with v, takes a
// temporary of v's size, as NumPy always does (an error wrapping
// layout.ErrOverflow when that is too large). The means and temporaries of
// up to 4 MiB come from a pool (see the package documentation): the Into
// forms allocate nothing for a v of up to 1 MiB. As in NumPy, a ddof of
// n or more gives NaN where every deviation is 0 and +Inf otherwise, and
// a negative ddof divides by more than n.
func VarianceDdof[T tensor.Float, V tensor.Operand[T]](v V, ddof int, axes ...int) (tensor.Tensor[T], error) {
	return varNew("VarianceDdof", tensor.View[T](v), ddof, axes, false, false)
}

// VarianceDdofKeepDims is VarianceDdof keeping the reduced axes as size 1.
func VarianceDdofKeepDims[T tensor.Float, V tensor.Operand[T]](v V, ddof int, axes ...int) (tensor.Tensor[T], error) {
	return varNew("VarianceDdofKeepDims", tensor.View[T](v), ddof, axes, true, false)
}

// VarianceDdofInto writes the variance of the elements of v along axes
// with ddof delta degrees of freedom into dst.
func VarianceDdofInto[T tensor.Float, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V, ddof int, axes ...int) error {
	return varInto("VarianceDdofInto", tensor.View[T](dst), tensor.View[T](v), ddof, axes, false)
}

// PopStdDev returns the population standard deviation of the elements of
// v along axes, the square root of PopVariance: NumPy's std with its
// default ddof 0.
func PopStdDev[T tensor.Float, V tensor.Operand[T]](v V, axes ...int) (tensor.Tensor[T], error) {
	return varNew("PopStdDev", tensor.View[T](v), 0, axes, false, true)
}

// PopStdDevKeepDims is PopStdDev keeping the reduced axes as size 1.
func PopStdDevKeepDims[T tensor.Float, V tensor.Operand[T]](v V, axes ...int) (tensor.Tensor[T], error) {
	return varNew("PopStdDevKeepDims", tensor.View[T](v), 0, axes, true, true)
}

// PopStdDevInto writes the population standard deviation of the elements
// of v along axes into dst.
func PopStdDevInto[T tensor.Float, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V, axes ...int) error {
	return varInto("PopStdDevInto", tensor.View[T](dst), tensor.View[T](v), 0, axes, true)
}

// SampleStdDev returns the sample standard deviation of the elements of v
// along axes, the square root of SampleVariance: PyTorch's std and gonum's
// stat.StdDev by default (NumPy's std with ddof=1).
func SampleStdDev[T tensor.Float, V tensor.Operand[T]](v V, axes ...int) (tensor.Tensor[T], error) {
	return varNew("SampleStdDev", tensor.View[T](v), 1, axes, false, true)
}

// SampleStdDevKeepDims is SampleStdDev keeping the reduced axes as size 1.
func SampleStdDevKeepDims[T tensor.Float, V tensor.Operand[T]](v V, axes ...int) (tensor.Tensor[T], error) {
	return varNew("SampleStdDevKeepDims", tensor.View[T](v), 1, axes, true, true)
}

// SampleStdDevInto writes the sample standard deviation of the elements
// of v along axes into dst.
func SampleStdDevInto[T tensor.Float, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V, axes ...int) error {
	return varInto("SampleStdDevInto", tensor.View[T](dst), tensor.View[T](v), 1, axes, true)
}

// StdDevDdof returns the standard deviation of the elements of v along
// axes with ddof delta degrees of freedom, the square root of
// VarianceDdof.
func StdDevDdof[T tensor.Float, V tensor.Operand[T]](v V, ddof int, axes ...int) (tensor.Tensor[T], error) {
	return varNew("StdDevDdof", tensor.View[T](v), ddof, axes, false, true)
}

// StdDevDdofKeepDims is StdDevDdof keeping the reduced axes as size 1.
func StdDevDdofKeepDims[T tensor.Float, V tensor.Operand[T]](v V, ddof int, axes ...int) (tensor.Tensor[T], error) {
	return varNew("StdDevDdofKeepDims", tensor.View[T](v), ddof, axes, true, true)
}

// StdDevDdofInto writes the standard deviation of the elements of v along
// axes with ddof delta degrees of freedom into dst.
func StdDevDdofInto[T tensor.Float, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V, ddof int, axes ...int) error {
	return varInto("StdDevDdofInto", tensor.View[T](dst), tensor.View[T](v), ddof, axes, true)
}

func varNew[T tensor.Float](op string, v tensor.View[T], ddof int, axes []int, keepDims, std bool) (tensor.Tensor[T], error) {
	set, err := reduceAxes(op, v.Rank(), axes)
	if err != nil {
		return tensor.Tensor[T]{}, err
	}
	keep, drop := reducedShapes(v.Shape(), set)
	shape := drop
	if keepDims {
		shape = keep
	}
	out, err := newResult[T](op, shape)
	if err != nil {
		return out, err
	}
	kl, _ := layout.RowMajor(keep...) // out is row-major: the same elements
	div, err := squaredDeviations(op, &operand[T]{data: out.Data(), lay: kl}, v, ddof, axes, set)
	if err != nil {
		return out, err
	}
	return out, finishVar(out.View(), div, std)
}

func varInto[T tensor.Float](op string, dst, v tensor.View[T], ddof int, axes []int, std bool) error {
	// dst is checked before the deviations are computed: a wrong dst is
	// found without the work and the temporary.
	set, err := reduceAxes(op, v.Rank(), axes)
	if err != nil {
		return err
	}
	var sb, kb [8]int
	d := operandOf(&dst)
	keep, err := reduceDst(op, d, operandOf(&v).lay.AppendShape(sb[:0]), set, kb[:0])
	if err != nil {
		return err
	}
	if d.lay.IsContiguous() {
		div, err := squaredDeviations(op, d, v, ddof, axes, set)
		if err != nil {
			return err
		}
		return finishVar(dst, div, std)
	}
	// As reduceInto: the bits of a row-major destination.
	var sc scratch
	defer sc.release()
	tmp := rowMajorTemp(&sc, d, keep)
	div, err := squaredDeviations(op, &tmp, v, ddof, axes, set)
	if err != nil {
		return err
	}
	copier.Move(d.data, &d.lay, tmp.data, &tmp.lay, copier.Part{})
	return finishVar(dst, div, std)
}

// squaredDeviations sums the squared deviations of v's elements from their
// means over the axes set into d, an operand of the kept shape, and returns
// the divisor of the sums, max(n-ddof, 0): a mapped reduction (see
// mapped.go) of (x - mean)². The temporaries are sized, and refused when
// too large (a broadcast v can be), before the means are computed. The
// means and the squared deviations come from the pool, up to par.MinBytes
// each: the Into forms then allocate nothing for a v of up to mapBlock bytes.
func squaredDeviations[T tensor.Float](op string, d *operand[T], v tensor.View[T], ddof int, axes []int, set uint64) (int, error) {
	n, err := reducedCount(op, v, axes)
	if err != nil {
		return 0, err
	}
	p, err := planMapped(op, d, v, set)
	if err != nil {
		return 0, err
	}
	var sc scratch
	defer sc.release()
	m := devMap[T]{kept: meansOf(&sc, v, set, n), f: sqDevFunc}
	runMapped(&p, newReducer(addOp[T]{}, 0, true), d, v, set, m, &sc)
	return max(n-ddof, 0), nil
}

// devMap maps the elements x of a block of v to f(x, m), m the element
// of kept that x reduces into: kept holds a value for each result of the
// reduction, in v's keep-shape (its reduced axes of size 1), such as the
// means of a variance.
type devMap[T tensor.Float] struct {
	kept tensor.View[T]
	f    devFunc
}

// devFunc is the function of a devMap.
type devFunc uint8

const (
	sqDevFunc    devFunc = iota // (x - m)², the variance's
	nanSqDevFunc                // (x - m)², or 0 for a NaN x
	expDevFunc                  // exp(x - m), LogSumExp's
	sqScaledFunc                // (x/m)², Norm's scaled squares
)

func (m devMap[T]) whole(dev, src tensor.View[T]) { devInto(dev, src, m.kept, m.f) }

func (m devMap[T]) block(dev, src tensor.View[T], k, lo, hi int) {
	mb, _ := m.kept.Slice(k, lo, hi, 1)
	devInto(dev, src, mb, m.f)
}

func (m devMap[T]) rows(dev, src tensor.View[T]) {
	w, _ := src.Dim(1)
	ml, _ := layout.RowMajor(1, w)
	m2, _ := tensor.NewView(m.kept.Data()[:w], ml) // kept is row-major
	devInto(dev, src, m2, m.f)
}

// devInto sets dev to f(src, kept), kept broadcast to src's shape.
func devInto[T tensor.Float](dev, src, kept tensor.View[T], f devFunc) {
	// The shapes broadcast and dev is fresh: nothing can fail.
	var err error
	switch f {
	case sqDevFunc:
		if err = SubInto(dev, src, kept); err == nil {
			err = MulInto(dev, dev, dev)
		}
	case nanSqDevFunc:
		err = binaryInto("devInto", zipOp[T]{nanSqDev[T]}, operandOf(&dev), operandOf(&src), operandOf(&kept), false)
	case expDevFunc:
		if err = SubInto(dev, src, kept); err == nil {
			err = ExpInto(dev, dev)
		}
	case sqScaledFunc:
		if err = DivInto(dev, src, kept); err == nil {
			err = MulInto(dev, dev, dev)
		}
	}
	if err != nil {
		panic("ops: internal error: " + err.Error())
	}
}

// meansOf returns the means of v's elements over the axes of set, n of
// them in each, as a row-major view of the kept shape (the reduced axes
// of size 1) in buffer 0 of sc: Mean's values, as the variances' deviations need
// them.
func meansOf[T tensor.Float](sc *scratch, v tensor.View[T], set uint64, n int) tensor.View[T] {
	in := operandOf(&v)
	var sb, kb, db [8]int
	keep, _ := appendReduced(kb[:0], db[:0], in.lay.AppendShape(sb[:0]), set)
	kl, _ := layout.RowMajor(keep...)
	d := operand[T]{data: scratchOrMake[T](sc, 0, kl.Size()), lay: kl}
	rd := newReducer(addOp[T]{}, 0, true)
	rd.run(&d, in)
	m, _ := tensor.NewView(d.data, kl)
	if err := scaleInto(m, n); err != nil {
		panic("ops: internal error: " + err.Error())
	}
	return m
}

// finishVar divides the sums of squared deviations in d by div, and takes
// their square roots for std.
func finishVar[T tensor.Float](d tensor.View[T], div int, std bool) error {
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

// scaleInto divides dst, a reduction's result, by the count n in place,
// by n exactly, as NumPy does. A float32 holds every count up to 2^24
// exactly, and its division is correctly rounded; a larger count (which
// float32 would round: 2^24+1 to 2^24) is divided in float64, where it is
// exact, and the quotient rounded to float32 once, as NumPy divides such
// counts.
func scaleInto[T tensor.Float](dst tensor.View[T], n int) error {
	if kindOf[T]() == kindFloat32 && n > 1<<24 {
		d := float64(n)
		return unaryInto("scale", mapOp[T]{func(x T) T { return T(float64(x) / d) }}, operandOf(&dst), operandOf(&dst))
	}
	return DivScalarInto(dst, dst, T(n))
}

// nanSqDev is (x - m)², or 0 for a NaN x.
func nanSqDev[T tensor.Float](x, m T) T {
	if x != x {
		return 0
	}
	return (x - m) * (x - m)
}
