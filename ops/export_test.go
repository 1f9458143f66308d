package ops

// SetVarBlock sets the size in bytes of the blocks of squared deviations
// Var computes at once, and returns the previous size: for the tests of
// package ops_test.
func SetVarBlock(n int) int {
	old := varBlock
	varBlock = n
	return old
}
