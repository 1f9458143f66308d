package simd

import (
	"sync"
	"unsafe"

	"github.com/tessera-go/tessera/internal/loops"
	"github.com/tessera-go/tessera/internal/par"
)

// This file holds the plain-Go kernels. The *Go functions are the twins of
// the assembly kernels and run at the Generic level; Strided and Fill have no
// assembly (see doc.go) and use their Go kernels at every level. All of them
// assume validated arguments: they index with ordinary bounds-checked slices,
// so a bug here panics instead of corrupting memory.

// stridedGo is the kernel of Strided, at every level: loops.Gather, but a
// unit-stride run of one repeated element is filled with the level's fill
// kernel.
//
//	for i := 0; i < n; i++ {
//		dst[doff+i*dinc] = src[soff+i*sinc]
//	}
func stridedGo[T Element](dst []T, doff, dinc int, src []T, soff, sinc, n int) {
	if dinc == 1 && sinc == 0 {
		fillAt(active.Load(), dst[doff:doff+n], src[soff])
		return
	}
	loops.Gather(dst, doff, dinc, src, soff, sinc, n)
}

// fillGo is the Generic twin of the fill kernels, and the kernel of Fill
// for short runs and for strides other than 1:
//
//	for i := range d {
//		d[i] = v
//	}
func fillGo[T Element](d []T, v T) {
	for i := range d {
		d[i] = v
	}
}

// fillStridedGo is the kernel of Fill, at every level:
//
//	for i := 0; i < n; i++ {
//		dst[doff+i*dinc] = v
//	}
func fillStridedGo[T Element](dst []T, doff, dinc int, v T, n int) {
	switch dinc {
	case 0:
		dst[doff] = v
		return
	case 1:
		fillAt(active.Load(), dst[doff:doff+n], v)
		return
	}
	for ; n > 0; n-- {
		dst[doff] = v
		doff += dinc
	}
}

// transposeGo is the Generic twin of the transpose kernels:
//
//	for i := 0; i < rows; i++ {
//		for j := 0; j < cols; j++ {
//			dst[doff+i*dld+j] = src[soff+j*sld+i]
//		}
//	}
//
// The loop order depends on how far apart the source rows are. Rows a page
// (4 KiB) or more apart fall into few sets of the L1 cache (its set index
// repeats every 4 KiB on x86-64) and each needs its own TLB entry, so
// transposeBands reads only 16 of them at a time, and where both sides span
// stageRun bytes or more and the whole 4 MiB or more (stages)
// transposeStaged moves its blocks through a scratch buffer; closer rows
// are read in square blocks, which write longer runs of each destination
// row. With BenchmarkMaterialize at the generic level, rows far apart
// (T2-f32) ran faster in bands than in blocks and faster still staged,
// and rows 1 KiB apart (P3-f32) faster in blocks than in bands or staged
// (BENCHMARKS.md, "The generic level: staged transposes").
func transposeGo[T any](dst []T, doff, dld int, src []T, soff, sld, rows, cols int) {
	// The cheap test first: without it the bands below ran measurably
	// slower on uint16 transposes of 6 columns (BenchmarkThin), the
	// call's cost or the code's placement (see BENCHMARKS.md).
	if min(rows, cols) <= fewMax && transposeFew(dst, doff, dld, src, soff, sld, rows, cols) {
		return
	}
	if size := int(sizeOf[T]()); farRows(sld, size) {
		if stages(rows, cols, size) {
			transposeStaged(dst, doff, dld, src, soff, sld, rows, cols)
			return
		}
		transposeBands(dst, doff, dld, src, soff, sld, rows, cols)
	} else {
		transposeBlocks(dst, doff, dld, src, soff, sld, rows, cols)
	}
}

// transposeBands walks bands of 16 source rows (16 destination columns: a
// 64-byte line of 4-byte elements) over runs of one page (4 KiB) of each
// source row, the order of the streamed kernels (see transpose.go): each
// destination row gets 16 adjacent elements at once, and the source is
// read as 16 sequential runs.
func transposeBands[T any](dst []T, doff, dld int, src []T, soff, sld, rows, cols int) {
	run := max(pageBytes/int(sizeOf[T]()), 1)
	for i0 := 0; i0 < rows; i0 += run {
		n := min(run, rows-i0)
		j0 := 0
		for ; j0+16 <= cols; j0 += 16 {
			// The 16 source rows as slices of one length: no bounds
			// checks in the loop.
			o := soff + j0*sld + i0
			r0, r1, r2, r3 := src[o:o+n], src[o+sld:][:n], src[o+2*sld:][:n], src[o+3*sld:][:n]
			o += 4 * sld
			r4, r5, r6, r7 := src[o:o+n], src[o+sld:][:n], src[o+2*sld:][:n], src[o+3*sld:][:n]
			o += 4 * sld
			r8, r9, r10, r11 := src[o:o+n], src[o+sld:][:n], src[o+2*sld:][:n], src[o+3*sld:][:n]
			o += 4 * sld
			r12, r13, r14, r15 := src[o:o+n], src[o+sld:][:n], src[o+2*sld:][:n], src[o+3*sld:][:n]
			d := doff + i0*dld + j0
			for k := range r0 {
				w := dst[d : d+16 : d+16]
				w[0], w[1], w[2], w[3] = r0[k], r1[k], r2[k], r3[k]
				w[4], w[5], w[6], w[7] = r4[k], r5[k], r6[k], r7[k]
				w[8], w[9], w[10], w[11] = r8[k], r9[k], r10[k], r11[k]
				w[12], w[13], w[14], w[15] = r12[k], r13[k], r14[k], r15[k]
				d += dld
			}
		}
		for ; j0 < cols; j0++ { // the last cols%16 source rows
			d := doff + i0*dld + j0
			for _, x := range src[soff+j0*sld+i0:][:n] {
				dst[d] = x
				d += dld
			}
		}
	}
}

