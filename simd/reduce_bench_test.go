package simd

import "testing"

// BenchmarkReduce folds float32 runs at every level: one call on 2 KiB and
// 64 KiB (in cache: the fixed cost and the kernel's rate), and 16 KiB rows
// of a 64 MiB matrix one call each, as a reduction along the last axis
// runs, also starting 16 bytes past a 64-byte boundary (as NumPy's arrays
// do). GB/s of input read.
func BenchmarkReduce(b *testing.B) {
	big := make([]float32, 1<<24+4)
	for i := range big {
		big[i] = float32(i % 1000)
	}
	for _, op := range []Op{Add, Max} {
		for _, c := range []struct {
			name   string
			n, row int // elements, and elements per call
			off    int // first element
		}{
			{"2KiB", 512, 512, 0},
			{"64KiB", 1 << 14, 1 << 14, 0},
			{"64KiB-off16", 1 << 14, 1 << 14, 4},
			{"rows-64MiB", 1 << 24, 4096, 0},
			{"rows-64MiB-off16", 1 << 24, 4096, 4},
		} {
			x := big[c.off : c.off+c.n]
			b.Run(op.String()+"/"+c.name, func(b *testing.B) {
				benchLevels(b, func(b *testing.B) {
					b.SetBytes(int64(4 * c.n))
					for range b.N {
						for r := 0; r < c.n; r += c.row {
							_, _ = Reduce(op, x[r:r+c.row])
						}
					}
				})
			})
		}
	}
}

// BenchmarkIndex searches a 16 KiB run in L1 for a value found only in its
// last element (the whole run is compared), as ArgMax's second pass over
// a block does, at every level. GB/s of input read.
func BenchmarkIndex(b *testing.B) {
	b.Run("float32/16KiB", func(b *testing.B) { benchIndex[float32](b, 4096) })
	b.Run("float64/16KiB", func(b *testing.B) { benchIndex[float64](b, 2048) })
}

func benchIndex[T Float](b *testing.B, n int) {
	x := make([]T, n)
	for i := range x {
		x[i] = T(i % 1000)
	}
	x[n-1] = -1
	benchLevels(b, func(b *testing.B) {
		b.SetBytes(int64(n) * int64(sizeOf[T]()))
		for range b.N {
			if Index(x, -1) != n-1 {
				b.Fatal("Index did not find the last element")
			}
		}
	})
}
