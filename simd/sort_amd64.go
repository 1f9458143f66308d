//go:build amd64 && !purego

package simd

import "unsafe"

// The sorting-network kernels of the AVX512 and AVX2 levels
// (table.sortNet32 and sortNet64; see SortNetwork), written by gensort:
// sortNet32xR and sortNet64xR sort the n bit patterns at x, 4 or 8 bytes
// each, by their keys of km, 0 < n <= R vectors' worth, in R registers.

//go:noescape
func sortNet32x1AVX512(x *uint32, n int, km *KeyMap[uint32])

//go:noescape
func sortNet32x2AVX512(x *uint32, n int, km *KeyMap[uint32])

//go:noescape
func sortNet32x4AVX512(x *uint32, n int, km *KeyMap[uint32])

//go:noescape
func sortNet32x8AVX512(x *uint32, n int, km *KeyMap[uint32])

//go:noescape
func sortNet32x16AVX512(x *uint32, n int, km *KeyMap[uint32])

//go:noescape
func sortNet64x1AVX512(x *uint64, n int, km *KeyMap[uint64])

//go:noescape
func sortNet64x2AVX512(x *uint64, n int, km *KeyMap[uint64])

//go:noescape
func sortNet64x4AVX512(x *uint64, n int, km *KeyMap[uint64])

//go:noescape
func sortNet64x8AVX512(x *uint64, n int, km *KeyMap[uint64])

//go:noescape
func sortNet64x16AVX512(x *uint64, n int, km *KeyMap[uint64])

//go:noescape
func sortNet32x1AVX2(x *uint32, n int, km *[4][8]uint32)

//go:noescape
func sortNet32x2AVX2(x *uint32, n int, km *[4][8]uint32)

//go:noescape
func sortNet32x4AVX2(x *uint32, n int, km *[4][8]uint32)

//go:noescape
func sortNet32x8AVX2(x *uint32, n int, km *[4][8]uint32)

// sortNetAsmAVX2 runs the AVX2 kernel of 2^r vectors (r < 4) on the n
// 4-byte patterns at x, by the key map at km, each field broadcast to a
// vector.
func sortNetAsmAVX2(r int, x *uint32, n int, km *[4][8]uint32) {
	switch r {
	case 0:
		sortNet32x1AVX2(x, n, km)
	case 1:
		sortNet32x2AVX2(x, n, km)
	case 2:
		sortNet32x4AVX2(x, n, km)
	default:
		sortNet32x8AVX2(x, n, km)
	}
}

// sortNetAsm runs the kernel of 2^r vectors for keys of size bytes on the
// n bit patterns at x, by the key map at km. The calls are direct, not
// through the level's table: the kernels do not keep their pointers
// (go:noescape), so a caller's patterns and map may stay on its stack.
func sortNetAsm(r int, x unsafe.Pointer, n int, km unsafe.Pointer, size int) {
	if size == 4 {
		x, km := (*uint32)(x), (*KeyMap[uint32])(km)
		switch r {
		case 0:
			sortNet32x1AVX512(x, n, km)
		case 1:
			sortNet32x2AVX512(x, n, km)
		case 2:
			sortNet32x4AVX512(x, n, km)
		case 3:
			sortNet32x8AVX512(x, n, km)
		default:
			sortNet32x16AVX512(x, n, km)
		}
		return
	}
	x64, km64 := (*uint64)(x), (*KeyMap[uint64])(km)
	switch r {
	case 0:
		sortNet64x1AVX512(x64, n, km64)
	case 1:
		sortNet64x2AVX512(x64, n, km64)
	case 2:
		sortNet64x4AVX512(x64, n, km64)
	case 3:
		sortNet64x8AVX512(x64, n, km64)
	default:
		sortNet64x16AVX512(x64, n, km64)
	}
}
