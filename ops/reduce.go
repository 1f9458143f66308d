package ops

import (
	"errors"
	"math/bits"
	"slices"
	"unsafe"

	"github.com/tessera-go/tessera/internal/copier"
	"github.com/tessera-go/tessera/internal/errs"
	"github.com/tessera-go/tessera/internal/mem"
	"github.com/tessera-go/tessera/internal/par"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/simd"
	"github.com/tessera-go/tessera/tensor"
)

// ErrEmpty reports a reduction that has no identity (Max, Min) over no
// elements, as NumPy's "zero-size array to reduction operation maximum
// which has no identity".
var ErrEmpty = errors.New("ops: reduction of no elements")

// A reduction visits, for each output element, the input elements that
// reduce into it, in the order of a layout.Iter made by ResetReduce, and
// combines them by a fixed pairwise tree: the sequence is cut into leaves
// (leafLen elements of a run when the run is reduced, a horizontal
// reduction; leafRows(run) rows of the output's run when it is not, a
// vertical one), each leaf is folded, and the leaves are combined by
// recursive halving. The tree depends only on the layouts, never on how
// the work is split among goroutines, so the result is the same bit for
// bit for any parallelism; its rounding error grows with log(n), not n.
const (
	leafLen      = 8192 // elements per leaf of a horizontal reduction
	blockRows    = 32   // rows per leaf of a vertical reduction, at least
	maxBlockRows = 256  // and at most
	blockElems   = 4096 // elements per vertical leaf, where the run is short
	tileLen      = 4096 // output elements per tile of a vertical reduction
	maxLanes     = 32   // interleaved accumulators of a leaf fold, at most
)

// leafRows returns the rows per leaf of a vertical reduction whose output
// run has run elements: blockRows, or for a narrow run enough rows for
// blockElems elements, up to maxBlockRows. A leaf is folded row after row
// (each output element's chain of roundings is as long as the leaf) and
// costs a few calls, which a leaf of 32 rows of a narrow run does not
// repay (see BENCHMARKS.md). A horizontal leaf's chains are longer still
// (leafLen over the fold's accumulators).
func leafRows(run int) int {
	return min(maxBlockRows, max(blockRows, blockElems/max(run, 1)))
}

// vsplit is how the goroutines of a vertical reduction with one output
// run (no kept outer axis) share it.
type vsplit uint8

const (
	byRun  vsplit = iota // parts of the run, each reading its columns of every row
	byRows               // subtrees of the tree of leaves (splitRows), each reading its rows
	alone                // one goroutine
)

// verticalSplit returns how n goroutines share a vertical reduction whose
// one output run has runBytes bytes, of inBytes of input. Parts of a run
// narrower than splitRowsBytes would share the input's lines, which each
// goroutine would then read: such a run is split by its rows, from
// splitRowsMin bytes of input, and below that stays on one goroutine,
// where a second one gains nothing (see BENCHMARKS.md).
func verticalSplit(runBytes, inBytes, n int) vsplit {
	switch {
	case n == 1:
		return alone
	case runBytes >= splitRowsBytes:
		return byRun
	case inBytes >= splitRowsMin:
		return byRows
	}
	return alone
}

// reduceAxes returns the set of axes to reduce among rank: all of them
// when axes is empty. Negative axes count from the end; an axis out of
// range is ErrAxis, one named twice ErrDuplicateAxis (as the view
// operations say).
func reduceAxes(op string, rank int, axes []int) (uint64, error) {
	if len(axes) == 0 {
		if rank == 0 {
			return 0, nil
		}
		return ^uint64(0) >> (64 - rank), nil
	}
	return errs.Axes("ops", op, layout.ErrAxis, layout.ErrDuplicateAxis, axes, rank)
}

// reducedShapes returns the shape of the reduction of shape over set, with
// the reduced axes kept as size 1 and with them dropped.
func reducedShapes(shape []int, set uint64) (keep, drop []int) {
	return appendReduced(nil, nil, shape, set)
}

// appendReduced is reducedShapes appending to keep and drop: with room in
// them (arrays on the caller's stack), it allocates nothing.
func appendReduced(keep, drop, shape []int, set uint64) ([]int, []int) {
	for k, d := range shape {
		if set&(1<<k) != 0 {
			keep = append(keep, 1)
			continue
		}
		keep, drop = append(keep, d), append(drop, d)
	}
	return keep, drop
}

// reducer is one reduction: the binary operation that combines elements,
// its runner (simd's kernels combine rows for floats), and its identity.
type reducer[T tensor.Number, K binOp[T]] struct {
	r     binRunner[T, K]
	id    T
	hasID bool
	// plusZero: the reduction is a float or complex sum, which starts
	// from +0 (see finish).
	plusZero bool
	// ordered: the result's bits may depend on the order the elements
	// are combined in (every float or complex reduction; integer
	// arithmetic wraps exactly), so an Into form reduces in the order of
	// the form that returns a tensor (see reduceInto).
	ordered bool
	lanes   int
	// skipNaN: an element of the input that is NaN is read as the
	// identity (NanSum: Sum's reducer). simd's kernels read the input by
	// elemOp (Add|SkipNaN), the Go loops by read; partial results are
	// combined as they are, so that a NaN that Inf - Inf makes stays.
	skipNaN bool
}

