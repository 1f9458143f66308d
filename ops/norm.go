package ops

import (
	"math"

	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/tensor"
)

// Norm returns the vector p-norm of the elements of v along axes (all of
// them when none are given), the elements reduced into each result read
// as one vector, as torch.linalg.vector_norm and NumPy's linalg.norm of a
// vector:
//
//   - p = 2: sqrt(Σ x²), the Euclidean norm; over the two axes of a
//     matrix, its Frobenius norm (NumPy's ord="fro"). Where Σ x² overflows
//     to +Inf, or is 0 or below the smallest normal float (the squares
//     underflow), that result is computed again scaled by its largest
//     |x|: +Inf only when the norm itself overflows, 0 only for zeros.
//   - p = 1: Σ |x|; p = +Inf: max |x|; p = -Inf: min |x|.
//   - p = 0: the number of elements that are not 0 (NaN counts).
//   - any other p, negative too: (Σ |x|^p)^(1/p).
//
// A NaN element gives NaN (but for p = 0). Sums are Sum's pairwise sums,
// with its accuracy and determinism; the mapped elements (|x|, x², |x|^p)
// are computed into temporaries as [VarianceDdof]'s squared deviations
// are. The axes, forms and errors are those of [Sum]; a NaN p is an error
// wrapping layout.ErrArg. Of no elements, p = ±Inf is an error wrapping
// ErrEmpty, as [Max]'s; p < 0 gives +Inf (0^(1/p), NumPy's result), every
// other p 0.
func Norm[T tensor.Float, V tensor.Operand[T]](v V, p float64, axes ...int) (tensor.Tensor[T], error) {
	w := tensor.View[T](v)
	return keptNew("Norm", w.Layout(), axes, false, func(d *operand[T], shape []int, set uint64) error {
		return normRun("Norm", p, d, w, shape, set)
	})
}

// NormKeepDims is Norm keeping the reduced axes as size 1.
func NormKeepDims[T tensor.Float, V tensor.Operand[T]](v V, p float64, axes ...int) (tensor.Tensor[T], error) {
	w := tensor.View[T](v)
	return keptNew("NormKeepDims", w.Layout(), axes, true, func(d *operand[T], shape []int, set uint64) error {
		return normRun("NormKeepDims", p, d, w, shape, set)
	})
}

// NormInto writes Norm of v along axes into dst, as [LogSumExpInto] does.
func NormInto[T tensor.Float, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V, p float64, axes ...int) error {
	w := tensor.View[T](v)
	return keptInto("NormInto", operandOf[T](&dst), w, axes, func(d *operand[T], shape []int, set uint64) error {
		return normRun("NormInto", p, d, w, shape, set)
	})
}

// normRun computes the p-norm of v over the axes of set into d, the
// row-major operand of the kept shape.
func normRun[T tensor.Float](op string, p float64, d *operand[T], v tensor.View[T], shape []int, set uint64) error {
	if p != p {
		return errorf(op, layout.ErrArg, "p is NaN")
	}
	if math.IsInf(p, 0) {
		if err := emptyReduction(op, shape, set, len(d.data)); err != nil {
			return err
		}
	}
	pl, err := planMapped(op, d, v, set)
	if err != nil {
		return err
	}
	var sc scratch
	defer sc.release()
	switch {
	case math.IsInf(p, 1):
		runMapped(&pl, newReducer(maxOp[T]{}, T(math.Inf(-1)), true), d, v, set, unMap[T, absOp[T]]{}, &sc)
	case math.IsInf(p, -1):
		runMapped(&pl, newReducer(minOp[T]{}, T(math.Inf(1)), true), d, v, set, unMap[T, absOp[T]]{}, &sc)
	case p == 1:
		rd := sumReducer[T]()
		runMapped(&pl, rd, d, v, set, unMap[T, absOp[T]]{}, &sc)
		rd.finish(d.data)
	case p == 0:
		rd := sumReducer[T]()
		runMapped(&pl, rd, d, v, set, unMap[T, nonzeroOp[T]]{}, &sc)
		rd.finish(d.data)
	case p == 2 && reducedSize(shape, set) == 0:
		clear(d.data)
	case p == 2:
		rd := sumReducer[T]()
		runMapped(&pl, rd, d, v, set, unMap[T, squareOp[T]]{}, &sc)
		rd.finish(d.data)
		var redo []int
		for i, s := range d.data {
			if !normalSum(s) {
				redo = append(redo, i)
			}
			d.data[i] = T(math.Sqrt(float64(s)))
		}
		if len(redo) > 0 {
			normScaled(&pl, d, v, set, &sc, redo)
		}
	default:
		rd := sumReducer[T]()
		runMapped(&pl, rd, d, v, set, unMap[T, powAbsOp[T]]{powAbsOp[T]{p}}, &sc)
		rd.finish(d.data)
		for i, s := range d.data {
			d.data[i] = T(math.Pow(float64(s), 1/p))
		}
	}
	return nil
}

