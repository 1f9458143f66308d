package simd

import (
	"github.com/tessera-go/tessera/internal/errs"
	"github.com/tessera-go/tessera/internal/loops"
)

// The bounds of one rows kernel call: at most rowsBatch rows, so that no
// more than 8 rows stream in at once (see BENCHMARKS.md), and columns
// enough for about 64 Ki elements read, because assembly is not
// preemptible. Rows of at most oneStreamBytes that follow each other in
// memory are one stream, which the kernels read in memory order (a row is
// no wider than their strip of registers): a call takes up to rowsRead
// elements of them.
const (
	rowsBatch      = 8
	rowsRead       = 1 << 16
	oneStreamBytes = 512
)

// FoldRows combines rows of x element by element, for op Add, Mul, Max,
// Min or Add|SkipNaN ([SkipNaN]: each NaN of the rows read as +0, init's
// elements as they are): for every j < len(dst),
//
//	dst[j] = (...((init[j] op x[off+j]) op x[off+stride+j]) ...) op x[off+(rows-1)*stride+j]
//
// where stride, in elements, may be negative or zero; rows 0 copies init.
// The result is that of copy(dst, init) followed by rows calls of
// Binary(op, dst, dst, row), bit for bit and at every level (of two NaN
// operands either may be returned, as there), but each element of dst is
// read and written once per 8 rows rather than once per row: the vector
// kernels hold a strip of dst in registers while they combine the rows into
// it (on AMD family 25, rows back to back of more than 512 bytes and at
// most 2 KiB are combined one whole row at a time, in memory order: see
// familyRules). At the AVX512 level the columns left over after the last
// whole AVX-512 vector go to the AVX2 kernels, by whole AVX2 vectors, and
// only the rest to the Go twin. It is the inner loop of a reduction down
// columns.
//
// dst may be init (the same first element: accumulating in place) but must
// not otherwise overlap init or x; such an overlap cannot corrupt memory,
// but the result is unspecified. The Stream flag is ignored.
//
// FoldRows returns an error wrapping ErrArg for another op or a negative
// rows, and one wrapping ErrRange when init is shorter than dst or a row
// does not lie inside x; in both cases it writes nothing.
func FoldRows[T Float](op Op, dst, init, x []T, off, stride, rows int) error {
	op, err := reductionOp("FoldRows", op)
	if err != nil {
		return err
	}
	n := len(dst)
	if rows < 0 {
		return errs.New("simd", "FoldRows", ErrArg, "%d rows", rows)
	}
	if len(init) < n {
		return errs.New("simd", "FoldRows", ErrRange, "init has %d elements, dst %d", len(init), n)
	}
	if n == 0 || rows == 0 {
		copy(dst, init)
		return nil
	}
	if n > len(x) || !inRange(len(x)-n+1, off, stride, rows) { // every row's start
		return errs.New("simd", "FoldRows", ErrRange, "%d rows of %d elements from offset %d with stride %d do not lie in %d elements",
			rows, n, off, stride, len(x))
	}
	t := forLoads(active.Load(), foldLoads, uintptrOf(dst), uintptrOf(init), uintptrOf(x[off:])|uintptr(stride)*sizeOf[T]())
	body := foldRowsAt(t, op, dst, init, x, off, stride, rows)
	if body < n && t.narrower != nil {
		// The columns left are fewer than an AVX-512 vector: whole AVX2
		// vectors of them still go to assembly (a narrow output, such as
		// a part of a split reduction or the tail of an odd one).
		body += foldRowsAt(t.narrower, op, dst[body:], init[body:], x, off+body, stride, rows)
	}
	if body < n {
		foldRowsGo(op, dst[body:], init[body:], x, off+body, stride, rows)
	}
	return nil
}

