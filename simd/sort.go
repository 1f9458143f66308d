package simd

//go:generate go run ./internal/gensort

import (
	"unsafe"

	"github.com/tessera-go/tessera/internal/errs"
)

// Key is the type of the keys SortNetwork sorts: unsigned integers of 4
// or 8 bytes (the keys of package internal/sorts, which map every real
// type onto them in order).
type Key interface {
	uint32 | uint64
}

// KeyMap is the order SortNetwork sorts bit patterns x by: that of the
// unsigned keys
//
//	key(x) = (x ^ (signs(x)&A | B)) - M ^ F
//
// where signs(x) is all ones if x's top bit is set and 0 otherwise; the
// sorted keys are mapped back by
//
//	x = y ^ (^signs(y)&A | B), y = (key ^ F) + M
//
// which undoes key when B's top bit is set or A and B are 0 (the maps of
// internal/sorts: the zero KeyMap for unsigned integers, B the sign bit
// for signed ones, A the other bits and B the sign bit, M the mantissa,
// for floats; F all ones for a descending order).
type KeyMap[K Key] struct{ A, B, M, F K }

// key returns x's key.
func (km *KeyMap[K]) key(x K) K {
	return (x ^ (signs(x)&km.A | km.B)) - km.M ^ km.F
}

// unkey returns the bit pattern of key k.
func (km *KeyMap[K]) unkey(k K) K {
	y := k ^ km.F + km.M
	return y ^ (^signs(y)&km.A | km.B)
}

// signs returns all ones where x's top bit is set, and 0 otherwise.
func signs[K Key](x K) K { return 0 - x>>(8*unsafe.Sizeof(x)-1) }

// sortNetLanes is the number of keys of K to a 64-byte vector.
func sortNetLanes[K Key]() int { return 64 / int(unsafe.Sizeof(K(0))) }

// SortNetworkMax returns the largest number of keys of type K that
// SortNetwork sorts: 16 vectors of 64 bytes, 256 keys of 4 bytes or 128
// of 8.
func SortNetworkMax[K Key]() int { return 16 * sortNetLanes[K]() }

// SortNetworkKernelMax returns the longest run of elements of type K
// that SortNetwork sorts by a kernel at the current level: 256 of 4 bytes
// and 128 of 8 at AVX512, 64 of 4 bytes at AVX2 (its 16 registers), 0
// otherwise. Longer runs, up to SortNetworkMax, and every run at the
// other levels, are sorted by the Go twin, which does the same
// comparisons one at a time and is slower than a radix or insertion sort
// of the same keys.
func SortNetworkKernelMax[K Key]() int {
	t := active.Load()
	if unsafe.Sizeof(K(0)) == 4 {
		return t.sortNet32
	}
	return t.sortNet64
}

// SortNetwork sorts the bit patterns x ascending by their keys of km, by
// a bitonic sorting network, in registers at the AVX-512 level (and for
// up to 64 patterns of 4 bytes at AVX2, in 32-byte vectors): the
// patterns are loaded into the fewest vectors that hold them (1, 2, 4, 8
// or 16 of 64 bytes), mapped to keys (the lanes past len(x) set to the
// largest key), sorted there, mapped back and stored. The network's
// comparators are all ascending: merging blocks of k keys compares key i
// with its mirror i^(k-1), then with i^j for j = k/4, ..., 1, the lower
// index taking the smaller key. The Go twin, at the other levels, runs
// the same comparators. Where km's maps are inverses (see KeyMap), every
// correct sort gives the same result; the network is not stable, which
// equal bit patterns cannot show. It returns an error wrapping ErrRange,
// sorting nothing, when x has more than SortNetworkMax[K]() elements.
func SortNetwork[K Key](x []K, km KeyMap[K]) error {
	n := len(x)
	if n > SortNetworkMax[K]() {
		return errs.New("simd", "SortNetwork", ErrRange, "%d keys, more than %d", n, SortNetworkMax[K]())
	}
	if n < 2 {
		return nil
	}
	t := active.Load()
	if n > SortNetworkKernelMax[K]() {
		sortNetGo(x, vectorsFor(n, sortNetLanes[K]())*sortNetLanes[K](), &km)
		return nil
	}
	if t.isa == AVX2 { // 8 patterns a vector; the map broadcast to vectors, which AVX2 reads from memory
		var kv [4][8]uint32
		for l := range 8 {
			kv[0][l], kv[1][l], kv[2][l], kv[3][l] = uint32(km.A), uint32(km.B), uint32(km.M), uint32(km.F)
		}
		sortNetAsmAVX2(log2(vectorsFor(n, 8)), (*uint32)(unsafe.Pointer(&x[0])), n, &kv)
		return nil
	}
	sortNetAsm(log2(vectorsFor(n, sortNetLanes[K]())), unsafe.Pointer(&x[0]), n, unsafe.Pointer(&km), int(unsafe.Sizeof(K(0))))
	return nil
}

// vectorsFor returns the fewest vectors of lanes elements, a power of
// two, that hold n elements.
func vectorsFor(n, lanes int) int {
	v := 1
	for v*lanes < n {
		v <<= 1
	}
	return v
}

// log2 returns the base-2 logarithm of v, a power of two.
func log2(v int) int {
	r := 0
	for 1<<r < v {
		r++
	}
	return r
}

// sortNetGo is SortNetwork's twin: the network of size keys (a power of
// two at least len(x)) over the keys of x padded with the largest key.
func sortNetGo[K Key](x []K, size int, km *KeyMap[K]) {
	var buf [256]K
	a := buf[:size]
	for i, e := range x {
		a[i] = km.key(e)
	}
	for i := len(x); i < size; i++ {
		a[i] = ^K(0)
	}
	for k := 2; k <= size; k <<= 1 {
		for i := range size {
			if i&(k/2) == 0 {
				if p := i ^ (k - 1); a[p] < a[i] {
					a[i], a[p] = a[p], a[i]
				}
			}
		}
		for j := k / 4; j >= 1; j >>= 1 {
			for i := range size {
				if i&j == 0 {
					if p := i | j; a[p] < a[i] {
						a[i], a[p] = a[p], a[i]
					}
				}
			}
		}
	}
	for i := range x {
		x[i] = km.unkey(a[i])
	}
}
