//go:build amd64 && !purego

package simd

import (
	"unsafe"

	"github.com/klauspost/cpuid/v2"
)

// cacheSizes returns the sizes of the L1 data cache and the L2 cache that
// cpuid reports, or the defaults (see geometry.go) for those it does not.
func cacheSizes() (l1d, l2 int) {
	return knownOr(cpuid.CPU.Cache.L1D, defaultL1D), knownOr(cpuid.CPU.Cache.L2, defaultL2)
}

// archInit registers the assembly levels this CPU supports.
func archInit() {
	if !cpuid.CPU.Supports(cpuid.AVX2, cpuid.POPCNT) { // POPCNT: the compress kernels
		return
	}
	tables[AVX2] = &table{
		isa:   AVX2,
		t8:    tileKernel[uint8]{transpose8AVX2, 16, 16},
		t8nt:  tileKernel[uint8]{transpose8AVX2NT, 16, 64},
		t16:   tileKernel[uint16]{transpose16AVX2, 8, 16},
		t16nt: tileKernel[uint16]{transpose16AVX2NT, 8, 32},
		t32:   tileKernel[uint32]{transpose32AVX2, 8, 8},
		// t32nt writes each destination line's two halves back to back:
		// storing one whole 8×8 tile after the other, which leaves eight
		// lines half written, measured slower than t32 (see doc.go).
		t32nt:      tileKernel[uint32]{transpose32AVX2NT, 8, 16},
		t64:        tileKernel[uint64]{transpose64AVX2, 4, 4},
		t64nt:      tileKernel[uint64]{transpose64AVX2NT, 4, 8},
		g32nt:      gatherKernel[uint32]{gather2x32AVX2NT, 16},
		g64nt:      gatherKernel[uint64]{gather2x64AVX2NT, 8},
		r32:        gatherKernel[uint32]{reverse32AVX2, 16},
		r32nt:      gatherKernel[uint32]{reverse32AVX2NT, 16},
		r64:        gatherKernel[uint64]{reverse64AVX2, 8},
		r64nt:      gatherKernel[uint64]{reverse64AVX2NT, 8},
		fillUnit:   128,
		a32:        &arith32AVX2,
		a64:        &arith64AVX2,
		c32:        &cmp32AVX2,
		c64:        &cmp64AVX2,
		cvt:        &cvtSet{16, widenAVX2, narrowAVX2},
		idx32:      indexEq32AVX2,
		idx64:      indexEq64AVX2,
		comp32:     compressKernel[uint32]{compress32AVX2, 8},
		comp64:     compressKernel[uint64]{compress64AVX2, 4},
		nan32:      nanKernel[float32]{replaceNaN32AVX2, 8},
		nan64:      nanKernel[float64]{replaceNaN64AVX2, 4},
		sel32:      selectKernel[uint32]{select32AVX2, 8},
		sel64:      selectKernel[uint64]{select64AVX2, 4},
		bits:       bitKernel{bitsAVX2, 32},
		copyNT:     copyNTAVX2,
		copyRows:   copyRowsAVX2,
		copyRowsNT: copyRowsNTAVX2,
		clip32:     clipKernel[float32]{clip32AVX2, 8},
		clip64:     clipKernel[float64]{clip64AVX2, 4},
		sortNet32:  64,
	}
	if cpuid.CPU.Supports(cpuid.FMA3) {
		tables[AVX2].exp32 = expKernel{exp32AVX2, 4}
		tables[AVX2].gemm32 = &gemmSet[float32]{6, 16, gemm32AVX2, nil, 0, nil}
		tables[AVX2].gemm64 = &gemmSet[float64]{6, 8, gemm64AVX2, nil, 0, nil}
	}
	// One kernel moves 4- and 8-byte elements, one 1- and 2-byte ones (see
	// buildThin).
	thin2 := &tables[AVX2].thin
	thin2[0] = thinSet{k: thin8AVX2, vec: 32, whole: true}
	thin2[1] = thinSet{k: thin8AVX2, vec: 32, whole: true}
	thin2[2] = thinSet{k: thin32AVX2, vec: 32}
	thin2[3] = thinSet{k: thin32AVX2, vec: 32}
	if !cpuid.CPU.Supports(cpuid.AVX512F, cpuid.AVX512VL) {
		return
	}
	tables[AVX512] = &table{
		isa:        AVX512,
		t8:         tables[AVX2].t8,
		t8nt:       tables[AVX2].t8nt,
		t16:        tables[AVX2].t16,
		t16nt:      tables[AVX2].t16nt,
		t32:        tileKernel[uint32]{transpose32AVX512, 16, 16},
		t32nt:      tileKernel[uint32]{transpose32AVX512NT, 16, 16},
		t64:        tileKernel[uint64]{transpose64AVX512, 8, 8},
		t64nt:      tileKernel[uint64]{transpose64AVX512NT, 8, 8},
		g32nt:      gatherKernel[uint32]{gather2x32AVX512NT, 16},
		g64nt:      gatherKernel[uint64]{gather2x64AVX512NT, 8},
		r32:        gatherKernel[uint32]{reverse32AVX512, 16},
		r32nt:      gatherKernel[uint32]{reverse32AVX512NT, 16},
		r64:        gatherKernel[uint64]{reverse64AVX512, 8},
		r64nt:      gatherKernel[uint64]{reverse64AVX512NT, 8},
		fillUnit:   256,
		a32:        &arith32AVX512,
		a64:        &arith64AVX512,
		c32:        &cmp32AVX512,
		c64:        &cmp64AVX512,
		cvt:        &cvtSet{32, widenAVX512, narrowAVX512},
		idx32:      indexEq32AVX512,
		idx64:      indexEq64AVX512,
		comp32:     compressKernel[uint32]{compress32AVX512, 16},
		comp64:     compressKernel[uint64]{compress64AVX512, 8},
		nan32:      nanKernel[float32]{replaceNaN32AVX512, 16},
		nan64:      nanKernel[float64]{replaceNaN64AVX512, 8},
		sel32:      selectKernel[uint32]{select32AVX512, 16},
		sel64:      selectKernel[uint64]{select64AVX512, 8},
		bits:       bitKernel{bitsAVX512, 64},
		copyNT:     copyNTAVX512,
		copyRows:   copyRowsAVX512,
		copyRowsNT: copyRowsNTAVX512,
		clip32:     clipKernel[float32]{clip32AVX512, 16},
		exp32:      expKernel{exp32AVX512, 8},
		clip64:     clipKernel[float64]{clip64AVX512, 8},
		sortNet32:  256,
		sortNet64:  128,
		gemm32:     &gemmSet[float32]{12, 32, gemm32AVX512, gemmRows32AVX512, 16, gemmRows32AVX512Y},
		gemm64:     &gemmSet[float64]{12, 16, gemm64AVX512, gemmRows64AVX512, 8, gemmRows64AVX512Y},
		narrow32:   tables[AVX2].t32,
		narrow64:   tables[AVX2].t64,
	}
	thin := &tables[AVX512].thin
	*thin = thinAVX512(cpuid.CPU.Supports(cpuid.AVX512BW), cpuid.CPU.Supports(cpuid.AVX512VBMI), thin2)
	tables[AVX512].narrower = tables[AVX2]
	hot := *tables[AVX2]
	hot.thin = *thin
	hot.narrow32, hot.narrow64 = hot.t32, hot.t64
	tables[AVX512].hot = &hot
}

