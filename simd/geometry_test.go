package simd

import (
	"fmt"
	"testing"
)

func TestGeometryRules(t *testing.T) {
	for _, c := range []struct{ l1d, want int }{
		{0, 64}, {8 << 10, 64}, {24 << 10, 128}, {32 << 10, 128}, {48 << 10, 256},
		{64 << 10, 256}, {96 << 10, 256}, {192 << 10, 512}, {1 << 20, 1024}, {1 << 30, 1024},
	} {
		if got := cachedBlock(c.l1d); got != (block{rowBytes: c.want, colBytes: c.want}) {
			t.Errorf("cachedBlock(%d) = %+v, want %d x %d", c.l1d, got, c.want, c.want)
		}
	}
	for _, c := range []struct{ l2, want int }{
		{0, 32}, {256 << 10, 64}, {1 << 20, 128}, {1280 << 10, 128}, {2 << 20, 256}, {8 << 20, 512}, {1 << 30, 1024},
	} {
		if got := goBlockSide(c.l2); got != c.want {
			t.Errorf("goBlockSide(%d) = %d, want %d", c.l2, got, c.want)
		}
	}
	if got := streamedBlock(16384); got != (block{rowBytes: 16384, colBytes: 64}) {
		t.Errorf("streamedBlock(16384) = %+v", got)
	}
	for _, c := range [][3]int{{-1, 7, 7}, {0, 7, 7}, {5, 7, 5}} {
		if got := knownOr(c[0], c[1]); got != c[2] {
			t.Errorf("knownOr(%d, %d) = %d, want %d", c[0], c[1], got, c[2])
		}
	}
	if l1dBytes <= 0 || l2Bytes <= 0 || pageBytes < 64 {
		t.Errorf("cache geometry l1d %d, l2 %d, page %d", l1dBytes, l2Bytes, pageBytes)
	}
}

// TestTransposeAnyGeometry runs the transposes with the blocks other
// machines derive (small and large L1 and L2, 16 KiB pages), under each
// transpose strategy and both heights of the bands of 8-byte elements,
// whatever this machine picks: the results must not depend on the
// geometry, the strategy or the bands.
func TestTransposeAnyGeometry(t *testing.T) {
	save := func() func() {
		c, s, g, p, w := cached, streamed, goBlock, pageBytes, wideBands
		return func() { cached, streamed, goBlock, pageBytes, wideBands = c, s, g, p, w }
	}
	for _, g := range []struct {
		l1d, l2, page int
		s             TransposeStrategy
		wide          bool
	}{
		{8 << 10, 256 << 10, 4096, Bands, false}, {8 << 10, 256 << 10, 4096, Blocks, false},
		{32 << 10, 1 << 20, 4096, Bands, false}, {32 << 10, 1 << 20, 4096, Blocks, false},
		{32 << 10, 1 << 20, 4096, Bands, true}, {32 << 10, 1 << 20, 4096, Blocks, true},
		{1 << 20, 1 << 30, 16384, Bands, false}, {1 << 20, 1 << 30, 16384, Blocks, false},
		{1 << 20, 1 << 30, 16384, Bands, true},
	} {
		t.Run(fmt.Sprintf("l1d=%d,l2=%d,page=%d,%v,wideBands=%v", g.l1d, g.l2, g.page, g.s, g.wide), func(t *testing.T) {
			prev, err := SetTransposeStrategy(g.s)
			noErr(t, err)
			defer SetTransposeStrategy(prev)
			defer save()()
			cached, streamed, goBlock, pageBytes, wideBands = cachedBlock(g.l1d), streamedBlock(g.page), goBlockSide(g.l2), g.page, g.wide
			forEachLevel(t, func(t *testing.T) {
				k := 0
				for _, rows := range []int{15, 64, 65, 300, 1030} {
					for _, cols := range []int{16, 33, 130} {
						k++
						checkTransposeCase[float32](t, makeLayout(rows, cols, k%8, k%3, k%2 == 0, (k/2)%8, 1+k%4, false), k)
						checkTransposeCase[float64](t, makeLayout(cols, rows, k%8, 0, false, (k/3)%8, k%5, k%3 == 0), k+1)
						line := 16 // float32 per 64-byte line: the streaming geometry
						ld := (cols + line - 1) / line * line
						checkTransposeCase[float32](t, makeLayout(rows, cols, k%8, ld-cols, false, k%8, 0, false), modeStream)
						ld64 := (cols + line/2 - 1) / (line / 2) * (line / 2)
						checkTransposeCase[float64](t, makeLayout(rows, cols, k%4, ld64-cols, false, k%8, 0, false), modeStream)
					}
				}
			})
		})
	}
}
