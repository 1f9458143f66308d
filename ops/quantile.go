package ops

import (
	"math"
	"strconv"
	"unsafe"

	"github.com/tessera-go/tessera/internal/sorts"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/tensor"
)

// QuantileMethod is how Quantile takes a quantile that falls between two
// elements of the sorted lane, NumPy's method argument (of its methods,
// the five it had before 1.22).
type QuantileMethod uint8

// The methods. With the lane's m elements sorted as x[0] <= ... <=
// x[m-1] and h = (m-1)q:
const (
	QuantileLinear   QuantileMethod = iota // x[⌊h⌋] + (h-⌊h⌋)(x[⌊h⌋+1] - x[⌊h⌋]), NumPy's default
	QuantileLower                          // x[⌊h⌋]
	QuantileHigher                         // x[⌈h⌉]
	QuantileNearest                        // x[h rounded, halves to even]
	QuantileMidpoint                       // (x[⌊h⌋] + x[⌈h⌉]) / 2
	numQuantileMethods
)

var quantileNames = [numQuantileMethods]string{"linear", "lower", "higher", "nearest", "midpoint"}

// String returns NumPy's name of the method ("linear", ...).
func (m QuantileMethod) String() string {
	if m < numQuantileMethods {
		return quantileNames[m]
	}
	return "QuantileMethod(" + strconv.Itoa(int(m)) + ")"
}

// Quantile returns the q-th quantile (0 <= q <= 1) of the elements of v
// along axes (all of them when none are given), NumPy's quantile with
// method: a new row-major tensor of the shape with the reduced axes
// dropped. A lane that holds a NaN gives NaN, as NumPy's. The
// interpolation is NumPy's: the difference of the two elements taken in
// T, the rest in float64, then rounded to T (NumPy 1.24 returns that
// float64 for float32 input); as NumPy's and PyTorch's it is NaN between
// an infinity and another element from the infinity's side (t >= 0.5),
// but where the quantile falls on an element it is that element (plus 0,
// so -0 gives +0 as in NumPy), where NumPy 1.24 gives NaN next to an
// infinity. Lanes short enough for a sorting network (or an insertion
// sort) are sorted; from longer ones the one or two elements needed are
// found by a radix selection (internal/sorts.Select) of keys that order
// as the values do. The quantiles are of floating-point tensors, as Mean
// is: NumPy computes an integer array's in float64, so convert one first
// (Convert[float64]); Sort, TopK and Partition order integers as they are.
//
// It returns an error wrapping layout.ErrArg for a q outside [0, 1] (NaN
// too) or an unknown method, ErrEmpty for a reduction of no elements into
// one or more, layout.ErrAxis or layout.ErrDuplicateAxis for bad axes,
// and layout.ErrOverflow for a result too large.
func Quantile[T tensor.Float, V tensor.Operand[T]](v V, q float64, method QuantileMethod, axes ...int) (tensor.Tensor[T], error) {
	return quantileNew("Quantile", tensor.View[T](v), quantileSpec{q: q, method: method}, axes, false)
}

// QuantileKeepDims is Quantile keeping the reduced axes as size 1.
func QuantileKeepDims[T tensor.Float, V tensor.Operand[T]](v V, q float64, method QuantileMethod, axes ...int) (tensor.Tensor[T], error) {
	return quantileNew("QuantileKeepDims", tensor.View[T](v), quantileSpec{q: q, method: method}, axes, true)
}

// QuantileInto writes Quantile of v into dst, whose shape is the result's
// with the reduced axes dropped or kept as size 1; dst may share memory
// with v. It returns the errors of Quantile, and layout.ErrShape or
// layout.ErrOverlap for dst; nothing is written on error.
func QuantileInto[T tensor.Float, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V, q float64, method QuantileMethod, axes ...int) error {
	return quantileInto("QuantileInto", operandOf[T](&dst), tensor.View[T](v), quantileSpec{q: q, method: method}, axes)
}

// NanQuantile is Quantile of the elements of v that are not NaN,
// NumPy's nanquantile: NaN where a lane holds nothing else.
func NanQuantile[T tensor.Float, V tensor.Operand[T]](v V, q float64, method QuantileMethod, axes ...int) (tensor.Tensor[T], error) {
	return quantileNew("NanQuantile", tensor.View[T](v), quantileSpec{q: q, method: method, skipNaN: true}, axes, false)
}

// NanQuantileKeepDims is NanQuantile keeping the reduced axes as size 1.
func NanQuantileKeepDims[T tensor.Float, V tensor.Operand[T]](v V, q float64, method QuantileMethod, axes ...int) (tensor.Tensor[T], error) {
	return quantileNew("NanQuantileKeepDims", tensor.View[T](v), quantileSpec{q: q, method: method, skipNaN: true}, axes, true)
}

// NanQuantileInto writes NanQuantile of v into dst, as QuantileInto does.
func NanQuantileInto[T tensor.Float, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V, q float64, method QuantileMethod, axes ...int) error {
	return quantileInto("NanQuantileInto", operandOf[T](&dst), tensor.View[T](v), quantileSpec{q: q, method: method, skipNaN: true}, axes)
}

