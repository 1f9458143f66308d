package ops

import (
	"math/bits"
	"slices"
	"unsafe"

	"github.com/tessera-go/tessera/internal/par"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/simd"
	"github.com/tessera-go/tessera/tensor"
)

// The index reductions. ArgMax and ArgMin return, along one axis of v, the
// index of the largest (smallest) element, or with no axis the row-major
// flat index of it in v, as NumPy's argmax and argmin: the first such
// index when the extreme occurs more than once (-0 and +0 are equal), and
// the index of the first NaN when there is one. The three forms are those
// of Sum: X drops the axis (a rank-0 tensor for the flat index), XKeepDims
// keeps it as size 1 (every axis, for the flat index), XInto writes into a
// caller's view of either shape, which may share memory with v. Two or
// more axes, or one out of range, are an error wrapping layout.ErrAxis;
// an axis of size 0 reduced into one or more elements, or a flat index of
// no elements, one wrapping ErrEmpty. Nothing is written on error. Besides
// the result they allocate the best values found, one per result element
// (XInto also the indices, copied into dst at the end: dst may share
// memory with an int v).
//
// The result is exact, so any split of the work gives it. Float runs
// along the reduced axis with unit stride are searched by simd.ArgRows in
// one pass, four at a time where they lie at one stride; rows reduced
// down the columns are merged 32 at a time, the Max or Min kernel giving
// the block's column extremes and only improved columns searched for
// their row.

// ArgMax returns the index of the largest element of v along axis, or the
// flat row-major index of the largest element with no axis: the first
// such index, or the first NaN's, as NumPy's argmax. Two or more axes are
// an error wrapping layout.ErrAxis, no elements one wrapping ErrEmpty.
func ArgMax[T tensor.Real, V tensor.Operand[T]](v V, axis ...int) (tensor.Tensor[int], error) {
	return argNew[T, argMax[T]]("ArgMax", tensor.View[T](v), axis, false, false)
}

// ArgMaxKeepDims is ArgMax keeping the reduced axis (with no axis, every
// axis) as size 1.
func ArgMaxKeepDims[T tensor.Real, V tensor.Operand[T]](v V, axis ...int) (tensor.Tensor[int], error) {
	return argNew[T, argMax[T]]("ArgMaxKeepDims", tensor.View[T](v), axis, true, false)
}

// ArgMaxInto writes the indices of the largest elements of v along axis,
// or the flat index of the largest, into dst.
func ArgMaxInto[T tensor.Real, D tensor.Operand[int], V tensor.Operand[T]](dst D, v V, axis ...int) error {
	return argInto[T, argMax[T]]("ArgMaxInto", tensor.View[int](dst), tensor.View[T](v), axis, false)
}

// ArgMin returns the index of the smallest element of v along axis, or the
// flat index of the smallest element with no axis.
func ArgMin[T tensor.Real, V tensor.Operand[T]](v V, axis ...int) (tensor.Tensor[int], error) {
	return argNew[T, argMin[T]]("ArgMin", tensor.View[T](v), axis, false, false)
}

// ArgMinKeepDims is ArgMin keeping the reduced axis (with no axis, every
// axis) as size 1.
func ArgMinKeepDims[T tensor.Real, V tensor.Operand[T]](v V, axis ...int) (tensor.Tensor[int], error) {
	return argNew[T, argMin[T]]("ArgMinKeepDims", tensor.View[T](v), axis, true, false)
}

// ArgMinInto writes the indices of the smallest elements of v along axis,
// or the flat index of the smallest, into dst.
func ArgMinInto[T tensor.Real, D tensor.Operand[int], V tensor.Operand[T]](dst D, v V, axis ...int) error {
	return argInto[T, argMin[T]]("ArgMinInto", tensor.View[int](dst), tensor.View[T](v), axis, false)
}

// NanArgMax returns the index of the largest element of v along axis
// that is not NaN, or the flat row-major index of the largest such element
// with no axis, NumPy's nanargmax: the first such index. The forms, axes
// and errors are those of [ArgMax]; a run of NaN only (or a v of NaN only,
// for the flat index) is an error wrapping ErrEmpty that names the result
// element, as NumPy's "All-NaN slice" error, and nothing is written. A run
// holding -Inf and NaN gives the index of the -Inf (NumPy's, which reads
// NaN as -Inf, gives whichever of them comes first). Runs without NaN cost what ArgMax
// costs; a run with NaN is searched again, one element at a time.
func NanArgMax[T tensor.Float, V tensor.Operand[T]](v V, axis ...int) (tensor.Tensor[int], error) {
	return argNew[T, argMax[T]]("NanArgMax", tensor.View[T](v), axis, false, true)
}

