package ops

import (
	"unsafe"

	bin "encoding/binary"

	"github.com/tessera-go/tessera/internal/copier"
	"github.com/tessera-go/tessera/internal/errs"
	"github.com/tessera-go/tessera/internal/par"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/simd"
	"github.com/tessera-go/tessera/tensor"
)

// Counting reductions: CountNonzero, Any and All count the elements that
// are not zero (the true ones of a mask) over the reduced axes, exactly,
// into int counters, on the reduction's loop nest (layout's ResetReduce:
// a run either reduces into one counter or adds into a run of them). The
// bytes of a mask are counted eight at a time: a run that reduces into
// one counter by the population count of its words, rows that add into
// the same run of counters by adding up to 255 of them bytewise in words
// before widening. Integer counts do not depend on the order, so the
// results are the same for every parallelism.

// CountNonzero returns how many elements of v are not zero over the axes
// (all of them when none are given; negative axes count from the end), in
// a new row-major Tensor[int] of v's shape with those axes dropped (a
// rank-0 tensor for all of them), NumPy's count_nonzero. For a mask it
// counts the true elements. NaN is not zero; -0 is. It returns an error
// wrapping layout.ErrAxis for an axis out of range, layout.ErrDuplicateAxis
// for an axis named twice, and layout.ErrOverflow for a result too large.
func CountNonzero[T tensor.Element, V tensor.Operand[T]](v V, axes ...int) (tensor.Tensor[int], error) {
	return countNew("CountNonzero", tensor.View[T](v), axes, false)
}

// CountNonzeroKeepDims is CountNonzero with the reduced axes kept as size
// 1, so that the result broadcasts against v.
func CountNonzeroKeepDims[T tensor.Element, V tensor.Operand[T]](v V, axes ...int) (tensor.Tensor[int], error) {
	return countNew("CountNonzeroKeepDims", tensor.View[T](v), axes, true)
}

// CountNonzeroInto writes the counts of CountNonzero into dst, whose shape
// is the result's with the reduced axes dropped or kept as size 1. It
// returns the errors of CountNonzero, layout.ErrShape for a dst of another
// shape and layout.ErrOverlap for a dst that reaches an element twice;
// nothing is written on error.
func CountNonzeroInto[T tensor.Element, D tensor.Operand[int], V tensor.Operand[T]](dst D, v V, axes ...int) error {
	return countInto("CountNonzeroInto", operandOf[int](&dst), tensor.View[T](v), axes, func(d, c []int, _ int) { copy(d, c) }, countOnly)
}

// Any reports, over the axes of the mask v (all of them when none are
// given), whether any element is true: a new row-major Tensor[bool] of v's
// shape with those axes dropped, NumPy's any. Over no elements it is false.
// It returns the errors of [CountNonzero].
func Any[V tensor.Operand[bool]](v V, axes ...int) (tensor.Tensor[bool], error) {
	return truthNew("Any", tensor.View[bool](v), axes, false, anyOf, anyTruth)
}

// AnyKeepDims is Any with the reduced axes kept as size 1.
func AnyKeepDims[V tensor.Operand[bool]](v V, axes ...int) (tensor.Tensor[bool], error) {
	return truthNew("AnyKeepDims", tensor.View[bool](v), axes, true, anyOf, anyTruth)
}

// AnyInto writes the result of Any into dst, as CountNonzeroInto does.
func AnyInto[D tensor.Operand[bool], V tensor.Operand[bool]](dst D, v V, axes ...int) error {
	return countInto("AnyInto", operandOf[bool](&dst), tensor.View[bool](v), axes, anyOf, anyTruth)
}

// All reports, over the axes of the mask v (all of them when none are
// given), whether every element is true, like [Any]. Over no elements it
// is true.
func All[V tensor.Operand[bool]](v V, axes ...int) (tensor.Tensor[bool], error) {
	return truthNew("All", tensor.View[bool](v), axes, false, allOf, allTruth)
}