// newReducer returns the reducer of k with identity id (hasID: it has
// one). Every float or complex reduction is ordered: a sum's or product's
// roundings depend on the order, and so does which of two equal extremes
// Max and Min keep (+0 and -0, two NaNs).
func newReducer[T tensor.Number, K binOp[T]](k K, id T, hasID bool) reducer[T, K] {
	return reducer[T, K]{r: newBinRunner[T](k, false), id: id, hasID: hasID, lanes: foldLanes[T](), ordered: !isInteger[T]()}
}

// sumReducer is the reducer of Sum and Mean: newReducer's, with plusZero
// and ordered set for float and complex types.
func sumReducer[T tensor.Number]() reducer[T, addOp[T]] {
	f := !isInteger[T]()
	return reducer[T, addOp[T]]{r: newBinRunner[T](addOp[T]{}, false), hasID: true, lanes: foldLanes[T](), plusZero: f, ordered: f}
}

// nanSumReducer is the reducer of NanSum and NanMean: Sum's, reading
// each NaN of the input as +0 in the pass that reads it, so that its
// results are Sum's of the input with its NaN replaced by +0, bit for
// bit, in the input's own layout.
func nanSumReducer[T tensor.Float]() reducer[T, addOp[T]] {
	rd := sumReducer[T]()
	rd.skipNaN = true
	return rd
}

// elemOp is the simd op by which the kernels read the input's elements:
// the reduction's own, with SkipNaN where skipNaN is set.
func (rd *reducer[T, K]) elemOp() simd.Op {
	if rd.skipNaN {
		return rd.r.op | simd.SkipNaN
	}
	return rd.r.op
}

// read returns the input's element e as the reduction reads it: the
// identity where skipNaN is set and e is NaN.
func (rd *reducer[T, K]) read(e T) T {
	if rd.skipNaN && e != e {
		return rd.id
	}
	return e
}

// finish completes the reduction into d, its contiguous result. A sum
// adds +0 to its results: the tree folds each leaf from its first
// element, so a sum of only negative zeros would be -0, where NumPy and
// PyTorch, whose sums start from +0, give +0; x + 0 is x for every other
// x (a sum that cancels is +0 already), so this is the result of starting
// from +0.
func (rd *reducer[T, K]) finish(d []T) {
	if rd.plusZero {
		rd.r.vs(d, d, 0)
	}
}

// foldLanes returns the number of interleaved accumulators of a leaf fold:
// 128 bytes of them, as the vector kernels hold, 8 to 32.
func foldLanes[T tensor.Number]() int {
	var zero T
	return min(maxLanes, max(8, 128/int(unsafe.Sizeof(zero))))
}

// reduceNew reduces v over set into a new tensor, keeping the reduced axes
// as size 1 or dropping them.
func reduceNew[T tensor.Number, K binOp[T]](op string, rd reducer[T, K], v tensor.View[T], axes []int, keepDims bool) (tensor.Tensor[T], error) {
	in := operandOf(&v)
	var sb, kb, db [8]int // the shapes on the stack up to rank 8
	shape := in.lay.AppendShape(sb[:0])
	set, err := reduceAxes(op, len(shape), axes)
	if err != nil {
		return tensor.Tensor[T]{}, err
	}
	keep, drop := appendReduced(kb[:0], db[:0], shape, set)
	if err := rd.checkEmpty(op, in, keep); err != nil {
		return tensor.Tensor[T]{}, err
	}
	rshape := drop
	if keepDims {
		rshape = keep
	}
	out, err := newResult[T](op, rshape)
	if err != nil {
		return out, err
	}
	kl, _ := layout.RowMajor(keep...) // out is row-major: the same elements
	d := operand[T]{data: out.Data(), lay: kl}
	rd.run(&d, in)
	rd.finish(d.data)
	return out, nil
}

// reduceInto reduces v over the axes into dst, whose shape is that of the
// result with the reduced axes dropped or kept as size 1.
func reduceInto[T tensor.Number, K binOp[T]](op string, rd reducer[T, K], dst, v tensor.View[T], axes []int) error {
	in, d := operandOf(&v), operandOf(&dst)
	var sb, kb [8]int
	shape := in.lay.AppendShape(sb[:0])
	set, err := reduceAxes(op, len(shape), axes)
	if err != nil {
		return err
	}
	keep, err := reduceDst(op, d, shape, set, kb[:0])
	if err != nil {
		return err
	}
	if err := rd.checkEmpty(op, in, keep); err != nil {
		return err
	}
	if rd.ordered {
		// A destination that is not row-major, or that overlaps the
		// input (whose snapshot, packed, could be walked in another
		// order), takes the row-major temporary: the order of the form
		// returning a tensor.
		if !d.lay.IsContiguous() || mem.Overlaps(d.data, &d.lay, in.data, &in.lay) {
			rd.runRowMajor(d, in, keep)
			return nil
		}
	} else {
		isolate(d, in)
	}
	rd.run(d, in)
	if rd.plusZero {
		if n := shapeSize(keep); n > 0 { // an empty layout's offset may lie anywhere
			off := d.lay.Offset()
			rd.finish(d.data[off : off+n])
		}
	}
	return nil
}