// stageRun is the length in bytes of the run transposeStaged writes to
// each destination row a block, and the most it reads from each source
// row: 1 KiB. stageRows is the most destination rows (source columns) of a
// block, so that its scratch takes at most stageBytes, a line more than
// stageRun a row (see transposeStaged), whatever the element size.
const (
	stageRun   = 1024
	stageRows  = 256
	stageBytes = stageRows * (stageRun + 64)
)

// farRows reports whether source rows sld elements of size bytes apart
// are 4 KiB or more apart, where transposeGo walks bands of the source
// rows, or stages them (see stages), rather than square blocks.
func farRows(sld, size int) bool { return absU(sld)*uint64(size) >= 4096 }

// stages reports whether transposeGo moves a transpose of rows by cols
// elements of size bytes, from source rows a page or more apart, through
// transposeStaged: where both sides span stageRun bytes or more and the
// whole par.MinBytes or more. Below that size a copy runs on the calling
// goroutine and promises not to allocate (tensor.SetParallelism), which
// taking a buffer from stagePool may do. Elements of more than stageRun
// bytes (none of simd's) never stage.
func stages(rows, cols, size int) bool {
	r, c, z := uint64(rows), uint64(cols), uint64(size)
	return z <= stageRun && r*z >= stageRun && c*z >= stageRun && r*c*z >= stageMinBytes
}

// stageMinBytes is the size from which transposes stage: par.MinBytes.
// Tests lower it to stage small transposes.
var stageMinBytes uint64 = par.MinBytes

// stagePool holds transposeStaged's scratch buffers, of stageBytes each.
var stagePool = sync.Pool{New: func() any {
	b := make([]uint64, stageBytes/8)
	return &b
}}

// transposeStaged is transposeGo for a transpose whose source rows are a
// page or more apart, whose sides both span stageRun bytes or more and
// which moves par.MinBytes or more (stages; a transposed float32 matrix of
// 1024 rows and columns or more). It moves blocks of at most stageRows
// destination rows by stageRun bytes of columns: transposeBands writes each
// into a scratch buffer (taken from stagePool; a buffer of 272 KiB stays in
// L2), and copy moves each of the block's destination rows out, a run of
// stageRun bytes. Written directly, every 64-byte destination line took 16
// scalar stores (float32) in a line of its own, which each first fetch the
// line from memory, and only a few lines' stores fit in the core's store
// buffer at once; copy writes the runs in sequence, which the prefetchers
// follow. The scratch rows are a line longer than stageRun, so that a
// block's column does not fall in few cache sets. Staging measured faster
// than the bands written directly, on one goroutine and on two; runs of
// 512 bytes were slower, and runs of 2 KiB no faster, than stageRun's
// (BENCHMARKS.md, "The generic level: staged transposes").
func transposeStaged[T any](dst []T, doff, dld int, src []T, soff, sld, rows, cols int) {
	stageThrough(dst, doff, dld, src, soff, sld, rows, cols, transposeBands[T])
}

// stageThrough is transposeStaged with move transposing each block into
// the scratch buffer (at boff, rows bld elements apart): transposeBands,
// or the tile kernels of 1- and 2-byte elements where they do not stream
// (transposeSmallTiles).
func stageThrough[T any](dst []T, doff, dld int, src []T, soff, sld, rows, cols int, move func(buf []T, boff, bld int, src []T, soff, sld, rows, cols int)) {
	size := int(sizeOf[T]())
	bc := stageRun / size      // destination columns (source rows) a block
	br := min(bc, stageRows)   // destination rows (source columns) a block
	ld := bc + max(64/size, 1) // the scratch's rows: a line longer
	p := stagePool.Get().(*[]uint64)
	defer stagePool.Put(p)
	buf := unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(*p))), br*ld)
	for i0 := 0; i0 < rows; i0 += br {
		r := min(br, rows-i0)
		for j0 := 0; j0 < cols; j0 += bc {
			c := min(bc, cols-j0)
			move(buf, 0, ld, src, soff+j0*sld+i0, sld, r, c)
			for i := range r {
				copy(dst[doff+(i0+i)*dld+j0:][:c], buf[i*ld:][:c])
			}
		}
	}
}

