package simd

import (
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestGemmTile checks every level's micro-kernel against its Go twin, bit
// for bit, for every depth from 0 to 70, on values with NaNs, infinities,
// signed zeros and subnormals among them, and that it writes nothing
// outside its tile.
func TestGemmTile(t *testing.T) {
	forEachLevel(t, func(t *testing.T) {
		gemmTileCheck[float32](t)
		gemmTileCheck[float64](t)
	})
}

func gemmTileCheck[T Float](t *testing.T) {
	r := rand.New(rand.NewPCG(51, uint64(Level())))
	k := Gemm[T]()
	specials := []float64{math.NaN(), math.Inf(1), math.Inf(-1), math.Copysign(0, -1), 1e-40, -3e-310, 65504, 1e38}
	for kc := range 71 {
		a := make([]T, kc*k.MR+1)
		b := make([]T, kc*k.NR+1)
		for i := range a {
			a[i] = T(r.NormFloat64())
			if r.IntN(50) == 0 {
				a[i] = T(specials[r.IntN(len(specials))])
			}
		}
		for i := range b {
			b[i] = T(r.NormFloat64() * 1e3)
			if r.IntN(50) == 0 {
				b[i] = T(specials[r.IntN(len(specials))])
			}
		}
		for _, add := range []bool{false, true} {
			// c has rows ldc = NR+3 apart, with guard cells between them
			// and after the last; for add it starts with values to add to.
			ldc := k.NR + 3
			got := make([]T, k.MR*ldc+1)
			for i := range got {
				got[i] = 7
				if add && i%ldc < k.NR {
					got[i] = T(r.NormFloat64())
				}
			}
			want := slices.Clone(got)
			if err := k.Tile(kc, a[1:], b[1:], got, ldc, add); err != nil { // unaligned starts
				t.Fatal(err)
			}
			gemmTileGo(k.MR, k.NR, kc, a[1:], b[1:], want, ldc, add)
			for i, w := range want {
				if g := got[i]; !sameFloatBits(g, w) {
					t.Fatalf("%T %d×%d, kc %d, add %v, element %d: got %v, want %v", w, k.MR, k.NR, kc, add, i, g, w)
				}
				if i%ldc >= k.NR && got[i] != 7 {
					t.Fatalf("%T kc %d: the kernel wrote outside its tile, at %d", w, kc, i)
				}
			}
		}
	}
	if err := k.Tile(-1, nil, nil, make([]T, k.MR*k.NR), k.NR, false); err == nil {
		t.Error("a negative kc was accepted")
	}
	if err := k.Tile(2, make([]T, 2*k.MR-1), make([]T, 2*k.NR), make([]T, k.MR*k.NR), k.NR, false); err == nil {
		t.Error("a short a was accepted")
	}
	if err := k.Tile(2, make([]T, 2*k.MR), make([]T, 2*k.NR), make([]T, k.MR*k.NR), k.NR-1, false); err == nil {
		t.Error("an ldc below NR was accepted")
	}
}

// sameFloatBits reports whether x and y have the same bits, NaNs apart: a NaN
// matches any NaN (the kernels and math.FMA may give different payloads).
func sameFloatBits[T Float](x, y T) bool {
	if x != x && y != y {
		return true
	}
	if sizeOf[T]() == 4 {
		return math.Float32bits(float32(x)) == math.Float32bits(float32(y))
	}
	return math.Float64bits(float64(x)) == math.Float64bits(float64(y))
}

// TestFMA32 checks float32's fused multiply-add emulation against the
// exact result rounded once, on random bit patterns and on cancellations.
func TestFMA32(t *testing.T) {
	r := rand.New(rand.NewPCG(51, 3))
	for range 200000 {
		x := math.Float32frombits(r.Uint32())
		y := math.Float32frombits(r.Uint32())
		z := math.Float32frombits(r.Uint32())
		if r.IntN(2) == 0 {
			x = float32(r.NormFloat64())
			y = float32(r.NormFloat64())
			z = -x*y + float32(r.NormFloat64())*float32(math.Ldexp(1, -r.IntN(30)))
		}
		got, want := fma32(x, y, z), exactFMA32(x, y, z)
		if math.Float32bits(got) != math.Float32bits(want) && !(got != got && want != want) {
			t.Fatalf("fma32(%g, %g, %g) = %g (%#x), want %g (%#x)", x, y, z, got, math.Float32bits(got), want, math.Float32bits(want))
		}
	}
}

// exactFMA32 is x*y + z rounded once to float32, computed exactly with
// math/big (by float64 arithmetic when an operand is infinite or NaN, or
// the exact sum is zero, whose sign IEEE's rule gives).
func exactFMA32(x, y, z float32) float32 {
	fx, fy, fz := float64(x), float64(y), float64(z)
	if math.IsInf(fx, 0) || math.IsInf(fy, 0) || math.IsInf(fz, 0) || x != x || y != y || z != z {
		return float32(fx*fy + fz)
	}
	p := new(big.Float).SetPrec(400).Mul(big.NewFloat(fx).SetPrec(400), big.NewFloat(fy).SetPrec(400))
	s := new(big.Float).SetPrec(400).Add(p, big.NewFloat(fz).SetPrec(400))
	if s.Sign() == 0 {
		return float32(fx*fy + fz)
	}
	f, _ := s.Float32()
	return f
}

// TestGemmRows checks every level's row kernel against its Go twin, bit
// for bit: rows from 0 to 9 (the four-row groups and the rest), every
// column count up to RowsMax, depths to 40, A at positive, negative and
// column-major strides, storing and adding, with guard cells around C's
// rows.
func TestGemmRows(t *testing.T) {
	forEachLevel(t, func(t *testing.T) {
		gemmRowsCheck[float32](t)
		gemmRowsCheck[float64](t)
	})
}

func gemmRowsCheck[T Float](t *testing.T) {
	r := rand.New(rand.NewPCG(52, uint64(Level())))
	k := Gemm[T]()
	maxN := k.RowsMax()
	if maxN == 0 {
		maxN = 5 // the twin, on a few sizes
	}
	for m := range 10 {
		for n := 1; n <= maxN; n++ {
			for _, kc := range []int{0, 1, 3, 8, 17, 40} {
				for _, layoutA := range []string{"row", "col", "neg"} {
					ars, acs, aoff := kc, 1, 0
					switch layoutA {
					case "col":
						ars, acs = 1, max(m, 1)
					case "neg":
						ars, acs, aoff = -kc, 1, max(m-1, 0)*kc
					}
					a := make([]T, max(m*kc, 1)+1)
					for i := range a {
						a[i] = T(r.NormFloat64())
					}
					brs := n + 2
					b := make([]T, max(kc*brs, 1))
					for i := range b {
						b[i] = T(r.NormFloat64())
					}
					for _, add := range []bool{false, true} {
						crs := n + 3
						got := make([]T, max(m*crs, 1)+1)
						for i := range got {
							got[i] = 7
							if add && i%crs < n {
								got[i] = T(r.NormFloat64())
							}
						}
						want := slices.Clone(got)
						if err := k.Rows(m, n, kc, a[1:], aoff, ars, acs, b, 0, brs, got, 0, crs, add); err != nil {
							t.Fatal(err)
						}
						gemmRowsGo(m, n, kc, a[1:], aoff, ars, acs, b, 0, brs, want, 0, crs, add)
						for i, w := range want {
							if !sameFloatBits(got[i], w) {
								t.Fatalf("%T m %d n %d kc %d %s add %v: element %d: got %v, want %v", w, m, n, kc, layoutA, add, i, got[i], w)
							}
						}
					}
				}
			}
		}
	}
	if k.RowsMax() > 0 {
		if err := k.Rows(1, k.RowsMax()+1, 1, make([]T, 1), 0, 1, 1, make([]T, 64), 0, 32, make([]T, 64), 0, 32, false); err == nil {
			t.Error("n past RowsMax was accepted")
		}
	}
	if err := k.Rows(2, 2, 2, make([]T, 3), 0, 2, 1, make([]T, 4), 0, 2, make([]T, 4), 0, 2, false); err == nil {
		t.Error("a too short for its strides was accepted")
	}
}

// TestSpanIn pins the range check of Rows on edges and overflows, with
// sizes that fit 32-bit ints (big, huge) and, on 64-bit, past them.
func TestSpanIn(t *testing.T) {
	const big = math.MaxInt / 4 // a length; a stride of it overflows when doubled
	huge := math.MaxInt/2 + 1
	for _, c := range []struct {
		l, off, n1, s1, n2, s2 int
		want                   bool
	}{
		{10, 0, 2, 5, 5, 1, true}, {10, 0, 2, 5, 6, 1, false}, {10, 9, 2, -9, 1, 1, true},
		{10, 9, 2, -10, 1, 1, false}, {10, 0, 0, huge, 3, 1, true}, {10, -1, 1, 1, 1, 1, false},
		{10, 10, 1, 1, 1, 1, false}, {big, 0, 3, huge, 1, 1, false},
		{big, 0, 3, math.MaxInt, 1, 1, false}, {big, 0, 3, math.MinInt, 1, 1, false},
		{big, 5, 1 << 20, 0, 2, 1, true}, {big, big - 1, 2, -(big - 1), 1, 1, true},
		{big, big - 2, 1, 1, 2, 1, true}, {big, big - 1, 1, 1, 2, 1, false},
	} {
		if got := spanIn(c.l, c.off, c.n1, c.s1, c.n2, c.s2); got != c.want {
			t.Errorf("spanIn%v = %v", c, got)
		}
	}
}

// BenchmarkGemmRows times the row kernel on one 8×8×8 float32 product.
func BenchmarkGemmRows(b *testing.B) {
	k := Gemm[float32]()
	a, bb, c := make([]float32, 64), make([]float32, 64), make([]float32, 64)
	for range b.N {
		_ = k.Rows(8, 8, 8, a, 0, 8, 1, bb, 0, 8, c, 0, 8, false)
	}
}

// BenchmarkGemmRowsKernel times the AVX-512 row kernel alone on one
// 8×8×8 float32 product.
func BenchmarkGemmRowsKernel(b *testing.B) {
	if tables[AVX512] == nil || tables[AVX512].gemm32 == nil {
		b.Skip("no AVX-512")
	}
	f := tables[AVX512].gemm32.rows
	a, bb, c := make([]float32, 64), make([]float32, 64), make([]float32, 64)
	for range b.N {
		f(8, 8, 8, &a[0], 8, 1, &bb[0], 8, &c[0], 8, false)
	}
}