// runRowMajor reduces in into d, which is not row-major, through a
// row-major temporary (see rowMajorTemp): a function of its own, so that
// reduceInto, which every reduction into a row-major destination runs,
// holds no deferred call.
func (rd *reducer[T, K]) runRowMajor(d, in *operand[T], keep []int) {
	var sc scratch
	defer sc.release()
	tmp := rowMajorTemp(&sc, d, keep)
	rd.run(&tmp, in)
	rd.finish(tmp.data)
	copier.Move(d.data, &d.lay, tmp.data, &tmp.lay, copier.Part{})
}

// rowMajorTemp returns a row-major temporary of the kept shape for the
// result of a reduction into d, from buffer 0 of sc (the pool, up to
// par.MinBytes); the caller reduces into it and copies it into d with
// copier.Move. The order a reduction combines its elements in follows the
// order it walks its output, which the iteration plan takes from the
// destination's strides as well as the input's: an Into form whose
// destination is not row-major reduces through this, as the forms that
// return a new tensor do, so that its bits never depend on the
// destination's layout. The temporary shares no memory with the input,
// which therefore needs no snapshot, and nothing is written into d before
// the reduction has succeeded.
func rowMajorTemp[T tensor.Number](sc *scratch, d *operand[T], keep []int) operand[T] {
	tmp := operand[T]{data: scratchOrMake[T](sc, 0, d.lay.Size())}
	tmp.lay, _ = layout.RowMajor(keep...) // d's size: no overflow
	return tmp
}

// reduceDst checks d, the destination of the reduction of a view of
// shape over set: its shape is the result's with the reduced axes dropped
// or kept as size 1, and it reaches no element twice. It makes d's layout
// that of the kept shape (the reduced axes inserted as size 1), in place,
// and returns that shape appended to keep. The shapes it compares live in
// arrays on its stack and the caller's, so a call that succeeds allocates
// nothing; the error messages print copies.
func reduceDst[T tensor.Element](op string, d *operand[T], shape []int, set uint64, keep []int) ([]int, error) {
	var db, gb [8]int
	keep, drop := appendReduced(keep, db[:0], shape, set)
	switch got := d.lay.AppendShape(gb[:0]); {
	case slices.Equal(got, keep):
	case slices.Equal(got, drop):
		for k := range keep { // insert the reduced axes, ascending
			if set&(1<<k) != 0 {
				var err error
				if d.lay, err = d.lay.Unsqueeze(k); err != nil {
					return keep, errs.Wrap("ops", op, nil, err, "destination shape %v", slices.Clone(got))
				}
			}
		}
	default:
		return keep, errorf(op, layout.ErrShape, "destination shape %v is neither %v nor %v, the shape of the reduction of %v over axes %v",
			slices.Clone(got), slices.Clone(drop), slices.Clone(keep), slices.Clone(shape), setAxes(set))
	}
	if err := checkDst(op, d, keep); err != nil {
		return keep, err
	}
	return keep, nil
}

// setAxes lists the axes of set, for messages.
func setAxes(set uint64) []int {
	var axes []int
	for set != 0 {
		k := bits.TrailingZeros64(set)
		axes = append(axes, k)
		set &^= 1 << k
	}
	return axes
}

// checkEmpty returns ErrEmpty when a reduction without identity has
// output elements but nothing to reduce into them.
func (rd *reducer[T, K]) checkEmpty(op string, in *operand[T], keep []int) error {
	if rd.hasID || in.lay.Size() > 0 || shapeSize(keep) == 0 {
		return nil
	}
	return errorf(op, ErrEmpty, "reduction of shape %v to %v has no elements to reduce and no identity", in.lay.Shape(), slices.Clone(keep))
}

func shapeSize(shape []int) int {
	n := 1
	for _, d := range shape {
		n *= d
	}
	return n
}

// run reduces in into dst, whose layout has in's rank with size 1 along
// the reduced axes. The shapes, overlaps and emptiness are checked.
func (rd *reducer[T, K]) run(dst, in *operand[T]) {
	if dst.lay.Size() == 0 {
		return
	}
	if in.lay.Size() == 0 { // nothing reduced: the identity
		v, _ := tensor.NewView(dst.data, dst.lay)
		_ = v.Fill(rd.id)
		return
	}
	var it layout.Iter
	if err := it.ResetReduce(&dst.lay, &in.lay); err != nil {
		panic("ops: internal error: " + err.Error())
	}
	var zero T
	n := par.Workers(in.lay.Size() * int(unsafe.Sizeof(zero)))
	var ns nest
	ns.of(&it)
	if rd.widened(&ns, dst, in) {
		return
	}
	if n > 1 && ns.horizontal && ns.nk == 0 {
		rd.splitTree(&ns, dst.data, in.data, n)
		return
	}
	if !ns.horizontal && ns.nk == 0 {
		switch verticalSplit(ns.run*int(unsafe.Sizeof(zero)), in.lay.Size()*int(unsafe.Sizeof(zero)), n) {
		case byRows:
			if ns.leaves > 1 {
				rd.splitRows(&ns, dst.data, in.data, n)
				return
			}
			n = 1
		case alone:
			n = 1
		}
	}
	if n == 1 {
		rd.runNest(&ns, dst.data, in.data)
		return
	}
	rd.runParts(&it, dst.data, in.data, n, ns.leafRows)
}

