package npy

import (
	"bufio"
	"errors"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/tensor"
)

// Write writes v to w as a .npy file in native byte order: format version
// 1.0, or 2.0 when the header does not fit in version 1.0, with the header
// padded so that the data starts at a multiple of 64 bytes.
//
// A C-contiguous view is written in C order straight from its buffer, from
// its offset on; a column-major (Fortran-contiguous) view that is not also
// C-contiguous is written in Fortran order straight from its buffer; any
// other view (transposed, sliced, flipped, broadcast) is written in C order
// through a buffer of at most 1 MiB, filled with [tensor.View.CopyTo] a
// block of rows at a time. Writing thus needs O(1) memory whatever the
// view's size, also for a broadcast view of far more elements than memory
// holds. Write does not modify v.
//
// It returns an error wrapping layout.ErrOverflow when the data would take
// more than math.MaxInt bytes (no reader could load it), and an error
// wrapping w's error when writing fails; w may then hold part of the file.
//
// The options choose the stored dtype (see [Float16]).
func Write[T tensor.Element, V tensor.Operand[T]](w io.Writer, v V, opts ...WriteOption) error {
	return withOp("Write", write(w, tensor.View[T](v), newWriteOptions(opts)))
}

// streamBytes is the size of the buffer through which write copies views
// that are not contiguous.
const streamBytes = 1 << 20

func write[T tensor.Element](w io.Writer, v tensor.View[T], o writeOptions) error {
	d, name := typeOf[T]()
	shape := v.Shape()
	n := v.Size()
	if n > math.MaxInt/d.size {
		return errorf(layout.ErrOverflow, "shape %v of %d-byte elements takes more than math.MaxInt bytes", shape, d.size)
	}
	emit := func(data []T) error {
		_, err := w.Write(asBytes(data))
		return err
	}
	if o.half {
		if d.kind != 'f' {
			return errorf(ErrDType, "Float16 stores float32 or float64 data, not %s", name)
		}
		hw := halfWriter{w: w, buf: make([]uint16, min(n, streamBytes/2))}
		emit = func(data []T) error { return writeHalf(&hw, data) }
		d.size = 2
	}
	var data []T
	fortran, strided := false, false
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
		strided = true
	}
	if _, err := w.Write(formatHeader(d, fortran, shape)); err != nil {
		return ioError(err, "writing header")
	}
	if strided {
		var zero T
		buf := make([]T, min(n, streamBytes/int(unsafe.Sizeof(zero))))
		return writeBlocks(emit, v, buf)
	}
	if err := emit(data); err != nil {
		return ioError(err, "writing data")
	}
	return nil
}

// halfWriter writes float16 data to w through buf.
type halfWriter struct {
	w   io.Writer
	buf []uint16
}

// writeHalf writes data, whose element type is float32 or float64 (T's
// underlying type), as float16 through hw's buffer.
func writeHalf[T tensor.Element](hw *halfWriter, data []T) error {
	var zero T
	for len(data) > 0 {
		k := min(len(data), len(hw.buf))
		b := hw.buf[:k]
		if unsafe.Sizeof(zero) == 4 {
			f := unsafe.Slice((*float32)(unsafe.Pointer(unsafe.SliceData(data))), k)
			for i, x := range f {
				b[i] = float32ToHalf(x)
			}
		} else {
			f := unsafe.Slice((*float64)(unsafe.Pointer(unsafe.SliceData(data))), k)
			for i, x := range f {
				b[i] = float64ToHalf(x)
			}
		}
		if _, err := hw.w.Write(asBytes(b)); err != nil {
			return err
		}
		data = data[k:]
	}
	return nil
}

