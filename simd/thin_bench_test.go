package simd

import (
	"fmt"
	"math/bits"
	"testing"
)

// BenchmarkThin times thin transposes of 32 MiB (the channels of an image
// moved between channels-last and channels-first order, a channels: few
// rows, a by n, or few columns, n by a; see thin.go) four ways: the thin
// kernels of the AVX512 and of the AVX2 level as TransposeStream runs
// them (where the machine has them; thin-avx2 where a is fewer than a
// 32-byte vector's lanes), the AVX2 level's tiles with the Go twin on
// their edges (the tiles run only when a is at least their side; a of 16
// for 1- and 2-byte elements, which coversNarrow gives the tiles), with
// ordinary stores for 4- and 8-byte elements (as transposeNarrow runs
// them) and as TransposeStream for 1- and 2-byte ones, and the Go twin
// alone.
// GB/s counts bytes read and written; x_copy is copy()'s time over ours.
func BenchmarkThin(b *testing.B) {
	const total = 8 << 20 // elements
	for _, size := range []int{1, 2, 4, 8} {
		for _, kind := range []string{"rows", "cols"} {
			for _, a := range []int{2, 3, 4, 6, 8, 12, 16} {
				if a >= 64/size || a == 16 && size > 2 {
					continue
				}
				name := fmt.Sprintf("%dB/%s=%d", size, kind, a)
				b.Run(name, func(b *testing.B) {
					switch size { // 32 MiB
					case 1:
						benchThin[uint8](b, kind, a, 4*total)
					case 2:
						benchThin[uint16](b, kind, a, 2*total)
					case 4:
						benchThin[uint32](b, kind, a, total)
					default:
						benchThin[uint64](b, kind, a, total/2)
					}
				})
			}
		}
	}
}

func benchThin[E uint8 | uint16 | uint32 | uint64](b *testing.B, kind string, a, total int) {
	n := total / a
	rows, cols, dld, sld := a, n, n, a // few rows: [n, a] -> [a, n]
	if kind == "cols" {
		rows, cols, dld, sld = n, a, a, n // few cols: [a, n] -> [n, a]
	}
	src, dst := patterned[E](total, 1), patterned[E](total, 2)
	moved := 2 * total * int(sizeOf[E]())
	var noThin *table // the AVX2 tiles, the Go twin moving what they leave
	if avx2 := tables[AVX2]; avx2 != nil {
		t := *avx2
		t.thin = [4]thinSet{}
		noThin = &t
	}
	for _, m := range []string{"thin", "thin-avx2", "avx2-tiles", "go"} {
		var run func()
		switch m {
		case "thin", "thin-avx2":
			tab := tables[AVX512]
			if m == "thin-avx2" {
				tab = tables[AVX2]
			}
			if tab == nil {
				continue
			}
			ts := &tab.thin[bits.TrailingZeros(uint(sizeOf[E]()))]
			if ts.k == nil || a >= ts.vec/int(sizeOf[E]()) {
				continue
			}
			run = func() {
				if !transposeThin(ts, true, dst, 0, dld, src, 0, sld, rows, cols) {
					b.Fatal("not thin")
				}
			}
		case "avx2-tiles":
			if noThin == nil {
				continue
			}
			// As the library runs them: 4- and 8-byte narrow tiles with
			// ordinary stores (transposeNarrow), 1- and 2-byte ones as
			// TransposeStream does (coversNarrow).
			stream := sizeOf[E]() < 4
			run = func() { transposeAt(noThin, stream, cached, dst, 0, dld, src, 0, sld, rows, cols) }
		case "go":
			run = func() { transposeGo(dst, 0, dld, src, 0, sld, rows, cols) }
		}
		b.Run(m, func(b *testing.B) {
			b.SetBytes(int64(moved))
			run()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				run()
			}
			report(b, moved, moved/2, dst, src)
		})
	}
}
