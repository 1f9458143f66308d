package simd

import "unsafe"

// Index returns the index of the first element of x equal to v (-0 and +0
// are equal), or of the first NaN when v is NaN; -1 when there is none.
// At the AVX2 and AVX-512 levels it compares a vector of x at a time,
// many times faster than the Go loop, which finds the same index.
// It reads nothing past the element it returns beyond the vector that
// holds it, and nothing outside x.
func Index[T Float](x []T, v T) int {
	i := 0
	if v == v {
		i = indexAt(forLoads(active.Load(), foldLoads, uintptrOf(x), 0, 0), x, v)
	}
	return indexGo(x, v, i)
}

// indexGo is Index's twin, from element i on.
func indexGo[T Float](x []T, v T, i int) int {
	if v != v {
		for ; i < len(x); i++ {
			if x[i] != x[i] {
				return i
			}
		}
		return -1
	}
	for ; i < len(x); i++ {
		if x[i] == v {
			return i
		}
	}
	return -1
}

// indexAt runs the index kernel of table t over the whole vectors of x,
// in chunks of at most arithChunk elements (the kernels cannot be
// preempted), and returns the index of the first element equal to v, or
// how far it got without one: indexGo goes on from there.
func indexAt[T Float](t *table, x []T, v T) int {
	if t.idx32 == nil { // no index kernels at this level
		return 0
	}
	var w, i int
	for i < len(x) {
		n := min(arithChunk, len(x)-i)
		switch sizeOf[T]() {
		case 4:
			w = t.a32.width
			n &^= w - 1
			if n == 0 {
				return i
			}
			i += t.idx32(&as[float32](x)[i], n, scalarAs[float32](v))
		case 8:
			w = t.a64.width
			n &^= w - 1
			if n == 0 {
				return i
			}
			i += t.idx64(&as[float64](x)[i], n, scalarAs[float64](v))
		}
		if i < len(x) && x[i] == v {
			return i
		}
	}
	return i
}

// scalarAs reinterprets v as E, its underlying type.
func scalarAs[E, T any](v T) E { return *(*E)(unsafe.Pointer(&v)) }
