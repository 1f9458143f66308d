package simd

import (
	"math/bits"

	"github.com/tessera-go/tessera/internal/errs"
	"github.com/tessera-go/tessera/internal/loops"
)

// FoldLanes returns the number of interleaved accumulators [Reduce] folds
// a run into: 128 bytes of them, 32 for float32 and 16 for float64.
func FoldLanes[T Float]() int { return 128 / int(sizeOf[T]()) }

// Reduce returns x[0] op x[1] op ... op x[n-1] for op Add, Mul, Max or Min,
// in a fixed order that vector units run fast: with L = FoldLanes[T](),
// element i goes to accumulator i mod L (acc[j] = acc[j] op x[i], the
// accumulators starting at the first L elements), and the accumulators
// are then combined by halving, acc[j] = acc[j] op acc[j+w] for w = L/2,
// L/4, ..., 1 (skipping lanes that x was too short to fill). The result is
// the same bit for bit at every level, and a float32 sum of n elements
// loses about log2(L) + n/L roundings rather than n. Max and Min propagate
// NaN ([Max]).
//
// With Add|SkipNaN ([SkipNaN]) each NaN of x is read as +0.
//
// Reduce returns an error wrapping ErrArg for another op and for an empty
// x (no identity is assumed).
func Reduce[T Float](op Op, x []T) (T, error) {
	k := op &^ Stream
	if k >= numOps || k == Sub || k == Div || len(x) == 0 { // the common ops checked inline
		var err error
		if k, err = reductionOp("Reduce", op); err != nil {
			return 0, err
		}
		if len(x) == 0 {
			return 0, errs.New("simd", "Reduce", ErrArg, "no elements")
		}
	}
	return reduce(k, x), nil
}

// reductionOp returns the op of the reduction kernels and their twins for
// op, the Stream flag ignored: Add, Mul, Max, Min, or nanAdd for
// Add|SkipNaN; another op is an error of fn wrapping ErrArg.
func reductionOp(fn string, op Op) (Op, error) {
	switch b := op &^ Stream; b {
	case Add, Mul, Max, Min:
		return b, nil
	case Add | SkipNaN:
		return nanAdd, nil
	}
	return 0, errs.New("simd", fn, ErrArg, "op %v is not a reduction", op)
}

// plainOp returns the op that combines partial results of the reduction
// op: Add for nanAdd, whose NaN-skipping applies to x's elements only.
func plainOp(op Op) Op {
	if op == nanAdd {
		return Add
	}
	return op
}

// reduce is Reduce of a non-empty x by the reduction op (see
// reductionOp).
func reduce[T Float](op Op, x []T) T {
	lanes := FoldLanes[T]()
	t := forLoads(active.Load(), foldLoads, uintptrOf(x), 0, 0)
	if n := len(x); n%lanes == 0 && n <= arithChunk {
		// Whole groups: one kernel call folds and halves in registers.
		if v, ok := wholeAt(t, op, x); ok {
			return v
		}
	}
	var acc [32]T
	m := min(len(x), lanes)
	readX(op, acc[:m], x)
	rest := x[m:]
	body := len(rest) / lanes * lanes
	foldAt(t, op, acc[:lanes], rest[:body])
	tail := rest[body:]
	foldGo(op, acc[:len(tail)], tail)
	op = plainOp(op) // the accumulators: partial results
	if m == lanes {
		if v, ok := halveAt(t, op, acc[:lanes]); ok {
			return v
		}
	}
	for w := lanes / 2; w >= 1; w /= 2 {
		if k := min(w, m-w); k > 0 { // lanes j < w with j+w < m
			foldGo(op, acc[:k], acc[w:w+k])
		}
	}
	return acc[0]
}

// readX copies len(dst) elements of x into dst as the reduction op reads
// them: for nanAdd, each NaN as +0.
func readX[T Float](op Op, dst, x []T) {
	if op != nanAdd {
		copy(dst, x)
		return
	}
	for i := range dst {
		dst[i] = zeroNaN(x[i])
	}
}

