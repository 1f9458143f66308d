//go:build amd64 && !purego

package simd

// The Bitwise kernels of the AVX2 and AVX512 levels (table.bits).

//go:noescape
func bitsAVX2(dst, x, y *byte, n int, op BitOp, nt bool)

//go:noescape
func bitsAVX512(dst, x, y *byte, n int, op BitOp, nt bool)
