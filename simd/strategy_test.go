package simd

import (
	"errors"
	"sync"
	"testing"
	"time"
)

// TestTransposeStrategySetting checks the setting: the previous value
// back, 0 for the machine's default, and an unknown value refused.
func TestTransposeStrategySetting(t *testing.T) {
	start := ActiveTransposeStrategy()
	defer SetTransposeStrategy(start)
	if start != Bands && start != Blocks {
		t.Fatalf("ActiveTransposeStrategy() = %v", start)
	}
	prev, err := SetTransposeStrategy(Blocks)
	noErr(t, err)
	if prev != start || ActiveTransposeStrategy() != Blocks {
		t.Fatalf("SetTransposeStrategy(Blocks) returned %v; now %v", prev, ActiveTransposeStrategy())
	}
	if prev, _ = SetTransposeStrategy(Bands); prev != Blocks || ActiveTransposeStrategy() != Bands {
		t.Fatalf("SetTransposeStrategy(Bands) returned %v; now %v", prev, ActiveTransposeStrategy())
	}
	if _, err = SetTransposeStrategy(0); err != nil || ActiveTransposeStrategy() != machineStrategy {
		t.Fatalf("SetTransposeStrategy(0): %v; now %v, the default is %v", err, ActiveTransposeStrategy(), machineStrategy)
	}
	prev, err = SetTransposeStrategy(9)
	if !errors.Is(err, ErrArg) || prev != machineStrategy || ActiveTransposeStrategy() != machineStrategy {
		t.Fatalf("SetTransposeStrategy(9) = %v, %v; now %v", prev, err, ActiveTransposeStrategy())
	}
	if err.Error() != "simd: SetTransposeStrategy: unknown strategy 9 (Bands 1, Blocks 2, Calibrate 3, or 0 for the default)" {
		t.Errorf("message %q", err)
	}
	for _, c := range []struct {
		env  string
		want TransposeStrategy
	}{{"", Bands}, {"blocks", Blocks}, {" Blocks ", Blocks}, {"BANDS", Bands}, {"squares", Bands}, {"Calibrate", Calibrate}} {
		if got := pickStrategy(c.env, Bands); got != c.want {
			t.Errorf("pickStrategy(%q, Bands) = %v, want %v", c.env, got, c.want)
		}
	}
	if got := pickStrategy("", Blocks); got != Blocks {
		t.Errorf("pickStrategy(\"\", Blocks) = %v", got)
	}
	if Bands.String() != "bands" || Blocks.String() != "blocks" || Calibrate.String() != "calibrate" || TransposeStrategy(7).String() != "TransposeStrategy(7)" {
		t.Errorf("String: %v %v %v %v", Bands, Blocks, Calibrate, TransposeStrategy(7))
	}
	prevWide := wideBands
	defer func() { wideBands = prevWide }()
	wide := block{rowBytes: streamed.rowBytes, colBytes: 2 * streamed.colBytes}
	for _, c := range []struct {
		s                TransposeStrategy
		rows, cols, size int
		wideBands        bool
		want             block
	}{
		{Blocks, 8192, 8192, 4, false, block{rowBytes: 256, colBytes: 256}},
		{Blocks, 256, 65536, 4, false, block{rowBytes: 256, colBytes: 256}},
		{Blocks, 255, 65536, 4, false, streamed},
		{Blocks, 3136, 64, 4, false, streamed},
		{Blocks, 128, 128, 8, false, block{rowBytes: 256, colBytes: 256}},
		{Bands, 8192, 8192, 4, false, streamed},
		{Bands, 4096, 4096, 8, false, streamed},
		{Bands, 8192, 8192, 4, true, streamed},
		{Bands, 4096, 4096, 8, true, wide},
		{Blocks, 4096, 4096, 8, true, block{rowBytes: 256, colBytes: 256}},
		{Blocks, 127, 4096, 8, true, wide},
	} {
		wideBands = c.wideBands
		if got := streamedFor(c.s, c.rows, c.cols, c.size); got != c.want {
			t.Errorf("streamedFor(%v, %d, %d, %d) with wideBands %v = %+v, want %+v", c.s, c.rows, c.cols, c.size, c.wideBands, got, c.want)
		}
	}
}