// Narrow column reductions. A vertical reduction whose output is one run of
// few elements (the column sums of an [N, C] matrix of small C) adds rows
// of C elements, each too short for the vector kernels to run at speed (no
// faster than a plain Go loop). When the input's rows follow each other
// (the reduced axis has stride C) it is widened: k rows at a time are read
// as one row of kC elements, reduced down into kC partial results by the
// usual tree, whose k groups of C are then combined into the output by
// recursive halving, and the N mod k rows left are reduced on their own and
// combined last. The order is fixed by the shape alone, so the result is
// still the same bit for bit for any parallelism, and the tree is still
// pairwise but for the rows left. k is the least power of two with kC
// elements a whole number of 64-byte lines and at least wideBytes; the
// input must hold at least 8k rows (fewer cost more in calls than they
// gain). BENCHMARKS.md has the measurements.
const (
	narrowBytes = 512 // output runs of fewer bytes are widened
	wideBytes   = 512 // into rows of at least this many bytes
)

// widened reduces the nest ns of in into dst by widening its rows (see
// above) and reports whether it did: ns must be vertical with no kept
// outer axis, unit strides along the run, one reduced axis that steps
// over exactly the run, and at least 8k rows.
func (rd *reducer[T, K]) widened(ns *nest, dst, in *operand[T]) bool {
	var zero T
	esize := int(unsafe.Sizeof(zero))
	c := ns.run
	if ns.horizontal || ns.nk != 0 || ns.nr != 1 || ns.iinc != 1 || ns.oinc != 1 || c*esize >= narrowBytes || 64%esize != 0 {
		return false
	}
	a := ns.red()[0]
	k := 1
	for (k*c*esize)%64 != 0 {
		k++
	}
	for k*c*esize < wideBytes {
		k *= 2
	}
	if a.si != c || a.n < 8*k {
		return false
	}
	full, rem := a.n/k, a.n%k
	var sc scratch // the partial results, from the pool
	defer sc.release()
	buf := scratchBuf[T](&sc, 0, k*c+c)
	wide, part := buf[:k*c], buf[k*c:]
	// The rows k at a time, into kC partial results.
	wl, _ := layout.Strided([]int{full, k * c}, []int{k * c, 1}, ns.start[1])
	pl, _ := layout.RowMajor(1, k*c)
	rd.run(&operand[T]{data: wide, lay: pl}, &operand[T]{data: in.data, lay: wl})
	// Their k groups of c (k a power of two), into the first by
	// recursive halving: a pairwise tree, as the leaves are combined.
	for h := k / 2; h >= 1; h /= 2 {
		rd.r.vv(wide[:h*c], wide[:h*c], wide[h*c:2*h*c])
	}
	o := ns.start[0]
	out := dst.data[o : o+c]
	copy(out, wide[:c])
	if rem > 0 { // the rows left, combined last
		rl, _ := layout.Strided([]int{rem, c}, []int{c, 1}, ns.start[1]+full*k*c)
		ql, _ := layout.RowMajor(1, c)
		rd.run(&operand[T]{data: part, lay: ql}, &operand[T]{data: in.data, lay: rl})
		rd.r.vv(out, out, part)
	}
	return true
}

// runParts reduces the nest of it on n goroutines, a part of its kept axes
// each, with vertical leaves of lr rows. It is a function of its own so
// that what its goroutines capture moves to the heap only when a
// reduction is split: captured in run, it would for every call.
func (rd *reducer[T, K]) runParts(it *layout.Iter, d, x []T, n, lr int) {
	r := *rd
	par.Split(it, n, func(q *layout.Iter) {
		if q.Size() == 0 {
			return
		}
		var ns nest
		ns.of(q)
		if !ns.horizontal {
			ns.setLeafRows(lr) // the whole's leaves: the same tree
		}
		r.runNest(&ns, d, x)
	})
}

// redAxis is an outer axis of a reduction: its size and the output's and
// the input's strides.
type redAxis struct{ n, so, si int }

// nest is the loop nest of a reduction: the run, and the outer axes split
// into the kept ones (the output moves) and the reduced ones, each
// innermost first.
//
// The axes are held in arrays inside the nest, beyond 8 of either kind in
// slices of their own, and handed out by kept and red: a slice field
// pointing into the nest's own array would move every nest to the heap.
type nest struct {
	horizontal   bool // the run is reduced
	run          int
	oinc, iinc   int
	start        [2]int
	nk, nr       int // kept and reduced axes
	kbuf, rbuf   [8]redAxis
	kext, rext   []redAxis // all the kept or reduced axes, when more than 8
	rows, leaves int       // vertical: the rows each output tile reduces, and their leaves
	leafRows     int       // vertical: the rows of a leaf (see leafRows)
}

// kept returns the kept outer axes, innermost first.
func (ns *nest) kept() []redAxis {
	if ns.kext != nil {
		return ns.kext
	}
	return ns.kbuf[:ns.nk]
}

// red returns the reduced outer axes, innermost first.
func (ns *nest) red() []redAxis {
	if ns.rext != nil {
		return ns.rext
	}
	return ns.rbuf[:ns.nr]
}

