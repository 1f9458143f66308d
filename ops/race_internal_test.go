//go:build race

package ops

// raceOn is raceEnabled for the tests inside package ops (see
// norace_internal_test.go).
const raceOn = true
