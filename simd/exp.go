package simd

import (
	"math"

	"github.com/tessera-go/tessera/internal/errs"
	"github.com/tessera-go/tessera/internal/loops"
)

// Exp sets dst[i] = e**x[i] for every i < len(dst); x must hold at least
// len(dst) elements, and dst may be x (in place) but must not overlap it
// otherwise. float32 elements are computed as loops.Exp32 computes them
// (in float64: a clamp, a reduction by ln(2), a degree-9 polynomial by
// fused multiply-adds and an exact scaling, rounded to float32 once), the
// same bits at every level: at AVX-512 eight elements at a time
// (VRNDSCALEPD, VSCALEFPD), at AVX2 with FMA four. float64 elements are
// math.Exp's, at every level. It returns an error wrapping ErrRange,
// writing nothing, when x is shorter than dst.
func Exp[T Float](dst, x []T) error {
	if len(x) < len(dst) {
		return errs.New("simd", "Exp", ErrRange, "x has %d elements, dst %d", len(x), len(dst))
	}
	if sizeOf[T]() == 8 {
		d, s := as[float64](dst), as[float64](x)
		for i := range d {
			d[i] = math.Exp(s[i])
		}
		return nil
	}
	d, s := as[float32](dst), as[float32](x)
	i := 0
	if k := active.Load().exp32; k.fn != nil {
		for {
			n := min(arithChunk, len(d)-i) &^ (k.w - 1)
			if n == 0 {
				break
			}
			k.fn(&d[i], &s[i], n, &loops.ExpConst)
			i += n
		}
	}
	loops.Exp32s(d[i:], s[i:len(d)])
	return nil
}

// expKernel is an assembly Exp of float32 over n elements, a multiple of
// w, with the constants of loops.ExpConst.
type expKernel struct {
	fn func(dst, x *float32, n int, c *[14]float64)
	w  int
}