// thinAVX512 returns the AVX512 level's thin transposes by element size,
// given whether the CPU has AVX512BW and AVX512_VBMI: the AVX-512 kernels
// where it can run them, else, for 1- and 2-byte elements, the AVX2
// level's (avx2), which need neither (some Intel processors have
// AVX512BW but not VBMI: without the fallback their uint8 transposes
// would move an element at a time).
func thinAVX512(bw, vbmi bool, avx2 *[4]thinSet) [4]thinSet {
	t := *avx2
	t[2] = thinSet{k: thin32AVX512, nt: thin32AVX512NT, vec: 64, maskedTail: true}
	t[3] = thinSet{k: thin64AVX512, nt: thin64AVX512NT, vec: 64, maskedTail: true}
	if bw {
		t[1] = thinSet{k: thin16AVX512, nt: thin16AVX512NT, vec: 64, maskedTail: true}
		if vbmi {
			t[0] = thinSet{k: thin8AVX512, nt: thin8AVX512NT, vec: 64, maskedTail: true}
		}
	}
	return t
}

// thin32AVX2 is the AVX2 level's thin transpose (see thinKernel) of 4-
// and 8-byte elements: 8 lanes of 4 bytes, 8-byte elements as pairs of
// them, permuted with VPERMD and merged under the mask vectors of the
// program's vecs, which it takes for idx; an output whose store mask is
// not whole is stored with VPMASKMOVD.
//
//go:noescape
func thin32AVX2(dst, src unsafe.Pointer, blocks, dstep, sstep, inScale, outScale, outs int, idx unsafe.Pointer, code *int64)

