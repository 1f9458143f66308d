// Package simdhook lets tests outside package simd switch the active SIMD
// level. Package simd assigns SetLevel in its init; importing simd (directly
// or through another package) is therefore required before SetLevel is used.
//
// Users cannot import this package; the public way to pick a level is the
// TESSERA_SIMD environment variable, read once at program start.
package simdhook

// SetLevel switches package simd to the given level (a simd.ISA value:
// 0 generic, 1 avx2, 2 avx512) and returns a function that restores the
// previous level. It returns an error, and changes nothing, if the CPU or the
// build (purego) cannot run that level. It is nil until simd is initialised.
//
// Typical use in a test:
//
//	restore, err := simdhook.SetLevel(uint8(simd.Generic))
//	if err != nil {
//		t.Skip(err)
//	}
//	defer restore()
var SetLevel func(isa uint8) (restore func(), err error)

// Supported returns the levels (as simd.ISA values, ascending) that SetLevel
// accepts on this machine and build. It is nil until simd is initialised.
var Supported func() []uint8

// Names holds the names of the levels, indexed by level (simd.ISA's
// String); package simd fills it in its init.
var Names []string
