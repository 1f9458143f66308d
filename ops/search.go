package ops

import (
	"slices"
	"strconv"
	"unsafe"

	"github.com/tessera-go/tessera/internal/copier"
	"github.com/tessera-go/tessera/internal/sorts"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/tensor"
)

// Side is the end of a run of elements equal to a value at which
// SearchSorted places the value, NumPy's side argument.
type Side uint8

// The sides.
const (
	SideLeft  Side = iota // before the equal elements: the first i with value <= sorted[i]
	SideRight             // after them: the first i with value < sorted[i]
	numSides
)

// String returns NumPy's name of the side ("left" or "right").
func (s Side) String() string {
	switch s {
	case SideLeft:
		return "left"
	case SideRight:
		return "right"
	}
	return "Side(" + strconv.Itoa(int(s)) + ")"
}

// SearchSorted returns, for each element of values, the index in sorted
// at which it would be inserted to keep sorted in order, at the side of
// the elements equal to it, NumPy's searchsorted (PyTorch's
// searchsorted, right = SideRight): a new row-major tensor of ints of
// values' shape. sorted is 1-D, and values any shape; or, as PyTorch's,
// sorted is [..., m] and values [..., n] with the same leading axes, each
// lane of values searched in the same lane of sorted. The order is that
// of Sort, NaN after every number, but -0 and +0 are equal (NumPy's
// compare); sorted must be ascending in it along its last axis, or the
// indices are in [0, m] but otherwise unspecified (as NumPy's). Each lane
// of sorted is mapped once to keys that order as its elements do (m
// elements of scratch) and each value found by a binary search; where a
// lane has many values (at least 256, and a 64th of the sorted lane's
// length), the values' keys are sorted instead, with their positions (a
// buffer of two keys and two ints a value), and merged with the sorted
// lane in one pass.
//
// It returns an error wrapping layout.ErrShape for a rank-0 sorted or
// leading axes that differ, layout.ErrArg for an unknown side, and
// layout.ErrOverflow for a result too large.
func SearchSorted[T tensor.Real, S tensor.Operand[T], V tensor.Operand[T]](sorted S, values V, side Side) (tensor.Tensor[int], error) {
	const op = "SearchSorted"
	s, v := tensor.View[T](sorted), tensor.View[T](values)
	if err := checkSearch(op, s.Shape(), v.Shape(), side); err != nil {
		return tensor.Tensor[int]{}, err
	}
	out, err := newResult[int](op, v.Shape())
	if err != nil {
		return out, err
	}
	return out, searchSorted(op, out.Data(), s, v, side)
}

// SearchSortedInto writes SearchSorted of values in sorted into dst, a
// view of ints of values' shape that reaches no element twice; dst may
// share memory with sorted or values (they are then read from copies). It
// returns the errors of SearchSorted, and layout.ErrShape or
// layout.ErrOverlap for dst; nothing is written on error.
func SearchSortedInto[T tensor.Real, D tensor.Operand[int], S tensor.Operand[T], V tensor.Operand[T]](dst D, sorted S, values V, side Side) error {
	const op = "SearchSortedInto"
	d := operandOf[int](&dst)
	s, v := tensor.View[T](sorted), tensor.View[T](values)
	if err := checkSearch(op, s.Shape(), v.Shape(), side); err != nil {
		return err
	}
	if err := checkDst(op, d, v.Shape()); err != nil {
		return err
	}
	if start, end, ok := d.lay.ContiguousRange(); ok && !sharesBytes(d, operandOf(&s)) && !sharesBytes(d, operandOf(&v)) {
		return searchSorted(op, d.data[start:end], s, v, side)
	}
	out, err := newResult[int](op, v.Shape())
	if err != nil {
		return err
	}
	if err := searchSorted(op, out.Data(), s, v, side); err != nil {
		return err
	}
	o := operandOfNew(out.View())
	copier.Move(d.data, &d.lay, o.data, &o.lay, copier.Part{})
	return nil
}

