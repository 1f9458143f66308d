package ops

import (
	"math"
	"math/bits"

	"github.com/tessera-go/tessera/internal/par"
	"github.com/tessera-go/tessera/simd"
	"github.com/tessera-go/tessera/tensor"
)

// The matrix-product engine: C = A·B for an m×k A and a k×n B of any
// strides (transposed, stepped, flipped or broadcast operands included),
// by the GotoBLAS/BLIS scheme. Blocks of B (gemmKC rows by up to gemmNC
// columns) and of A (up to gemmMC rows by gemmKC columns) are packed into
// contiguous slivers, nr columns of B or mr rows of A interleaved along k,
// so that the micro-kernel reads both at unit stride whatever the
// operands' layouts; the micro-kernel then computes an mr×nr tile of C
// in registers.
//
// The order of the sums is fixed by k alone: each element of C is the sum,
// block after block of gemmKC along k, of the block's products
// accumulated in k order from 0 (for floats by fused multiply-adds, one
// rounding each, at every SIMD level: see simd.Gemm), each block's sum
// added to the element. The tiles, the blocks of m and n and the split over goroutines
// only choose which elements are computed together, so the bits are the
// same for every parallelism and every tile size.

// gemmMatrix is an m×n matrix in a buffer: element (i, j) is at
// data[off + i*rs + j*cs]. Strides may be negative or zero.
type gemmMatrix[T tensor.Number] struct {
	data        []T
	off, rs, cs int
}

// The blocking. gemmKC fixes the order of the sums (see above) and must
// not depend on the machine; gemmMC and gemmNC only size the packed blocks
// to the caches: a block of A (gemmMC×gemmKC, 128 KiB of float32) stays
// in L2 while the micro-kernel sweeps the packed B, and a block of B
// (gemmKC×gemmNC, 1 MiB of float32) in L2 or L3.
const (
	gemmKC = 256
	gemmMC = 128
	gemmNC = 1024
)

// gemmKernel computes an mr×nr tile: the sums Σ_k a[k*mr+i]·b[k*nr+j]
// over kc, from zero, in k order, stored at c[i*ldc+j] or added to it.
// ldc >= nr.
//
// rows, where not nil, computes an m×n block of c = a·b over kc (added to
// c when add is set) for n up to rowsMax, with b's and c's rows of unit
// stride, without packing (simd.GemmKernel.Rows): the kernel of products
// with few columns, such as a stack of small matrices.
type gemmKernel[T tensor.Number] struct {
	mr, nr  int
	tile    func(kc int, a, b, c []T, ldc int, add bool)
	rows    func(m, n, kc int, a, b, c gemmMatrix[T], add bool)
	rowsMax int
}

// kernelOf returns the micro-kernel for T: for float32 and float64 the
// active level's of package simd (fused multiply-adds, the same bits at
// every level: simd.GemmKernel.Tile), for the other types tileGo, the
// plain products and sums of Go's arithmetic (wrapping integers, Go's
// complex product).
func kernelOf[T tensor.Number]() gemmKernel[T] {
	switch kindOf[T]() {
	case kindFloat32:
		return simdKernel[T, float32]()
	case kindFloat64:
		return simdKernel[T, float64]()
	}
	return gemmKernel[T]{mr: 4, nr: 4, tile: tileGo[T]}
}

// simdKernel returns simd's micro-kernel for E, T's underlying type. The
// packed slivers have the lengths Tile wants, so it cannot fail.
func simdKernel[T tensor.Number, E float32 | float64]() gemmKernel[T] {
	k := simd.Gemm[E]()
	g := gemmKernel[T]{mr: k.MR, nr: k.NR, tile: func(kc int, a, b, c []T, ldc int, add bool) {
		_ = k.Tile(kc, asKind[E](a), asKind[E](b), asKind[E](c), ldc, add)
	}}
	if g.rowsMax = k.RowsMax(); g.rowsMax > 0 {
		g.rows = func(m, n, kc int, a, b, c gemmMatrix[T], add bool) {
			_ = k.Rows(m, n, kc, asKind[E](a.data), a.off, a.rs, a.cs, asKind[E](b.data), b.off, b.rs, asKind[E](c.data), c.off, c.rs, add)
		}
	}
	return g
}

// gemmWorkers returns how many goroutines compute an m×n×k product: as
// par.Workers would for an operation of m·n·k bytes, so that products of
// 4M multiply-adds (160³) and more are split.
func gemmWorkers(m, n, k int) int {
	work := math.MaxInt
	if hi, lo := bits.Mul64(uint64(m), uint64(n)); hi == 0 && lo <= math.MaxInt {
		if hi, lo := bits.Mul64(lo, uint64(k)); hi == 0 && lo <= math.MaxInt {
			work = int(lo)
		}
	}
	return par.Workers(work)
}

