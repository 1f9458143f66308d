package simd

import "os"

// The transposes size their blocks from the cache geometry of the machine:
// the L1 data cache and L2 sizes that cpuid reports (cacheSizes, in
// arch_amd64.go) and the operating system's page size. Where cpuid reports
// nothing (other architectures, the purego build, or a hypervisor that
// hides the caches) the sizes default to those of the development machine,
// on which BenchmarkTranspose and BenchmarkMaterialize chose the rules
// below.
const (
	defaultL1D = 48 << 10
	defaultL2  = 2 << 20
)

var (
	l1dBytes, l2Bytes = cacheSizes()
	pageBytes         = max(os.Getpagesize(), 64)
)

// knownOr returns v, or def when v is not a size (cpuid reports -1 or 0 for
// a cache it does not know).
func knownOr(v, def int) int {
	if v <= 0 {
		return def
	}
	return v
}

// cachedBlock returns the blocks of Transpose for an L1 data cache of l1d
// bytes: s bytes of each of s bytes' worth of source rows, with s the
// largest power of two from 64 to 1024 whose float32 block (s*s/4 bytes of
// source rows and as many of destination rows) fills at most two thirds of
// the cache, so the source lines of a block stay in L1 until the
// destination lines are whole. 48 KiB gives 256 (64 rows of float32, 16
// KiB each side); 32 KiB gives 128.
func cachedBlock(l1d int) block {
	s := 64
	for s < 1024 && (2*s)*(2*s)/2 <= l1d/3*2 { // l1d*2 could overflow a 32-bit int
		s *= 2
	}
	return block{rowBytes: s, colBytes: s}
}

// streamedBlock returns the blocks of TransposeStream for pages of page
// bytes: one page of each of a band of source rows only one destination
// cache line tall (16 rows of float32), so the source is read as a few long
// sequential runs that the hardware prefetcher follows, each within one TLB
// entry, while every destination line is written whole by one tile, as
// non-temporal stores need (the kernels write 64-byte lines).
func streamedBlock(page int) block { return block{rowBytes: page, colBytes: 64} }

// goBlockSide returns the side, in elements, of the square blocks of the
// Go transpose for an L2 cache of l2 bytes: the largest power of two from
// 32 to 1024 whose block of 4-byte elements (side*side*4 bytes of source
// rows and as many of destination rows) fills at most a quarter of L2. 2
// MiB gives 256.
func goBlockSide(l2 int) int {
	s := 32
	for s < 1024 && 2*(2*s)*(2*s)*4 <= l2/4 {
		s *= 2
	}
	return s
}
