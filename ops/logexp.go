package ops

import (
	"math"

	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/tensor"
)

// The log-sum-exp family, shifted by the maximum so that no exponential
// overflows: LogSumExp reduces axes as Sum does (its pairwise sum, with
// Sum's accuracy and determinism), Softmax and LogSoftmax keep v's shape
// and normalise along one axis. For non-finite elements: a NaN gives NaN;
// LogSumExp of elements that hold +Inf is +Inf, of -Inf only -Inf, of
// none -Inf (SciPy's and PyTorch's results); Softmax of a run that holds
// +Inf, or of -Inf only, is NaN throughout (PyTorch's; SciPy keeps 0 where
// the other elements are finite), and LogSoftmax, x - LogSumExp(x), is NaN
// at the +Inf (or every -Inf) and -Inf at the finite elements of such a
// run (SciPy's; PyTorch gives NaN throughout).

// LogSumExp returns log(Σ exp(x)) over the elements x of v along axes (all
// of them when none are given), computed as m + log(Σ exp(x - m)) with m
// their maximum (0 where that is not finite), as scipy.special.logsumexp
// and torch.logsumexp: -Inf for no elements. The axes, forms and errors
// are those of [Sum]; the exponentials are computed into temporaries as
// [VarianceDdof]'s squared deviations are.
func LogSumExp[T tensor.Float, V tensor.Operand[T]](v V, axes ...int) (tensor.Tensor[T], error) {
	w := tensor.View[T](v)
	return keptNew("LogSumExp", w.Layout(), axes, false, func(d *operand[T], shape []int, set uint64) error {
		return logSumExpRun("LogSumExp", d, w, shape, set)
	})
}

// LogSumExpKeepDims is LogSumExp keeping the reduced axes as size 1.
func LogSumExpKeepDims[T tensor.Float, V tensor.Operand[T]](v V, axes ...int) (tensor.Tensor[T], error) {
	w := tensor.View[T](v)
	return keptNew("LogSumExpKeepDims", w.Layout(), axes, true, func(d *operand[T], shape []int, set uint64) error {
		return logSumExpRun("LogSumExpKeepDims", d, w, shape, set)
	})
}

// LogSumExpInto writes LogSumExp of v along axes into dst, whose shape is
// the result's with the reduced axes dropped or kept as size 1; dst may
// share memory with v. It returns the errors of LogSumExp, layout.ErrShape
// for a dst of another shape and layout.ErrOverlap for one that reaches
// an element twice; nothing is written on error.
func LogSumExpInto[T tensor.Float, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V, axes ...int) error {
	w := tensor.View[T](v)
	return keptInto("LogSumExpInto", operandOf[T](&dst), w, axes, func(d *operand[T], shape []int, set uint64) error {
		return logSumExpRun("LogSumExpInto", d, w, shape, set)
	})
}

// logSumExpRun computes LogSumExp of v over the axes of set into d, the
// row-major operand of the kept shape.
func logSumExpRun[T tensor.Float](op string, d *operand[T], v tensor.View[T], shape []int, set uint64) error {
	if reducedSize(shape, set) == 0 {
		for i := range d.data {
			d.data[i] = T(math.Inf(-1))
		}
		return nil
	}
	p, err := planMapped(op, d, v, set)
	if err != nil {
		return err
	}
	var sc scratch
	defer sc.release()
	m := operand[T]{data: scratchOrMake[T](&sc, 0, len(d.data)), lay: d.lay}
	mx := newReducer(maxOp[T]{}, T(math.Inf(-1)), true)
	mx.run(&m, operandOf(&v))
	for i, x := range m.data {
		if f := float64(x); math.IsInf(f, 0) || f != f {
			m.data[i] = 0
		}
	}
	shift, _ := tensor.NewView(m.data, m.lay)
	rd := sumReducer[T]()
	runMapped(&p, rd, d, v, set, devMap[T]{kept: shift, f: expDevFunc}, &sc)
	rd.finish(d.data)
	for i, s := range d.data {
		d.data[i] = T(math.Log(float64(s))) + m.data[i]
	}
	return nil
}

