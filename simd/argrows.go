package simd

import (
	"unsafe"

	"github.com/tessera-go/tessera/internal/errs"
)

// argChunk is the most elements of each row one arg kernel call reads:
// four rows of it are rowsRead elements, for assembly is not preemptible,
// and a lane's index within a call fits its 32 bits.
const argChunk = rowsRead / 4

// ArgRows finds the extreme of each row of x by op, Max or Min, and sets
// idx[r], for every r < len(idx), to its index in the row
// x[off+r*stride : off+r*stride+n]: the index of the first largest
// (smallest) element, or of the first NaN when the row holds one, as
// NumPy's argmax and argmin (-0 and +0 are equal). stride, in elements,
// may be negative or zero. The index is exact, the same at every level.
//
// The vector kernels read four rows at once, their loads interleaved as in
// [ReduceRows], and a single row as four parts; each lane keeps its best
// element and the index where it first met it, and the lanes are combined
// at the end. One pass over the row finds the index, where a [Reduce] for
// the extreme and an [Index] search for it read the row twice. Rows of at
// most 4 KiB (of every length on AMD family 25: see argShortLong) take,
// with AVX-512, a kernel that searches many of them in one call, each in
// one pass that notes, lane by lane, the block of four vectors where the
// lane's extreme was first met, and a search of the first block that holds
// the row's extreme for its first index, from L1. It is the inner loop of
// an index reduction along rows.
// The Stream flag is ignored.
//
// ArgRows returns an error wrapping ErrArg for another op or n <= 0, and
// one wrapping ErrRange when a row does not lie inside x; in both cases
// it writes nothing.
func ArgRows[T Float](op Op, idx []int, x []T, off, stride, n int) error {
	op &^= Stream
	if op != Max && op != Min {
		return errs.New("simd", "ArgRows", ErrArg, "op %v is neither Max nor Min", op)
	}
	if err := checkRows("ArgRows", len(idx), len(x), off, stride, n); err != nil || len(idx) == 0 {
		return err
	}
	max := op == Max
	if (argShortLong || n*int(sizeOf[T]()) <= argShortBytes) && active.Load().isa == AVX512 {
		argShortRows(max, idx, x, off, stride, n)
		return nil
	}
	t := forLoads(active.Load(), foldLoads, uintptrOf(x[off:])|uintptr(stride)*sizeOf[T](), 0, 0)
	switch sizeOf[T]() {
	case 4:
		w := 0
		if t.a32 != nil {
			w = t.a32.width
		}
		argRows[float32, int32](t.isa, w, max, idx, as[float32](x), off, stride, n)
	case 8:
		w := 0
		if t.a64 != nil {
			w = t.a64.width
		}
		argRows[float64, int64](t.isa, w, max, idx, as[float64](x), off, stride, n)
	}
	return nil
}

// argShortBytes is the longest row, in bytes, that ArgRows searches with
// the short-row kernel at the AVX512 level, whatever its alignment:
// longer rows go to the four-row kernels, which read four rows at once,
// unless argShortLong is set (BENCHMARKS.md, "Figures moved from simd's
// comments (issue 49)").
const argShortBytes = 4096

// argShortLong makes ArgRows take the short-row kernel for rows of every
// length rather than those of at most argShortBytes (set per processor:
// see familyRules). Tests set it both ways.
var argShortLong = machineRules().argShortLong

// argShortRows runs the short-row arg kernel (AVX-512) over the len(idx)
// rows of x from off: for each row, one pass that folds each block of
// four vectors into its lanes' extremes and notes the block where each
// lane's last rose, or whether the row holds a NaN, and a search (from
// L1) from the first block that holds the row's extreme for its first
// element equal to it, or from the row's start for its first NaN. For
// rows too short for the four-row kernels, or about as short, one call
// does as many as read rowsRead elements, where ArgRows would run a Go
// loop per row.
func argShortRows[T Float](max bool, idx []int, x []T, off, stride, n int) {
	switch sizeOf[T]() {
	case 4:
		argShortIn(max, idx, as[float32](x), off, stride, n)
	case 8:
		argShortIn(max, idx, as[float64](x), off, stride, n)
	}
}

// argShortIn is argShortRows for E: one call of the kernel for as many
// rows as read at most rowsRead elements (at least one row), and rows
// longer than argChunk one at a time, in chunks.
func argShortIn[E float32 | float64](max bool, idx []int, x []E, off, stride, n int) {
	w := 64 / int(sizeOf[E]()) // the lanes of a vector
	if n > argChunk {
		for r := range idx {
			idx[r] = argLongRow(max, x, off+r*stride, n, w)
		}
		return
	}
	tail := 1<<(n%w) - 1 // the lanes of a row's last partial vector
	per := rowsRead / n  // rows per call
	for r := 0; r < len(idx); r += per {
		argShortCall(max, &idx[r], x, off+r*stride, stride, min(per, len(idx)-r), n, tail)
	}
}

// argLongRow returns the index of the extreme of the row of n elements of
// x from o, n > argChunk: the kernel over each chunk of the row, and the
// chunks in order, a tie keeping the first.
func argLongRow[E float32 | float64](max bool, x []E, o, n, w int) int {
	j := 0
	for c := 0; c < n; c += argChunk {
		cn := min(argChunk, n-c)
		var k int
		argShortCall(max, &k, x, o+c, 0, 1, cn, 1<<(cn%w)-1)
		if c == 0 || argBetter(max, x[o+c+k], x[o+j]) {
			j = c + k
		}
	}
	return j
}