// Median returns the median of the elements of v along axes (all of them
// when none are given), NumPy's median: the middle element of each sorted
// lane, or the mean of the two middle ones, computed as NumPy does ((0 +
// a + b) / 2 in T, so that -0 gives +0); NaN where the lane holds a NaN.
// An integer tensor's median is its float64 conversion's, as NumPy's (see
// the example). The errors of Quantile but for q and the method.
func Median[T tensor.Float, V tensor.Operand[T]](v V, axes ...int) (tensor.Tensor[T], error) {
	return quantileNew("Median", tensor.View[T](v), quantileSpec{median: true}, axes, false)
}

// MedianKeepDims is Median keeping the reduced axes as size 1.
func MedianKeepDims[T tensor.Float, V tensor.Operand[T]](v V, axes ...int) (tensor.Tensor[T], error) {
	return quantileNew("MedianKeepDims", tensor.View[T](v), quantileSpec{median: true}, axes, true)
}

// MedianInto writes Median of v into dst, as QuantileInto does.
func MedianInto[T tensor.Float, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V, axes ...int) error {
	return quantileInto("MedianInto", operandOf[T](&dst), tensor.View[T](v), quantileSpec{median: true}, axes)
}

// NanMedian is Median of the elements of v that are not NaN, NumPy's
// nanmedian: NaN where a lane holds nothing else.
func NanMedian[T tensor.Float, V tensor.Operand[T]](v V, axes ...int) (tensor.Tensor[T], error) {
	return quantileNew("NanMedian", tensor.View[T](v), quantileSpec{median: true, skipNaN: true}, axes, false)
}

// NanMedianKeepDims is NanMedian keeping the reduced axes as size 1.
func NanMedianKeepDims[T tensor.Float, V tensor.Operand[T]](v V, axes ...int) (tensor.Tensor[T], error) {
	return quantileNew("NanMedianKeepDims", tensor.View[T](v), quantileSpec{median: true, skipNaN: true}, axes, true)
}

// NanMedianInto writes NanMedian of v into dst, as QuantileInto does.
func NanMedianInto[T tensor.Float, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V, axes ...int) error {
	return quantileInto("NanMedianInto", operandOf[T](&dst), tensor.View[T](v), quantileSpec{median: true, skipNaN: true}, axes)
}

// Percentile returns the p-th percentile (0 <= p <= 100) of the
// elements of v along axes (all of them when none are given), NumPy's
// percentile with method: Quantile at q = p/100 (the division in
// float64, as NumPy's). The errors of Quantile, ErrArg for a p outside
// [0, 100].
func Percentile[T tensor.Float, V tensor.Operand[T]](v V, p float64, method QuantileMethod, axes ...int) (tensor.Tensor[T], error) {
	return quantileNew("Percentile", tensor.View[T](v), quantileSpec{q: p, percent: true, method: method}, axes, false)
}

// PercentileKeepDims is Percentile keeping the reduced axes as size 1.
func PercentileKeepDims[T tensor.Float, V tensor.Operand[T]](v V, p float64, method QuantileMethod, axes ...int) (tensor.Tensor[T], error) {
	return quantileNew("PercentileKeepDims", tensor.View[T](v), quantileSpec{q: p, percent: true, method: method}, axes, true)
}

// PercentileInto writes Percentile of v into dst, as QuantileInto does.
func PercentileInto[T tensor.Float, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V, p float64, method QuantileMethod, axes ...int) error {
	return quantileInto("PercentileInto", operandOf[T](&dst), tensor.View[T](v), quantileSpec{q: p, percent: true, method: method}, axes)
}

// NanPercentile is Percentile of the elements of v that are not NaN,
// NumPy's nanpercentile: NaN where a lane holds nothing else.
func NanPercentile[T tensor.Float, V tensor.Operand[T]](v V, p float64, method QuantileMethod, axes ...int) (tensor.Tensor[T], error) {
	return quantileNew("NanPercentile", tensor.View[T](v), quantileSpec{q: p, percent: true, method: method, skipNaN: true}, axes, false)
}

// NanPercentileKeepDims is NanPercentile keeping the reduced axes as
// size 1.
func NanPercentileKeepDims[T tensor.Float, V tensor.Operand[T]](v V, p float64, method QuantileMethod, axes ...int) (tensor.Tensor[T], error) {
	return quantileNew("NanPercentileKeepDims", tensor.View[T](v), quantileSpec{q: p, percent: true, method: method, skipNaN: true}, axes, true)
}

// NanPercentileInto writes NanPercentile of v into dst, as QuantileInto
// does.
func NanPercentileInto[T tensor.Float, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V, p float64, method QuantileMethod, axes ...int) error {
	return quantileInto("NanPercentileInto", operandOf[T](&dst), tensor.View[T](v), quantileSpec{q: p, percent: true, method: method, skipNaN: true}, axes)
}

// quantileSpec is one quantile reduction: Median's rule, or the q-th
// quantile by method (q a percentage where percent is set, until check
// divides it by 100); skipNaN leaves NaN out of the lanes.
type quantileSpec struct {
	q       float64
	method  QuantileMethod
	median  bool
	percent bool
	skipNaN bool
}

