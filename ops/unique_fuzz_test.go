package ops_test

import (
	"encoding/binary"
	"math"
	"testing"

	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// FuzzUnique runs UniqueAll on float32 values of any bit pattern and on
// int16 values (the table of counts where their range is small) from the
// fuzzer's bytes, and checks its results against each other and against
// SearchSorted: the values ascend strictly in Sort's order with -0 equal
// to +0 and NaNs equal; each is the first element of its class in the
// input, at its first index; the counts add up; each element is its
// value at the inverse; and SearchSorted finds each element at its
// inverse from the left, one further from the right.
func FuzzUnique(f *testing.F) {
	f.Add([]byte{0, 0, 192, 127, 0, 0, 0, 128, 0, 0, 0, 0, 1, 0, 192, 255, 0, 0, 192, 127})
	f.Add([]byte{1, 0, 1, 0, 255, 255, 0, 128, 255, 127, 3, 0})
	f.Fuzz(func(t *testing.T, b []byte) {
		x := make([]float32, len(b)/4)
		for i := range x {
			x[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
		}
		checkUniqueFuzz(t, x)
		y := make([]int16, len(b)/2)
		for i := range y {
			y[i] = int16(binary.LittleEndian.Uint16(b[2*i:]))
		}
		checkUniqueFuzz(t, y)
	})
}

func checkUniqueFuzz[T tensor.Real](t *testing.T, x []T) {
	t.Helper()
	v := tensor.Must(tensor.FromSlice(x, len(x)))
	r, err := ops.UniqueAll(v)
	if err != nil {
		t.Fatal(err)
	}
	u, first, inv, counts := r.Values.Data(), r.Indices.Data(), r.Inverse.Data(), r.Counts.Data()
	total := 0
	for j, e := range u {
		if j > 0 && sortCompare(u[j-1], e) >= 0 {
			t.Fatalf("%T values not ascending at %d: %v", e, j, u)
		}
		f := first[j]
		if !sameSorted(x[f], e) {
			t.Fatalf("%T value %d is %v, its first element %v", e, j, e, x[f])
		}
		for _, a := range x[:f] {
			if sortCompare(a, e) == 0 {
				t.Fatalf("%T value %d: an equal element before its first index %d", e, j, f)
			}
		}
		total += counts[j]
	}
	if total != len(x) {
		t.Fatalf("%T counts add up to %d of %d", *new(T), total, len(x))
	}
	left, err := ops.SearchSorted(r.Values, v, ops.SideLeft)
	if err != nil {
		t.Fatal(err)
	}
	right, err := ops.SearchSorted(r.Values, v, ops.SideRight)
	if err != nil {
		t.Fatal(err)
	}
	for i, a := range x {
		if k := inv[i]; sortCompare(u[k], a) != 0 || left.Data()[i] != k || right.Data()[i] != k+1 {
			t.Fatalf("%T element %d (%v): inverse %d (%v), SearchSorted %d and %d", a, i, a, k, u[k], left.Data()[i], right.Data()[i])
		}
	}
}
