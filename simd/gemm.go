package simd

import (
	"math"
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

// gemmSet is a level's micro-kernel of one element type.
type gemmSet[E float32 | float64] struct {
	mr, nr int
	fn     func(kc int, a, b, c *E, ldc int, add bool)
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

// gemmTileGo is the Go twin of the micro-kernels, for any tile.
func gemmTileGo[T Float](mr, nr, kc int, a, b, c []T, ldc int, add bool) {
	var tile [16]T // the Generic level's 4×4 without allocating
	acc := tile[:0]
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
