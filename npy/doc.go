// Package npy reads and writes NumPy's .npy files as tensor views.
//
// # Overview
//
// [Read] and [Load] read one array from a reader or a file, [Write] and
// [Save] write one, and [Map] maps a file into memory without reading it.
// The element type is a type parameter: the caller names the Go type it
// expects and gets an error, not a conversion, when the file holds another.
//
//	v, err := npy.Load[float32]("weights.npy")   // tensor.View[float32]
//	err = npy.Save("out.npy", v)
//
// A program that did not write a file learns its dtype, shape and order
// from [Inspect] (or [ReadHeader]), which read the header only, and then
// picks the type parameter:
//
//	h, err := npy.Inspect("x.npy") // h.Type "float64", h.Shape [3 4]
//
// This package moves no elements itself beyond the bytes of the file: views
// that are not contiguous are copied by [tensor.View.CopyTo] through a
// buffer of at most 1 MiB as they are written, and layouts come from
// package layout.
//
// # Formats and dtypes
//
// Format versions 1.0, 2.0 (4-byte header length) and 3.0 (UTF-8 header)
// are read. Write writes version 1.0, or 2.0 when the header is longer than
// version 1.0 allows, always in native byte order, with the header padded
// so that the data starts at a multiple of 64 bytes, as NumPy does.
//
// The header is parsed by a small parser of the Python dict literal NumPy
// writes, not by a Python evaluator: the keys 'descr', 'fortran_order' and
// 'shape', each exactly once, in any order, with any spacing, trailing
// commas and the L suffix of integers in files written by Python 2. Headers
// longer than [MaxHeaderLen] and shapes of more than [MaxRank] dimensions
// are refused.
//
// The dtypes that have a Go counterpart are read and written:
//
//	f4 float32     i1 int8     u1 uint8      c8  complex64
//	f8 float64     i2 int16    u2 uint16     c16 complex128
//	               i4 int32    u4 uint32     b1  bool
//	               i8 int64    u8 uint64
//
// with byte order '<' or '>' ('|' for one-byte types). Go's int, uint and
// uintptr match the integers of their size on the platform, i8 and u8 on
// 64-bit systems, and a type defined on a numeric type (type Celsius
// float64) matches like its underlying type. Data in the other byte order
// is converted to native order when read. Float16 data ('<f2', '>f2'),
// which has no Go type, reads into float32 or float64, converted exactly
// (not by Map, which cannot convert), and [Float16] writes float32 or
// float64 data as float16, rounded as NumPy rounds. Bool data ('|b1', the
// masks) reads into bool, every nonzero byte as true (as NumPy reads it;
// Go's bool holds only 0 or 1, so Read, Load and Map rewrite other nonzero
// bytes to 1, Map in its private copy of the page), and bool tensors write
// as '|b1'. Files of other dtypes (strings, objects, datetimes,
// structured dtypes) fail with ErrDType.
//
// # Fortran order
//
// A file written with fortran_order True holds its elements in column-major
// order. Read returns it as a column-major view over the data as stored
// (made with layout.ColumnMajor), without copying: IsColumnMajor reports
// true and, for arrays with at least two dimensions larger than 1,
// IsContiguous reports false. [tensor.View.Contiguous] turns it into a
// row-major tensor.
//
// Write picks the order from the view: a C-contiguous view (including one
// starting at an offset) is written in C order straight from its buffer; a
// column-major view that is not also C-contiguous is written in Fortran
// order straight from its buffer; any other view (transposed in a way that
// is neither, sliced, flipped, broadcast) is written in row-major order
// through a bounded buffer. A column-major view thus round-trips as one.
//
// # Saving safely
//
// [Save] never loses the file it replaces: it writes a new file beside it,
// syncs it, and renames it over the old one only once everything is
// written, so a full disk or any other failure leaves the old file intact.
// Paths that are not regular files (devices, pipes) are written in place
// and never removed.
//
// # Archives (.npz)
//
// NumPy's savez and savez_compressed write several arrays into one zip
// file, a .npy file per array named after it. [OpenArchive] (or
// [NewArchive] on any io.ReaderAt) reads the zip directory; [Archive.Names]
// lists the arrays, [Archive.Header] describes one and [Get] reads one, as
// [Read] would. [NewArchiveWriter] writes an archive, stored or deflated,
// an array at a time with [Put], each as [Write] writes it, and
// [SaveArchive] writes one at a path with [Save]'s safety. [Savez] and
// [SavezCompressed] do the common case in one call, NumPy's
// savez(path, weights=w, labels=y):
//
//	err := npy.Savez("run.npz", npy.Named("weights", w), npy.Named("labels", y))
//	a, err := npy.OpenArchive("run.npz")
//	w, err := npy.Get[float32](a, "weights")
//
// Archives get the same care as single files: Get reads each member to
// its end so that its CRC-32 is checked, refuses more than 1 MiB after an
// array, and grows its buffer as data arrives; since a deflated member can
// expand a thousandfold, MaxBytes bounds what Get allocates for archives
// from untrusted sources. FuzzArchive feeds it arbitrary bytes.
//
// # Memory mapping
//
// [Map] maps a file into memory on Linux and returns a [Mapped] whose view
// reads the file's pages in place: loading costs no reading and no copying,
// and the pages are loaded by the operating system as they are touched.
// The mapping is private and writable (MAP_PRIVATE with PROT_READ and
// PROT_WRITE) and reserves no memory (MAP_NORESERVE), so files larger than
// memory map: writes through the view are copy-on-write changes seen only
// by this process, never written to the file. The data must be in native
// byte order and aligned for the element type, which every file NumPy or
// Write produces is. The view must not be used after [Mapped.Close], and the
// file must not be truncated while mapped (touching a page past its end
// raises SIGBUS); a program that writes into the file in place changes
// what the view reads, while [Save] replaces the file and leaves a mapped
// view as it was. On other systems Map reads the file into memory instead,
// with the same checks and results.
//
// # Errors
//
// Functions return errors rather than panicking, on any input (a mapped
// view used after Close or over a file truncated meanwhile is the exception
// noted above). Errors
// about a file's contents wrap one of the sentinels [ErrFormat], [ErrDType],
// [ErrTruncated] and [ErrTooLarge] (and, for archives, [ErrName] and
// [ErrClosed]); I/O errors are wrapped as they are, so errors.Is
// finds both io and os errors. Every message is lowercase, starts with
// "npy: " and the operation, and carries the values involved:
//
//	npy: Read: file dtype <f8 does not match float32 (<f4)
//	npy: Load: data truncated: got 40 of 48 bytes for shape [2 3] of <f8
//
// Reading never trusts the header's shape for allocation: Load and Map
// compare it with the file size first, and Read grows its buffer as data
// arrives, so a short or hostile file fails with ErrTruncated without
// allocating what its header claims. A file that really is as large as
// its header says (also a sparse one) is allocated whole by Load and Read,
// which is a fatal out-of-memory error when it exceeds the machine's
// memory: the option [MaxBytes] caps what they allocate, checked against
// the header first (ErrTooLarge), and [Map] opens files of any size.
//
// # Concurrency
//
// Read, Load, Write, Save and Map may be called from several goroutines at
// once. The views they return follow the rules of package tensor.
package npy