// thin8AVX2 is the AVX2 level's thin transpose of 1- and 2-byte elements:
// 32 lanes of bytes, 2-byte elements as pairs of them, moved within each
// 16-byte half by VPSHUFB from each source vector and from it with its
// halves swapped (VPERMQ), under the index vectors of the program's vecs,
// which it takes for idx. It stores every output whole.
//
//go:noescape
func thin8AVX2(dst, src unsafe.Pointer, blocks, dstep, sstep, inScale, outScale, outs int, idx unsafe.Pointer, code *int64)

// thin8AVX512, thin16AVX512, thin32AVX512 and thin64AVX512 are the thin
// transposes (see thinKernel) of 1-, 2-, 4- and 8-byte elements: 64, 32,
// 16 and 8 lanes, VPERMB (AVX512_VBMI), VPERMW (AVX512BW), VPERMPS and
// VPERMPD. The NT variants store every output whole with VMOVNTDQ, to
// 64-byte aligned addresses, and end with SFENCE.
//
//go:noescape
func thin8AVX512(dst, src unsafe.Pointer, blocks, dstep, sstep, inScale, outScale, outs int, idx unsafe.Pointer, code *int64)

//go:noescape
func thin16AVX512(dst, src unsafe.Pointer, blocks, dstep, sstep, inScale, outScale, outs int, idx unsafe.Pointer, code *int64)

//go:noescape
func thin32AVX512(dst, src unsafe.Pointer, blocks, dstep, sstep, inScale, outScale, outs int, idx unsafe.Pointer, code *int64)

//go:noescape
func thin64AVX512(dst, src unsafe.Pointer, blocks, dstep, sstep, inScale, outScale, outs int, idx unsafe.Pointer, code *int64)

//go:noescape
func thin8AVX512NT(dst, src unsafe.Pointer, blocks, dstep, sstep, inScale, outScale, outs int, idx unsafe.Pointer, code *int64)

//go:noescape
func thin16AVX512NT(dst, src unsafe.Pointer, blocks, dstep, sstep, inScale, outScale, outs int, idx unsafe.Pointer, code *int64)

//go:noescape
func thin32AVX512NT(dst, src unsafe.Pointer, blocks, dstep, sstep, inScale, outScale, outs int, idx unsafe.Pointer, code *int64)

//go:noescape
func thin64AVX512NT(dst, src unsafe.Pointer, blocks, dstep, sstep, inScale, outScale, outs int, idx unsafe.Pointer, code *int64)

// The transpose kernels below handle whole tiles only: rows and cols must be
// positive multiples of the tile shape registered in archInit, and dld and
// sld are leading dimensions in elements (possibly negative). Each is, with
// dst and src the slices starting at the given pointers:
//
//	for i := 0; i < rows; i++ {
//		for j := 0; j < cols; j++ {
//			dst[i*dld+j] = src[j*sld+i]
//		}
//	}
//
// The NT variants store with non-temporal hints (VMOVNTPS), need every
// destination row start 64-byte aligned and cols a whole number of cache
// lines, and end with SFENCE.

// transpose8AVX2 is the reference loop above for 1-byte elements, 16×16
// tiles.
//
//go:noescape
func transpose8AVX2(dst *uint8, dld int, src *uint8, sld int, rows, cols int)

// transpose8AVX2NT is the reference loop above for 1-byte elements,
// tiles of 16 destination rows by 64 columns (one whole cache line a
// row), non-temporal stores.
//
//go:noescape
func transpose8AVX2NT(dst *uint8, dld int, src *uint8, sld int, rows, cols int)

// transpose16AVX2 is the reference loop above for 2-byte elements, tiles
// of 8 destination rows by 16 columns.
//
//go:noescape
func transpose16AVX2(dst *uint16, dld int, src *uint16, sld int, rows, cols int)

// transpose16AVX2NT is the reference loop above for 2-byte elements,
// tiles of 8 destination rows by 32 columns (one whole cache line a row),
// non-temporal stores.
//
//go:noescape
func transpose16AVX2NT(dst *uint16, dld int, src *uint16, sld int, rows, cols int)

