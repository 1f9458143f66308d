package simd_test

import (
	"errors"
	"fmt"
	"slices"

	"github.com/tessera-go/tessera/simd"
)

func ExampleLevel() {
	// The level depends on the CPU and on TESSERA_SIMD; it is always one of
	// the supported levels, and Generic is always supported.
	fmt.Println(slices.Contains(simd.Supported(), simd.Level()))
	fmt.Println(simd.Supported()[0])
	// Output:
	// true
	// generic
}

func ExampleCopy() {
	s := []int{1, 2, 3, 4, 5}
	n := simd.Copy(s[1:], s) // overlapping, like the builtin copy
	fmt.Println(n, s)
	// Output: 4 [1 1 2 3 4]
}

func ExampleTranspose() {
	// src is a 2×3 row-major matrix (leading dimension 3); dst receives its
	// 3×2 transpose (leading dimension 2).
	src := []float32{
		1, 2, 3,
		4, 5, 6,
	}
	dst := make([]float32, 6)
	if err := simd.Transpose(dst, 0, 2, src, 0, 3, 3, 2); err != nil {
		panic(err)
	}
	fmt.Println(dst)

	err := simd.Transpose(dst, 0, 2, src, 0, 3, 3, 3) // cols 3: one row too many
	fmt.Println(errors.Is(err, simd.ErrRange), err)
	// Output:
	// [1 4 2 5 3 6]
	// true simd: Transpose: dst index 6 out of range [0,6)
}

func ExampleStrided() {
	// Gather every second element, backwards.
	src := []int{0, 10, 20, 30, 40, 50}
	dst := make([]int, 3)
	if err := simd.Strided(dst, 0, 1, src, 5, -2, 3); err != nil {
		panic(err)
	}
	fmt.Println(dst)
	// Output: [50 30 10]
}
