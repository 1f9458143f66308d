//go:build amd64 && !purego

package simd

// The index kernels of the AVX2 and AVX512 levels (table.idx32,
// table.idx64).

//go:noescape
func indexEq32AVX2(x *float32, n int, v float32) int

//go:noescape
func indexEq32AVX512(x *float32, n int, v float32) int

//go:noescape
func indexEq64AVX2(x *float64, n int, v float64) int

//go:noescape
func indexEq64AVX512(x *float64, n int, v float64) int