// gemm sets c = a·b, where a is m×k, b k×n and c m×n, with the kernel
// kern, splitting the columns (or, for few columns, the rows) of c over
// up to workers goroutines; on one goroutine it packs into sc's buffers.
// c must not share memory with a or b.
func gemm[T tensor.Number](kern gemmKernel[T], m, n, k int, a, b, c gemmMatrix[T], workers int, sc *scratch) {
	if m == 0 || n == 0 {
		return
	}
	if k == 0 {
		for i := range m {
			for j := range n {
				c.data[c.off+i*c.rs+j*c.cs] = 0
			}
		}
		return
	}
	if workers <= 1 {
		gemmRange(kern, m, n, k, a, b, c, sc)
		return
	}
	// Split the longer side of c in parts of whole tiles.
	split, unit := n, kern.nr
	if m > n {
		split, unit = m, kern.mr
	}
	tiles := (split + unit - 1) / unit
	workers = min(workers, tiles)
	par.Do(workers, func(w int) {
		lo, hi := tiles*w/workers*unit, min(tiles*(w+1)/workers*unit, split)
		if lo >= hi {
			return
		}
		var own scratch
		defer own.release()
		if split == n {
			bb, cc := b, c
			bb.off += lo * b.cs
			cc.off += lo * c.cs
			gemmRange(kern, m, hi-lo, k, a, bb, cc, &own)
		} else {
			aa, cc := a, c
			aa.off += lo * a.rs
			cc.off += lo * c.rs
			gemmRange(kern, hi-lo, n, k, aa, b, cc, &own)
		}
	})
}

// gemmRange is gemm on one goroutine, packing into sc's buffers.
func gemmRange[T tensor.Number](kern gemmKernel[T], m, n, k int, a, b, c gemmMatrix[T], sc *scratch) {
	if kern.rows != nil && n <= kern.rowsMax && b.cs == 1 && c.cs == 1 {
		// Few columns: the row kernel, block after block along k, with no
		// packing.
		for pc := 0; pc < k; pc += gemmKC {
			aa, bb := a, b
			aa.off += pc * a.cs
			bb.off += pc * b.rs
			kern.rows(m, n, min(gemmKC, k-pc), aa, bb, c, pc > 0)
		}
		return
	}
	mr, nr := kern.mr, kern.nr
	nc, mc, kc := min(gemmNC, roundUp(n, nr)), min(gemmMC, roundUp(m, mr)), min(gemmKC, k)
	bp := scratchOrMake[T](sc, 0, kc*roundUp(nc, nr))
	ap := scratchOrMake[T](sc, 1, roundUp(mc, mr)*kc)
	acc := scratchBuf[T](sc, 2, mr*nr)
	direct := c.cs == 1 && c.rs >= nr // rows of whole tiles neither reversed nor overlapping
	for jc := 0; jc < n; jc += gemmNC {
		ncb := min(gemmNC, n-jc)
		for pc := 0; pc < k; pc += gemmKC {
			kcb := min(gemmKC, k-pc)
			packB(bp, b, pc, kcb, jc, ncb, nr)
			for ic := 0; ic < m; ic += gemmMC {
				mcb := min(gemmMC, m-ic)
				packA(ap, a, ic, mcb, pc, kcb, mr)
				for jr := 0; jr < ncb; jr += nr {
					bs := bp[jr*kcb : (jr+nr)*kcb]
					for ir := 0; ir < mcb; ir += mr {
						as := ap[ir*kcb : (ir+mr)*kcb]
						rows, cols := min(mr, mcb-ir), min(nr, ncb-jr)
						if o := c.off + (ic+ir)*c.rs + (jc+jr)*c.cs; direct && rows == mr && cols == nr {
							// A whole tile of rows of unit stride: the
							// kernel stores or adds it in place.
							kern.tile(kcb, as, bs, c.data[o:o+(mr-1)*c.rs+nr], c.rs, pc > 0)
							continue
						}
						kern.tile(kcb, as, bs, acc, nr, false)
						store(c, acc, ic+ir, jc+jr, rows, cols, nr, pc > 0)
					}
				}
			}
		}
	}
}

// roundUp returns n rounded up to a multiple of u.
func roundUp(n, u int) int { return (n + u - 1) / u * u }

// packA packs rows [i0, i0+mc) and columns [p0, p0+kc) of a into dst, in
// slivers of mr rows: sliver s holds, for each k in turn, its mr rows'
// elements at column p0+k; the rows past mc are zero. Rows of unit stride
// (a row-major a) are transposed into the sliver by simd's transpose
// tiles; columns of unit stride (a transposed a) are copied.
func packA[T tensor.Number](dst []T, a gemmMatrix[T], i0, mc, p0, kc, mr int) {
	d := 0
	for s := 0; s < mc; s += mr {
		rows := min(mr, mc-s)
		o := a.off + (i0+s)*a.rs + p0*a.cs
		sliver := dst[d : d+kc*mr]
		switch {
		case a.cs == 1 && a.rs != 0:
			// dst[p*mr+r] = a[o+r*rs+p]: a transpose of rows×kc.
			_ = simd.TransposeHot(sliver, 0, mr, a.data, o, a.rs, kc, rows)
			if rows < mr {
				for p := range kc {
					clear(sliver[p*mr+rows : p*mr+mr])
				}
			}
		case a.rs == 1:
			for p := range kc {
				q := o + p*a.cs
				clear(sliver[p*mr+rows : p*mr+mr])
				copy(sliver[p*mr:p*mr+rows], a.data[q:q+rows])
			}
		default:
			for p := range kc {
				q := o + p*a.cs
				r := 0
				for ; r < rows; r++ {
					sliver[p*mr+r] = a.data[q+r*a.rs]
				}
				clear(sliver[p*mr+r : p*mr+mr])
			}
		}
		d += kc * mr
	}
}

