package simdhook_test

import (
	"testing"

	"github.com/tessera-go/tessera/internal/simdhook"
	"github.com/tessera-go/tessera/simd"
)

// TestSetLevel shows the use from another package's tests: run a subtest
// at every supported level, restoring the previous level after each.
func TestSetLevel(t *testing.T) {
	before := simd.Level()
	for _, l := range simdhook.Supported() {
		t.Run(simd.ISA(l).String(), func(t *testing.T) {
			restore, err := simdhook.SetLevel(l)
			if err != nil {
				t.Fatal(err)
			}
			defer restore()
			if got := simd.Level(); got != simd.ISA(l) {
				t.Fatalf("Level() = %v, want %v", got, simd.ISA(l))
			}
		})
	}
	if simd.Level() != before {
		t.Fatalf("level not restored: %v, want %v", simd.Level(), before)
	}
	if _, err := simdhook.SetLevel(200); err == nil {
		t.Fatal("SetLevel(200) succeeded")
	}
}
