// Package testlevel runs tests at every SIMD level: what the tests of the
// packages above simd share about switching levels. Only tests import it
// (it imports testing).
package testlevel

import (
	"testing"

	"github.com/tessera-go/tessera/internal/simdhook"
	_ "github.com/tessera-go/tessera/simd" // fills in simdhook
)

// ForEachLevel runs f as one subtest per SIMD level this machine and build
// offer, generic first, named after the level, with that level active,
// and restores the level afterwards. The subtests must not run in
// parallel with each other.
func ForEachLevel(t *testing.T, f func(t *testing.T)) {
	t.Helper()
	for _, isa := range simdhook.Supported() {
		t.Run(simdhook.Names[isa], func(t *testing.T) {
			restore, err := simdhook.SetLevel(isa)
			if err != nil {
				t.Fatal(err)
			}
			defer restore()
			f(t)
		})
	}
}
