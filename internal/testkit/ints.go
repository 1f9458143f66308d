package testkit

import (
	"math"
	"slices"

	"github.com/tessera-go/tessera/internal/testint"
)

// Extremes are the integers hostile arguments are drawn from: small ones
// of both signs, the bounds of MaxRank, and values near the square root,
// the quarter, the half and the ends of the int range, which scale with
// the platform's int (see internal/testint). Fuzz corpora index it
// through [FuzzInt]: append to it, do not reorder it.
var Extremes = []int{
	0, 1, 2, 3, -1, -2, -3, 63, 64, 65, -64, -65, 200,
	testint.Half / 2, testint.Half, -testint.Half, testint.Huge, -testint.Huge,
	math.MaxInt / 2, math.MaxInt/2 + 1, math.MaxInt - 1, math.MaxInt,
	math.MinInt + 1, math.MinInt,
}

// FuzzInt decodes one byte of a fuzzer's input into a small value (most of
// the range: 0 to 6, or -6 to 6 when signed) or, from 200 up, one of
// [Extremes], so that a fuzzer reaches both valid layouts and the
// overflow boundaries.
func FuzzInt(b byte, signed bool) int {
	if b < 200 {
		if signed {
			return int(b%13) - 6
		}
		return int(b % 7)
	}
	return Extremes[int(b-200)%len(Extremes)]
}

// DecodeStrided reads the arguments of layout.Strided from the front of a
// fuzzer's input b and returns the rest: a rank from 0 to 8, then a
// dimension and a stride per axis, each a [FuzzInt], then an offset, a
// FuzzInt plus, when the next byte x is 128 or more, 3*(x-128), to reach
// the upper bounds of small buffers. Missing bytes read as 0.
func DecodeStrided(b []byte) (shape, strides []int, off int, rest []byte) {
	r := Bytes(b)
	next := r.Next
	rank := int(next() % 9)
	shape, strides = make([]int, rank), make([]int, rank)
	for i := range rank {
		shape[i] = FuzzInt(next(), false)
		strides[i] = FuzzInt(next(), true)
	}
	off = FuzzInt(next(), false)
	if x := next(); x >= 128 {
		off += int(x-128) * 3
	}
	return shape, strides, off, r
}

// Bytes is a fuzzer's input read from the front, a byte at a time.
type Bytes []byte

// Next returns the first byte of b and drops it, or 0 when b is empty:
// missing bytes read as 0.
func (b *Bytes) Next() byte {
	if len(*b) == 0 {
		return 0
	}
	x := (*b)[0]
	*b = (*b)[1:]
	return x
}

// HostileAxes returns axis lists for a receiver of rank r: empty, valid,
// repeated, out of range by one, extreme, and 200 long.
func HostileAxes(r int) [][]int {
	rev := Iota(r)
	slices.Reverse(rev)
	return [][]int{nil, {0}, {-1}, {0, 0}, {-1, -1}, {0, -r}, {r}, {-r - 1},
		{math.MaxInt}, {math.MinInt}, {math.MinInt + 1}, {64}, {-64},
		Iota(r), rev, append(Iota(r), 0), append(slices.Clone(rev), 0),
		Iota(200), make([]int, 200)}
}

// HostileShapes returns target shapes for Expand, Reshape and View of a
// receiver of the given shape and size: -1 in wrong places, negative,
// extreme and overflowing dimensions, ranks up to 200, and the shape itself
// with an axis added or one dimension replaced by -1 or math.MaxInt.
func HostileShapes(shape []int, size int) [][]int {
	out := [][]int{nil, {-1}, {-1, -1}, {0, -1}, {-1, 0}, {1, -1}, {-1, 1},
		{math.MinInt}, {math.MaxInt}, {math.MaxInt, math.MaxInt},
		{testint.Half, testint.Half}, {0, math.MaxInt, math.MaxInt},
		{size}, {1, size}, {size, 1, -1}, Ones(64), Ones(65), Ones(200),
		slices.Clone(shape), append([]int{3}, shape...), append([]int{0}, shape...),
		append([]int{math.MaxInt}, shape...), append([]int{-1}, shape...),
		append(slices.Clone(shape), 1)}
	for i := range shape {
		s := slices.Clone(shape)
		s[i] = -1
		out = append(out, s)
		s = slices.Clone(shape)
		s[i] = math.MaxInt
		out = append(out, s)
	}
	return out
}

// Ones returns n ones.
func Ones(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = 1
	}
	return s
}

// Iota returns 0, 1, …, n-1.
func Iota(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i
	}
	return s
}
