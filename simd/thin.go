package simd

import (
	"math/bits"
	"sync/atomic"
	"unsafe"
)

// Thin transposes: one side shorter than a vector.
//
// A transpose with fewer rows or fewer columns than the tile kernels'
// tiles has no whole tile: the pixels of an image with three or four
// channels, moved between channels-last ([H,W,C]) and channels-first
// ([C,H,W]) order, are transposes of C rows by H*W columns or H*W rows by
// C columns. The tiles leave them all to the Go twin, whose loops move
// one element at a time, far below copy()'s rate.
// The thin kernels move them a vector at a time instead, in blocks of one
// vector's worth of lanes L (with AVX-512: 64 for 1-byte elements, 32,
// 16 and 8 for 2-, 4- and 8-byte ones; with AVX2, 32, 16, 8 and 4), the
// thin side and the leading dimension each at most thinMax elements:
//
//   - few rows (rows < L, 1 <= sld <= L): a block is L source rows
//     (destination columns), which lie within sld+1 vectors from the
//     first one's start; each of the rows destination rows gets one
//     vector, whose lanes come from those source vectors;
//   - few columns (cols < L, cols <= dld <= L): a block is L destination
//     rows, which lie within dld vectors; each of them gets lanes from the
//     cols source rows' vectors, and is stored with a mask, so that the
//     elements between destination rows (dld > cols) are not written (the
//     AVX2 kernel of 1- and 2-byte elements has no masked store: it takes
//     few columns only where dld == cols).
//
// Each destination vector is built by masked permutes (VPERMB, VPERMW,
// VPERMPS or VPERMPD; at AVX2, VPERMD and a mask vector, or VPSHUFB of
// the vector and of it with its halves swapped), one per source vector
// it takes lanes from, with
// one vector of lane indices: the block's shape is the same for every
// block, so its indices, masks and vector numbers (a thinProg) are
// computed once per shape and cached. A few-rows block reads whole source
// vectors, so it may read up to a vector of source elements the transpose
// does not use (never past the source slice); their lanes are dropped, so
// a concurrent write to them cannot change the result. TransposeStream
// stores whole, aligned vectors non-temporally where it can (see
// thinSet), so that the destination lines are written without being
// fetched (BenchmarkChannels; see BENCHMARKS.md).

// thinKernel runs blocks of a thin transpose: for each of blocks blocks,
// each of the outs output vectors of a program is assembled from the
// source vectors its entries name under their lane masks, and stored under
// its store mask; then the block's addresses advance by dstep and sstep
// bytes. A source vector k is at k*inScale bytes from the block's source
// address, an output o at o*outScale bytes from its destination address.
// idx holds the program's lane indices (for 32-byte vectors, its vecs)
// and code its entries (see thinProg).
type thinKernel func(dst, src unsafe.Pointer, blocks, dstep, sstep, inScale, outScale, outs int, idx unsafe.Pointer, code *int64)

// thinSet is a level's thin transposes of one element size: k with
// ordinary stores under each output's mask, nt (nil: none) with non-temporal ones
// (whole outputs at 64-byte aligned addresses, then SFENCE), which
// TransposeStream runs where every output of the blocks is whole and
// aligned: a whole vector of a destination row (few rows), or a vector
// of destination rows that lie end to end (few columns, dld == cols).
//
// vec is the kernels' vector in bytes (64 for AVX-512, 32 for AVX2): a
// block's lanes are vec/size, and its programs are those of that width.
// whole is set for kernels that store every output whole, having no
// masked store (AVX2's of 1- and 2-byte elements): they take few columns
// only where the destination rows lie end to end, where every output of a
// block is whole. maskedTail is set for kernels whose masked stores may
// cover lanes past the destination's end, masked off, without faulting:
// AVX-512's mask registers suppress faults on masked-off lanes on every
// processor, but AVX2's VPMASKMOVD may fault on them on AMD processors (its
// manual leaves it to the implementation), so the AVX2 kernels leave a last
// block that would overhang the destination to the Go twin.
type thinSet struct {
	k, nt      thinKernel
	vec        int
	whole      bool
	maskedTail bool
}

// thinProg is the program of one block shape: outs destination vectors,
// each with a vector of lane indices (idx[o]: 64 bytes, the lanes of one
// vector as integers of the size the kernel permutes, see buildThin) and
// a run of code:
//
//	n, then n pairs (source vector k, lane mask), then
//	(output o, store mask)
//
// Every output has n >= 1: each output vector holds some element. The
// vectors are numbered, not placed: the strides of a call place them
// (thinKernel's inScale and outScale), so one program serves every
// stride.
type thinProg struct {
	outs int
	idx  [16][64]uint8
	code []int64
	// reach is the number of elements from a block's source address that
	// its loads read (few rows; for few columns, a vector of each source
	// row, which lies inside the row).
	reach int
	// vecs is the program's form for 32-byte vectors (nil for 64-byte
	// ones), which the AVX2 kernels read in place of idx: maskStream's for
	// 4- and 8-byte elements, shuffleStream's for 1- and 2-byte ones.
	vecs []byte
}

