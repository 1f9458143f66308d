//go:build amd64 && !purego

package simd

// The CopyStream kernels of the AVX2 and AVX512 levels (table.copyNT).

//go:noescape
func copyNTAVX2(dst, x *byte, n int)

//go:noescape
func copyNTAVX512(dst, x *byte, n int)

// The CopyRowsStream kernels of the AVX2 and AVX512 levels
// (table.copyRowsNT).

//go:noescape
func copyRowsNTAVX2(dst, x *byte, doff, soff *int, rows, n int)

//go:noescape
func copyRowsNTAVX512(dst, x *byte, doff, soff *int, rows, n int)