// Softmax returns exp(x - m) / Σ exp(x - m) of the elements x of v along
// axis, m their maximum, PyTorch's softmax: a new tensor of v's shape
// whose runs along axis are positive and sum to 1 (to rounding). A
// negative axis counts from the end; one out of range is an error
// wrapping layout.ErrAxis.
func Softmax[T tensor.Float, V tensor.Operand[T]](v V, axis int) (tensor.Tensor[T], error) {
	return softmaxNew("Softmax", tensor.View[T](v), axis, false)
}

// SoftmaxInto writes Softmax of v along axis into dst, of v's shape, which
// may be v itself (or share memory with it). It returns the errors of
// Softmax, layout.ErrShape for a dst of another shape and
// layout.ErrOverlap for one that reaches an element twice; nothing is
// written on error.
func SoftmaxInto[T tensor.Float, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V, axis int) error {
	return softmaxInto("SoftmaxInto", operandOf[T](&dst), tensor.View[T](v), axis, false)
}

// LogSoftmax returns the logarithm of Softmax along axis, computed as
// x - LogSumExp(x) rather than from Softmax's values, PyTorch's
// log_softmax: finite for every finite x, where log(Softmax) gives -Inf
// once an exponential underflows. Like [Softmax].
func LogSoftmax[T tensor.Float, V tensor.Operand[T]](v V, axis int) (tensor.Tensor[T], error) {
	return softmaxNew("LogSoftmax", tensor.View[T](v), axis, true)
}

// LogSoftmaxInto writes LogSoftmax of v along axis into dst, as
// SoftmaxInto does.
func LogSoftmaxInto[T tensor.Float, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V, axis int) error {
	return softmaxInto("LogSoftmaxInto", operandOf[T](&dst), tensor.View[T](v), axis, true)
}

func softmaxNew[T tensor.Float](op string, v tensor.View[T], axis int, log bool) (tensor.Tensor[T], error) {
	if _, err := normalAxis(op, axis, v.Rank()); err != nil {
		return tensor.Tensor[T]{}, err
	}
	out, err := newResult[T](op, v.Shape())
	if err != nil {
		return out, err
	}
	return out, softmaxInto(op, operandOfNew(out.View()), v, axis, log)
}

// softmaxInto computes Softmax or LogSoftmax (log) of v along axis into
// dst: the maxima or LogSumExp along axis go into a row-major temporary
// of the kept shape, from the pool, before dst is written.
func softmaxInto[T tensor.Float](op string, dst *operand[T], v tensor.View[T], axis int, log bool) error {
	ax, err := normalAxis(op, axis, v.Rank())
	if err != nil {
		return err
	}
	var sb, kb, db [8]int
	shape := v.Layout().AppendShape(sb[:0])
	if err := checkDst(op, dst, shape); err != nil {
		return err
	}
	if v.Size() == 0 {
		return nil
	}
	set := uint64(1) << ax
	keep, _ := appendReduced(kb[:0], db[:0], shape, set)
	var sc scratch
	defer sc.release()
	k := operand[T]{data: scratchOrMake[T](&sc, 0, shapeSize(keep))}
	k.lay, _ = layout.RowMajor(keep...)
	kv, _ := tensor.NewView(k.data, k.lay)
	dv, _ := tensor.NewView(dst.data, dst.lay)
	if log {
		if err := logSumExpRun(op, &k, v, shape, set); err != nil {
			return err
		}
		return SubInto(dv, v, kv)
	}
	mx := newReducer(maxOp[T]{}, T(math.Inf(-1)), true)
	mx.run(&k, operandOf(&v))
	if err := SubInto(dv, v, kv); err != nil {
		return err
	}
	if err := ExpInto(dv, dv); err != nil {
		return err
	}
	rd := sumReducer[T]()
	rd.run(&k, dst)
	return DivInto(dv, dv, kv)
}
