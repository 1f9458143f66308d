package ops_test

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"

	"github.com/tessera-go/tessera/internal/naive"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// sortCompare is the order the sorts promise: numeric, -0 equal to +0,
// every NaN equal to every other and after everything else.
func sortCompare[T tensor.Real](a, b T) int {
	an, bn := a != a, b != b
	switch {
	case an && bn:
		return 0
	case an:
		return 1
	case bn:
		return -1
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// valueOrder is Sort's order of distinct bit patterns, a total order:
// sortCompare, then -0 before +0, and of two NaN the one with the sign
// bit clear first; positive NaN by ascending payload, negative ones by
// descending payload (their keys are complemented, as negative numbers').
func valueOrder[T tensor.Real](a, b T) int {
	if c := sortCompare(a, b); c != 0 {
		return c
	}
	ab, bb := floatBits(a), floatBits(b)
	if ab == bb {
		return 0
	}
	var top uint64 = 1 << 63
	if unsafe.Sizeof(a) == 4 {
		top = 1 << 31
	}
	if a != a { // both NaN: the sign bit clear first, then the payload
		if (ab^bb)&top != 0 {
			if ab&top == 0 {
				return -1
			}
			return 1
		}
		less := ab&^top < bb&^top
		if ab&top != 0 {
			less = !less
		}
		if less {
			return -1
		}
		return 1
	}
	if ab&top != 0 { // a is -0, b +0
		return -1
	}
	return 1
}

// sameSorted reports whether a and b are the same element, bit for bit
// where they are NaN or zeros.
func sameSorted[T tensor.Real](a, b T) bool {
	if a != a || b != b || a == 0 && b == 0 {
		return floatBits(a) == floatBits(b)
	}
	return a == b
}

// floatBits returns the bits of a float, 0 for an integer.
func floatBits[T tensor.Real](x T) uint64 {
	switch v := any(x).(type) {
	case float32:
		return uint64(math.Float32bits(v))
	case float64:
		return math.Float64bits(v)
	case celsius:
		return uint64(math.Float32bits(float32(v)))
	}
	return 0
}

type celsius float32

// sortValue draws an element for the sort tests: many ties, and for
// floats ±0, ±Inf and NaN of both signs and two payloads.
func sortValue[T tensor.Real](r *rand.Rand) T {
	var zero T
	if one := T(1); one/(one+one) == 0 { // an integer type
		switch r.IntN(4) {
		case 0:
			return T(r.IntN(5)) - 2 + zero
		case 1:
			u := uint64(1) << (8*unsafe.Sizeof(zero) - 1) // the most negative signed value, or the top bit
			if r.IntN(2) == 0 {
				u-- // the largest signed value
			}
			return T(u)
		}
		return T(r.Uint64())
	}
	switch r.IntN(8) {
	case 0:
		specials := []float64{math.Copysign(0, -1), 0, math.Inf(1), math.Inf(-1), math.NaN()}
		return T(specials[r.IntN(len(specials))])
	case 1: // a NaN with the sign bit set, or another payload
		if unsafe.Sizeof(zero) == 4 {
			b := uint32(0x7fc00001)
			if r.IntN(2) == 0 {
				b |= 1 << 31
			}
			f := math.Float32frombits(b)
			return *(*T)(unsafe.Pointer(&f))
		}
		b := uint64(0x7ff8000000000002)
		if r.IntN(2) == 0 {
			b |= 1 << 63
		}
		f := math.Float64frombits(b)
		return *(*T)(unsafe.Pointer(&f))
	case 2:
		return T(r.IntN(5) - 2)
	}
	return T(r.NormFloat64() * 100)
}

// lanes returns the lanes of the naive array a along axis: for each index
// of the other axes in row-major order, the lane's elements and their
// positions in a.Data.
func lanes[T any](a naive.Array[T], axis int) (vals [][]T, pos [][]int) {
	n := a.Shape[axis]
	other := slices.Clone(a.Shape)
	other[axis] = 1
	for _, idx := range naive.Indices(other) {
		var lv []T
		var lp []int
		for j := range n {
			idx[axis] = j
			p := naive.Ravel(a.Shape, idx)
			lv, lp = append(lv, a.Data[p]), append(lp, p)
		}
		vals, pos = append(vals, lv), append(pos, lp)
	}
	return vals, pos
}

// checkSortRandom sorts random views of every rank up to 4 along every
// axis, both orders, against the naive reference: each lane sorted by
// valueOrder (reversed, descending), bit for bit, and ArgSort's lanes the
// stable order of sortCompare; also into random destinations.
func checkSortRandom[T tensor.Real](t *testing.T, r *rand.Rand) {
	t.Helper()
	for iter := range 60 {
		rank := 1 + r.IntN(4)
		shape := make([]int, rank)
		for k := range shape {
			shape[k] = 1 + r.IntN(6)
			if r.IntN(6) == 0 {
				shape[k] = 30 + r.IntN(60) // past the insertion sort
			}
			if r.IntN(30) == 0 {
				shape[k] = 0
			}
		}
		for naive.Size(shape) > 3000 { // the reference reads by At
			shape[r.IntN(rank)] /= 2
		}
		v, nv := randomOperand(r, shape, sortValue[T])
		axis := r.IntN(rank)
		if r.IntN(3) == 0 {
			axis -= rank // negative
		}
		a := (axis + rank) % rank
		for _, desc := range []bool{false, true} {
			sorted, args := ops.Sort[T, tensor.View[T]], ops.ArgSort[T, tensor.View[T]]
			if desc {
				sorted, args = ops.SortDescending[T, tensor.View[T]], ops.ArgSortDescending[T, tensor.View[T]]
			}
			got, err := sorted(v, axis)
			require.NoError(t, err)
			require.Equal(t, shape, got.Shape())
			idx, err := args(v, axis)
			require.NoError(t, err)
			gv, gi := values(got.View()), values(idx.View())
			wantVals, _ := lanes(nv, a)
			gotVals, pos := lanes(gv, a)
			gotIdx, _ := lanes(gi, a)
			for l, lane := range wantVals {
				want := slices.Clone(lane)
				slices.SortFunc(want, func(x, y T) int {
					if desc {
						return valueOrder(y, x)
					}
					return valueOrder(x, y)
				})
				for j := range want {
					require.True(t, sameSorted(want[j], gotVals[l][j]),
						"%T iteration %d %v axis %d desc %v lane %d: got %v, want %v", v, iter, v.Layout(), axis, desc, l, gotVals[l], want)
				}
				order := make([]int, len(lane))
				for j := range order {
					order[j] = j
				}
				slices.SortStableFunc(order, func(x, y int) int {
					if desc {
						return sortCompare(lane[y], lane[x])
					}
					return sortCompare(lane[x], lane[y])
				})
				require.True(t, slices.Equal(order, gotIdx[l]), "%T iteration %d %v axis %d desc %v lane %d: got %v, want %v", v, iter, v.Layout(), axis, desc, l, gotIdx[l], order)
				_ = pos
			}
			// Into random destinations: the same results.
			dst := randomDst(r, shape, T(7))
			into := ops.SortInto[T, tensor.View[T], tensor.View[T]]
			if desc {
				into = ops.SortDescendingInto[T, tensor.View[T], tensor.View[T]]
			}
			require.NoError(t, into(dst, v, axis))
			for i, x := range values(dst).Data {
				require.True(t, sameSorted(x, gv.Data[i]), "%T SortInto element %d", v, i)
			}
			idst := randomDst(r, shape, -1)
			iinto := ops.ArgSortInto[T, tensor.View[int], tensor.View[T]]
			if desc {
				iinto = ops.ArgSortDescendingInto[T, tensor.View[int], tensor.View[T]]
			}
			require.NoError(t, iinto(idst, v, axis))
			require.Equal(t, gi.Data, values(idst).Data, "%T ArgSortInto", v)
		}
	}
}

// TestSortRandom runs checkSortRandom for every real type.
func TestSortRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(53, 1))
	checkSortRandom[float32](t, r)
	checkSortRandom[float64](t, r)
	checkSortRandom[celsius](t, r)
	checkSortRandom[int8](t, r)
	checkSortRandom[uint8](t, r)
	checkSortRandom[int16](t, r)
	checkSortRandom[uint16](t, r)
	checkSortRandom[int32](t, r)
	checkSortRandom[uint32](t, r)
	checkSortRandom[int64](t, r)
	checkSortRandom[uint64](t, r)
	checkSortRandom[int](t, r)
	checkSortRandom[uint](t, r)
	checkSortRandom[uintptr](t, r)
}

