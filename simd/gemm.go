package simd

import (
	"math"
	"math/bits"
	"unsafe"

	"github.com/tessera-go/tessera/internal/errs"
)

// A GemmKernel is the micro-kernel of matrix products of one level for
// float32 or float64: it computes a tile of MR rows by NR columns of a
// product from packed slivers (see Tile). [Gemm] returns the active
// level's; the caller packs its operands in slivers of the kernel's MR
// and NR.
type GemmKernel[T Float] struct {
	// MR and NR are the tile's rows and columns.
	MR, NR int
	fn     unsafe.Pointer // *gemmSet32 or *gemmSet64 of the level; nil: the Go twin
}

// gemmSet is a level's micro-kernel of one element type, and its row
// kernel (nil: none; see GemmKernel.Rows) for up to rowsMax columns.
type gemmSet[E float32 | float64] struct {
	mr, nr  int
	fn      func(kc int, a, b, c *E, ldc int, add bool)
	rows    func(m, n, kc int, a *E, ars, acs int, b *E, brs int, c *E, crs int, add bool)
	rowsMax int
	// rowsHalf is the row kernel on half vectors, for up to rowsMax/2
	// columns (nil: rows takes them).
	rowsHalf func(m, n, kc int, a *E, ars, acs int, b *E, brs int, c *E, crs int, add bool)
}

// Gemm returns the matrix-product micro-kernel of the active level for T:
// the AVX-512 kernel (12×32 float32, 12×16 float64), the AVX2 one (6×16,
// 6×8; with FMA3) or the Go twin (4×4). Every level computes the same
// bits (see Tile), so the tile only decides speed.
func Gemm[T Float]() GemmKernel[T] {
	t := active.Load()
	if sizeOf[T]() == 4 {
		if t.gemm32 != nil {
			return GemmKernel[T]{MR: t.gemm32.mr, NR: t.gemm32.nr, fn: unsafe.Pointer(t.gemm32)}
		}
	} else if t.gemm64 != nil {
		return GemmKernel[T]{MR: t.gemm64.mr, NR: t.gemm64.nr, fn: unsafe.Pointer(t.gemm64)}
	}
	return GemmKernel[T]{MR: 4, NR: 4}
}

// Tile computes the tile of MR rows by NR columns whose element (r, j)
// is the sum over p < kc of a[p*MR+r]·b[p*NR+j], and stores it at
// c[r*ldc+j], or adds it to that element when add is set: a holds kc
// groups of MR elements (a sliver of MR rows of a matrix A, packed along
// k) and b kc groups of NR (a sliver of NR columns of B). Each sum starts
// from +0 and accumulates its products in p order by fused multiply-adds,
// each rounded once (IEEE 754's fusedMultiplyAdd, VFMADD), and the add is
// one more rounding; so every level gives the same bits, those of the Go
// loop with math.FMA. ldc must be at least NR (rows of c do not overlap).
// It returns an error wrapping ErrArg for a negative kc or an ldc below
// NR, and ErrRange when a, b or c is too short.
func (k GemmKernel[T]) Tile(kc int, a, b, c []T, ldc int, add bool) error {
	if kc < 0 || ldc < k.NR {
		return errs.New("simd", "Gemm", ErrArg, "kc %d, ldc %d for a %d×%d tile", kc, ldc, k.MR, k.NR)
	}
	if k.MR*k.NR == 0 {
		return nil
	}
	if len(a) < kc*k.MR || len(b) < kc*k.NR || len(c) < (k.MR-1)*ldc+k.NR {
		return errs.New("simd", "Gemm", ErrRange, "a of %d, b of %d, c of %d elements for kc %d, ldc %d and a %d×%d tile",
			len(a), len(b), len(c), kc, ldc, k.MR, k.NR)
	}
	if k.fn != nil {
		if kc == 0 { // the kernels take no empty slivers
			a, b = make([]T, 1), make([]T, 1)
		}
		if sizeOf[T]() == 4 {
			s := (*gemmSet[float32])(k.fn)
			s.fn(kc, &as[float32](a)[0], &as[float32](b)[0], &as[float32](c)[0], ldc, add)
		} else {
			s := (*gemmSet[float64])(k.fn)
			s.fn(kc, &as[float64](a)[0], &as[float64](b)[0], &as[float64](c)[0], ldc, add)
		}
		return nil
	}
	gemmTileGo(k.MR, k.NR, kc, a, b, c, ldc, add)
	return nil
}