// NanArgMaxKeepDims is NanArgMax keeping the reduced axis (with no axis,
// every axis) as size 1.
func NanArgMaxKeepDims[T tensor.Float, V tensor.Operand[T]](v V, axis ...int) (tensor.Tensor[int], error) {
	return argNew[T, argMax[T]]("NanArgMaxKeepDims", tensor.View[T](v), axis, true, true)
}

// NanArgMaxInto writes NanArgMax of v into dst.
func NanArgMaxInto[T tensor.Float, D tensor.Operand[int], V tensor.Operand[T]](dst D, v V, axis ...int) error {
	return argInto[T, argMax[T]]("NanArgMaxInto", tensor.View[int](dst), tensor.View[T](v), axis, true)
}

// NanArgMin returns the index of the smallest element of v along axis that
// is not NaN, or the flat index of the smallest such element with no axis,
// NumPy's nanargmin, as [NanArgMax].
func NanArgMin[T tensor.Float, V tensor.Operand[T]](v V, axis ...int) (tensor.Tensor[int], error) {
	return argNew[T, argMin[T]]("NanArgMin", tensor.View[T](v), axis, false, true)
}

// NanArgMinKeepDims is NanArgMin keeping the reduced axis (with no axis,
// every axis) as size 1.
func NanArgMinKeepDims[T tensor.Float, V tensor.Operand[T]](v V, axis ...int) (tensor.Tensor[int], error) {
	return argNew[T, argMin[T]]("NanArgMinKeepDims", tensor.View[T](v), axis, true, true)
}

// NanArgMinInto writes NanArgMin of v into dst.
func NanArgMinInto[T tensor.Float, D tensor.Operand[int], V tensor.Operand[T]](dst D, v V, axis ...int) error {
	return argInto[T, argMin[T]]("NanArgMinInto", tensor.View[int](dst), tensor.View[T](v), axis, true)
}

// argOrder is the order of an index reduction: simd.Max or simd.Min (see
// better).
type argOrder[T tensor.Real] interface{ op() simd.Op }

type argMax[T tensor.Real] struct{}

func (argMax[T]) op() simd.Op { return simd.Max }

type argMin[T tensor.Real] struct{}

func (argMin[T]) op() simd.Op { return simd.Min }

// argSpec is a checked index reduction: the axes reduced, the result's
// shape with them kept as size 1 and dropped (appended to the caller's
// slices: arrays on its stack), the layout that gives each element of
// v its index (stride 1 along the axis; row-major for the flat index), and
// whether NaN is skipped (the NanArg forms).
type argSpec struct {
	set        uint64
	flat, nan  bool
	keep, drop []int
	index      layout.Layout
}

func argCheck[T tensor.Real](op string, v tensor.View[T], axis []int, nan bool, keep, drop []int) (argSpec, error) {
	if len(axis) > 1 {
		return argSpec{}, errorf(op, layout.ErrAxis, "axes %v: one axis or none", slices.Clone(axis))
	}
	var sb, tb [8]int
	shape := operandOf(&v).lay.AppendShape(sb[:0])
	set, err := reduceAxes(op, len(shape), axis)
	if err != nil {
		return argSpec{}, err
	}
	s := argSpec{set: set, flat: len(axis) == 0, nan: nan}
	s.keep, s.drop = appendReduced(keep, drop, shape, set)
	if s.flat {
		s.index, err = layout.RowMajor(shape...)
	} else {
		strides := append(tb[:0], make([]int, len(shape))...)
		strides[bits.TrailingZeros64(set)] = 1
		s.index, err = layout.Strided(shape, strides, 0)
	}
	if err != nil { // v's shape is valid: cannot happen
		panic("ops: internal error: " + err.Error())
	}
	if shapeSize(shape) == 0 && shapeSize(s.keep) > 0 {
		return s, errorf(op, ErrEmpty, "shape %v along axes %v: no elements to choose from", v.Shape(), setAxes(set))
	}
	return s, nil
}

