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
