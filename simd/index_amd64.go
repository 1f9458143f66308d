//go:build amd64 && !purego

package simd

// index32 and index64 run the index kernel of level isa (AVX2 or AVX512)
// over n elements of x, n a multiple of the level's vector: they return
// the index of the first element equal to v, or n. v is not NaN.
func index32(isa ISA, x *float32, n int, v float32) int {
	if isa == AVX512 {
		return indexEq32AVX512(x, n, v)
	}
	return indexEq32AVX2(x, n, v)
}

func index64(isa ISA, x *float64, n int, v float64) int {
	if isa == AVX512 {
		return indexEq64AVX512(x, n, v)
	}
	return indexEq64AVX2(x, n, v)
}

//go:noescape
func indexEq32AVX2(x *float32, n int, v float32) int

//go:noescape
func indexEq32AVX512(x *float32, n int, v float32) int

//go:noescape
func indexEq64AVX2(x *float64, n int, v float64) int

//go:noescape
func indexEq64AVX512(x *float64, n int, v float64) int