// TestTallFor pins the height of TransposeStream's Bands, for at least
// 256 source rows. Where tallBands and farShortRows are set (on is true:
// AMD family 25), at the AVX512 level, float32 source rows more than a
// page apart get bands 64 rows tall (256 bytes of each destination row),
// float32 source rows at most a page apart and float64 ones at most half a
// page apart (either way) bands of 1024 rows walked source rows first, one
// destination line a call; at the AVX2 level those bands for rows of
// either size at most a quarter page apart, and no taller ones. Where
// neither is (on is false), rows at most an eighth of a page apart get the
// bands of 1024 rows at both levels, and others the bands given. With
// tallBands alone (Intel), rows further apart get the 64-row bands at
// AVX512. 1- and 2-byte elements get the bands of 1024 rows at most
// smallShortRows elements apart, whatever the rules, and no others.
func TestTallFor(t *testing.T) {
	defer func(b, f bool) { tallBands, farShortRows = b, f }(tallBands, farShortRows)
	wide := block{rowBytes: streamed.rowBytes, colBytes: 2 * streamed.colBytes}
	tall := block{rowBytes: streamed.rowBytes, colBytes: 256}
	short := block{rowBytes: 64, colBytes: 4096, srcFirst: true}
	shortWide := block{rowBytes: 64, colBytes: 8192, srcFirst: true}
	short1 := block{rowBytes: 64, colBytes: 1024, srcFirst: true}
	short2 := block{rowBytes: 64, colBytes: 2048, srcFirst: true}
	// Leading dimensions in elements, from the page size (4 KiB on the
	// machines measured, 16 or 64 KiB on some others): float32 rows a page
	// apart, float64 rows half a page apart, float32 rows an eighth of a
	// page apart, and rows 8 pages apart.
	page, half, eighth := pageBytes/4, pageBytes/16, pageBytes/32
	far := 8 * page
	for _, c := range []struct {
		on              bool
		isa             ISA
		b               block
		cols, sld, size int
		want            block
	}{
		{true, AVX512, streamed, 8192, far, 4, tall},
		{true, AVX512, streamed, 256, far, 4, tall},
		{true, AVX512, streamed, 255, far, 4, streamed},
		{true, AVX512, streamed, 64, far, 4, streamed},
		{true, AVX512, streamed, 65536, 256, 4, short},
		{true, AVX512, streamed, 65536, -256, 4, short},
		{true, AVX512, streamed, 256, page, 4, short},
		{true, AVX512, streamed, 256, -page, 4, short},
		{true, AVX512, streamed, 256, page + 1, 4, tall},
		{true, AVX512, streamed, 256, -page - 1, 4, tall},
		{true, AVX512, streamed, 255, 256, 4, streamed},
		{true, AVX512, wide, 4096, far, 8, wide},
		{true, AVX512, wide, 65536, half / 2, 8, shortWide},
		{true, AVX512, wide, 256, -half, 8, shortWide},
		{true, AVX512, wide, 256, half + 1, 8, wide},
		{true, AVX512, wide, 255, half / 2, 8, wide},
		{true, AVX512, streamed, 65536, 256, 2, streamed},
		{false, AVX512, wide, 65536, half / 2, 8, wide},
		{true, AVX2, streamed, 8192, far, 4, streamed},
		{true, AVX2, streamed, 65536, page / 4, 4, short},
		{true, AVX2, streamed, 65536, -page / 4, 4, short},
		{true, AVX2, streamed, 65536, page/4 + 1, 4, streamed},
		{true, AVX2, streamed, 255, page / 4, 4, streamed},
		{true, AVX2, wide, 65536, half / 2, 8, shortWide},
		{true, AVX2, wide, 65536, half/2 + 1, 8, wide},
		{false, AVX2, streamed, 65536, page / 4, 4, streamed},
		{true, Generic, streamed, 8192, 256, 4, streamed},
		{false, AVX512, streamed, 8192, far, 4, streamed},
		{false, AVX512, streamed, 65536, 256, 4, streamed},
		// Rows at most an eighth of a page apart take the short bands
		// whatever the rule.
		{false, AVX512, streamed, 65536, eighth, 4, short},
		{false, AVX512, streamed, 65536, -eighth, 4, short},
		{false, AVX512, streamed, 65536, eighth + 1, 4, streamed},
		{false, AVX512, streamed, 256, 8, 4, short},
		{false, AVX512, streamed, 255, 8, 4, streamed},
		{false, AVX2, streamed, 65536, 8, 4, short},
		{false, AVX2, streamed, 65536, eighth + 1, 4, streamed},
		{false, AVX2, wide, 65536, eighth / 2, 8, shortWide},
		{false, AVX512, wide, 65536, -eighth / 2, 8, shortWide},
		{false, AVX2, wide, 65536, eighth/2 + 1, 8, wide},
		// 1- and 2-byte elements take them up to smallShortRows apart,
		// whatever the rule.
		{false, AVX512, streamed, 65536, 8, 2, short2},
		{true, AVX2, streamed, 65536, -smallShortRows, 2, short2},
		{true, AVX512, streamed, 65536, smallShortRows, 1, short1},
		{false, AVX2, streamed, 256, -smallShortRows, 1, short1},
		{true, AVX512, streamed, 65536, smallShortRows + 1, 1, streamed},
		{false, AVX2, streamed, 65536, -smallShortRows - 1, 2, streamed},
		{true, AVX512, streamed, 255, 16, 1, streamed},
		{true, Generic, streamed, 65536, 16, 1, streamed},
		{false, Generic, streamed, 65536, 8, 4, streamed},
	} {
		tallBands, farShortRows = c.on, c.on
		if got := tallFor(c.isa, c.b, c.cols, c.sld, c.size); got != c.want {
			t.Errorf("tallBands and farShortRows %v: tallFor(%v, %+v, %d, %d, %d) = %+v, want %+v", c.on, c.isa, c.b, c.cols, c.sld, c.size, got, c.want)
		}
	}
	tallBands, farShortRows = true, false
	for _, c := range []struct {
		isa             ISA
		b               block
		cols, sld, size int
		want            block
	}{
		{AVX512, streamed, 8192, far, 4, tall},
		{AVX512, streamed, 65536, 2 * eighth, 4, tall},
		{AVX512, streamed, 256, eighth + 1, 4, tall},
		{AVX512, streamed, 256, eighth, 4, short},
		{AVX512, streamed, 255, far, 4, streamed},
		{AVX512, wide, 65536, half / 2, 8, wide},
		{AVX512, wide, 65536, eighth / 2, 8, shortWide},
		{AVX2, streamed, 65536, 2 * eighth, 4, streamed},
		{AVX2, streamed, 65536, -eighth, 4, short},
	} {
		if got := tallFor(c.isa, c.b, c.cols, c.sld, c.size); got != c.want {
			t.Errorf("tallBands alone: tallFor(%v, %+v, %d, %d, %d) = %+v, want %+v", c.isa, c.b, c.cols, c.sld, c.size, got, c.want)
		}
	}
}

