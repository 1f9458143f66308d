package simd

import (
	"errors"
	"math/rand/v2"
	"testing"
	"unsafe"
)

// TestSelectLevels checks Select and SelectStream at every level against
// the definition, for elements of 1, 2, 4, 8 and 16 bytes: lengths 0-70
// and past the streaming threshold and a chunk, starts off the vector and
// the line, random masks, dst the same as x or y; guard cells past dst stay
// untouched.
func TestSelectLevels(t *testing.T) {
	lengths := kernelLengths(127, streamMin+37, arithChunk+37)
	forEachLevel(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(5, 9))
		for _, n := range lengths {
			for off := range 3 {
				mask := make([]bool, n+off)
				for i := range mask {
					mask[i] = r.IntN(2) == 0
				}
				for _, stream := range []bool{false, true} {
					checkSelect[uint8](t, n, off, mask, stream)
					checkSelect[uint16](t, n, off, mask, stream)
					checkSelect[float32](t, n, off, mask, stream)
					checkSelect[float64](t, n, off, mask, stream)
					checkSelect[complex128](t, n, off, mask, stream)
				}
			}
		}
	})
}

func checkSelect[T Element](t *testing.T, n, off int, mask []bool, stream bool) {
	t.Helper()
	call := Select[T]
	if stream {
		call = SelectStream[T]
	}
	x, y := patterned[T](n+off, 1)[off:], patterned[T](n+off, 2)[off:]
	m := mask[off:]
	want := make([]T, n)
	for i := range want {
		if m[i] {
			want[i] = x[i]
		} else {
			want[i] = y[i]
		}
	}
	const guard = 70
	buf := guarded[T](off + n + guard)
	dst := buf[off : off+n]
	if err := call(dst, m, x, y); err != nil {
		t.Fatal(err)
	}
	if !sameBits(dst, want) || !sameBits(buf[off+n:], guarded[T](guard)) {
		t.Fatalf("n %d off %d stream %v: element %d differs, or a guard cell was written", n, off, stream, firstDiff(dst, want))
	}
	for _, inX := range []bool{true, false} {
		in, other := clone(x), y
		a, b := in, other
		if !inX {
			in, other = clone(y), x
			a, b = other, in
		}
		if err := call(in, m, a, b); err != nil {
			t.Fatal(err)
		}
		if !sameBits(in, want) {
			t.Fatalf("n %d off %d stream %v in place (x %v): element %d differs", n, off, stream, inX, firstDiff(in, want))
		}
	}
}

func TestSelectErrors(t *testing.T) {
	d := make([]float32, 3)
	for _, c := range []struct {
		err error
		msg string
	}{
		{Select(d, make([]bool, 2), d, d), "simd: Select: mask has 2 elements, dst 3"},
		{Select(d, make([]bool, 3), d[:1], d), "simd: Select: x has 1 elements, dst 3"},
		{SelectStream(d, make([]bool, 3), d, d[:2]), "simd: SelectStream: y has 2 elements, dst 3"},
	} {
		if !errors.Is(c.err, ErrRange) || c.err.Error() != c.msg {
			t.Errorf("error %v, want %q", c.err, c.msg)
		}
	}
}

// TestSelectStreamMisaligned checks SelectStream and ClipStream into
// destinations whose address is not a multiple of their element size
// (complex64 at 4 bytes off 8; a float64 slice made by unsafe): they do
// not stream (a non-temporal store needs an aligned address) and give the
// right elements.
func TestSelectStreamMisaligned(t *testing.T) {
	forEachLevel(t, func(t *testing.T) {
		n := streamMin + 100
		raw := make([]float32, 2*n+2)
		d := unsafe.Slice((*complex64)(unsafe.Pointer(&raw[1])), n)
		x, y := patterned[complex64](n, 1), patterned[complex64](n, 2)
		mask := make([]bool, n)
		for i := range mask {
			mask[i] = i%3 == 0
		}
		if err := SelectStream(d, mask, x, y); err != nil {
			t.Fatal(err)
		}
		for i := range d {
			w := y[i]
			if mask[i] {
				w = x[i]
			}
			if d[i] != w {
				t.Fatalf("element %d: %v, want %v", i, d[i], w)
			}
		}
		f := unsafe.Slice((*float64)(unsafe.Pointer(&raw[1])), n)
		src := make([]float64, n)
		for i := range src {
			src[i] = float64(i%7) - 3
		}
		if err := ClipStream(f, src, -1, 2); err != nil {
			t.Fatal(err)
		}
		for i, e := range src {
			if w := min(max(e, -1), 2); f[i] != w {
				t.Fatalf("Clip element %d: %v, want %v", i, f[i], w)
			}
		}
	})
}
