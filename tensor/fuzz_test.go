package tensor_test

import (
	"math/big"
	"slices"
	"testing"

	"github.com/tessera-go/tessera/internal/choose"
	"github.com/tessera-go/tessera/internal/naive"
	"github.com/tessera-go/tessera/internal/testkit"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/tensor"
)

// FuzzNewView builds arbitrary layouts over buffers of 0 to 64 elements.
// NewView must refuse exactly the layouts that reach past the buffer
// (computed with exact arithmetic), with ErrBounds; every element of an
// accepted view must be readable with At, and Values, Contiguous, Clone and
// CopyTo must match the reference gather; the buffer must not change.
func FuzzNewView(f *testing.F) {
	// Each seed is n, then testkit.DecodeStrided's bytes: the rank, a
	// dimension and a stride byte per axis (a stride byte s < 13 stands for
	// s-6; from 200 up, any byte b for testkit.Extremes[b-200]), and the
	// offset.
	for _, seed := range [][]byte{
		{},
		{12, 0},
		{12, 2, 3, 10, 4, 7, 0},         // contiguous [3 4]
		{12, 2, 3, 9, 4, 7, 0},          // rows that overlap: strides [3 1]
		{12, 2, 3, 2, 4, 5, 2, 131},     // strides [-4 -1] from offset 11
		{6, 2, 5, 6, 2, 7, 5, 0},        // one past: offsets 5 and 6 of 6
		{20, 1, 0, 6, 0, 152},           // empty with a far offset, 72
		{1, 0, 0},                       // rank 0 in a 1-element buffer
		{1, 0, 1},                       // rank 0 one past
		{64, 1, 221, 6, 0, 0},           // MaxInt elements of stride 0
		{64, 2, 2, 220, 1, 6, 0, 0},     // stride MaxInt-1
		{64, 1, 2, 217, 216, 0},         // stride -Huge from offset Huge
		{64, 3, 1, 223, 2, 11, 3, 8, 0}, // size-1 axis with MinInt stride
		{64, 3, 1, 213, 2, 11, 3, 8, 0}, // size-1 axis with stride Half/2
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		n := 0
		if len(b) > 0 {
			n, b = int(b[0])%65, b[1:]
		}
		shape, strides, off, _ := testkit.DecodeStrided(b)
		rank := len(shape)
		l, err := layout.Strided(shape, strides, off)
		if err != nil {
			return // FuzzStrided covers Strided
		}
		data := testkit.Seq(n)
		var v tensor.View[float64]
		testkit.NoPanic(t, func() { v, err = tensor.NewView(data, l) })

		// Exact: the highest reachable offset of a non-empty layout.
		empty := false
		hi := big.NewInt(int64(off))
		for k, d := range shape {
			empty = empty || d == 0
			if d > 1 && strides[k] > 0 {
				hi.Add(hi, new(big.Int).Mul(big.NewInt(int64(d-1)), big.NewInt(int64(strides[k]))))
			}
		}
		fits := empty || hi.Cmp(big.NewInt(int64(n))) < 0
		if err != nil {
			if fits {
				t.Fatalf("NewView(len %d, %v): got %v; want a view", n, l, err)
			}
			if problem := testkit.CheckError(err, "tensor: NewView: ", layout.ErrBounds); problem != nil {
				t.Fatalf("NewView(len %d, %v): %v", n, l, problem)
			}
			return
		}
		if !fits {
			t.Fatalf("NewView(len %d, %v): got a view; want ErrBounds", n, l)
		}
		size := v.Size()
		if size > 4096 {
			// Broadcast views can be huge; read their corners only.
			idx := make([]int, rank)
			for k := range idx {
				idx[k] = shape[k] - 1
			}
			testkit.NoPanic(t, func() { _, _ = v.At(idx...), v.At(make([]int, rank)...) })
			return
		}
		want := naive.Gather(data, shape, strides, off)
		testkit.NoPanic(t, func() {
			got := make([]float64, size)
			for i := range size {
				got[i] = v.At(naive.Unravel(shape, i)...)
			}
			out := make([]float64, size)
			if err := v.CopyTo(out); err != nil {
				t.Fatalf("CopyTo: %v", err)
			}
			for name, g := range map[string][]float64{
				"At": got, "Values": slices.Collect(v.Values()), "Contiguous": v.Contiguous().Data(),
				"Clone": v.Clone().Data(), "CopyTo": out,
			} {
				if !slices.Equal(g, want) {
					t.Fatalf("%s of %v over %d elements: got %v; want %v", name, l, n, g, want)
				}
			}
		})
		if !slices.Equal(data, testkit.Seq(n)) {
			t.Fatalf("reading changed the buffer: got %v", data)
		}
	})
}

// FuzzCopyFrom copies between a destination and a source laid out over one
// shared buffer of 1 to 48 elements, both decoded from the input, the
// source sometimes broadcast and sometimes of a shape that does not
// broadcast. CopyFrom must either fail with ErrShape or ErrOverlap and
// leave the buffer unchanged, or give the result of copying from a
// snapshot of the source.
func FuzzCopyFrom(f *testing.F) {
	for _, seed := range [][]byte{
		{},
		{16, 2, 4, 4, 0, 5, 2, 0, 3},
		{10, 1, 9, 6, 0, 0, 2, 2},
		{25, 2, 5, 5, 9, 5, 0, 2, 2, 5, 1},
		{12, 2, 3, 4, 8, 5, 0, 0, 0, 1, 4, 1},
		{12, 2, 3, 3, 5, 5, 0, 3},
		{40, 3, 2, 3, 4, 7, 2, 5, 1, 1, 2, 3, 4, 5, 6},
		{8, 1, 4, 1, 2, 1, 0, 4, 0, 3},
		{48, 4, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16},
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		c := choose.NewBytes(b)
		checkCopyFrom(t, c, 1+c.Intn(48))
	})
}
