package ops

import (
	"math/bits"
	"unsafe"

	"github.com/tessera-go/tessera/internal/copier"
	"github.com/tessera-go/tessera/internal/mem"
	"github.com/tessera-go/tessera/internal/par"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/tensor"
)

// Mapped reductions. A mapped reduction reduces f(x) rather than the
// elements x of its input: a variance sums (x - mean)², a NaN-skipping sum sums x
// with NaN read as 0. The mapping is the reduction's element hook: an
// elemMap computes the mapped elements a block at a time into a temporary
// of about mapBlock bytes, which the reducer then reduces while it is in
// cache, so that any reducer and any mapping combine into one operation
// without a path of their own. The blocks are cut so that the result has
// the bits of reducing the whole mapped input at once (see planMapped).

// mapBlock is the size in bytes of the mapped elements computed at once,
// when the work can be split (see planMapped): a block stays in L2
// between being written and being reduced. A variable for the tests.
var mapBlock = 1 << 20

// keptNew runs run, a reduction over axes of an input of layout lay, into
// a new tensor of R: run writes the result into d, the row-major operand
// of the kept shape (the reduced axes of size 1), given the input's shape
// and the set of reduced axes.
func keptNew[R tensor.Element](op string, lay layout.Layout, axes []int, keepDims bool, run func(d *operand[R], shape []int, set uint64) error) (tensor.Tensor[R], error) {
	var sb, kb, db [8]int
	shape := lay.AppendShape(sb[:0])
	set, err := reduceAxes(op, len(shape), axes)
	if err != nil {
		return tensor.Tensor[R]{}, err
	}
	keep, drop := appendReduced(kb[:0], db[:0], shape, set)
	rshape := drop
	if keepDims {
		rshape = keep
	}
	out, err := newResult[R](op, rshape)
	if err != nil {
		return out, err
	}
	kl, _ := layout.RowMajor(keep...) // out is row-major: the same elements
	d := operand[R]{data: out.Data(), lay: kl}
	if err := run(&d, shape, set); err != nil {
		return tensor.Tensor[R]{}, err
	}
	return out, nil
}

// keptInto runs run, as keptNew does, into a row-major temporary of the
// result's size, and copies that into dst once run has succeeded: dst,
// checked first, may share memory with v, and nothing is written on error.
func keptInto[T tensor.Number](op string, dst *operand[T], v tensor.View[T], axes []int, run func(d *operand[T], shape []int, set uint64) error) error {
	var sb, kb [8]int
	shape := v.Layout().AppendShape(sb[:0])
	set, err := reduceAxes(op, len(shape), axes)
	if err != nil {
		return err
	}
	keep, err := reduceDst(op, dst, shape, set, kb[:0])
	if err != nil {
		return err
	}
	var sc scratch
	defer sc.release()
	d := operand[T]{data: scratchOrMake[T](&sc, 3, shapeSize(keep))}
	d.lay, _ = layout.RowMajor(keep...)
	if err := run(&d, shape, set); err != nil {
		return err
	}
	copier.Move(dst.data, &dst.lay, d.data, &d.lay, copier.Part{})
	return nil
}

// elemMap computes the elements a mapped reduction reduces. Each method
// sets dev, a row-major view of src's shape over fresh memory, to f of
// src's elements; src is the whole input (whole), its slice [lo, hi) along
// axis k (block), or rows of the input reshaped to [rows, w] with the
// reduced axes first (rows). The methods take and keep no pointer to the
// caller's variables: called through a type parameter, whatever they take
// would move to the heap.
type elemMap[T tensor.Number] interface {
	whole(dev, src tensor.View[T])
	block(dev, src tensor.View[T], k, lo, hi int)
	rows(dev, src tensor.View[T])
}

// unMap maps each element by the unary operation k (see elemMap).
type unMap[T tensor.Number, K unOp[T]] struct{ k K }

