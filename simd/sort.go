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
func SortNetworkFast[K Key]() bool {
	t := active.Load()
	if unsafe.Sizeof(K(0)) == 4 {
		return t.sortNet32[0] != nil
	}
	return t.sortNet64[0] != nil
}

// SortNetwork sorts x ascending by a bitonic sorting network, in
// registers at the AVX-512 level: the keys are loaded into the fewest
// vectors that hold them (1, 2, 4, 8 or 16 of 64 bytes), the lanes past
// len(x) filled with the largest key, sorted there, and stored back. The
// network's comparators are all ascending: merging blocks of k keys
// compares key i with its mirror i^(k-1), then with i^j for j = k/4, ...,
// 1, the lower index taking the smaller key. The Go twin, at the other
// levels, runs the same comparators. Sorting keys, every correct sort
// gives the same result; the network is not stable, which keys cannot
// show. It returns an error wrapping ErrRange, sorting nothing, when x has
// more than SortNetworkMax[K]() keys.
func SortNetwork[K Key](x []K) error {
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
	t := active.Load()
	if unsafe.Sizeof(K(0)) == 4 {
		if k := t.sortNet32[r]; k != nil {
			k((*uint32)(unsafe.Pointer(&x[0])), n)
			return nil
		}
	} else if k := t.sortNet64[r]; k != nil {
		k((*uint64)(unsafe.Pointer(&x[0])), n)
		return nil
	}
	sortNetGo(x, regs*sortNetLanes[K]())
	return nil
}

// sortNetGo is SortNetwork's twin: the network of size keys (a power of
// two at least len(x)) over x padded with the largest key.
func sortNetGo[K Key](x []K, size int) {
	var buf [256]K
	a := buf[:size]
	copy(a, x)
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
	copy(x, a)
}
