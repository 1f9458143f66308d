package npy

import (
	"archive/zip"
	"compress/flate"
	"errors"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/tessera-go/tessera/internal/errs"
	"github.com/tessera-go/tessera/tensor"
)

// npzSuffix ends the name of every array member of a .npz archive.
const npzSuffix = ".npy"

// maxTrailing is how many bytes Get reads past the array in a member (to
// reach its end, where the zip reader checks the CRC-32) before it calls
// the member malformed.
const maxTrailing = 1 << 20

// Archive is an open .npz archive, as NumPy's savez and savez_compressed
// write it: a zip file holding one .npy file per array, named after the
// array. [Get] reads an array; the archive reads its members lazily, so
// opening one costs only its directory.
//
// An Archive may be read from several goroutines at once.
type Archive struct {
	zr    *zip.Reader
	size  int64    // the archive's size in bytes
	file  *os.File // the file OpenArchive opened, closed by Close
	names []string
	files map[string]*zip.File
	opts  options
}

// OpenArchive opens the .npz archive at path. The options apply to every
// array [Get] reads from it ([MaxBytes] limits each). Close releases the
// file.
//
// It returns the error of os.Open and the errors of [NewArchive].
func OpenArchive(path string, opts ...Option) (*Archive, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, withOp("OpenArchive", err)
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, withOp("OpenArchive", err)
	}
	a, err := newArchive(f, st.Size(), opts)
	if err != nil {
		f.Close()
		return nil, withOp("OpenArchive", err)
	}
	a.file = f
	return a, nil
}

// NewArchive reads the directory of the .npz archive of size bytes in r.
// The members whose names end in ".npy" are its arrays, named without the
// suffix, as NumPy's np.load names them ("arr_0" for the first array given
// to savez without a name); other members are ignored.
//
// It returns an error wrapping ErrFormat when r does not hold a zip
// archive or holds two arrays of the same name, and r's own error, wrapped
// as it is (never as ErrFormat), when reading r fails.
func NewArchive(r io.ReaderAt, size int64, opts ...Option) (*Archive, error) {
	a, err := newArchive(r, size, opts)
	return a, withOp("NewArchive", err)
}

func newArchive(r io.ReaderAt, size int64, opts []Option) (*Archive, error) {
	if size < 0 {
		return nil, errorf(ErrFormat, "negative archive size %d", size)
	}
	// The directory's offsets are the archive's word: read through a
	// section of size bytes, one that points outside the archive (past
	// its end, or before its start where an offset overflowed) reads EOF,
	// which isZipError takes for a malformed archive, never reaching r.
	zr, err := zip.NewReader(io.NewSectionReader(r, 0, size), size)
	if err != nil {
		return nil, zipError(err, "not a zip archive", "reading the archive directory")
	}
	a := &Archive{zr: zr, size: size, files: make(map[string]*zip.File), opts: newOptions(opts)}
	for _, f := range zr.File {
		name, ok := strings.CutSuffix(f.Name, npzSuffix)
		if !ok {
			continue
		}
		if _, dup := a.files[name]; dup {
			return nil, errorf(ErrFormat, "two members named %q", f.Name)
		}
		a.files[name] = f
		a.names = append(a.names, name)
	}
	return a, nil
}

// zipError wraps an error of the zip reader: as an ErrFormat error saying
// bad when the reader found the archive or a member malformed
// ([isZipError]), and as it is (an I/O error of the underlying reader,
// such as EIO or a closed file) saying doing otherwise, so that errors.Is
// never takes a failing disk for a damaged file.
func zipError(err error, bad, doing string) error {
	if isZipError(err) {
		return &errs.Error{Pkg: "npy", Kind: ErrFormat, Cause: err, Msg: bad}
	}
	return ioError(err, doing)
}

// memberError is zipError for the member f.
func memberError(err error, f *zip.File) error {
	return zipError(err, "member "+f.Name, "reading member "+f.Name)
}

// Names returns the names of the archive's arrays, in the order of its
// directory (the order savez wrote them).
func (a *Archive) Names() []string { return slices.Clone(a.names) }

// Close closes the file OpenArchive opened; for an archive of NewArchive
// it does nothing. Views returned by Get stay valid: they own their data.
func (a *Archive) Close() error {
	if a.file == nil {
		return nil
	}
	err := a.file.Close()
	a.file = nil
	return withOp("Close", err)
}

// member returns the member of the array name.
func (a *Archive) member(op, name string) (*zip.File, error) {
	f, ok := a.files[name]
	if !ok {
		return nil, withOp(op, errorf(ErrName, "no array named %q; the archive holds %q", name, a.names))
	}
	return f, nil
}

