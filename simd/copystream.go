package simd

import (
	"unsafe"

	"github.com/tessera-go/tessera/internal/errs"
)

// CopyStream copies min(len(dst), len(src)) elements from src to dst and
// returns that count, as the builtin copy does, with non-temporal stores
// where the level has them (see [Stream]): for a run that is one part of
// a large destination written once, such as one row of many copied into
// a result of 8 MiB or more. The builtin copy streams only a single copy
// beyond the runtime's own threshold. dst and src must not overlap. Runs
// shorter than 4 KiB, and the parts of a run before dst's first 64-byte
// line and after its last, are copied by the builtin copy.
func CopyStream[T Element](dst, src []T) int {
	n := min(len(dst), len(src))
	k := active.Load().copyNT
	size := int(sizeOf[T]())
	if k == nil || n*size < streamMin {
		return copy(dst, src[:n])
	}
	db := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(dst))), n*size)
	sb := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(src))), n*size)
	head := int((64 - uintptrOf(db)%64) % 64)
	copy(db[:head], sb)
	for i := head; ; {
		m := min(arithChunk*4, len(db)-i) &^ 63
		if m == 0 {
			copy(db[i:], sb[i:])
			break
		}
		k(&db[i], &sb[i], m)
		i += m
	}
	return n
}

// copyRowsGroup is how many rows CopyRows and CopyRowsStream copy
// together.
const copyRowsGroup = 8

// CopyRows copies len(srcAt) rows of n elements, row i from
// src[srcAt[i]:srcAt[i]+n] to dst[dstAt[i]:dstAt[i]+n]: a row gather,
// NumPy's take of rows. At the AVX2 and AVX-512 levels the rows are copied
// eight at a time, 256 bytes of each in turn, so that the reads of rows
// taken at random from memory overlap rather than wait for each other;
// rows shorter than 64 bytes, and the last bytes of each row past a
// whole number of 64, are copied by the builtin copy, as every row is at
// the other levels. Rows of src may repeat; the rows of dst must not
// overlap each other or src.
//
// CopyRows returns an error wrapping ErrArg if n is negative or the two
// offset slices differ in length, and one wrapping ErrRange if a row
// falls outside dst or src; in both cases it writes nothing. With n == 0
// it does nothing and returns nil.
func CopyRows[T Element](dst, src []T, dstAt, srcAt []int, n int) error {
	return copyRows("CopyRows", dst, src, dstAt, srcAt, n, false)
}

// CopyRowsStream is CopyRows with non-temporal stores where the level has
// them (see [CopyStream]): for the rows gathered into a large destination
// written once. Rows shorter than 4 KiB, and the parts of a row before
// its first 64-byte line in dst and after the group's last whole line,
// are copied by the builtin copy.
func CopyRowsStream[T Element](dst, src []T, dstAt, srcAt []int, n int) error {
	return copyRows("CopyRowsStream", dst, src, dstAt, srcAt, n, true)
}

func copyRows[T Element](op string, dst, src []T, dstAt, srcAt []int, n int, nt bool) error {
	if n < 0 {
		return argError(op, "n", n)
	}
	if len(dstAt) != len(srcAt) {
		return errs.New("simd", op, ErrArg, "%d destination rows and %d source rows", len(dstAt), len(srcAt))
	}
	if n == 0 {
		return nil
	}
	for i := range srcAt {
		if !inRange(len(dst), dstAt[i], 1, n) {
			return errs.New("simd", op, ErrRange, "dst row %d at %d of %d elements is outside length %d", i, dstAt[i], n, len(dst))
		}
		if !inRange(len(src), srcAt[i], 1, n) {
			return errs.New("simd", op, ErrRange, "src row %d at %d of %d elements is outside length %d", i, srcAt[i], n, len(src))
		}
	}
	t := active.Load()
	k, shortest := t.copyRows, 64
	if nt {
		k, shortest = t.copyRowsNT, streamMin
	}
	size := int(sizeOf[T]())
	if k == nil || n*size < shortest {
		for i, s := range srcAt {
			copy(dst[dstAt[i]:dstAt[i]+n], src[s:s+n])
		}
		return nil
	}
	db := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(dst))), len(dst)*size)
	sb := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(src))), len(src)*size)
	base, row := uintptrOf(db), n*size
	var doff, soff [copyRowsGroup]int
	for i := 0; i < len(srcAt); i += copyRowsGroup {
		g := min(copyRowsGroup, len(srcAt)-i)
		m := row // the bytes of every row of the group the kernel copies
		for r := range g {
			d, s := dstAt[i+r]*size, srcAt[i+r]*size
			h := 0
			if nt { // the bytes before dst's first line
				h = int((64 - (base+uintptr(d))%64) % 64)
				copy(db[d:d+h], sb[s:s+h])
			}
			doff[r], soff[r] = d+h, s+h
			m = min(m, (row-h)&^63)
		}
		k(&db[0], &sb[0], &doff[0], &soff[0], g, m)
		for r := range g {
			d, s := dstAt[i+r]*size, srcAt[i+r]*size
			copy(db[doff[r]+m:d+row], sb[soff[r]+m:s+row])
		}
	}
	return nil
}
