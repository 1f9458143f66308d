//go:build amd64 && !purego

package simd

// The compress kernels of the AVX2 and AVX512 levels (table.comp32,
// table.comp64; see Compress). The AVX2 kernels permute a vector's
// selected elements to its front with VPERMD, whose indices they load
// from perm8 (4-byte elements, 8 to a vector) or perm4 (8-byte elements,
// as pairs of 4-byte ones, 4 to a vector), by the vector's mask bits.

//go:noescape
func compress32AVX2(dst, x *uint32, mask *bool, n int) int

//go:noescape
func compress64AVX2(dst, x *uint64, mask *bool, n int) int

//go:noescape
func compress32AVX512(dst, x *uint32, mask *bool, n int) int

//go:noescape
func compress64AVX512(dst, x *uint64, mask *bool, n int) int

// perm8[m] lists the lanes of the bits set in m, lowest first, then
// zeros; perm4[m] the same for 8-byte lanes, each as its two 4-byte ones.
var (
	perm8 [256][8]uint32
	perm4 [16][8]uint32
)

func init() {
	for m := range perm8 {
		j := 0
		for b := range 8 {
			if m>>b&1 != 0 {
				perm8[m][j] = uint32(b)
				j++
			}
		}
	}
	for m := range perm4 {
		j := 0
		for b := range 4 {
			if m>>b&1 != 0 {
				perm4[m][2*j], perm4[m][2*j+1] = uint32(2*b), uint32(2*b+1)
				j++
			}
		}
	}
}