func (m unMap[T, K]) whole(dev, src tensor.View[T])              { m.into(dev, src) }
func (m unMap[T, K]) block(dev, src tensor.View[T], _, _, _ int) { m.into(dev, src) }
func (m unMap[T, K]) rows(dev, src tensor.View[T])               { m.into(dev, src) }

// into sets dev, fresh and of src's shape, to k of src's elements.
func (m unMap[T, K]) into(dev, src tensor.View[T]) {
	if err := unaryInto("map", m.k, operandOf(&dev), operandOf(&src)); err != nil {
		panic("ops: internal error: " + err.Error())
	}
}

// mappedPlan is how a mapped reduction of an input cuts its work: whole,
// through one temporary of the input's size, or in blocks of c indices
// along axis k (of rows), each block's results computed from a block of
// the input as the whole would compute them (a reduction gives every
// result the same bits whatever split of its kept axes it runs in, parts
// of at least 2 along each).
type mappedPlan struct {
	whole        bool
	k, c, rows   int
	per, workers int
}

// planMapped plans the mapped reduction of v over the axes of set into d,
// an operand of the kept shape, and returns an error wrapping
// layout.ErrOverflow, before any work, when a temporary would be too
// large (a broadcast v can be). The blocks cut the first kept axis longer
// than 1; with no such axis, an empty v, or a d that shares memory with v
// (which the first block would overwrite before the last is read), the
// plan is whole: one temporary of v's size, unless mappedFlat cuts a
// contiguous v into blocks of its tree of leaves.
func planMapped[T tensor.Number](op string, d *operand[T], v tensor.View[T], set uint64) (mappedPlan, error) {
	in := operandOf(&v)
	var sb [8]int
	shape := in.lay.AppendShape(sb[:0])
	size := int(unsafe.Sizeof(*new(T)))
	k := -1
	for a, n := range shape {
		if set&(1<<a) == 0 && n > 1 {
			k = a
			break
		}
	}
	if shared := mem.Overlaps(d.data, &d.lay, in.data, &in.lay); k < 0 || in.lay.Size() == 0 || shared {
		if in.lay.Size() > mem.MaxBytes/size {
			return mappedPlan{}, tempTooLarge(op, 1, in.lay.Size())
		}
		return mappedPlan{whole: true}, nil
	}
	rows := shape[k]
	per := v.Size() / rows // elements of v per index along k
	// Blocks (and goroutines' parts) of at least 2 along k: with 1, the
	// reduced axes on either side of k would merge into longer runs,
	// which a reduction reduces in another order.
	c := 2
	if per <= mapBlock/size { // per*size does not overflow
		c = max(2, mapBlock/(per*size))
	}
	if k == len(shape)-1 {
		// k innermost: a block's rows are c elements long, and short
		// ones cost a call each.
		c = max(c, 1024/size)
	}
	c = min(c, rows)
	if per > mem.MaxBytes/size/(c+1) {
		return mappedPlan{}, tempTooLarge(op, c+1, per)
	}
	w := min(par.Workers(v.Size()*size), (rows+c-1)/c, rows/2)
	if c == 2 && per > mapBlock/(2*size) {
		w = 1 // blocks large enough to be split by the operations themselves
	}
	return mappedPlan{k: k, c: c, rows: rows, per: per, workers: w}, nil
}

func tempTooLarge(op string, m, n int) error {
	return errorf(op, layout.ErrOverflow, "a temporary of %d x %d elements would exceed the largest allocation", m, n)
}