// TestSortLong sorts lanes long enough for every radix pass, contiguous
// and down the columns, against slices.SortStableFunc.
func TestSortLong(t *testing.T) {
	r := rand.New(rand.NewPCG(53, 2))
	for _, shape := range [][]int{{100000}, {3, 20000}, {5000, 7}} {
		x := tensor.Must(tensor.New[float64](shape...))
		for i := range x.Data() {
			x.Data()[i] = sortValue[float64](r)
		}
		for axis := range shape {
			got, err := ops.Sort(x, axis)
			require.NoError(t, err)
			idx, err := ops.ArgSort(x, axis)
			require.NoError(t, err)
			wantVals, _ := lanes(values(x.View()), axis)
			gotVals, _ := lanes(values(got.View()), axis)
			gotIdx, _ := lanes(values(idx.View()), axis)
			for l, lane := range wantVals {
				order := make([]int, len(lane))
				for j := range order {
					order[j] = j
				}
				slices.SortStableFunc(order, func(a, b int) int { return sortCompare(lane[a], lane[b]) })
				require.Equal(t, order, gotIdx[l], "%v axis %d lane %d", shape, axis, l)
				for j, o := range order {
					require.Equal(t, 0, sortCompare(lane[o], gotVals[l][j]), "%v axis %d lane %d element %d", shape, axis, l, j)
				}
			}
		}
	}
}

