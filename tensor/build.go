package tensor

import (
	"math"
	"math/rand/v2"

	"github.com/tessera-go/tessera/internal/num"
	"github.com/tessera-go/tessera/layout"
)

// Real is the constraint of the ordered element types: every integer and
// float type, and the types defined on them. The operations that compare
// elements (ops.Max, ops.Maximum, ...) take it.
type Real = num.Real

// Float is the constraint of the float element types, float32 and float64
// and the types defined on them. The operations defined on floats only
// (ops.Mean, ops.Sqrt, ...) take it.
type Float = num.Float

// Integer is the constraint of the integer element types, uintptr
// included, and the types defined on them.
type Integer = num.Integer

// ArangeStep returns the one-dimensional tensor start, start+step, …, up to
// but not including stop, like NumPy's arange(start, stop, step). Its
// length is NumPy's, ceil((stop-start)/step) and at least 0 — computed
// exactly for integers, in float64 for floats — and value i is start +
// i·step: exact for integers, and for floats computed in float64 and
// rounded once to T (NumPy's arange differs in the last bits where
// (start+step)-start is not step). As with NumPy, a float step that does
// not divide stop-start evenly can leave a last value within rounding of
// stop; use [Linspace] when the end point matters.
//
// It returns an error wrapping layout.ErrArg for a zero step or a NaN or
// infinite argument, and layout.ErrOverflow when the length does not fit
// in an int or the buffer would be too large (see [New]).
func ArangeStep[T Real](start, stop, step T) (Tensor[T], error) {
	const op = "ArangeStep"
	var zero T
	if step == zero {
		return Tensor[T]{}, errorf(op, layout.ErrArg, "step 0 (start %v, stop %v)", start, stop)
	}
	var n uint64
	if isFloat[T]() {
		f0, f1, fs := float64(start), float64(stop), float64(step)
		if bad := math.IsNaN(f0) || math.IsInf(f0, 0) || math.IsNaN(f1) || math.IsInf(f1, 0) || math.IsNaN(fs) || math.IsInf(fs, 0); bad {
			return Tensor[T]{}, errorf(op, layout.ErrArg, "start %v, stop %v, step %v: not all finite", start, stop, step)
		}
		c := math.Ceil((f1 - f0) / fs)
		if c >= math.MaxInt || c != c {
			return Tensor[T]{}, errorf(op, layout.ErrOverflow, "start %v, stop %v, step %v: the length %g does not fit in an int", start, stop, step, c)
		}
		n = uint64(max(c, 0))
	} else if (step > zero && stop > start) || (step < zero && stop < start) {
		// The distance and the step's size, exactly, as 64-bit unsigned
		// integers: two's complement wraps to the right distance.
		dist, size := uint64(stop)-uint64(start), uint64(step)
		if step < zero {
			dist, size = uint64(start)-uint64(stop), -uint64(step)
		}
		n = (dist-1)/size + 1
	}
	if n > math.MaxInt {
		return Tensor[T]{}, errorf(op, layout.ErrOverflow, "start %v, stop %v, step %v: the length %d does not fit in an int", start, stop, step, n)
	}
	t, err := newTensor[T](op, []int{int(n)})
	if err != nil {
		return t, err
	}
	if isFloat[T]() {
		f0, fs := float64(start), float64(step)
		for i := range t.data {
			// The conversions round the product: no fused multiply-add.
			t.data[i] = T(float64(float64(i)*fs) + f0)
		}
		return t, nil
	}
	x := start
	for i := range t.data {
		t.data[i] = x
		x += step // the last step may wrap, past the last value
	}
	return t, nil
}

// isFloat reports whether T is a float type.
func isFloat[T Real]() bool {
	var half T = 1
	half /= 2
	return half != 0
}

// Linspace returns num evenly spaced values from start to stop, like
// NumPy's linspace: with endpoint the last value is stop and the spacing
// (stop-start)/(num-1), without it stop is left out and the spacing is
// (stop-start)/num. Value i is computed as NumPy computes it, in float64,
// i·spacing + start, rounded once to T; with endpoint the last value is
// stop exactly. num 0 gives an empty tensor and num 1 the tensor [start].
//
// It returns an error wrapping layout.ErrShape for a negative num, and the
// errors of [New].
func Linspace[T Float](start, stop T, num int, endpoint bool) (Tensor[T], error) {
	if num < 0 {
		return Tensor[T]{}, errorf("Linspace", layout.ErrShape, "negative number of values %d", num)
	}
	t, err := newTensor[T]("Linspace", []int{num})
	if err != nil {
		return t, err
	}
	div := num
	if endpoint {
		div = num - 1
	}
	f0, delta := float64(start), float64(stop)-float64(start)
	var step float64
	if div > 0 {
		step = delta / float64(div)
	}
	for i := range t.data {
		// Each conversion to float64 rounds: no fused multiply-add, so
		// that every platform gets NumPy's values.
		var y float64
		switch {
		case div > 0 && step != 0:
			y = float64(float64(i) * step)
		case div > 0: // the spacing underflows: scale first, as NumPy does
			y = float64(float64(float64(i)/float64(div)) * delta)
		default:
			y = float64(float64(i) * delta)
		}
		t.data[i] = T(y + f0)
	}
	if endpoint && num > 1 {
		t.data[num-1] = stop
	}
	return t, nil
}

