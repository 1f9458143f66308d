package ops_test

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tessera-go/tessera/internal/naive"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// FuzzTakeIndices feeds hostile index tensors to Take, TakeAlongAxis,
// PutAlongAxis and ScatterAdd: indices out of range either way, huge,
// math.MinInt, empty, on random views. Each call must not panic, and
// must succeed (Take with the result's shape) exactly when every index is
// in range, or fail with layout.ErrIndex (layout.ErrOverlap for a
// destination that reaches an element twice) and leave its destination
// as it was. TestTakeRandom and TestAlongAxisRandom check the values.
func FuzzTakeIndices(f *testing.F) {
	f.Add(uint64(1), []byte{2, 3, 1, 0, 5, 250})
	f.Add(uint64(2), []byte{1, 4, 0, 255, 254, 1, 2})
	f.Add(uint64(3), []byte{3, 0, 2})
	f.Fuzz(func(t *testing.T, seed uint64, b []byte) {
		next := func(n int) int {
			if len(b) == 0 {
				return 0
			}
			v := int(b[0]) % n
			b = b[1:]
			return v
		}
		rank := 1 + next(3)
		vs := make([]int, rank)
		for k := range vs {
			vs[k] = next(5)
		}
		ax := next(rank)
		n := vs[ax]
		hostile := func() int {
			switch next(8) {
			case 0:
				return math.MinInt
			case 1:
				return math.MaxInt
			case 2:
				return n
			case 3:
				return -n - 1
			}
			if n == 0 {
				return 0
			}
			return next(2*n) - n
		}
		r := rand.New(rand.NewPCG(seed, 52))
		v, _ := randomOperand(r, vs, func(r *rand.Rand) int16 { return int16(r.IntN(100)) })
		ni := next(4)
		idx := make([]int, ni)
		bad := false
		for i := range idx {
			idx[i] = hostile()
			bad = bad || idx[i] < -n || idx[i] >= n
		}
		it := tensor.Must(tensor.FromSlice(idx, ni))
		got, err := ops.Take(v, it, ax)
		if bad {
			if !errors.Is(err, layout.ErrIndex) {
				t.Fatalf("Take with a bad index: %v", err)
			}
		} else {
			if err != nil {
				t.Fatalf("Take: %v", err)
			}
			want := slices.Concat(vs[:ax], []int{ni}, vs[ax+1:])
			if !slices.Equal(want, got.Shape()) {
				t.Fatalf("Take: shape %v, want %v", got.Shape(), want)
			}
		}
		// Along the axis: indices of v's shape with ni along it.
		is := slices.Clone(vs)
		is[ax] = ni
		aidx := make([]int, naive.Size(is))
		bad = false
		for i := range aidx {
			aidx[i] = hostile()
			bad = bad || aidx[i] < -n || aidx[i] >= n
		}
		at := tensor.Must(tensor.FromSlice(aidx, is...))
		before := slices.Clone(values(v).Data)
		vals := tensor.Must(tensor.Full[int16](7, is...))
		for _, call := range []func() error{
			func() error { _, err := ops.TakeAlongAxis(v, at, ax); return err },
			func() error { return ops.PutAlongAxis(v, at, vals, ax) },
			func() error { return ops.ScatterAdd(v, at, vals, ax) },
		} {
			err := call()
			switch {
			case bad && !errors.Is(err, layout.ErrIndex) && !errors.Is(err, layout.ErrOverlap):
				t.Fatalf("a bad index along the axis: %v", err)
			case !bad && err != nil && !errors.Is(err, layout.ErrOverlap):
				t.Fatalf("along the axis: %v", err)
			}
			if err != nil && !slices.Equal(before, values(v).Data) {
				t.Fatalf("a failed call wrote its destination")
			}
		}
	})
}