// TestSortInPlace sorts a view into itself, and a matrix into its own
// transpose (which shares its memory: the input is read from a copy).
func TestSortInPlace(t *testing.T) {
	x := tensor.Must(tensor.FromSlice([]float32{3, 1, 2, 9, 8, 7}, 2, 3))
	require.NoError(t, ops.SortInto(x, x, 1))
	require.Equal(t, []float32{1, 2, 3, 7, 8, 9}, x.Data())
	sq := tensor.Must(tensor.FromSlice([]int{4, 3, 2, 1}, 2, 2))
	require.NoError(t, ops.SortDescendingInto(tensor.Must(sq.Transpose(0, 1)), sq, 1))
	// sq was [[4 3] [2 1]]: its rows sorted descending are [[4 3] [2 1]],
	// written into the transpose: sq becomes [[4 2] [3 1]].
	require.Equal(t, []int{4, 2, 3, 1}, sq.Data())
	idx := tensor.Must(tensor.FromSlice([]int{5, 1, 4}))
	require.NoError(t, ops.ArgSortInto(idx, idx, 0))
	require.Equal(t, []int{1, 2, 0}, idx.Data())
	// The indices of each row written down the columns of the input
	// itself: every row is read before any is written.
	// 400 lanes of 400: more than one batch.
	m := tensor.Must(tensor.New[int](400, 400))
	for i := range m.Data() {
		m.Data()[i] = (i * 7919) % 1000
	}
	want, err := ops.ArgSort(m.View().Clone(), 1)
	require.NoError(t, err)
	require.NoError(t, ops.ArgSortInto(tensor.Must(m.Transpose(0, 1)), m, 1))
	require.Equal(t, want.Data(), tensor.Must(m.Transpose(0, 1)).Clone().Data())
}

// TestSortErrors: a bad axis, a rank-0 input, a destination of another
// shape or that overlaps itself: errors that name the op and the values,
// wrap the sentinel, and write nothing.
func TestSortErrors(t *testing.T) {
	x := tensor.Must(tensor.FromSlice([]float64{3, 1, 2, 0, 5, 4}, 2, 3))
	_, err := ops.Sort(x, 2)
	require.ErrorIs(t, err, layout.ErrAxis)
	require.ErrorContains(t, err, "ops: Sort: axis 2")
	_, err = ops.ArgSortDescending(x, -3)
	require.ErrorIs(t, err, layout.ErrAxis)
	require.ErrorContains(t, err, "ops: ArgSortDescending")
	_, err = ops.Sort(tensor.Must(tensor.New[float64]()), 0)
	require.ErrorIs(t, err, layout.ErrAxis)
	dst := tensor.Must(tensor.Full(-1.0, 3, 2))
	err = ops.SortInto(dst, x, 1)
	require.ErrorIs(t, err, layout.ErrShape)
	require.ErrorContains(t, err, "ops: SortInto: destination shape [3 2]")
	require.Equal(t, []float64{-1, -1, -1, -1, -1, -1}, dst.Data())
	over := tensor.Must(tensor.Must(tensor.Full(-1, 3)).View().Expand(2, 3))
	err = ops.ArgSortInto(over, x, 1)
	require.ErrorIs(t, err, layout.ErrOverlap)
	require.Equal(t, []int{-1, -1, -1}, over.Data())
	require.True(t, errors.Is(ops.ArgSortInto(tensor.Must(tensor.New[int](2, 3)), x, 5), layout.ErrAxis))
}