func argNew[T tensor.Real, O argOrder[T]](op string, v tensor.View[T], axis []int, keepDims, nan bool) (tensor.Tensor[int], error) {
	s, err := argCheck(op, v, axis, nan, nil, nil)
	if err != nil {
		return tensor.Tensor[int]{}, err
	}
	shape := s.drop
	if keepDims {
		shape = s.keep
	}
	out, err := newResult[int](op, shape)
	if err != nil {
		return out, err
	}
	if err := argRun[T, O](op, &s, out.Data(), v); err != nil {
		return tensor.Tensor[int]{}, err
	}
	return out, nil
}

func argInto[T tensor.Real, O argOrder[T]](op string, dst tensor.View[int], v tensor.View[T], axis []int, nan bool) error {
	var kb, db, sb, gb, rb [8]int
	s, err := argCheck(op, v, axis, nan, kb[:0], db[:0])
	if err != nil {
		return err
	}
	// Checked on a copy: reduceDst gives its operand the kept shape.
	dc := dst
	if _, err := reduceDst(op, operandOf(&dc), operandOf(&v).lay.AppendShape(sb[:0]), s.set, rb[:0]); err != nil {
		return err
	}
	d := operandOf(&dst)
	if start, end, ok := d.lay.ContiguousRange(); ok && !nan && !sharesBytes(d, operandOf(&v)) {
		// dst is one row-major run, apart from v: the indices go in
		// directly (not those of a NanArg form, which can fail after the
		// search).
		argRun[T, O](op, &s, d.data[start:end], v)
		return nil
	}
	got := d.lay.AppendShape(gb[:0])
	// Otherwise the indices are found into a buffer of their own, from
	// the scratch pool, then copied: dst may share memory with an int v.
	var sc scratch
	defer sc.release()
	out := scratchOrMake[int](&sc, 0, shapeSize(s.keep))
	if err := argRun[T, O](op, &s, out, v); err != nil {
		return err
	}
	rl, _ := layout.RowMajor(got...)
	res, _ := tensor.NewView(out, rl)
	if err := dst.CopyFrom(res); err != nil {
		panic("ops: internal error: " + err.Error())
	}
	return nil
}

// argRun finds the indices of s into out, row-major of the keepdims
// shape; for a NanArg form, it returns the error of argSkipNaN.
func argRun[T tensor.Real, O argOrder[T]](op string, s *argSpec, out []int, v tensor.View[T]) error {
	in := operandOf(&v)
	if len(out) == 0 || in.lay.Size() == 0 {
		return nil
	}
	argSearchAll[T, O](s, out, v)
	if !s.nan {
		return nil
	}
	var ord O
	return argSkipNaN(op, s, out, v, ord.op() == simd.Max)
}

// argSearchAll finds the indices of s into out, NaN the best of all.
func argSearchAll[T tensor.Real, O argOrder[T]](s *argSpec, out []int, v tensor.View[T]) {
	in := operandOf(&v)
	var zero T
	n := par.Workers(in.lay.Size() * int(unsafe.Sizeof(zero)))
	for i := range out {
		out[i] = -1
	}
	var it layout.Iter
	if !s.flat {
		ol, _ := layout.RowMajor(s.keep...)
		if err := it.ResetReduce(&ol, &in.lay, &s.index); err != nil {
			panic("ops: internal error: " + err.Error())
		}
		if n == 1 {
			// The best values of a few results on the stack, of more in
			// the scratch pool: argRuns keeps no reference to them, where
			// argParts' goroutines do.
			var sb [64]T
			var sc scratch
			defer sc.release()
			best := sb[:0]
			if len(out) > len(sb) {
				best = scratchOrMake[T](&sc, 0, len(out))
				clear(best)
			}
			argRuns[T, O](&it, 0, 1, 2, out, best[:len(out)], in.data)
			return
		}
		argParts[T, O](&it, n, out, make([]T, len(out)), in.data)
		return
	}
	// The flat index: a single result, so the Iter visits the indices of
	// v with the index layout as its output, which Part can split anywhere;
	// each part finds its own best and the parts are merged.
	if err := it.Reset(&s.index, &in.lay); err != nil {
		panic("ops: internal error: " + err.Error())
	}
	if n == 1 {
		var best [1]T // on the stack, as above
		argRuns[T, O](&it, -1, 1, 0, out, best[:], in.data)
		return
	}
	argFlat[T, O](&it, n, out, make([]T, len(out)), in.data)
}

