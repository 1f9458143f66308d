package ops

import (
	"unsafe"

	"github.com/tessera-go/tessera/internal/copier"
	"github.com/tessera-go/tessera/internal/par"
	"github.com/tessera-go/tessera/internal/sorts"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/tensor"
)

// Sorting. Every lane of the input along the axis (the elements whose
// indices differ only along it) is sorted on its own. The lanes are read
// a batch at a time into a row-major buffer, the lanes as its rows, of
// about sortBatchBytes (at least one lane): a batch holds neighbouring
// lanes, so that the buffer is filled and emptied by the copier in
// cache-friendly tiles however the lanes lie in memory (down the columns
// of a matrix, each batch is a transposed block), and the data crosses
// memory once each way, as one copy would. Each row is sorted by
// internal/sorts: its elements mapped to unsigned keys that order as the
// values do, and those sorted by a stable radix sort, a byte a pass. The
// order is the same on every machine, for every parallelism.

// sortBatchBytes is the size of a batch of lanes in bytes, when a lane is
// shorter: the buffer stays in L2 between being filled and emptied.
const sortBatchBytes = 256 << 10

// Sort returns the elements of v sorted ascending along axis (negative
// from the end), NumPy's sort (PyTorch's sort values): a new row-major
// tensor of v's shape. NaN sort last, as NumPy's; -0 sorts before +0,
// and a NaN whose sign bit is clear before one whose bit is set (their
// order among themselves follows their bits). The order of equal
// elements is otherwise not visible, so the result is the same bits on
// every machine. A sort takes a pass over the
// lane for each byte of the element type, with a buffer of the lane's
// size; the lanes of any layout take the same time as contiguous ones
// but for one copy.
//
// It returns an error wrapping layout.ErrAxis for an axis out of range
// (a rank-0 v has none) and layout.ErrOverflow for a result too large.
func Sort[T tensor.Real, V tensor.Operand[T]](v V, axis int) (tensor.Tensor[T], error) {
	return sortNew("Sort", tensor.View[T](v), axis, false)
}

// SortDescending is Sort in descending order: NaN first, +0 before -0.
func SortDescending[T tensor.Real, V tensor.Operand[T]](v V, axis int) (tensor.Tensor[T], error) {
	return sortNew("SortDescending", tensor.View[T](v), axis, true)
}

// SortInto writes Sort of v along axis into dst, a view of v's shape that
// reaches no element twice. dst may be v itself (an in-place sort) or
// share memory with it otherwise (v is then read from a copy). It
// returns the errors of Sort, and layout.ErrShape or layout.ErrOverlap
// for dst; nothing is written on error.
func SortInto[T tensor.Real, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V, axis int) error {
	return sortInto("SortInto", operandOf[T](&dst), tensor.View[T](v), axis, false)
}

// SortDescendingInto is SortInto in descending order.
func SortDescendingInto[T tensor.Real, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V, axis int) error {
	return sortInto("SortDescendingInto", operandOf[T](&dst), tensor.View[T](v), axis, true)
}

// ArgSort returns the indices that sort v along axis, NumPy's
// argsort(kind="stable") (PyTorch's argsort(stable=True)): a new
// row-major tensor of ints of v's shape whose lane along axis lists the
// indices of v's lane in ascending order of their elements. It is stable:
// equal elements keep their order, -0 and +0 are equal, and so are all
// NaN, which come last. The errors of [Sort].
func ArgSort[T tensor.Real, V tensor.Operand[T]](v V, axis int) (tensor.Tensor[int], error) {
	return argSortNew("ArgSort", tensor.View[T](v), axis, false)
}

// ArgSortDescending is ArgSort in descending order, stable as ArgSort:
// equal elements keep their order (PyTorch's argsort(descending=True,
// stable=True)), and NaN come first.
func ArgSortDescending[T tensor.Real, V tensor.Operand[T]](v V, axis int) (tensor.Tensor[int], error) {
	return argSortNew("ArgSortDescending", tensor.View[T](v), axis, true)
}

