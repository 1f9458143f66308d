//go:build amd64 && !purego

package simd

import (
	"fmt"
	"testing"

	"github.com/klauspost/cpuid/v2"
)

// TestVendorRules pins what the processors of each vendor and family get,
// as measured (see doc.go), and the rules of the unmeasured for the
// others: the transpose order, whether AVX-512 kernels read unaligned
// operands, whether hot transposes take the AVX2 tiles, whether
// ReduceRows runs its four-row kernels on long rows, how long a row
// ArgRows's short-row kernel takes, how tall the streaming bands of
// 8-byte elements are, whether FoldRows takes rows of 512 bytes to 2
// KiB in row order and whether Transpose walks bands.
func TestVendorRules(t *testing.T) {
	for _, c := range []struct {
		v         cpuid.Vendor
		family    int
		strategy  TransposeStrategy
		unaligned [numLoadKinds]bool // arithLoads, foldLoads
		hot       bool               // TransposeHot runs the AVX2 tiles
		rules     familyRules
	}{
		{cpuid.Intel, 6, Bands, [numLoadKinds]bool{false, true}, true, familyRules{whole4Rows: true, wideBands: true, tallBands: true}},
		{cpuid.AMD, 25, Bands, [numLoadKinds]bool{false, false}, false, familyRules{argShortLong: true, wideBands: true, seqRows: true, cachedBands: true, tallBands: true, farShortRows: true}}, // Zen 4
		{cpuid.AMD, 26, Blocks, [numLoadKinds]bool{false, false}, false, familyRules{whole4Rows: true}},                                                                                          // Zen 5
		{cpuid.AMD, 23, Calibrate, [numLoadKinds]bool{false, false}, false, familyRules{whole4Rows: true}},
		{cpuid.AMD, 27, Calibrate, [numLoadKinds]bool{false, false}, false, familyRules{whole4Rows: true}},
		{cpuid.Hygon, 24, Calibrate, [numLoadKinds]bool{false, false}, false, familyRules{whole4Rows: true}},
		{cpuid.VIA, 6, Calibrate, [numLoadKinds]bool{false, false}, false, familyRules{whole4Rows: true}},
		{cpuid.VendorUnknown, 0, Calibrate, [numLoadKinds]bool{false, false}, false, familyRules{whole4Rows: true}},
	} {
		if got := strategyFor(c.v, c.family); got != c.strategy {
			t.Errorf("strategyFor(%v, %d) = %v, want %v", c.v, c.family, got, c.strategy)
		}
		if got := unalignedFor(c.v); got != c.unaligned {
			t.Errorf("unalignedFor(%v) = %v, want %v", c.v, got, c.unaligned)
		}
		want := c.rules
		want.unalignedWide, want.hotNarrow = c.unaligned, c.hot
		if got := rulesFor(c.v, c.family); got != want {
			t.Errorf("rulesFor(%v, %d) = %+v, want %+v", c.v, c.family, got, want)
		}
		if got := hotFor(c.v); got != c.hot {
			t.Errorf("hotFor(%v) = %v, want %v", c.v, got, c.hot)
		}
	}
	cpu := cpuid.CPU
	if machineRules() != rulesFor(cpu.VendorID, cpu.Family) {
		t.Errorf("this %v processor, family %d: family rules %+v", cpu.VendorID, cpu.Family, machineRules())
	}
	if machineStrategy != strategyFor(cpu.VendorID, cpu.Family) {
		t.Errorf("this %v processor, family %d: default strategy %v", cpu.VendorID, cpu.Family, machineStrategy)
	}
}

// TestThinAVX512Fallback checks the AVX512 level's thin transposes for
// every combination of AVX512BW and AVX512_VBMI this CPU can run: each
// element size has a kernel, the AVX-512 ones where the extensions allow
// and the AVX2 ones (32-byte vectors) for 1- and 2-byte elements where
// they do not, and each moves channel-like transposes as the reference
// loop does, through Transpose, TransposeStream and TransposeHot.
func TestThinAVX512Fallback(t *testing.T) {
	base := tables[AVX512]
	if base == nil || raceBuild {
		t.Skip("no AVX512 level")
	}
	for _, c := range []struct{ bw, vbmi bool }{{false, false}, {true, false}, {true, true}} {
		if c.bw && !cpuid.CPU.Supports(cpuid.AVX512BW) || c.vbmi && !cpuid.CPU.Supports(cpuid.AVX512VBMI) {
			continue
		}
		t.Run(fmt.Sprintf("bw=%v/vbmi=%v", c.bw, c.vbmi), func(t *testing.T) {
			thin := thinAVX512(c.bw, c.vbmi, &tables[AVX2].thin)
			for size, want := range []int{map[bool]int{false: 32, true: 64}[c.bw && c.vbmi], map[bool]int{false: 32, true: 64}[c.bw], 64, 64} {
				if thin[size].k == nil || thin[size].vec != want {
					t.Fatalf("elements of %d bytes: kernel %v, vectors of %d bytes, want %d", 1<<size, thin[size].k != nil, thin[size].vec, want)
				}
			}
			tab := *base
			tab.thin = thin
			if base.hot != nil { // TransposeHot's table where hotNarrow is set (forHot)
				hot := *base.hot
				hot.thin = thin
				tab.hot = &hot
			}
			prev := active.Swap(&tab)
			defer active.Store(prev)
			for _, l := range []layout2D{
				makeLayout(3, 200, 1, 5, false, 0, 0, false), // few rows
				makeLayout(200, 3, 2, 0, false, 1, 0, false), // few columns, end to end
				makeLayout(200, 3, 0, 2, false, 0, 3, false), // few columns, apart
			} {
				for mode := range 3 {
					checkTransposeCase[uint8](t, l, mode)
					checkTransposeCase[int16](t, l, mode)
				}
			}
		})
	}
}
