package ops

import (
	"unsafe"

	"github.com/tessera-go/tessera/internal/sorts"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/tensor"
)

// Partition returns v with each lane along axis rearranged around its
// kth element (negative from the end), NumPy's partition: a new
// row-major tensor of v's shape in which position kth of each lane holds
// the element a sort would put there, the elements before it are not
// greater and those after it not less. Elements compare as in ArgSort
// (NaN last, -0 equal to +0). Where NumPy leaves the order on each side
// unspecified, here it is v's: the elements below the kth in their order
// in the lane, then those equal to it, then those above (a stable
// partition), the same on every machine. The kth key is found by a radix
// selection and the lane moved in one pass.
//
// It returns an error wrapping layout.ErrAxis for an axis out of range,
// layout.ErrIndex for a kth out of range for the axis, and
// layout.ErrOverflow for a result too large.
func Partition[T tensor.Real, V tensor.Operand[T]](v V, kth, axis int) (tensor.Tensor[T], error) {
	const op = "Partition"
	vv := tensor.View[T](v)
	kth, axis, err := checkKth(op, vv.Shape(), kth, axis)
	if err != nil {
		return tensor.Tensor[T]{}, err
	}
	return lanesNew(op, vv, axis, func(d, v *operand[T], axis int) { partitionLanes(d, v, axis, kth, false) })
}

// PartitionInto writes Partition of v into dst, a view of v's shape that
// reaches no element twice; dst may be v itself or share memory with it
// (v is then read from a copy). The errors of Partition, and
// layout.ErrShape or layout.ErrOverlap for dst; nothing is written on
// error.
func PartitionInto[T tensor.Real, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V, kth, axis int) error {
	const op = "PartitionInto"
	vv := tensor.View[T](v)
	kth, axis, err := checkKth(op, vv.Shape(), kth, axis)
	if err != nil {
		return err
	}
	return lanesInto(op, operandOf[T](&dst), vv, axis, func(d, v *operand[T], axis int) { partitionLanes(d, v, axis, kth, false) })
}

// ArgPartition returns the indices that partition v along axis around
// its kth element, NumPy's argpartition: a new row-major tensor of ints
// of v's shape, each lane the indices of v's lane in the order of
// Partition's (itself determined: stable). The errors of Partition.
func ArgPartition[T tensor.Real, V tensor.Operand[T]](v V, kth, axis int) (tensor.Tensor[int], error) {
	const op = "ArgPartition"
	vv := tensor.View[T](v)
	kth, axis, err := checkKth(op, vv.Shape(), kth, axis)
	if err != nil {
		return tensor.Tensor[int]{}, err
	}
	return lanesNew(op, vv, axis, func(d *operand[int], v *operand[T], axis int) { partitionLanes(d, v, axis, kth, true) })
}

// ArgPartitionInto writes ArgPartition of v into dst, a view of ints of
// v's shape that reaches no element twice; dst may share memory with v
// (v is then read from a copy). The errors of PartitionInto.
func ArgPartitionInto[T tensor.Real, D tensor.Operand[int], V tensor.Operand[T]](dst D, v V, kth, axis int) error {
	const op = "ArgPartitionInto"
	vv := tensor.View[T](v)
	kth, axis, err := checkKth(op, vv.Shape(), kth, axis)
	if err != nil {
		return err
	}
	return lanesInto(op, operandOf[int](&dst), vv, axis, func(d *operand[int], v *operand[T], axis int) { partitionLanes(d, v, axis, kth, true) })
}

// checkKth returns kth and axis counted from the start, or the error of
// op for either out of range.
func checkKth(op string, shape []int, kth, axis int) (int, int, error) {
	axis, err := normalAxis(op, axis, len(shape))
	if err != nil {
		return 0, 0, err
	}
	n := shape[axis]
	if k := kth; k < -n || k >= n {
		return 0, 0, errorf(op, layout.ErrIndex, "kth %d out of range for axis %d of size %d", kth, axis, n)
	}
	if kth < 0 {
		kth += n
	}
	return kth, axis, nil
}

// partitionLanes writes into d the lanes of v along axis partitioned
// around their kth element: the elements (R is T) or, with indices (R is
// int), their indices.
func partitionLanes[R tensor.Element, T tensor.Real](d *operand[R], v *operand[T], axis, kth int, indices bool) {
	kind := sortKind[T]()
	sortLanes(d, v, 1<<axis, false, func(sc *scratch, out []R, in []T) {
		n := len(in)
		words := (n*int(unsafe.Sizeof(in[0])) + 7) / 8 // the keys and the selection's buffer
		keys, buf := scratchOrMake[uint64](sc, 0, words), scratchOrMake[uint64](sc, 1, words)
		switch unsafe.Sizeof(in[0]) {
		case 1:
			partitionLane[uint8](out, in, keys, buf, kth, kind, indices)
		case 2:
			partitionLane[uint16](out, in, keys, buf, kth, kind, indices)
		case 4:
			partitionLane[uint32](out, in, keys, buf, kth, kind, indices)
		default:
			partitionLane[uint64](out, in, keys, buf, kth, kind, indices)
		}
	})
}

// partitionLane writes x partitioned around its kth element into out:
// x's elements (R is T) or, with indices (R is int), their indices. keys
// and buf hold at least len(x) keys of K.
func partitionLane[K sorts.Key, R tensor.Element, T tensor.Real](out []R, x []T, keys, buf []uint64, kth int, kind sorts.Kind, indices bool) {
	n := len(x)
	ks := bitsOf[K](keys)[:n]
	sorts.ArgKeys(ks, bitsOf[K](x), kind, false)
	t, lt, eq := sorts.SelectRank(ks, bitsOf[K](buf)[:n], kth)
	p := [3]int{0, lt, lt + eq} // the next position of each part
	if indices {
		o := bitsOf[int](out) // R is int
		for i, k := range ks {
			part := partOf(k, t)
			o[p[part]] = i
			p[part]++
		}
		return
	}
	o := bitsOf[T](out) // R is T
	for i, k := range ks {
		part := partOf(k, t)
		o[p[part]] = x[i]
		p[part]++
	}
}

// partOf returns 0, 1 or 2 for a key below, equal to or above t, without
// a branch: the keys of a lane fall on either side at random.
func partOf[K sorts.Key](k, t K) int { return b2i(k >= t) + b2i(k > t) }

// b2i returns 1 for true and 0 for false (a SETcc, not a branch).
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