// addAxis appends a to the axes of buf (n of them so far; all of them in
// ext beyond 8).
func addAxis(buf *[8]redAxis, ext *[]redAxis, n *int, a redAxis) {
	switch {
	case *n < len(buf):
		buf[*n] = a
	case *n == len(buf):
		*ext = append(append(make([]redAxis, 0, 2*len(buf)), buf[:]...), a)
	default:
		*ext = append(*ext, a)
	}
	*n++
}

func (ns *nest) of(it *layout.Iter) {
	ns.run, ns.oinc, ns.iinc = it.AxisPair(0)
	ns.horizontal = ns.oinc == 0
	s := it.Start()
	ns.start = [2]int{s[0], s[1]}
	ns.nk, ns.nr, ns.kext, ns.rext = 0, 0, nil, nil
	for k := 1; k < it.Rank(); k++ {
		n, so, si := it.AxisPair(k)
		a := redAxis{n, so, si}
		if so == 0 {
			addAxis(&ns.rbuf, &ns.rext, &ns.nr, a)
		} else {
			addAxis(&ns.kbuf, &ns.kext, &ns.nk, a)
		}
	}
	ns.rows = 1
	for _, a := range ns.red() {
		ns.rows *= a.n
	}
	if ns.horizontal {
		ns.leaves = ns.rows * ((ns.run + leafLen - 1) / leafLen)
	} else {
		ns.setLeafRows(leafRows(ns.run))
	}
}

// setLeafRows cuts a vertical nest's rows into leaves of lr rows. A part
// of a split reduction takes the whole's: its own run may be shorter.
func (ns *nest) setLeafRows(lr int) {
	ns.leafRows = lr
	ns.leaves = (ns.rows + lr - 1) / lr
}

// runNest reduces every output element of the nest, one after the other.
func (rd *reducer[T, K]) runNest(ns *nest, d, x []T) {
	var bufs []T
	if !ns.horizontal {
		// The accumulators, from the pool: an Into form down the columns
		// allocates nothing.
		var sc scratch
		defer sc.release()
		depth := bits.Len(uint(ns.leaves)) + 1
		bufs = alignedScratch[T](&sc, 0, depth*roundLine[T](min(tileLen, ns.run)))
	}
	var kept odometer
	o, i := ns.start[0], ns.start[1]
	if rd.rowsAtOnce(ns) {
		// Each output is one leaf, Reduce of one unit-stride run: the
		// innermost kept axis's runs go to simd.ReduceRows together.
		a, outer := ns.kept()[0], ns.kept()[1:]
		for {
			rd.rows(d, x, o, i, a, ns.run)
			if !kept.step(outer, &o, &i) {
				return
			}
		}
	}
	for {
		if ns.horizontal {
			c := hcursor{ns: ns, base: i, off: i}
			d[o] = rd.htree(&c, x, ns.leaves)
		} else {
			rd.vertical(ns, d, x, o, i, bufs)
		}
		if !kept.step(ns.kept(), &o, &i) {
			return
		}
	}
}

// rowsAtOnce reports whether the outputs of ns may be computed by
// simd.ReduceRows, a kept axis at a time: a float type, a horizontal
// reduction whose every output is a single leaf (one unit-stride run of
// at most leafLen elements, which fold reduces with simd.Reduce), and a
// kept axis to walk. ReduceRows gives each run Reduce's bits, so the
// results do not change; it reads several runs at once, which streams
// faster from memory.
func (rd *reducer[T, K]) rowsAtOnce(ns *nest) bool {
	return rd.r.fk != noKernel && ns.horizontal && ns.leaves == 1 && ns.iinc == 1 && ns.nk > 0
}

// rowsBatch is the number of outputs of a rows call written through a
// buffer on the stack when the outputs are not contiguous.
const rowsBatch = 64

// rows reduces the a.n runs of n elements at x[i+j*a.si] into
// d[o+j*a.so] with simd.ReduceRows.
func (rd *reducer[T, K]) rows(d, x []T, o, i int, a redAxis, n int) {
	if a.so == 1 {
		rd.reduceRows(d[o:o+a.n], x, i, a.si, n)
		return
	}
	var buf [rowsBatch]T
	for j := 0; j < a.n; j += rowsBatch {
		b := buf[:min(rowsBatch, a.n-j)]
		rd.reduceRows(b, x, i+j*a.si, a.si, n)
		for k, v := range b {
			d[o+(j+k)*a.so] = v
		}
	}
}

// reduceRows is simd.ReduceRows on the float type under T. The planner has
// proved every run in range, so an error is a bug.
func (rd *reducer[T, K]) reduceRows(dst, x []T, off, stride, n int) {
	var err error
	switch rd.r.fk {
	case kindFloat32:
		err = simd.ReduceRows(rd.elemOp(), asKind[float32](dst), asKind[float32](x), off, stride, n)
	case kindFloat64:
		err = simd.ReduceRows(rd.elemOp(), asKind[float64](dst), asKind[float64](x), off, stride, n)
	}
	if err != nil {
		panic("ops: internal error: " + err.Error())
	}
}

// odometer is an index over outer axes of a reduction, innermost first.
type odometer struct {
	buf [8]int
	ext []int // beyond 8 axes
}

