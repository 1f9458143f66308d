//go:build !race

package ops

// raceOn is true when the tests inside package ops run under the race
// detector, as raceEnabled is for those of package ops_test: the
// randomized tests then run fewer iterations, the ones that start
// goroutines among them, at a tenth of the speed.
const raceOn = false