// ArgSortInto writes ArgSort of v along axis into dst, a view of ints of
// v's shape that reaches no element twice; dst may share memory with v
// (v is then read from a copy). The errors of SortInto.
func ArgSortInto[T tensor.Real, D tensor.Operand[int], V tensor.Operand[T]](dst D, v V, axis int) error {
	return argSortInto("ArgSortInto", operandOf[int](&dst), tensor.View[T](v), axis, false)
}

// ArgSortDescendingInto is ArgSortInto in descending order.
func ArgSortDescendingInto[T tensor.Real, D tensor.Operand[int], V tensor.Operand[T]](dst D, v V, axis int) error {
	return argSortInto("ArgSortDescendingInto", operandOf[int](&dst), tensor.View[T](v), axis, true)
}

func sortNew[T tensor.Real](op string, v tensor.View[T], axis int, desc bool) (tensor.Tensor[T], error) {
	return lanesNew(op, v, axis, func(d, v *operand[T], axis int) { sortValues(d, v, axis, desc) })
}

func sortInto[T tensor.Real](op string, d *operand[T], v tensor.View[T], axis int, desc bool) error {
	return lanesInto(op, d, v, axis, func(d, v *operand[T], axis int) { sortValues(d, v, axis, desc) })
}

func argSortNew[T tensor.Real](op string, v tensor.View[T], axis int, desc bool) (tensor.Tensor[int], error) {
	return lanesNew(op, v, axis, func(d *operand[int], v *operand[T], axis int) { sortIndices(d, v, axis, desc) })
}

func argSortInto[T tensor.Real](op string, d *operand[int], v tensor.View[T], axis int, desc bool) error {
	return lanesInto(op, d, v, axis, func(d *operand[int], v *operand[T], axis int) { sortIndices(d, v, axis, desc) })
}

// lanesNew runs fill, which writes a result of R for each lane of v along
// axis into d, into a new row-major tensor of v's shape.
func lanesNew[R tensor.Element, T tensor.Real](op string, v tensor.View[T], axis int, fill func(d *operand[R], v *operand[T], axis int)) (tensor.Tensor[R], error) {
	axis, err := normalAxis(op, axis, v.Rank())
	if err != nil {
		return tensor.Tensor[R]{}, err
	}
	out, err := newResult[R](op, v.Shape())
	if err != nil {
		return out, err
	}
	fill(operandOfNew(out.View()), operandOf(&v), axis)
	return out, nil
}

// lanesInto runs fill into d, checked to have v's shape and to reach no
// element twice. v is read from a copy where it shares memory with d,
// unless d is v itself (the same elements in the same layout): each batch
// of lanes is read whole before it is written.
func lanesInto[R tensor.Element, T tensor.Real](op string, d *operand[R], v tensor.View[T], axis int, fill func(d *operand[R], v *operand[T], axis int)) error {
	axis, err := normalAxis(op, axis, v.Rank())
	if err != nil {
		return err
	}
	if err := checkDst(op, d, v.Shape()); err != nil {
		return err
	}
	in := operandOf(&v)
	var zr R
	var zt T
	same := unsafe.Sizeof(zr) == unsafe.Sizeof(zt) && len(d.data) > 0 && len(in.data) > 0 &&
		unsafe.Pointer(unsafe.SliceData(d.data)) == unsafe.Pointer(unsafe.SliceData(in.data)) && d.lay.Equal(in.lay)
	if !same && sharesBytes(d, in) {
		*in = snapshot(in)
	}
	fill(d, in, axis)
	return nil
}

// sortValues sorts the lanes of v along axis into d.
func sortValues[T tensor.Real](d, v *operand[T], axis int, desc bool) {
	sortLanes(d, v, 1<<axis, true, func(sc *scratch, out, in []T) {
		valueSort(in, scratchOrMake[T](sc, 0, len(in)), desc) // the radix sort's buffer: from the pool up to par.MinBytes
	})
}

// valueSort sorts x in place in Sort's order (SortDescending's with
// desc), with buf (as long as x) as scratch.
func valueSort[T tensor.Real](x, buf []T, desc bool) {
	kind := sortKind[T]()
	switch unsafe.Sizeof(x[0]) {
	case 1:
		radixValues[uint8](x, buf, kind, desc)
	case 2:
		radixValues[uint16](x, buf, kind, desc)
	case 4:
		radixValues[uint32](x, buf, kind, desc)
	default:
		radixValues[uint64](x, buf, kind, desc)
	}
}