// AllKeepDims is All with the reduced axes kept as size 1.
func AllKeepDims[V tensor.Operand[bool]](v V, axes ...int) (tensor.Tensor[bool], error) {
	return truthNew("AllKeepDims", tensor.View[bool](v), axes, true, allOf, allTruth)
}

// AllInto writes the result of All into dst, as CountNonzeroInto does.
func AllInto[D tensor.Operand[bool], V tensor.Operand[bool]](dst D, v V, axes ...int) error {
	return countInto("AllInto", operandOf[bool](&dst), tensor.View[bool](v), axes, allOf, allTruth)
}

// anyOf and allOf turn counts, each of per elements, into Any's and All's
// answers.
func anyOf(d []bool, c []int, _ int) {
	for i, n := range c {
		d[i] = n > 0
	}
}

func allOf(d []bool, c []int, per int) {
	for i, n := range c {
		d[i] = n == per
	}
}

// countNew counts the nonzero elements of v over axes into a new tensor.
func countNew[T tensor.Element](op string, v tensor.View[T], axes []int, keepDims bool) (tensor.Tensor[int], error) {
	in := operandOf(&v)
	return keptNew(op, in.lay, axes, keepDims, func(d *operand[int], _ []int, _ uint64) error {
		count(d, in)
		return nil
	})
}

// truthNew computes Any or All (set by the counts, each of per elements,
// or by truthRows) of v over axes into a new tensor.
func truthNew(op string, v tensor.View[bool], axes []int, keepDims bool, set func(d []bool, c []int, per int), tr truthOp) (tensor.Tensor[bool], error) {
	in := operandOf(&v)
	return keptNew(op, in.lay, axes, keepDims, func(d *operand[bool], shape []int, s uint64) error {
		if truthRows(tr, d.data, in, shape, s) {
			return nil
		}
		var sc scratch
		defer sc.release()
		c := operand[int]{data: scratchOrMake[int](&sc, 0, len(d.data)), lay: d.lay}
		count(&c, in)
		set(d.data, c.data, reducedSize(shape, s))
		return nil
	})
}

// countInto counts the nonzero elements of v over axes into a row-major
// temporary, which fill turns into the elements of dst (each count of per
// elements), then moves them into d; for Any and All (tr), truthRows may
// make the result without the counts.
func countInto[T tensor.Element, D tensor.Element](op string, d *operand[D], v tensor.View[T], axes []int, fill func(d []D, c []int, per int), tr truthOp) error {
	in := operandOf(&v)
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
	var sc scratch
	defer sc.release()
	n := shapeSize(keep)
	res := scratchOrMake[D](&sc, 1, n)
	if tr == countOnly || !truthRows(tr, asKind[bool](res), asOperand[bool](in), shape, set) {
		c := operand[int]{data: scratchOrMake[int](&sc, 0, n)}
		c.lay, _ = layout.RowMajor(keep...)
		count(&c, in)
		fill(res, c.data, reducedSize(shape, set))
	}
	rl, _ := layout.RowMajor(keep...)
	copier.Move(d.data, &d.lay, res, &rl, copier.Part{})
	return nil
}

// truthRows computes Any (anyTruth) or All (allTruth) of the mask in
// over the axes of set into d, the row-major result, and reports whether
// it did: where in is row-major and contiguous, the reduced axes come
// first and the kept ones make rows of at least truthRowBytes, the rows
// are combined into d by simd.Bitwise, d staying in L1, one pass over the
// mask at memory speed (the counts would take a sum per column).
func truthRows(tr truthOp, d []bool, in *operand[bool], shape []int, set uint64) bool {
	rows, w, ok := leadingReduced(shape, set)
	if !ok || !in.lay.IsContiguous() {
		return false
	}
	if w < truthRowBytes || rows < 2 || len(d) != w {
		return false
	}
	off := in.lay.Offset()
	x := asKind[byte](in.data[off : off+rows*w])
	db := asKind[byte](d)
	copy(db, x[:w])
	bop := simd.Or
	if tr == allTruth {
		bop = simd.And
	}
	for i := 1; i < rows; i++ {
		if err := simd.Bitwise(bop, db, db, x[i*w:(i+1)*w]); err != nil {
			panic("ops: internal error: " + err.Error())
		}
	}
	return true
}

