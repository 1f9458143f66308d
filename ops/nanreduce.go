package ops

import (
	"math"

	"github.com/tessera-go/tessera/internal/copier"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/tensor"
)

// The NaN-aware reductions, NumPy's nansum, nanprod, nanmean, nanmax and
// nanmin: mapped reductions (see mapped.go) of the reducers of Sum, Prod,
// Max and Min, each NaN mapped to the reduction's identity (0, 1, -Inf,
// +Inf), so their bits are those of the plain reduction of v with its NaNs
// replaced, copied row-major, whatever v's layout and the parallelism.
// NanMean divides by the count of the elements that are not NaN, and
// NanMax and NanMin give NaN where every element is NaN (NumPy's rules);
// those counts are exact integers. The Into forms reduce into a row-major
// temporary of the result's size and copy it into dst, so dst may share
// memory with v.

// NanSum returns the sum of the elements of v along axes (all of them
// when none are given) with NaN read as 0, NumPy's nansum: 0 where every
// element is NaN. The rules of [Sum] otherwise. It returns an error
// wrapping layout.ErrAxis or layout.ErrDuplicateAxis for bad axes and
// layout.ErrOverflow when the result or a temporary is too large: the
// mapped elements are computed in blocks of about 1 MiB, or into a
// temporary of v's size when every axis is reduced.
func NanSum[T tensor.Float, V tensor.Operand[T]](v V, axes ...int) (tensor.Tensor[T], error) {
	return nanNew("NanSum", tensor.View[T](v), axes, false, nanSumKind)
}

// NanSumKeepDims is NanSum keeping the reduced axes as size 1.
func NanSumKeepDims[T tensor.Float, V tensor.Operand[T]](v V, axes ...int) (tensor.Tensor[T], error) {
	return nanNew("NanSumKeepDims", tensor.View[T](v), axes, true, nanSumKind)
}

// NanSumInto writes NanSum of v along axes into dst, whose shape is the
// result's with the reduced axes dropped or kept as size 1. It returns the
// errors of NanSum, layout.ErrShape for a dst of another shape and
// layout.ErrOverlap for one that reaches an element twice; nothing is
// written on error.
func NanSumInto[T tensor.Float, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V, axes ...int) error {
	return nanInto("NanSumInto", operandOf[T](&dst), tensor.View[T](v), axes, nanSumKind)
}

// NanProd returns the product of the elements of v along axes with NaN
// read as 1, NumPy's nanprod: 1 where every element is NaN. Like [NanSum].
func NanProd[T tensor.Float, V tensor.Operand[T]](v V, axes ...int) (tensor.Tensor[T], error) {
	return nanNew("NanProd", tensor.View[T](v), axes, false, nanProdKind)
}

// NanProdKeepDims is NanProd keeping the reduced axes as size 1.
func NanProdKeepDims[T tensor.Float, V tensor.Operand[T]](v V, axes ...int) (tensor.Tensor[T], error) {
	return nanNew("NanProdKeepDims", tensor.View[T](v), axes, true, nanProdKind)
}

// NanProdInto writes NanProd of v into dst, as NanSumInto does.
func NanProdInto[T tensor.Float, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V, axes ...int) error {
	return nanInto("NanProdInto", operandOf[T](&dst), tensor.View[T](v), axes, nanProdKind)
}

// NanMean returns the mean of the elements of v along axes that are not
// NaN, NumPy's nanmean: their NanSum divided by their count (in float64,
// then rounded to T, as NumPy divides), NaN where every element is NaN or
// there is none. Like [NanSum].
func NanMean[T tensor.Float, V tensor.Operand[T]](v V, axes ...int) (tensor.Tensor[T], error) {
	return nanNew("NanMean", tensor.View[T](v), axes, false, nanMeanKind)
}