// Header describes the array name like [Inspect], reading only its
// header. It returns an error wrapping ErrName when the archive holds no
// such array, and the errors of [ReadHeader].
func (a *Archive) Header(name string) (Header, error) {
	f, err := a.member("Header", name)
	if err != nil {
		return Header{}, err
	}
	rc, err := f.Open()
	if err != nil {
		return Header{}, withOp("Header", memberError(err, f))
	}
	defer rc.Close()
	h, err := readHeader(rc)
	if err != nil && isZipError(err) {
		err = memberError(err, f)
	}
	if err != nil {
		return Header{}, withOp("Header", err)
	}
	return h, nil
}

// Get reads the array name of the archive a, like [Read] reads a .npy
// file: its dtype must store T, and the view owns a fresh buffer. The
// member is read to its end, so that the zip reader checks its CRC-32.
//
// Get never trusts the sizes in the archive's directory or the array's
// header for allocation: a stored member is checked against the archive's
// size first, and a deflated member's buffer grows as its data
// decompresses, so a member that claims more than it holds fails with
// ErrTruncated or ErrFormat without allocating what it claims. A
// compressed member can still expand to far more bytes than the archive
// holds; [MaxBytes], given to OpenArchive or NewArchive, caps what Get
// allocates, and without it an array larger than memory is a fatal
// out-of-memory error, as for [Read].
//
// It returns an error wrapping ErrName when the archive holds no such
// array, the errors of Read, one wrapping ErrFormat for a damaged member
// (a checksum mismatch, a member that does not decompress, or more than 1
// MiB after the array), and the underlying reader's own error, wrapped as
// it is, when reading fails (also after [Archive.Close]).
func Get[T tensor.Element](a *Archive, name string) (tensor.View[T], error) {
	f, err := a.member("Get", name)
	if err != nil {
		return tensor.View[T]{}, err
	}
	v, err := getMember[T](a, f)
	return v, withOp("Get", err)
}

func getMember[T tensor.Element](a *Archive, f *zip.File) (tensor.View[T], error) {
	rc, err := f.Open()
	if err != nil {
		return tensor.View[T]{}, memberError(err, f)
	}
	defer rc.Close()
	// The directory's sizes are the archive's word, not data: only a
	// stored member's size, which cannot exceed the archive's, may size
	// the buffer up front. A deflated member's buffer grows as data
	// arrives, so a directory (and a header) claiming a terabyte costs
	// what the member really expands to.
	avail := int64(-1)
	if f.Method == zip.Store && f.UncompressedSize64 <= uint64(a.size) {
		avail = int64(f.UncompressedSize64)
	}
	v, err := read[T](rc, avail, false, a.opts)
	if err != nil {
		if isZipError(err) {
			return tensor.View[T]{}, memberError(err, f)
		}
		return tensor.View[T]{}, err
	}
	n, err := io.CopyN(io.Discard, rc, maxTrailing+1)
	switch {
	case n > maxTrailing:
		return tensor.View[T]{}, errorf(ErrFormat, "member %s: more than %d bytes after the array", f.Name, maxTrailing)
	case err != nil && err != io.EOF:
		return tensor.View[T]{}, memberError(err, f)
	}
	return v, nil
}

// isZipError reports whether err says the archive is malformed: a
// directory or member the zip reader refuses, a checksum mismatch, a
// damaged deflate stream, a size that the data contradicts, an
// unsupported method, or data that lies past the archive's end (EOF from
// a reader the archive's size covers). Any other error is the underlying
// reader's own.
func isZipError(err error) bool {
	var ce flate.CorruptInputError
	return errors.Is(err, zip.ErrChecksum) || errors.Is(err, zip.ErrFormat) ||
		errors.Is(err, zip.ErrAlgorithm) || errors.Is(err, zip.ErrInsecurePath) ||
		errors.As(err, &ce) || err == io.EOF || err == io.ErrUnexpectedEOF
}

// ArchiveWriter writes a .npz archive that NumPy's np.load reads, as
// savez (members stored) or savez_compressed (members deflated) write
// them. [Put] adds an array; Close finishes the archive.
type ArchiveWriter struct {
	zw       *zip.Writer
	method   uint16
	names    map[string]bool
	closed   bool
	modified time.Time
}

// NewArchiveWriter returns a writer of a .npz archive to w, with its
// members deflated when compressed is true (as savez_compressed) and
// stored otherwise (as savez). Close must be called to finish the
// archive; it does not close w.
func NewArchiveWriter(w io.Writer, compressed bool) *ArchiveWriter {
	m := zip.Store
	if compressed {
		m = zip.Deflate
	}
	return &ArchiveWriter{
		zw:     zip.NewWriter(w),
		method: m,
		names:  make(map[string]bool),
		// A fixed time keeps archives of the same arrays byte for byte
		// the same.
		modified: time.Date(1980, 1, 1, 0, 0, 0, 0, time.UTC),
	}
}

