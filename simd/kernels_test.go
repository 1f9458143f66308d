package simd

import (
	"errors"
	"fmt"
	"math"
	"regexp"
	"slices"
	"testing"
)

// layout2D describes one transpose case with its buffers' geometry.
type layout2D struct {
	rows, cols int
	doff, dld  int
	soff, sld  int
	dlen, slen int
}

// makeLayout places a rows×cols destination and a cols×rows source with
// leading pads dpad/spad, extra elements per row dx/sx, and rows flipped
// (negative leading dimension) when dflip/sflip; 9 guard cells follow.
func makeLayout(rows, cols, dpad, dx int, dflip bool, spad, sx int, sflip bool) layout2D {
	l := layout2D{rows: rows, cols: cols}
	place := func(nr, rl, pad, extra int, flip bool) (off, ld, n int) {
		ld = rl + extra
		n = pad + 9
		if nr > 0 && rl > 0 {
			n += (nr-1)*ld + rl
		}
		off = pad
		if flip {
			if nr > 1 {
				off += (nr - 1) * ld
			}
			ld = -ld
		}
		return off, ld, n
	}
	l.doff, l.dld, l.dlen = place(rows, cols, dpad, dx, dflip)
	l.soff, l.sld, l.slen = place(cols, rows, spad, sx, sflip)
	return l
}

// The transposes a test case runs, by number (taken modulo 3).
const (
	modeCached = iota // Transpose
	modeStream        // TransposeStream
	modeHot           // TransposeHot
)

// transposeOf returns the transpose of mode m (modulo 3) and its name.
func transposeOf[T Number](m int) (func(dst []T, doff, dld int, src []T, soff, sld, rows, cols int) error, string) {
	switch m % 3 {
	case modeStream:
		return TransposeStream[T], "TransposeStream"
	case modeHot:
		return TransposeHot[T], "TransposeHot"
	}
	return Transpose[T], "Transpose"
}

func checkTransposeCase[T Number](t *testing.T, l layout2D, mode int) {
	t.Helper()
	src := patterned[T](l.slen, l.rows*31+l.cols)
	want := guarded[T](l.dlen)
	got := clone(want)
	refTranspose(want, l.doff, l.dld, src, l.soff, l.sld, l.rows, l.cols)
	kernel, name := transposeOf[T](mode)
	err := kernel(got, l.doff, l.dld, src, l.soff, l.sld, l.rows, l.cols)
	if err != nil {
		t.Fatalf("%s %T %+v: err %v", name, got, l, err)
	}
	if i := firstDiff(got, want); i >= 0 {
		t.Fatalf("%s %T %+v: first difference at dst[%d]: got %v, want %v", name, got, l, i, got[i], want[i])
	}
}

func transposeSizes() []int {
	s := make([]int, 0, 50)
	for i := 0; i <= 40; i++ {
		s = append(s, i)
	}
	return append(s, 47, 48, 49, 63, 64, 65, 80, 129)
}

func testTransposeType[T Number](t *testing.T, full bool) {
	sizes := transposeSizes()
	if !full {
		sizes = []int{0, 1, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65}
	}
	k := 0
	for _, rows := range sizes {
		for _, cols := range sizes {
			k++
			pad, spad := k%8, (k/8)%8
			checkTransposeCase[T](t, makeLayout(rows, cols, pad, k%3, false, spad, k%4, false), k)
			checkTransposeCase[T](t, makeLayout(rows, cols, spad, 0, k%3 == 0, pad, k%5, true), k+1)
			// Streaming-friendly geometry: leading dimension a whole number
			// of cache lines, every start offset within a line.
			line := 64 / int(sizeOf[T]())
			ld := (cols + line - 1) / line * line
			checkTransposeCase[T](t, makeLayout(rows, cols, pad, ld-cols, false, spad, 1, false), modeStream)
			checkTransposeCase[T](t, makeLayout(rows, cols, pad+8, ld-cols+line, k%4 == 0, spad, 0, false), modeStream)
		}
	}
}

func TestTranspose(t *testing.T) {
	forEachKernel(t, testTransposeTypes)
	// The bands of cachedBands, which only operands of 8 MiB or more take.
	withCachedBands(t, testTransposeTypes)
}

// withCachedBands runs f at every level with cachedBands set and no span
// too small for it: at the AVX512 level Transpose walks bands whatever the
// size.
func withCachedBands(t *testing.T, f func(t *testing.T)) {
	t.Helper()
	defer func(b bool, s int) { cachedBands, bandSpanBytes = b, s }(cachedBands, bandSpanBytes)
	cachedBands, bandSpanBytes = true, 0
	t.Run("cachedBands", func(t *testing.T) { forEachLevel(t, f) })
}

func testTransposeTypes(t *testing.T) {
	t.Run("float32", func(t *testing.T) { testTransposeType[float32](t, true) })
	t.Run("float64", func(t *testing.T) { testTransposeType[float64](t, true) })
	t.Run("int32", func(t *testing.T) { testTransposeType[int32](t, false) })
	t.Run("int64", func(t *testing.T) { testTransposeType[int64](t, false) })
	t.Run("complex64", func(t *testing.T) { testTransposeType[complex64](t, false) })
	t.Run("complex128", func(t *testing.T) { testTransposeType[complex128](t, false) })
	t.Run("int8", func(t *testing.T) { testTransposeType[int8](t, false) })
	t.Run("uint16", func(t *testing.T) { testTransposeType[uint16](t, false) })
}

