package simd

import (
	"github.com/tessera-go/tessera/internal/errs"
	"github.com/tessera-go/tessera/internal/loops"
)

// Clip sets dst[i] to x[i] clipped to [lo, hi] for every i < len(dst):
// Min(Max(x[i], lo), hi) by the rules of [Max] and [Min], so a NaN element
// stays NaN (its bits), an element equal to lo or hi gives lo or hi, and
// lo above hi gives hi. x must hold at least len(dst) elements; dst may
// be x (in place) but must not overlap it otherwise. At the AVX2 and
// AVX-512 levels it takes a vector's maximum with lo and minimum with hi
// and moves the NaN elements back in, one pass; with a NaN lo or hi the Go
// twin runs. It returns an error wrapping ErrRange, writing nothing, when
// x is shorter than dst.
func Clip[T Float](dst, x []T, lo, hi T) error {
	return clipCall("Clip", dst, x, lo, hi, false)
}

// ClipStream is Clip with non-temporal stores where the level has them
// (see [Stream]).
func ClipStream[T Float](dst, x []T, lo, hi T) error {
	return clipCall("ClipStream", dst, x, lo, hi, true)
}

// clipKernel is an assembly Clip over n elements, a multiple of w; with
// nt, dst is 64-byte aligned and the stores are non-temporal.
type clipKernel[E float32 | float64] struct {
	fn func(dst, x *E, n int, lo, hi E, nt bool)
	w  int
}

func clipCall[T Float](fn string, dst, x []T, lo, hi T, nt bool) error {
	if len(x) < len(dst) {
		return errs.New("simd", fn, ErrRange, "x has %d elements, dst %d", len(x), len(dst))
	}
	i := 0
	if lo == lo && hi == hi {
		t := active.Load()
		switch sizeOf[T]() {
		case 4:
			if k := t.clip32; k.fn != nil {
				i = clipVec(k, as[float32](dst), as[float32](x), scalarAs[float32](lo), scalarAs[float32](hi), nt)
			}
		case 8:
			if k := t.clip64; k.fn != nil {
				i = clipVec(k, as[float64](dst), as[float64](x), scalarAs[float64](lo), scalarAs[float64](hi), nt)
			}
		}
	}
	clipGo(dst[i:], x[i:], lo, hi)
	return nil
}

// clipVec runs k over the whole vectors of dst (from its first 64-byte
// line when streaming, the head before it by the Go twin), in chunks of
// at most arithChunk elements, and returns how many elements it did.
func clipVec[E float32 | float64](k clipKernel[E], dst, x []E, lo, hi E, nt bool) int {
	i := streamHead(dst, &nt)
	clipGo(dst[:i], x, lo, hi)
	for {
		n := min(arithChunk, len(dst)-i) &^ (k.w - 1)
		if n == 0 {
			return i
		}
		k.fn(&dst[i], &x[i], n, lo, hi, nt)
		i += n
	}
}

// clipGo is Clip's twin.
func clipGo[T Float](dst, x []T, lo, hi T) {
	x = x[:len(dst)]
	for i, e := range x {
		dst[i] = loops.Min(loops.Max(e, lo), hi)
	}
}