// checkSearch returns the error of op for the shapes of sorted and values
// or the side.
func checkSearch(op string, sorted, values []int, side Side) error {
	if side >= numSides {
		return errorf(op, layout.ErrArg, "unknown side %v", side)
	}
	if len(sorted) == 0 {
		return errorf(op, layout.ErrShape, "sorted has rank 0")
	}
	if len(sorted) > 1 && (len(values) != len(sorted) || !slices.Equal(sorted[:len(sorted)-1], values[:len(values)-1])) {
		return errorf(op, layout.ErrShape, "sorted %v and values %v differ before the last axis", sorted, values)
	}
	return nil
}

// searchSorted writes into out, row-major of values' shape, the indices
// of values in sorted (checked by checkSearch).
func searchSorted[T tensor.Real](op string, out []int, sorted, values tensor.View[T], side Side) error {
	if len(out) == 0 {
		return nil
	}
	s, err := rowMajorOver(op, sorted, sorted.Shape())
	if err != nil {
		return err
	}
	x, err := rowMajorOver(op, values, values.Shape())
	if err != nil {
		return err
	}
	lanes := 1
	if sorted.Rank() > 1 {
		lanes = len(out) / values.Shape()[values.Rank()-1]
	}
	m := len(s) / lanes
	kind, right := sortKind[T](), side == SideRight
	switch unsafe.Sizeof(s[0]) {
	case 1:
		searchLanes[uint8](out, s, x, m, kind, right)
	case 2:
		searchLanes[uint16](out, s, x, m, kind, right)
	case 4:
		searchLanes[uint32](out, s, x, m, kind, right)
	default:
		searchLanes[uint64](out, s, x, m, kind, right)
	}
	return nil
}

// searchLanes sets out[i] to the index of x[i] in its lane of s (lanes of
// m elements, as many as out has lanes of len(out)/lanes), by the keys of
// K of their bits.
func searchLanes[K sorts.Key, T tensor.Real](out []int, s, x []T, m int, kind sorts.Kind, right bool) {
	if m == 0 { // nothing to search: every index 0
		clear(out)
		return
	}
	lanes := len(s) / m
	n := len(out) / lanes
	keys := make([]K, m)
	var chunk [256]K
	var merge *searchMerge[K]
	for b := range lanes {
		sorts.ArgKeys(keys, bitsOf[K](s[b*m:(b+1)*m]), kind, false)
		xs, os := x[b*n:(b+1)*n], out[b*n:(b+1)*n]
		if n >= mergeMin && n >= m/mergeRatio {
			if merge == nil {
				merge = newSearchMerge[K](n)
			}
			merge.run(os, keys, bitsOf[K](xs), kind, right)
			continue
		}
		for c := 0; c < n; c += len(chunk) {
			e := min(c+len(chunk), n)
			ck := chunk[:e-c]
			sorts.ArgKeys(ck, bitsOf[K](xs[c:e]), kind, false)
			for i, k := range ck {
				os[c+i] = sorts.Search(keys, k, right)
			}
		}
	}
}

// A lane of at least mergeMin values, and at least 1/mergeRatio of the
// sorted lane's length, is searched by sorting the values and merging
// them with the sorted lane (searchMerge): binary searches of many values
// spend most of their time waiting for memory, or mispredicting.
const (
	mergeMin   = 256
	mergeRatio = 64
)

// searchMerge finds many values in a sorted lane at once: their keys
// sorted by a stable radix sort with their positions, then one pass over
// both in ascending order. Its buffers hold n keys and positions.
type searchMerge[K sorts.Key] struct {
	keys, kbuf []K
	idx, ibuf  []int
}

func newSearchMerge[K sorts.Key](n int) *searchMerge[K] {
	return &searchMerge[K]{keys: make([]K, n), kbuf: make([]K, n), idx: make([]int, n), ibuf: make([]int, n)}
}

// run sets out[i] to the index of the value with bits x[i] in the sorted
// keys s.
func (sm *searchMerge[K]) run(out []int, s, x []K, kind sorts.Kind, right bool) {
	n := len(x)
	vk, idx := sm.keys[:n], sm.idx[:n]
	sorts.ArgKeys(vk, x, kind, false)
	for i := range idx {
		idx[i] = i
	}
	sorts.RadixIndex(vk, sm.kbuf[:n], idx, sm.ibuf[:n])
	j, m := 0, len(s)
	for i, k := range vk {
		if right {
			for j < m && s[j] <= k {
				j++
			}
		} else {
			for j < m && s[j] < k {
				j++
			}
		}
		out[idx[i]] = j
	}
}
