package npy

import "math"

// NumPy's float16 ('<f2', '>f2'): IEEE 754 binary16, a sign bit, 5 bits of
// exponent (bias 15) and 10 of significand. Go has no float16, so Read,
// Load and Get convert such data to float32 or float64, both of which hold
// every float16 value exactly, and [Float16] asks Write, Save and Put to
// store float32 or float64 data as float16, rounded as NumPy's astype
// rounds.

// halfToFloat32 returns the float32 of the float16 with bits h: exact, and
// a NaN keeps its sign and payload (the significand shifted to the top of
// float32's), as NumPy's conversion does.
func halfToFloat32(h uint16) float32 {
	sign := uint32(h&0x8000) << 16
	exp := uint32(h>>10) & 0x1f
	man := uint32(h & 0x3ff)
	switch exp {
	case 0x1f: // Inf or NaN
		return math.Float32frombits(sign | 0x7f800000 | man<<13)
	case 0: // zero or subnormal: man × 2^-24, exact in float32
		f := float32(man) * (1.0 / (1 << 24))
		if sign != 0 {
			f = -f
		}
		return f
	}
	return math.Float32frombits(sign | (exp+127-15)<<23 | man<<13)
}

// halfToFloat64 is halfToFloat32 to float64, also exact, a NaN's payload
// kept bit for bit (a float32 NaN converted by the FPU may be quieted).
func halfToFloat64(h uint16) float64 {
	if h&0x7c00 == 0x7c00 && h&0x3ff != 0 { // NaN
		return math.Float64frombits(uint64(h&0x8000)<<48 | 0x7ff0000000000000 | uint64(h&0x3ff)<<42)
	}
	return float64(halfToFloat32(h))
}

// float32ToHalf is float64ToHalf of a float32, a NaN's payload taken from
// its bits (the FPU's conversion to float64 would quiet a signaling NaN).
func float32ToHalf(f float32) uint16 {
	b := math.Float32bits(f)
	if b&0x7f800000 == 0x7f800000 && b&0x7fffff != 0 { // NaN
		p := uint16(b>>13) & 0x3ff
		if p == 0 {
			p = 1
		}
		return uint16(b>>16)&0x8000 | 0x7c00 | p
	}
	return float64ToHalf(float64(f))
}

// float64ToHalf returns the bits of the float16 nearest to f, ties to
// even (IEEE 754's default, and NumPy's): a magnitude that rounds past
// the largest float16 (65504) is ±Inf, one below half the smallest
// subnormal (2^-25) is ±0, and a NaN keeps its sign and the top 10 bits of
// its payload, or becomes the NaN with payload 1 when those are all 0 (so
// that it stays a NaN), as NumPy's astype(np.float16) does. A float32
// converts through float64 exactly, so the rounding is the same as from
// float32 directly.
func float64ToHalf(f float64) uint16 {
	b := math.Float64bits(f)
	sign := uint16(b>>48) & 0x8000
	exp := int(b>>52) & 0x7ff
	man := b & (1<<52 - 1)
	if exp == 0x7ff { // Inf or NaN
		if man == 0 {
			return sign | 0x7c00
		}
		p := uint16(man >> 42)
		if p == 0 {
			p = 1
		}
		return sign | 0x7c00 | p
	}
	e := exp - 1023 + 15 // the float16 exponent field of f's binade
	if e >= 31 {
		return sign | 0x7c00
	}
	// Keep the bits of the float16 significand (with the implicit bit for
	// a subnormal result, which has none) and round off the rest; a carry
	// out of the significand moves to the next binade, up to Inf.
	m, shift, bias := man, 42, uint64(e)<<10
	if e <= 0 {
		if exp == 0 { // a float64 subnormal: far below 2^-25
			return sign
		}
		m = man | 1<<52
		shift = 42 + 1 - e
		bias = 0
		if shift > 63 {
			return sign
		}
	}
	q := m >> shift
	rem := m & (1<<shift - 1)
	half := uint64(1) << (shift - 1)
	if rem > half || rem == half && q&1 == 1 {
		q++
	}
	return sign | uint16(bias+q)
}
