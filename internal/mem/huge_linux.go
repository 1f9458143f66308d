package mem

import (
	"syscall"
	"unsafe"
)

// adviseHuge asks Linux to back the n bytes at p with transparent huge
// pages (MADV_HUGEPAGE), NumPy's advice for its large arrays. madvise
// takes whole 4 KiB pages: the ones inside the buffer are advised, and
// only the 2 MiB pages wholly inside them can become huge. An error (a
// kernel without THP) is ignored: the advice changes no contents, only
// the size of the pages.
func adviseHuge(p unsafe.Pointer, n int) {
	const page = 4096
	head := int((page - uintptr(p)%page) % page)
	if n -= head; n < page {
		return
	}
	b := unsafe.Slice((*byte)(unsafe.Add(p, head)), n&^(page-1))
	_ = syscall.Madvise(b, syscall.MADV_HUGEPAGE)
}