// Eye returns a rows×cols matrix with ones on diagonal k and zeros
// elsewhere, like NumPy's eye(rows, cols, k): k = 0 is the main diagonal,
// k > 0 above it and k < 0 below. A k outside the matrix gives zeros.
//
// It returns the errors of [New] (layout.ErrShape for a negative size).
func Eye[T Number](rows, cols, k int) (Tensor[T], error) {
	t, err := newTensor[T]("Eye", []int{rows, cols})
	if err != nil || k <= -rows || k >= cols {
		return t, err
	}
	for i := max(0, -k); i < rows && i+k < cols; i++ {
		t.data[i*cols+i+k] = 1
	}
	return t, nil
}

// ZerosLike returns a tensor of zeros with the shape of v, like NumPy's
// zeros_like; v is a Tensor or a View. (For another element type,
// New[U](v.Shape()...).) It returns the errors of [New].
func ZerosLike[T Element, V Operand[T]](v V) (Tensor[T], error) {
	return newTensor[T]("ZerosLike", View[T](v).lay.Shape())
}

// FullLike returns a tensor with the shape of v and every element x, like
// NumPy's full_like; v is a Tensor or a View. It returns the errors of
// [New].
func FullLike[T Element, V Operand[T]](v V, x T) (Tensor[T], error) {
	t, err := newTensor[T]("FullLike", View[T](v).lay.Shape())
	if err == nil {
		_ = t.View().Fill(x)
	}
	return t, err
}

// Uniform returns a tensor of the given shape whose elements are drawn
// uniformly from [lo, hi) with r, in row-major order: the same r state
// gives the same tensor on every machine and at every parallelism. Each
// value is lo + (hi-lo)·u for u = r.Float64(), computed in float64 and
// rounded to T; a value that rounds to hi is replaced by the largest T
// below it, so hi is never drawn. lo == hi gives every element lo. A
// range wider than the largest float64 (hi-lo overflows, as for
// [-1e308, 1e308)) is drawn as lo + w·u + w·u with w = hi/2 - lo/2, whose
// every step is finite.
//
// It returns an error wrapping layout.ErrArg when r is nil, when lo > hi
// or either is NaN or infinite, and the errors of [New].
func Uniform[T Float](r *rand.Rand, lo, hi T, shape ...int) (Tensor[T], error) {
	f0, f1 := float64(lo), float64(hi)
	if !(f0 <= f1) || math.IsInf(f0, 0) || math.IsInf(f1, 0) {
		return Tensor[T]{}, errorf("Uniform", layout.ErrArg, "range [%v, %v) is not a finite interval", lo, hi)
	}
	if r == nil {
		return Tensor[T]{}, nilRand("Uniform")
	}
	t, err := newTensor[T]("Uniform", shape)
	if err != nil {
		return t, err
	}
	below := T(math.Nextafter(f1, math.Inf(-1)))
	if float64(below) >= f1 { // float32 hi: the next float32 down
		below = T(math.Nextafter32(float32(f1), float32(math.Inf(-1))))
	}
	wide := math.IsInf(f1-f0, 0)
	half := f1/2 - f0/2
	for i := range t.data {
		var v T
		if u := r.Float64(); wide {
			v = T(f0 + float64(half*u) + float64(half*u))
		} else {
			v = T(f0 + float64((f1-f0)*u)) // rounded: no fused multiply-add
		}
		if v >= hi && lo < hi {
			v = below
		}
		t.data[i] = v
	}
	return t, nil
}

// nilRand is the error of the random constructors for a nil *rand.Rand.
func nilRand(op string) error {
	return errorf(op, layout.ErrArg, "nil *rand.Rand: want a source such as rand.New(rand.NewPCG(1, 2))")
}

// Normal returns a tensor of the given shape whose elements are drawn from
// the normal distribution of mean mean and standard deviation std with r,
// in row-major order: mean + std·r.NormFloat64(), computed in float64 and
// rounded to T. The same r state gives the same tensor.
//
// It returns an error wrapping layout.ErrArg when r is nil, when std is
// negative, NaN or infinite or mean is NaN or infinite, and the errors of
// [New].
func Normal[T Float](r *rand.Rand, mean, std T, shape ...int) (Tensor[T], error) {
	m, s := float64(mean), float64(std)
	if !(s >= 0) || math.IsInf(s, 0) || math.IsNaN(m) || math.IsInf(m, 0) {
		return Tensor[T]{}, errorf("Normal", layout.ErrArg, "mean %v and standard deviation %v: want finite values and std >= 0", mean, std)
	}
	if r == nil {
		return Tensor[T]{}, nilRand("Normal")
	}
	t, err := newTensor[T]("Normal", shape)
	if err != nil {
		return t, err
	}
	for i := range t.data {
		t.data[i] = T(m + float64(s*r.NormFloat64())) // rounded: no fused multiply-add
	}
	return t, nil
}

// RandInt returns a tensor of the given shape whose elements are drawn
// uniformly from the integers in [lo, hi) with r (r.Uint64N, without
// bias), in row-major order, like NumPy's integers(lo, hi). The same r
// state gives the same tensor.
//
// It returns an error wrapping layout.ErrArg when r is nil or lo >= hi,
// and the errors of [New].
func RandInt[T Integer](r *rand.Rand, lo, hi T, shape ...int) (Tensor[T], error) {
	if lo >= hi {
		return Tensor[T]{}, errorf("RandInt", layout.ErrArg, "empty range [%v, %v)", lo, hi)
	}
	if r == nil {
		return Tensor[T]{}, nilRand("RandInt")
	}
	t, err := newTensor[T]("RandInt", shape)
	if err != nil {
		return t, err
	}
	size := uint64(hi) - uint64(lo) // exact: two's complement wraps
	for i := range t.data {
		t.data[i] = lo + T(r.Uint64N(size))
	}
	return t, nil
}