// zeroNaN returns e, or +0 where e is NaN.
func zeroNaN[T Float](e T) T {
	if e != e {
		return 0
	}
	return e
}

// wholeAt reduces x, a positive multiple of the lanes long, with the
// whole-run kernel of table t, and reports whether it has one: the fold
// from the first group and the halving, as the Go loop, in one call.
func wholeAt[T Float](t *table, op Op, x []T) (T, bool) {
	if t.a32 == nil {
		return 0, false
	}
	switch sizeOf[T]() {
	case 4:
		if k := t.a32.whole[op]; k != nil {
			return scalarAs[T](k(&as[float32](x)[0], len(x))), true
		}
	case 8:
		if k := t.a64.whole[op]; k != nil {
			return scalarAs[T](k(&as[float64](x)[0], len(x))), true
		}
	}
	return 0, false
}

// halveAt combines the full accumulators acc by halving with the kernel
// of table t, and reports whether it has one: as the Go loop, with no
// call per step.
func halveAt[T Float](t *table, op Op, acc []T) (T, bool) {
	if t.a32 == nil {
		return 0, false
	}
	switch sizeOf[T]() {
	case 4:
		v, ok := halve32(t.isa, op, &as[float32](acc)[0])
		return scalarAs[T](v), ok
	case 8:
		v, ok := halve64(t.isa, op, &as[float64](acc)[0])
		return scalarAs[T](v), ok
	}
	return 0, false
}

// foldAt folds x, a multiple of len(acc) elements, into acc with the
// kernels of level t, or the Go twin when it has none. One kernel call
// reads at most arithChunk elements.
func foldAt[T Float](t *table, op Op, acc, x []T) {
	if len(x) > 0 && t.a32 != nil { // a level with arithmetic kernels
		switch sizeOf[T]() {
		case 4:
			if foldRun(fold32, t.isa, op, as[float32](acc), as[float32](x)) {
				return
			}
		case 8:
			if foldRun(fold64, t.isa, op, as[float64](acc), as[float64](x)) {
				return
			}
		}
	}
	foldGo(op, acc, x)
}

// foldRun folds x into acc with k in chunks and reports whether k has a
// kernel for op at isa.
func foldRun[E float32 | float64](k func(ISA, Op, *E, *E, int) bool, isa ISA, op Op, acc, x []E) bool {
	for i := 0; i < len(x); i += arithChunk {
		if !k(isa, op, &acc[0], &x[i], min(arithChunk, len(x)-i)) {
			return false // only on the first call: nothing folded yet
		}
	}
	return true
}

// foldGo is the Go twin of the fold kernels: Binary's twin with the
// accumulators as destination and first operand. x holds a multiple of
// len(acc) elements.
func foldGo[T Float](op Op, acc, x []T) {
	lanes := len(acc)
	if lanes == 0 {
		return
	}
	if op == nanAdd {
		for i := 0; i < len(x); i += lanes {
			for j, e := range x[i : i+lanes] {
				acc[j] += zeroNaN(e)
			}
		}
		return
	}
	for i := 0; i < len(x); i += lanes {
		arithGo(op, formVV, acc, acc, x[i:i+lanes], 0)
	}
}

// whole4Rows lets ReduceRows run its four-row kernels on rows of at least
// eachRowBytes (set per processor: see familyRules). Tests set it both
// ways.
var whole4Rows = machineRules().whole4Rows

// eachRowBytes is the shortest row, in bytes, that ReduceRows reduces with
// a Reduce of its own where whole4Rows is not set (on AMD family 25):
// shorter rows keep the four-row kernels, where a call per row costs more
// than it saves (BENCHMARKS.md, reductions of rows one at a time).
const eachRowBytes = 512

