//go:build linux && amd64 && !purego

package simd

import (
	"syscall"
	"testing"
	"unsafe"
)

// guardPage returns n elements of E that end where an inaccessible page
// begins, and a function that unmaps them: a kernel that reads or writes
// one element past them faults.
func guardPage[E any](t *testing.T, n int) ([]E, func()) {
	t.Helper()
	page := syscall.Getpagesize()
	size := int(unsafe.Sizeof(*new(E)))
	span := (n*size + page - 1) / page * page
	mem, err := syscall.Mmap(-1, 0, span+page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Skip("mmap:", err)
	}
	if err := syscall.Mprotect(mem[span:], syscall.PROT_NONE); err != nil {
		_ = syscall.Munmap(mem)
		t.Skip("mprotect:", err)
	}
	s := unsafe.Slice((*E)(unsafe.Pointer(&mem[span-n*size])), n)
	return s, func() { _ = syscall.Munmap(mem) }
}

// TestThinGuardPage runs the thin kernels of every level and element size
// that has them on sources and destinations that end where
// an inaccessible page begins: few rows must stop their whole blocks
// where the next would read past the source (the Go twin takes the
// rest), and few columns' masked stores must not touch the elements past
// the destination's last row (a fault here kills the test binary).
func TestThinGuardPage(t *testing.T) {
	if raceBuild {
		t.Skip("the race detector's shadow memory")
	}
	for _, tab := range tables {
		if tab == nil || tab.thin[2].k == nil {
			continue
		}
		t.Run(tab.isa.String(), func(t *testing.T) {
			thinGuardPage[uint32](t, &tab.thin[2])
			thinGuardPage[uint64](t, &tab.thin[3])
			if tab.thin[0].k != nil {
				thinGuardPage[uint8](t, &tab.thin[0])
			}
			if tab.thin[1].k != nil {
				thinGuardPage[uint16](t, &tab.thin[1])
			}
		})
	}
}

func thinGuardPage[E uint8 | uint16 | uint32 | uint64](t *testing.T, ts *thinSet) {
	lanes := ts.vec / int(unsafe.Sizeof(E(0)))
	top := min(lanes, thinMax)
	for _, rows := range []int{1, 2, 3, min(lanes, thinMax+1) - 1} {
		for _, sld := range []int{rows, rows + 1, top} {
			if sld > top {
				continue
			}
			for _, cols := range []int{max(64, 2*lanes), max(64, 2*lanes) + 3} { // at least one whole block
				n := (cols-1)*sld + rows
				src, free := guardPage[E](t, n)
				for i := range src {
					src[i] = E(i)
				}
				got, want := make([]E, rows*cols), make([]E, rows*cols)
				refTranspose(want, 0, cols, src, 0, sld, rows, cols)
				if !transposeThin(ts, false, got, 0, cols, src, 0, sld, rows, cols) {
					t.Fatalf("%T rows %d sld %d: not thin", E(0), rows, sld)
				}
				free()
				if i := firstDiff(got, want); i >= 0 {
					t.Fatalf("%T rows %d sld %d: dst[%d] = %d, want %d", E(0), rows, sld, i, got[i], want[i])
				}
			}
		}
	}
	for _, cols := range []int{1, 2, 3, min(lanes, thinMax+1) - 1} {
		for _, dld := range []int{cols, cols + 1, top} {
			if dld > top || dld != cols && ts.whole {
				continue
			}
			const rows = 64
			n := (rows-1)*dld + cols
			dst, free := guardPage[E](t, n)
			for i := range dst {
				dst[i] = ^E(0)
			}
			src := make([]E, cols*rows)
			for i := range src {
				src[i] = E(i)
			}
			want := make([]E, n)
			for i := range want {
				want[i] = ^E(0)
			}
			refTranspose(want, 0, dld, src, 0, rows, rows, cols)
			if !transposeThin(ts, false, dst, 0, dld, src, 0, rows, rows, cols) {
				t.Fatalf("%T cols %d dld %d: not thin", E(0), cols, dld)
			}
			diff := firstDiff(dst, want)
			free()
			if diff >= 0 {
				t.Fatalf("%T cols %d dld %d: first difference at dst[%d]", E(0), cols, dld, diff)
			}
		}
	}
}
