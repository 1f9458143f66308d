package ops

import (
	"slices"
	"unsafe"

	"github.com/tessera-go/tessera/internal/sorts"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/tensor"
)

// TopK returns the k largest elements of v along axis (the k smallest
// when largest is false) and their indices, PyTorch's topk(sorted=True):
// two new row-major tensors of v's shape but k along axis, each lane in
// order (largest first, or smallest first), equal elements by their
// indices, lowest first. NaN count as larger than every number, as
// PyTorch's: the largest select them first, the smallest last. No lane
// is sorted: for k up to 64 one pass keeps the best so far in a heap
// (internal/sorts.Smallest), and otherwise (or where the lane's order
// makes most elements a new best) a pass maps the elements to keys, a
// radix selection finds the k-th key (internal/sorts.Select), a pass
// gathers the k, and only those are sorted.
//
// It returns an error wrapping layout.ErrAxis for an axis out of range,
// layout.ErrIndex for a k below 0 or above the axis's length, and
// layout.ErrOverflow for a result too large.
func TopK[T tensor.Real, V tensor.Operand[T]](v V, k, axis int, largest bool) (tensor.Tensor[T], tensor.Tensor[int], error) {
	const op = "TopK"
	vv := tensor.View[T](v)
	axis, err := normalAxis(op, axis, vv.Rank())
	if err != nil {
		return tensor.Tensor[T]{}, tensor.Tensor[int]{}, err
	}
	shape := vv.Shape()
	if n := shape[axis]; k < 0 || k > n {
		return tensor.Tensor[T]{}, tensor.Tensor[int]{}, errorf(op, layout.ErrIndex, "k %d out of range for axis %d of size %d", k, axis, n)
	}
	shape[axis] = k
	idx, err := newResult[int](op, shape)
	if err != nil {
		return tensor.Tensor[T]{}, idx, err
	}
	vals, err := newResult[T](op, slices.Clone(shape))
	if err != nil {
		return vals, tensor.Tensor[int]{}, err
	}
	if k > 0 {
		selectIndices(operandOfNew(idx.View()), operandOf(&vv), axis, largest)
		if err := TakeAlongAxisInto(vals, vv, idx, axis); err != nil {
			panic("ops: internal error: " + err.Error())
		}
	}
	return vals, idx, nil
}

// selectIndices writes into each lane of d, of k elements, the indices of
// the k first elements of v's lane along axis in the order of ArgSort
// (descending where largest is set).
func selectIndices[T tensor.Real](d *operand[int], v *operand[T], axis int, largest bool) {
	kind := sortKind[T]()
	sortLanes(d, v, 1<<axis, false, func(sc *scratch, out []int, in []T) {
		n, k := len(in), len(out)
		size := int(unsafe.Sizeof(in[0]))
		words := (n*size + 7) / 8
		keys, buf := scratchOrMake[uint64](sc, 0, words), scratchOrMake[uint64](sc, 1, words)
		ibuf := scratchOrMake[int](sc, 2, k)
		switch size {
		case 1:
			selectLane[uint8](out, in, keys, buf, ibuf, kind, largest)
		case 2:
			selectLane[uint16](out, in, keys, buf, ibuf, kind, largest)
		case 4:
			selectLane[uint32](out, in, keys, buf, ibuf, kind, largest)
		default:
			selectLane[uint64](out, in, keys, buf, ibuf, kind, largest)
		}
	})
}

// heapTopK is the largest k that TopK first tries to find in one pass,
// with a heap of the best so far (sorts.Smallest), before the radix
// selection's few passes.
const heapTopK = 64

// selectLane sets idx to the indices of the len(idx) first elements of x
// in the order of ArgSort (descending where largest is set): keys and
// buf hold at least len(x) keys of K, ibuf len(idx) ints.
func selectLane[K sorts.Key, T tensor.Real](idx []int, x []T, keys, buf []uint64, ibuf []int, kind sorts.Kind, largest bool) {
	n, k := len(x), len(idx)
	if k <= heapTopK && sorts.Smallest(idx, bitsOf[K](keys), bitsOf[K](x), kind, largest) {
		return
	}
	ks, kb := bitsOf[K](keys)[:n], bitsOf[K](buf)[:n]
	sorts.ArgKeys(ks, bitsOf[K](x), kind, largest)
	t := sorts.Select(ks, kb, k-1)
	// The keys below the k-th in index order, then those equal to it
	// until there are k: the first k in the stable order.
	j := 0
	sel := kb[:k]
	for i, key := range ks {
		if key < t {
			idx[j], sel[j] = i, key
			j++
		}
	}
	for i := 0; j < k; i++ {
		if ks[i] == t {
			idx[j], sel[j] = i, t
			j++
		}
	}
	sorts.RadixIndex(sel, ks[:k], idx, ibuf)
}
