package simd_test

import (
	"errors"
	"fmt"
	"math"
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

func ExampleTranspose_bytes() {
	// A 16×16 grayscale image, pixel (r, c) = 16r+c, transposed: 1-byte
	// elements run their own tiles (16×16 at the AVX2 and AVX512 levels).
	src := make([]uint8, 16*16)
	for i := range src {
		src[i] = uint8(i)
	}
	dst := make([]uint8, 16*16)
	if err := simd.Transpose(dst, 0, 16, src, 0, 16, 16, 16); err != nil {
		panic(err)
	}
	fmt.Println(dst[:16])   // column 0 of src
	fmt.Println(dst[16:20]) // column 1 begins
	// Output:
	// [0 16 32 48 64 80 96 112 128 144 160 176 192 208 224 240]
	// [1 17 33 49]
}

func ExampleTransposeMinRows() {
	// The pixels of a 2x4 image of three channels, channels last: each
	// row of src is a pixel's (r, g, b). dst gets the channels first:
	// three rows of 8 pixels, a transpose of 3 rows (the channels, read
	// with unit stride) by 8 columns (the pixels, 3 apart).
	src := []float32{
		1, 10, 100, 2, 20, 200, 3, 30, 300, 4, 40, 400,
		5, 50, 500, 6, 60, 600, 7, 70, 700, 8, 80, 800,
	}
	dst := make([]float32, 24)
	const rows, cols = 3, 8
	// The pixels lie rows elements apart in src. So few of them run as
	// strided runs at every level; 64 or more as a transpose.
	if rows >= simd.TransposeMinRows[float32](cols, rows) {
		if err := simd.Transpose(dst, 0, cols, src, 0, rows, rows, cols); err != nil {
			panic(err)
		}
	} else { // a strided run per channel
		for c := range rows {
			if err := simd.Strided(dst, c*cols, 1, src, c, rows, cols); err != nil {
				panic(err)
			}
		}
	}
	fmt.Println(dst[:8])
	fmt.Println(dst[8:16])
	fmt.Println(dst[16:])
	// Output:
	// [1 2 3 4 5 6 7 8]
	// [10 20 30 40 50 60 70 80]
	// [100 200 300 400 500 600 700 800]
}

func ExampleTransposeHot() {
	// A small transpose made on its own: an 8×8 float32 block, which
	// TransposeHot gives to the kernels fastest on data in L1.
	src := make([]float32, 64)
	for i := range src {
		src[i] = float32(i)
	}
	dst := make([]float32, 64)
	if err := simd.TransposeHot(dst, 0, 8, src, 0, 8, 8, 8); err != nil {
		panic(err)
	}
	fmt.Println(dst[:8])
	fmt.Println(dst[8:16])
	// Output:
	// [0 8 16 24 32 40 48 56]
	// [1 9 17 25 33 41 49 57]
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

func ExampleStrided_flip() {
	// A flipped run (source stride -1), NumPy's a[::-1]: float32 and
	// float64 runs of a line or more take the reversal kernels.
	src := make([]float32, 20)
	for i := range src {
		src[i] = float32(i)
	}
	dst := make([]float32, 20)
	if err := simd.Strided(dst, 0, 1, src, len(src)-1, -1, len(src)); err != nil {
		panic(err)
	}
	fmt.Println(dst)
	// Output: [19 18 17 16 15 14 13 12 11 10 9 8 7 6 5 4 3 2 1 0]
}

func ExampleStridedStream() {
	// Every other element of a large run, written around the caches.
	src := make([]float64, 1<<20)
	for i := range src {
		src[i] = float64(i)
	}
	dst := make([]float64, len(src)/2)
	if err := simd.StridedStream(dst, 0, 1, src, 0, 2, len(dst)); err != nil {
		panic(err)
	}
	fmt.Println(dst[:4], dst[len(dst)-1])
	// Output: [0 2 4 6] 1.048574e+06
}

func ExampleCopyRowsStream() {
	// Rows 2, 0 and 2 again of a [3,2048] matrix, gathered into a new
	// [3,2048] matrix around the caches.
	const n = 2048
	src := make([]float32, 3*n)
	for i := range src {
		src[i] = float32(i / n)
	}
	dst := make([]float32, 3*n)
	if err := simd.CopyRowsStream(dst, src, []int{0, n, 2 * n}, []int{2 * n, 0, 2 * n}, n); err != nil {
		panic(err)
	}
	fmt.Println(dst[0], dst[n-1], dst[n], dst[2*n-1], dst[2*n])
	// Output: 2 2 0 0 2
}

func ExampleBinary() {
	x := []float32{1, 2, 3, 4}
	y := []float32{10, 20, 30, 40}
	if err := simd.Binary(simd.Add, x, x, y); err != nil { // in place: x += y
		fmt.Println(err)
	}
	fmt.Println(x)
	err := simd.Binary(simd.Mul, x, x, y[:2]) // y is too short: nothing is written
	fmt.Println(err, errors.Is(err, simd.ErrRange))
	// Output:
	// [11 22 33 44]
	// simd: Binary: y has 2 elements, dst 4 true
}

func ExampleBinaryScalar() {
	x := []float64{1, math.NaN(), -3}
	d := make([]float64, 3)
	_ = simd.BinaryScalar(simd.Max, d, x, 0) // NaN propagates, as in NumPy's maximum
	fmt.Println(d)
	// Output: [1 NaN 0]
}

func ExampleScalarBinary() {
	y := []float32{1, 2, 4}
	d := make([]float32, 3)
	_ = simd.ScalarBinary(simd.Div, d, 1, y) // 1 / y
	fmt.Println(d)
	// Output: [1 0.5 0.25]
}

func ExampleConvert() {
	src := []float64{1.5, 1e300, math.NaN()}
	dst := make([]float32, 3)
	_ = simd.Convert(dst, src) // Go's conversion: 1e300 overflows to +Inf
	fmt.Println(dst)
	// Output: [1.5 +Inf NaN]
}

func ExampleConvertStream() {
	// Large destinations that will not be read soon can be written around
	// the caches; the result is Convert's.
	src := make([]float32, 1<<20)
	for i := range src {
		src[i] = float32(i) / 4
	}
	dst := make([]float64, len(src))
	_ = simd.ConvertStream(dst, src)
	fmt.Println(dst[0], dst[5], dst[len(dst)-1])
	// Output: 0 1.25 262143.75
}

func ExampleOp_String() {
	fmt.Println(simd.Max, simd.Add|simd.Stream)
	// Output: Max Add|Stream
}

// Reduce folds a run in a fixed lane order, the same at every level: a
// float32 sum of 2^24+1000 ones is exact, where a running sum stops at
// 2^24.
func ExampleReduce() {
	ones := make([]float32, 1<<24+1000)
	for i := range ones {
		ones[i] = 1
	}
	var running float32
	for _, x := range ones {
		running += x
	}
	sum, _ := simd.Reduce(simd.Add, ones)
	m, _ := simd.Reduce(simd.Max, []float64{3, 1, 4, 1, 5})
	fmt.Println(sum, running, m)
	// Output: 1.6778216e+07 1.6777216e+07 5
}

// Add|SkipNaN sums with each NaN read as 0, NumPy's nansum; a NaN that
// the other elements make (Inf - Inf) stays. In FoldRows only the rows are
// read so, not init.
func ExampleSkipNaN() {
	nan, inf := float32(math.NaN()), float32(math.Inf(1))
	s, _ := simd.Reduce(simd.Add|simd.SkipNaN, []float32{1, nan, 2, nan})
	t, _ := simd.Reduce(simd.Add|simd.SkipNaN, []float32{inf, nan, -inf})
	cols := make([]float32, 2)
	_ = simd.FoldRows(simd.Add|simd.SkipNaN, cols, []float32{0, 0}, []float32{1, nan, nan, 4}, 0, 2, 2)
	fmt.Println(s, t, cols)
	// Output: 3 NaN [1 4]
}

// FoldRows sums the columns of a row-major matrix: the rows combined into
// one, element by element, starting from a row of zeros (or from the
// first row, as here, then the others).
func ExampleFoldRows() {
	m := []float64{ // 3 rows of 4
		1, 2, 3, 4,
		10, 20, 30, 40,
		100, 200, 300, 400,
	}
	sums := make([]float64, 4)
	_ = simd.FoldRows(simd.Add, sums, m[:4], m, 4, 4, 2)
	maxima := make([]float64, 4)
	_ = simd.FoldRows(simd.Max, maxima, m[8:], m, 4, -4, 2) // rows 1 and 0
	fmt.Println(sums, maxima)
	// Output: [111 222 333 444] [100 200 300 400]
}

// ReduceRows sums each row of a matrix; a negative stride walks the rows
// backwards (here the maxima of rows 2 and 1). Each result is what Reduce
// gives its row.
func ExampleReduceRows() {
	m := []float32{ // 3 rows of 4
		1, 2, 3, 4,
		10, 20, 30, 40,
		100, 200, 300, 400,
	}
	sums := make([]float32, 3)
	_ = simd.ReduceRows(simd.Add, sums, m, 0, 4, 4)
	last := make([]float32, 2)
	_ = simd.ReduceRows(simd.Max, last, m, 8, -4, 4) // rows 2 and 1
	fmt.Println(sums, last)
	// Output: [10 100 1000] [400 40]
}

// ArgRows finds the index of each row's extreme in one pass: the first
// of equal ones, or the first NaN.
func ExampleArgRows() {
	m := []float64{ // 3 rows of 4
		1, 7, 3, 7,
		-2, -9, -9, 0,
		5, math.NaN(), 8, math.NaN(),
	}
	hi := make([]int, 3)
	_ = simd.ArgRows(simd.Max, hi, m, 0, 4, 4)
	lo := make([]int, 2)
	_ = simd.ArgRows(simd.Min, lo, m, 4, -4, 4) // rows 1 and 0
	fmt.Println(hi, lo)
	// Output: [1 3 1] [1 0]
}

// Index finds the first element equal to a value (-0 equals +0), or the
// first NaN: with Reduce, the index of a maximum.
func ExampleIndex() {
	x := []float32{3, 9, 1, 9, float32(math.NaN()), 2}
	m, _ := simd.Reduce(simd.Max, x[:4])
	fmt.Println(m, simd.Index(x, m), simd.Index(x, float32(math.NaN())), simd.Index(x, 5))
	// Output: 9 1 4 -1
}

// SetTransposeStrategy overrides the order the streaming transpose walks
// its tiles in (the machine's default comes from the CPU vendor); the
// results are the same either way.
func ExampleSetTransposeStrategy() {
	prev, _ := simd.SetTransposeStrategy(simd.Bands)
	fmt.Println(simd.ActiveTransposeStrategy())
	_, err := simd.SetTransposeStrategy(9)
	fmt.Println(errors.Is(err, simd.ErrArg))
	_, _ = simd.SetTransposeStrategy(prev)
	// Output:
	// bands
	// true
}

func ExampleCompress() {
	x := []float32{1, 2, 3, 4, 5, 6}
	mask := []bool{true, false, true, true, false, true}
	dst := make([]float32, 4)
	n, _ := simd.Compress(dst, x, mask)
	fmt.Println(n, dst)
	// Output: 4 [1 3 4 6]
}

func ExampleSelect() {
	mask := []bool{true, false, true}
	dst := make([]int32, 3)
	_ = simd.Select(dst, mask, []int32{1, 2, 3}, []int32{-1, -2, -3})
	fmt.Println(dst)
	// Output: [1 -2 3]
}

func ExampleClip() {
	x := []float64{-3, 0.5, 7, math.NaN()}
	_ = simd.Clip(x, x, 0, 1) // in place; NaN stays NaN
	fmt.Println(x)
	// Output: [0 0.5 1 NaN]
}

func ExampleBitwise() {
	// On the bytes of masks (0 or 1) the bitwise operations are the
	// logical ones.
	and, or := make([]byte, 4), make([]byte, 4)
	x, y := []byte{1, 1, 0, 0}, []byte{1, 0, 1, 0}
	_ = simd.Bitwise(simd.And, and, x, y)
	_ = simd.Bitwise(simd.Or, or, x, y)
	fmt.Println(and, or)
	// Output: [1 0 0 0] [1 1 1 0]
}

func ExampleReplaceNaN() {
	x := []float32{1, float32(math.NaN()), 3}
	_ = simd.ReplaceNaN(x, x, 0)
	fmt.Println(x)
	// Output: [1 0 3]
}

func ExampleCopyStream() {
	// One row of many into a large result that is not read again soon.
	dst := make([]float64, 4)
	n := simd.CopyStream(dst, []float64{1, 2, 3, 4, 5})
	fmt.Println(n, dst)
	// Output: 4 [1 2 3 4]
}

func ExampleSortNetwork() {
	// float32 bit patterns sorted as floats: the map of internal/sorts
	// for floats (negative ones complemented, the sign bit set on the
	// others, NaN of either sign last).
	x := []float32{2.5, -1, float32(math.NaN()), 0, -7.25, 3}
	bits := make([]uint32, len(x))
	for i, f := range x {
		bits[i] = math.Float32bits(f)
	}
	km := simd.KeyMap[uint32]{A: 1<<31 - 1, B: 1 << 31, M: 1<<23 - 1}
	if err := simd.SortNetwork(bits, km); err != nil {
		panic(err)
	}
	for i, b := range bits {
		x[i] = math.Float32frombits(b)
	}
	fmt.Println(x)
	// Output: [-7.25 -1 0 2.5 3 NaN]
}
