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

// The statistics of floats. Mean, Var and Std reduce the given axes as Sum
// does (see Sum for the axes, the three forms and the errors): Mean is the
// accurate Sum divided by the number n of elements reduced into each
// result; Var is the mean squared deviation from the mean, computed in two
// passes as NumPy's var (the mean, then the pairwise sum of the squared
// deviations divided by n-ddof), which is stable where the one-pass
// formula E[x²]-E[x]² loses every digit; Std is the square root of Var.
// A reduction of no elements gives NaN, as NumPy's (which also warns),
// and so does n-ddof <= 0 unless the deviations sum to a nonzero value
// (then ±Inf).

// Mean returns the arithmetic mean of the elements of v along axes: their
// pairwise Sum divided by their number, NaN for none. The axes, forms and
// errors are those of every reduction (see Sum).
func Mean[T tensor.Float](v tensor.View[T], axes ...int) (tensor.Tensor[T], error) {
	return meanNew("Mean", v, axes, false)
}

// MeanKeepDims is Mean keeping the reduced axes as size 1.
func MeanKeepDims[T tensor.Float](v tensor.View[T], axes ...int) (tensor.Tensor[T], error) {
	return meanNew("MeanKeepDims", v, axes, true)
}

// MeanInto writes the mean of the elements of v along axes into dst.
func MeanInto[T tensor.Float](dst, v tensor.View[T], axes ...int) error {
	if err := reduceInto("MeanInto", sumReducer[T](), dst, v, axes); err != nil {
		return err
	}
	n, _ := reducedCount("MeanInto", v, axes)
	return scaleInto(dst, n)
}

func meanNew[T tensor.Float](op string, v tensor.View[T], axes []int, keepDims bool) (tensor.Tensor[T], error) {
	t, err := reduceNew(op, sumReducer[T](), v, axes, keepDims)
	if err != nil {
		return t, err
	}
	n, _ := reducedCount(op, v, axes)
	return t, scaleInto(t.View(), n)
}

// Var returns the variance of the elements of v along axes with ddof
// delta degrees of freedom: the sum of (x - mean)² divided by n - ddof, so
// 0 gives the population variance and 1 the unbiased sample variance. The
// squared deviations are computed into a temporary a block of results at
// a time, about 1 MiB, along the first axis that is kept and longer than
// 1 (or a slice of v along it, where one is larger), and summed while in
// cache; down the columns (the reduced axes first, the kept ones after
// them), a block of rows at a time, cut as the sum's pairwise tree cuts
// them, so the bits are those of one temporary; reducing every axis, or
// into a dst that shares memory with v, takes a temporary of v's size, as
// NumPy always does (an error wrapping layout.ErrOverflow when that is
// too large). The means and temporaries of up to 4 MiB come from a pool
// (see the package documentation): VarInto allocates nothing for a v of
// up to 1 MiB.
func Var[T tensor.Float](v tensor.View[T], ddof int, axes ...int) (tensor.Tensor[T], error) {
	return varNew("Var", v, ddof, axes, false, false)
}

// VarKeepDims is Var keeping the reduced axes as size 1.
func VarKeepDims[T tensor.Float](v tensor.View[T], ddof int, axes ...int) (tensor.Tensor[T], error) {
	return varNew("VarKeepDims", v, ddof, axes, true, false)
}

// VarInto writes the variance of the elements of v along axes into dst.
func VarInto[T tensor.Float](dst, v tensor.View[T], ddof int, axes ...int) error {
	return varInto("VarInto", dst, v, ddof, axes, false)
}

// Std returns the standard deviation of the elements of v along axes with
// ddof delta degrees of freedom: the square root of Var.
func Std[T tensor.Float](v tensor.View[T], ddof int, axes ...int) (tensor.Tensor[T], error) {
	return varNew("Std", v, ddof, axes, false, true)
}

// StdKeepDims is Std keeping the reduced axes as size 1.
func StdKeepDims[T tensor.Float](v tensor.View[T], ddof int, axes ...int) (tensor.Tensor[T], error) {
	return varNew("StdKeepDims", v, ddof, axes, true, true)
}

// StdInto writes the standard deviation of the elements of v along axes
// into dst.
func StdInto[T tensor.Float](dst, v tensor.View[T], ddof int, axes ...int) error {
	return varInto("StdInto", dst, v, ddof, axes, true)
}

