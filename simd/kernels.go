package simd

import (
	"fmt"
	"math/bits"

	"github.com/tessera-go/tessera/internal/errs"
)

// Copy copies min(len(dst), len(src)) elements from src to dst and returns
// that count, exactly like the builtin copy: the slices may overlap and the
// result is as if src were first copied to a temporary. It is the builtin
// copy at every level: splitting large copies below the runtime's
// non-temporal threshold, or copying with vector stores, did not measure
// faster (BENCHMARKS.md, "`simd` kernels (moved from the package
// documentation)"). Copy never fails. For many runs that each are one part
// of a large destination, see [CopyStream].
func Copy[T Element](dst, src []T) int {
	return copy(dst, src)
}

// Strided copies n elements between strided positions:
//
//	dst[doff+i*dinc] = src[soff+i*sinc]  for 0 <= i < n
//
// Strides are in elements and may be negative or zero; sinc == 0 broadcasts
// src[soff]. dinc == 1 (a gather into a contiguous run) is the fast case,
// and with sinc == -1 (a flipped run) of 4- or 8-byte elements it runs the
// reversal kernels.
// The elements written must not overlap the elements read (with dinc == 0
// the last one wins).
//
// Strided returns an error wrapping ErrArg if n is negative, and one wrapping
// ErrRange if any index would fall outside its slice; in both cases it writes
// nothing. With n == 0 it does nothing and returns nil whatever the offsets.
func Strided[T Element](dst []T, doff, dinc int, src []T, soff, sinc, n int) error {
	if n <= 0 {
		if n < 0 {
			return argError("Strided", "n", n)
		}
		return nil
	}
	if !inRange(len(dst), doff, dinc, n) {
		return rangeError("Strided", "dst", len(dst), doff, dinc, n, 1)
	}
	if !inRange(len(src), soff, sinc, n) {
		return rangeError("Strided", "src", len(src), soff, sinc, n, 1)
	}
	if dinc == 1 && sinc == -1 {
		gatherAt(active.Load(), sinc, false, dst, doff, src, soff, n)
		return nil
	}
	stridedGo(dst, doff, dinc, src, soff, sinc, n)
	return nil
}

// StridedStream is Strided with non-temporal stores where the level has
// them: the destination is written around the caches (an SFENCE orders the
// stores before it returns), which saves reading each destination line
// before writing it. Arguments, results and errors are those of Strided.
//
// Choose it when the destination is much larger than L2 (say 8 MiB or more)
// and will not be read again soon. It streams the gathers that a
// non-temporal store wins on — dinc == 1 and sinc == 2, every other element
// (NumPy's a[::2]), or sinc == -1, a flipped run (a[::-1]), of 4- and
// 8-byte elements at the AVX2 and AVX-512 levels — and otherwise behaves
// exactly like Strided.
func StridedStream[T Element](dst []T, doff, dinc int, src []T, soff, sinc, n int) error {
	if dinc != 1 || sinc != 2 && sinc != -1 || n <= 0 || !inRange(len(dst), doff, 1, n) || !inRange(len(src), soff, sinc, n) {
		return Strided(dst, doff, dinc, src, soff, sinc, n) // or its error
	}
	gatherAt(active.Load(), sinc, true, dst, doff, src, soff, n)
	return nil
}

// Fill sets n strided elements of dst to v:
//
//	dst[doff+i*dinc] = v  for 0 <= i < n
//
// dinc is in elements and may be negative or zero; dinc == 1 is the fast
// case. Fill returns an error wrapping ErrArg if n is negative and one
// wrapping ErrRange if an index would fall outside dst; in both cases it
// writes nothing. With n == 0 it does nothing and returns nil.
func Fill[T Element](dst []T, doff, dinc int, v T, n int) error {
	if n <= 0 {
		if n < 0 {
			return argError("Fill", "n", n)
		}
		return nil
	}
	if !inRange(len(dst), doff, dinc, n) {
		return rangeError("Fill", "dst", len(dst), doff, dinc, n, 1)
	}
	fillStridedGo(dst, doff, dinc, v, n)
	return nil
}

// Transpose writes the transpose of a cols×rows source matrix into a
// rows×cols destination matrix:
//
//	dst[doff+i*dld+j] = src[soff+j*sld+i]  for 0 <= i < rows, 0 <= j < cols
//
// The source is read with unit stride along i and the destination written
// with unit stride along j; the leading dimensions dld and sld are in
// elements and may be negative (flipped rows) or smaller than the row length
// (but then rows overlap and the result is unspecified). dst and src must not
// overlap.
//
// Transpose returns an error wrapping ErrArg if rows or cols is negative, and
// one wrapping ErrRange if any index would fall outside its slice; in both
// cases it writes nothing. With rows == 0 or cols == 0 it does nothing and
// returns nil.
func Transpose[T Element](dst []T, doff, dld int, src []T, soff, sld, rows, cols int) error {
	if !transposeFits(len(dst), doff, dld, len(src), soff, sld, rows, cols) {
		return checkTranspose("Transpose", len(dst), doff, dld, len(src), soff, sld, rows, cols)
	}
	t := active.Load()
	transposeAt(t, false, cachedFor(t.isa, rows, cols, dld, sld, int(sizeOf[T]())), dst, doff, dld, src, soff, sld, rows, cols)
	return nil
}