// TestTransposeSmallTiles checks the tiles of 1- and 2-byte elements
// (transpose8AVX2, transpose16AVX2) at every level, on transposes larger
// than one block (cached's squares are 256 rows of uint8 and 128 of uint16
// on a 48 KiB L1D, half that on 32 KiB)
// with ragged edges on either side, whole tiles only, both signs of both
// leading dimensions, padded rows and guard cells, each way (Transpose,
// TransposeHot, and TransposeStream, which runs the non-temporal tiles,
// transpose8AVX2NT and transpose16AVX2NT, where destination rows are a
// whole number of lines apart, under both strategies: a [1040,1100] with
// lines whole takes the squares of Blocks).
func TestTransposeSmallTiles(t *testing.T) {
	sizes := []int{16, 17, 48, 64, 65, 255, 256, 273}
	if testing.Short() {
		sizes = []int{16, 17, 65, 273}
	}
	// Whole lines, streamed, under both strategies (sides below 1024
	// bytes take the same bands under either: they run once, below).
	forEachStrategy(t, func(t *testing.T, _ TransposeStrategy) {
		forEachLevel(t, func(t *testing.T) {
			for _, l := range []layout2D{
				makeLayout(1040, 1100, 64, 1216-1100, false, 3, 5, false),
				makeLayout(1040, 1100, 64+13, 1152-1100, true, 0, 0, true),
			} {
				checkTransposeCase[uint8](t, l, modeStream)
				checkTransposeCase[int16](t, l, modeStream)
			}
		})
	})
	forEachLevel(t, func(t *testing.T) {
		k := 0
		for _, rows := range sizes {
			for _, cols := range sizes {
				k++
				for _, l := range []layout2D{
					makeLayout(rows, cols, k%8, k%3, false, (k/8)%8, k%4, false),
					makeLayout(rows, cols, 1, 5, true, 3, 0, true),
					makeLayout(rows, cols, 0, 0, k%2 == 0, 0, 16, k%2 == 1),
				} {
					for mode := range 3 {
						checkTransposeCase[uint8](t, l, mode)
						checkTransposeCase[int16](t, l, mode)
					}
				}
			}
		}
	})
}

// TestTransposeSmallTilesNarrow checks transposes of 1- and 2-byte
// elements with few rows or few columns, at every level and each way: the
// tiles take those whose narrow side they cover whole (coversNarrow) from
// the thin kernels, and TransposeStream walks the short bands of tallFor
// (source rows at most smallShortRows apart, 256 or more of them) with the
// non-temporal tiles where destination rows are whole lines apart; with
// narrow sides on either side of the tiles' and the thin kernels' limits,
// packed and padded rows, both signs of both leading dimensions, and
// guard cells.
func TestTransposeSmallTilesNarrow(t *testing.T) {
	forEachLevel(t, func(t *testing.T) {
		for _, a := range []int{8, 12, 16, 17, 24, 32, 33} {
			for _, l := range []layout2D{
				// Few rows: source rows of a elements (or a+1), destination
				// rows whole lines apart (1152) or not (1100 + 5).
				makeLayout(a, 1100, 64, 1152-1100, false, 0, 0, false),
				makeLayout(a, 1100, 3, 5, false, 1, 0, true),
				makeLayout(a, 1100, 0, 1152-1100, true, 2, 1, false),
				// Few columns: destination rows of a elements, packed or not.
				makeLayout(1100, a, 0, 0, false, 0, 1152-1100, false),
				makeLayout(1100, a, 1, 0, true, 3, 7, true),
				makeLayout(1100, a, 2, 3, false, 0, 0, false),
			} {
				for mode := range 3 {
					checkTransposeCase[uint8](t, l, mode)
					checkTransposeCase[int16](t, l, mode)
				}
			}
		}
	})
}

// TestTransposeSmallTilesStaged checks the tiles of 1- and 2-byte
// elements through transposeStaged's scratch buffer (transposeSmallTiles),
// with stageMinBytes lowered: source rows a page or more apart, sides of
// a run (1 KiB) or more, ragged blocks of the scratch and ragged tiles,
// both signs of both strides, guard cells, every mode, at every level.
func TestTransposeSmallTilesStaged(t *testing.T) {
	defer func(m uint64) { stageMinBytes = m }(stageMinBytes)
	stageMinBytes = 0
	forEachLevel(t, func(t *testing.T) {
		for mode := range 3 {
			for _, l := range []layout2D{
				makeLayout(1030, 1100, 3, 5, false, 1, 4100-1030, false),
				makeLayout(1024, 1041, 0, 0, true, 0, 4096-1024, true),
			} {
				checkTransposeCase[uint8](t, l, mode)
			}
			for _, l := range []layout2D{
				makeLayout(520, 530, 3, 5, false, 1, 2050-520, false),
				makeLayout(512, 777, 0, 0, false, 0, 2048-512, true),
				makeLayout(600, 513, 1, 2, true, 2, 2100-600, false),
			} {
				checkTransposeCase[int16](t, l, mode)
			}
		}
	})
}