// NanMeanKeepDims is NanMean keeping the reduced axes as size 1.
func NanMeanKeepDims[T tensor.Float, V tensor.Operand[T]](v V, axes ...int) (tensor.Tensor[T], error) {
	return nanNew("NanMeanKeepDims", tensor.View[T](v), axes, true, nanMeanKind)
}

// NanMeanInto writes NanMean of v into dst, as NanSumInto does.
func NanMeanInto[T tensor.Float, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V, axes ...int) error {
	return nanInto("NanMeanInto", operandOf[T](&dst), tensor.View[T](v), axes, nanMeanKind)
}

// NanMax returns the largest element of v along axes that is not NaN,
// NumPy's nanmax: NaN where every element is NaN. A reduction of no
// elements into one or more is an error wrapping ErrEmpty, as [Max]'s.
// Like [NanSum] otherwise.
func NanMax[T tensor.Float, V tensor.Operand[T]](v V, axes ...int) (tensor.Tensor[T], error) {
	return nanNew("NanMax", tensor.View[T](v), axes, false, nanMaxKind)
}

// NanMaxKeepDims is NanMax keeping the reduced axes as size 1.
func NanMaxKeepDims[T tensor.Float, V tensor.Operand[T]](v V, axes ...int) (tensor.Tensor[T], error) {
	return nanNew("NanMaxKeepDims", tensor.View[T](v), axes, true, nanMaxKind)
}

// NanMaxInto writes NanMax of v into dst, as NanSumInto does.
func NanMaxInto[T tensor.Float, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V, axes ...int) error {
	return nanInto("NanMaxInto", operandOf[T](&dst), tensor.View[T](v), axes, nanMaxKind)
}

// NanMin returns the smallest element of v along axes that is not NaN,
// like [NanMax].
func NanMin[T tensor.Float, V tensor.Operand[T]](v V, axes ...int) (tensor.Tensor[T], error) {
	return nanNew("NanMin", tensor.View[T](v), axes, false, nanMinKind)
}

// NanMinKeepDims is NanMin keeping the reduced axes as size 1.
func NanMinKeepDims[T tensor.Float, V tensor.Operand[T]](v V, axes ...int) (tensor.Tensor[T], error) {
	return nanNew("NanMinKeepDims", tensor.View[T](v), axes, true, nanMinKind)
}

// NanMinInto writes NanMin of v into dst, as NanSumInto does.
func NanMinInto[T tensor.Float, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V, axes ...int) error {
	return nanInto("NanMinInto", operandOf[T](&dst), tensor.View[T](v), axes, nanMinKind)
}

// nanKind is one NaN-aware reduction.
type nanKind uint8

const (
	nanSumKind nanKind = iota
	nanProdKind
	nanMeanKind
	nanMaxKind
	nanMinKind
)

// nanNew runs the reduction k of v over axes into a new tensor.
func nanNew[T tensor.Float](op string, v tensor.View[T], axes []int, keepDims bool, k nanKind) (tensor.Tensor[T], error) {
	var sb, kb, db [8]int
	shape := v.Layout().AppendShape(sb[:0])
	set, err := reduceAxes(op, len(shape), axes)
	if err != nil {
		return tensor.Tensor[T]{}, err
	}
	keep, drop := appendReduced(kb[:0], db[:0], shape, set)
	if err := nanEmpty(op, k, shape, set, keep); err != nil {
		return tensor.Tensor[T]{}, err
	}
	rshape := drop
	if keepDims {
		rshape = keep
	}
	out, err := newResult[T](op, rshape)
	if err != nil {
		return out, err
	}
	kl, _ := layout.RowMajor(keep...) // out is row-major: the same elements
	d := operand[T]{data: out.Data(), lay: kl}
	if err := nanRun(op, k, &d, v, shape, set); err != nil {
		return tensor.Tensor[T]{}, err
	}
	return out, nil
}

