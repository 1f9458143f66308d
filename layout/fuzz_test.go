package layout_test

import (
	"math"
	"math/big"
	"testing"

	"github.com/tessera-go/tessera/internal/choose"
	"github.com/tessera-go/tessera/internal/testkit"
	"github.com/tessera-go/tessera/layout"
)

// stridedOK reports, with exact arithmetic, whether Strided must accept
// shape, strides and offset: equal lengths up to MaxRank, non-negative
// dimensions whose product (0 counted as 1) fits in an int, and reachable
// offsets in [0, math.MaxInt).
func stridedOK(shape, strides []int, off int) bool {
	if len(shape) != len(strides) || len(shape) > layout.MaxRank || off < 0 {
		return false
	}
	maxInt := big.NewInt(math.MaxInt)
	size := big.NewInt(1)
	lo, hi := big.NewInt(int64(off)), big.NewInt(int64(off))
	for i, d := range shape {
		if d < 0 {
			return false
		}
		size.Mul(size, big.NewInt(int64(max(d, 1))))
		if d > 1 {
			ext := new(big.Int).Mul(big.NewInt(int64(d-1)), big.NewInt(int64(strides[i])))
			if ext.Sign() < 0 {
				lo.Add(lo, ext)
			} else {
				hi.Add(hi, ext)
			}
		}
	}
	return size.Cmp(maxInt) <= 0 && lo.Sign() >= 0 && hi.Cmp(maxInt) < 0
}

// FuzzStrided checks Strided against exact arithmetic on arbitrary shapes,
// strides and offsets, then applies random transformations (Transpose,
// Permute, Flip, Squeeze, Unsqueeze, Slice, Select, Expand, Reshape) to
// what it accepts: none may panic, errors wrap a sentinel, results keep the
// invariants of Layout and reach only offsets inside the original span
// (Expand keeps it equal).
func FuzzStrided(f *testing.F) {
	for _, seed := range [][]byte{
		{},
		{0, 3},
		{2, 3, 4, 4, 1, 0, 0, 1, 2, 3, 4, 5, 6, 7},
		{2, 2, 5, 3, 6, 10, 0, 6, 0, 1},      // negative strides
		{3, 4, 6, 0, 8, 3, 7, 2, 5, 7, 7, 7}, // stride 0
		{1, 220, 7, 0, 0},                    // MaxInt/2 dimension
		{1, 2, 221, 0, 0, 0, 0},              // stride near MaxInt/2
		{1, 3, 222, 0, 255},                  // stride MaxInt-1
		{0, 223, 0},                          // rank 0 at MaxInt
		{2, 0, 223, 5, 222, 0, 0, 5, 5},      // empty with huge strides
		{8, 1, 1, 2, 1, 1, 1, 3, 1, 1, 1, 1, 1, 1, 1, 2, 1, 0, 0, 3, 1, 4, 1, 5, 9, 2, 6},
		{2, 3, 212, 2, 213, 0, 0}, // 1<<62 strides
		{1, 2, 214, 211, 0},       // negative huge stride and huge offset
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		shape, strides, off, rest := testkit.DecodeStrided(b)
		var l layout.Layout
		var err error
		testkit.NoPanic(t, func() { l, err = layout.Strided(shape, strides, off) })
		want := stridedOK(shape, strides, off)
		if err != nil {
			if want {
				t.Fatalf("Strided(%v, %v, %d): got %v; want a layout", shape, strides, off, err)
			}
			if problem := testkit.CheckError(err, "layout: Strided: ",
				layout.ErrRank, layout.ErrShape, layout.ErrBounds, layout.ErrOverflow); problem != nil {
				t.Fatalf("Strided(%v, %v, %d): %v", shape, strides, off, problem)
			}
			return
		}
		if !want {
			t.Fatalf("Strided(%v, %v, %d): got %v; want an error", shape, strides, off, l)
		}
		size := 1
		for _, d := range shape {
			size *= d
		}
		if l.Size() != size {
			t.Fatalf("got Size() %d; want %d for %v", l.Size(), size, l)
		}
		checkInvariants(t, l)
		lo, hi := l.Span()
		c := choose.NewBytes(rest)
		cur := l
		for range min(len(rest), 16) {
			cur = step(t, c, cur)
			if cur.Size() == 0 || l.Size() == 0 {
				continue
			}
			if clo, chi := cur.Span(); clo < lo || chi > hi {
				t.Fatalf("got span [%d,%d) of %v; want inside [%d,%d) of %v", clo, chi, cur, lo, hi, l)
			}
		}
	})
}