// thinMax bounds a and b of a thin transpose's shape (see thinFor): 16,
// the lanes of 4-byte elements; 1- and 2-byte elements, with 64 and 32
// lanes, are thin only up to it, which keeps every program within 16
// outputs and the cache small.
const thinMax = 16

// thinProgs caches the programs: [width][kind][log2 of the size][a][b],
// width 0 for 64-byte vectors and 1 for 32-byte ones, kind 0 for few rows
// (a = rows, b = sld), 1 for few columns (a = cols, b = dld).
var thinProgs [2][2][4][thinMax + 1][thinMax + 1]atomic.Pointer[thinProg]

// thinFor returns the program of a thin transpose of kind (0 few rows, 1
// few columns) with a rows or columns and leading dimension b, for
// elements of size bytes (1, 2, 4 or 8) in vectors of vec bytes (64 or
// 32), building it on first use. With lanes = vec/size: 1 <= a < lanes,
// a <= thinMax and 1 <= b <= min(lanes, thinMax), and a <= b for few
// columns.
func thinFor(vec, kind, size, a, b int) *thinProg {
	p := &thinProgs[vec>>6^1][kind][bits.TrailingZeros(uint(size))][a][b]
	if q := p.Load(); q != nil {
		return q
	}
	q := buildThin(vec, kind, size, a, b)
	p.Store(q) // a racing build stores an identical program
	return q
}

// buildThin computes the program thinFor caches. For few rows (a rows,
// sld b): output i is destination row i; its lane p is the element of row
// i of source row p, at element p*b+i of the block. For few columns (a
// columns, dld b): output v is the v-th vector of the block's destination
// rows; its lane e is element f = v*L+e, destination row f/b, column f%b,
// which comes from lane f/b of source row f%b if f%b < a, and is not
// written otherwise.
//
// The indices and masks are in the units the kernels permute: elements,
// for 64-byte vectors (VPERMB, VPERMW, VPERMPS, VPERMPD); for 32-byte
// ones, 4 bytes for 4- and 8-byte elements, whose kernel permutes 8-byte
// elements as pairs of 4-byte halves (AVX2's VPERMD takes its indices
// from a vector; VPERMQ's are an immediate), so that element lane l
// becomes units 2l and 2l+1 and each mask bit two, and bytes for 1- and
// 2-byte elements (VPSHUFB, see shuffleStream). Programs of 32-byte
// vectors carry the AVX2 kernels' form of them in vecs.
func buildThin(vec, kind, size, a, b int) *thinProg {
	q := buildProg(vec, kind, size, a, b)
	switch {
	case vec == 32 && size >= 4:
		q.vecs = maskStream(q)
	case vec == 32:
		q.vecs = shuffleStream(q)
	}
	return q
}

// maskStream returns the AVX2 kernel's form of q, whose permutes have no
// mask registers: for each output its 32 bytes of indices, then for each
// of its entries a 32-byte mask vector with every bit set in the 4-byte
// units whose mask bit is set and none in the others, then its store
// mask's. The kernel reads it in order, one vector an instruction.
func maskStream(q *thinProg) []byte {
	var s []byte
	vector := func(m int64) {
		for u := range 8 {
			b := byte(0)
			if m>>u&1 == 1 {
				b = 0xff
			}
			s = append(s, b, b, b, b)
		}
	}
	code := q.code
	for o := range q.outs {
		s = append(s, q.idx[o][:32]...)
		n := int(code[0])
		code = code[1:]
		for range n {
			vector(code[1])
			code = code[2:]
		}
		vector(code[1])
		code = code[2:]
	}
	return s
}

// shuffleStream returns the AVX2 byte kernel's form of q (1- and 2-byte
// elements, whose indices are bytes): VPSHUFB moves bytes only within a
// 16-byte half, so each entry becomes two index vectors, one for the
// source vector as it is and one for it with its halves swapped; each
// takes the output bytes whose source byte lies in the half it sees at
// their position, and zeroes the others (index 0x80), so that the two
// shuffles of every entry of an output are ORed with no mask. For each
// output: its entries' pairs of index vectors, in order. Every output is
// stored whole: the kernel runs few columns only end to end (see
// thinSet).
func shuffleStream(q *thinProg) []byte {
	var s []byte
	code := q.code
	for o := range q.outs {
		n := int(code[0])
		code = code[1:]
		for range n {
			m := code[1]
			var same, swapped [32]byte
			for ob := range 32 {
				same[ob], swapped[ob] = 0x80, 0x80
				if m>>ob&1 == 0 {
					continue
				}
				sb := int(q.idx[o][ob])
				if sb/16 == ob/16 {
					same[ob] = byte(sb % 16)
				} else {
					swapped[ob] = byte(sb % 16)
				}
			}
			s = append(s, same[:]...)
			s = append(s, swapped[:]...)
			code = code[2:]
		}
		code = code[2:]
	}
	return s
}