// runMapped reduces m's mapping of v over the axes of set into d by rd, as
// p plans it. The first temporary is buffer 1 of sc (the pool, up to
// par.MinBytes); other goroutines make their own.
func runMapped[T tensor.Number, K binOp[T], M elemMap[T]](p *mappedPlan, rd reducer[T, K], d *operand[T], v tensor.View[T], set uint64, m M, sc *scratch) {
	if p.whole {
		if mappedFlat(rd, d, v, m) {
			return
		}
		dev := devOf(scratchOrMake[T](sc, 1, v.Size()), v)
		m.whole(dev, v)
		rd.run(d, operandOf(&dev))
		return
	}
	if mappedRows(rd, d, v, set, m) {
		return
	}
	buf := scratchOrMake[T](sc, 1, (p.c+1)*p.per)
	dv, _ := tensor.NewView(d.data, d.lay)
	if p.workers == 1 {
		mappedBlocks(rd, dv, v, m, p.k, p.c, 0, p.rows, buf)
		return
	}
	mappedParts(rd, dv, v, m, p, buf)
}

// devOf returns the row-major view of src's shape over buf, which holds at
// least src's size.
func devOf[T tensor.Number](buf []T, src tensor.View[T]) tensor.View[T] {
	var sb [8]int
	lay, _ := layout.RowMajor(src.Layout().AppendShape(sb[:0])...)
	dev, _ := tensor.NewView(buf[:lay.Size()], lay)
	return dev
}

// mappedParts runs mappedBlocks over p's rows along p.k on p.workers
// goroutines, the first with buf and each other with a buffer of buf's
// length: a function of its own, so that what the goroutines capture
// moves to the heap only when it runs.
func mappedParts[T tensor.Number, K binOp[T], M elemMap[T]](rd reducer[T, K], d, v tensor.View[T], m M, p *mappedPlan, buf []T) {
	k, c, rows, w := p.k, p.c, p.rows, p.workers
	par.Do(w, func(i int) {
		b := buf
		if i > 0 {
			b = make([]T, len(buf))
		}
		lo, hi := int64(i)*int64(rows)/int64(w), int64(i+1)*int64(rows)/int64(w) // no overflow where int has 32 bits
		mappedBlocks(rd, d, v, m, k, c, int(lo), int(hi), b)
	})
}

// mappedBlocks reduces indices lo to hi along axis k of m's mapping of v
// into d, in blocks of c indices (the last one c+1 rather than leave a
// block of 1), through buf.
func mappedBlocks[T tensor.Number, K binOp[T], M elemMap[T]](rd reducer[T, K], d, v tensor.View[T], m M, k, c, lo, hi int, buf []T) {
	for a, b := lo, 0; a < hi; a = b {
		if b = min(a+c, hi); hi-b == 1 {
			b = hi // no block of 1 at the end
		}
		vb, _ := v.Slice(k, a, b, 1)
		db, _ := d.Slice(k, a, b, 1)
		dev := devOf(buf, vb)
		m.block(dev, vb, k, a, b)
		rd.run(operandOf(&db), operandOf(&dev))
	}
}

// mappedRows reduces m's mapping of v into d, over the axes of set, as
// reducing the whole mapped v would, and reports whether it did: when
// the reduced axes come first and the kept ones after them (down the
// columns of a matrix), d is contiguous, v reshapes to [rows, run] without
// a copy, its rows fill at least two leaves of the reduction's tree, its
// run is too wide to be widened (see widened) and v is larger than
// mapBlock. The kept axes are then the run, which the blocks of
// planMapped would cut into short pieces or not at all (a temporary of
// v's size). Instead the rows are cut as the reduction cuts them into its
// tree of leaves: the subtrees of the top levels (about mapBlock bytes
// each), whose mapped elements are computed into a buffer and reduced as a
// reduction of their own, which gives each subtree's value bit for bit,
// and the subtrees' rows of results are combined as the tree combines
// them, as splitRows does. The subtrees run on the goroutines v's size
// calls for.
func mappedRows[T tensor.Number, K binOp[T], M elemMap[T]](rd reducer[T, K], d *operand[T], v tensor.View[T], set uint64, m M) bool {
	size := int(unsafe.Sizeof(*new(T)))
	shape := v.Shape()
	rows, w, ok := leadingReduced(shape, set)
	if !ok || !d.lay.IsContiguous() {
		return false
	}
	lr := leafRows(w)
	leaves := (rows + lr - 1) / lr
	inBytes := rows * w * size
	if w*size < narrowBytes || leaves < 2 || inBytes <= mapBlock {
		return false
	}
	v2, err := v.Reshape(rows, w)
	if err != nil {
		return false // rows that do not merge: the blocks of planMapped
	}
	mappedSubtrees(rd, d, v2, m, rows, w, lr, leaves, inBytes)
	return true
}