func varNew[T tensor.Float](op string, v tensor.View[T], ddof int, axes []int, keepDims, std bool) (tensor.Tensor[T], error) {
	set, err := reduceAxes(op, v.Rank(), axes)
	if err != nil {
		return tensor.Tensor[T]{}, err
	}
	keep, drop := reducedShapes(v.Shape(), set)
	shape := drop
	if keepDims {
		shape = keep
	}
	out, err := newResult[T](op, shape)
	if err != nil {
		return out, err
	}
	kl, _ := layout.RowMajor(keep...) // out is row-major: the same elements
	div, err := squaredDeviations(op, &operand[T]{data: out.Data(), lay: kl}, v, ddof, axes, set)
	if err != nil {
		return out, err
	}
	return out, finishVar(out.View(), div, std)
}

func varInto[T tensor.Float](op string, dst, v tensor.View[T], ddof int, axes []int, std bool) error {
	// dst is checked before the deviations are computed: a wrong dst is
	// found without the work and the temporary.
	set, err := reduceAxes(op, v.Rank(), axes)
	if err != nil {
		return err
	}
	var sb, kb [8]int
	d := operandOf(&dst)
	keep, err := reduceDst(op, d, operandOf(&v).lay.AppendShape(sb[:0]), set, kb[:0])
	if err != nil {
		return err
	}
	if d.lay.IsContiguous() {
		div, err := squaredDeviations(op, d, v, ddof, axes, set)
		if err != nil {
			return err
		}
		return finishVar(dst, div, std)
	}
	// As reduceInto: the bits of a row-major destination.
	var sc scratch
	defer sc.release()
	tmp := rowMajorTemp(&sc, d, keep)
	div, err := squaredDeviations(op, &tmp, v, ddof, axes, set)
	if err != nil {
		return err
	}
	copier.Move(d.data, &d.lay, tmp.data, &tmp.lay, copier.Part{})
	return finishVar(dst, div, std)
}

// varBlock is the size in bytes of the squared deviations Var computes at
// once, when it can split them (see Var): a block stays in L2 between
// being written and being summed. A variable for the tests.
var varBlock = 1 << 20

// squaredDeviations sums the squared deviations of v's elements from
// their means over the axes set into d, an operand of the kept shape, and
// returns the divisor of the sums, max(n-ddof, 0). It cuts the work in
// blocks along the first kept axis longer than 1, each block's results
// computed from a block of v as the whole would compute them (a reduction
// gives every result the same bits whatever split of its kept axes it
// runs in, parts of at least 2 along each), through a temporary of about
// varBlock bytes; the blocks run on the goroutines v's size calls for.
// With no such axis, an empty v, or a d that shares memory with v (which
// the first block would overwrite before the last is read), the temporary
// has v's size.
func squaredDeviations[T tensor.Float](op string, d *operand[T], v tensor.View[T], ddof int, axes []int, set uint64) (int, error) {
	n, err := reducedCount(op, v, axes)
	if err != nil {
		return 0, err
	}
	// The means and the squared deviations come from the pool, up to
	// par.MinBytes each: VarInto then allocates nothing for a v of up to
	// varBlock bytes (sqDevRows, for larger ones, allocates its
	// subtrees' sums). The temporaries are sized, and refused when too
	// large (a broadcast v can be), before any work.
	var sc scratch
	defer sc.release()
	div := max(n-ddof, 0)
	rd := newReducer(addOp[T]{}, 0, true)
	in := operandOf(&v)
	var sb [8]int
	shape := in.lay.AppendShape(sb[:0])
	size := int(unsafe.Sizeof(*new(T)))
	k := -1 // the axis to cut
	for a, n := range shape {
		if set&(1<<a) == 0 && n > 1 {
			k = a
			break
		}
	}
	if shared := mem.Overlaps(d.data, &d.lay, in.data, &in.lay); k < 0 || in.lay.Size() == 0 || shared {
		dev, err := varTemp[T](op, &sc, 1, in.lay.Size())
		if err != nil {
			return 0, err
		}
		sqDevBlock(rd, d, dev, v, meansOf(&sc, v, set, n))
		return div, nil
	}
	rows := shape[k]
	per := v.Size() / rows // elements of v per index along k
	// Blocks (and goroutines' parts) of at least 2 along k: with 1, the
	// reduced axes on either side of k would merge into longer runs,
	// which a reduction sums in another order.
	c := 2
	if per <= varBlock/size { // per*size does not overflow
		c = max(2, varBlock/(per*size))
	}
	if k == len(shape)-1 {
		// k innermost: a block's rows are c elements long, and short ones
		// cost a call each (a column variance of [4096,4096] float32: 32
		// ms in blocks of 64 columns, 25.5 in blocks of 256).
		c = max(c, 1024/size)
	}
	c = min(c, rows)
	if per > mem.MaxBytes/size/(c+1) { // before the means: varTemp's bound
		return 0, tempTooLarge(op, c+1, per)
	}
	mean := meansOf(&sc, v, set, n)
	if sqDevRows(rd, d, v, mean, set) {
		return div, nil
	}
	w := min(par.Workers(v.Size()*size), (rows+c-1)/c, rows/2)
	if c == 2 && per > varBlock/(2*size) {
		w = 1 // blocks large enough to be split by the operations themselves
	}
	// The first goroutine's buffer from the pool (sqDevParts makes the
	// others').
	buf, _ := varTemp[T](op, &sc, c+1, per) // checked above
	dv, _ := tensor.NewView(d.data, d.lay)
	if w == 1 {
		sqDevBlocks(rd, dv, v, mean, k, c, 0, rows, buf)
		return div, nil
	}
	sqDevParts(rd, dv, v, mean, k, c, rows, w, buf)
	return div, nil
}

