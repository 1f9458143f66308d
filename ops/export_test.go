package ops

// SetVarBlock sets the size in bytes of the blocks of mapped elements a
// mapped reduction (Var, the NaN-skipping sum) computes at once, and
// returns the previous size: for the tests.
func SetVarBlock(n int) int {
	old := mapBlock
	mapBlock = n
	return old
}

// SetDeepStage sets the size in bytes up to which the slabs of a staged
// operation grow where smaller ones would read less than a line of each
// row of a staged operand, and returns the previous size: for the tests of
// package ops_test.
func SetDeepStage(n int) int {
	old := deepStageBytes
	deepStageBytes = n
	return old
}
