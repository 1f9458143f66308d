package simd

import "testing"

// TestCopyStreamLevels checks CopyStream at every level against the
// builtin copy: lengths 0-70 and around the streaming threshold and a
// chunk, starts off the line on both sides, elements of 1 to 16 bytes,
// dst longer or shorter than src; guard cells past dst stay untouched.
func TestCopyStreamLevels(t *testing.T) {
	lengths := kernelLengths(streamMin-1, streamMin, streamMin+1, 3*streamMin+67, 4*arithChunk+129)
	forEachLevel(t, func(t *testing.T) {
		for _, n := range lengths {
			for off := range 3 {
				checkCopyStream[uint8](t, n, off)
				checkCopyStream[uint16](t, n, off)
				checkCopyStream[float32](t, n, off)
				checkCopyStream[float64](t, n, off)
				checkCopyStream[complex128](t, n, off)
			}
		}
	})
}

func checkCopyStream[T Element](t *testing.T, n, off int) {
	t.Helper()
	src := patterned[T](n+2*off+1, n)[2*off:]
	for _, dn := range []int{n, n / 2} {
		const guard = 70
		buf := guarded[T](off + dn + guard)
		dst := buf[off : off+dn]
		want := min(dn, len(src))
		if got := CopyStream(dst, src); got != want {
			t.Fatalf("n %d off %d: CopyStream returned %d, want %d", n, off, got, want)
		}
		if !sameBits(dst, src[:dn]) || !sameBits(buf[off+dn:], guarded[T](guard)) || !sameBits(buf[:off], guarded[T](off)) {
			t.Fatalf("n %d off %d dst %d: element %d differs, or a guard cell was written", n, off, dn, firstDiff(dst, src[:dn]))
		}
	}
}