// argSkipNaN replaces the indices in out that argSearchAll found at a
// NaN by those of the best element of the run that is not NaN (the first
// such), searching those runs again in order. A run of NaN only is an error
// wrapping ErrEmpty.
func argSkipNaN[T tensor.Real](op string, s *argSpec, out []int, v tensor.View[T], max bool) error {
	lay := v.Layout()
	x := v.Data()
	shape := lay.Shape()
	idx := make([]int, len(shape))
	if s.flat {
		unravel(idx, out[0], shape)
		if off, _ := lay.Index(idx...); x[off] == x[off] {
			return nil
		}
		bi, i := -1, 0
		var b T
		for e := range v.Values() {
			if e == e && (bi < 0 || better(e, b, max)) {
				b, bi = e, i
			}
			i++
		}
		if bi < 0 {
			return errorf(op, ErrEmpty, "shape %v: every element is NaN", shape)
		}
		out[0] = bi
		return nil
	}
	k := bits.TrailingZeros64(s.set)
	strides := lay.Strides()
	n, st := shape[k], strides[k]
	base := lay.Offset() // of the run of out[o], idx its index in s.keep
	for o, j := range out {
		if o > 0 {
			for a := len(idx) - 1; a >= 0; a-- {
				if idx[a]++; idx[a] < s.keep[a] {
					base += strides[a]
					break
				}
				base -= (idx[a] - 1) * strides[a]
				idx[a] = 0
			}
		}
		if e := x[base+j*st]; e == e {
			continue
		}
		bi := -1
		var b T
		for i := range n {
			if e := x[base+i*st]; e == e && (bi < 0 || better(e, b, max)) {
				b, bi = e, i
			}
		}
		if bi < 0 {
			return errorf(op, ErrEmpty, "shape %v along axis %d: every element of the run at %v is NaN", shape, k, idx)
		}
		out[o] = bi
	}
	return nil
}

// unravel sets idx to the row-major multi-index of the flat index i in
// shape.
func unravel(idx []int, i int, shape []int) {
	for a := len(shape) - 1; a >= 0; a-- {
		if shape[a] > 0 {
			idx[a] = i % shape[a]
			i /= shape[a]
		}
	}
}

// argFlat finds the flat index on n goroutines, each a part of it. It is a
// function of its own so that what the goroutines capture moves to the
// heap only for a flat search.
func argFlat[T tensor.Real, O argOrder[T]](it *layout.Iter, n int, out []int, best, x []T) {
	idx := make([]int, n)
	vals := make([]T, n)
	whole := *it
	par.Do(n, func(i int) {
		q := whole.Part(i, n)
		idx[i] = -1
		argRuns[T, O](&q, -1, 1, 0, idx[i:i+1], vals[i:i+1], x)
	})
	var ord O
	for i := range n {
		argMerge(out, best, 0, vals[i], idx[i], ord.op() == simd.Max)
	}
}

// argParts runs argRuns over the parts of it on n goroutines, each part
// its own output elements. It is a function of its own so that what the
// goroutines capture moves to the heap only when the search is split.
func argParts[T tensor.Real, O argOrder[T]](it *layout.Iter, n int, out []int, best, x []T) {
	par.Split(it, n, func(q *layout.Iter) { argRuns[T, O](q, 0, 1, 2, out, best, x) })
}

// argMerge merges the candidate x at index i into element o of the best
// values and their indices: it replaces them when unset, beaten, or tied
// at a smaller index.
func argMerge[T tensor.Real](out []int, best []T, o int, x T, i int, max bool) {
	if i < 0 {
		return
	}
	b, bi := best[o], out[o]
	if bi < 0 || better(x, b, max) || i < bi && !better(b, x, max) {
		best[o], out[o] = x, i
	}
}