// check returns the error of op for a q outside [0, 1] (a p outside [0,
// 100]) or an unknown method, and turns a percentage into a quantile.
func (s *quantileSpec) check(op string) error {
	if s.median {
		return nil
	}
	if s.percent {
		if !(s.q >= 0 && s.q <= 100) {
			return errorf(op, layout.ErrArg, "p %v is not in [0, 100]", s.q)
		}
		s.q, s.percent = s.q/100, false
	}
	if !(s.q >= 0 && s.q <= 1) {
		return errorf(op, layout.ErrArg, "q %v is not in [0, 1]", s.q)
	}
	if s.method >= numQuantileMethods {
		return errorf(op, layout.ErrArg, "unknown method %v", s.method)
	}
	return nil
}

func quantileNew[T tensor.Float](op string, v tensor.View[T], s quantileSpec, axes []int, keepDims bool) (tensor.Tensor[T], error) {
	if err := s.check(op); err != nil {
		return tensor.Tensor[T]{}, err
	}
	return keptNew(op, v.Layout(), axes, keepDims, func(d *operand[T], shape []int, set uint64) error {
		return quantileRun(op, &s, d, v, shape, set)
	})
}

func quantileInto[T tensor.Float](op string, dst *operand[T], v tensor.View[T], s quantileSpec, axes []int) error {
	if err := s.check(op); err != nil {
		return err
	}
	return keptInto(op, dst, v, axes, func(d *operand[T], shape []int, set uint64) error {
		return quantileRun(op, &s, d, v, shape, set)
	})
}

// quantileRun computes the quantiles of s of v over the axes of set into
// d, of the kept shape: each lane copied into a buffer by sortLanes and
// its elements selected there.
func quantileRun[T tensor.Float](op string, s *quantileSpec, d *operand[T], v tensor.View[T], shape []int, set uint64) error {
	if err := emptyReduction(op, shape, set, len(d.data)); err != nil {
		return err
	}
	sortLanes(d, operandOf(&v), set, false, func(sc *scratch, out, in []T) {
		n := len(in)
		keys, buf := scratchOrMake[T](sc, 0, n), scratchOrMake[T](sc, 1, n)
		if unsafe.Sizeof(in[0]) == 4 {
			out[0] = quantileLane[uint32](in, keys, buf, s)
		} else {
			out[0] = quantileLane[uint64](in, keys, buf, s)
		}
	})
	return nil
}

// quantileLane returns the quantile of s of the lane x, with keys and buf
// (as long as x) as scratch for the keys of K (of T's size).
func quantileLane[K sorts.Key, T tensor.Float](x, keys, buf []T, s *quantileSpec) T {
	nan := 0
	for _, e := range x {
		if e != e {
			nan++
		}
	}
	m := len(x) - nan // the numbers: the first m keys, NaN's keys are above
	if nan > 0 && !s.skipNaN || m == 0 {
		return T(math.NaN())
	}
	ks, kb := bitsOf[K](keys), bitsOf[K](buf)
	copy(ks, bitsOf[K](x))
	var at func(i int) T // the i-th smallest element
	if sorts.Short[K](len(ks)) {
		// So few elements are sorted (by a network, in registers), not
		// selected from: NaN last, as their keys.
		sorts.Values(ks, kb, sorts.Float, false)
		at = func(i int) T { return keys[i] }
	} else {
		sorts.ToKeys(ks, sorts.Float, false)
		at = func(i int) T {
			k := []K{sorts.Select(ks, kb, i)}
			sorts.FromKeys(k, sorts.Float, false)
			return *(*T)(unsafe.Pointer(&k[0]))
		}
	}
	if s.median {
		mid := at((m - 1) / 2)
		if m%2 == 1 {
			return (0 + mid) / 1 // NumPy's mean of one element: +0 for -0
		}
		var zero T
		return (zero + mid + at(m/2)) / 2
	}
	h := float64(m-1) * s.q
	lo := math.Floor(h)
	switch s.method {
	case QuantileLower:
		return at(int(lo))
	case QuantileHigher:
		return at(int(math.Ceil(h)))
	case QuantileNearest:
		return at(int(math.RoundToEven(h)))
	}
	t := h - lo
	if s.method == QuantileMidpoint && t > 0 {
		t = 0.5
	}
	if t == 0 { // h on an element (q = 1 included)
		return quantileLerp(at(int(lo)), 0, 0)
	}
	return quantileLerp(at(int(lo)), at(int(lo)+1), t)
}

// quantileLerp is NumPy's interpolation between a and b at t in [0, 1]:
// the difference b - a in T, the rest in float64 (NumPy 1.24's
// promotion), from b's side where t >= 0.5, rounded to T. At t = 0 it is
// a + 0 (-0 gives +0, as NumPy's a + (b-a)*0), where NumPy gives NaN if
// b or a is infinite.
func quantileLerp[T tensor.Float](a, b T, t float64) T {
	if t == 0 {
		return a + 0
	}
	diff := float64(b - a)
	if t >= 0.5 {
		return T(float64(b) - diff*(1-t))
	}
	return T(float64(a) + diff*t)
}
