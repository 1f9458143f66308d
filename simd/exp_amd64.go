//go:build amd64 && !purego

package simd

// The Exp kernels of float32 at the AVX2 (with FMA) and AVX512 levels
// (table.exp32).

//go:noescape
func exp32AVX2(dst, x *float32, n int, c *[14]float64)

//go:noescape
func exp32AVX512(dst, x *float32, n int, c *[14]float64)
