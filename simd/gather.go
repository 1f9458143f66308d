package simd

import "unsafe"

// gatherKernel is an assembly gather of a fixed source stride into a
// contiguous run: a stride-2 gather, fn(dst, src, n) setting dst[i] =
// src[2*i] and reading src[0 : 2*n], or a reversal (stride -1), setting
// dst[i] = src[n-1-i] and reading src[0 : n], for 0 <= i < n and n a
// positive multiple of unit (one 64-byte line of elements). The
// non-temporal forms need dst 64-byte aligned. A nil fn means "no kernel".
type gatherKernel[E uint32 | uint64] struct {
	fn   func(dst, src *E, n int)
	unit int
}

// gatherChunk bounds the elements one assembly call writes, because
// assembly is not preemptible: 64 KiB of 4-byte elements.
const gatherChunk = 16384

// gatherKernels returns table t's kernels of source stride sinc (2 or -1)
// for 4- and 8-byte elements, the non-temporal ones with stream. Stride 2
// has only those: with ordinary stores the Go loop gathers (see
// BENCHMARKS.md).
func gatherKernels(t *table, sinc int, stream bool) (gatherKernel[uint32], gatherKernel[uint64]) {
	switch {
	case sinc == 2 && stream:
		return t.g32nt, t.g64nt
	case sinc == -1 && stream:
		return t.r32nt, t.r64nt
	case sinc == -1:
		return t.r32, t.r64
	}
	return gatherKernel[uint32]{}, gatherKernel[uint64]{} // the Go loop
}

// gatherAt runs a validated gather of source stride sinc, 2 (every other
// element) or -1 (a flipped run), into a contiguous run,
//
//	dst[doff+i] = src[soff+i*sinc]  for 0 <= i < n,
//
// with the kernels of table t where it has them for T's size, the
// non-temporal ones with stream, and the Go loop otherwise.
func gatherAt[T Element](t *table, sinc int, stream bool, dst []T, doff int, src []T, soff, n int) {
	k32, k64 := gatherKernels(t, sinc, stream)
	switch sizeOf[T]() {
	case 4:
		if k32.fn != nil {
			gatherRun(k32, sinc, stream, as[uint32](dst), doff, as[uint32](src), soff, n)
			return
		}
	case 8:
		if k64.fn != nil && uintptrOf(dst)%8 == 0 && uintptrOf(src)%8 == 0 {
			gatherRun(k64, sinc, stream, as[uint64](dst), doff, as[uint64](src), soff, n)
			return
		}
	}
	stridedGo(dst, doff, 1, src, soff, sinc, n)
}

// gatherRun runs kernel k of source stride sinc over the whole lines of a
// gather and the Go loop over the rest: with aligned (the non-temporal
// kernels), the leading elements up to the first destination cache line
// go to the Go loop first. One call gathers at most gatherChunk elements
// and reads no element outside the gather: the stride-2 kernels read one
// element past the last one they use, so they never take the last element
// of the gather (src[soff+2*(n-1)] may be the last element of src).
func gatherRun[E uint32 | uint64](k gatherKernel[E], sinc int, aligned bool, dst []E, doff int, src []E, soff, n int) {
	done := 0
	if aligned {
		var e E
		size := uintptr(unsafe.Sizeof(e))
		addr := uintptr(unsafe.Pointer(&dst[doff]))
		if addr%size != 0 {
			stridedGo(dst, doff, 1, src, soff, sinc, n)
			return
		}
		done = min(int((64-addr%64)%64/size), n)
		stridedGo(dst, doff, 1, src, soff, sinc, done)
	}
	left := n - done
	if sinc == 2 {
		left-- // not the last element
	}
	for end := done + max(left, 0)/k.unit*k.unit; done < end; {
		m := min(end-done, gatherChunk)
		s := soff + 2*done // stride 2: the first element read
		if sinc == -1 {
			s = soff - done - (m - 1) // a reversal: the lowest element read
		}
		k.fn(&dst[doff+done], &src[s], m)
		done += m
	}
	stridedGo(dst, doff+done, 1, src, soff+sinc*done, sinc, n-done)
}