// writeBlocks writes the elements of v in row-major order through buf: as
// many whole rows of axis 0 at a time as buf holds, or, when one row is
// larger than buf, each row in turn the same way.
func writeBlocks[T tensor.Element](emit func([]T) error, v tensor.View[T], buf []T) error {
	n := v.Size()
	if n <= len(buf) {
		if err := v.CopyTo(buf); err != nil {
			return ioError(err, "copying view")
		}
		if err := emit(buf[:n]); err != nil {
			return ioError(err, "writing data")
		}
		return nil
	}
	// n > len(buf) >= 1, so v has at least one axis and no zero dimension.
	rows, _ := v.Layout().Dim(0)
	per := len(buf) / (n / rows) // whole rows per block
	for i := 0; i < rows; i += max(per, 1) {
		var block tensor.View[T]
		var err error
		if per >= 1 {
			block, err = v.Slice(0, i, min(i+per, rows), 1)
		} else {
			block, err = v.Select(0, i)
		}
		if err == nil {
			err = writeBlocks(emit, block, buf)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// Save writes v to the file at path like [Write], without ever losing the
// file it replaces: it writes a new file in the same directory, syncs it
// to disk, and renames it over path only when everything was written. If
// writing fails (a full disk, a file-size limit), the old file at path is
// untouched and the new one is removed. A re-saved file is thus a new
// file: a [Mapped] view of the old one keeps its contents. The new file
// gets the permission bits of the file it replaces, or 0666 less the umask
// for a new path. A symbolic link at path is followed: the file it points
// to is replaced, and the link kept.
//
// A path that exists and is not a regular file (a device such as
// /dev/stdout, a named pipe) is written in place, since it cannot be
// replaced; Save never removes it, even when writing fails.
//
// The options choose the stored dtype (see [Float16]).
//
// It returns the errors of Write, and those of creating, syncing, closing
// and renaming the file.
func Save[T tensor.Element, V tensor.Operand[T]](path string, v V, opts ...WriteOption) error {
	o := newWriteOptions(opts)
	return withOp("Save", save(path, func(w io.Writer) error { return write(w, tensor.View[T](v), o) }))
}

// save writes a file at path with body, as Save describes.
func save(path string, body func(io.Writer) error) error {
	st, err := os.Stat(path)
	switch {
	case err == nil && !st.Mode().IsRegular():
		return writeInPlace(path, body)
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return err
	}
	target, err := resolveLinks(path)
	if err != nil {
		return err
	}
	f, err := createTemp(target)
	if err != nil {
		return err
	}
	tmp := f.Name()
	renamed := false
	defer func() {
		// On every exit but success, also a panic in body (a fill of
		// SaveArchive's), the new file is closed and removed: never path.
		if !renamed {
			_ = f.Close()
			_ = os.Remove(tmp)
		}
	}()
	if st != nil {
		err = f.Chmod(st.Mode().Perm())
	}
	if err == nil {
		err = writeFile(f, body)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, target)
	}
	if err != nil {
		return err
	}
	renamed = true
	syncDir(filepath.Dir(target))
	return nil
}

// testWriter, when set by a test, wraps the writer of the new file, so
// that a failure in the middle of a write can be simulated.
var testWriter func(io.Writer) io.Writer

// writeFile writes body to f through a buffer and syncs f.
func writeFile(f *os.File, body func(io.Writer) error) error {
	var w io.Writer = f
	if testWriter != nil {
		w = testWriter(w)
	}
	err := writeBuffered(w, body)
	if err == nil {
		err = f.Sync()
	}
	return err
}

// writeBuffered writes body to w through a 64 KiB buffer.
func writeBuffered(w io.Writer, body func(io.Writer) error) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	err := body(bw)
	if err == nil {
		err = bw.Flush()
	}
	return err
}

// writeInPlace writes body to the existing non-regular file at path.
func writeInPlace(path string, body func(io.Writer) error) error {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	closed := false
	defer func() {
		if !closed { // body panicked
			_ = f.Close()
		}
	}()
	err = writeBuffered(f, body)
	closed = true
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// resolveLinks returns the file that path names once symbolic links are
// followed, also when the last link dangles (the file it names is then
// created, as os.Create would).
func resolveLinks(path string) (string, error) {
	for range 40 { // the limit of symbolic links Linux follows
		fi, err := os.Lstat(path)
		if errors.Is(err, fs.ErrNotExist) {
			return path, nil
		}
		if err != nil {
			return "", err
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			return path, nil
		}
		dest, err := os.Readlink(path)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(dest) {
			// Relative to the link's directory as the kernel finds it:
			// that directory may itself be reached through links, which
			// ".." in dest must climb out of, not the path's text.
			dir, err := filepath.EvalSymlinks(filepath.Dir(path))
			if err != nil {
				return "", err
			}
			dest = filepath.Join(dir, dest)
		}
		path = dest
	}
	return "", &fs.PathError{Op: "open", Path: path, Err: errors.New("too many levels of symbolic links")}
}

var tempSeq atomic.Uint64

// createTemp creates a new file beside target, with mode 0666 less the
// umask (os.CreateTemp would use 0600).
func createTemp(target string) (*os.File, error) {
	dir, base := filepath.Split(target)
	seed := uint64(time.Now().UnixNano()) ^ uint64(os.Getpid())<<32
	for range 1000 {
		n := seed + tempSeq.Add(1)*0x9E3779B97F4A7C15
		name := filepath.Join(dir, "."+base+".tmp"+strconv.FormatUint(n%1e12, 36))
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
		if !errors.Is(err, fs.ErrExist) {
			return f, err
		}
	}
	return nil, &fs.PathError{Op: "createtemp", Path: target, Err: fs.ErrExist}
}

// syncDir makes a rename in dir durable where the system supports it.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		_ = d.Close()
	}
}
