//go:build race

package simd

// raceBuild is true in binaries built with -race: the race detector cannot
// see the memory accesses of assembly, so the kernels run as their Go
// twins (Level is Generic) and every access of a copy is checked.
const raceBuild = true