// packB packs rows [p0, p0+kc) and columns [j0, j0+nc) of b into dst, in
// slivers of nr columns: sliver s holds, for each k in turn, its nr
// columns' elements at row p0+k; the columns past nc are zero. Rows of
// unit stride (a row-major b) are copied; columns of unit stride (a
// transposed b) are transposed into the sliver by simd's transpose tiles.
func packB[T tensor.Number](dst []T, b gemmMatrix[T], p0, kc, j0, nc, nr int) {
	d := 0
	for s := 0; s < nc; s += nr {
		cols := min(nr, nc-s)
		o := b.off + p0*b.rs + (j0+s)*b.cs
		sliver := dst[d : d+kc*nr]
		switch {
		case b.cs == 1:
			for p := range kc {
				q := o + p*b.rs
				copy(sliver[p*nr:p*nr+cols], b.data[q:q+cols])
				clear(sliver[p*nr+cols : p*nr+nr])
			}
		case b.rs == 1 && b.cs != 0:
			// dst[p*nr+j] = b[o+j*cs+p]: a transpose of cols×kc.
			_ = simd.TransposeHot(sliver, 0, nr, b.data, o, b.cs, kc, cols)
			if cols < nr {
				for p := range kc {
					clear(sliver[p*nr+cols : p*nr+nr])
				}
			}
		default:
			for p := range kc {
				q := o + p*b.rs
				j := 0
				for ; j < cols; j++ {
					sliver[p*nr+j] = b.data[q+j*b.cs]
				}
				clear(sliver[p*nr+j : p*nr+nr])
			}
		}
		d += kc * nr
	}
}

// store writes the rows×cols corner of the tile acc (nr wide) into c at
// (i0, j0): c = acc for the first block along k, c += acc for the later
// ones (add).
func store[T tensor.Number](c gemmMatrix[T], acc []T, i0, j0, rows, cols, nr int, add bool) {
	for i := range rows {
		o := c.off + (i0+i)*c.rs + j0*c.cs
		t := acc[i*nr : i*nr+cols]
		if add {
			for j, x := range t {
				c.data[o+j*c.cs] += x
			}
		} else {
			for j, x := range t {
				c.data[o+j*c.cs] = x
			}
		}
	}
}

// tileGo is the 4×4 micro-kernel of the types without fused
// multiply-adds: Go's products and sums, in k order, stored at c or added
// to it.
func tileGo[T tensor.Number](kc int, a, b, c []T, ldc int, add bool) {
	var c00, c01, c02, c03, c10, c11, c12, c13, c20, c21, c22, c23, c30, c31, c32, c33 T
	a, b = a[:4*kc], b[:4*kc]
	for p := 0; p < 4*kc; p += 4 {
		a0, a1, a2, a3 := a[p], a[p+1], a[p+2], a[p+3]
		b0, b1, b2, b3 := b[p], b[p+1], b[p+2], b[p+3]
		c00, c01, c02, c03 = c00+a0*b0, c01+a0*b1, c02+a0*b2, c03+a0*b3
		c10, c11, c12, c13 = c10+a1*b0, c11+a1*b1, c12+a1*b2, c13+a1*b3
		c20, c21, c22, c23 = c20+a2*b0, c21+a2*b1, c22+a2*b2, c23+a2*b3
		c30, c31, c32, c33 = c30+a3*b0, c31+a3*b1, c32+a3*b2, c33+a3*b3
	}
	r0, r1, r2, r3 := c[0:4:4], c[ldc:ldc+4:ldc+4], c[2*ldc:2*ldc+4:2*ldc+4], c[3*ldc:3*ldc+4:3*ldc+4]
	if add {
		r0[0], r0[1], r0[2], r0[3] = r0[0]+c00, r0[1]+c01, r0[2]+c02, r0[3]+c03
		r1[0], r1[1], r1[2], r1[3] = r1[0]+c10, r1[1]+c11, r1[2]+c12, r1[3]+c13
		r2[0], r2[1], r2[2], r2[3] = r2[0]+c20, r2[1]+c21, r2[2]+c22, r2[3]+c23
		r3[0], r3[1], r3[2], r3[3] = r3[0]+c30, r3[1]+c31, r3[2]+c32, r3[3]+c33
		return
	}
	r0[0], r0[1], r0[2], r0[3] = c00, c01, c02, c03
	r1[0], r1[1], r1[2], r1[3] = c10, c11, c12, c13
	r2[0], r2[1], r2[2], r2[3] = c20, c21, c22, c23
	r3[0], r3[1], r3[2], r3[3] = c30, c31, c32, c33
}
