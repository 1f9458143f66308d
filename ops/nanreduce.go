package ops

import (
	"math"

	"github.com/tessera-go/tessera/simd"
	"github.com/tessera-go/tessera/tensor"
)

// The NaN-aware reductions, NumPy's nansum, nanprod, nanmean, nanmax and
// nanmin. NanSum and NanMean run Sum's reducer reading each NaN as +0 in
// the pass that reads v (simd's Add|SkipNaN kernels), so their bits are
// those of Sum of v with its NaNs replaced by 0, in v's own layout, for
// any parallelism. NanProd, NanMax and NanMin are mapped reductions (see
// mapped.go) of the reducers of Prod, Max and Min, each NaN mapped to the
// reduction's identity (1, -Inf, +Inf), so their bits are those of the
// plain reduction of v with its NaNs replaced, copied row-major, whatever
// v's layout and the parallelism. NanMean divides by the count of the
// elements that are not NaN, and NanMax and NanMin give NaN where every
// element is NaN (NumPy's rules); those counts are exact integers. The
// Into forms reduce into a row-major temporary of the result's size and
// copy it into dst, so dst may share memory with v.

// NanSum returns the sum of the elements of v along axes (all of them
// when none are given) with NaN read as 0, NumPy's nansum: 0 where every
// element is NaN, and NaN where the elements that are not NaN sum to NaN
// (+Inf and -Inf). The rules of [Sum] otherwise, and its bits for v with
// its NaNs replaced by 0: the NaN are skipped as v is read, with no
// temporary. It returns an error wrapping layout.ErrAxis or
// layout.ErrDuplicateAxis for bad axes and layout.ErrOverflow when the
// result is too large.
func NanSum[T tensor.Float, V tensor.Operand[T]](v V, axes ...int) (tensor.Tensor[T], error) {
	return nanNew("NanSum", tensor.View[T](v), axes, false, nanSumKind, 0)
}

// NanSumKeepDims is NanSum keeping the reduced axes as size 1.
func NanSumKeepDims[T tensor.Float, V tensor.Operand[T]](v V, axes ...int) (tensor.Tensor[T], error) {
	return nanNew("NanSumKeepDims", tensor.View[T](v), axes, true, nanSumKind, 0)
}

// NanSumInto writes NanSum of v along axes into dst, whose shape is the
// result's with the reduced axes dropped or kept as size 1. It returns the
// errors of NanSum, layout.ErrShape for a dst of another shape and
// layout.ErrOverlap for one that reaches an element twice; nothing is
// written on error.
func NanSumInto[T tensor.Float, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V, axes ...int) error {
	return nanInto("NanSumInto", operandOf[T](&dst), tensor.View[T](v), axes, nanSumKind, 0)
}

// NanProd returns the product of the elements of v along axes with NaN
// read as 1, NumPy's nanprod: 1 where every element is NaN. Like [NanSum],
// but a mapped reduction: its bits are those of [Prod] of v with its NaNs
// replaced by 1, copied row-major, and it returns an error wrapping
// layout.ErrOverflow also when a temporary is too large: the mapped
// elements are computed in blocks of about 1 MiB, or into a temporary of
// v's size when every axis of a v that is not contiguous is reduced.
func NanProd[T tensor.Float, V tensor.Operand[T]](v V, axes ...int) (tensor.Tensor[T], error) {
	return nanNew("NanProd", tensor.View[T](v), axes, false, nanProdKind, 0)
}

// NanProdKeepDims is NanProd keeping the reduced axes as size 1.
func NanProdKeepDims[T tensor.Float, V tensor.Operand[T]](v V, axes ...int) (tensor.Tensor[T], error) {
	return nanNew("NanProdKeepDims", tensor.View[T](v), axes, true, nanProdKind, 0)
}

