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
