package simd

import (
	"math/bits"
	"unsafe"
)

// A block is what transposeTiled hands to one assembly call: rowBytes
// bytes of each source row it reads (as many destination rows, times the
// element size) by colBytes bytes of each destination row it writes (as
// many source rows). Assembly is not preemptible, so the block also bounds
// the work of one call. The shapes are sized from the cache geometry (see
// geometry.go). transposeTiled walks the blocks along the destination
// rows first (every block of colBytes of the first rowBytes/size
// destination rows, then the next rows), or, with srcFirst, along the
// source rows first (every block of the first colBytes/size source rows,
// then the next ones).
type block struct {
	rowBytes, colBytes int
	srcFirst           bool
}

var (
	// cached shapes the blocks of Transpose (see cachedBlock).
	cached = cachedBlock(l1dBytes)
	// streamed shapes the blocks of TransposeStream (see streamedBlock).
	streamed = streamedBlock(pageBytes)
)

// transposeTiled runs the tile kernel k over the largest whole-tile
// rectangle of the transpose, in blocks of shape b, and the Go twin over
// the right and bottom edges. Arguments are validated; rows and cols are
// positive. A transpose of whole tiles that fits one block (every small
// one) is a single kernel call.
func transposeTiled[E tileElement](k *tileKernel[E], b block, dst []E, doff, dld int, src []E, soff, sld, rows, cols int) {
	var e E
	size := int(unsafe.Sizeof(e))
	bi := max((b.rowBytes/size)&^(k.tr-1), k.tr)
	bj := max((b.colBytes/size)&^(k.tc-1), k.tc)
	rm := rows &^ (k.tr - 1) // whole tiles: tr and tc are powers of two
	cm := cols &^ (k.tc - 1)
	if rm == rows && cm == cols && rows <= bi && cols <= bj {
		k.fn(&dst[doff], dld, &src[soff], sld, rows, cols)
		return
	}
	if rm == 0 || cm == 0 {
		transposeGo(dst, doff, dld, src, soff, sld, rows, cols)
		return
	}
	call := func(i0, j0 int) {
		k.fn(&dst[doff+i0*dld+j0], dld, &src[soff+j0*sld+i0], sld, min(bi, rm-i0), min(bj, cm-j0))
	}
	if b.srcFirst {
		for j0 := 0; j0 < cm; j0 += bj {
			for i0 := 0; i0 < rm; i0 += bi {
				call(i0, j0)
			}
		}
	} else {
		for i0 := 0; i0 < rm; i0 += bi {
			for j0 := 0; j0 < cm; j0 += bj {
				call(i0, j0)
			}
		}
	}
	if cm < cols {
		transposeGo(dst, doff+cm, dld, src, soff+cm*sld, sld, rm, cols-cm)
	}
	if rm < rows {
		transposeGo(dst, doff+rm*dld, dld, src, soff+rm, sld, rows-rm, cols)
	}
}

// transposeStreamTiled is transposeTiled with the non-temporal kernel nt of
// level isa on the columns whose destination cache lines it can write
// whole, in the blocks of the active strategy (streamedFor; Bands made tall
// by tallFor), and the regular kernel k (or the Go twin) elsewhere.
// Non-temporal vector stores need 64-byte aligned addresses, so streaming
// requires every destination row to start at the same offset within a line
// (dld*size a multiple of 64) and peels the leading columns up to the first
// line boundary.
func transposeStreamTiled[E tileElement](isa ISA, nt, k *tileKernel[E], dst []E, doff, dld int, src []E, soff, sld, rows, cols int) {
	var e E
	size := int(unsafe.Sizeof(e))
	addr := uintptr(unsafe.Pointer(&dst[doff]))
	if nt.fn == nil || dld*size%64 != 0 || addr%uintptr(size) != 0 {
		transposeTiled(k, cached, dst, doff, dld, src, soff, sld, rows, cols)
		return
	}
	peel := int((64-addr%64)%64) / size
	if cols-peel < nt.tc {
		transposeTiled(k, cached, dst, doff, dld, src, soff, sld, rows, cols)
		return
	}
	if peel > 0 {
		transposeGo(dst, doff, dld, src, soff, sld, rows, peel)
	}
	st := ActiveTransposeStrategy()
	if st == Calibrate && size < 4 {
		st = Bands // the calibration times the tiles of 4- and 8-byte elements
	}
	if st == Calibrate {
		if calibrate(nt, dst, doff+peel, dld, src, soff+peel*sld, sld, rows, cols-peel) {
			return
		}
		if st = ActiveTransposeStrategy(); st == Calibrate {
			st = Bands
		}
	}
	b := streamBlocks(isa, st, rows, cols-peel, sld, size)
	transposeTiled(nt, b, dst, doff+peel, dld, src, soff+peel*sld, sld, rows, cols-peel)
}

