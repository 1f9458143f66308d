//go:build !amd64 || purego

package simd

import "unsafe"

// cacheSizes returns the default cache sizes (see geometry.go): this build
// does not run cpuid.
func cacheSizes() (l1d, l2 int) { return defaultL1D, defaultL2 }

// archInit registers no assembly levels: only the Go twins are built.
func archInit() {}

// fillVec is never called: no level registers a fill kernel here.
func fillVec(unit int, dst *byte, n int, pat *byte) {
	panic("simd: no assembly fill in this build")
}

// fold32 and fold64 have no kernels in this build: Reduce runs the Go twin.
func fold32(ISA, Op, *float32, *float32, int) bool { return false }
func fold64(ISA, Op, *float64, *float64, int) bool { return false }

// halve32 and halve64 have no kernels in this build.
func halve32(ISA, Op, *float32) (float32, bool) { return 0, false }
func halve64(ISA, Op, *float64) (float64, bool) { return 0, false }

// machineRules returns the rules of a build without assembly: ReduceRows
// reduces each row by Reduce whatever whole4Rows says, no level has the
// short-row or row-order kernels, and the bands only shape the Go twin's
// calls.
func machineRules() familyRules { return familyRules{whole4Rows: true} }

// defaultStrategy is Bands: without assembly the order only shapes the Go
// twin's calls.
func defaultStrategy() TransposeStrategy { return Bands }

// each32 and each64 have no kernels in this build: ReduceRows runs
// Reduce per row.
func each32(ISA, Op, *float32, *float32, int, int, int, *[8]uint16) bool { return false }
func each64(ISA, Op, *float64, *float64, int, int, int, *[8]uint16) bool { return false }

// argShort32 and argShort64 are never called here: no level has vectors.
func argShort32(bool, *int, *float32, int, int, int, int) {
	panic("simd: no short-row arg kernel in this build")
}

func argShort64(bool, *int, *float64, int, int, int, int) {
	panic("simd: no short-row arg kernel in this build")
}

// arg32 and arg64 are never called here: no level has vectors.
func arg32(ISA, bool, *[4]*float32, int, *float32, *int32) {
	panic("simd: no arg kernel in this build")
}

func arg64(ISA, bool, *[4]*float64, int, *float64, *int64) {
	panic("simd: no arg kernel in this build")
}

// sortNetAsm is never called in this build: no level sets table.sortNet.
func sortNetAsm(r int, x unsafe.Pointer, n int, km unsafe.Pointer, size int) {
	panic("simd: internal error: no sorting-network kernel in this build")
}

// sortNetAsmAVX2 is never called in this build: no level sets
// table.sortNet32.
func sortNetAsmAVX2(r int, x *uint32, n int, km *[4][8]uint32) {
	panic("simd: internal error: no sorting-network kernel in this build")
}