// buildProg computes buildThin's program but for vecs.
func buildProg(vec, kind, size, a, b int) *thinProg {
	lanes := vec / size
	unit := size // the bytes the kernel permutes as one
	switch {
	case vec == 32 && size >= 4:
		unit = 4 // VPERMD's
	case vec == 32:
		unit = 1 // VPSHUFB's
	}
	r := size / unit // units per element
	q := &thinProg{}
	setIdx := func(o, e, lane int) { // element lane e of idx[o], little-endian units
		for j := range r {
			for k := range unit {
				q.idx[o][(e*r+j)*unit+k] = uint8((lane*r + j) >> (8 * k))
			}
		}
	}
	bit := func(e int) int64 { return (int64(1)<<r - 1) << (e * r) } // element lane e's mask bits
	full := int64(1)<<(lanes*r) - 1
	if kind == 0 {
		q.outs = a
		var masks [thinMax]int64 // by source vector: at most thinMax of them
		for i := range a {
			clear(masks[:])
			for p := range lanes {
				f := p*b + i
				setIdx(i, p, f%lanes)
				masks[f/lanes] |= bit(p)
			}
			q.code = appendEntries(q.code, masks[:])
			q.code = append(q.code, int64(i), full)
		}
		q.reach = ((lanes-1)*b+a-1)/lanes*lanes + lanes
		return q
	}
	q.outs = b
	var masks [thinMax]int64 // by source row
	for v := range b {
		clear(masks[:])
		store := int64(0)
		for e := range lanes {
			f := v*lanes + e
			row, col := f/b, f%b
			setIdx(v, e, row)
			if col < a {
				masks[col] |= bit(e)
				store |= bit(e)
			}
		}
		q.code = appendEntries(q.code, masks[:a])
		q.code = append(q.code, int64(v), store)
	}
	q.reach = lanes
	return q
}

// appendEntries appends n and the n (k, masks[k]) pairs of the non-zero
// masks.
func appendEntries(code []int64, masks []int64) []int64 {
	n := 0
	for _, m := range masks {
		if m != 0 {
			n++
		}
	}
	code = append(code, int64(n))
	for k, m := range masks {
		if m != 0 {
			code = append(code, int64(k), m)
		}
	}
	return code
}

// transposeNarrow runs a validated transpose with fewer rows or columns
// than the tiles of its level, whose thin kernels are ts: with the smaller
// tiles narrow where they cover the narrow side whole (its length a
// multiple of their side), and otherwise with ts (non-temporal with
// stream, where it can) where they take the transpose, else with the Go
// twin. The AVX2 tiles move a whole tile in registers; the thin kernel's
// permutes per element grow with the narrow side (see thinProg), and a
// side the tiles do not cover whole leaves its last rows to the Go twin:
// so the thin kernels take the transposes whose narrow side the tiles do
// not cover whole, and the tiles those they do (BenchmarkThin; see
// BENCHMARKS.md).
func transposeNarrow[E uint32 | uint64](ts *thinSet, narrow *tileKernel[E], stream bool, dst []E, doff, dld int, src []E, soff, sld, rows, cols int) {
	if a := min(rows, cols); narrow.fn != nil && a >= narrow.tr && a%narrow.tr == 0 {
		transposeTiled(narrow, cached, dst, doff, dld, src, soff, sld, rows, cols)
		return
	}
	if !transposeThin(ts, stream, dst, doff, dld, src, soff, sld, rows, cols) {
		transposeGo(dst, doff, dld, src, soff, sld, rows, cols)
	}
}

// thinCallBytes bounds the destination bytes of one call of a thin kernel:
// assembly is not preemptible, so a large transpose is many calls.
const thinCallBytes = 64 << 10

