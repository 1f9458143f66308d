//go:build amd64 && !purego

package simd

// The Clip kernels of the AVX2 and AVX512 levels (table.clip32,
// table.clip64).

//go:noescape
func clip32AVX2(dst, x *float32, n int, lo, hi float32, nt bool)

//go:noescape
func clip64AVX2(dst, x *float64, n int, lo, hi float64, nt bool)

//go:noescape
func clip32AVX512(dst, x *float32, n int, lo, hi float32, nt bool)

//go:noescape
func clip64AVX512(dst, x *float64, n int, lo, hi float64, nt bool)
