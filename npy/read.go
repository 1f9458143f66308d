package npy

import (
	"io"
	"os"
	"unsafe"

	"github.com/tessera-go/tessera/internal/errs"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/tensor"
)

// Read reads one .npy array from r and returns a view of it. It reads
// exactly the header and the data of one array and nothing after them, so
// several arrays written one after the other can be read in turn.
//
// The file's dtype must store T: same kind and item size, in either byte
// order (data in the other byte order is converted to native order). Go's
// int, uint and uintptr match the integers of their size on the platform.
// A C-order file gives a row-major view; a Fortran-order file gives a
// column-major view over the data as stored, without copying (see the
// package documentation). The view owns a fresh buffer.
//
// Read allocates as data arrives, in bounded steps, so a header declaring a
// huge shape on a short input fails with ErrTruncated without allocating
// the declared size.
//
// The options limit what Read allocates (see [MaxBytes]).
//
// It returns an error wrapping ErrFormat for a malformed file, ErrDType for
// a dtype that does not store T, ErrTruncated when r ends early,
// ErrTooLarge when the data exceeds MaxBytes, and the reader's own error
// otherwise.
func Read[T tensor.Element](r io.Reader, opts ...Option) (tensor.View[T], error) {
	v, err := read[T](r, -1, false, newOptions(opts))
	return v, withOp("Read", err)
}

// Load reads the .npy file at path like [Read]. It checks the size of the
// file before allocating, so a file shorter than its header says fails with
// ErrTruncated at once. Bytes after the array data are ignored.
//
// Load allocates the whole array: a file larger than memory is a fatal
// out-of-memory error unless [MaxBytes] limits it; [Map] opens such files
// without reading them.
//
// It returns the errors of Read, and the error of os.Open.
func Load[T tensor.Element](path string, opts ...Option) (tensor.View[T], error) {
	v, err := load[T](path, false, newOptions(opts))
	return v, withOp("Load", err)
}

// load implements Load; with nativeOnly it refuses data in the other byte
// order, as Map does.
func load[T tensor.Element](path string, nativeOnly bool, o options) (tensor.View[T], error) {
	f, err := os.Open(path)
	if err != nil {
		return tensor.View[T]{}, err
	}
	defer f.Close()
	avail := int64(-1)
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
		avail = st.Size()
	}
	return read[T](f, avail, nativeOnly, o)
}

// read implements Read; avail is the number of bytes r holds, or -1.
func read[T tensor.Element](r io.Reader, avail int64, nativeOnly bool, o options) (tensor.View[T], error) {
	p, err := readPreamble(r)
	if err != nil {
		return tensor.View[T]{}, err
	}
	if p.dtype.isHalf() {
		return readHalf[T](r, p, avail, nativeOnly, o)
	}
	n, err := checkDType[T](p)
	if err != nil {
		return tensor.View[T]{}, err
	}
	if nativeOnly && !p.dtype.native() {
		return tensor.View[T]{}, notNative[T](p.dtype)
	}
	if bytes := int64(n) * int64(p.dtype.size); o.maxBytes >= 0 && bytes > o.maxBytes {
		return tensor.View[T]{}, errorf(ErrTooLarge, "data of %d bytes for shape %v of %s exceeds the limit of %d bytes", bytes, p.shape, p.dtype, o.maxBytes)
	}
	if avail >= 0 {
		avail = max(avail-int64(p.size), 0)
	}
	data, err := readData[T](r, n, p.shape, p.dtype, avail)
	if err != nil {
		return tensor.View[T]{}, err
	}
	if p.dtype.kind == 'b' {
		normalizeBools(asBytes(data))
	}
	return view(data, p.shape, p.fortran)
}

// view returns the row-major or column-major view of shape over data.
func view[T tensor.Element](data []T, shape []int, fortran bool) (tensor.View[T], error) {
	mk := layout.RowMajor
	if fortran {
		mk = layout.ColumnMajor
	}
	l, err := mk(shape...)
	if err != nil {
		return tensor.View[T]{}, &errs.Error{Pkg: "npy", Kind: ErrFormat, Cause: err, Msg: "invalid shape"}
	}
	v, err := tensor.NewView(data, l)
	if err != nil {
		return tensor.View[T]{}, &errs.Error{Pkg: "npy", Kind: ErrFormat, Cause: err, Msg: "invalid shape"}
	}
	return v, nil
}

// notNative is the error of Map for data in the other byte order.
func notNative[T any](d dtype) error {
	want, _ := typeOf[T]()
	return errorf(ErrDType, "file dtype %s is not in native byte order (%s); use Load, which converts it", d, want)
}

// readHalf is read for float16 data, which it converts to T, float32 or
// float64 (exactly: both hold every float16). Map (nativeOnly) cannot
// convert in place and refuses it. MaxBytes bounds the converted data,
// and the float16 data read before conversion takes half or a quarter of
// that again.
func readHalf[T tensor.Element](r io.Reader, p preamble, avail int64, nativeOnly bool, o options) (tensor.View[T], error) {
	want, name := typeOf[T]()
	if want.kind != 'f' || nativeOnly {
		how := "reads into float32 or float64 only"
		if nativeOnly {
			how = "cannot be mapped; use Load, which converts it to float32 or float64"
		}
		return tensor.View[T]{}, errorf(ErrDType, "file dtype %s (float16) %s, not %s", p.header.descr, how, name)
	}
	n, err := numElements(p.shape, want.size)
	if err != nil {
		return tensor.View[T]{}, err
	}
	if bytes := int64(n) * int64(want.size); o.maxBytes >= 0 && bytes > o.maxBytes {
		return tensor.View[T]{}, errorf(ErrTooLarge, "data of %d bytes as %s for shape %v of %s exceeds the limit of %d bytes", bytes, name, p.shape, p.dtype, o.maxBytes)
	}
	if avail >= 0 {
		avail = max(avail-int64(p.size), 0)
	}
	bits, err := readData[uint16](r, n, p.shape, p.dtype, avail)
	if err != nil {
		return tensor.View[T]{}, err
	}
	data := make([]T, n)
	if want.size == 4 { // T's underlying type is float32, else float64
		f := unsafe.Slice((*float32)(unsafe.Pointer(unsafe.SliceData(data))), n)
		for i, h := range bits {
			f[i] = halfToFloat32(h)
		}
	} else {
		f := unsafe.Slice((*float64)(unsafe.Pointer(unsafe.SliceData(data))), n)
		for i, h := range bits {
			f[i] = halfToFloat64(h)
		}
	}
	return view(data, p.shape, p.fortran)
}