// foldRowsAt runs the rows kernels of table t over the whole vectors of
// dst and returns how many leading elements of dst they wrote (0 where t
// has no kernels).
func foldRowsAt[T Float](t *table, op Op, dst, init, x []T, off, stride, rows int) int {
	if t.a32 == nil {
		return 0
	}
	switch sizeOf[T]() {
	case 4:
		return rowsRun(t.a32, op, as[float32](dst), as[float32](init), as[float32](x), off, stride, rows)
	case 8:
		return rowsRun(t.a64, op, as[float64](dst), as[float64](init), as[float64](x), off, stride, rows)
	}
	return 0
}

// rowsRun runs the rows kernel of op of the set a over the whole vectors
// of dst, in calls of at most rowsBatch rows and rowsRead elements read,
// and returns how many leading elements of dst it wrote: 0 when a has no
// kernel for op. The rows after the first batch fold into dst itself.
// Where seqRows is set, rows back to back wider than oneStreamBytes and at
// most seqRowsBytes go to the row-order kernel instead, as many as read
// rowsRead elements a call (see familyRules).
func rowsRun[E float32 | float64](a *arithSet[E], op Op, dst, init, x []E, off, stride, rows int) int {
	k, seq, width := a.rows[op], a.seq[op], a.width
	body := len(dst) &^ (width - 1)
	if body == 0 || k == nil || seq == nil {
		return 0
	}
	n := len(dst)
	if b := n * int(sizeOf[E]()); seqRows && (stride == n || stride == -n) && b > oneStreamBytes && b <= seqRowsBytes {
		copy(dst[:body], init[:body])
		per := max(1, rowsRead/n)
		for r := 0; r < rows; r += per {
			seq(&dst[0], &x[off+r*stride], stride, min(per, rows-r), body)
		}
		return body
	}
	batch := rowsBatch
	if (stride == n || stride == -n) && n*int(sizeOf[E]()) <= oneStreamBytes {
		// Narrow rows back to back are one stream, however many a call
		// takes: as many as rowsRead elements.
		batch = max(rowsBatch, rowsRead/n)
	}
	for r := 0; r < rows; r += batch {
		rb := min(batch, rows-r)
		src := init
		if r > 0 {
			src = dst
		}
		cols := max(width, rowsRead/rb&^(width-1))
		for c := 0; c < body; c += cols {
			cn := min(cols, body-c)
			k(&dst[c], &src[c], &x[off+r*stride+c], stride, rb, cn)
		}
	}
	return body
}

// foldRowsGo is the Go twin of the rows kernels: FoldRows's definition,
// with Binary's twin's loops (the same bits, NaN payloads included).
//
// Each op calls its loop directly, which inlines, not through arithGo's
// switch: a call per row cost more than the row itself for the few
// columns left after the vector kernels (a 10-column reduction spent most
// of its time there).
func foldRowsGo[T Float](op Op, dst, init, x []T, off, stride, rows int) {
	copy(dst, init)
	n := len(dst)
	switch op {
	case Add:
		for r := range rows {
			loops.AddVV(dst, dst, x[off+r*stride:off+r*stride+n])
		}
	case Mul:
		for r := range rows {
			loops.MulVV(dst, dst, x[off+r*stride:off+r*stride+n])
		}
	case Max:
		for r := range rows {
			loops.MaxVV(dst, dst, x[off+r*stride:off+r*stride+n])
		}
	case Min:
		for r := range rows {
			loops.MinVV(dst, dst, x[off+r*stride:off+r*stride+n])
		}
	case nanAdd:
		for r := range rows {
			for j, e := range x[off+r*stride : off+r*stride+n] {
				dst[j] += zeroNaN(e)
			}
		}
	}
}

// seqRowsBytes is the widest row, in bytes, that the row-order kernels
// take where seqRows is set (see familyRules; on AMD family 25): wider
// rows go by strips, as dst would no longer share L1 with the row (see
// BENCHMARKS.md).
const seqRowsBytes = 2048

// seqRows makes FoldRows combine rows wider than oneStreamBytes and at
// most seqRowsBytes in row order (set per processor: see familyRules). Tests
// set it both ways.
var seqRows = machineRules().seqRows
