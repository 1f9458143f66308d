package simd

import "testing"

// TestForLoads pins the rule of forLoads: AVX-512 kernels read only
// operands that start on a 64-byte boundary; otherwise AVX2's run, and
// every other level is kept.
func TestForLoads(t *testing.T) {
	x := make([]float32, 64+16)
	off := int((64 - uintptrOf(x)%64) % 64 / 4) // x[off] starts a line
	aligned, unaligned := uintptrOf(x[off:]), uintptrOf(x[off+4:])
	for _, l := range Supported() {
		tab := tables[l]
		for _, c := range []struct {
			name    string
			a, b, c uintptr
			want    ISA
		}{
			{"aligned", aligned, aligned, 0, l},
			{"empty", 0, 0, 0, l},
			{"first unaligned", unaligned, aligned, 0, min(l, AVX2)},
			{"second unaligned", aligned, unaligned, aligned, min(l, AVX2)},
			{"third unaligned", aligned, aligned, unaligned, min(l, AVX2)},
		} {
			if got := forLoads(tab, c.a, c.b, c.c).isa; got != c.want {
				t.Errorf("%v, %s: got %v, want %v", l, c.name, got, c.want)
			}
		}
		unalignedAVX512 = true
		if got := forLoads(tab, unaligned, 0, 0).isa; got != l {
			t.Errorf("%v with unalignedAVX512: got %v", l, got)
		}
		unalignedAVX512 = false
	}
}