// TestCachedFor pins the blocks of Transpose: the squares of cached unless
// cachedBands is set, the level is AVX512 and the source or the
// destination rows span bandSpanBytes or more, and then the bands of
// TransposeStream, whichever way the leading dimensions run and however
// large their products.
func TestCachedFor(t *testing.T) {
	defer func(b bool) { cachedBands = b }(cachedBands)
	span := bandSpanBytes
	for _, c := range []struct {
		bands                bool
		rows, cols, dld, sld int
		size                 int
		want                 block
	}{
		{false, 64, 4096, 4096, 4096, 4, cached},
		{true, 64, span / 4 / 4096, 4096, 4096, 4, streamedFor(Bands, 64, span/4/4096, 4)},
		{true, 64, span/4/4096 - 1, 4096, 4096, 4, cached},
		{true, 64, 4096, 64, -4096, 8, streamedFor(Bands, 64, 4096, 8)},
		{true, span / 4 / 4096, 64, 4096, 64, 4, streamedFor(Bands, span/4/4096, 64, 4)},
		{true, span/4/4096 - 1, 64, -4096, 64, 4, cached},
		{true, 32, 32, 32, 32, 4, cached},
		{true, 2, math.MaxInt / 2, 2, 4, 4, streamedFor(Bands, 2, math.MaxInt/2, 4)}, // the product overflows on 64-bit
		{true, math.MaxInt / 2, 2, -4, 2, 4, streamedFor(Bands, math.MaxInt/2, 2, 4)},
	} {
		cachedBands = c.bands
		if got := cachedFor(AVX512, c.rows, c.cols, c.dld, c.sld, c.size); got != c.want {
			t.Errorf("cachedBands %v: cachedFor(AVX512, %d, %d, %d, %d, %d) = %+v, want %+v", c.bands, c.rows, c.cols, c.dld, c.sld, c.size, got, c.want)
		}
		for _, isa := range []ISA{Generic, AVX2} {
			if got := cachedFor(isa, c.rows, c.cols, c.dld, c.sld, c.size); got != cached {
				t.Errorf("cachedBands %v: cachedFor(%v, %d, %d, %d, %d, %d) = %+v, want the squares", c.bands, isa, c.rows, c.cols, c.dld, c.sld, c.size, got)
			}
		}
	}
}

// TestForHot pins the tiles TransposeHot runs at each level, with the hot
// rule on and off: the AVX2 tiles in place of the AVX-512 ones where the
// rule is on, the level's own tiles everywhere else, and the level's thin
// kernels either way.
func TestForHot(t *testing.T) {
	prev := hotNarrow
	defer func() { hotNarrow = prev }()
	for _, l := range Supported() {
		for _, on := range []bool{false, true} {
			hotNarrow = on
			want := l
			if on && l == AVX512 {
				want = AVX2
			}
			got := forHot(tables[l])
			if got.isa != want {
				t.Errorf("level %v, hotNarrow %v: TransposeHot runs the %v tiles, want %v", l, on, got.isa, want)
			}
			for i := range got.thin {
				g, w := got.thin[i], tables[l].thin[i]
				if (g.k == nil) != (w.k == nil) || (g.nt == nil) != (w.nt == nil) {
					t.Errorf("level %v, hotNarrow %v: TransposeHot's thin kernels of %d bytes are not the level's", l, on, 1<<i)
				}
			}
		}
	}
}

// TestTransposeRuns crosses the page-long runs of source row that the Go
// twin walks and the bands walk (with 4 KiB pages: 1024 float32, 256
// complex128, 4096 int8), with and without a partial band of source rows,
// both leading dimensions reversed in half of the cases, at every level
// with the machine's rules and with cachedBands set whatever the size.
func TestTransposeRuns(t *testing.T) {
	f := func(t *testing.T) {
		t.Run("float32", func(t *testing.T) { testTransposeRuns[float32](t) })
		t.Run("complex128", func(t *testing.T) { testTransposeRuns[complex128](t) })
		t.Run("int8", func(t *testing.T) { testTransposeRuns[int8](t) })
	}
	forEachLevel(t, f)
	withCachedBands(t, f)
}

func testTransposeRuns[T Number](t *testing.T) {
	run := pageBytes / int(sizeOf[T]())
	k := 0
	for _, rows := range []int{run - 1, run, run + 1, 2*run + 5} {
		for _, cols := range []int{16, 19, 33} {
			k++
			checkTransposeCase[T](t, makeLayout(rows, cols, k%8, k%3, k%2 == 0, (k/2)%8, k%4, k%2 == 0), k)
		}
	}
}

// TestTransposeTallBands runs TransposeStream over transposes of 256
// source rows and more, where tallBands makes the AVX-512 float32 bands 64
// rows tall (the last band of rows partial in most cases), against the Go
// twin: destination rows a whole number of lines long (so that the
// non-temporal kernels run) starting on a line boundary or past it (then
// columns are peeled up to it, and the bands start after them), with
// every combination of leading dimensions reversed, at every level with
// the machine's rules and at AVX-512 with every rule flipped
// (forEachKernel). float64 (never tall) and the same shapes through
// Transpose check the other paths alike.
func TestTransposeTallBands(t *testing.T) {
	forEachKernel(t, func(t *testing.T) {
		k := 0
		for _, rows := range []int{16, 33, 1041} {
			for _, cols := range []int{4*tallBandRows - 16, 4 * tallBandRows, 4*tallBandRows + 16, 6*tallBandRows + 48} {
				for _, dpad := range []int{0, 3} {
					for flips := range 4 {
						k++
						l := makeLayout(rows, cols, dpad, 16*(k%2), flips&1 != 0, k%5, k%4, flips&2 != 0)
						checkTransposeCase[float32](t, l, modeStream)
						checkTransposeCase[float64](t, l, modeStream)
						checkTransposeCase[float32](t, l, modeCached)
					}
				}
			}
		}
	})
}

