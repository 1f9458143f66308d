//go:build amd64 && !purego

package simd

import (
	"testing"

	"github.com/klauspost/cpuid/v2"
)

// TestVendorRules pins what the processors of each vendor and family get:
// the transpose order, whether AVX-512 kernels read unaligned operands,
// whether hot transposes take the AVX2 tiles and whether ReduceRows runs
// its four-row kernels, as measured (see doc.go), and the
// rules of the unmeasured for the others.
func TestVendorRules(t *testing.T) {
	for _, c := range []struct {
		v         cpuid.Vendor
		family    int
		strategy  TransposeStrategy
		unaligned [numLoadKinds]bool // arithLoads, foldLoads
		hot       bool               // TransposeHot runs the AVX2 tiles
		rows      bool               // ReduceRows runs its four-row kernels
	}{
		{cpuid.Intel, 6, Bands, [numLoadKinds]bool{false, true}, true, true},
		{cpuid.AMD, 25, Bands, [numLoadKinds]bool{false, false}, false, false}, // Zen 4
		{cpuid.AMD, 26, Blocks, [numLoadKinds]bool{false, false}, false, true}, // Zen 5
		{cpuid.AMD, 23, Calibrate, [numLoadKinds]bool{false, false}, false, true},
		{cpuid.AMD, 27, Calibrate, [numLoadKinds]bool{false, false}, false, true},
		{cpuid.Hygon, 24, Calibrate, [numLoadKinds]bool{false, false}, false, true},
		{cpuid.VIA, 6, Calibrate, [numLoadKinds]bool{false, false}, false, true},
		{cpuid.VendorUnknown, 0, Calibrate, [numLoadKinds]bool{false, false}, false, true},
	} {
		if got := strategyFor(c.v, c.family); got != c.strategy {
			t.Errorf("strategyFor(%v, %d) = %v, want %v", c.v, c.family, got, c.strategy)
		}
		if got := unalignedFor(c.v); got != c.unaligned {
			t.Errorf("unalignedFor(%v) = %v, want %v", c.v, got, c.unaligned)
		}
		if got := rowsFor(c.v, c.family); got != c.rows {
			t.Errorf("rowsFor(%v, %d) = %v, want %v", c.v, c.family, got, c.rows)
		}
		if got := hotFor(c.v); got != c.hot {
			t.Errorf("hotFor(%v) = %v, want %v", c.v, got, c.hot)
		}
	}
	cpu := cpuid.CPU
	if whole4RowsDefault() != rowsFor(cpu.VendorID, cpu.Family) {
		t.Errorf("this %v processor, family %d: four-row ReduceRows %v", cpu.VendorID, cpu.Family, whole4RowsDefault())
	}
	if hotAVX2Default() != hotFor(cpu.VendorID) {
		t.Errorf("this %v processor, family %d: hot AVX2 tiles %v", cpu.VendorID, cpu.Family, hotAVX2Default())
	}
	if machineStrategy != strategyFor(cpu.VendorID, cpu.Family) || unalignedAVX512Default() != unalignedFor(cpu.VendorID) {
		t.Errorf("this %v processor, family %d: default strategy %v, unaligned AVX-512 %v", cpu.VendorID, cpu.Family, machineStrategy, unalignedAVX512Default())
	}
}
