package simd

import "github.com/tessera-go/tessera/internal/errs"

// Select sets dst[i] = x[i] where mask[i] is true and y[i] where it is
// false, for every i < len(dst): NumPy's where(mask, x, y) of contiguous
// operands, bit for bit. mask, x and y must hold at least len(dst)
// elements; dst may be x or y (the same first element) but must not
// overlap them otherwise. At the AVX2 and AVX-512 levels, elements of 4
// and 8 bytes are selected a vector at a time (AVX-512: y loaded, then x
// loaded over it under the mask; AVX2: VBLENDVPS/PD by the mask's bytes
// widened to lanes); the Go twin selects the bits of the others with no
// branch. It returns an error wrapping ErrRange, writing nothing, when an
// input is shorter than dst.
func Select[T Element](dst []T, mask []bool, x, y []T) error {
	return selectCall("Select", dst, mask, x, y, false)
}

// SelectStream is Select with non-temporal stores where the level has
// them (see [Stream]): choose it for a destination much larger than L2
// that will not be read again soon; the result is the same.
func SelectStream[T Element](dst []T, mask []bool, x, y []T) error {
	return selectCall("SelectStream", dst, mask, x, y, true)
}

// selectKernel is an assembly Select over n elements, a multiple of w;
// with nt, dst is 64-byte aligned and the stores are non-temporal.
type selectKernel[E uint32 | uint64] struct {
	fn func(dst, x, y *E, mask *bool, n int, nt bool)
	w  int
}

func selectCall[T Element](fn string, dst []T, mask []bool, x, y []T, nt bool) error {
	for _, in := range []struct {
		name string
		n    int
	}{{"mask", len(mask)}, {"x", len(x)}, {"y", len(y)}} {
		if in.n < len(dst) {
			return errs.New("simd", fn, ErrRange, "%s has %d elements, dst %d", in.name, in.n, len(dst))
		}
	}
	i := 0
	t := active.Load()
	switch sizeOf[T]() {
	case 4:
		if k := t.sel32; k.fn != nil {
			i = selectVec(k, as[uint32](dst), mask, as[uint32](x), as[uint32](y), nt)
		}
	case 8:
		if k := t.sel64; k.fn != nil {
			i = selectVec(k, as[uint64](dst), mask, as[uint64](x), as[uint64](y), nt)
		}
	}
	selectGo(dst[i:], mask[i:], x[i:], y[i:])
	return nil
}

// selectVec runs k over the whole vectors of dst (from its first 64-byte
// line when streaming, the head before it by the Go twin), in chunks of at
// most arithChunk elements (the kernels cannot be preempted), and returns
// how many elements it did.
func selectVec[E uint32 | uint64](k selectKernel[E], dst []E, mask []bool, x, y []E, nt bool) int {
	i := streamHead(dst, &nt) // complex64 elements may lie 4 bytes off 8
	selectGo(dst[:i], mask, x, y)
	for {
		n := min(arithChunk, len(dst)-i) &^ (k.w - 1)
		if n == 0 {
			return i
		}
		k.fn(&dst[i], &x[i], &y[i], &mask[i], n, nt)
		i += n
	}
}

// selectGo is Select's twin: the bits of x or y by the mask byte widened
// to all ones or zeros, no branch to mispredict on a random mask.
func selectGo[T Element](dst []T, mask []bool, x, y []T) {
	c := as[byte](mask)
	switch sizeOf[T]() {
	case 1:
		selectBits(as[uint8](dst), c, as[uint8](x), as[uint8](y))
	case 2:
		selectBits(as[uint16](dst), c, as[uint16](x), as[uint16](y))
	case 4:
		selectBits(as[uint32](dst), c, as[uint32](x), as[uint32](y))
	case 8:
		selectBits(as[uint64](dst), c, as[uint64](x), as[uint64](y))
	default:
		x, y, mask = x[:len(dst)], y[:len(dst)], mask[:len(dst)]
		for i := range dst {
			if mask[i] {
				dst[i] = x[i]
			} else {
				dst[i] = y[i]
			}
		}
	}
}

func selectBits[W uint8 | uint16 | uint32 | uint64](d []W, c []byte, x, y []W) {
	c, x, y = c[:len(d)], x[:len(d)], y[:len(d)]
	for i := range d {
		d[i] = y[i] ^ (x[i]^y[i])&-W(c[i]&1)
	}
}
