// Package mem answers whether the memory two layouts reach over two
// buffers intersects, for the copier and the compute driver, which must
// read a source before they write a destination that shares memory with
// it; it makes such snapshots (SpanCopy), holds the largest buffer the
// packages allocate, and allocates tensors' buffers (Make).
package mem

import (
	"math"
	"sync/atomic"
	"unsafe"

	"github.com/tessera-go/tessera/internal/errs"
	"github.com/tessera-go/tessera/layout"
)

// MaxBytes is the largest buffer Tessera asks make for: less than 2^47
// bytes (128 TiB) on 64-bit platforms, the user address space of amd64 and
// of arm64 with 4-level page tables, where a larger make is a fatal
// out-of-memory error or a panic; math.MaxInt on 32-bit platforms. Larger
// requests fail with layout.ErrOverflow. (A request below it can still
// exceed the machine's memory, which, as for make, is a fatal error of
// the runtime.)
const MaxBytes = min(math.MaxInt, 1<<47-1)

// Overlaps reports whether the memory reached by layout al over a and by
// bl over b intersects. Each layout must lie inside its buffer. The layouts
// are taken by pointer and not modified: at 152 bytes each, copying them
// costs more than a small copy's data.
func Overlaps[T any](a []T, al *layout.Layout, b []T, bl *layout.Layout) bool {
	if len(a) == 0 || len(b) == 0 {
		return false
	}
	// Disjoint buffers (the usual case) need no spans.
	size := unsafe.Sizeof(a[0])
	pa := uintptr(unsafe.Pointer(unsafe.SliceData(a)))
	pb := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	if pa+uintptr(len(a))*size <= pb || pb+uintptr(len(b))*size <= pa {
		return false
	}
	alo, ahi := al.Span()
	blo, bhi := bl.Span()
	if alo == ahi || blo == bhi {
		return false
	}
	return pa+uintptr(alo)*size < pb+uintptr(bhi)*size && pb+uintptr(blo)*size < pa+uintptr(ahi)*size
}

// Same reports whether a and b are the same buffer (the same first
// element), so that equal layouts over them reach the same elements.
func Same[T any](a, b []T) bool {
	return len(a) > 0 && len(b) > 0 && unsafe.SliceData(a) == unsafe.SliceData(b)
}

// SpanCopy returns a copy of the elements of src that sl's span covers
// (from the lowest offset sl reaches to the highest), with sl rebased onto
// that copy, when the span holds no more elements than sl reaches: an
// expanded layout (stride 0), whose span can be a single element, or a
// dense one. For a sparser layout (a slice with a step) it returns false
// and the caller packs the elements instead. Either way a snapshot costs
// no more than the smaller of the span and the elements.
func SpanCopy[T any](src []T, sl *layout.Layout) ([]T, layout.Layout, bool) {
	lo, hi := sl.Span()
	if hi-lo > sl.Size() {
		return nil, layout.Layout{}, false
	}
	l, err := sl.WithOffset(sl.Offset() - lo)
	if err != nil {
		panic("mem: internal error: " + err.Error())
	}
	return append([]T(nil), src[lo:hi]...), l, true
}

// OverlapError returns the error of the operation op of package pkg for a
// destination of layout l in which two indices reach the same element,
// or may (layout.Layout.SelfOverlap could not decide within
// layout.MaxOverlapWork steps), wrapping layout.ErrOverlap; nil when l
// reaches every element once. Every copy and computation into a
// destination checks with it, so the message is the same everywhere.
func OverlapError(pkg, op string, l *layout.Layout) error {
	switch l.SelfOverlap() {
	case layout.Overlaps:
		return errs.New(pkg, op, layout.ErrOverlap, "destination layout %v reaches some elements more than once", *l)
	case layout.MayOverlap:
		return errs.New(pkg, op, layout.ErrOverlap, "cannot decide within %d steps whether destination layout %v reaches some element more than once", layout.MaxOverlapWork, *l)
	}
	return nil
}

// HugeBytes is the smallest buffer Make advises huge pages for.
const HugeBytes = 4 << 20

var huge atomic.Bool

// SetHuge sets whether Make advises huge pages, and returns the previous
// setting (see tensor.SetHugePages).
func SetHuge(on bool) bool { return huge.Swap(on) }

// Make returns make([]T, n). With SetHuge(true), on Linux, it first
// advises transparent huge pages (MADV_HUGEPAGE) for a buffer of
// HugeBytes or more, before it is written: fewer page faults to fill it,
// fewer TLB misses to read it. The caller checks n against MaxBytes.
func Make[T any](n int) []T {
	s := make([]T, n)
	var zero T
	if bytes := n * int(unsafe.Sizeof(zero)); bytes >= HugeBytes && huge.Load() {
		adviseHuge(unsafe.Pointer(unsafe.SliceData(s)), bytes)
	}
	return s
}