// streamBlocks returns the blocks TransposeStream walks under strategy s
// (Bands or Blocks) at level isa, for a transpose of rows by cols
// elements of size bytes from source rows sld elements apart: the squares
// of Blocks where streamedFor gives them, else the bands, which tallFor
// makes taller for short source rows and, where tallBands is set, long
// ones. So a transpose too narrow for squares (the pixels of an image
// with few channels, moved to channels-first) walks the bands of Bands
// whatever the strategy: in the 16-row bands of Blocks such images ran
// far slower, one tile a call for 8 float32 channels, as under Bands
// before tallFor's short-row bands (BENCHMARKS.md, "Blocks on short
// source rows").
func streamBlocks(isa ISA, s TransposeStrategy, rows, cols, sld, size int) block {
	b := streamedFor(s, rows, cols, size)
	if b == squares {
		return b
	}
	return tallFor(isa, b, cols, sld, size)
}

// tallBands makes TransposeStream's bands of 4-byte elements with the
// AVX-512 tiles tallBandRows source rows tall (set per processor: see
// familyRules and tallFor). Tests set it both ways.
var tallBands = machineRules().tallBands

// farShortRows makes TransposeStream's bands of short rows take rows
// further apart (set per processor: see familyRules and shortRowBytes).
// Tests set it both ways.
var farShortRows = machineRules().farShortRows

// tallBandRows is the height, in source rows, of tallBands' bands: four
// destination lines of 4-byte elements.
const tallBandRows = 64

// shortBandRows is the height, in source rows, of tallFor's bands where
// the source rows are short (shortRowBytes): up to 4 MiB of source per
// band, read one destination line (16 float32 or 8 float64 rows) a call,
// 64 KiB of source at most.
const shortBandRows = 1024

// smallShortRows is how far apart, in elements, source rows of 1- and 2-byte
// elements are at most for tallFor's bands of shortBandRows rows.
// TransposeStream's bands of a page by one line give such a transpose of few
// destination rows one or two tiles a call (a uint8 [n,32] to [32,n]: two
// 16×64 tiles); further apart, the short bands would read their 1024
// rows' lines again for each row of tiles (BenchmarkTransposeShortRows;
// BENCHMARKS.md, narrow transposes of 1- and 2-byte elements).
const smallShortRows = 32

// shortRowBytes returns how far apart, at most, source rows of size-byte
// elements are for tallFor's bands of shortBandRows rows at level isa: an
// eighth of a page (512 bytes) everywhere, and where farShortRows is set
// (AMD family 25) more: at AVX512 a page for 4-byte elements, half a page
// for 8-byte ones, at AVX2 a quarter page for both. The 16-row bands
// move rows that close a tile or two a call (BENCHMARKS.md, "The short
// source rows: bands of 1024 rows on every processor").
func shortRowBytes(isa ISA, size int) int {
	switch {
	case !farShortRows:
		return pageBytes / 8
	case isa == AVX2:
		return pageBytes / 4
	case size == 8:
		return pageBytes / 2
	}
	return pageBytes
}

// tallFor returns the Bands blocks b of TransposeStream at level isa for a
// transpose of cols destination columns (source rows; those left after the
// columns peeled up to a line boundary) of size-byte elements, from source
// rows sld elements apart: at the AVX2 and AVX512 levels, for at least four
// tall bands of source rows, taller bands, else b. Short source rows (at
// most shortRowBytes apart, either way: the pixels of an image with few
// channels, or, on AMD family 25, the [65536,256] transpose of a
// [256,256,256] permutation) get bands of shortBandRows rows, walked source
// rows first, one destination line a call, so that each destination row
// gets up to 4 KiB (float32) or 8 KiB (float64; 1 or 2 KiB of 1- and 2-byte
// elements) in a run and a call is not one tile; where tallBands is set
// (Intel processors, AMD family 25), at AVX512, longer float32 rows get
// bands tallBandRows rows tall and still a page long (256 KiB a call). 1-
// and 2-byte elements get the short bands where their source rows are at
// most smallShortRows elements apart, and keep b otherwise. Narrower
// transposes (the [3136, 64] slices of an NCHW to NHWC permutation) and
// other rows keep b.
func tallFor(isa ISA, b block, cols, sld, size int) block {
	if (isa != AVX2 && isa != AVX512) || cols < 4*tallBandRows {
		return b
	}
	if size < 4 {
		if absU(sld) <= smallShortRows {
			return block{rowBytes: 64, colBytes: shortBandRows * size, srcFirst: true}
		}
		return b
	}
	if absU(sld) <= uint64(shortRowBytes(isa, size)/size) {
		return block{rowBytes: 64, colBytes: shortBandRows * size, srcFirst: true}
	}
	if tallBands && isa == AVX512 && size == 4 {
		return block{rowBytes: b.rowBytes, colBytes: tallBandRows * size}
	}
	return b
}