// Put adds v to the archive aw as the array name, written like [Write]
// writes a .npy file (in Fortran order when v is column-major, through a
// bounded buffer when it is not contiguous). Arrays are read back by name,
// in the order they were put.
//
// It returns an error wrapping ErrName for an empty name, one with a
// slash or backslash, or a name already put, and one wrapping ErrClosed
// after Close; the errors of Write otherwise, after which the archive is
// unusable.
//
// The options choose the stored dtype (see [Float16]).
func Put[T tensor.Element, V tensor.Operand[T]](aw *ArchiveWriter, name string, v V, opts ...WriteOption) error {
	return withOp("Put", put(aw, name, tensor.View[T](v), newWriteOptions(opts)))
}

// put is Put, its errors without the operation.
func put[T tensor.Element](aw *ArchiveWriter, name string, v tensor.View[T], o writeOptions) error {
	switch {
	case aw.closed:
		return errorf(ErrClosed, "archive writer closed")
	case name == "" || strings.ContainsAny(name, `/\`):
		return errorf(ErrName, "invalid array name %q", name)
	case aw.names[name]:
		return errorf(ErrName, "array %q put twice", name)
	}
	w, err := aw.zw.CreateHeader(&zip.FileHeader{Name: name + npzSuffix, Method: aw.method, Modified: aw.modified})
	if err != nil {
		return ioError(err, "adding member "+name+npzSuffix)
	}
	aw.names[name] = true
	return write(w, v, o)
}

// Close writes the archive's directory. It does not close the writer the
// archive was written to. A second Close does nothing.
func (aw *ArchiveWriter) Close() error {
	if aw.closed {
		return nil
	}
	aw.closed = true
	if err := aw.zw.Close(); err != nil {
		return withOp("Close", ioError(err, "writing the archive directory"))
	}
	return nil
}

// SaveArchive writes a .npz archive at path, calling fill to [Put] its
// arrays, with the safety of [Save]: the archive is written beside path
// and renamed over it only once complete, so an error (of fill, of a Put,
// or of the disk) leaves an existing file at path as it was. A panic in
// fill does too: the new file is closed and removed, and the panic goes
// on to SaveArchive's caller.
//
//	err := npy.SaveArchive("run.npz", true, func(aw *npy.ArchiveWriter) error {
//		if err := npy.Put(aw, "weights", w); err != nil {
//			return err
//		}
//		return npy.Put(aw, "bias", b)
//	})
//
// It returns fill's error as it is, and the errors of Put and of Save.
func SaveArchive(path string, compressed bool, fill func(aw *ArchiveWriter) error) error {
	var fillErr error
	err := save(path, func(w io.Writer) error {
		aw := NewArchiveWriter(w, compressed)
		if fillErr = fill(aw); fillErr != nil {
			return fillErr
		}
		return aw.Close()
	})
	if fillErr != nil {
		return fillErr
	}
	return withOp("SaveArchive", err)
}

// An Entry is a named array for [Savez] and [SavezCompressed]; [Named]
// makes one.
type Entry struct {
	name string
	put  func(aw *ArchiveWriter) error
}

// Named returns the array v under name for [Savez], written as [Put]
// writes it, with the options of Put. v may be a Tensor or a View of any
// element type, so one call saves arrays of several types:
//
//	err := npy.Savez("run.npz", npy.Named("weights", w), npy.Named("labels", y))
//
// The entry keeps v, not a copy: v is read when Savez writes it.
func Named[T tensor.Element, V tensor.Operand[T]](name string, v V, opts ...WriteOption) Entry {
	o, tv := newWriteOptions(opts), tensor.View[T](v)
	return Entry{name: name, put: func(aw *ArchiveWriter) error { return put(aw, name, tv, o) }}
}

// Savez writes the entries to a .npz archive at path, members stored
// uncompressed, in the order given: NumPy's savez(path, a=x, b=y), which
// np.load reads. It is [SaveArchive] with one [Put] per entry, so an
// error leaves an existing file at path as it was.
//
// It returns the errors of Put (ErrName for an empty name, a name with a
// slash, or a name given twice) and of Save.
func Savez(path string, entries ...Entry) error {
	return savez("Savez", path, false, entries)
}

// SavezCompressed is [Savez] with the members deflated: NumPy's
// savez_compressed.
func SavezCompressed(path string, entries ...Entry) error {
	return savez("SavezCompressed", path, true, entries)
}

func savez(op, path string, compressed bool, entries []Entry) error {
	for i, e := range entries {
		if e.put == nil {
			return withOp(op, errorf(ErrName, "entry %d is the zero Entry: make entries with Named", i))
		}
	}
	return withOp(op, save(path, func(w io.Writer) error {
		aw := NewArchiveWriter(w, compressed)
		for _, e := range entries {
			if err := e.put(aw); err != nil {
				return err
			}
		}
		return aw.Close()
	}))
}