// goBlock is the side of the square blocks transposeBlocks walks, so that
// the rows read and the rows written of a block stay in L2 (see
// goBlockSide): with BenchmarkMaterialize at the generic level (P3-f32,
// 2 MiB of L2) blocks of 256 elements a side, the side goBlockSide gives
// there, ran faster than blocks of 128 or 32 (see BENCHMARKS.md).
var goBlock = goBlockSide(l2Bytes)

// transposeBlocks walks square blocks, four destination rows at a time.
func transposeBlocks[T any](dst []T, doff, dld int, src []T, soff, sld, rows, cols int) {
	b := goBlock
	for i0 := 0; i0 < rows; i0 += b {
		i1 := min(i0+b, rows)
		for j0 := 0; j0 < cols; j0 += b {
			j1 := min(j0+b, cols)
			// Each source element read is written to a row slice, so both
			// sides skip most bounds checks.
			i := i0
			for ; i+4 <= i1; i += 4 {
				r := doff + i*dld
				d0 := dst[r+j0 : r+j1]
				d1 := dst[r+dld+j0 : r+dld+j1]
				d2 := dst[r+2*dld+j0 : r+2*dld+j1]
				d3 := dst[r+3*dld+j0 : r+3*dld+j1]
				d1, d2, d3 = d1[:len(d0)], d2[:len(d0)], d3[:len(d0)] // no bounds checks below
				s := soff + j0*sld + i
				for k := range d0 {
					q := src[s : s+4 : s+4]
					d0[k], d1[k], d2[k], d3[k] = q[0], q[1], q[2], q[3]
					s += sld
				}
			}
			for ; i < i1; i++ {
				r := doff + i*dld
				d := dst[r+j0 : r+j1]
				s := soff + j0*sld + i
				for k := range d {
					d[k] = src[s]
					s += sld
				}
			}
		}
	}
}

// fewMax is the most rows or columns transposeFew takes.
const fewMax = 4

// transposeFew moves a transpose of 2 to fewMax rows (sld >= 1) or
// columns (dld >= 1) in one pass, the rows or columns of each source row
// or destination row (a pixel of an image whose channels move between
// channels-last and channels-first order) moved together, and reports
// whether it took the transpose; the square blocks would move each of so
// few rows or columns in a pass of its own, an element at a time, with a
// loop's overhead per element. rows and cols are positive.
func transposeFew[T any](dst []T, doff, dld int, src []T, soff, sld, rows, cols int) bool {
	switch {
	case rows >= 2 && rows <= fewMax && rows < cols && sld >= 1:
		// Destination row i is element i of every source row: one pass
		// over the source rows, rows elements from each.
		s := src[soff : soff+(cols-1)*sld+rows]
		d0, d1 := dst[doff:][:cols], dst[doff+dld:][:cols]
		switch rows {
		case 2:
			for j := range d0 {
				q := s[j*sld : j*sld+2 : j*sld+2]
				d0[j], d1[j] = q[0], q[1]
			}
		case 3:
			d2 := dst[doff+2*dld:][:len(d0)]
			for j := range d0 {
				q := s[j*sld : j*sld+3 : j*sld+3]
				d0[j], d1[j], d2[j] = q[0], q[1], q[2]
			}
		default:
			d2, d3 := dst[doff+2*dld:][:len(d0)], dst[doff+3*dld:][:len(d0)]
			for j := range d0 {
				q := s[j*sld : j*sld+4 : j*sld+4]
				d0[j], d1[j], d2[j], d3[j] = q[0], q[1], q[2], q[3]
			}
		}
		return true
	case cols >= 2 && cols <= fewMax && cols < rows && dld >= 1:
		// Destination row i takes element i of each source row: one pass
		// over the destination rows, cols elements into each.
		d := dst[doff : doff+(rows-1)*dld+cols]
		s0, s1 := src[soff:][:rows], src[soff+sld:][:rows]
		switch cols {
		case 2:
			for i := range s0 {
				w := d[i*dld : i*dld+2 : i*dld+2]
				w[0], w[1] = s0[i], s1[i]
			}
		case 3:
			s2 := src[soff+2*sld:][:len(s0)]
			for i := range s0 {
				w := d[i*dld : i*dld+3 : i*dld+3]
				w[0], w[1], w[2] = s0[i], s1[i], s2[i]
			}
		default:
			s2, s3 := src[soff+2*sld:][:len(s0)], src[soff+3*sld:][:len(s0)]
			for i := range s0 {
				w := d[i*dld : i*dld+4 : i*dld+4]
				w[0], w[1], w[2], w[3] = s0[i], s1[i], s2[i], s3[i]
			}
		}
		return true
	}
	return false
}