// TestTransposeShortBands runs TransposeStream over transposes whose
// source rows are short (shortRowBytes) and that have more source rows
// than one band of shortBandRows, where tallFor walks bands of 1024
// source rows source rows first, one destination line a call: the last
// band partial, the last destination rows (fewer than a tile) and the
// columns peeled up to a line boundary left to the Go twin, float32 source
// rows a page apart (1020 to 1023 elements, padded) and closer, float64
// ones up to half a page apart (250 to 253), either way, at every level
// with the machine's rules and at AVX-512 with every rule flipped
// (forEachKernel), and under the Blocks strategy at every level with the
// machine's rules (the narrow ones walk the same bands there, the widest,
// float32 [1020,1040] and float64 [250,1048], its squares) where the
// build runs the SIMD levels; Transpose runs the same shapes.
func TestTransposeShortBands(t *testing.T) {
	forEachStrategy(t, func(t *testing.T, s TransposeStrategy) {
		each := forEachKernel
		if s == Blocks {
			each = forEachLevel
		}
		testTransposeShortBands(t, each)
	})
}

// forEachStrategy runs f as a subtest under each streaming strategy,
// Bands and Blocks, restoring the active one after; Blocks is skipped
// where the build runs no SIMD level's tiles (-race, purego), whose order
// it sets.
func forEachStrategy(t *testing.T, f func(t *testing.T, s TransposeStrategy)) {
	t.Helper()
	for _, s := range []TransposeStrategy{Bands, Blocks} {
		t.Run(s.String(), func(t *testing.T) {
			if s == Blocks && (raceBuild || tables[AVX2] == nil) {
				t.Skip("the strategy orders the SIMD levels' tiles, which this build does not run")
			}
			prev, err := SetTransposeStrategy(s)
			noErr(t, err)
			defer SetTransposeStrategy(prev)
			f(t, s)
		})
	}
}

func testTransposeShortBands(t *testing.T, each func(t *testing.T, f func(t *testing.T))) {
	each(t, func(t *testing.T) {
		k := 0
		for _, c := range []struct{ rows, cols int }{
			{16, shortBandRows + 16}, {33, 2*shortBandRows + 48}, {250, shortBandRows + 24}, {1020, shortBandRows + 16},
		} {
			for _, dpad := range []int{0, 3} {
				for flips := range 4 {
					k++
					if c.rows > 64 && k%3 != 0 {
						continue // a third of the combinations: 4 MiB a case
					}
					l := makeLayout(c.rows, c.cols, dpad, 16*(k%2), flips&1 != 0, k%5, k%4, flips&2 != 0)
					checkTransposeCase[float32](t, l, modeStream)
					checkTransposeCase[float64](t, l, modeStream)
					checkTransposeCase[float32](t, l, modeCached)
				}
			}
		}
	})
}

// TestTransposeStaged runs the Go twin's staged transposes (source rows 4
// KiB or more apart, both sides stageRun bytes or more) for every element
// size, through transposeGo and transposeStaged itself: a last block of
// fewer rows and one of fewer columns than a whole block, or of one row
// and one column, both strides either way, padded rows, and the
// destination's other elements (guard cells) untouched (float32 only in a
// -race binary). Transpose at the Generic level runs one of them, through
// the dispatch.
func TestTransposeStaged(t *testing.T) {
	defer func(b uint64) { stageMinBytes = b }(stageMinBytes)
	stageMinBytes = 0 // small transposes stage too: their blocks are the same
	testTransposeStaged[float32](t)
	if raceBuild {
		return // one size is enough to race the pool; the rest costs seconds
	}
	testTransposeStaged[uint8](t)
	testTransposeStaged[uint16](t)
	testTransposeStaged[float64](t)
	testTransposeStaged[complex128](t)
}

func testTransposeStaged[T Number](t *testing.T) {
	size := int(sizeOf[T]())
	bc := stageRun / size
	br := min(bc, stageRows)
	for flips := range 4 {
		rows, cols := bc+br/2+3, 2*bc+5 // a ragged block each way
		if flips >= 2 {
			rows, cols = bc+1, bc+1 // a last block of one row, of one column
		}
		sx := max(0, 4096/size-rows) + flips // rows 4 KiB apart: transposeGo's test
		l := makeLayout(rows, cols, flips, 3*(flips%2), flips&1 != 0, 2, sx, flips&2 != 0)
		if !farRows(l.sld, size) || !stages(rows, cols, size) {
			t.Fatalf("%T %+v: not a staged transpose", *new(T), l)
		}
		src := patterned[T](l.slen, flips)
		want := guarded[T](l.dlen)
		refTranspose(want, l.doff, l.dld, src, l.soff, l.sld, l.rows, l.cols)
		for _, f := range []struct {
			name string
			f    func(dst []T, doff, dld int, src []T, soff, sld, rows, cols int)
		}{{"transposeGo", transposeGo[T]}, {"transposeStaged", transposeStaged[T]}} {
			got := guarded[T](l.dlen)
			f.f(got, l.doff, l.dld, src, l.soff, l.sld, l.rows, l.cols)
			if i := firstDiff(got, want); i >= 0 {
				t.Fatalf("%s %T %+v: first difference at dst[%d]: got %v, want %v", f.name, got, l, i, got[i], want[i])
			}
		}
		if flips == 3 {
			restore, err := setLevel(Generic)
			noErr(t, err)
			got := guarded[T](l.dlen)
			noErr(t, Transpose(got, l.doff, l.dld, src, l.soff, l.sld, l.rows, l.cols))
			restore()
			if i := firstDiff(got, want); i >= 0 {
				t.Fatalf("Transpose at Generic %T %+v: first difference at dst[%d]: got %v, want %v", got, l, i, got[i], want[i])
			}
		}
	}
}

