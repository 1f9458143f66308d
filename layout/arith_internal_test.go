package layout

import (
	"math"
	"math/big"
	"testing"
)

// TestMul checks mul against exact arithmetic around the bounds of its fast
// path (|a|, |b| < 2^31) and of int.
func TestMul(t *testing.T) {
	edges := []int{0, 1, -1, 2, -2, 3, 1<<31 - 1, 1 << 31, -(1 << 31), -(1<<31 + 1), 1<<32 - 1, 1 << 32,
		3037000499, 3037000500, -3037000500, 1 << 62, math.MaxInt, math.MinInt, math.MinInt + 1}
	for _, a := range edges {
		for _, b := range edges {
			exact := new(big.Int).Mul(big.NewInt(int64(a)), big.NewInt(int64(b)))
			wantOK := exact.IsInt64()
			got, ok := mul(a, b)
			if ok != wantOK || (ok && int64(got) != exact.Int64()) {
				t.Errorf("mul(%d, %d) = %d, %v; want %v, %v", a, b, got, ok, exact, wantOK)
			}
		}
	}
}
