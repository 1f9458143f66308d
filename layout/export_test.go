package layout

// SetOverlapWork sets the work bound of SelfOverlap and returns the old one.
func SetOverlapWork(n int) int {
	old := overlapWork
	overlapWork = n
	return old
}
