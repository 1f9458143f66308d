package simd

import "unsafe"

// fillMinBytes is the shortest run, in bytes, handed to a fill kernel;
// shorter runs take the Go loop.
const fillMinBytes = 256

// fillChunk bounds the bytes one non-preemptible fill call writes.
const fillChunk = 64 << 10

// fillAt sets every element of d to v with the fill kernel of table t: it
// writes v into a 64-byte pattern (every element size divides 64), stores
// whole elements up to the first 64-byte boundary with the Go loop, repeats
// the pattern with the kernel in chunks of at most fillChunk bytes, and
// finishes the tail with the Go loop. Every element size takes this path: a
// pattern of whole elements repeated from an element boundary writes exactly
// the bits the Go loop would.
func fillAt[T Element](t *table, d []T, v T) {
	size := int(sizeOf[T]())
	if t.fillUnit == 0 || len(d)*size < fillMinBytes {
		fillGo(d, v)
		return
	}
	var buf [8]uint64 // 64 bytes, aligned for every element type
	pat := unsafe.Slice((*T)(unsafe.Pointer(&buf)), 64/size)
	fillGo(pat, v)

	// Align the first vector store when whole elements can get there.
	if gap := int(-uintptrOf(d) % 64); gap%size == 0 {
		head := d[:gap/size]
		fillGo(head, v)
		d = d[len(head):]
	}
	body := (len(d) * size) &^ (t.fillUnit - 1)
	p := unsafe.Pointer(unsafe.SliceData(d))
	for off := 0; off < body; off += fillChunk {
		fillVec(t.fillUnit, (*byte)(unsafe.Add(p, off)), min(fillChunk, body-off), (*byte)(unsafe.Pointer(&buf)))
	}
	fillGo(d[body/size:], v)
}
