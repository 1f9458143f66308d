package npy

import (
	"github.com/tessera-go/tessera/tensor"
)

// Mapped is an array of a .npy file mapped into memory by [Map]. Its view
// reads the file's pages directly; they are loaded lazily by the operating
// system as elements are touched.
//
// A Mapped must be closed with [Mapped.Close] to release the mapping, and
// neither its view nor anything sharing the view's data may be used after
// that: touching the unmapped memory is a fatal fault (SIGSEGV), not a
// panic. The file must not be truncated while it is mapped: touching pages
// past its new end raises SIGBUS, also fatal. See [Map] for what writes to
// the file by other programs do to the view.
type Mapped[T tensor.Element] struct {
	view tensor.View[T]
	mem  []byte // the mapping; nil when closed or when nothing is mapped
}

// View returns the mapped array. Its data is the mapping itself: writes
// through the view (for example with Set) are private copy-on-write
// changes of this process, never written back to the file and lost at
// Close. After Close it returns the zero View.
func (m *Mapped[T]) View() tensor.View[T] { return m.view }

// Close releases the mapping. The view returned by View, and every view
// sharing its data, must not be used afterwards: that is a fatal fault. Calling Close again does nothing and returns nil. It returns
// the error of munmap, if any.
func (m *Mapped[T]) Close() error {
	mem := m.mem
	m.mem, m.view = nil, tensor.View[T]{}
	if mem == nil {
		return nil
	}
	return withOp("Close", unmap(mem))
}