// ReduceRows reduces rows of x by op, each as [Reduce] reduces a run: for
// every r < len(dst),
//
//	dst[r] = Reduce(op, x[off+r*stride : off+r*stride+n])
//
// bit for bit at every level, where stride, in elements, may be negative or
// zero. The vector kernels reduce four rows of whole groups (n a multiple
// of FoldLanes, up to 16384 elements) in one loop whose loads interleave
// (AVX2's Max and Min kernels two rows at a time): one core reads several
// streams at once faster than one (see BENCHMARKS.md). Rows of other
// lengths, and the rows left over, go with AVX-512 to a kernel that reduces
// each row as Reduce does, all of them in one call (a masked load takes a
// row's last partial group; rows shorter than the lanes are halved under
// masks, float32 rows of at most 16 sixteen rows at a time, float64 rows of
// at most 8 eight at a time), so that short rows cost no call each. Without
// AVX-512, rows shorter than the lanes are halved by a Go loop without a
// call per row, and longer ones take one Reduce per row. On AMD family 25
// rows of 512 bytes or more take one Reduce each (see familyRules). It is
// the inner loop of a reduction along rows. The Stream flag is ignored;
// Add|SkipNaN is taken as by Reduce, without the row-by-row kernel (nor,
// at AVX2, the four-row one): its rows take one Reduce each, and rows
// shorter than the lanes the Go loop.
//
// ReduceRows returns an error wrapping ErrArg for another op or n <= 0 (no
// identity is assumed), and one wrapping ErrRange when a row does not lie
// inside x; in both cases it writes nothing.
func ReduceRows[T Float](op Op, dst, x []T, off, stride, n int) error {
	op, err := reductionOp("ReduceRows", op)
	if err != nil {
		return err
	}
	rows := len(dst)
	if err := checkRows("ReduceRows", rows, len(x), off, stride, n); err != nil || rows == 0 {
		return err
	}
	r := 0
	if n%FoldLanes[T]() == 0 && n <= arithChunk {
		if !whole4Rows && n*int(sizeOf[T]()) >= eachRowBytes {
			reduceEach(op, dst, x, off, stride, n) // see familyRules
			return nil
		}
		t := forLoads(active.Load(), foldLoads, uintptrOf(x[off:])|uintptr(stride)*sizeOf[T](), 0, 0)
		for ; r+4 <= rows; r += 4 {
			redo, ok := whole4At(t, op, dst[r:r+4], x, off+r*stride, stride, n)
			if !ok {
				break
			}
			for ; redo != 0; redo &= redo - 1 { // rows in which a first pass met a NaN
				i := r + bits.TrailingZeros(uint(redo))
				o := off + i*stride
				dst[i] = reduce(op, x[o:o+n])
			}
		}
	}
	if r < rows && n <= arithChunk {
		t := active.Load()
		if n*int(sizeOf[T]()) >= 512 { // rows that stream: the alignment rule
			t = forLoads(t, foldLoads, uintptrOf(x[off+r*stride:])|uintptr(stride)*sizeOf[T](), 0, 0)
		}
		if eachAt(t, op, dst[r:], x, off+r*stride, stride, n) {
			return nil
		}
	}
	if n < FoldLanes[T]() {
		reduceShortGo(op, dst[r:], x, off+r*stride, stride, n)
		return nil
	}
	reduceEach(op, dst[r:], x, off+r*stride, stride, n)
	return nil
}

// reduceEach reduces each of the len(dst) rows of x from off by a call of
// Reduce.
func reduceEach[T Float](op Op, dst, x []T, off, stride, n int) {
	for r := range dst {
		o := off + r*stride
		dst[r] = reduce(op, x[o:o+n])
	}
}