// argRuns walks the runs of it: operand ko is the output (-1: none, every
// run goes to element 0), ki the input, kx the index layout.
func argRuns[T tensor.Real, O argOrder[T]](it *layout.Iter, ko, ki, kx int, out []int, best []T, x []T) {
	if it.Size() == 0 {
		return
	}
	n, inc := it.Len(), it.Inc()
	vec := !isInteger[T]() // float32 or float64: simd.Reduce finds block extremes
	var ord O
	max := ord.op() == simd.Max
	oinc := 0
	if ko >= 0 {
		oinc = inc[ko]
	}
	if oinc == 1 && inc[ki] == 1 && inc[kx] == 0 && ko >= 0 {
		argRows[T, O](it, ko, ki, kx, out, best, x, max)
		return
	}
	if oinc == 0 && ko >= 0 && vec && inc[ki] == 1 && inc[kx] > 0 {
		argRowRuns[T, O](it, ko, ki, kx, out, best, x, max)
		return
	}
	it.EachRow(func(off, st [layout.MaxOperands]int, on int) {
		for ; on > 0; off, on = advance(off, st), on-1 {
			o := 0
			if ko >= 0 {
				o = off[ko]
			}
			i, xi := off[ki], off[kx]
			if oinc == 0 {
				v, j := argFind[T, O](x, i, inc[ki], n, inc[kx] < 0, vec, max)
				argMerge(out, best, o, v, xi+j*inc[kx], max)
				continue
			}
			argAcross(out, best, o, oinc, x, i, inc[ki], xi, inc[kx], n, max)
		}
	})
}

// argRowRuns searches float runs of unit stride that each reduce into
// one output element: whole rows along the searched axis. The runs of a
// row of the Walk lie at a constant step, so they go to simd.ArgRows up to
// argBatch at a time (which reads them four at once), and each result is
// merged into its output element.
func argRowRuns[T tensor.Real, O argOrder[T]](it *layout.Iter, ko, ki, kx int, out []int, best []T, x []T, max bool) {
	n, inc := it.Len(), it.Inc()
	var at [argBatch]int
	it.EachRow(func(off, st [layout.MaxOperands]int, on int) {
		o, i, xi := off[ko], off[ki], off[kx]
		for on > 0 {
			b := min(on, argBatch)
			argRowsOf[T, O](at[:b], x, i, st[ki], n)
			for r, j := range at[:b] {
				argMerge(out, best, o+r*st[ko], x[i+r*st[ki]+j], xi+r*st[kx]+j*inc[kx], max)
			}
			o, i, xi, on = o+b*st[ko], i+b*st[ki], xi+b*st[kx], on-b
		}
	})
}

// argBatch is the most runs argRowRuns hands simd.ArgRows at once.
const argBatch = 64

// argRowsOf sets at[r] to the index of the extreme in the run of n
// elements of the float x at off+r*stride, by simd.ArgRows.
func argRowsOf[T tensor.Real, O argOrder[T]](at []int, x []T, off, stride, n int) {
	var ord O
	var err error
	switch floatKind[T]() {
	case kindFloat32:
		err = simd.ArgRows(ord.op(), at, asKind[float32](x), off, stride, n)
	case kindFloat64:
		err = simd.ArgRows(ord.op(), at, asKind[float64](x), off, stride, n)
	default:
		panic("ops: internal error: argRowsOf of a type without simd.ArgRows")
	}
	if err != nil {
		panic("ops: internal error: " + err.Error())
	}
}

// argBlockRows and argTile shape the search across rows: blocks of up to
// argBlockRows rows that reduce into the same output row, in tiles of
// argTile columns (32 rows of a tile: 256 KiB of float32, in L2).
const (
	argBlockRows = 32
	argTile      = 2048
)

