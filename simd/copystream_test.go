package simd

import (
	"errors"
	"math/rand/v2"
	"testing"
)

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

// TestCopyRowsLevels checks CopyRows and CopyRowsStream at every level
// against the builtin copy of each row: 0 to 19 rows (whole groups and the
// rest), row lengths 0-70 and around 256 bytes and the streaming
// threshold, rows repeated and in any order, destination rows off the
// line by different amounts with guard cells between them, elements of 1
// to 16 bytes.
func TestCopyRowsLevels(t *testing.T) {
	lengths := kernelLengths(127, 128, 129, 255, 257, streamMin/4-1, streamMin/4, streamMin+67, 2*streamMin+5)
	forEachLevel(t, func(t *testing.T) {
		for _, n := range lengths {
			for _, rows := range []int{0, 1, 7, 8, 9, 19} {
				checkCopyRows[uint8](t, n, rows)
				checkCopyRows[uint16](t, n, rows)
				checkCopyRows[float32](t, n, rows)
				checkCopyRows[float64](t, n, rows)
				checkCopyRows[complex128](t, n, rows)
			}
		}
	})
}

func checkCopyRows[T Element](t *testing.T, n, rows int) {
	t.Helper()
	const srcRows, guard = 5, 9
	src := patterned[T](srcRows*n+3, n+rows)[3:]
	stride := n + guard // destination rows apart, guard cells between
	dst := guarded[T](rows*stride + 1)
	dstAt, srcAt := make([]int, rows), make([]int, rows)
	perm := rand.New(rand.NewPCG(uint64(n), uint64(rows))).Perm(rows)
	for i := range rows {
		dstAt[i] = perm[i]*stride + 1 + i%2 // any order, two alignments
		srcAt[i] = (i * 2) % srcRows * n    // repeats
	}
	want := clone(dst)
	for i := range rows {
		copy(want[dstAt[i]:dstAt[i]+n], src[srcAt[i]:srcAt[i]+n])
	}
	for _, f := range []struct {
		name string
		fn   func(dst, src []T, dstAt, srcAt []int, n int) error
	}{{"CopyRows", CopyRows[T]}, {"CopyRowsStream", CopyRowsStream[T]}} {
		got := clone(dst)
		if err := f.fn(got, src, dstAt, srcAt, n); err != nil {
			t.Fatalf("%s: n %d rows %d: %v", f.name, n, rows, err)
		}
		if !sameBits(got, want) {
			t.Fatalf("%s: n %d rows %d (%T): element %d differs (guard cells included)", f.name, n, rows, dst[0], firstDiff(got, want))
		}
	}
}

// TestCopyRowsErrors checks the argument errors of CopyRows and
// CopyRowsStream, with nothing written.
func TestCopyRowsErrors(t *testing.T) {
	src := patterned[float32](8192, 1)
	for _, c := range []struct {
		name         string
		dstAt, srcAt []int
		n            int
		want         error
	}{
		{"negative n", []int{0}, []int{0}, -1, ErrArg},
		{"lengths", []int{0, 4096}, []int{0}, 4096, ErrArg},
		{"dst past the end", []int{0, 4097}, []int{0, 0}, 4096, ErrRange},
		{"dst negative", []int{0, -1}, []int{0, 0}, 4096, ErrRange},
		{"src past the end", []int{0, 4096}, []int{0, 4097}, 4096, ErrRange},
		{"src negative", []int{0, 4096}, []int{-4096, 0}, 4096, ErrRange},
	} {
		forEachLevel(t, func(t *testing.T) {
			for _, f := range []func(dst, src []float32, dstAt, srcAt []int, n int) error{CopyRows[float32], CopyRowsStream[float32]} {
				dst := guarded[float32](8192)
				err := f(dst, src, c.dstAt, c.srcAt, c.n)
				if !errors.Is(err, c.want) {
					t.Fatalf("%s: got %v, want %v", c.name, err, c.want)
				}
				if !sameBits(dst, guarded[float32](8192)) {
					t.Fatalf("%s: dst written on error", c.name)
				}
			}
		})
	}
}
