//go:build amd64 && !purego

package simd

// The CopyStream kernels of the AVX2 and AVX512 levels (table.copyNT).

//go:noescape
func copyNTAVX2(dst, x *byte, n int)

//go:noescape
func copyNTAVX512(dst, x *byte, n int)

// The CopyRows and CopyRowsStream kernels of the AVX2 and AVX512 levels
// (table.copyRows, table.copyRowsNT).

//go:noescape
func copyRowsAVX2(dst, x *byte, doff, soff *int, rows, n int)

//go:noescape
func copyRowsNTAVX2(dst, x *byte, doff, soff *int, rows, n int)

//go:noescape
func copyRowsAVX512(dst, x *byte, doff, soff *int, rows, n int)

//go:noescape
func copyRowsNTAVX512(dst, x *byte, doff, soff *int, rows, n int)
