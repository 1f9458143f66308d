package sorts

import (
	"math"
	"math/rand/v2"
	"testing"
)

// benchRadix32 times Radix of n keys: uniform ones, or with normal, the
// keys of normally distributed float32 (few distinct top bytes).
func benchRadix32(b *testing.B, n int, normal bool) {
	r := rand.New(rand.NewPCG(1, 1))
	x := make([]uint32, n)
	for i := range x {
		x[i] = r.Uint32()
		if normal {
			x[i] = math.Float32bits(float32(r.NormFloat64()))
		}
	}
	if normal {
		ToKeys(x, Float, false)
	}
	y, buf := make([]uint32, n), make([]uint32, n)
	b.SetBytes(int64(4 * n))
	for b.Loop() {
		copy(y, x)
		Radix(y, buf)
	}
}

func BenchmarkRadix32(b *testing.B) {
	b.Run("n=256", func(b *testing.B) { benchRadix32(b, 256, false) })
	b.Run("n=4096", func(b *testing.B) { benchRadix32(b, 4096, false) })
	b.Run("n=1Mi", func(b *testing.B) { benchRadix32(b, 1<<20, false) })
	b.Run("n=1Mi-normal", func(b *testing.B) { benchRadix32(b, 1<<20, true) })
}

func BenchmarkKeys32(b *testing.B) {
	x := make([]uint32, 1<<20)
	for i := range x {
		x[i] = math.Float32bits(float32(i) - 5e5)
	}
	b.SetBytes(4 << 20)
	for b.Loop() {
		ToKeys(x, Float, false)
		FromKeys(x, Float, false)
	}
}
