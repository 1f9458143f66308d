package simd

import "github.com/tessera-go/tessera/internal/errs"

// ReplaceNaN sets dst[i] = x[i] for every i < len(dst), or v where x[i] is
// NaN; x must hold at least len(dst) elements, and dst may be x (in
// place) but must not overlap it otherwise. Every other element, -0 and
// the infinities included, is copied bit for bit. At the AVX2 and AVX-512
// levels a vector is compared with itself (unordered: NaN) and v blended
// in. It returns an error wrapping ErrRange, writing nothing, when x is
// shorter than dst.
func ReplaceNaN[T Float](dst, x []T, v T) error {
	if len(x) < len(dst) {
		return errs.New("simd", "ReplaceNaN", ErrRange, "x has %d elements, dst %d", len(x), len(dst))
	}
	i := 0
	t := active.Load()
	switch sizeOf[T]() {
	case 4:
		if k := t.nan32; k.fn != nil {
			i = replaceVec(k, as[float32](dst), as[float32](x), scalarAs[float32](v))
		}
	case 8:
		if k := t.nan64; k.fn != nil {
			i = replaceVec(k, as[float64](dst), as[float64](x), scalarAs[float64](v))
		}
	}
	replaceGo(dst[i:], x[i:len(dst)], v)
	return nil
}

// nanKernel is an assembly ReplaceNaN over n elements, a multiple of w.
type nanKernel[E float32 | float64] struct {
	fn func(dst, x *E, n int, v E)
	w  int
}

// replaceVec runs k over the whole vectors of dst, in chunks of at most
// arithChunk elements (the kernels cannot be preempted), and returns how
// many elements it did.
func replaceVec[E float32 | float64](k nanKernel[E], dst, x []E, v E) int {
	i := 0
	for {
		n := min(arithChunk, len(dst)-i) &^ (k.w - 1)
		if n == 0 {
			return i
		}
		k.fn(&dst[i], &x[i], n, v)
		i += n
	}
}

// replaceGo is ReplaceNaN's twin.
func replaceGo[T Float](dst, x []T, v T) {
	x = x[:len(dst)]
	for i, e := range x {
		if e != e {
			e = v
		}
		dst[i] = e
	}
}
