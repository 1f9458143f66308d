package simd

import "unsafe"

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
