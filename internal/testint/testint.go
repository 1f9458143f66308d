// Package testint holds large integers for tests that mean the same on
// 64-bit and 32-bit platforms. A hostile-input test that writes 1<<32 or
// 1<<62 does not compile where int has 32 bits; these constants scale with
// strconv.IntSize, so each keeps its role (a square that overflows, a value
// near the top of int, a count too large to allocate) on every platform,
// and the tests of every package run as 386 and arm binaries too.
package testint

import "strconv"

// Bits is the width of int: 64 or 32.
const Bits = strconv.IntSize

const (
	// Half is 1<<32 on 64-bit and 1<<16 on 32-bit: it fits an int, and
	// Half*Half overflows one.
	Half = 1 << (Bits / 2)

	// Huge is 1<<62 on 64-bit and 1<<30 on 32-bit: a quarter of the int
	// range, so 2*Huge fits and 4*Huge overflows.
	Huge = 1 << (Bits - 2)

	// Alloc8 is 1<<50 on 64-bit and 1<<30 on 32-bit: an element count that
	// fits an int, and 8 times it too, but whose allocation of 8-byte
	// elements exceeds the largest one Go can make.
	Alloc8 = 1 << (Bits/64*50 + (64-Bits)/32*30)
)
