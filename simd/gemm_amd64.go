//go:build amd64 && !purego

package simd

// The matrix-product micro-kernels (gemm_amd64.s, written by gengemm): a
// tile of 12×32 float32 or 12×16 float64 at AVX512, 6×16 or 6×8 at AVX2
// (which also needs FMA3), from slivers packed as Tile describes.

//go:noescape
func gemm32AVX512(kc int, a, b, c *float32, ldc int, add bool)

//go:noescape
func gemm64AVX512(kc int, a, b, c *float64, ldc int, add bool)

//go:noescape
func gemm32AVX2(kc int, a, b, c *float32, ldc int, add bool)

//go:noescape
func gemm64AVX2(kc int, a, b, c *float64, ldc int, add bool)

// The row kernels (see GemmKernel.Rows) of the AVX512 level: up to 16
// float32 or 8 float64 columns, masked.

//go:noescape
func gemmRows32AVX512(m, n, kc int, a *float32, ars, acs int, b *float32, brs int, c *float32, crs int, add bool)

//go:noescape
func gemmRows64AVX512(m, n, kc int, a *float64, ars, acs int, b *float64, brs int, c *float64, crs int, add bool)

// The row kernels on 256-bit vectors (AVX-512VL, masked): up to 8 float32
// or 4 float64 columns.

//go:noescape
func gemmRows32AVX512Y(m, n, kc int, a *float32, ars, acs int, b *float32, brs int, c *float32, crs int, add bool)

//go:noescape
func gemmRows64AVX512Y(m, n, kc int, a *float64, ars, acs int, b *float64, brs int, c *float64, crs int, add bool)