// transpose32AVX2 is the reference loop above for 4-byte elements, 8×8 tiles.
//
//go:noescape
func transpose32AVX2(dst *uint32, dld int, src *uint32, sld int, rows, cols int)

// transpose32AVX2NT is the reference loop above for 4-byte elements, 8×16
// tiles (two 8×8 tiles side by side, one whole cache line per destination
// row), non-temporal stores.
//
//go:noescape
func transpose32AVX2NT(dst *uint32, dld int, src *uint32, sld int, rows, cols int)

// transpose64AVX2 is the reference loop above for 8-byte elements, 4×4 tiles.
//
//go:noescape
func transpose64AVX2(dst *uint64, dld int, src *uint64, sld int, rows, cols int)

// transpose64AVX2NT is the reference loop above for 8-byte elements, 4×8
// tiles, non-temporal stores.
//
//go:noescape
func transpose64AVX2NT(dst *uint64, dld int, src *uint64, sld int, rows, cols int)

// transpose32AVX512 is the reference loop above for 4-byte elements, 16×16
// tiles.
//
//go:noescape
func transpose32AVX512(dst *uint32, dld int, src *uint32, sld int, rows, cols int)

// transpose32AVX512NT is the reference loop above for 4-byte elements,
// 16×16 tiles, non-temporal stores.
//
//go:noescape
func transpose32AVX512NT(dst *uint32, dld int, src *uint32, sld int, rows, cols int)

// transpose64AVX512 is the reference loop above for 8-byte elements, 8×8
// tiles.
//
//go:noescape
func transpose64AVX512(dst *uint64, dld int, src *uint64, sld int, rows, cols int)

// transpose64AVX512NT is the reference loop above for 8-byte elements, 8×8
// tiles, non-temporal stores.
//
//go:noescape
func transpose64AVX512NT(dst *uint64, dld int, src *uint64, sld int, rows, cols int)

// The stride-2 gathers below are, with dst and src the slices starting at
// the given pointers and n a positive multiple of 16 (4-byte elements) or 8
// (8-byte elements), dst 64-byte aligned:
//
//	for i := 0; i < n; i++ {
//		dst[i] = src[2*i]
//	}
//
// They read src[0 : 2*n], store with non-temporal hints into a 64-byte
// aligned dst, one whole cache line per iteration, and end with SFENCE.

// gather2x32AVX2NT is the stride-2 gather for 4-byte elements (VSHUFPS).
//
//go:noescape
func gather2x32AVX2NT(dst, src *uint32, n int)

// gather2x64AVX2NT is the stride-2 gather for 8-byte elements (VUNPCKLPD).
//
//go:noescape
func gather2x64AVX2NT(dst, src *uint64, n int)

// gather2x32AVX512NT is the stride-2 gather for 4-byte elements
// (VPERMT2PS).
//
//go:noescape
func gather2x32AVX512NT(dst, src *uint32, n int)

// gather2x64AVX512NT is the stride-2 gather for 8-byte elements
// (VPERMT2PD).
//
//go:noescape
func gather2x64AVX512NT(dst, src *uint64, n int)

// The reversals below are gathers of stride -1: with src the slice
// starting at the given pointer, each is
//
//	for i := 0; i < n; i++ {
//		dst[i] = src[n-1-i]
//	}
//
// for n a positive multiple of the unit registered in archInit (one
// 64-byte line of elements). They read src[0 : n]; the NT forms store
// with non-temporal hints into a 64-byte aligned dst, one whole line per
// iteration, and end with SFENCE.

// reverse32AVX2 reverses 4-byte elements with VPERMD.
//
//go:noescape
func reverse32AVX2(dst, src *uint32, n int)

// reverse32AVX2NT is reverse32AVX2 with non-temporal stores.
//
//go:noescape
func reverse32AVX2NT(dst, src *uint32, n int)

// reverse64AVX2 reverses 8-byte elements with VPERMQ.
//
//go:noescape
func reverse64AVX2(dst, src *uint64, n int)

// reverse64AVX2NT is reverse64AVX2 with non-temporal stores.
//
//go:noescape
func reverse64AVX2NT(dst, src *uint64, n int)

// reverse32AVX512 reverses 4-byte elements with VPERMD.
//
//go:noescape
func reverse32AVX512(dst, src *uint32, n int)

// reverse32AVX512NT is reverse32AVX512 with non-temporal stores.
//
//go:noescape
func reverse32AVX512NT(dst, src *uint32, n int)

