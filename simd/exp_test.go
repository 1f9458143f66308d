package simd

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/tessera-go/tessera/internal/loops"
)

// TestExpLevels checks Exp at every level against its twin, loops.Exp32,
// bit for bit (float32), and math.Exp (float64): elements across the whole
// range (overflow to +Inf, underflow to 0 through the subnormals), NaN,
// ±Inf, ±0; lengths 0-70 and past a chunk; starts off the vector; in
// place; guard cells past dst untouched.
func TestExpLevels(t *testing.T) {
	lengths := kernelLengths(127, 1000, arithChunk+37)
	special := []float32{float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)), 0, float32(math.Copysign(0, -1)),
		88.72, 88.73, -87.3, -103.9, -104, 1e-10, -1e-10}
	forEachLevel(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(6, 6))
		for _, n := range lengths {
			for off := range 3 {
				x := make([]float32, n+off)
				for i := range x {
					if r.IntN(8) == 0 {
						x[i] = special[r.IntN(len(special))]
					} else {
						x[i] = float32(r.Float64()*240 - 120)
					}
				}
				x = x[off:]
				want := make([]float32, n)
				loops.Exp32s(want, x)
				const guard = 70
				buf := guarded[float32](off + n + guard)
				dst := buf[off : off+n]
				if err := Exp(dst, x); err != nil {
					t.Fatal(err)
				}
				if !sameBits(dst, want) || !sameBits(buf[off+n:], guarded[float32](guard)) {
					i := max(firstDiff(dst, want), 0)
					t.Fatalf("n %d off %d: element %d: Exp(%v) = %v, want %v, or a guard cell was written", n, off, i, x[i], dst[i], want[i])
				}
				in := clone(x)
				if err := Exp(in, in); err != nil {
					t.Fatal(err)
				}
				if !sameBits(in, want) {
					t.Fatalf("n %d off %d in place: element %d differs", n, off, firstDiff(in, want))
				}
			}
		}
		x64 := []float64{-1, 0, 1, 700, -745, math.NaN()}
		d64 := make([]float64, len(x64))
		if err := Exp(d64, x64); err != nil {
			t.Fatal(err)
		}
		for i, e := range x64 {
			if w := math.Exp(e); d64[i] != w && !(w != w && d64[i] != d64[i]) {
				t.Fatalf("float64 Exp(%v) = %v, want %v", e, d64[i], w)
			}
		}
	})
}

// TestExp32Accuracy checks loops.Exp32 against math.Exp rounded to
// float32 over a sweep of the range: at most one unit in the last place
// apart, and equal for all but a few in a hundred thousand.
func TestExp32Accuracy(t *testing.T) {
	off := 0
	const n = 1 << 20
	for i := range n {
		x := float32(-104 + 193*float64(i)/n)
		got, want := loops.Exp32(x), float32(math.Exp(float64(x)))
		if got == want {
			continue
		}
		off++
		if d := int64(math.Float32bits(got)) - int64(math.Float32bits(want)); d < -1 || d > 1 {
			t.Fatalf("Exp32(%v) = %v, math.Exp gives %v: %d units apart", x, got, want, d)
		}
	}
	if off > n/10000 {
		t.Fatalf("%d of %d differ from math.Exp rounded", off, n)
	}
}

func TestExpErrors(t *testing.T) {
	err := Exp(make([]float32, 3), make([]float32, 2))
	if !errors.Is(err, ErrRange) || err.Error() != "simd: Exp: x has 2 elements, dst 3" {
		t.Errorf("error %v", err)
	}
}

// BenchmarkExp times Exp of float32 at every level, 4096 elements in L1;
// GB/s counts the elements read and written.
func BenchmarkExp(b *testing.B) {
	x, d := make([]float32, 4096), make([]float32, 4096)
	for i := range x {
		x[i] = float32(i%200) - 100
	}
	for _, l := range []ISA{Generic, AVX2, AVX512} {
		if tables[l] == nil {
			continue
		}
		b.Run(l.String(), func(b *testing.B) {
			restore, err := setLevel(l)
			if err != nil {
				b.Fatal(err)
			}
			defer restore()
			b.SetBytes(int64(8 * len(x)))
			for b.Loop() {
				_ = Exp(d, x)
			}
		})
	}
}