// TransposeMinRows returns the fewest rows from which Transpose,
// TransposeStream and TransposeHot of a block of cols columns of T's
// elements, whose source rows lie sld elements apart, beat a strided run
// per row (a gather of cols elements sld apart from each source column)
// at the active level; the copier runs the runs in their place below
// it. It is 8 (the smallest tile of 4- and 8-byte elements) for blocks
// of fewer than minThinCols columns, whose transpose's fixed cost
// outweighs its gain, for source rows flipped (sld < 1), and for elements
// of more than 8 bytes. Where the level has thin kernels for T's size (see
// the package documentation) and they take the block (sld at most the lanes
// of a vector, at most 16) it is 2 for 1- and 2-byte elements (the channels
// of a uint8 image moved to channels-first ran faster as a thin transpose
// from two channels on) and 3 for 4- and 8-byte ones (three float32
// channels ran faster as a thin transpose; two keep the runs, whose
// stride-2 kernels, StridedStream, measured faster than the thin kernel).
// The AVX2 level's thin kernels (32-byte vectors) take the same limits:
// they measured faster than the Go twin for 2 and 3 rows of float32 and
// uint8. Where they would decline it (source rows further apart) it is 8.
// Where the level has no thin kernel for T's size (the Generic level), it
// is 2: the Go twin moves 2 to 4 rows in one pass over the source, and more
// rows in blocks, where the runs pass over it once a row. See
// BENCHMARKS.md, "Figures moved from simd's comments (issue 49)".
func TransposeMinRows[T Element](cols, sld int) int {
	size := int(sizeOf[T]())
	if size > 8 {
		return 8
	}
	ts := &active.Load().thin[bits.TrailingZeros(uint(size))]
	switch {
	case cols < minThinCols || sld < 1:
		return 8
	case ts.k == nil:
		return 2
	case sld > min(ts.vec/size, thinMax):
		return 8
	case size < 4:
		return 2
	}
	return 3
}

// minThinCols is the fewest columns from which a transpose of fewer than
// 8 rows runs as a transpose (a thin one, or the Go twin's) rather than
// as strided runs (see TransposeMinRows): below it the transpose's fixed
// cost outweighs what it saves (the Go twin takes the same threshold;
// see BENCHMARKS.md).
const minThinCols = 64

// TransposeStream is Transpose with non-temporal stores: the destination is
// written around the caches (then an SFENCE orders the stores before it
// returns), so a large destination does not evict the source and the rest of
// the working set. Arguments, results and errors are those of Transpose.
//
// Choose it when the destination is much larger than L2 (say 8 MiB or more)
// and will not be read again soon. It streams only where it can write whole
// 64-byte cache lines: dld*size(T) must be a multiple of 64 and cols must
// span at least one whole line, or, for a thin transpose at the AVX512
// level (fewer rows or columns than a vector, see the package
// documentation) that its AVX-512 kernels move, its destination rows must
// lie end to end or a whole number of lines apart; otherwise, and at the
// Generic and AVX2 levels outside their tiles (AVX2's thin kernels, and
// the AVX512 level's 1- and 2-byte ones where it runs those, have no
// streaming form), and for element sizes other than 1, 2, 4 and 8 bytes
// outside thin transposes, it behaves exactly like Transpose (which
// stages large transposes of 1- and 2-byte elements through a scratch
// buffer; see the package documentation). Transposes of 1- and 2-byte
// elements whose few columns the tiles cover whole (16, with destination
// rows end to end) run the tiles, with ordinary stores, where the AVX512
// level's thin kernels would stream: they measured faster.
func TransposeStream[T Element](dst []T, doff, dld int, src []T, soff, sld, rows, cols int) error {
	if !transposeFits(len(dst), doff, dld, len(src), soff, sld, rows, cols) {
		return checkTranspose("TransposeStream", len(dst), doff, dld, len(src), soff, sld, rows, cols)
	}
	transposeAt(active.Load(), true, cached, dst, doff, dld, src, soff, sld, rows, cols)
	return nil
}