// TestStreamBlocks pins the blocks TransposeStream walks under each
// strategy: Blocks' squares where both sides are four squares long, and
// elsewhere, under either strategy, the bands that tallFor gives: short
// source rows (an image's pixels of 8 channels, moved to channels-first)
// get the bands of 1024 rows under Blocks as under Bands.
func TestStreamBlocks(t *testing.T) {
	defer func(b, f, w bool) { tallBands, farShortRows, wideBands = b, f, w }(tallBands, farShortRows, wideBands)
	tallBands, wideBands = true, false
	tall := block{rowBytes: streamed.rowBytes, colBytes: 256}
	short := block{rowBytes: 64, colBytes: 4096, srcFirst: true}
	shortWide := block{rowBytes: 64, colBytes: 8192, srcFirst: true}
	// Leading dimensions in elements, from the page size: float32 rows an
	// eighth of a page apart (the short rows' limit without farShortRows),
	// float64 ones half a page apart (with it, at AVX512), and rows 8 pages
	// apart.
	eighth, half, far := pageBytes/32, pageBytes/16, 8*pageBytes/4
	for _, c := range []struct {
		far                   bool // farShortRows
		isa                   ISA
		s                     TransposeStrategy
		rows, cols, sld, size int
		want                  block
	}{
		{false, AVX2, Blocks, 8192, 8192, 8192, 4, squares},
		{false, AVX512, Blocks, 256, 65536, 256, 4, squares},
		{false, AVX2, Blocks, 8, 65536, 8, 4, short},
		{false, AVX512, Blocks, 16, 65536, 16, 4, short},
		{false, AVX512, Blocks, 255, 65536, eighth, 4, short},
		{false, AVX512, Blocks, 255, 65536, eighth + 1, 4, tall},
		{false, AVX2, Blocks, 8, 65536, 8, 8, shortWide},
		{false, AVX512, Blocks, 64, 3136, far, 4, tall},
		{false, AVX2, Blocks, 64, 3136, far, 4, streamed},
		{false, Generic, Blocks, 8, 65536, 8, 4, streamed},
		// Squares stay squares where tallFor would make short bands of
		// the same transpose.
		{true, AVX512, Blocks, 256, 65536, half, 8, squares},
		{true, AVX512, Bands, 256, 65536, half, 8, shortWide},
		{false, AVX2, Bands, 8192, 8192, 8192, 4, streamed},
		{false, AVX512, Bands, 8192, 8192, far, 4, tall},
		{false, AVX2, Bands, 8, 65536, 8, 4, short},
		{false, AVX512, Bands, 8, 65536, 8, 8, shortWide},
	} {
		farShortRows = c.far
		if got := streamBlocks(c.isa, c.s, c.rows, c.cols, c.sld, c.size); got != c.want {
			t.Errorf("farShortRows %v: streamBlocks(%v, %v, %d, %d, %d, %d) = %+v, want %+v", c.far, c.isa, c.s, c.rows, c.cols, c.sld, c.size, got, c.want)
		}
	}
}

