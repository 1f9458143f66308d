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

// unalignedWide lets the kernels of a kind at a level that has a
// narrower one (table.narrower) read data that does not start on a
// 64-byte line boundary: set where that measured at least as fast as the
// narrower level's kernels, per vendor (familyRules.unalignedWide). Tests
// set it both ways to run the kernels on every alignment.
var unalignedWide = machineRules().unalignedWide

// forLoads returns the table whose kernels of kind k should run on
// operands starting at the addresses a, b and c (0 for an operand the call
// does not have): t itself, except that a table with a narrower level
// gives way to it when an operand does not start on a 64-byte line
// boundary and unalignedWide[k] is false. From such an address every load
// of a 64-byte vector straddles two lines. The kernels of both levels give
// the same bits, so the choice changes only speed.
func forLoads(t *table, k loadKind, a, b, c uintptr) *table {
	if t.narrower != nil && (a|b|c)&63 != 0 && !unalignedWide[k] {
		return t.narrower
	}
	return t
}
