//go:build !amd64 || purego

package simd

// archInit registers no assembly levels: only the Go twins are built.
func archInit() {}

// fillVec is never called: no level registers a fill kernel here.
func fillVec(unit int, dst *byte, n int, pat *byte) {
	panic("simd: no assembly fill in this build")
}
