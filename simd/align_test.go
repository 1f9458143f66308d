package simd

import "testing"

// TestForLoads pins the rule of forLoads: unless unalignedWide is set
// for the kind of kernel, AVX-512 kernels read only operands that start on
// a 64-byte boundary; otherwise AVX2's run, and every other level is kept.
// The rule's setting per vendor is pinned by TestVendorRules.
func TestForLoads(t *testing.T) {
	prev := unalignedWide
	defer func() { unalignedWide = prev }()
	x := make([]float32, 64+16)
	off := int((64 - uintptrOf(x)%64) % 64 / 4) // x[off] starts a line
	aligned, unaligned := uintptrOf(x[off:]), uintptrOf(x[off+4:])
	for _, l := range Supported() {
		tab := tables[l]
		for k := range numLoadKinds {
			for _, set := range []bool{false, true} {
				unalignedWide = [numLoadKinds]bool{}
				unalignedWide[k] = set
				split := min(l, AVX2)
				if set {
					split = l
				}
				for _, c := range []struct {
					name    string
					a, b, c uintptr
					want    ISA
				}{
					{"aligned", aligned, aligned, 0, l},
					{"empty", 0, 0, 0, l},
					{"first unaligned", unaligned, aligned, 0, split},
					{"second unaligned", aligned, unaligned, aligned, split},
					{"third unaligned", aligned, aligned, unaligned, split},
				} {
					if got := forLoads(tab, k, c.a, c.b, c.c).isa; got != c.want {
						t.Errorf("%v, kind %d, unalignedWide %v, %s: got %v, want %v", l, k, unalignedWide, c.name, got, c.want)
					}
				}
				// The other kind keeps its own setting (false).
				if got := forLoads(tab, numLoadKinds-1-k, unaligned, 0, 0).isa; got != min(l, AVX2) {
					t.Errorf("%v, kind %d with only kind %d set: got %v", l, numLoadKinds-1-k, k, got)
				}
			}
		}
	}
}
