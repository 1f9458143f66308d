//go:build !race

package tensor_test

// raceEnabled is true when the tests run under the race detector, whose
// runtime allocates on its own around collections: counts of allocations
// that span a collection skip under it.
const raceEnabled = false
