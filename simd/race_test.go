//go:build race

package simd_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/tessera-go/tessera/simd"
)

// TestRaceRunsGoTwins pins issue 11.14: with -race the copies must run the
// Go twins, whose memory accesses the race detector sees.
func TestRaceRunsGoTwins(t *testing.T) {
	assert.Equal(t, simd.Generic, simd.Level())
}