// step advances the index over axes by one, moving the output and input
// offsets o and i along, and reports false when it wraps around to zero.
func (w *odometer) step(axes []redAxis, o, i *int) bool {
	idx := w.index(len(axes))
	for k := range axes {
		a := &axes[k]
		idx[k]++
		*o, *i = *o+a.so, *i+a.si
		if idx[k] < a.n {
			return true
		}
		*o, *i = *o-a.n*a.so, *i-a.n*a.si
		idx[k] = 0
	}
	return false
}

// index returns the index, of n axes.
func (w *odometer) index(n int) []int {
	if n <= len(w.buf) {
		return w.buf[:n]
	}
	if w.ext == nil {
		w.ext = make([]int, n)
	}
	return w.ext
}

// hcursor walks the leaves of one output element of a horizontal
// reduction: each run of the reduced outer axes, cut into leafLen pieces.
type hcursor struct {
	ns    *nest
	base  int // the input offset of the first run
	off   int // the input offset of the current run
	chunk int // the next piece of the current run
	runs  odometer
}

// seek positions c at leaf i.
func (c *hcursor) seek(i int) {
	per := (c.ns.run + leafLen - 1) / leafLen
	q := i / per
	c.chunk = i % per
	c.off = c.base
	idx := c.runs.index(len(c.ns.red()))
	for k, a := range c.ns.red() {
		idx[k] = q % a.n
		q /= a.n
		c.off += idx[k] * a.si
	}
}

// next returns the input offset and length of the next leaf.
func (c *hcursor) next() (off, n int) {
	ns := c.ns
	lo := c.chunk * leafLen
	off, n = c.off+lo*ns.iinc, min(leafLen, ns.run-lo)
	c.chunk++
	if c.chunk*leafLen < ns.run {
		return off, n
	}
	c.chunk = 0
	var o int // reduced axes do not move the output
	c.runs.step(ns.red(), &o, &c.off)
	return off, n
}

// full reports whether the next count leaves of c are whole leaves of
// its current run.
func (c *hcursor) full(count int) bool {
	return (c.chunk+count)*leafLen <= c.ns.run
}

// skip moves c past count leaves that full reported whole.
func (c *hcursor) skip(count int) {
	c.chunk += count
	if c.chunk*leafLen < c.ns.run {
		return
	}
	c.chunk = 0
	var o int // reduced axes do not move the output
	c.runs.step(c.ns.red(), &o, &c.off)
}

// htree folds the next count leaves of c by recursive halving.
func (rd *reducer[T, K]) htree(c *hcursor, x []T, count int) T {
	if count == 1 {
		off, n := c.next()
		return rd.fold(x, off, c.ns.iinc, n)
	}
	if count <= leafBatch && rd.r.fk != noKernel && c.ns.iinc == 1 && c.full(count) {
		// Whole leaves of one unit-stride run: simd.ReduceRows folds
		// them, four at once, to the values fold gives each, and the
		// same halving combines them.
		var buf [leafBatch]T
		v := buf[:count]
		rd.reduceRows(v, x, c.off+c.chunk*leafLen, leafLen, leafLen)
		c.skip(count)
		return rd.combine(v)
	}
	h := count / 2
	a := rd.htree(c, x, h)
	b := rd.htree(c, x, count-h)
	return rd.r.k.at(a, b)
}

// leafBatch is the number of leaves, at most, htree hands to
// simd.ReduceRows at once.
const leafBatch = 16

// combine combines leaf values by the recursive halving of htree.
func (rd *reducer[T, K]) combine(v []T) T {
	if len(v) == 1 {
		return v[0]
	}
	h := len(v) / 2
	return rd.r.k.at(rd.combine(v[:h]), rd.combine(v[h:]))
}

// fold reduces the n elements of x from off with stride inc: element i
// goes to accumulator i mod lanes, and the accumulators are then combined
// by halving, the upper half into the lower — the order of the vector
// kernels, so that they and this loop agree bit for bit.
func (rd *reducer[T, K]) fold(x []T, off, inc, n int) T {
	if inc == 1 { // simd.Reduce folds in this order
		switch rd.r.fk {
		case kindFloat32:
			v, _ := simd.Reduce(rd.elemOp(), asKind[float32](x[off:off+n]))
			return fromFloat[T](v)
		case kindFloat64:
			v, _ := simd.Reduce(rd.elemOp(), asKind[float64](x[off:off+n]))
			return fromFloat[T](v)
		}
	}
	k := rd.r.k
	lanes := rd.lanes
	var acc [maxLanes]T
	m := min(n, lanes)
	for j := range m {
		acc[j] = rd.read(x[off+j*inc])
	}
	i := m
	for ; i+lanes <= n; i += lanes {
		p := off + i*inc
		for j := range lanes {
			acc[j] = k.at(acc[j], rd.read(x[p+j*inc]))
		}
	}
	for j := 0; i < n; i, j = i+1, j+1 {
		acc[j] = k.at(acc[j], rd.read(x[off+i*inc]))
	}
	for w := lanes / 2; w >= 1; w /= 2 {
		for j := 0; j < w && j+w < m; j++ {
			acc[j] = k.at(acc[j], acc[j+w])
		}
	}
	return acc[0]
}

// fromFloat reinterprets a float as T, a type whose underlying type it
// is.
func fromFloat[T any, E float32 | float64](e E) T { return *(*T)(unsafe.Pointer(&e)) }

