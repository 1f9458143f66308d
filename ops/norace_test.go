//go:build !race

package ops_test

// raceEnabled is true when the tests run under the race detector, which
// finds races only where goroutines run: tests whose operands are all
// below par.MinBytes start none, and skip under it, where they would run
// ten times as long for nothing the plain run does not check.
const raceEnabled = false