// argShortCall runs the short-row kernel of E over rows rows of n elements
// of x from o, stride elements apart.
func argShortCall[E float32 | float64](max bool, idx *int, x []E, o, stride, rows, n, tail int) {
	if sizeOf[E]() == 4 {
		argShort32(max, idx, (*float32)(unsafe.Pointer(&x[o])), stride, rows, n, tail)
		return
	}
	argShort64(max, idx, (*float64)(unsafe.Pointer(&x[o])), stride, rows, n, tail)
}

// argKernel runs the arg kernel of level isa for E (arg32 or arg64, called
// directly so that its operands stay on the stack): it reads n elements
// (a positive multiple of the vector's) of the four rows at p and leaves
// each row's lanes, 64 bytes apart, in vals and idxs, indices as wide as
// the elements (I); the AVX2 kernels also keep scratch in the upper half
// of each row's 64 bytes of vals.
func argKernel[E float32 | float64, I int32 | int64](isa ISA, max bool, p *[4]*E, n int, vals *E, idxs *I) {
	if sizeOf[E]() == 4 {
		arg32(isa, max, (*[4]*float32)(unsafe.Pointer(p)), n, (*float32)(unsafe.Pointer(vals)), (*int32)(unsafe.Pointer(idxs)))
		return
	}
	arg64(isa, max, (*[4]*float64)(unsafe.Pointer(p)), n, (*float64)(unsafe.Pointer(vals)), (*int64)(unsafe.Pointer(idxs)))
}

// argRows is ArgRows on checked arguments, with the kernels of level isa,
// whose vectors hold w elements (0: no vector level).
func argRows[E float32 | float64, I int32 | int64](isa ISA, w int, max bool, idx []int, x []E, off, stride, n int) {
	r := 0
	if w > 0 && n >= w {
		for ; r+4 <= len(idx); r += 4 {
			o := off + r*stride
			p := [4]int{o, o + stride, o + 2*stride, o + 3*stride}
			_, at := argVec[E, I](isa, w, max, x, &p, n)
			copy(idx[r:r+4], at[:])
		}
	}
	for ; r < len(idx); r++ {
		o := off + r*stride
		idx[r] = argRow[E, I](isa, w, max, x[o:o+n])
	}
}

// argRow returns the index of row's extreme: with vectors of w elements
// (0: none), read as four parts by the kernel when it is long enough.
func argRow[E float32 | float64, I int32 | int64](isa ISA, w int, max bool, row []E) int {
	part := len(row) / 4 &^ (w - 1)
	if w == 0 || part == 0 {
		_, j := argGo(max, row, 0, row[0], 0)
		return j
	}
	p := [4]int{0, part, 2 * part, 3 * part}
	vals, at := argVec[E, I](isa, w, max, row, &p, part)
	b, bj := vals[0], at[0]
	for q := 1; q < 4; q++ { // the parts in order: a tie keeps the first
		if argBetter(max, vals[q], b) {
			b, bj = vals[q], at[q]+q*part
		}
	}
	_, j := argGo(max, row, 4*part, b, bj)
	return j
}

// argVec returns the extreme of each of the four runs of n elements of x
// from p and its index in the run, with the kernel over their whole vectors
// (w elements each, n >= w) and argGo over the rest.
func argVec[E float32 | float64, I int32 | int64](isa ISA, w int, max bool, x []E, p *[4]int, n int) (best [4]E, at [4]int) {
	const bytes = 64 // a row's lanes in vals and idxs
	var vals [4 * bytes / 4]E
	var idxs [4 * bytes / 4]I
	lanes := bytes / int(sizeOf[E]())
	body := n &^ (w - 1)
	for c := 0; c < body; c += argChunk {
		cn := min(argChunk, body-c)
		ptr := [4]*E{&x[p[0]+c], &x[p[1]+c], &x[p[2]+c], &x[p[3]+c]}
		argKernel(isa, max, &ptr, cn, &vals[0], &idxs[0])
		for q := range 4 {
			v, i := vals[q*lanes], int(idxs[q*lanes])
			for l := q*lanes + 1; l < q*lanes+w; l++ { // the first of the best lanes
				if vl, il := vals[l], int(idxs[l]); argBetter(max, vl, v) || il < i && !argBetter(max, v, vl) {
					v, i = vl, il
				}
			}
			if c == 0 || argBetter(max, v, best[q]) { // the chunks in order
				best[q], at[q] = v, c+i
			}
		}
	}
	for q := range 4 {
		best[q], at[q] = argGo(max, x[p[q]:p[q]+n], body, best[q], at[q])
	}
	return best, at
}

// argGo is the Go twin of the arg kernels: it goes on from element i of
// row with the best element b so far at index j, and returns the best
// and its index.
func argGo[E float32 | float64](max bool, row []E, i int, b E, j int) (E, int) {
	for ; i < len(row); i++ {
		if argBetter(max, row[i], b) {
			b, j = row[i], i
		}
	}
	return b, j
}

// argBetter reports whether v beats b: larger (smaller unless max), or
// NaN where b is not.
func argBetter[E float32 | float64](max bool, v, b E) bool {
	if max {
		return v > b || v != v && b == b
	}
	return v < b || v != v && b == b
}