// leadingReduced reports whether the axes of set are the leading axes of
// shape, at least one and not all of them (a reduction down the columns
// of a matrix), and returns the elements of those axes (rows) and of the
// kept ones (w).
func leadingReduced(shape []int, set uint64) (rows, w int, ok bool) {
	r := bits.TrailingZeros64(^set)
	if set != 1<<r-1 || r == 0 || r == len(shape) {
		return 0, 0, false
	}
	rows, w = 1, 1
	for k, n := range shape {
		if k < r {
			rows *= n
		} else {
			w *= n
		}
	}
	return rows, w, true
}

// mappedFlat reduces m's mapping of v into d, its one result, as reducing
// the whole mapped v would, and reports whether it did: when v is
// row-major and contiguous and larger than mapBlock, its reduction is one
// run cut into leaves of leafLen elements, combined by halving, so v is
// cut into the subtrees of the top levels of that tree (about mapBlock
// bytes each) as mappedRows cuts rows, v seen as [size, 1], whose
// reduction down its one column has the same leaves.
func mappedFlat[T tensor.Number, K binOp[T], M elemMap[T]](rd reducer[T, K], d *operand[T], v tensor.View[T], m M) bool {
	size := int(unsafe.Sizeof(*new(T)))
	n := v.Size()
	inBytes := n * size
	leaves := (n + leafLen - 1) / leafLen
	if len(d.data) == 0 || d.lay.Size() != 1 || !v.IsContiguous() || inBytes <= mapBlock || leaves < 2 {
		return false
	}
	v2, err := v.Reshape(n, 1)
	if err != nil {
		panic("ops: internal error: " + err.Error())
	}
	mappedSubtrees(rd, d, v2, m, n, 1, leafLen, leaves, inBytes)
	return true
}

// mappedSubtrees is mappedRows once it applies, on v2, v reshaped to
// [rows, w]: a function of its own, so that what its goroutines capture
// moves to the heap only when it runs.
func mappedSubtrees[T tensor.Number, K binOp[T], M elemMap[T]](rd reducer[T, K], d *operand[T], v2 tensor.View[T], m M, rows, w, lr, leaves, inBytes int) {
	ml, _ := layout.RowMajor(1, w)
	// 2^depth subtrees of at most about mapBlock bytes.
	depth := bits.Len(uint((inBytes - 1) / mapBlock))
	tasks := subtrees(leaves, depth)
	most := 0
	for _, t := range tasks {
		most = max(most, t[1])
	}
	res := make([][]T, len(tasks))
	workers := min(par.Workers(inBytes), len(tasks))
	par.Do(workers, func(g int) {
		buf := make([]T, most*lr*w)
		for t := g; t < len(tasks); t += workers {
			r0 := tasks[t][0] * lr
			part, err := v2.Slice(0, r0, min(rows, r0+tasks[t][1]*lr), 1)
			if err != nil {
				panic("ops: internal error: " + err.Error())
			}
			sum := make([]T, w)
			dev := devOf(buf, part)
			m.rows(dev, part)
			rd.run(&operand[T]{data: sum, lay: ml}, operandOf(&dev))
			res[t] = sum
		}
	})
	out := combineSubtrees(res, leaves, depth, func(a, b []T) []T {
		rd.r.vv(a, a, b)
		return a
	})
	off := d.lay.Offset()
	copy(d.data[off:off+w], out)
}
