//go:build !race

package simd

// raceBuild is true in binaries built with -race (see race.go).
const raceBuild = false