// normalSum reports whether s, a sum of squares, holds the square of its
// norm to T's precision: a finite normal float (or NaN, which stays).
func normalSum[T tensor.Float](s T) bool {
	tiny := 0x1p-1022
	if kindOf[T]() == kindFloat32 {
		tiny = 0x1p-126
	}
	f := float64(s)
	return f >= tiny && f <= math.MaxFloat64 || f != f
}

// normScaled recomputes the 2-norms of d at the indices redo, whose sums
// of squares were not normal (see normalSum), as a·sqrt(Σ (x/a)²), a the
// largest |x| of each (divided, not multiplied by 1/a, which overflows for
// the smallest a): the passes compute every result, redo's are taken.
func normScaled[T tensor.Float](pl *mappedPlan, d *operand[T], v tensor.View[T], set uint64, sc *scratch, redo []int) {
	a := operand[T]{data: make([]T, len(d.data)), lay: d.lay}
	runMapped(pl, newReducer(maxOp[T]{}, T(math.Inf(-1)), true), &a, v, set, unMap[T, absOp[T]]{}, sc)
	div := make([]T, len(a.data)) // a, or 1 where a is not a finite nonzero
	for i, x := range a.data {
		div[i] = 1
		if f := float64(x); f != 0 && !math.IsInf(f, 0) && f == f {
			div[i] = x
		}
	}
	dv, _ := tensor.NewView(div, a.lay)
	s := operand[T]{data: make([]T, len(d.data)), lay: d.lay}
	rd := sumReducer[T]()
	runMapped(pl, rd, &s, v, set, devMap[T]{kept: dv, f: sqScaledFunc}, sc)
	rd.finish(s.data)
	for _, i := range redo {
		switch f := float64(a.data[i]); {
		case f == 0 || math.IsInf(f, 0) || f != f:
			d.data[i] = a.data[i] // 0, +Inf, NaN
		default:
			d.data[i] = T(f * math.Sqrt(float64(s.data[i])))
		}
	}
}

// squareOp is x².
type squareOp[T tensor.Float] struct{}

func (squareOp[T]) v(d, x []T) {
	x = x[:len(d)]
	for i, e := range x {
		d[i] = e * e
	}
}

func (squareOp[T]) at(x T) T { return x * x }

// nonzeroOp is 1 for a nonzero x (NaN included), 0 for ±0.
type nonzeroOp[T tensor.Float] struct{}

func (nonzeroOp[T]) v(d, x []T) {
	x = x[:len(d)]
	for i, e := range x {
		d[i] = 0
		if e != 0 {
			d[i] = 1
		}
	}
}

func (nonzeroOp[T]) at(x T) T {
	if x != 0 {
		return 1
	}
	return 0
}

// powAbsOp is |x|^p.
type powAbsOp[T tensor.Float] struct{ p float64 }

func (k powAbsOp[T]) v(d, x []T) {
	x = x[:len(d)]
	for i, e := range x {
		d[i] = k.at(e)
	}
}

func (k powAbsOp[T]) at(x T) T { return T(math.Pow(math.Abs(float64(x)), k.p)) }