// varTemp returns a buffer of m times n elements, buffer 1 of sc as
// scratchOrMake gives it, or the error of op wrapping layout.ErrOverflow
// beyond mem.MaxBytes.
func varTemp[T tensor.Float](op string, sc *scratch, m, n int) ([]T, error) {
	if n > mem.MaxBytes/int(unsafe.Sizeof(*new(T)))/m { // m*n*size may overflow
		return nil, tempTooLarge(op, m, n)
	}
	return scratchOrMake[T](sc, 1, m*n), nil
}

func tempTooLarge(op string, m, n int) error {
	return errorf(op, layout.ErrOverflow, "a temporary of %d x %d elements would exceed the largest allocation", m, n)
}

// sqDevParts runs sqDevBlocks over rows indices along axis k on w
// goroutines, the first with buf and each other with a buffer of buf's
// length: a function of its own, so that what the goroutines capture
// moves to the heap only when it runs.
func sqDevParts[T tensor.Float](rd reducer[T, addOp[T]], d, v, mean tensor.View[T], k, c, rows, w int, buf []T) {
	par.Do(w, func(i int) {
		b := buf
		if i > 0 {
			b = make([]T, len(buf))
		}
		sqDevBlocks(rd, d, v, mean, k, c, i*rows/w, (i+1)*rows/w, b)
	})
}

// sqDevBlocks computes indices lo to hi along axis k of the sums of
// squared deviations of v from mean into d by sqDevBlock, in blocks of c
// indices (the last one c+1 rather than leave a block of 1), through buf.
func sqDevBlocks[T tensor.Float](rd reducer[T, addOp[T]], d, v, mean tensor.View[T], k, c, lo, hi int, buf []T) {
	for a, b := lo, 0; a < hi; a = b {
		if b = min(a+c, hi); hi-b == 1 {
			b = hi // no block of 1 at the end
		}
		vb, _ := v.Slice(k, a, b, 1)
		mb, _ := mean.Slice(k, a, b, 1)
		db, _ := d.Slice(k, a, b, 1)
		sqDevBlock(rd, operandOf(&db), buf, vb, mb)
	}
}

// meansOf returns the means of v's elements over the axes of set, n of
// them in each, as a row-major view of the kept shape (the reduced axes
// of size 1) in buffer 0 of sc: Mean's values, as Var's deviations need
// them.
func meansOf[T tensor.Float](sc *scratch, v tensor.View[T], set uint64, n int) tensor.View[T] {
	in := operandOf(&v)
	var sb, kb, db [8]int
	keep, _ := appendReduced(kb[:0], db[:0], in.lay.AppendShape(sb[:0]), set)
	kl, _ := layout.RowMajor(keep...)
	d := operand[T]{data: scratchOrMake[T](sc, 0, kl.Size()), lay: kl}
	rd := newReducer(addOp[T]{}, 0, true)
	rd.run(&d, in)
	m, _ := tensor.NewView(d.data, kl)
	if err := scaleInto(m, n); err != nil {
		panic("ops: internal error: " + err.Error())
	}
	return m
}