// RowsMax returns the most columns the level's row kernel computes (see
// Rows), or 0 where the level has none.
func (k GemmKernel[T]) RowsMax() int {
	if k.fn == nil {
		return 0
	}
	if sizeOf[T]() == 4 {
		return (*gemmSet[float32])(k.fn).rowsMax
	}
	return (*gemmSet[float64])(k.fn).rowsMax
}

// Rows computes, for each of m rows i, the n sums over p < kc of
// a[aoff+i*ars+p*acs]·b[boff+p*brs+j], j < n, in p order from +0 by fused
// multiply-adds as Tile does, and stores each at c[coff+i*crs+j], or adds
// it when add is set: the product of an m×kc matrix A at any strides and
// a kc×n matrix B whose rows, like C's, have unit stride, without packing
// either. n must be at most RowsMax (where RowsMax is 0, the Go twin
// computes any n). It gives Tile's bits. It returns an error wrapping
// ErrArg for a negative m, n or kc or an n above RowsMax, and ErrRange
// when an index falls outside a, b or c.
func (k GemmKernel[T]) Rows(m, n, kc int, a []T, aoff, ars, acs int, b []T, boff, brs int, c []T, coff, crs int, add bool) error {
	rm := k.RowsMax()
	if m < 0 || n < 0 || kc < 0 || (rm > 0 && n > rm) {
		return errs.New("simd", "GemmRows", ErrArg, "m %d, n %d, kc %d (at most %d columns)", m, n, kc, rm)
	}
	if m == 0 || n == 0 {
		return nil
	}
	if !spanIn(len(a), aoff, m, ars, kc, acs) || !spanIn(len(b), boff, kc, brs, n, 1) || !spanIn(len(c), coff, m, crs, n, 1) {
		return errs.New("simd", "GemmRows", ErrRange, "%d×%d by %d×%d into %d×%d: an index falls outside a (%d), b (%d) or c (%d)",
			m, kc, kc, n, m, n, len(a), len(b), len(c))
	}
	if rm > 0 {
		if kc == 0 { // the kernels take no empty operands
			a, b, aoff, boff = make([]T, 1), make([]T, 1), 0, 0
		}
		if sizeOf[T]() == 4 {
			s := (*gemmSet[float32])(k.fn)
			f := s.rows
			if 2*n <= s.rowsMax && s.rowsHalf != nil {
				f = s.rowsHalf
			}
			f(m, n, kc, &as[float32](a)[aoff], ars, acs, &as[float32](b)[boff], brs, &as[float32](c)[coff], crs, add)
		} else {
			s := (*gemmSet[float64])(k.fn)
			f := s.rows
			if 2*n <= s.rowsMax && s.rowsHalf != nil {
				f = s.rowsHalf
			}
			f(m, n, kc, &as[float64](a)[aoff], ars, acs, &as[float64](b)[boff], brs, &as[float64](c)[coff], crs, add)
		}
		return nil
	}
	gemmRowsGo(m, n, kc, a, aoff, ars, acs, b, boff, brs, c, coff, crs, add)
	return nil
}

// spanIn reports whether every off + i*s1 + j*s2 (i < n1, j < n2) lies
// in [0, l), without overflow.
func spanIn(l, off, n1, s1, n2, s2 int) bool {
	if n1 == 0 || n2 == 0 {
		return true
	}
	if off < 0 || off >= l {
		return false // element (0, 0) is reached
	}
	// With counts and strides below 2^(w/2-2) in magnitude (w the bits of
	// an int) each extent is below 2^(w-4), so neither their sums nor the
	// comparisons below, against l - off and off, can overflow.
	const lim = 1 << (bits.UintSize/2 - 2)
	if uint(n1) > lim || uint(n2) > lim || s1 < -lim || s1 > lim || s2 < -lim || s2 > lim {
		return spanInBig(l, off, n1, s1, n2, s2)
	}
	e1, e2 := (n1-1)*s1, (n2-1)*s2
	return -(min(e1, 0)+min(e2, 0)) <= off && max(e1, 0)+max(e2, 0) < l-off
}

// spanInBig is spanIn for large counts or strides, with overflow checks.
func spanInBig(l, off, n1, s1, n2, s2 int) bool {
	lo, hi := off, off
	for _, d := range [2][2]int{{n1, s1}, {n2, s2}} {
		e, ok := mulOK(d[0]-1, d[1])
		if !ok {
			return false
		}
		if e < 0 {
			lo += e
		} else {
			hi += e
		}
		if lo < math.MinInt/4 || hi > math.MaxInt/4 {
			return false
		}
	}
	return lo >= 0 && hi < l
}

