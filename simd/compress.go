package simd

import (
	"unsafe"

	"github.com/tessera-go/tessera/internal/errs"
)

// Compress copies the elements x[i] whose mask[i] is true to the front of
// dst, in order, and returns how many of mask[:len(x)] are true; it writes
// the first min(that, len(dst)) of them, nothing past len(dst), and may
// overwrite up to a vector's worth (64 bytes) of the elements of dst just
// past them. It is NumPy's x[mask] of a contiguous x. At the AVX2 and AVX-512 levels, elements of 4 and 8 bytes
// are moved a vector at a time (AVX-512's VPCOMPRESSD/Q into a register,
// AVX2's VPERMD through a table of permutations), each vector stored whole
// and the next one overwriting what lies past its selected elements;
// the Go twin does the rest, and all of it for other sizes and levels.
// It returns an error wrapping ErrRange, writing nothing, when mask is
// shorter than x.
func Compress[T Element](dst, x []T, mask []bool) (int, error) {
	if len(mask) < len(x) {
		return 0, errs.New("simd", "Compress", ErrRange, "mask has %d elements, x %d", len(mask), len(x))
	}
	i, k := 0, 0
	t := active.Load()
	switch sizeOf[T]() {
	case 4:
		if c := t.comp32; c.fn != nil {
			i, k = compressVec(c, as[uint32](dst), as[uint32](x), mask)
		}
	case 8:
		if c := t.comp64; c.fn != nil {
			i, k = compressVec(c, as[uint64](dst), as[uint64](x), mask)
		}
	}
	return compressGo(dst, x, mask, i, k), nil
}

// compressKernel is an assembly compress: over n elements of x (a
// multiple of w), it stores the selected ones from dst on, writing whole
// vectors (so up to n elements of dst), and returns how many it selected.
type compressKernel[E uint32 | uint64] struct {
	fn func(dst, x *E, mask *bool, n int) int
	w  int
}

// compressVec runs c over x in chunks of at most arithChunk elements (the
// kernels cannot be preempted) while dst has room for a chunk's whole
// vectors, and returns how far it got in x and in dst.
func compressVec[E uint32 | uint64](c compressKernel[E], dst, x []E, mask []bool) (i, k int) {
	for {
		n := min(arithChunk, len(x)-i, len(dst)-k) &^ (c.w - 1)
		if n == 0 {
			return i, k
		}
		k += c.fn(&dst[k], &x[i], &mask[i], n)
		i += n
	}
}

// compressGo is Compress's twin, from element i of x and k of dst on: it
// writes each element at dst[k] while there is room and advances k past
// the selected ones, so dst[k] past them holds the last one not selected.
func compressGo[T Element](dst, x []T, mask []bool, i, k int) int {
	mask = mask[:len(x)]
	for ; i < len(x); i++ {
		if k < len(dst) {
			dst[k] = x[i]
		}
		k += int(*(*uint8)(unsafe.Pointer(&mask[i])) & 1)
	}
	return k
}
