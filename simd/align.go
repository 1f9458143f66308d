package simd

// unalignedAVX512 lets the AVX-512 arithmetic, fold and index kernels read
// data that does not start on a 64-byte line boundary. Tests set it to run
// those kernels on every alignment; see forLoads.
var unalignedAVX512 = false

// forLoads returns the table whose arithmetic, fold or index kernels
// should run on operands starting at the addresses a, b and c (0 for an
// operand the call does not have): t itself, except that an AVX-512 table
// gives way to the AVX2 one when an operand does not start on a 64-byte
// line boundary. From such an address every 64-byte load straddles two
// lines, and streaming from memory the AVX2 kernels, whose 32-byte loads
// straddle at most every other line, were faster: on Zen 5, 64 MiB of
// float32 rows starting 16 bytes past a boundary (as NumPy's arrays do)
// folded at 30.5 GB/s with AVX2 against 24.6 with AVX-512, column sums
// ran at 25 against 22 GB/s, and aligned rows at 34 (AVX-512) against 29.
// The kernels of both levels give the same bits, so the choice changes
// only speed.
func forLoads(t *table, a, b, c uintptr) *table {
	if t.isa == AVX512 && (a|b|c)&63 != 0 && !unalignedAVX512 && tables[AVX2] != nil {
		return tables[AVX2]
	}
	return t
}
