//go:build amd64 && !purego

package simd

// The Select kernels of the AVX2 and AVX512 levels (table.sel32,
// table.sel64).

//go:noescape
func select32AVX2(dst, x, y *uint32, mask *bool, n int, nt bool)

//go:noescape
func select64AVX2(dst, x, y *uint64, mask *bool, n int, nt bool)

//go:noescape
func select32AVX512(dst, x, y *uint32, mask *bool, n int, nt bool)

//go:noescape
func select64AVX512(dst, x, y *uint64, mask *bool, n int, nt bool)
