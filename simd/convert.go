package simd

import "github.com/tessera-go/tessera/internal/errs"

// cvtSet holds the conversion kernels of one level: widen converts n
// float32 to float64, narrow n float64 to float32, for n a positive
// multiple of width; with nt set they store with non-temporal hints, dst
// 64-byte aligned. With d and s the slices at dst and src, each is
//
//	for i := 0; i < n; i++ {
//		d[i] = float64(s[i]) // float32(s[i]) for narrow
//	}
type cvtSet struct {
	width  int
	widen  func(dst *float64, src *float32, n int, nt bool)
	narrow func(dst *float32, src *float64, n int, nt bool)
}

// Convert sets dst[i] = D(src[i]) for every i < len(dst), by Go's
// conversion rules (float64 to float32 rounds to nearest, even on ties;
// NaN stays NaN); src must hold at least len(dst) elements and must not
// overlap dst. float32 to float64 and float64 to float32 run assembly at
// the AVX2 and AVX-512 levels; other pairs are the Go loop. It returns an
// error wrapping ErrRange when src is shorter than dst, and writes
// nothing then.
func Convert[D, S Float](dst []D, src []S) error {
	return convert("Convert", dst, src, false)
}

// ConvertStream is Convert with non-temporal stores (see [Stream]): choose
// it when dst is much larger than L2 and will not be read again soon.
func ConvertStream[D, S Float](dst []D, src []S) error {
	return convert("ConvertStream", dst, src, true)
}

func convert[D, S Float](fn string, dst []D, src []S, nt bool) error {
	if len(src) < len(dst) {
		return errs.New("simd", fn, ErrRange, "src has %d elements, dst %d", len(src), len(dst))
	}
	t := active.Load()
	switch {
	case t.cvt == nil:
	case sizeOf[D]() == 8 && sizeOf[S]() == 4:
		cvtRun(t.cvt.width, t.cvt.widen, as[float64](dst), as[float32](src), nt)
		return nil
	case sizeOf[D]() == 4 && sizeOf[S]() == 8:
		cvtRun(t.cvt.width, t.cvt.narrow, as[float32](dst), as[float64](src), nt)
		return nil
	}
	convertGo(dst, src)
	return nil
}

// cvtRun runs kernel k over whole blocks of width elements and the Go loop
// over the rest, as arithRun does.
func cvtRun[D, S float32 | float64](width int, k func(dst *D, src *S, n int, nt bool), d []D, s []S, nt bool) {
	head := streamHead(d, &nt)
	body := (len(d) - head) &^ (width - 1)
	if body == 0 {
		convertGo(d, s)
		return
	}
	convertGo(d[:head], s[:head])
	for i := head; i < head+body; {
		n := min(arithChunk, head+body-i)
		k(&d[i], &s[i], n, nt)
		i += n
	}
	end := head + body
	convertGo(d[end:], s[end:len(d)])
}

// convertGo is the Go twin of the conversion kernels.
func convertGo[D, S Float](d []D, s []S) {
	s = s[:len(d)]
	for i := range d {
		d[i] = D(s[i])
	}
}