// vertical reduces the rows of the reduced axes into the output run at
// offset o, tile by tile: the output elements of a tile are independent,
// so tiles change nothing in the result.
func (rd *reducer[T, K]) vertical(ns *nest, d, x []T, o, i int, bufs []T) {
	for c0 := 0; c0 < ns.run; c0 += tileLen {
		w := min(tileLen, ns.run-c0)
		c := vcursor{ns: ns, off: i + c0*ns.iinc}
		dst := bufs[:w]
		rd.vtree(&c, x, ns.leaves, dst, bufs[roundLine[T](w):], w)
		p := o + c0*ns.oinc
		if ns.oinc == 1 {
			copy(d[p:p+w], dst)
			continue
		}
		for j, v := range dst {
			d[p+j*ns.oinc] = v
		}
	}
}

// alignedMake returns n zeroed elements starting on a 64-byte line
// boundary: simd runs its AVX-512 kernels only on operands that start on
// one, so a vertical reduction's accumulators are placed there.
func alignedMake[T any](n int) []T {
	return lineAligned(make([]T, n+roundLine[T](1)), n)
}

// alignedScratch is alignedMake in buffer i of s, from the scratch pool.
func alignedScratch[T tensor.Number](s *scratch, i, n int) []T {
	b := lineAligned(scratchBuf[T](s, i, n+roundLine[T](1)), n)
	clear(b)
	return b
}

// lineAligned returns the n elements of b from its first on a 64-byte
// line boundary; b has a line's elements more than n.
func lineAligned[T any](b []T, n int) []T {
	off := int((64-uintptr(unsafe.Pointer(unsafe.SliceData(b)))%64)%64) / int(unsafe.Sizeof(b[0]))
	return b[off : off+n : off+n]
}

// roundLine rounds n elements of T up to whole 64-byte lines.
func roundLine[T any](n int) int {
	var z T
	line := 64 / int(unsafe.Sizeof(z))
	return (n + line - 1) / line * line
}

// vcursor walks the rows of a vertical reduction: one per index of the
// reduced outer axes.
type vcursor struct {
	ns   *nest
	off  int
	rows odometer
	row  int
}

// next returns the input offset of the next row.
func (c *vcursor) next() int {
	off := c.off
	c.row++
	var o int // reduced axes do not move the output
	c.rows.step(c.ns.red(), &o, &c.off)
	return off
}

// seek positions c at row r of the reduced axes, from the input offset
// of row 0.
func (c *vcursor) seek(r int) {
	c.row = r
	idx := c.rows.index(len(c.ns.red()))
	for k, a := range c.ns.red() {
		idx[k] = r % a.n
		r /= a.n
		c.off += idx[k] * a.si
	}
}

// run returns how many rows from the current one follow each other at a
// constant stride, the rest of the innermost reduced axis, and that
// stride. There is a reduced axis: the leaf has rows left.
func (c *vcursor) run() (n, stride int) {
	a := c.ns.red()[0]
	return a.n - c.rows.index(len(c.ns.red()))[0], a.si
}

// skip moves c on by k rows, at most those of run.
func (c *vcursor) skip(k int) {
	if k == 0 {
		return
	}
	a := c.ns.red()[0]
	idx := c.rows.index(len(c.ns.red()))
	idx[0] += k - 1
	c.off += (k - 1) * a.si
	c.row += k - 1
	c.next() // the last step may carry into the outer axes
}

// vtree reduces the next count leaves of c.ns.leafRows rows of c into dst (w
// elements), with spare holding the buffers of the deeper levels.
func (rd *reducer[T, K]) vtree(c *vcursor, x []T, count int, dst, spare []T, w int) {
	if count == 1 {
		rows := min(c.ns.leafRows, c.ns.rows-c.row)
		inc := c.ns.iinc
		off := c.next()
		if inc == 1 && rd.r.fk != noKernel {
			init := x[off : off+w]
			if rd.skipNaN { // the first row is read too; init is not
				rd.readRow(dst, init)
				init = dst
			}
			rd.foldRows(c, x, init, dst, rows-1)
			return
		}
		// Not simd's: no float type, so no NaN to skip on a unit stride.
		if inc == 1 {
			copy(dst, x[off:off+w])
		} else {
			for j := range dst {
				dst[j] = rd.read(x[off+j*inc])
			}
		}
		for range rows - 1 {
			rd.accumulate(dst, x, c.next(), inc)
		}
		return
	}
	h := count / 2
	rd.vtree(c, x, h, dst, spare, w)
	tmp := spare[:w]
	rd.vtree(c, x, count-h, tmp, spare[roundLine[T](w):], w)
	rd.r.vv(dst, dst, tmp)
}

// foldRows sets dst to init combined with the next rows rows of c, which
// are unit-stride, float and of a reduction simd has kernels for: each
// call of simd.FoldRows takes the rows that follow each other at one
// stride (the rest of the innermost reduced axis), so dst is read and
// written once per such run rather than once per row. The bits are those
// of accumulating row by row.
func (rd *reducer[T, K]) foldRows(c *vcursor, x, init, dst []T, rows int) {
	for {
		k, stride := 0, 0
		if rows > 0 {
			k, stride = c.run()
			k = min(k, rows)
		}
		if !rd.r.foldRows(rd.elemOp(), dst, init, x, c.off, stride, k) {
			panic("ops: internal error: simd.FoldRows refused a leaf's rows")
		}
		c.skip(k)
		if k == rows {
			return
		}
		rows -= k
		init = dst
	}
}