// NanProdInto writes NanProd of v into dst, as NanSumInto does.
func NanProdInto[T tensor.Float, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V, axes ...int) error {
	return nanInto("NanProdInto", operandOf[T](&dst), tensor.View[T](v), axes, nanProdKind, 0)
}

// NanMean returns the mean of the elements of v along axes that are not
// NaN, NumPy's nanmean: their NanSum divided by their count (in float64,
// then rounded to T, as NumPy divides), NaN where every element is NaN or
// there is none. Like [NanSum]; the counts take a temporary of the
// result's size.
func NanMean[T tensor.Float, V tensor.Operand[T]](v V, axes ...int) (tensor.Tensor[T], error) {
	return nanNew("NanMean", tensor.View[T](v), axes, false, nanMeanKind, 0)
}

// NanMeanKeepDims is NanMean keeping the reduced axes as size 1.
func NanMeanKeepDims[T tensor.Float, V tensor.Operand[T]](v V, axes ...int) (tensor.Tensor[T], error) {
	return nanNew("NanMeanKeepDims", tensor.View[T](v), axes, true, nanMeanKind, 0)
}

// NanMeanInto writes NanMean of v into dst, as NanSumInto does.
func NanMeanInto[T tensor.Float, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V, axes ...int) error {
	return nanInto("NanMeanInto", operandOf[T](&dst), tensor.View[T](v), axes, nanMeanKind, 0)
}

// NanMax returns the largest element of v along axes that is not NaN,
// NumPy's nanmax: NaN where every element is NaN. A reduction of no
// elements into one or more is an error wrapping ErrEmpty, as [Max]'s.
// Like [NanProd] otherwise.
func NanMax[T tensor.Float, V tensor.Operand[T]](v V, axes ...int) (tensor.Tensor[T], error) {
	return nanNew("NanMax", tensor.View[T](v), axes, false, nanMaxKind, 0)
}

// NanMaxKeepDims is NanMax keeping the reduced axes as size 1.
func NanMaxKeepDims[T tensor.Float, V tensor.Operand[T]](v V, axes ...int) (tensor.Tensor[T], error) {
	return nanNew("NanMaxKeepDims", tensor.View[T](v), axes, true, nanMaxKind, 0)
}

// NanMaxInto writes NanMax of v into dst, as NanSumInto does.
func NanMaxInto[T tensor.Float, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V, axes ...int) error {
	return nanInto("NanMaxInto", operandOf[T](&dst), tensor.View[T](v), axes, nanMaxKind, 0)
}

// NanMin returns the smallest element of v along axes that is not NaN,
// like [NanMax].
func NanMin[T tensor.Float, V tensor.Operand[T]](v V, axes ...int) (tensor.Tensor[T], error) {
	return nanNew("NanMin", tensor.View[T](v), axes, false, nanMinKind, 0)
}

// NanMinKeepDims is NanMin keeping the reduced axes as size 1.
func NanMinKeepDims[T tensor.Float, V tensor.Operand[T]](v V, axes ...int) (tensor.Tensor[T], error) {
	return nanNew("NanMinKeepDims", tensor.View[T](v), axes, true, nanMinKind, 0)
}

// NanMinInto writes NanMin of v into dst, as NanSumInto does.
func NanMinInto[T tensor.Float, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V, axes ...int) error {
	return nanInto("NanMinInto", operandOf[T](&dst), tensor.View[T](v), axes, nanMinKind, 0)
}

// NanVarianceDdof returns the variance of the elements of v along axes
// that are not NaN, with ddof delta degrees of freedom, NumPy's nanvar:
// the sum of (x - m)² over those elements, m their NanMean, divided by
// their count minus ddof (in float64, then rounded to T, as NumPy
// divides); NaN where that divisor is 0 or less, so where every element
// is NaN. Pass 0 for the population variance, 1 for the sample variance
// (see [VarianceDdof]). Computed as VarianceDdof is, in two passes over v
// besides a count of its NaN, with its temporaries; the errors of
// [NanProd].
func NanVarianceDdof[T tensor.Float, V tensor.Operand[T]](v V, ddof int, axes ...int) (tensor.Tensor[T], error) {
	return nanNew("NanVarianceDdof", tensor.View[T](v), axes, false, nanVarKind, ddof)
}