// truthOp says which of CountNonzero, Any and All countInto computes.
type truthOp uint8

const (
	countOnly truthOp = iota // CountNonzero: the counts themselves
	anyTruth
	allTruth
)

// truthRowBytes is the narrowest row truthRows combines: a call a row
// costs about what 512 bytes do.
const truthRowBytes = 512

// reducedSize returns how many elements of shape reduce into each result
// of a reduction over set.
func reducedSize(shape []int, set uint64) int {
	n := 1
	for k, d := range shape {
		if set&(1<<k) != 0 {
			n *= d
		}
	}
	return n
}

// count sets the row-major counters d, of the kept shape, to the number
// of nonzero elements of in that reduce into each.
func count[T tensor.Element](d *operand[int], in *operand[T]) {
	clear(d.data)
	var it layout.Iter
	if err := it.ResetReduce(&d.lay, &in.lay); err != nil {
		panic("ops: internal error: " + errs.Wrap("ops", "count", nil, err, "").Error())
	}
	if it.Size() == 0 {
		return
	}
	var zero T
	if n := par.Workers(it.Size() * int(unsafe.Sizeof(zero))); n > 1 {
		countParts(&it, n, d.data, in.data)
		return
	}
	countRuns(&it, d.data, in.data)
}

// countNaN sets the row-major counters d, of the kept shape, to the
// number of NaN elements of in that reduce into each (the NaN-aware
// reductions' counts).
func countNaN[T tensor.Float](d *operand[int], in *operand[T]) {
	clear(d.data)
	var it layout.Iter
	if err := it.ResetReduce(&d.lay, &in.lay); err != nil {
		panic("ops: internal error: " + errs.Wrap("ops", "countNaN", nil, err, "").Error())
	}
	if it.Size() == 0 {
		return
	}
	var zero T
	if n := par.Workers(it.Size() * int(unsafe.Sizeof(zero))); n > 1 {
		par.Split(&it, n, func(q *layout.Iter) { countNaNRuns(q, d.data, in.data) })
		return
	}
	countNaNRuns(&it, d.data, in.data)
}

// countNaNRuns adds the NaN elements of the runs of q into the counters d.
func countNaNRuns[T tensor.Float](q *layout.Iter, d []int, x []T) {
	n, inc := q.Len(), q.Inc()
	q.EachRow(func(o, st [layout.MaxOperands]int, on int) {
		for o0, o1 := o[0], o[1]; on > 0; o0, o1, on = o0+st[0], o1+st[1], on-1 {
			di, xi := o0, o1
			for range n {
				if e := x[xi]; e != e {
					d[di]++
				}
				di, xi = di+inc[0], xi+inc[1]
			}
		}
	})
}

// countParts runs countRuns over the parts of it on n goroutines; no two
// parts share a counter (Iter.Part splits no reduced axis).
func countParts[T tensor.Element](it *layout.Iter, n int, d []int, x []T) {
	par.Split(it, n, func(q *layout.Iter) { countRuns(q, d, x) })
}

