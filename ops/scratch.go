package ops

import (
	"sync"
	"unsafe"

	"github.com/tessera-go/tessera/internal/par"
	"github.com/tessera-go/tessera/tensor"
)

// scratch holds the buffers of one goroutine of an operation, taken from
// scratchPool and given back by release: a staged operation's slabs, and
// the small scratch of the scalar forms, reductions, ArgMax and the variances, so
// that their Into forms allocate nothing.
type scratch struct {
	held [4]*[]uint64
}

// scratchPool holds buffers of 8-byte words, which every element type
// fits in with its alignment.
var scratchPool sync.Pool

// scratchBuf returns buffer i of s as n elements of type T, taken from the
// pool at its first use.
func scratchBuf[T tensor.Element](s *scratch, i, n int) []T {
	var zero T
	words := (n*int(unsafe.Sizeof(zero)) + 7) / 8
	if s.held[i] == nil || cap(*s.held[i]) < words {
		if s.held[i] == nil {
			if p, _ := scratchPool.Get().(*[]uint64); p != nil {
				s.held[i] = p
			}
		}
		if s.held[i] == nil || cap(*s.held[i]) < words {
			b := make([]uint64, words)
			s.held[i] = &b
		}
	}
	if words == 0 {
		return nil
	}
	return unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(*s.held[i]))), n)
}

// scratchOrMake returns buffer i of s as n elements of T when they take at
// most par.MinBytes, and otherwise a fresh slice, which the collector
// frees: the pool keeps none of the larger buffers of a computation whose
// scratch grows with its data (the variances' means, ArgMax's best values).
func scratchOrMake[T tensor.Element](s *scratch, i, n int) []T {
	if n > par.MinBytes/int(unsafe.Sizeof(*new(T))) { // n*size may overflow
		return make([]T, n)
	}
	return scratchBuf[T](s, i, n)
}

func (s *scratch) release() {
	for i, p := range s.held {
		if p != nil {
			scratchPool.Put(p)
			s.held[i] = nil
		}
	}
}
