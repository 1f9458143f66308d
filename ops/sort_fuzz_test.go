package ops_test

import (
	"encoding/binary"
	"math"
	"slices"
	"testing"

	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// FuzzSort sorts float32 values of any bit pattern (NaN of every sign and
// payload, ±0, ±Inf, subnormals), laid out as a [rows, n] matrix from the
// fuzzer's bytes, along either axis, both orders: Sort must give each
// lane in valueOrder (reversed, descending), bit for bit, and ArgSort
// the stable order of sortCompare.
func FuzzSort(f *testing.F) {
	f.Add(uint8(1), []byte{0, 0, 192, 127, 0, 0, 0, 128, 0, 0, 128, 255, 1, 0, 0, 0})
	f.Add(uint8(3), []byte{0, 0, 128, 63, 0, 0, 192, 255, 0, 0, 0, 0, 0, 0, 128, 63, 0, 0, 0, 128, 0, 0, 128, 127})
	f.Fuzz(func(t *testing.T, rows uint8, b []byte) {
		x := make([]float32, len(b)/4)
		for i := range x {
			x[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
		}
		r := max(1, int(rows)%8)
		n := len(x) / r
		x = x[:r*n]
		m := tensor.Must(tensor.FromSlice(x, r, n))
		for axis := range 2 {
			for _, desc := range []bool{false, true} {
				sorted, args := ops.Sort[float32, tensor.Tensor[float32]], ops.ArgSort[float32, tensor.Tensor[float32]]
				if desc {
					sorted, args = ops.SortDescending[float32, tensor.Tensor[float32]], ops.ArgSortDescending[float32, tensor.Tensor[float32]]
				}
				got, err := sorted(m, axis)
				if err != nil {
					t.Fatal(err)
				}
				idx, err := args(m, axis)
				if err != nil {
					t.Fatal(err)
				}
				want, _ := lanes(values(m.View()), axis)
				gv, _ := lanes(values(got.View()), axis)
				gi, _ := lanes(values(idx.View()), axis)
				for l, lane := range want {
					w := slices.Clone(lane)
					slices.SortFunc(w, func(a, b float32) int {
						if desc {
							return valueOrder(b, a)
						}
						return valueOrder(a, b)
					})
					for j := range w {
						if math.Float32bits(w[j]) != math.Float32bits(gv[l][j]) {
							t.Fatalf("axis %d desc %v lane %d: got %v, want %v", axis, desc, l, gv[l], w)
						}
					}
					order := make([]int, len(lane))
					for j := range order {
						order[j] = j
					}
					slices.SortStableFunc(order, func(a, b int) int {
						if desc {
							return sortCompare(lane[b], lane[a])
						}
						return sortCompare(lane[a], lane[b])
					})
					if !slices.Equal(order, gi[l]) {
						t.Fatalf("axis %d desc %v lane %d: indices %v, want %v", axis, desc, l, gi[l], order)
					}
				}
			}
		}
	})
}