// mulOK returns a*b and whether it did not overflow.
func mulOK(a, b int) (int, bool) {
	if a == 0 || b == 0 {
		return 0, true
	}
	p := a * b
	if p/b != a || (a == -1 && b == math.MinInt) || (b == -1 && a == math.MinInt) {
		return 0, false
	}
	return p, true
}

// gemmRowsGo is the Go twin of the row kernels.
func gemmRowsGo[T Float](m, n, kc int, a []T, aoff, ars, acs int, b []T, boff, brs int, c []T, coff, crs int, add bool) {
	var row [16]T
	var acc []T
	if n <= len(row) {
		acc = row[:n]
	} else {
		acc = make([]T, n)
	}
	for i := range m {
		clear(acc)
		for p := range kc {
			x := a[aoff+i*ars+p*acs]
			br := b[boff+p*brs : boff+p*brs+n]
			if sizeOf[T]() == 4 {
				ac, bc := as[float32](acc), as[float32](br)
				for j, y := range bc {
					ac[j] = fma32(float32(x), y, ac[j])
				}
			} else {
				ac, bc := as[float64](acc), as[float64](br)
				for j, y := range bc {
					ac[j] = math.FMA(float64(x), y, ac[j])
				}
			}
		}
		cr := c[coff+i*crs : coff+i*crs+n]
		if add {
			for j, x := range acc {
				cr[j] += x
			}
		} else {
			copy(cr, acc)
		}
	}
}

// gemmTileGo is the Go twin of the micro-kernels, for any tile.
func gemmTileGo[T Float](mr, nr, kc int, a, b, c []T, ldc int, add bool) {
	var tile [16]T // the Generic level's 4×4 without allocating
	var acc []T
	if mr*nr <= len(tile) {
		acc = tile[:mr*nr]
	} else {
		acc = make([]T, mr*nr)
	}
	gemmAccGo(mr, nr, kc, a, b, acc)
	for r := range mr {
		row := c[r*ldc : r*ldc+nr]
		if add {
			for j, x := range acc[r*nr : r*nr+nr] {
				row[j] += x
			}
		} else {
			copy(row, acc[r*nr:r*nr+nr])
		}
	}
}

// gemmAccGo sets acc[r*nr+j] to the tile's sums (see Tile).
func gemmAccGo[T Float](mr, nr, kc int, a, b, acc []T) {
	clear(acc)
	if sizeOf[T]() == 4 {
		a32, b32, c32 := as[float32](a), as[float32](b), as[float32](acc)
		for p := range kc {
			ap, bp := a32[p*mr:p*mr+mr], b32[p*nr:p*nr+nr]
			for r, x := range ap {
				row := c32[r*nr : r*nr+nr]
				for j, y := range bp {
					row[j] = fma32(x, y, row[j])
				}
			}
		}
		return
	}
	a64, b64, c64 := as[float64](a), as[float64](b), as[float64](acc)
	for p := range kc {
		ap, bp := a64[p*mr:p*mr+mr], b64[p*nr:p*nr+nr]
		for r, x := range ap {
			row := c64[r*nr : r*nr+nr]
			for j, y := range bp {
				row[j] = math.FMA(x, y, row[j])
			}
		}
	}
}

// fma32 returns x*y + z rounded once to float32, as float32's fused
// multiply-add (VFMADD...PS) does. The product is exact in float64 (24+24
// bits); the sum is computed in float64 rounded to odd, which then rounds
// to float32 as the exact sum would (53 >= 24+2 bits): the sum's rounding
// error, found exactly by TwoSum, sets the last bit when it is not zero
// and that bit is not already set. Infinities and NaNs follow float64
// arithmetic, which gives float32's results.
func fma32(x, y, z float32) float32 {
	p := float64(x) * float64(y)
	s := p + float64(z)
	if math.IsInf(s, 0) || math.IsNaN(s) {
		return float32(s)
	}
	// TwoSum: e is exactly (p + z) - s.
	zz := s - p
	e := (p - (s - zz)) + (float64(z) - zz)
	if e != 0 {
		if b := math.Float64bits(s); b&1 == 0 {
			// Round to odd: step s by one ulp toward the exact sum.
			if (e > 0) == (s > 0) {
				b++
			} else {
				b--
			}
			s = math.Float64frombits(b)
		}
	}
	return float32(s)
}
