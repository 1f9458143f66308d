//go:build race

package ops_test

// raceEnabled is true when the tests run under the race detector (see
// norace_test.go).
const raceEnabled = true