// sqDevRows sums the squared deviations of v from mean into d, over the
// axes of set, as sqDevBlock over the whole of v would, and reports whether
// it did: when the reduced axes come first and the kept ones after them
// (the variance down the columns of a matrix), d is contiguous, v reshapes
// to [rows, run] without a copy, its rows fill at least two leaves of the
// sum's tree, its run is too wide to be widened (see widened) and v is
// larger than varBlock. The kept axes are then the run, which the blocks of
// squaredDeviations would cut into short pieces or not at all (a temporary
// of v's size, which ran below NumPy's speed; see BENCHMARKS.md). Instead
// the rows are cut as the sum of the squared deviations cuts them into its
// tree of leaves: the subtrees of the top levels (about varBlock bytes
// each), whose squared deviations are computed into a buffer and summed as
// a reduction of their own, which gives each subtree's value bit for bit,
// and the subtrees' rows of results are combined as the tree combines them,
// as splitRows does. The subtrees run on the goroutines v's size calls for.
func sqDevRows[T tensor.Float](rd reducer[T, addOp[T]], d *operand[T], v, mean tensor.View[T], set uint64) bool {
	size := int(unsafe.Sizeof(*new(T)))
	shape := v.Shape()
	m := bits.TrailingZeros64(^set) // the leading reduced axes
	if set != 1<<m-1 || m == len(shape) || !d.lay.IsContiguous() {
		return false
	}
	rows, w := 1, 1
	for k, n := range shape {
		if k < m {
			rows *= n
		} else {
			w *= n
		}
	}
	lr := leafRows(w)
	leaves := (rows + lr - 1) / lr
	inBytes := rows * w * size
	if w*size < narrowBytes || leaves < 2 || inBytes <= varBlock {
		return false
	}
	v2, err := v.Reshape(rows, w)
	if err != nil {
		return false // rows that do not merge: the blocks of squaredDeviations
	}
	sqDevSubtrees(rd, d, v2, mean, rows, w, lr, leaves, inBytes)
	return true
}

// sqDevSubtrees is sqDevRows once it applies, on v2, v reshaped to [rows,
// w]: a function of its own, so that what its goroutines capture moves to
// the heap only when it runs.
func sqDevSubtrees[T tensor.Float](rd reducer[T, addOp[T]], d *operand[T], v2, mean tensor.View[T], rows, w, lr, leaves, inBytes int) {
	ml, _ := layout.RowMajor(1, w)
	m2, _ := tensor.NewView(mean.Data()[:w], ml) // mean is row-major
	// 2^depth subtrees of at most about varBlock bytes.
	depth := bits.Len(uint((inBytes - 1) / varBlock))
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
			sqDevBlock(rd, &operand[T]{data: sum, lay: ml}, buf, part, m2)
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

// sqDevBlock sets d to the sums of (v - mean)² over the axes where d has
// size 1, computing the squared deviations into buf, which holds at least
// v's size; mean has d's shape.
func sqDevBlock[T tensor.Float](rd reducer[T, addOp[T]], d *operand[T], buf []T, v, mean tensor.View[T]) {
	var sb [8]int
	lay, _ := layout.RowMajor(v.Layout().AppendShape(sb[:0])...)
	dev, _ := tensor.NewView(buf[:lay.Size()], lay)
	// The shapes broadcast and dev is fresh: neither can fail.
	if err := SubInto(dev, v, mean); err != nil {
		panic("ops: internal error: " + err.Error())
	}
	if err := MulInto(dev, dev, dev); err != nil {
		panic("ops: internal error: " + err.Error())
	}
	rd.run(d, operandOf(&dev))
}

// finishVar divides the sums of squared deviations in d by div, and takes
// their square roots for std.
func finishVar[T tensor.Float](d tensor.View[T], div int, std bool) error {
	if err := scaleInto(d, div); err != nil || !std {
		return err
	}
	return SqrtInto(d, d)
}

// reducedCount returns the number of elements of v reduced into each
// element of the reduction over axes.
func reducedCount[T tensor.Number](op string, v tensor.View[T], axes []int) (int, error) {
	set, err := reduceAxes(op, v.Rank(), axes)
	if err != nil {
		return 0, err
	}
	n := 1
	var sb [8]int
	for k, d := range v.Layout().AppendShape(sb[:0]) {
		if set&(1<<k) != 0 {
			n *= d
		}
	}
	return n, nil
}

// scaleInto divides dst, a reduction's result, by the count n in place,
// by n exactly, as NumPy does. A float32 holds every count up to 2^24
// exactly, and its division is correctly rounded; a larger count (which
// float32 would round: 2^24+1 to 2^24) is divided in float64, where it is
// exact, and the quotient rounded to float32 once, as NumPy divides such
// counts.
func scaleInto[T tensor.Float](dst tensor.View[T], n int) error {
	if unsafe.Sizeof(*new(T)) == 4 && n > 1<<24 {
		d := float64(n)
		return unaryInto("scale", mapOp[T]{func(x T) T { return T(float64(x) / d) }}, operandOf(&dst), operandOf(&dst))
	}
	return DivScalarInto(dst, dst, T(n))
}
