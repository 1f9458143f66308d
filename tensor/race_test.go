//go:build race

package tensor_test

// raceEnabled is true when the tests run under the race detector (see
// norace_test.go).
const raceEnabled = true
