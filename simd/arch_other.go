//go:build !amd64 || purego

package simd

// archInit registers no assembly levels: only the Go twins are built.
func archInit() {}
