//go:build amd64 && !purego

package simd

// The sorting-network kernels of the AVX512 level (table.sortNet32,
// table.sortNet64; see SortNetwork), written by gensort: kernel r sorts
// n bit patterns at x by their keys of km, 0 < n <= 2^r vectors' worth,
// in 2^r registers.

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

var (
	sortNet32AVX512 = [5]func(x *uint32, n int, km *KeyMap[uint32]){sortNet32x1AVX512, sortNet32x2AVX512, sortNet32x4AVX512, sortNet32x8AVX512, sortNet32x16AVX512}
	sortNet64AVX512 = [5]func(x *uint64, n int, km *KeyMap[uint64]){sortNet64x1AVX512, sortNet64x2AVX512, sortNet64x4AVX512, sortNet64x8AVX512, sortNet64x16AVX512}
)
