//go:build amd64 && !purego

package simd

// arg32 and arg64 run the arg kernel of Max (Min unless max) at level isa,
// AVX2 or AVX512: see argKernel.
func arg32(isa ISA, max bool, p *[4]*float32, n int, vals *float32, idxs *int32) {
	switch {
	case isa == AVX512 && max:
		argMax32AVX512(p, n, vals, idxs)
	case isa == AVX512:
		argMin32AVX512(p, n, vals, idxs)
	case max:
		argMax32AVX2(p, n, vals, idxs)
	default:
		argMin32AVX2(p, n, vals, idxs)
	}
}

func arg64(isa ISA, max bool, p *[4]*float64, n int, vals *float64, idxs *int64) {
	switch {
	case isa == AVX512 && max:
		argMax64AVX512(p, n, vals, idxs)
	case isa == AVX512:
		argMin64AVX512(p, n, vals, idxs)
	case max:
		argMax64AVX2(p, n, vals, idxs)
	default:
		argMin64AVX2(p, n, vals, idxs)
	}
}

//go:noescape
func argMax32AVX512(p *[4]*float32, n int, vals *float32, idxs *int32)

//go:noescape
func argMin32AVX512(p *[4]*float32, n int, vals *float32, idxs *int32)

//go:noescape
func argMax64AVX512(p *[4]*float64, n int, vals *float64, idxs *int64)

//go:noescape
func argMin64AVX512(p *[4]*float64, n int, vals *float64, idxs *int64)

//go:noescape
func argMax32AVX2(p *[4]*float32, n int, vals *float32, idxs *int32)

//go:noescape
func argMin32AVX2(p *[4]*float32, n int, vals *float32, idxs *int32)

//go:noescape
func argMax64AVX2(p *[4]*float64, n int, vals *float64, idxs *int64)

//go:noescape
func argMin64AVX2(p *[4]*float64, n int, vals *float64, idxs *int64)

// argShort32 and argShort64 run the short-row arg kernel of Max (Min
// unless max) over rows rows of n elements, stride elements apart, from
// x, into idx: see argShortRows.
func argShort32(max bool, idx *int, x *float32, stride, rows, n, tail int) {
	if max {
		argShortMax32AVX512(idx, x, stride*4, rows, n, tail)
		return
	}
	argShortMin32AVX512(idx, x, stride*4, rows, n, tail)
}

func argShort64(max bool, idx *int, x *float64, stride, rows, n, tail int) {
	if max {
		argShortMax64AVX512(idx, x, stride*8, rows, n, tail)
		return
	}
	argShortMin64AVX512(idx, x, stride*8, rows, n, tail)
}

//go:noescape
func argShortMax32AVX512(idx *int, x *float32, stride, rows, n, tail int)

//go:noescape
func argShortMin32AVX512(idx *int, x *float32, stride, rows, n, tail int)

//go:noescape
func argShortMax64AVX512(idx *int, x *float64, stride, rows, n, tail int)

//go:noescape
func argShortMin64AVX512(idx *int, x *float64, stride, rows, n, tail int)