func ExampleSort() {
	x := tensor.Must(tensor.FromSlice([]float64{3, math.NaN(), -1, 2, 0, math.Inf(-1)}, 2, 3))
	rows, _ := ops.Sort(x, 1)
	cols, _ := ops.SortDescending(x, 0)
	fmt.Println(rows)
	fmt.Println(cols)
	// Output:
	// [[ -1.   3.  nan]
	//  [-inf   0.   2.]]
	// [[  3.  nan  -1.]
	//  [  2.   0. -inf]]
}

func ExampleArgSort() {
	scores := tensor.Must(tensor.FromSlice([]float32{0.5, 0.9, 0.1, 0.9}))
	up, _ := ops.ArgSort(scores, 0)
	down, _ := ops.ArgSortDescending(scores, 0) // ties keep their order
	fmt.Println(up, down)
	// Output: [2 0 1 3] [1 3 0 2]
}

// TestSortParallel checks that the lane operations give the same results
// for every parallelism, on an input large enough to be split (4 MiB),
// along both axes: the lanes are split over goroutines, each lane's
// result its own.
func TestSortParallel(t *testing.T) {
	r := rand.New(rand.NewPCG(53, 23))
	x := tensor.Must(tensor.New[float32](1024, 1100))
	for i := range x.Data() {
		x.Data()[i] = sortValue[float32](r)
	}
	results := func() [][]byte {
		var out [][]byte
		add := func(b []byte, err error) {
			require.NoError(t, err)
			out = append(out, b)
		}
		for axis := range 2 {
			s, err := ops.Sort(x, axis)
			add(bytesOf(s.Data()), err)
			if raceEnabled { // the race detector's Go paths: Sort suffices
				continue
			}
			a, err := ops.ArgSort(x, axis)
			add(bytesOf(a.Data()), err)
			v, i, err := ops.TopK(x, 5, axis, true)
			add(bytesOf(v.Data()), err)
			add(bytesOf(i.Data()), err)
			m, err := ops.NanMedian(x, axis)
			add(bytesOf(m.Data()), err)
			p, err := ops.ArgPartition(x, 100, axis)
			add(bytesOf(p.Data()), err)
		}
		return out
	}
	defer tensor.SetParallelism(tensor.SetParallelism(1))
	want := results()
	for _, p := range []int{2, 3} {
		tensor.SetParallelism(p)
		require.Equal(t, want, results(), "parallelism %d", p)
	}
}

// bytesOf returns the bytes of x.
func bytesOf[T any](x []T) []byte {
	var z T
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(x))), len(x)*int(unsafe.Sizeof(z)))
}

// TestSort1M sorts 1 Mi float32 and int32 elements (every radix pass,
// and the lanes split over goroutines) against slices.SortFunc and
// slices.SortStableFunc.
func TestSort1M(t *testing.T) {
	if raceEnabled || testing.Short() {
		t.Skip("1 Mi elements: not under the race detector or -short")
	}
	r := rand.New(rand.NewPCG(53, 24))
	checkSort1M[float32](t, r)
	checkSort1M[int32](t, r)
}

func checkSort1M[T tensor.Real](t *testing.T, r *rand.Rand) {
	x := make([]T, 1<<20)
	for i := range x {
		x[i] = sortValue[T](r)
	}
	v := tensor.Must(tensor.FromSlice(x))
	got, err := ops.Sort(v, 0)
	require.NoError(t, err)
	want := slices.Clone(x)
	slices.SortFunc(want, valueOrder[T])
	require.Equal(t, bytesOf(want), bytesOf(got.Data()), "%T Sort", x)
	idx, err := ops.ArgSort(v, 0)
	require.NoError(t, err)
	order := make([]int, len(x))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return sortCompare(x[a], x[b]) })
	require.True(t, slices.Equal(order, idx.Data()), "%T ArgSort", x)
}
