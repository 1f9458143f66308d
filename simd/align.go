package simd

// A loadKind is the kind of kernel whose loads the alignment rule
// (forLoads) judges.
type loadKind uint8

const (
	// arithLoads: the arithmetic kernels (Binary, BinaryScalar,
	// ScalarBinary), which read one or two runs and write one.
	arithLoads loadKind = iota
	// foldLoads: the fold and search kernels (Reduce, Index), which read
	// one run and write nothing, and the rows kernels (FoldRows), which
	// read several and write one.
	foldLoads
	numLoadKinds
)

// unalignedAVX512 lets the AVX-512 kernels of a kind read data that does
// not start on a 64-byte line boundary: set where that measured at least
// as fast as the AVX2 kernels, per vendor (see forLoads and
// unalignedFor). Tests set it both ways to run the kernels on every
// alignment.
var unalignedAVX512 = unalignedAVX512Default()

// forLoads returns the table whose kernels of kind k should run on
// operands starting at the addresses a, b and c (0 for an operand the call
// does not have): t itself, except that an AVX-512 table gives way to the
// AVX2 one when an operand does not start on a 64-byte line boundary and
// unalignedAVX512[k] is false. From such an address every 64-byte load
// straddles two lines. The kernels of both levels give the same bits, so
// the choice changes only speed. The setting is per vendor (see
// unalignedFor): on AMD processors and other vendors every kind gives
// way; on Intel processors the folds keep AVX-512, as the AVX2 fold's NaN
// blends bound it, and the arithmetic gives way (BENCHMARKS.md, "In one
// process", and "Figures moved from simd's comments (issue 49)").
func forLoads(t *table, k loadKind, a, b, c uintptr) *table {
	if t.isa == AVX512 && (a|b|c)&63 != 0 && !unalignedAVX512[k] && tables[AVX2] != nil {
		return tables[AVX2]
	}
	return t
}