// reduceShortGo reduces rows of n elements, fewer than the lanes, each as
// Reduce does: the elements are the accumulators, halved from the widest
// step that pairs two of them (lanes j < w with j+w < n). It is Reduce's
// arithmetic without a call of Reduce per row, for the levels that have
// no row-by-row kernel (BENCHMARKS.md: rows of 10 float32 at the avx2
// level).
func reduceShortGo[T Float](op Op, dst, x []T, off, stride, n int) {
	var acc [32]T
	a := acc[:n]
	c := plainOp(op)
	for r := range dst {
		o := off + r*stride
		readX(op, a, x[o:o+n])
		for w := FoldLanes[T]() / 2; w >= 1; w /= 2 {
			for j := range min(w, n-w) {
				a[j] = combine(c, a[j], a[j+w])
			}
		}
		dst[r] = a[0]
	}
}

// combine returns x op y as Binary's twin computes it.
func combine[T Float](op Op, x, y T) T {
	switch op {
	case Add:
		return x + y
	case Mul:
		return x * y
	case Max:
		return loops.Max(x, y)
	}
	return loops.Min(x, y)
}

// eachAt reduces the len(dst) rows of x from off, each to Reduce's value,
// with the row-by-row kernel of table t, and reports whether t has one
// for op.
func eachAt[T Float](t *table, op Op, dst, x []T, off, stride, n int) bool {
	if t.a32 == nil || len(dst) == 0 {
		return false
	}
	m := eachMasks(FoldLanes[T](), n)
	switch sizeOf[T]() {
	case 4:
		return each32(t.isa, op, &as[float32](dst)[0], &as[float32](x)[off], stride, len(dst), n, &m)
	case 8:
		return each64(t.isa, op, &as[float64](dst)[0], &as[float64](x)[off], stride, len(dst), n, &m)
	}
	return false
}

// eachMasks returns the lane masks of the row-by-row kernels for rows of
// n elements folded into lanes accumulators (two registers of lanes/2):
// [0] and [1] the lanes of each register that the row's last partial
// group fills (the whole row when n < lanes), and for n < lanes, [2+s]
// the lanes j that halving step s combines, those with j+w < n for w =
// lanes/2 >> s, as Reduce's Go loop does.
func eachMasks(lanes, n int) [8]uint16 {
	var m [8]uint16
	half := lanes / 2
	t := n % lanes
	if n < lanes {
		t = n
	}
	bitsOf := func(k int) uint16 { return uint16(1)<<max(k, 0) - 1 }
	m[0], m[1] = bitsOf(min(t, half)), bitsOf(t-half)
	if n < lanes {
		for s, w := 0, half; w >= 1; s, w = s+1, w/2 {
			m[2+s] = bitsOf(min(w, n-w))
		}
	}
	return m
}

// whole4At reduces the four rows of x from off into dst[0:4] with the
// four-row kernel of table t, and reports whether t has one for op. Bit r
// of redo is set for each row r whose result the kernel left to be
// computed again: AVX2's Max and Min kernels fold without the NaN fix and
// leave the rows in which they met a NaN.
func whole4At[T Float](t *table, op Op, dst, x []T, off, stride, n int) (redo int, ok bool) {
	if t.a32 == nil {
		return 0, false
	}
	switch sizeOf[T]() {
	case 4:
		if k := t.a32.whole4[op]; k != nil {
			return k(&as[float32](dst)[0], &as[float32](x)[off], stride, n), true
		}
	case 8:
		if k := t.a64.whole4[op]; k != nil {
			return k(&as[float64](dst)[0], &as[float64](x)[off], stride, n), true
		}
	}
	return 0, false
}

// checkRows checks the rows of a rows call named name: n > 0 elements
// each, rows of them from offset off at stride, all inside l elements.
func checkRows(name string, rows, l, off, stride, n int) error {
	if n <= 0 {
		return errs.New("simd", name, ErrArg, "rows of %d elements", n)
	}
	if rows > 0 && (n > l || !inRange(l-n+1, off, stride, rows)) { // every row's start
		return errs.New("simd", name, ErrRange, "%d rows of %d elements from offset %d with stride %d do not lie in %d elements",
			rows, n, off, stride, l)
	}
	return nil
}
