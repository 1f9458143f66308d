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

// SortNetworkFast reports whether SortNetwork runs a kernel for keys of
// type K at the current level (AVX-512); at the others it runs the Go
// twin, which does the same comparisons one at a time and is slower than
// a radix or insertion sort of the same keys.
func SortNetworkFast[K Key]() bool { return active.Load().sortNet }

// SortNetwork sorts the bit patterns x ascending by their keys of km, by
// a bitonic sorting network, in registers at the AVX-512 level: the
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
	regs := 1 // the vectors that hold n keys, a power of two
	for regs*sortNetLanes[K]() < n {
		regs <<= 1
	}
	r := 0 // log2(regs)
	for 1<<r < regs {
		r++
	}
	if active.Load().sortNet {
		sortNetAsm(r, unsafe.Pointer(&x[0]), n, unsafe.Pointer(&km), int(unsafe.Sizeof(K(0))))
		return nil
	}
	sortNetGo(x, regs*sortNetLanes[K](), &km)
	return nil
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