// cachedBands makes Transpose walk TransposeStream's bands rather than
// cached's squares with the AVX-512 tiles when the source or the
// destination rows span bandSpanBytes or more (set per processor: see
// familyRules and cachedFor). Tests set it both ways.
var cachedBands = machineRules().cachedBands

// bandSpanBytes is the span of rows (their number times their leading
// dimension) from which, where cachedBands is set, Transpose takes the
// source or the destination for memory and walks bands: 8 MiB, the
// destination size from which the copier streams (internal/par's
// StreamBytes). Smaller operands are the ones likely to be in cache, where
// the squares measured faster (see familyRules). Tests lower it to run the
// bands on small transposes.
var bandSpanBytes = 8 << 20

// cachedFor returns the blocks of Transpose at level isa for a transpose
// of rows by cols elements of size bytes, between destination rows dld
// and source rows sld elements apart: the squares of cached, or the Bands
// of TransposeStream (streamedFor) where cachedBands is set, the level is
// AVX512 and the source's cols rows or the destination's rows span
// bandSpanBytes or more. The AVX2 tiles keep the squares (see
// BENCHMARKS.md).
func cachedFor(isa ISA, rows, cols, dld, sld, size int) block {
	if cachedBands && isa == AVX512 && (spans(cols, sld, size) || spans(rows, dld, size)) {
		return streamedFor(Bands, rows, cols, size)
	}
	return cached
}

// spans reports whether n rows ld elements of size bytes apart span
// bandSpanBytes or more, without overflowing.
func spans(n, ld, size int) bool {
	if ld < 0 {
		ld = -ld
	}
	hi, lo := bits.Mul64(uint64(n), uint64(ld))
	return hi != 0 || lo >= uint64(bandSpanBytes/size)
}

// hotNarrow makes TransposeHot run the narrower level's tiles (with the
// level's own thin kernels: table.hot): set per vendor where that measured
// faster on hot data (familyRules.hotNarrow). The tiles of both levels
// move the same bits. Tests set it both ways.
var hotNarrow = machineRules().hotNarrow

// forHot returns the table whose tiles TransposeHot runs: t, or t.hot
// where hotNarrow is set and t has one.
func forHot(t *table) *table {
	if hotNarrow && t.hot != nil {
		return t.hot
	}
	return t
}

// transposeAt dispatches a validated, non-empty transpose to the kernels of
// table t: 4- and 8-byte elements go to the uint32 and uint64 kernels, in
// blocks of shape b (or TransposeStream's, with stream), or to the thin
// ones where t has them and the transpose has fewer rows or columns than
// a tile (transposeNarrow); 1- and 2-byte elements to the thin kernels
// where t has them and they take the transpose, unless the tiles cover
// its narrow side whole, else to their tiles (transposeSmall) where t has
// them and the transpose has a whole tile; all else (other sizes, a misaligned
// complex64 or 2-byte slice) to the Go twin.
func transposeAt[T Element](t *table, stream bool, b block, dst []T, doff, dld int, src []T, soff, sld, rows, cols int) {
	switch sizeOf[T]() {
	case 1:
		if transposeSmall(t.isa, &t.thin[0], &t.t8, &t.t8nt, stream, as[uint8](dst), doff, dld, as[uint8](src), soff, sld, rows, cols) {
			return
		}
	case 2:
		if uintptrOf(dst)%2 == 0 && uintptrOf(src)%2 == 0 &&
			transposeSmall(t.isa, &t.thin[1], &t.t16, &t.t16nt, stream, as[uint16](dst), doff, dld, as[uint16](src), soff, sld, rows, cols) {
			return
		}
	case 4:
		if t.t32.fn != nil {
			d, s := as[uint32](dst), as[uint32](src)
			if (rows < t.t32.tr || cols < t.t32.tc) && t.thin[2].k != nil {
				transposeNarrow(&t.thin[2], &t.narrow32, stream, d, doff, dld, s, soff, sld, rows, cols)
				return
			}
			if stream {
				transposeStreamTiled(t.isa, &t.t32nt, &t.t32, d, doff, dld, s, soff, sld, rows, cols)
			} else {
				transposeTiled(&t.t32, b, d, doff, dld, s, soff, sld, rows, cols)
			}
			return
		}
	case 8:
		if t.t64.fn != nil && uintptrOf(dst)%8 == 0 && uintptrOf(src)%8 == 0 {
			d, s := as[uint64](dst), as[uint64](src)
			if (rows < t.t64.tr || cols < t.t64.tc) && t.thin[3].k != nil {
				transposeNarrow(&t.thin[3], &t.narrow64, stream, d, doff, dld, s, soff, sld, rows, cols)
				return
			}
			if stream {
				transposeStreamTiled(t.isa, &t.t64nt, &t.t64, d, doff, dld, s, soff, sld, rows, cols)
			} else {
				transposeTiled(&t.t64, b, d, doff, dld, s, soff, sld, rows, cols)
			}
			return
		}
	}
	transposeGo(dst, doff, dld, src, soff, sld, rows, cols)
}