// TransposeHot is Transpose for a transpose whose source and destination
// are in the L1 data cache, or fit in it together and are about to be
// made hot: a small copy on its own. The copier calls it for copies
// whose destination has at most 16 KiB. Arguments, results and errors are
// those of Transpose; only the tile kernels may differ. On Intel
// processors at the AVX512 level it runs the AVX2 tiles (and the AVX-512
// thin kernels, for fewer rows or columns than a tile); Transpose keeps
// the AVX-512 tiles (BENCHMARKS.md, "Small transposes:
// `simd.TransposeHot`").
// Elsewhere TransposeHot is Transpose.
func TransposeHot[T Element](dst []T, doff, dld int, src []T, soff, sld, rows, cols int) error {
	if !transposeFits(len(dst), doff, dld, len(src), soff, sld, rows, cols) {
		return checkTranspose("TransposeHot", len(dst), doff, dld, len(src), soff, sld, rows, cols)
	}
	transposeAt(forHot(active.Load()), false, cached, dst, doff, dld, src, soff, sld, rows, cols)
	return nil
}

// checkTranspose validates a transpose in O(1): every destination row
// doff+i*dld .. +cols-1 and every source row soff+j*sld .. +rows-1 must lie
// in its slice.
func checkTranspose(op string, ld, doff, dld, ls, soff, sld, rows, cols int) error {
	if rows <= 0 || cols <= 0 {
		switch {
		case rows < 0:
			return argError(op, "rows", rows)
		case cols < 0:
			return argError(op, "cols", cols)
		}
		return nil
	}
	if cols > ld || !inRange(ld-cols+1, doff, dld, rows) {
		return rangeError(op, "dst", ld, doff, dld, rows, cols)
	}
	if rows > ls || !inRange(ls-rows+1, soff, sld, cols) {
		return rangeError(op, "src", ls, soff, sld, cols, rows)
	}
	return nil
}

// transposeFits reports whether a transpose of rows by cols elements is
// not empty and stays within slices of lengths ld and ls: the check of
// checkTranspose that passes, small enough to inline. Where it fails,
// checkTranspose returns the error, or nil for an empty transpose.
func transposeFits(ld, doff, dld, ls, soff, sld, rows, cols int) bool {
	return rows > 0 && cols > 0 && cols <= ld && rows <= ls &&
		inRange(ld-cols+1, doff, dld, rows) && inRange(ls-rows+1, soff, sld, cols)
}

// inRange reports whether off+k*inc lies in [0,l) for every 0 <= k < n,
// given n > 0, without overflowing.
func inRange(l, off, inc, n int) bool {
	if off < 0 || off >= l {
		return false
	}
	room, step := uint64(l-1-off), uint64(inc)
	if inc < 0 {
		room, step = uint64(off), -uint64(inc)
	}
	hi, lo := bits.Mul64(uint64(n-1), step)
	return hi == 0 && lo <= room
}

func argError(op, name string, v int) error {
	return errs.New("simd", op, ErrArg, "%s %d is negative", name, v)
}

// rangeError describes the out-of-range access of n runs of length run
// starting at off+k*inc (k < n) in a slice of length l: it names the first
// run start or the last element that escapes [0,l).
func rangeError(op, name string, l, off, inc, n, run int) error {
	var msg string
	switch last, ok := lastIndex(off, inc, n, run); {
	case run > l:
		msg = fmt.Sprintf("%s runs of %d elements exceed length %d", name, run, l)
	case off < 0 || off >= l:
		msg = fmt.Sprintf("%s index %d out of range [0,%d)", name, off, l)
	case inc < 0 && off > l-run: // the first run, not the last, ends past l
		if off <= maxInt-(run-1) {
			msg = fmt.Sprintf("%s index %d out of range [0,%d)", name, off+run-1, l)
		} else {
			msg = fmt.Sprintf("%s index %d+%d overflows int (length %d)", name, off, run-1, l)
		}
	case !ok:
		msg = fmt.Sprintf("%s index %d%+d*%d overflows int (length %d)", name, off, inc, n-1, l)
	default:
		msg = fmt.Sprintf("%s index %d out of range [0,%d)", name, last, l)
	}
	return errs.New("simd", op, ErrRange, "%s", msg)
}

// lastIndex returns the extreme index reached, off+(n-1)*inc plus run-1 when
// it grows past off, and whether it fits in an int.
func lastIndex(off, inc, n, run int) (int, bool) {
	if n == 1 || inc == 0 {
		return off + run - 1, off <= maxInt-(run-1)
	}
	hi, lo := bits.Mul64(uint64(n-1), absU(inc))
	if hi != 0 || lo > uint64(maxInt) {
		return 0, false
	}
	d := int(lo)
	if inc < 0 {
		if off < minInt+d {
			return 0, false
		}
		return off - d, true
	}
	if off > maxInt-d-(run-1) {
		return 0, false
	}
	return off + d + run - 1, true
}

const (
	maxInt = int(^uint(0) >> 1)
	minInt = -maxInt - 1
)

func absU(v int) uint64 {
	if v < 0 {
		return -uint64(v)
	}
	return uint64(v)
}
