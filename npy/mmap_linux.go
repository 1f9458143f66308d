//go:build linux

package npy

import (
	"os"
	"syscall"
	"unsafe"

	"github.com/tessera-go/tessera/tensor"
)

// Map maps the .npy file at path into memory and returns its array without
// reading or copying the data, so files larger than memory open at once
// and their pages are read as elements are touched. On Linux it maps the
// file with mmap, PROT_READ|PROT_WRITE and MAP_PRIVATE|MAP_NORESERVE: the
// view may be written to, but writes stay in this process (copy-on-write)
// and never reach the file, and no memory is reserved for them up front
// (a system set to strict overcommit, vm.overcommit_memory=2, reserves it
// all the same and refuses mappings larger than it can commit). Each page
// written to takes a page of memory. On other systems Map reads the whole
// file into memory with [Load] instead; the result behaves the same.
//
// The view reads the file as it is on disk: [Save] replaces a file with a
// new one, so re-saving the path leaves the mapped view as it was, but a
// program that writes into the mapped file in place changes the elements
// of the view that it has not written to itself, and one that truncates
// the file makes touching the lost pages raise SIGBUS, a fatal fault. So
// is any use of the view after [Mapped.Close].
//
// The file's dtype must store T in native byte order, since mapped data
// cannot be converted; use Load for files in the other byte order. A
// Fortran-order file gives a column-major view, as with Read.
//
// It returns an error wrapping ErrDType when the dtype does not store T or
// is not in native byte order, ErrFormat for a malformed header or a data
// offset that is not a multiple of T's alignment (NumPy pads headers to 64
// bytes, so its files are always aligned), ErrTruncated when the file is
// shorter than its header says, and the errors of os.Open and mmap.
func Map[T tensor.Element](path string) (*Mapped[T], error) {
	m, err := mapFile[T](path)
	return m, withOp("Map", err)
}

func mapFile[T tensor.Element](path string) (*Mapped[T], error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	p, err := readPreamble(f)
	if err != nil {
		return nil, err
	}
	n, err := checkDType[T](p)
	if err != nil {
		return nil, err
	}
	if !p.dtype.native() {
		return nil, notNative[T](p.dtype)
	}
	var zero T
	if align := int(unsafe.Alignof(zero)); p.size%align != 0 {
		return nil, errorf(ErrFormat, "data offset %d is not a multiple of the %d-byte alignment of %s", p.size, align, p.dtype)
	}
	want := int64(n) * int64(p.dtype.size)
	if have := st.Size() - int64(p.size); have < want {
		return nil, errorf(ErrTruncated, "data truncated: got %d of %d bytes for shape %v of %s", max(have, 0), want, p.shape, p.dtype)
	}
	if n == 0 {
		v, err := view([]T{}, p.shape, p.fortran)
		return &Mapped[T]{view: v}, err
	}
	total := int64(p.size) + want
	if total != int64(int(total)) {
		return nil, errorf(ErrFormat, "file of %d bytes is too large to map", total)
	}
	mem, err := syscall.Mmap(int(f.Fd()), 0, int(total), syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_NORESERVE)
	if err != nil {
		return nil, ioError(os.NewSyscallError("mmap", err), "mapping "+path)
	}
	if p.dtype.kind == 'b' {
		// A bool of any nonzero byte is true; the private mapping takes
		// the 1 written over it (a copy of that page only).
		normalizeBools(mem[p.size:])
	}
	data := unsafe.Slice((*T)(unsafe.Pointer(&mem[p.size])), n)
	v, err := view(data, p.shape, p.fortran)
	if err != nil {
		_ = syscall.Munmap(mem)
		return nil, err
	}
	return &Mapped[T]{view: v, mem: mem}, nil
}

func unmap(mem []byte) error {
	if err := syscall.Munmap(mem); err != nil {
		return os.NewSyscallError("munmap", err)
	}
	return nil
}
