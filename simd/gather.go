package simd

import "unsafe"

// gatherKernel is an assembly stride-2 gather with non-temporal stores:
// fn(dst, src, n) sets dst[i] = src[2*i] for 0 <= i < n, for n a positive
// multiple of unit (one 64-byte line of elements) and dst 64-byte aligned;
// it reads src[0 : 2*n]. A nil fn means "no kernel".
type gatherKernel[E uint32 | uint64] struct {
	fn   func(dst, src *E, n int)
	unit int
}

// gatherChunk bounds the elements one assembly call writes, because
// assembly is not preemptible: 64 KiB of 4-byte elements.
const gatherChunk = 16384

// gather2At runs a validated stride-2 gather into a contiguous run with the
// streaming kernel of table t, if it has one for T's size, and the Go loop
// otherwise.
func gather2At[T Element](t *table, dst []T, doff int, src []T, soff, n int) {
	switch sizeOf[T]() {
	case 4:
		if t.g32nt.fn != nil {
			gather2Stream(t.g32nt, as[uint32](dst), doff, as[uint32](src), soff, n)
			return
		}
	case 8:
		if t.g64nt.fn != nil && uintptrOf(dst)%8 == 0 && uintptrOf(src)%8 == 0 {
			gather2Stream(t.g64nt, as[uint64](dst), doff, as[uint64](src), soff, n)
			return
		}
	}
	stridedGo(dst, doff, 1, src, soff, 2, n)
}

// gather2Stream peels the leading elements up to the first destination
// cache line with the Go loop, streams whole lines with k, and leaves the
// rest to the Go loop. The kernel reads one element past the last one it
// uses, so it never takes the last element of the gather: src[soff+2*(n-1)]
// may be the last element of src.
func gather2Stream[E uint32 | uint64](k gatherKernel[E], dst []E, doff int, src []E, soff, n int) {
	var e E
	size := uintptr(unsafe.Sizeof(e))
	addr := uintptr(unsafe.Pointer(&dst[doff]))
	if addr%size != 0 {
		stridedGo(dst, doff, 1, src, soff, 2, n)
		return
	}
	peel := min(int((64-addr%64)%64/size), n)
	stridedGo(dst, doff, 1, src, soff, 2, peel)
	done := peel
	body := (n - 1 - peel) / k.unit * k.unit
	for end := peel + max(body, 0); done < end; {
		m := min(end-done, gatherChunk)
		k.fn(&dst[doff+done], &src[soff+2*done], m)
		done += m
	}
	stridedGo(dst, doff+done, 1, src, soff+2*done, 2, n-done)
}

// reverseAt runs a validated gather of stride -1 into a contiguous run,
//
//	dst[doff+i] = src[soff-i]  for 0 <= i < n
//
// (a flipped run), with the reversal kernels of table t where it has them
// for T's size, the non-temporal ones with stream, and the Go loop
// otherwise.
func reverseAt[T Element](t *table, stream bool, dst []T, doff int, src []T, soff, n int) {
	switch sizeOf[T]() {
	case 4:
		k := t.r32
		if stream {
			k = t.r32nt
		}
		if k.fn != nil {
			reverseRun(k, stream, as[uint32](dst), doff, as[uint32](src), soff, n)
			return
		}
	case 8:
		k := t.r64
		if stream {
			k = t.r64nt
		}
		if k.fn != nil && uintptrOf(dst)%8 == 0 && uintptrOf(src)%8 == 0 {
			reverseRun(k, stream, as[uint64](dst), doff, as[uint64](src), soff, n)
			return
		}
	}
	stridedGo(dst, doff, 1, src, soff, -1, n)
}

// reverseRun runs the reversal kernel k over the whole lines of a gather of
// stride -1 and the Go loop over the rest: with aligned (the non-temporal
// kernels), the leading elements up to the first destination cache line
// go to the Go loop first. One call reverses at most gatherChunk elements,
// and reads only the elements it reverses.
func reverseRun[E uint32 | uint64](k gatherKernel[E], aligned bool, dst []E, doff int, src []E, soff, n int) {
	done := 0
	if aligned {
		var e E
		size := uintptr(unsafe.Sizeof(e))
		addr := uintptr(unsafe.Pointer(&dst[doff]))
		if addr%size != 0 {
			stridedGo(dst, doff, 1, src, soff, -1, n)
			return
		}
		done = min(int((64-addr%64)%64/size), n)
		stridedGo(dst, doff, 1, src, soff, -1, done)
	}
	for end := done + (n-done)/k.unit*k.unit; done < end; {
		m := min(end-done, gatherChunk)
		// dst[doff+done+i] = src[soff-done-i] for i < m: the kernel's
		// source starts at the lowest of those elements.
		k.fn(&dst[doff+done], &src[soff-done-(m-1)], m)
		done += m
	}
	stridedGo(dst, doff+done, 1, src, soff-done, -1, n-done)
}
