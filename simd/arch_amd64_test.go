//go:build amd64 && !purego

package simd

import (
	"testing"

	"github.com/klauspost/cpuid/v2"
)

// TestVendorRules pins what each vendor's processors get: the transpose
// order and whether AVX-512 kernels read unaligned operands, as measured
// (see doc.go), and the rules of the unmeasured for the others.
func TestVendorRules(t *testing.T) {
	for _, c := range []struct {
		v         cpuid.Vendor
		strategy  TransposeStrategy
		unaligned [numLoadKinds]bool // arithLoads, foldLoads
	}{
		{cpuid.Intel, Bands, [numLoadKinds]bool{false, true}},
		{cpuid.AMD, Blocks, [numLoadKinds]bool{false, false}},
		{cpuid.Hygon, Calibrate, [numLoadKinds]bool{false, false}},
		{cpuid.VIA, Calibrate, [numLoadKinds]bool{false, false}},
		{cpuid.VendorUnknown, Calibrate, [numLoadKinds]bool{false, false}},
	} {
		if got := strategyFor(c.v); got != c.strategy {
			t.Errorf("strategyFor(%v) = %v, want %v", c.v, got, c.strategy)
		}
		if got := unalignedFor(c.v); got != c.unaligned {
			t.Errorf("unalignedFor(%v) = %v, want %v", c.v, got, c.unaligned)
		}
	}
	if machineStrategy != strategyFor(cpuid.CPU.VendorID) || unalignedAVX512Default() != unalignedFor(cpuid.CPU.VendorID) {
		t.Errorf("this %v processor: default strategy %v, unaligned AVX-512 %v", cpuid.CPU.VendorID, machineStrategy, unalignedAVX512Default())
	}
}