// nanInto runs the reduction k of v over axes into a row-major
// temporary, and copies that into dst.
func nanInto[T tensor.Float](op string, dst *operand[T], v tensor.View[T], axes []int, k nanKind) error {
	var sb, kb [8]int
	shape := v.Layout().AppendShape(sb[:0])
	set, err := reduceAxes(op, len(shape), axes)
	if err != nil {
		return err
	}
	keep, err := reduceDst(op, dst, shape, set, kb[:0])
	if err != nil {
		return err
	}
	if err := nanEmpty(op, k, shape, set, keep); err != nil {
		return err
	}
	var sc scratch
	defer sc.release()
	d := operand[T]{data: scratchOrMake[T](&sc, 3, shapeSize(keep))}
	d.lay, _ = layout.RowMajor(keep...)
	if err := nanRun(op, k, &d, v, shape, set); err != nil {
		return err
	}
	copier.Move(dst.data, &dst.lay, d.data, &d.lay, copier.Part{})
	return nil
}

// nanEmpty returns ErrEmpty for NanMax and NanMin of no elements into one
// or more, as Max and Min.
func nanEmpty(op string, k nanKind, shape []int, set uint64, keep []int) error {
	if (k == nanMaxKind || k == nanMinKind) && reducedSize(shape, set) == 0 && shapeSize(keep) > 0 {
		return errorf(op, ErrEmpty, "reduction of shape %v to %v has no elements to reduce", append([]int(nil), shape...), append([]int(nil), keep...))
	}
	return nil
}

// nanRun reduces v over set into d, the row-major result of the kept
// shape, by the reduction k.
func nanRun[T tensor.Float](op string, k nanKind, d *operand[T], v tensor.View[T], shape []int, set uint64) error {
	p, err := planMapped(op, d, v, set)
	if err != nil {
		return err
	}
	var sc scratch
	defer sc.release()
	switch k {
	case nanSumKind, nanMeanKind:
		rd := sumReducer[T]()
		runMapped(&p, rd, d, v, set, nanTo[T]{0}, &sc)
		rd.finish(d.data)
	case nanProdKind:
		runMapped(&p, newReducer(mulOp[T]{}, 1, true), d, v, set, nanTo[T]{1}, &sc)
	case nanMaxKind:
		runMapped(&p, newReducer(maxOp[T]{}, T(math.Inf(-1)), true), d, v, set, nanTo[T]{T(math.Inf(-1))}, &sc)
	case nanMinKind:
		runMapped(&p, newReducer(minOp[T]{}, T(math.Inf(1)), true), d, v, set, nanTo[T]{T(math.Inf(1))}, &sc)
	}
	if k == nanSumKind || k == nanProdKind {
		return nil
	}
	// The counts of NaN of each result, exact.
	nans := operand[int]{data: scratchOrMake[int](&sc, 2, len(d.data)), lay: d.lay}
	countNaN(&nans, operandOf(&v))
	per := reducedSize(shape, set)
	for i, c := range nans.data {
		switch {
		case k == nanMeanKind:
			d.data[i] = T(float64(d.data[i]) / float64(per-c))
		case c == per:
			d.data[i] = T(math.NaN())
		}
	}
	return nil
}

// nanTo maps NaN to to and every other element to itself (see elemMap).
type nanTo[T tensor.Float] struct{ to T }

func (m nanTo[T]) whole(dev, src tensor.View[T])              { m.into(dev, src) }
func (m nanTo[T]) block(dev, src tensor.View[T], _, _, _ int) { m.into(dev, src) }
func (m nanTo[T]) rows(dev, src tensor.View[T])               { m.into(dev, src) }

// into sets dev to src with NaN replaced by m.to; dev is fresh and of
// src's shape.
func (m nanTo[T]) into(dev, src tensor.View[T]) {
	if err := unaryInto("NanTo", nanToOp[T](m), operandOf(&dev), operandOf(&src)); err != nil {
		panic("ops: internal error: " + err.Error())
	}
}

// nanToOp is the unary operation of nanTo (see unOp).
type nanToOp[T tensor.Float] struct{ to T }

func (k nanToOp[T]) v(d, x []T) {
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