// transposeThin runs a validated transpose with the thin kernels ts when
// it is thin (see above), in calls of at most thinCallBytes, the Go twin
// moving the columns (few rows) or rows (few columns) outside a whole
// number of blocks, and reports whether it did; false leaves the
// transpose to the caller. With stream, where the blocks' outputs can be
// whole and 64-byte aligned (see thinSet), the blocks start at the first
// column or row where they are, and run ts.nt. rows and cols are
// positive.
func transposeThin[E uint8 | uint16 | uint32 | uint64](ts *thinSet, stream bool, dst []E, doff, dld int, src []E, soff, sld, rows, cols int) bool {
	size := int(sizeOf[E]())
	lanes := ts.vec / size
	switch {
	case rows < lanes && rows <= thinMax && cols >= lanes && sld >= 1 && sld <= min(lanes, thinMax):
		q := thinFor(ts.vec, 0, size, rows, sld)
		k, c0 := ts.k, 0 // the kernel, and the first column it moves
		if stream && ts.nt != nil && dld*size%64 == 0 {
			// Every destination row starts at the same offset in a line:
			// peel the columns up to the next line.
			if addr := uintptrOf(dst) + uintptr(doff*size); addr%uintptr(size) == 0 {
				if peel := int((64-addr%64)%64) / size; cols-peel >= lanes {
					k, c0 = ts.nt, peel
				}
			}
		}
		// Block b reads q.reach elements from soff+(c0+b*lanes)*sld: the
		// blocks whose reads stay in src (every block but the last
		// always do).
		blocks, step, s0 := (cols-c0)/lanes, lanes*sld, soff+c0*sld
		if s0+(blocks-1)*step+q.reach > len(src) {
			room := len(src) - s0 - q.reach
			if room < 0 {
				return false
			}
			blocks = room/step + 1
		}
		if c0 > 0 {
			transposeGo(dst, doff, dld, src, soff, sld, rows, c0)
		}
		thinCalls(k, q, unsafe.Pointer(&dst[doff+c0]), unsafe.Pointer(&src[s0]), blocks, rows*lanes*size,
			lanes*size, step*size, lanes*size, dld*size)
		if done := c0 + blocks*lanes; done < cols {
			transposeGo(dst, doff+done, dld, src, soff+done*sld, sld, rows, cols-done)
		}
		return true
	case cols < lanes && rows >= lanes && dld >= cols && dld <= min(lanes, thinMax) && (dld == cols || !ts.whole):
		q := thinFor(ts.vec, 1, size, cols, dld)
		k, r0 := ts.k, 0 // the kernel, and the first row it moves
		if stream && ts.nt != nil && dld == cols {
			// The rows lie end to end: start at the first row on a line
			// boundary, if one is near.
			if addr := uintptrOf(dst) + uintptr(doff*size); addr%uintptr(size) == 0 {
				for i := range lanes {
					if (addr+uintptr(i*dld*size))%64 == 0 {
						if rows-i >= lanes {
							k, r0 = ts.nt, i
						}
						break
					}
				}
			}
		}
		if r0 > 0 {
			transposeGo(dst, doff, dld, src, soff, sld, r0, cols)
		}
		blocks := (rows - r0) / lanes
		if blocks > 0 && !ts.maskedTail && doff+(r0+blocks*lanes)*dld > len(dst) {
			blocks-- // its last vector's masked lanes would overhang dst
		}
		thinCalls(k, q, unsafe.Pointer(&dst[doff+r0*dld]), unsafe.Pointer(&src[soff+r0]), blocks, lanes*dld*size,
			lanes*dld*size, lanes*size, sld*size, lanes*size)
		if done := r0 + blocks*lanes; done < rows {
			transposeGo(dst, doff+done*dld, dld, src, soff+done, sld, rows-done, cols)
		}
		return true
	}
	return false
}

// thinCalls runs blocks blocks of program q with kernel k from dst and
// src, in calls of at most thinCallBytes of destination (a block writes
// within blockBytes); the other arguments are k's. Every element a block
// reads, and every element it writes unmasked, lies in the slices dst and
// src point into (an AVX-512 few-columns block's masked lanes may reach
// past the destination's end: AVX-512's masked lanes are neither written
// nor faulted on; the AVX2 kernels' never do, see thinSet's maskedTail).
func thinCalls(k thinKernel, q *thinProg, dst, src unsafe.Pointer, blocks, blockBytes, dstep, sstep, inScale, outScale int) {
	per := blocks
	if blocks*blockBytes > thinCallBytes {
		per = max(1, thinCallBytes/blockBytes)
	}
	idx := unsafe.Pointer(&q.idx)
	if q.vecs != nil {
		idx = unsafe.Pointer(&q.vecs[0])
	}
	for b0 := 0; b0 < blocks; b0 += per {
		k(unsafe.Add(dst, b0*dstep), unsafe.Add(src, b0*sstep), min(per, blocks-b0),
			dstep, sstep, inScale, outScale, q.outs, idx, &q.code[0])
	}
}