// accumulate sets dst[j] = dst[j] op x[off+j*inc].
func (rd *reducer[T, K]) accumulate(dst, x []T, off, inc int) {
	if inc == 1 {
		rd.r.vv(dst, dst, x[off:off+len(dst)])
		return
	}
	k := rd.r.k
	for j := range dst {
		dst[j] = k.at(dst[j], rd.read(x[off+j*inc]))
	}
}

// readRow sets dst to the unit-stride row x of a float type as the
// reduction reads it: NaN as +0 (skipNaN, NanSum's identity).
func (rd *reducer[T, K]) readRow(dst, x []T) {
	switch rd.r.fk {
	case kindFloat32:
		_ = simd.ReplaceNaN(asKind[float32](dst), asKind[float32](x), 0)
	case kindFloat64:
		_ = simd.ReplaceNaN(asKind[float64](dst), asKind[float64](x), 0)
	}
}

// splitTree reduces a horizontal nest with no kept axis (one output
// element) on n goroutines: the subtrees of the top levels of the tree go
// to the goroutines and their results are combined as the serial walk
// would, so the result does not depend on n.
func (rd *reducer[T, K]) splitTree(nsp *nest, d, x []T, n int) {
	// The goroutines capture copies: captured, rd and nsp would move the
	// caller's reducer and nest to the heap on every call, split or not.
	r, ns := *rd, *nsp
	depth := bits.Len(uint(n - 1)) // 2^depth >= n subtrees
	tasks := subtrees(ns.leaves, depth)
	vals := make([]T, len(tasks))
	workers := min(n, len(tasks))
	par.Do(workers, func(w int) {
		for t := w; t < len(tasks); t += workers {
			c := hcursor{ns: &ns, base: ns.start[1]}
			c.seek(tasks[t][0])
			vals[t] = r.htree(&c, x, tasks[t][1])
		}
	})
	d[ns.start[0]] = combineSubtrees(vals, ns.leaves, depth, func(a, b T) T { return r.r.k.at(a, b) })
}

// combineSubtrees combines the values of the subtrees of the top depth
// levels of the tree of count leaves (subtrees' tasks, in order) by op, as
// the serial walk of the whole tree combines them.
func combineSubtrees[V any](vals []V, count, depth int, op func(a, b V) V) V {
	next := 0
	var combine func(count, depth int) V
	combine = func(count, depth int) V {
		if depth == 0 || count == 1 {
			next++
			return vals[next-1]
		}
		h := count / 2
		a := combine(h, depth-1)
		return op(a, combine(count-h, depth-1))
	}
	return combine(count, depth)
}

// subtrees returns the subtrees of the top depth levels of the tree of
// count leaves, as the serial walk halves it: each one's first leaf and
// count of leaves, in the walk's order.
func subtrees(count, depth int) [][2]int {
	var tasks [][2]int
	var split func(start, count, depth int)
	split = func(start, count, depth int) {
		if depth == 0 || count == 1 {
			tasks = append(tasks, [2]int{start, count})
			return
		}
		h := count / 2
		split(start, h, depth-1)
		split(start+h, count-h, depth-1)
	}
	split(0, count, depth)
	return tasks
}

// splitRowsBytes and splitRowsMin are verticalSplit's bounds: output runs
// of fewer bytes are split by their rows rather than along the run (parts
// of a narrow run share the input's lines, and ran slower than one
// goroutine; see BENCHMARKS.md), inputs of fewer bytes not at all.
const (
	splitRowsBytes = 4096
	splitRowsMin   = 8 << 20
)

// splitRows reduces a vertical nest with no kept outer axis (one output
// run of at most tileLen elements) on n goroutines: the subtrees of the
// top levels of its tree of leaves go to the goroutines, each reading its
// rows, and their rows of results are combined as the serial walk would
// combine them, so the result does not depend on n.
func (rd *reducer[T, K]) splitRows(nsp *nest, d, x []T, n int) {
	r, ns := *rd, *nsp // copies for the goroutines, as in splitTree
	depth := bits.Len(uint(n - 1))
	tasks := subtrees(ns.leaves, depth)
	w := ns.run
	lw := roundLine[T](w)
	res := make([][]T, len(tasks))
	workers := min(n, len(tasks))
	par.Do(workers, func(g int) {
		for t := g; t < len(tasks); t += workers {
			levels := bits.Len(uint(tasks[t][1])) + 1
			buf := alignedMake[T]((levels + 1) * lw)
			c := vcursor{ns: &ns, off: ns.start[1]}
			c.seek(tasks[t][0] * ns.leafRows)
			r.vtree(&c, x, tasks[t][1], buf[:w], buf[lw:], w)
			res[t] = buf[:w]
		}
	})
	out := combineSubtrees(res, ns.leaves, depth, func(a, b []T) []T {
		r.r.vv(a, a, b)
		return a
	})
	o := ns.start[0]
	for j, v := range out {
		d[o+j*ns.oinc] = v
	}
}
