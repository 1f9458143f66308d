package layout

import (
	"math"
	"math/big"
	"math/bits"
	"testing"
)

// TestMul checks mul against exact arithmetic around the bounds of its fast
// path (|a|, |b| < h) and of int, whatever int's size.
func TestMul(t *testing.T) {
	const h = 1 << (bits.UintSize/2 - 1)
	root := int(math.Sqrt(float64(math.MaxInt))) // the largest n with n*n <= MaxInt
	edges := []int{0, 1, -1, 2, -2, 3, h - 1, h, -h, -h - 1, 2*h - 1, 2 * h, -2 * h,
		root, root + 1, -root - 1, math.MaxInt / 2, math.MaxInt, math.MinInt, math.MinInt + 1}
	for _, a := range edges {
		for _, b := range edges {
			exact := new(big.Int).Mul(big.NewInt(int64(a)), big.NewInt(int64(b)))
			wantOK := exact.IsInt64() && exact.Int64() >= math.MinInt && exact.Int64() <= math.MaxInt
			got, ok := mul(a, b)
			if ok != wantOK || (ok && int64(got) != exact.Int64()) {
				t.Errorf("mul(%d, %d) = %d, %v; want %v, %v", a, b, got, ok, exact, wantOK)
			}
		}
	}
}
