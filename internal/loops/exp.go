package loops

import "math"

// ExpConst holds the constants of Exp32, in the order the vector kernels
// of simd.Exp load them: the clamp bounds, log2(e), ln(2), then the
// coefficients c0..c9 of the polynomial, 1/i!.
var ExpConst = [14]float64{
	-200, 200, math.Log2E, math.Ln2,
	1, 1, 1.0 / 2, 1.0 / 6, 1.0 / 24, 1.0 / 120, 1.0 / 720, 1.0 / 5040, 1.0 / 40320, 1.0 / 362880,
}

// Exp32 returns e**x as a float32, computed in float64 by the steps the
// vector kernels of simd.Exp take, so that every level gives its bits:
// x clamped to [-200, 200] (beyond it the result is 0 or +Inf anyway),
// k = x·log2(e) rounded to even, r = x - k·ln(2) by one fused
// multiply-add, exp(r) by the degree-9 Taylor polynomial in Horner's form
// (fused multiply-adds; its error, below 1e-11 of the result for
// |r| <= ln(2)/2, is far under float32's half unit), scaled by 2^k exactly
// and rounded to float32 once. NaN is returned as it is. The result is
// the correctly rounded e**x but where e**x lies within about 1e-11 of a
// rounding boundary (then one unit off), and +Inf, 0 and the subnormals
// where float32 has them.
func Exp32(x float32) float32 {
	if x != x {
		return x
	}
	c := &ExpConst
	d := min(max(float64(x), c[0]), c[1])
	k := math.RoundToEven(d * c[2])
	r := math.FMA(-k, c[3], d)
	p := c[13]
	for i := 12; i >= 4; i-- {
		p = math.FMA(p, r, c[i])
	}
	// 2^k from its bits: |k| <= 289, a normal float64, so p·2^k is exact.
	return float32(p * math.Float64frombits(uint64(int64(k)+1023)<<52))
}

// Exp32s sets d[i] = Exp32(x[i]).
func Exp32s(d, x []float32) {
	x = x[:len(d)]
	for i, e := range x {
		d[i] = Exp32(e)
	}
}