// NanVarianceDdofKeepDims is NanVarianceDdof keeping the reduced axes as
// size 1.
func NanVarianceDdofKeepDims[T tensor.Float, V tensor.Operand[T]](v V, ddof int, axes ...int) (tensor.Tensor[T], error) {
	return nanNew("NanVarianceDdofKeepDims", tensor.View[T](v), axes, true, nanVarKind, ddof)
}

// NanVarianceDdofInto writes NanVarianceDdof of v into dst, as NanSumInto
// does.
func NanVarianceDdofInto[T tensor.Float, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V, ddof int, axes ...int) error {
	return nanInto("NanVarianceDdofInto", operandOf[T](&dst), tensor.View[T](v), axes, nanVarKind, ddof)
}

// NanStdDevDdof returns the square root of NanVarianceDdof, NumPy's
// nanstd.
func NanStdDevDdof[T tensor.Float, V tensor.Operand[T]](v V, ddof int, axes ...int) (tensor.Tensor[T], error) {
	return nanNew("NanStdDevDdof", tensor.View[T](v), axes, false, nanStdKind, ddof)
}

// NanStdDevDdofKeepDims is NanStdDevDdof keeping the reduced axes as size
// 1.
func NanStdDevDdofKeepDims[T tensor.Float, V tensor.Operand[T]](v V, ddof int, axes ...int) (tensor.Tensor[T], error) {
	return nanNew("NanStdDevDdofKeepDims", tensor.View[T](v), axes, true, nanStdKind, ddof)
}

// NanStdDevDdofInto writes NanStdDevDdof of v into dst, as NanSumInto
// does.
func NanStdDevDdofInto[T tensor.Float, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V, ddof int, axes ...int) error {
	return nanInto("NanStdDevDdofInto", operandOf[T](&dst), tensor.View[T](v), axes, nanStdKind, ddof)
}

// nanKind is one NaN-aware reduction.
type nanKind uint8

const (
	nanSumKind nanKind = iota
	nanProdKind
	nanMeanKind
	nanMaxKind
	nanMinKind
	nanVarKind
	nanStdKind
)

// nanNew runs the reduction k of v over axes into a new tensor.
func nanNew[T tensor.Float](op string, v tensor.View[T], axes []int, keepDims bool, k nanKind, ddof int) (tensor.Tensor[T], error) {
	return keptNew(op, v.Layout(), axes, keepDims, func(d *operand[T], shape []int, set uint64) error {
		return nanRun(op, k, ddof, d, v, shape, set)
	})
}

// nanInto runs the reduction k of v over axes into dst.
func nanInto[T tensor.Float](op string, dst *operand[T], v tensor.View[T], axes []int, k nanKind, ddof int) error {
	return keptInto(op, dst, v, axes, func(d *operand[T], shape []int, set uint64) error {
		return nanRun(op, k, ddof, d, v, shape, set)
	})
}

// emptyReduction returns ErrEmpty for a reduction of shape over set into
// results results that has no elements to reduce, as Max's and Min's.
func emptyReduction(op string, shape []int, set uint64, results int) error {
	if reducedSize(shape, set) == 0 && results > 0 {
		var kb, db [8]int
		keep, _ := appendReduced(kb[:0], db[:0], shape, set)
		return errorf(op, ErrEmpty, "reduction of shape %v to %v has no elements to reduce", append([]int(nil), shape...), append([]int(nil), keep...))
	}
	return nil
}