// argRows walks runs that are whole rows reducing into a row of the
// output, each row one index: consecutive rows into the same output row
// (a reduction down the columns) are merged a block at a time. The block's
// extremes are found with the Max (Min) kernel, and only the columns where
// they beat the best so far are searched, in the block's rows in order,
// for the first row that holds them. The rows reach an output row in
// increasing index order, so a tie with the best so far keeps it.
func argRows[T tensor.Real, O argOrder[T]](it *layout.Iter, ko, ki, kx int, out []int, best []T, x []T, max bool) {
	n := it.Len()
	var r binRunner[T, maxOp[T]]
	var rm binRunner[T, minOp[T]]
	if max {
		r = newBinRunner[T](maxOp[T]{}, false)
	} else {
		rm = newBinRunner[T](minOp[T]{}, false)
	}
	var sc scratch // the block's extremes, from the pool
	defer sc.release()
	tmp := scratchBuf[T](&sc, 0, min(n, argTile))
	var rows, idx [argBlockRows]int
	k, o := 0, 0
	flush := func() {
		if k == 1 {
			argAcross(out, best, o, 1, x, rows[0], 1, idx[0], 0, n, max)
		} else if k > 1 {
			stride := rows[1] - rows[0] // 0 unless the rows are evenly spaced
			for i := 2; i < k; i++ {
				if rows[i]-rows[i-1] != stride {
					stride = 0
					break
				}
			}
			for c0 := 0; c0 < n; c0 += len(tmp) {
				m := tmp[:min(len(tmp), n-c0)]
				init := x[rows[0]+c0:]
				folded := false
				if stride != 0 && max {
					folded = r.foldRows(r.op, m, init, x, rows[1]+c0, stride, k-1)
				} else if stride != 0 {
					folded = rm.foldRows(rm.op, m, init, x, rows[1]+c0, stride, k-1)
				}
				if !folded { // not floats, or rows not evenly spaced
					copy(m, init)
					for _, ro := range rows[1:k] {
						if max {
							r.vv(m, m, x[ro+c0:ro+c0+len(m)])
						} else {
							rm.vv(m, m, x[ro+c0:ro+c0+len(m)])
						}
					}
				}
				argSearch(out[o+c0:o+c0+len(m)], best[o+c0:o+c0+len(m)], m, x, rows[:k], idx[:k], c0, max)
			}
		}
		k = 0
	}
	it.EachRow(func(off, st [layout.MaxOperands]int, on int) {
		for ; on > 0; off, on = advance(off, st), on-1 {
			if k > 0 && (off[ko] != o || k == argBlockRows || off[kx] <= idx[k-1]) {
				flush()
			}
			o = off[ko]
			rows[k], idx[k] = off[ki], off[kx]
			k++
		}
	})
	flush()
}

// argSearch merges the block whose extremes are m (columns c0 on of the
// rows at offsets rows, with indices idx) into the best values bs and
// their indices is.
func argSearch[T tensor.Real](is []int, bs, m, x []T, rows, idx []int, c0 int, max bool) {
	for j, mj := range m {
		if is[j] >= 0 && !better(mj, bs[j], max) {
			continue
		}
		for k, ro := range rows {
			if v := x[ro+c0+j]; v == mj || mj != mj && v != v {
				bs[j], is[j] = v, idx[k]
				break
			}
		}
	}
}

// better reports whether x beats y: larger (smaller unless max), or NaN
// where y is not. The operators are written out: through argOrder's method
// the loops run several times slower.
func better[T tensor.Real](x, y T, max bool) bool {
	if max {
		return x > y || x != x && y == y
	}
	return x < y || x != x && y == y
}

// argAcross merges the n elements of x from i at stride xinc, with indices
// from xi at stride xinc, into the n best values and indices from o at
// stride oinc: a run that the output moves along.
func argAcross[T tensor.Real](out []int, best []T, o, oinc int, x []T, i, inc, xi, xinc, n int, max bool) {
	if oinc == 1 && inc == 1 && xinc == 0 { // a row into a row, one index
		bs, is, xs := best[o:o+n], out[o:o+n], x[i:i+n]
		is = is[:len(xs)]
		bs = bs[:len(xs)]
		if max {
			for j, v := range xs {
				// v > b decides nearly every element; the rest is NaN, a
				// tie, or the first visit.
				if b := bs[j]; v > b || !(v <= b) && (v != v && b == b) || is[j] < 0 || v == b && xi < is[j] {
					bs[j], is[j] = v, xi
				}
			}
			return
		}
		for j, v := range xs {
			if b := bs[j]; v < b || !(v >= b) && (v != v && b == b) || is[j] < 0 || v == b && xi < is[j] {
				bs[j], is[j] = v, xi
			}
		}
		return
	}
	for range n {
		if b, bi := best[o], out[o]; bi < 0 || better(x[i], b, max) || xi < bi && !better(b, x[i], max) {
			best[o], out[o] = x[i], xi
		}
		o, i, xi = o+oinc, i+inc, xi+xinc
	}
}

// argFind returns the best of the n elements of x from off with stride
// inc and its position j in the run: the first best, or the last when
// last is set (the index falls along the run). vec says T is a float,
// which simd.ArgRows searches.
func argFind[T tensor.Real, O argOrder[T]](x []T, off, inc, n int, last, vec, max bool) (T, int) {
	if inc == 1 && !last && vec {
		var at [1]int
		argRowsOf[T, O](at[:], x, off, 0, n)
		return x[off+at[0]], at[0]
	}
	b, bj := x[off], 0
	for j := 1; j < n; j++ {
		v := x[off+j*inc]
		if better(v, b, max) || last && !better(b, v, max) {
			b, bj = v, j
		}
	}
	return b, bj
}
