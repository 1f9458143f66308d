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

// TestThinGuardPage runs the thin kernels on sources and destinations
// that end where an inaccessible page begins: few rows must stop their
// whole blocks where the next would read past the source (the Go twin
// takes the rest), and few columns' masked stores must not touch the
// elements past the destination's last row (a fault here kills the test
// binary).
func TestThinGuardPage(t *testing.T) {
	tab := tables[AVX512]
	if tab == nil || tab.thin[2].k == nil || raceBuild {
		t.Skip("no thin kernels")
	}
	for _, rows := range []int{1, 2, 3, 5, 15} {
		for _, sld := range []int{rows, rows + 1, 16} {
			if sld > 16 {
				continue
			}
			for _, cols := range []int{64, 67} {
				n := (cols-1)*sld + rows
				src, free := guardPage[uint32](t, n)
				for i := range src {
					src[i] = uint32(i)
				}
				got, want := make([]uint32, rows*cols), make([]uint32, rows*cols)
				refTranspose(want, 0, cols, src, 0, sld, rows, cols)
				if !transposeThin(&tab.thin[2], false, got, 0, cols, src, 0, sld, rows, cols) {
					t.Fatalf("rows %d sld %d: not thin", rows, sld)
				}
				free()
				if i := firstDiff(got, want); i >= 0 {
					t.Fatalf("rows %d sld %d: dst[%d] = %d, want %d", rows, sld, i, got[i], want[i])
				}
			}
		}
	}
	for _, cols := range []int{1, 3, 5} {
		for _, dld := range []int{cols, cols + 1, 16} {
			const rows = 64
			n := (rows-1)*dld + cols
			dst, free := guardPage[uint32](t, n)
			for i := range dst {
				dst[i] = ^uint32(0)
			}
			src := make([]uint32, cols*rows)
			for i := range src {
				src[i] = uint32(i)
			}
			want := make([]uint32, n)
			for i := range want {
				want[i] = ^uint32(0)
			}
			refTranspose(want, 0, dld, src, 0, rows, rows, cols)
			if !transposeThin(&tab.thin[2], false, dst, 0, dld, src, 0, rows, rows, cols) {
				t.Fatalf("cols %d dld %d: not thin", cols, dld)
			}
			diff := firstDiff(dst, want)
			free()
			if diff >= 0 {
				t.Fatalf("cols %d dld %d: first difference at dst[%d]", cols, dld, diff)
			}
		}
	}
}