// radixValues sorts x in place by the keys of K, with buf as scratch.
func radixValues[K sorts.Key, T tensor.Real](x, buf []T, kind sorts.Kind, desc bool) {
	sorts.Values(bitsOf[K](x), bitsOf[K](buf), kind, desc)
}

// sortIndices writes into d the indices that sort the lanes of v along
// axis, stably.
func sortIndices[T tensor.Real](d *operand[int], v *operand[T], axis int, desc bool) {
	kind := sortKind[T]()
	sortLanes(d, v, 1<<axis, false, func(sc *scratch, out []int, in []T) {
		n := len(in)
		size := int(unsafe.Sizeof(in[0]))
		words := (n*size + 7) / 8 // as many bytes as the keys of any T need
		keys, kbuf := scratchOrMake[uint64](sc, 0, words), scratchOrMake[uint64](sc, 1, words)
		ibuf := scratchOrMake[int](sc, 2, n)
		for i := range out {
			out[i] = i
		}
		switch size {
		case 1:
			radixIndices[uint8](out, in, keys, kbuf, ibuf, kind, desc)
		case 2:
			radixIndices[uint16](out, in, keys, kbuf, ibuf, kind, desc)
		case 4:
			radixIndices[uint32](out, in, keys, kbuf, ibuf, kind, desc)
		default:
			radixIndices[uint64](out, in, keys, kbuf, ibuf, kind, desc)
		}
	})
}

// radixIndices sorts idx, the indices of x, by the keys of K of x's
// elements, stably; keys and kbuf hold at least len(x) keys of K, ibuf
// len(x) ints.
func radixIndices[K sorts.Key, T tensor.Real](idx []int, x []T, keys, kbuf []uint64, ibuf []int, kind sorts.Kind, desc bool) {
	n := len(x)
	k, kb := bitsOf[K](keys)[:n], bitsOf[K](kbuf)[:n]
	sorts.ArgKeys(k, bitsOf[K](x), kind, desc)
	sorts.RadixIndex(k, kb, idx, ibuf[:n])
}

// bitsOf reinterprets x as the bit patterns of its elements, K of the
// same size.
func bitsOf[K, T any](x []T) []K {
	var zk K
	var zt T
	n := len(x) * int(unsafe.Sizeof(zt)) / int(unsafe.Sizeof(zk))
	return unsafe.Slice((*K)(unsafe.Pointer(unsafe.SliceData(x))), n)
}

// sortKind returns how the bits of T order.
func sortKind[T tensor.Real]() sorts.Kind {
	var zero T
	switch {
	case !isInteger[T]():
		return sorts.Float
	case zero-1 < zero:
		return sorts.Signed
	}
	return sorts.Unsigned
}

// sortLanes runs run on every lane of v over the axes of set (the
// elements whose indices differ only along them, in row-major order of
// those axes: one axis for the sorts, any for the quantiles) and writes
// its result into the same lane of d, which has v's shape but along
// those axes, where its lanes may be shorter (TopK's, or a quantile's one
// element): the lanes are copied a batch at a time into a row-major
// buffer, a lane a row (see Sorting above), run(sc, out, in) takes one
// row in and leaves its result in out, with sc as its scratch, and the
// batch is copied into d. With inPlace (R is T, the lanes of d as long as
// v's), out is in: run sorts in place. Where d's part for a batch is
// itself row-major and contiguous (the lanes of a new result along its
// last axis), that part is the buffer: out, and with inPlace in too, so
// that nothing is copied back. The lanes are split into as many ranges as
// par.Workers gives for v's bytes, each run on a goroutine of its own
// with scratch of its own: each lane's result depends on that lane only.
func sortLanes[T tensor.Real, R tensor.Element](d *operand[R], v *operand[T], set uint64, inPlace bool, run func(sc *scratch, out []R, in []T)) {
	if v.lay.Size() == 0 {
		return
	}
	var g laneGrid
	g.init(&d.lay, &v.lay, set)
	lanes := shapeSize(g.shape[:g.others])
	var zt T
	w := min(lanes, par.Workers(v.lay.Size()*int(unsafe.Sizeof(zt))))
	par.Do(w, func(i int) {
		sortLaneRange(&g, d, v, lanes*i/w, lanes*(i+1)/w, inPlace, run)
	})
}