// TestCalibrate runs the calibration with a fake clock that favours one
// strategy, then the other: the first large streaming transpose picks it,
// transposes exactly as the Go twin does, and later calls keep it; small
// transposes, and large ones of 1- and 2-byte elements, neither calibrate
// nor decide.
func TestCalibrate(t *testing.T) {
	defer SetTransposeStrategy(ActiveTransposeStrategy())
	realTimer := timeRun
	defer func() { timeRun = realTimer }()
	const n = 1024 // 4 MiB of float32: the smallest that calibrates
	src := patterned[float32](n*n, 3)
	want := make([]float32, n*n)
	refTranspose(want, 0, n, src, 0, n, n, n)
	forEachLevel(t, func(t *testing.T) {
		for _, c := range []struct {
			favour TransposeStrategy
			quarts [4]time.Duration // Bands, Blocks, Bands, Blocks
		}{
			{Blocks, [4]time.Duration{10, 1, 10, 1}},
			{Bands, [4]time.Duration{1, 10, 1, 10}},
		} {
			calls := 0
			timeRun = func(run func()) time.Duration {
				run()
				calls++
				return c.quarts[(calls-1)%4]
			}
			if _, err := SetTransposeStrategy(Calibrate); err != nil {
				t.Fatal(err)
			}
			small := make([]float32, 64*64)
			noErr(t, TransposeStream(small, 0, 64, src, 0, n, 64, 64))
			if calls != 0 || ActiveTransposeStrategy() != Calibrate {
				t.Fatalf("a 64x64 transpose calibrated (%d timings, now %v)", calls, ActiveTransposeStrategy())
			}
			// 1- and 2-byte elements never calibrate, however large: the
			// calibration times the tiles of 4- and 8-byte ones.
			checkTransposeCase[uint8](t, makeLayout(4096, 1024, 0, 0, false, 0, 0, false), modeStream)
			checkTransposeCase[int16](t, makeLayout(2048, 1024, 0, 0, false, 0, 0, false), modeStream)
			if calls != 0 || ActiveTransposeStrategy() != Calibrate {
				t.Fatalf("a 4 MiB transpose of 1- or 2-byte elements calibrated (%d timings, now %v)", calls, ActiveTransposeStrategy())
			}
			dst := guarded[float32](n * n)
			noErr(t, TransposeStream(dst, 0, n, src, 0, n, n, n))
			if i := firstDiff(dst, want); i >= 0 {
				t.Fatalf("favouring %v: element %d differs", c.favour, i)
			}
			want4 := 4
			if Level() == Generic {
				want4 = 0 // the Go twin has no streaming order to choose
			}
			if calls != want4 {
				t.Fatalf("favouring %v: %d timings, want %d", c.favour, calls, want4)
			}
			if Level() == Generic {
				continue
			}
			if got := ActiveTransposeStrategy(); got != c.favour {
				t.Fatalf("calibration chose %v, want %v", got, c.favour)
			}
			noErr(t, TransposeStream(dst, 0, n, src, 0, n, n, n))
			if calls != 4 {
				t.Fatalf("a second transpose calibrated again")
			}
		}
	})
}

// TestCalibrateConcurrent has several goroutines start large streaming
// transposes while calibrating: one calibrates, all give the right result.
func TestCalibrateConcurrent(t *testing.T) {
	defer SetTransposeStrategy(ActiveTransposeStrategy())
	const n = 1024
	src := patterned[float32](n*n, 5)
	want := make([]float32, n*n)
	refTranspose(want, 0, n, src, 0, n, n, n)
	forEachLevel(t, func(t *testing.T) {
		if _, err := SetTransposeStrategy(Calibrate); err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		errs := make([]int, 4)
		for g := range errs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				dst := make([]float32, n*n)
				if TransposeStream(dst, 0, n, src, 0, n, n, n) != nil {
					errs[g] = -2
					return
				}
				errs[g] = firstDiff(dst, want)
			}()
		}
		wg.Wait()
		for g, e := range errs {
			if e != -1 {
				t.Fatalf("goroutine %d: first difference at %d", g, e)
			}
		}
		if s := ActiveTransposeStrategy(); Level() != Generic && s != Bands && s != Blocks {
			t.Fatalf("no strategy chosen: %v", s)
		}
	})
}
