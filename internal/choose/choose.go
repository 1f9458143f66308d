// Package choose feeds the choices of Tessera's randomized tests: from a
// seeded PRNG in property tests and from a fuzzer's bytes in fuzz targets,
// so that one test body serves both. Only tests use it.
package choose

import "math/rand/v2"

// Source draws choices.
type Source interface {
	// Intn returns a choice in [0, n), or 0 when n <= 0.
	Intn(n int) int
}

// Rand draws choices from a PCG generator.
type Rand struct{ r *rand.Rand }

// NewRand returns a Rand seeded with seed; equal seeds give equal choices.
func NewRand(seed uint64) Rand { return Rand{rand.New(rand.NewPCG(seed, 0x7e55e7a))} }

// Intn returns a pseudo-random choice in [0, n), or 0 when n <= 0.
func (c Rand) Intn(n int) int {
	if n <= 0 {
		return 0
	}
	return c.r.IntN(n)
}

// Bytes draws choices from a fuzzer's bytes, one byte a choice, and then
// zeros once the bytes run out.
type Bytes struct {
	b []byte
	i int
}

// NewBytes returns a Bytes drawing from b.
func NewBytes(b []byte) *Bytes { return &Bytes{b: b} }

// Intn returns the next byte modulo n, or 0 when n <= 0 or the bytes are
// used up.
func (c *Bytes) Intn(n int) int {
	if c.i >= len(c.b) || n <= 0 {
		return 0
	}
	c.i++
	return int(c.b[c.i-1]) % n
}
