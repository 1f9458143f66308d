package npy

import (
	"bufio"
	"io"
	"os"

	"github.com/tessera-go/tessera/tensor"
)

// Write writes v to w as a .npy file in native byte order: format version
// 1.0, or 2.0 when the header does not fit in version 1.0, with the header
// padded so that the data starts at a multiple of 64 bytes.
//
// A C-contiguous view is written in C order straight from its buffer, from
// its offset on; a column-major (Fortran-contiguous) view that is not also
// C-contiguous is written in Fortran order straight from its buffer; any
// other view is first copied into row-major order with [tensor.View.CopyTo]
// and written in C order. Write does not modify v.
//
// It returns an error wrapping w's error when writing fails, and the
// error of CopyTo if it fails.
func Write[T tensor.Number](w io.Writer, v tensor.View[T]) error {
	return withOp("Write", write(w, v))
}

// Save writes v to the file at path like [Write], creating or truncating
// it. If writing fails, it removes the file. It returns the errors of Write
// and those of os.Create and (*os.File).Close.
func Save[T tensor.Number](path string, v tensor.View[T]) error {
	f, err := os.Create(path)
	if err != nil {
		return withOp("Save", err)
	}
	bw := bufio.NewWriterSize(f, 1<<16)
	err = write(bw, v)
	if err == nil {
		err = bw.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		_ = os.Remove(path)
	}
	return withOp("Save", err)
}

func write[T tensor.Number](w io.Writer, v tensor.View[T]) error {
	d, _ := typeOf[T]()
	shape := v.Shape()
	n := v.Size()
	var data []T
	fortran := false
	switch {
	case n == 0:
	case v.IsContiguous():
		start, end, _ := v.Layout().ContiguousRange()
		data = v.Data()[start:end]
	case v.IsColumnMajor():
		// F-contiguous: the elements fill Span exactly, in Fortran order.
		lo, hi := v.Layout().Span()
		data = v.Data()[lo:hi]
		fortran = true
	default:
		data = make([]T, n)
		if err := v.CopyTo(data); err != nil {
			return ioError(err, "copying view")
		}
	}
	if _, err := w.Write(formatHeader(d, fortran, shape)); err != nil {
		return ioError(err, "writing header")
	}
	if _, err := w.Write(asBytes(data)); err != nil {
		return ioError(err, "writing data")
	}
	return nil
}