// laneGrid is the lanes of sortLanes: v's and d's layouts with the
// lanes' axes last (and a first axis of 1 where there is no other), the
// number of the other axes, v's shape in that order and the lanes' and
// the results' shapes.
type laneGrid struct {
	vl, dl              layout.Layout
	others              int
	shape               []int
	laneShape, outShape []int
}

func (g *laneGrid) init(dl, vl *layout.Layout, set uint64) {
	rank := vl.Rank()
	perm := make([]int, 0, rank)
	for a := range rank {
		if set&(1<<a) == 0 {
			perm = append(perm, a)
		}
	}
	g.others = len(perm)
	for a := range rank {
		if set&(1<<a) != 0 {
			perm = append(perm, a)
		}
	}
	if g.vl.SetPermute(vl, perm...) != nil || g.dl.SetPermute(dl, perm...) != nil {
		panic("ops: internal error: a sort's axes do not permute")
	}
	if g.others == 0 { // one lane: a batch of one row
		g.vl, _ = g.vl.Unsqueeze(0)
		g.dl, _ = g.dl.Unsqueeze(0)
		g.others = 1
	}
	g.shape = g.vl.Shape()
	g.laneShape, g.outShape = g.shape[g.others:], g.dl.Shape()[g.others:]
}

// sortLaneRange is sortLanes on the lanes lo to hi of g, in row-major
// order of the other axes: batches of neighbouring lanes along the
// innermost of those axes.
func sortLaneRange[T tensor.Real, R tensor.Element](g *laneGrid, d *operand[R], v *operand[T], lo, hi int, inPlace bool, run func(sc *scratch, out []R, in []T)) {
	n, k := shapeSize(g.laneShape), shapeSize(g.outShape) // k: as n, or (TopK, a quantile) fewer
	b := g.others - 1                                     // the batch axis: the innermost of the others
	var zt T
	per := max(1, sortBatchBytes/(n*int(unsafe.Sizeof(zt))))
	per = min(per, g.shape[b])
	var sc, rs scratch // the batches' buffers, run's scratch
	defer sc.release()
	defer rs.release()
	var in []T
	var out []R
	var ol, od, sv, sd layout.Layout
	for pos := lo; pos < hi; {
		// The lane at pos: index j along b, the others' indices above.
		j, rest := pos%g.shape[b], pos/g.shape[b]
		ol, od = g.vl, g.dl
		for a := b - 1; a >= 0; a-- {
			_ = ol.SetSelect(&ol, a, rest%g.shape[a])
			_ = od.SetSelect(&od, a, rest%g.shape[a])
			rest /= g.shape[a]
		}
		rows := min(per, g.shape[b]-j, hi-pos)
		_ = sv.SetSlice(&ol, 0, j, j+rows, 1)
		_ = sd.SetSlice(&od, 0, j, j+rows, 1)
		bl, _ := layout.RowMajor(append([]int{rows}, g.laneShape...)...)
		rl, _ := layout.RowMajor(append([]int{rows}, g.outShape...)...)
		bi, bo := in, out // the batch's buffers
		direct := sd.IsContiguous()
		if direct {
			off := sd.Offset()
			bo = d.data[off : off+rows*k]
		} else if out == nil {
			out = scratchOrMake[R](&sc, 0, per*k)
			bo = out
		}
		switch {
		case inPlace:
			bi = unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(bo))), len(bo))
		case in == nil:
			in = scratchOrMake[T](&sc, 1, per*n)
			bi = in
		}
		bi, bo = bi[:rows*n], bo[:rows*k]
		copier.Move(bi, &bl, v.data, &sv, copier.Part{})
		for r := range rows {
			run(&rs, bo[r*k:(r+1)*k], bi[r*n:(r+1)*n])
		}
		if !direct {
			copier.Move(d.data, &sd, bo, &rl, copier.Part{})
		}
		pos += rows
	}
}