// countRuns adds the nonzero elements of the runs of q into the counters
// d: masks by their bytes (countBytes, addRows), other elements one by
// one.
func countRuns[T tensor.Element](q *layout.Iter, d []int, x []T) {
	n, inc := q.Len(), q.Inc()
	var zero T
	if _, mask := any(zero).(bool); mask && inc[1] == 1 {
		b := asKind[byte](x)
		if inc[0] == 0 {
			q.EachRow(func(o, st [layout.MaxOperands]int, on int) {
				for o0, o1 := o[0], o[1]; on > 0; o0, o1, on = o0+st[0], o1+st[1], on-1 {
					d[o0] += countBytes(b[o1 : o1+n])
				}
			})
			return
		}
		if inc[0] == 1 {
			q.EachRow(func(o, st [layout.MaxOperands]int, on int) {
				if st[0] == 0 {
					addRows(d[o[0]:o[0]+n], b, o[1], st[1], on)
					return
				}
				for o0, o1 := o[0], o[1]; on > 0; o0, o1, on = o0+st[0], o1+st[1], on-1 {
					for i, c := range b[o1 : o1+n] {
						d[o0+i] += int(c)
					}
				}
			})
			return
		}
	}
	q.EachRow(func(o, st [layout.MaxOperands]int, on int) {
		for o0, o1 := o[0], o[1]; on > 0; o0, o1, on = o0+st[0], o1+st[1], on-1 {
			di, xi := o0, o1
			for range n {
				if x[xi] != zero {
					d[di]++
				}
				di, xi = di+inc[0], xi+inc[1]
			}
		}
	})
}

// countBytes returns how many bytes of b, each 0 or 1, are 1: its 8-byte
// words summed bytewise, four lanes of words at a time, up to 255 words
// a lane before the byte sums are added up (no byte can carry into the
// next).
func countBytes(b []byte) int {
	c := 0
	for len(b) >= 32 {
		var a0, a1, a2, a3 uint64
		k := min(len(b)/32, 255)
		for range k {
			_ = b[31]
			a0 += bin.LittleEndian.Uint64(b)
			a1 += bin.LittleEndian.Uint64(b[8:])
			a2 += bin.LittleEndian.Uint64(b[16:])
			a3 += bin.LittleEndian.Uint64(b[24:])
			b = b[32:]
		}
		c += byteSum(a0) + byteSum(a1) + byteSum(a2) + byteSum(a3)
	}
	for _, x := range b {
		c += int(x)
	}
	return c
}

// byteSum returns the sum of the eight bytes of a.
func byteSum(a uint64) int {
	const lo = 0x00FF00FF00FF00FF
	s := a&lo + a>>8&lo                      // four 16-bit sums
	return int(s * 0x0001000100010001 >> 48) // their sum, below 2^11
}

// rowsBlock is the most rows addRows sums bytewise before widening the
// sums: no byte of a sum of up to 255 bytes of 0 or 1 can carry.
const rowsBlock = 255

// addRows adds rows rows of len(d) bytes of b (0 or 1 each), the first at
// off and each stride after the one before, into the counters d. Blocks
// of up to rowsBlock rows are summed bytewise, 32 columns at a time in
// four 8-byte words held in registers down the block's rows (the lines a
// block reads stay in cache for its next 32 columns), and the sums
// widened into d. (A row-major walk adding each row into sums in memory,
// and eight words in registers, measured slower: BENCHMARKS.md.)
func addRows(d []int, b []byte, off, stride, rows int) {
	n := len(d)
	for r0 := 0; r0 < rows; r0 += rowsBlock {
		r1 := min(rows, r0+rowsBlock)
		c := 0
		for ; c+32 <= n; c += 32 {
			var a0, a1, a2, a3 uint64
			for p, k := off+r0*stride+c, r1-r0; k > 0; p, k = p+stride, k-1 {
				x := b[p : p+32]
				a0 += bin.LittleEndian.Uint64(x)
				a1 += bin.LittleEndian.Uint64(x[8:])
				a2 += bin.LittleEndian.Uint64(x[16:])
				a3 += bin.LittleEndian.Uint64(x[24:])
			}
			dd := d[c : c+32]
			for j := range 8 {
				sh := 8 * uint(j)
				dd[j] += int(a0 >> sh & 0xFF)
				dd[8+j] += int(a1 >> sh & 0xFF)
				dd[16+j] += int(a2 >> sh & 0xFF)
				dd[24+j] += int(a3 >> sh & 0xFF)
			}
		}
		for ; c < n; c++ { // the columns past the last 32
			for p, k := off+r0*stride+c, r1-r0; k > 0; p, k = p+stride, k-1 {
				d[c] += int(b[p])
			}
		}
	}
}
