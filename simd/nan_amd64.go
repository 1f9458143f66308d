//go:build amd64 && !purego

package simd

// The ReplaceNaN kernels of the AVX2 and AVX512 levels (table.nan32,
// table.nan64).

//go:noescape
func replaceNaN32AVX2(dst, x *float32, n int, v float32)

//go:noescape
func replaceNaN64AVX2(dst, x *float64, n int, v float64)

//go:noescape
func replaceNaN32AVX512(dst, x *float32, n int, v float32)

//go:noescape
func replaceNaN64AVX512(dst, x *float64, n int, v float64)