// transposeSmall moves a transpose of 1- or 2-byte elements with a
// level's kernels for them and reports whether it did (false leaves it to
// the Go twin): with the thin kernels ts where they take it, unless the
// tiles k cover its narrow side whole (coversNarrow), else with the tiles
// (transposeSmallTiles, and their non-temporal form nt) where it has a
// whole tile.
func transposeSmall[E uint8 | uint16](isa ISA, ts *thinSet, k, nt *tileKernel[E], stream bool, dst []E, doff, dld int, src []E, soff, sld, rows, cols int) bool {
	tiles := k.fn != nil && rows >= k.tr && cols >= k.tc // a whole tile
	if ts.k != nil && !(tiles && coversNarrow(k, rows, cols)) && transposeThin(ts, stream, dst, doff, dld, src, soff, sld, rows, cols) {
		return true
	}
	if !tiles {
		return false
	}
	transposeSmallTiles(isa, k, nt, stream, dst, doff, dld, src, soff, sld, rows, cols)
	return true
}

// coversNarrow reports whether the tiles k (of 1- or 2-byte elements),
// which fit a transpose of rows by cols (a whole tile), take it where the
// thin kernels would: they cover its narrow side whole (rows a multiple of
// k.tr where there are no more rows than columns, else cols a multiple of
// k.tc), as transposeNarrow gives 4- and 8-byte ones to their tiles. The thin
// kernels take 1- and 2-byte elements up to 16 rows or columns (thinMax),
// so these are a uint8 side of 16 and a uint16 one of 8 or 16 rows or 16
// columns, which the tiles take rather than the thin kernels of both
// levels (BenchmarkThin; BENCHMARKS.md, narrow transposes of 1- and
// 2-byte elements).
func coversNarrow[E uint8 | uint16](k *tileKernel[E], rows, cols int) bool {
	if rows <= cols {
		return rows%k.tr == 0
	}
	return cols%k.tc == 0
}

// sizeOf returns the size in bytes of T.
func sizeOf[T any]() uintptr {
	var z T
	return unsafe.Sizeof(z)
}

// as reinterprets s as a slice of E covering the same bytes; the caller
// guarantees equal sizes and E's alignment.
func as[E, T any](s []T) []E {
	return unsafe.Slice((*E)(unsafe.Pointer(unsafe.SliceData(s))), len(s))
}

// uintptrOf returns the address of s's first element (0 for a nil slice).
func uintptrOf[T any](s []T) uintptr {
	return uintptr(unsafe.Pointer(unsafe.SliceData(s)))
}

// transposeSmallTiles runs the tiles of 1- or 2-byte elements over a
// transpose. Streamed (TransposeStream) where the level has a non-temporal
// form nt (uint8 and uint16 at AVX2 and AVX512) and the destination rows
// are a whole number of lines apart, it runs transposeStreamTiled with nt,
// under the strategy's blocks as the 4- and 8-byte tiles do (never
// calibrating: the calibration times those), which write whole lines
// without fetching them (BENCHMARKS.md, "Bytes streamed: whole lines,
// non-temporally" and "`TransposeStream` of 2-byte elements"). Otherwise
// the tiles k walk cached's squares, whatever the caller's blocks (see
// BENCHMARKS.md), or, where the Go twin would stage the transpose (source
// rows a page or more apart, and stages), they write the blocks of
// transposeStaged's scratch buffer in the same squares: without
// non-temporal stores, each destination line written in pieces of 16 or 32
// bytes took its fetch from memory, as the Go twin's did, which staging
// avoids (BENCHMARKS.md, transposes of 1- and 2-byte elements).
func transposeSmallTiles[E uint8 | uint16](isa ISA, k, nt *tileKernel[E], stream bool, dst []E, doff, dld int, src []E, soff, sld, rows, cols int) {
	size := int(sizeOf[E]())
	if stream && nt.fn != nil && dld*size%64 == 0 {
		transposeStreamTiled(isa, nt, k, dst, doff, dld, src, soff, sld, rows, cols)
		return
	}
	if farRows(sld, size) && stages(rows, cols, size) { // as transposeGo
		stageThrough(dst, doff, dld, src, soff, sld, rows, cols, func(buf []E, boff, bld int, src []E, soff, sld, r, c int) {
			transposeTiled(k, cached, buf, boff, bld, src, soff, sld, r, c)
		})
		return
	}
	transposeTiled(k, cached, dst, doff, dld, src, soff, sld, rows, cols)
}