// TestStages pins which transposes the Go twin stages: both sides at least
// stageRun bytes and the whole at least par.MinBytes, below which a copy
// promises not to allocate; never elements larger than stageRun.
func TestStages(t *testing.T) {
	for _, c := range []struct {
		rows, cols, size int
		want             bool
	}{
		{1024, 1024, 4, true},
		{1023, 1024, 4, false},
		{256, 4096, 4, true},
		{255, 4096 * 256 / 255 * 2, 4, false},
		{4096, 256, 4, true},
		{512, 1024, 4, false},
		{1024, 512, 8, true},
		{128, 4096, 8, true},
		{127, 8192, 8, false},
		{2048, 2048, 1, true},
		{2048, 2047, 1, false},
		{1024, 4096, 1, true},
		{1023, 8192, 1, false},
		{8192, 255, 4, false},
		{8192, 1023, 1, false},
		{4096, 4096, 2048, false},
		{64, 4096, 16, true},
		{63, 8192, 16, false},
	} {
		if got := stages(c.rows, c.cols, c.size); got != c.want {
			t.Errorf("stages(%d, %d, %d) = %v, want %v", c.rows, c.cols, c.size, got, c.want)
		}
	}
}

// TestTransposeMisaligned runs 8-byte complex64 data that is only 4-byte
// aligned, which must take the Go path.
func TestTransposeMisaligned(t *testing.T) {
	forEachLevel(t, func(t *testing.T) {
		buf := make([]float32, 2*(33*33+16)+1)
		for off := 0; off < 8; off += 4 {
			src := patterned[complex64](33*33, off)
			// dst starts off bytes into buf: 8-byte aligned, then not.
			dst := unsafeComplex64(buf[off/4:][:2*(33*33+16)])
			want := clone(dst)
			refTranspose(want, 3, 33, src, 0, 33, 33, 33)
			noErr(t, Transpose(dst, 3, 33, src, 0, 33, 33, 33))
			if !sameBits(dst, want) {
				t.Fatalf("offset %d: got %v, want %v", off, dst[:8], want[:8])
			}
		}
	})
}

func stridedCases() (incs []int) { return []int{1, 2, 3, 0, -1, -2, 5} }

func testStridedType[T Number](t *testing.T) {
	for n := 0; n <= 70; n++ {
		for _, dinc := range stridedCases() {
			for _, sinc := range stridedCases() {
				pad, spad := (n+dinc+8)%8, (n+2*sinc+16)%8
				doff, dlen := pad, pad+9
				if n > 0 {
					dlen += (n-1)*abs(dinc) + 1
					if dinc < 0 {
						doff += (n - 1) * -dinc
					}
				}
				soff, slen := spad, spad+3
				if n > 0 {
					slen += (n-1)*abs(sinc) + 1
					if sinc < 0 {
						soff += (n - 1) * -sinc
					}
				}
				src := patterned[T](slen, n)
				want := guarded[T](dlen)
				got := clone(want)
				refStrided(want, doff, dinc, src, soff, sinc, n)
				noErr(t, Strided(got, doff, dinc, src, soff, sinc, n))
				if i := firstDiff(got, want); i >= 0 {
					t.Fatalf("%T n=%d doff=%d dinc=%d soff=%d sinc=%d: first difference at dst[%d]", got, n, doff, dinc, soff, sinc, i)
				}
			}
		}
	}
}

func TestStrided(t *testing.T) {
	forEachLevel(t, func(t *testing.T) {
		t.Run("float32", testStridedType[float32])
		t.Run("float64", testStridedType[float64])
		t.Run("int32", testStridedType[int32])
		t.Run("int64", testStridedType[int64])
		t.Run("complex64", testStridedType[complex64])
		t.Run("complex128", testStridedType[complex128])
		t.Run("int8", testStridedType[int8])
		t.Run("uint16", testStridedType[uint16])
	})
}

// testStridedStreamType checks StridedStream against the reference for
// every pair of strides up to 20 elements: those it does not stream fall
// back to Strided (the streamed ones, 2 and -1 into a contiguous run, at
// every length and offset are testGatherKernelsType's).
func testStridedStreamType[T Number](t *testing.T) {
	for n := 0; n <= 20; n++ {
		for _, dinc := range stridedCases() {
			for _, sinc := range stridedCases() {
				doff, soff := 2*n+2, 2*n+3 // room for strides -2 to 5
				src := patterned[T](soff+5*n+9, n)
				want := guarded[T](doff + 5*n + 9)
				got := clone(want)
				refStrided(want, doff, dinc, src, soff, sinc, n)
				noErr(t, StridedStream(got, doff, dinc, src, soff, sinc, n))
				if i := firstDiff(got, want); i >= 0 {
					t.Fatalf("%T n=%d dinc=%d sinc=%d: first difference at dst[%d]", got, n, dinc, sinc, i)
				}
			}
		}
	}
}

func TestStridedStream(t *testing.T) {
	forEachLevel(t, func(t *testing.T) {
		t.Run("float32", testStridedStreamType[float32])
		t.Run("float64", testStridedStreamType[float64])
		t.Run("int32", testStridedStreamType[int32])
		t.Run("uint64", testStridedStreamType[uint64])
		t.Run("complex64", testStridedStreamType[complex64])
		t.Run("complex128", testStridedStreamType[complex128])
		t.Run("int8", testStridedStreamType[int8])
	})
}

