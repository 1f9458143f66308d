package simd

import (
	"bytes"
	"errors"
	"fmt"
	"testing"
	"unsafe"
)

// forEachLevel runs f as one subtest per level this CPU and build support,
// with that level active. Subtests must not run in parallel with each other.
//
// With -race only the Go twins run: the race detector cannot see what the
// assembly does (the library never runs it under -race), and the plain
// test run already checks every level.
func forEachLevel(t *testing.T, f func(t *testing.T)) {
	t.Helper()
	levels := Supported()
	if raceBuild {
		levels = levels[:1]
	}
	for _, l := range levels {
		t.Run(l.String(), func(t *testing.T) {
			restore, err := setLevel(l)
			if err != nil {
				t.Fatal(err)
			}
			defer restore()
			f(t)
		})
	}
}

// forEachKernel runs f as forEachLevel does and, where AVX2 runs, once
// more at AVX2 with the other setting of each family rule (the bands of
// TransposeStream depend on farShortRows there too), and, where AVX-512
// runs, once more at AVX-512 with the other setting of the hot transposes' rule
// (forHot: the tiles of TransposeHot), of each family rule (familyRules:
// ReduceRows's four-row kernels, ArgRows's short-row kernel, the bands of
// 8-byte elements, FoldRows's row order) and of the alignment rule
// (forLoads) for every kind of kernel: where the machine's default gives
// a kind's unaligned operands to AVX2, its AVX-512 kernels then read
// them, and where they read them, AVX2 gets them. So the arithmetic, fold
// and index kernels of every level meet every alignment, and both paths of
// each rule run at AVX2 and at AVX-512, on every machine.
func forEachKernel(t *testing.T, f func(t *testing.T)) {
	t.Helper()
	forEachLevel(t, f)
	if raceBuild || tables[AVX2] == nil {
		return
	}
	prevRules := rules()
	other := familyRules{!prevRules.whole4Rows, !prevRules.argShortLong, !prevRules.wideBands, !prevRules.seqRows, !prevRules.cachedBands, !prevRules.tallBands, !prevRules.farShortRows,
		prevRules.unalignedWide, !prevRules.hotNarrow}
	for k := range other.unalignedWide {
		other.unalignedWide[k] = !other.unalignedWide[k]
	}
	for _, l := range []ISA{AVX2, AVX512} {
		if tables[l] == nil {
			return
		}
		t.Run(fmt.Sprintf("%v-rules=%+v", l, other), func(t *testing.T) {
			restore, err := setLevel(l)
			if err != nil {
				t.Fatal(err)
			}
			defer restore()
			setRules(other)
			defer setRules(prevRules)
			f(t)
		})
	}
}

// rules returns the family rules the package's variables hold now.
func rules() familyRules {
	return familyRules{whole4Rows, argShortLong, wideBands, seqRows, cachedBands, tallBands, farShortRows, unalignedWide, hotNarrow}
}

// setRules sets the package's variables to the family rules r.
func setRules(r familyRules) {
	whole4Rows, argShortLong, wideBands, seqRows, cachedBands, tallBands, farShortRows = r.whole4Rows, r.argShortLong, r.wideBands, r.seqRows, r.cachedBands, r.tallBands, r.farShortRows
	unalignedWide, hotNarrow = r.unalignedWide, r.hotNarrow
}

// kernelLengths returns the lengths a kernel is checked at: 0 to 70, then
// extra.
func kernelLengths(extra ...int) []int {
	var ls []int
	for n := range 71 {
		ls = append(ls, n)
	}
	return append(ls, extra...)
}

// rawBytes returns the bytes of s.
func rawBytes[T any](s []T) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), len(s)*int(sizeOf[T]()))
}

// guarded returns n elements whose bytes are all 0xFF: NaN for the floats,
// -1 or the maximum for the integers. Test data never contains such an
// element, so any stray write into a guard cell shows up.
func guarded[T any](n int) []T {
	s := make([]T, n)
	b := rawBytes(s)
	if len(b) > 0 {
		b[0] = 0xFF
		for k := 1; k < len(b); k *= 2 { // doubling copies: memmove's speed
			copy(b[k:], b[:k])
		}
	}
	return s
}

// patterned returns n elements with distinct-looking bytes, none 0xFF.
func patterned[T any](n int, seed int) []T {
	s := make([]T, n)
	b := rawBytes(s)
	// b[i] = (seed + 7i + i/13) mod 251, kept up to date without a
	// division: the transpose tests spent a fifth of their time here.
	v := ((seed % 251) + 251) % 251
	for i, q := 0, 0; i < len(b); i++ {
		b[i] = byte(v)
		if v += 7; q == 12 {
			v, q = v+1, 0
		} else {
			q++
		}
		if v >= 251 {
			v -= 251
		}
	}
	return s
}

func sameBits[T any](a, b []T) bool {
	return len(a) == len(b) && bytes.Equal(rawBytes(a), rawBytes(b))
}

func clone[T any](s []T) []T { return append([]T(nil), s...) }

// The naive reference loops the kernels are checked against.

func refStrided[T any](dst []T, doff, dinc int, src []T, soff, sinc, n int) {
	if dinc == 0 && sinc == 0 && n > 1 {
		n = 1 // same result; keeps a fuzzed n of 1<<62 from running forever
	}
	for i := 0; i < n; i++ {
		dst[doff+i*dinc] = src[soff+i*sinc]
	}
}

func refFill[T any](dst []T, doff, dinc int, v T, n int) {
	if dinc == 0 && n > 1 {
		n = 1 // same result, in O(1)
	}
	for i := 0; i < n; i++ {
		dst[doff+i*dinc] = v
	}
}

func refTranspose[T any](dst []T, doff, dld int, src []T, soff, sld, rows, cols int) {
	for i := 0; i < rows; i++ {
		for j := 0; j < cols; j++ {
			dst[doff+i*dld+j] = src[soff+j*sld+i]
		}
	}
}

// firstDiff returns the first index where a and b differ bitwise, or -1.
func firstDiff[T any](a, b []T) int {
	size := int(sizeOf[T]())
	ab, bb := rawBytes(a), rawBytes(b)
	if bytes.Equal(ab, bb) {
		return -1
	}
	for i := range ab {
		if ab[i] != bb[i] {
			return i / size
		}
	}
	return -1
}

// unsafeComplex64 views float32 pairs as complex64 values; the result may be
// only 4-byte aligned.
func unsafeComplex64(f []float32) []complex64 {
	return unsafe.Slice((*complex64)(unsafe.Pointer(unsafe.SliceData(f))), len(f)/2)
}

func noErr(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func errIs(t *testing.T, err, target error) {
	t.Helper()
	if !errors.Is(err, target) {
		t.Fatalf("got error %v, want one wrapping %v", err, target)
	}
}