// nanRun reduces v over set into d, the row-major result of the kept
// shape, by the reduction k (with ddof, for the variance).
func nanRun[T tensor.Float](op string, k nanKind, ddof int, d *operand[T], v tensor.View[T], shape []int, set uint64) error {
	if k == nanMaxKind || k == nanMinKind {
		if err := emptyReduction(op, shape, set, len(d.data)); err != nil {
			return err
		}
	}
	var p mappedPlan // the mapped reductions': NanSum's reducer maps nothing
	if k != nanSumKind && k != nanMeanKind {
		var err error
		if p, err = planMapped(op, d, v, set); err != nil {
			return err
		}
	}
	var sc scratch
	defer sc.release()
	var nans operand[int] // the counts of NaN of each result, exact
	if k != nanSumKind && k != nanProdKind {
		nans = operand[int]{data: scratchOrMake[int](&sc, 2, len(d.data)), lay: d.lay}
		countNaN(&nans, operandOf(&v))
	}
	per := reducedSize(shape, set)
	switch k {
	case nanSumKind, nanMeanKind:
		rd := nanSumReducer[T]()
		rd.run(d, operandOf(&v))
		rd.finish(d.data)
	case nanProdKind:
		runMapped(&p, newReducer(mulOp[T]{}, 1, true), d, v, set, nanTo[T](1), &sc)
	case nanMaxKind:
		runMapped(&p, newReducer(maxOp[T]{}, T(math.Inf(-1)), true), d, v, set, nanTo(T(math.Inf(-1))), &sc)
	case nanMinKind:
		runMapped(&p, newReducer(minOp[T]{}, T(math.Inf(1)), true), d, v, set, nanTo(T(math.Inf(1))), &sc)
	case nanVarKind, nanStdKind:
		// The means, NanMean's values, then the sum of the squared
		// deviations of the elements that are not NaN.
		m := operand[T]{data: scratchOrMake[T](&sc, 0, len(d.data)), lay: d.lay}
		rd := nanSumReducer[T]()
		rd.run(&m, operandOf(&v))
		rd.finish(m.data)
		for i, c := range nans.data {
			m.data[i] = T(float64(m.data[i]) / float64(per-c))
		}
		mean, _ := tensor.NewView(m.data, m.lay)
		runMapped(&p, newReducer(addOp[T]{}, 0, true), d, v, set, devMap[T]{kept: mean, f: nanSqDevFunc}, &sc)
	}
	for i, c := range nans.data {
		switch {
		case k == nanMeanKind:
			d.data[i] = T(float64(d.data[i]) / float64(per-c))
		case k == nanVarKind || k == nanStdKind:
			dof := per - c - ddof
			if dof <= 0 {
				d.data[i] = T(math.NaN())
				continue
			}
			x := float64(d.data[i]) / float64(dof)
			if k == nanStdKind {
				x = math.Sqrt(float64(T(x))) // the root of the variance as T
			}
			d.data[i] = T(x)
		case c == per:
			d.data[i] = T(math.NaN())
		}
	}
	return nil
}

// nanTo maps NaN to to and every other element to itself.
func nanTo[T tensor.Float](to T) unMap[T, nanToOp[T]] { return unMap[T, nanToOp[T]]{nanToOp[T]{to}} }

// nanToOp is the unary operation of nanTo (see unOp).
type nanToOp[T tensor.Float] struct{ to T }

func (k nanToOp[T]) v(d, x []T) {
	if len(d) >= shortRun {
		switch floatKind[T]() {
		case kindFloat32:
			_ = simd.ReplaceNaN(asKind[float32](d), asKind[float32](x), asScalar[float32](k.to))
			return
		case kindFloat64:
			_ = simd.ReplaceNaN(asKind[float64](d), asKind[float64](x), asScalar[float64](k.to))
			return
		}
	}
	x = x[:len(d)]
	for i, e := range x {
		if e != e {
			e = k.to
		}
		d[i] = e
	}
}

func (k nanToOp[T]) at(x T) T {
	if x != x {
		return k.to
	}
	return x
}
