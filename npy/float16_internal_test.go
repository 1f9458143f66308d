package npy

import (
	"math"
	"testing"
)

// TestFloat16RoundTrip checks that every float16 converts to float32 and
// float64 and back to its own bits, NaN payloads included, and that the
// neighbours of each finite float16's ties round to the nearer value.
func TestFloat16RoundTrip(t *testing.T) {
	for i := range 1 << 16 {
		h := uint16(i)
		if g := float32ToHalf(halfToFloat32(h)); g != h {
			t.Fatalf("%#04x through float32 gives %#04x", h, g)
		}
		if g := float64ToHalf(halfToFloat64(h)); g != h {
			t.Fatalf("%#04x through float64 gives %#04x", h, g)
		}
		if h&0x7fff >= 0x7bff { // the largest finite and beyond: no finite next
			continue
		}
		lo, hi := halfToFloat64(h), halfToFloat64(h+1)
		if h&0x8000 != 0 || math.IsInf(hi, 0) {
			continue
		}
		mid := lo + (hi-lo)/2 // exact: float64 has the bits
		even := h
		if h&1 == 1 {
			even = h + 1
		}
		if g := float64ToHalf(mid); g != even {
			t.Fatalf("the tie between %#04x and %#04x gives %#04x, want %#04x", h, h+1, g, even)
		}
		if g := float64ToHalf(math.Nextafter(mid, math.Inf(-1))); g != h {
			t.Fatalf("just below the tie above %#04x gives %#04x", h, g)
		}
		if g := float64ToHalf(math.Nextafter(mid, math.Inf(1))); g != h+1 {
			t.Fatalf("just above the tie above %#04x gives %#04x", h, g)
		}
	}
	for _, c := range []struct {
		f    float64
		want uint16
	}{
		{65504, 0x7bff}, {65519.99, 0x7bff}, {65520, 0x7c00}, {-1e300, 0xfc00},
		{math.Ldexp(1, -24), 0x0001}, {math.Ldexp(1, -25), 0}, {math.Ldexp(1.5, -25), 0x0001},
		{-math.Ldexp(1, -25), 0x8000}, {math.SmallestNonzeroFloat64, 0}, {math.Copysign(0, -1), 0x8000},
		{math.Ldexp(1, -14), 0x0400}, {math.Ldexp(1023.5, -24), 0x0400},
	} {
		if g := float64ToHalf(c.f); g != c.want {
			t.Errorf("float64ToHalf(%v) = %#04x, want %#04x", c.f, g, c.want)
		}
	}
}