// reverse64AVX512 reverses 8-byte elements with VPERMQ.
//
//go:noescape
func reverse64AVX512(dst, src *uint64, n int)

// reverse64AVX512NT is reverse64AVX512 with non-temporal stores.
//
//go:noescape
func reverse64AVX512NT(dst, src *uint64, n int)

// fillVec runs the fill kernel of granule unit (128: AVX2, 256: AVX-512)
// over n bytes at dst, n a positive multiple of unit. The calls are static
// so that pat, which the kernels do not retain, can stay on the stack.
func fillVec(unit int, dst *byte, n int, pat *byte) {
	if unit == 256 {
		fillAVX512(dst, n, pat)
	} else {
		fillAVX2(dst, n, pat)
	}
}

// fillAVX2 stores the first 32 bytes of pat over and over; n is a positive
// multiple of 128. With d and p the byte slices at dst and pat it is:
//
//	for i := 0; i < n; i++ {
//		d[i] = p[i%32]
//	}
//
//go:noescape
func fillAVX2(dst *byte, n int, pat *byte)

// fillAVX512 stores the 64 bytes of pat over and over; n is a positive
// multiple of 256. With d and p the byte slices at dst and pat it is:
//
//	for i := 0; i < n; i++ {
//		d[i] = p[i%64]
//	}
//
//go:noescape
func fillAVX512(dst *byte, n int, pat *byte)

// The conversion kernels (see cvtSet).

//go:noescape
func widenAVX2(dst *float64, src *float32, n int, nt bool)

//go:noescape
func narrowAVX2(dst *float32, src *float64, n int, nt bool)

//go:noescape
func widenAVX512(dst *float64, src *float32, n int, nt bool)

//go:noescape
func narrowAVX512(dst *float32, src *float64, n int, nt bool)

// unalignedFor is the alignment rule's setting for a vendor's processors,
// per kind of kernel (familyRules.unalignedWide).
func unalignedFor(v cpuid.Vendor) [numLoadKinds]bool {
	var u [numLoadKinds]bool
	u[foldLoads] = v == cpuid.Intel
	return u
}

// hotFor reports whether TransposeHot takes the AVX2 tiles over the
// AVX-512 ones on a vendor's processors (familyRules.hotNarrow).
func hotFor(v cpuid.Vendor) bool { return v == cpuid.Intel }

// AMD's processor families (CPUID's family, base plus extended) that the
// rules key on: family 25 (19h) and family 26 (1Ah).
const (
	amdZen4Family = 25
	amdZen5Family = 26
)

// amdZen4 reports whether a vendor and family are AMD's family 25, the
// family that has family rules of its own.
func amdZen4(v cpuid.Vendor, family int) bool { return v == cpuid.AMD && family == amdZen4Family }

// rulesFor returns the family rules (see familyRules) of the processors
// of a vendor and family: one set on AMD family 25, another on Intel
// processors and on other vendors and families; wideBands and tallBands
// are set on Intel processors and AMD family 25 alike, unalignedWide and
// hotNarrow by the vendor alone (unalignedFor, hotFor).
func rulesFor(v cpuid.Vendor, family int) familyRules {
	z := amdZen4(v, family)
	intel := v == cpuid.Intel
	return familyRules{whole4Rows: !z, argShortLong: z, wideBands: z || intel, seqRows: z, cachedBands: z, tallBands: z || intel, farShortRows: z,
		unalignedWide: unalignedFor(v), hotNarrow: hotFor(v)}
}

// machineRules returns this processor's family rules.
func machineRules() familyRules { return rulesFor(cpuid.CPU.VendorID, cpuid.CPU.Family) }

// defaultStrategy returns the transpose order for this processor (see
// strategyFor).
func defaultStrategy() TransposeStrategy {
	return strategyFor(cpuid.CPU.VendorID, cpuid.CPU.Family)
}

// strategyFor returns the transpose order for the processors of a vendor
// and family: Bands on Intel processors and on AMD family 25, Blocks on
// AMD family 26, and Calibrate on other vendors and families, which have
// no order of their own (BENCHMARKS.md, transpose order by family).
func strategyFor(v cpuid.Vendor, family int) TransposeStrategy {
	switch {
	case v == cpuid.Intel, amdZen4(v, family):
		return Bands
	case v == cpuid.AMD && family == amdZen5Family:
		return Blocks
	}
	return Calibrate
}