// testGatherKernelsType checks the gathers that have kernels, stride 2
// (every other element) and stride -1 (flipped runs), through Strided
// (ordinary stores) and StridedStream (non-temporal ones), against the
// reference: every length 0-70 and across the kernels' line and call
// boundaries, every destination offset within a cache line (the peel of
// the non-temporal kernels), sources that start and end exactly at the
// elements read, guard cells around the destination.
func testGatherKernelsType[T Number](t *testing.T) {
	ns := []int{100, 1000, gatherChunk - 1, gatherChunk, gatherChunk + 37, 3*gatherChunk + 100}
	for n := 0; n <= 70; n++ {
		ns = append(ns, n)
	}
	for _, n := range ns {
		doffs, spads := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}, []int{0, 1, 3}
		if n > 70 {
			doffs, spads = []int{0, 5, 16}, []int{0, 1}
		}
		for _, sinc := range []int{2, -1} {
			for _, doff := range doffs {
				for _, spad := range spads {
					soff, slen := spad, spad // the gather reads src[spad : slen]
					if n > 0 {
						slen += (n-1)*abs(sinc) + 1
						if sinc < 0 {
							soff = slen - 1
						}
					}
					src := patterned[T](slen, n+doff)
					for _, stream := range []bool{false, true} {
						want := guarded[T](doff + n + 9)
						got := clone(want)
						refStrided(want, doff, 1, src, soff, sinc, n)
						kernel, name := Strided[T], "Strided"
						if stream {
							kernel, name = StridedStream[T], "StridedStream"
						}
						noErr(t, kernel(got, doff, 1, src, soff, sinc, n))
						if i := firstDiff(got, want); i >= 0 {
							t.Fatalf("%s %T n=%d sinc=%d doff=%d soff=%d: first difference at dst[%d]", name, got, n, sinc, doff, soff, i)
						}
					}
				}
			}
		}
	}
}

func TestGatherKernels(t *testing.T) {
	forEachLevel(t, func(t *testing.T) {
		t.Run("float32", testGatherKernelsType[float32])
		t.Run("float64", testGatherKernelsType[float64])
		t.Run("int32", testGatherKernelsType[int32])
		t.Run("uint64", testGatherKernelsType[uint64])
		t.Run("complex64", testGatherKernelsType[complex64])
		t.Run("complex128", testGatherKernelsType[complex128])
		t.Run("int8", testGatherKernelsType[int8])
	})
}

func testFillType[T Number](t *testing.T) {
	v := patterned[T](1, 42)[0]
	ns := []int{2047, 2048, 2049, 4096, 5000, 10007}
	for n := 0; n <= 70; n++ {
		ns = append(ns, n)
	}
	for _, n := range ns {
		for _, dinc := range []int{1, 2, 0, -1, -3} {
			pad := (n + dinc + 8) % 8
			doff, dlen := pad, pad+9
			if n > 0 {
				dlen += (n-1)*abs(dinc) + 1
				if dinc < 0 {
					doff += (n - 1) * -dinc
				}
			}
			want := guarded[T](dlen)
			got := clone(want)
			refFill(want, doff, dinc, v, n)
			noErr(t, Fill(got, doff, dinc, v, n))
			if i := firstDiff(got, want); i >= 0 {
				t.Fatalf("%T n=%d doff=%d dinc=%d: first difference at dst[%d]", got, n, doff, dinc, i)
			}
		}
	}
}

func TestFill(t *testing.T) {
	forEachLevel(t, func(t *testing.T) {
		t.Run("float32", testFillType[float32])
		t.Run("float64", testFillType[float64])
		t.Run("int32", testFillType[int32])
		t.Run("int64", testFillType[int64])
		t.Run("complex64", testFillType[complex64])
		t.Run("complex128", testFillType[complex128])
		t.Run("int8", testFillType[int8])
		t.Run("uint16", testFillType[uint16])
	})
}

func testCopyType[T Number](t *testing.T) {
	const chunk = 512 << 10 // a size the runtime's memmove treats specially
	big := (3*chunk)/int(sizeOf[T]()) + 5
	ns := []int{big, 2*chunk/int(sizeOf[T]()) - 1}
	for n := 0; n <= 70; n++ {
		ns = append(ns, n)
	}
	for _, n := range ns {
		for pad := 0; pad < 8; pad += 3 {
			src := patterned[T](n+pad, n)
			want := guarded[T](n + 2*pad + 9)
			got := clone(want)
			wn := copy(want[pad:pad+n+pad], src)
			if gn := Copy(got[pad:pad+n+pad], src); gn != wn {
				t.Fatalf("Copy returned %d, want %d", gn, wn)
			}
			if i := firstDiff(got, want); i >= 0 {
				t.Fatalf("%T n=%d pad=%d: first difference at dst[%d]", got, n, pad, i)
			}
		}
		// Overlapping copies in both directions, shifted by a few elements
		// and by more than a chunk.
		for _, shift := range []int{1, 7, chunk/int(sizeOf[T]()) + 3} {
			if shift >= n {
				continue
			}
			for _, fwd := range []bool{true, false} {
				want := patterned[T](n, shift)
				got := clone(want)
				if fwd {
					copy(want[shift:], want)
					Copy(got[shift:], got)
				} else {
					copy(want, want[shift:])
					Copy(got, got[shift:])
				}
				if i := firstDiff(got, want); i >= 0 {
					t.Fatalf("%T n=%d shift=%d fwd=%v: first difference at [%d]", got, n, shift, fwd, i)
				}
			}
		}
	}
}

