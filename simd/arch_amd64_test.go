//go:build amd64 && !purego

package simd

import (
	"testing"

	"github.com/klauspost/cpuid/v2"
)

// TestVendorRules pins what each vendor's processors get: the transpose
// order, whether AVX-512 kernels read unaligned operands and whether hot
// transposes take the AVX2 tiles, as measured
// (see doc.go), and the rules of the unmeasured for the others.
func TestVendorRules(t *testing.T) {
	for _, c := range []struct {
		v         cpuid.Vendor
		strategy  TransposeStrategy
		unaligned [numLoadKinds]bool // arithLoads, foldLoads
		hot       bool               // TransposeHot runs the AVX2 tiles
	}{
		{cpuid.Intel, Bands, [numLoadKinds]bool{false, true}, true},
		{cpuid.AMD, Blocks, [numLoadKinds]bool{false, false}, false},
		{cpuid.Hygon, Calibrate, [numLoadKinds]bool{false, false}, false},
		{cpuid.VIA, Calibrate, [numLoadKinds]bool{false, false}, false},
		{cpuid.VendorUnknown, Calibrate, [numLoadKinds]bool{false, false}, false},
	} {
		if got := strategyFor(c.v); got != c.strategy {
			t.Errorf("strategyFor(%v) = %v, want %v", c.v, got, c.strategy)
		}
		if got := unalignedFor(c.v); got != c.unaligned {
			t.Errorf("unalignedFor(%v) = %v, want %v", c.v, got, c.unaligned)
		}
		if got := hotFor(c.v); got != c.hot {
			t.Errorf("hotFor(%v) = %v, want %v", c.v, got, c.hot)
		}
	}
	if hotAVX2Default() != hotFor(cpuid.CPU.VendorID) {
		t.Errorf("this %v processor: hot AVX2 tiles %v", cpuid.CPU.VendorID, hotAVX2Default())
	}
	if machineStrategy != strategyFor(cpuid.CPU.VendorID) || unalignedAVX512Default() != unalignedFor(cpuid.CPU.VendorID) {
		t.Errorf("this %v processor: default strategy %v, unaligned AVX-512 %v", cpuid.CPU.VendorID, machineStrategy, unalignedAVX512Default())
	}
}