func TestCopy(t *testing.T) {
	forEachLevel(t, func(t *testing.T) {
		t.Run("float32", testCopyType[float32])
		t.Run("float64", testCopyType[float64])
		t.Run("int8", testCopyType[int8])
		t.Run("uint16", testCopyType[uint16])
		t.Run("complex128", testCopyType[complex128])
	})
}

func TestErrors(t *testing.T) {
	const maxI, minI = math.MaxInt, math.MinInt
	type call struct {
		name string
		f    func(dst, src []float32) error
		want error
	}
	tr := func(doff, dld, soff, sld, rows, cols int) func(dst, src []float32) error {
		return func(dst, src []float32) error { return Transpose(dst, doff, dld, src, soff, sld, rows, cols) }
	}
	trs := func(doff, dld, soff, sld, rows, cols int) func(dst, src []float32) error {
		return func(dst, src []float32) error {
			return TransposeStream(dst, doff, dld, src, soff, sld, rows, cols)
		}
	}
	trh := func(doff, dld, soff, sld, rows, cols int) func(dst, src []float32) error {
		return func(dst, src []float32) error {
			return TransposeHot(dst, doff, dld, src, soff, sld, rows, cols)
		}
	}
	st := func(doff, dinc, soff, sinc, n int) func(dst, src []float32) error {
		return func(dst, src []float32) error { return Strided(dst, doff, dinc, src, soff, sinc, n) }
	}
	fi := func(doff, dinc, n int) func(dst, src []float32) error {
		return func(dst, _ []float32) error { return Fill(dst, doff, dinc, 1, n) }
	}
	calls := []call{
		{"Strided n<0", st(0, 1, 0, 1, -1), ErrArg},
		{"Strided n=MinInt", st(0, 1, 0, 1, minI), ErrArg},
		{"Strided short dst", st(0, 1, 0, 1, 65), ErrRange},
		{"Strided short src", st(0, 1, 0, 1, 65), ErrRange},
		{"Strided doff<0", st(-1, 1, 0, 1, 1), ErrRange},
		{"Strided doff=len", st(64, 1, 0, 1, 1), ErrRange},
		{"Strided soff=MaxInt", st(0, 1, maxI, 1, 1), ErrRange},
		{"Strided soff=MinInt", st(0, 1, minI, 0, 1), ErrRange},
		{"Strided dinc=MaxInt", st(0, maxI, 0, 1, 2), ErrRange},
		{"Strided dinc=MinInt", st(63, minI, 0, 1, 2), ErrRange},
		{"Strided sinc=MaxInt n=MaxInt", st(0, 0, 0, maxI, maxI), ErrRange},
		{"Strided dinc wraps", st(0, maxI/2+1, 0, 0, 5), ErrRange},
		{"Strided sinc negative", st(0, 1, 3, -1, 5), ErrRange},
		{"Fill n<0", fi(0, 1, -5), ErrArg},
		{"Fill past end", fi(1, 1, 64), ErrRange},
		{"Fill dinc=MinInt", fi(63, minI, 2), ErrRange},
		{"Fill dinc=MaxInt", fi(0, maxI, 2), ErrRange},
		{"Fill doff=MaxInt", fi(maxI, -1, 1), ErrRange},
		{"Transpose rows<0", tr(0, 8, 0, 8, -1, 8), ErrArg},
		{"Transpose cols<0", tr(0, 8, 0, 8, 8, -1), ErrArg},
		{"Transpose cols>len", tr(0, 1, 0, 1, 1, 65), ErrRange},
		{"Transpose dst short", tr(0, 8, 0, 8, 9, 8), ErrRange},
		{"Transpose src short", tr(0, 8, 0, 9, 8, 8), ErrRange},
		{"Transpose doff<0", tr(-1, 8, 0, 8, 8, 8), ErrRange},
		{"Transpose dld=MaxInt", tr(0, maxI, 0, 8, 2, 2), ErrRange},
		{"Transpose dld=MinInt", tr(60, minI, 0, 8, 2, 2), ErrRange},
		{"Transpose sld=MinInt", tr(0, 8, 60, minI, 2, 2), ErrRange},
		{"Transpose sld negative", tr(0, 8, 0, -8, 2, 2), ErrRange},
		{"Transpose rows=MaxInt", tr(0, 0, 0, 0, maxI, 1), ErrRange},
		{"Transpose cols=MaxInt", tr(0, 0, 0, 0, 1, maxI), ErrRange},
		{"Transpose doff=MaxInt", tr(maxI, 1, 0, 1, 1, 2), ErrRange},
		{"Transpose flipped past start", tr(8, -8, 0, 8, 3, 8), ErrRange},
		{"TransposeStream rows<0", trs(0, 16, 0, 16, -3, 0), ErrArg},
		{"TransposeStream dst short", trs(0, 16, 0, 16, 4, 16), ErrRange},
		{"TransposeHot cols<0", trh(0, 16, 0, 16, 4, -1), ErrArg},
		{"TransposeHot src short", trh(0, 16, 0, 16, 16, 5), ErrRange},
	}
	forEachLevel(t, func(t *testing.T) {
		for _, c := range calls {
			src := patterned[float32](64, 1)
			if c.name == "Strided short src" {
				src = src[:64]
			}
			dst := guarded[float32](64)
			if c.name == "Strided short src" {
				dst = guarded[float32](100)
			}
			before := clone(dst)
			err := c.f(dst, src)
			if !errors.Is(err, c.want) {
				t.Fatalf("%s: got error %v, want one wrapping %v", c.name, err, c.want)
			}
			if !msgRE.MatchString(err.Error()) {
				t.Errorf("%s: message %q does not match %v", c.name, err, msgRE)
			}
			if !sameBits(dst, before) {
				t.Fatalf("%s wrote to dst", c.name)
			}
		}
		// nil slices.
		errIs(t, Strided[float64](nil, 0, 1, nil, 0, 1, 1), ErrRange)
		errIs(t, Fill[int8](nil, 0, 1, 3, 1), ErrRange)
		errIs(t, Transpose[complex128](nil, 0, 1, nil, 0, 1, 1, 1), ErrRange)
		noErr(t, Transpose[complex128](nil, 0, 1, nil, 0, 1, 0, 5))
		noErr(t, Strided[int](nil, 5, 1, nil, -7, 1, 0))
		if n := Copy[float32](nil, nil); n != 0 {
			t.Fatalf("Copy(nil, nil) = %d", n)
		}
	})
}

var msgRE = regexp.MustCompile(`^simd: (Strided|Fill|Transpose|TransposeStream|TransposeHot): [a-z]`)

func TestErrorMessages(t *testing.T) {
	f16, f32 := make([]float32, 16), make([]float32, 32)
	for _, c := range []struct {
		err  error
		want string
	}{
		{Transpose(f16, 0, 2, f16, 0, 2, -1, 2), "simd: Transpose: rows -1 is negative"},
		{Strided(f16, 0, 1, f32, 20, 1, 16), "simd: Strided: src index 35 out of range [0,32)"},
		{Strided(f16, 0, 1, f32, 2, 1, 17), "simd: Strided: dst index 16 out of range [0,16)"},
		{Strided(f16, 17, 1, f32, 2, 1, 1), "simd: Strided: dst index 17 out of range [0,16)"},
		{Fill(f16, 0, math.MaxInt, 0, 3), fmt.Sprintf("simd: Fill: dst index 0%+d*2 overflows int (length 16)", math.MaxInt)},
		{Transpose(f16, 0, 4, f16, 0, 4, 4, 5), "simd: Transpose: dst index 16 out of range [0,16)"},
		{Transpose(f16, 8, -4, f16, 0, 4, 4, 4), "simd: Transpose: dst index -4 out of range [0,16)"},
		{Transpose(f16, 14, -4, f16, 0, 4, 2, 5), "simd: Transpose: dst index 18 out of range [0,16)"},
		{Transpose(f16, 0, 4, f16, 0, 4, 4, math.MaxInt), fmt.Sprintf("simd: Transpose: dst runs of %d elements exceed length 16", math.MaxInt)},
	} {
		if c.err == nil || c.err.Error() != c.want {
			t.Errorf("got error %v\nwant        %s", c.err, c.want)
		}
	}
}

func TestLevels(t *testing.T) {
	sup := Supported()
	best := sup[len(sup)-1]
	if sup[0] != Generic || !slices.Contains(sup, Level()) {
		t.Fatalf("Supported() = %v, Level() = %v", sup, Level())
	}
	for env, want := range map[string]ISA{"": best, "bogus": best, "generic": Generic, "AVX512": best, "avx2": min(best, AVX2)} {
		if got := pickLevel(env); got != want {
			t.Errorf("pickLevel(%q) = %v, want %v", env, got, want)
		}
	}
	for l, want := range map[ISA]string{Generic: "generic", AVX2: "avx2", AVX512: "avx512", 9: "ISA(9)"} {
		if got := l.String(); got != want {
			t.Errorf("ISA(%d).String() = %q, want %q", l, got, want)
		}
	}
	_, err := setLevel(ISA(9))
	errIs(t, err, ErrArg)
	for _, l := range sup {
		restore, err := setLevel(l)
		noErr(t, err)
		if Level() != l {
			t.Fatalf("after setLevel(%v), Level() = %v", l, Level())
		}
		restore()
	}
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// TestTables checks that every assembly level registers its kernels, so the
// per-level tests really exercise assembly.
func TestTables(t *testing.T) {
	for _, l := range Supported()[1:] {
		tb := tables[l]
		if tb.t32.fn == nil || tb.t32nt.fn == nil || tb.t64.fn == nil || tb.t64nt.fn == nil || tb.g32nt.fn == nil || tb.g64nt.fn == nil || tb.fillUnit == 0 ||
			tb.t8.fn == nil || tb.t8nt.fn == nil || tb.t16.fn == nil || tb.t16nt.fn == nil {
			t.Errorf("%v: missing kernels: %+v", l, *tb)
		}
		// transposeTiled rounds to whole tiles with masks.
		for _, side := range []int{tb.t32.tr, tb.t32.tc, tb.t32nt.tr, tb.t32nt.tc, tb.t64.tr, tb.t64.tc, tb.t64nt.tr, tb.t64nt.tc,
			tb.t8.tr, tb.t8.tc, tb.t8nt.tr, tb.t8nt.tc, tb.t16.tr, tb.t16.tc, tb.t16nt.tr, tb.t16nt.tc} {
			if side <= 0 || side&(side-1) != 0 {
				t.Errorf("%v: tile side %d is not a power of two", l, side)
			}
		}
	}
}
