package npy

import (
	"io"
	"os"
	"slices"
	"strconv"
)

// Header describes the array of a .npy file without its data: what
// [Inspect] and [ReadHeader] return, enough for a program that did not
// write the file to choose the type parameter of [Load] or [Read].
type Header struct {
	// DType is NumPy's type string of the elements as stored: the byte
	// order ('<' little-endian, '>' big-endian, '|' for one byte), the
	// kind and the size in bytes, such as "<f8" or "|u1".
	DType string
	// Type is the Go element type that reads the file: "float32",
	// "float64", "complex64", "complex128", "int8" to "int64" or "uint8"
	// to "uint64" (Go's int and uint also read the integers of their
	// size), or "bool". For float16 data ("<f2") it is "float32", into which it
	// converts exactly (float64 reads it too).
	Type string
	// Shape is the array's shape; empty for a rank-0 array.
	Shape []int
	// Fortran reports that the elements are stored in column-major order
	// (fortran_order True); Load then returns a column-major view.
	Fortran bool
	// Version is the major number of the format version: 1, 2 or 3.
	Version int
	// DataOffset is the number of bytes before the data.
	DataOffset int64
}

// Size returns the number of elements of the array.
func (h Header) Size() int {
	n := 1
	for _, d := range h.Shape {
		n *= d
	}
	return n
}

// DataBytes returns the size of the array's data in bytes.
func (h Header) DataBytes() int64 {
	d, err := parseDescr(h.DType)
	if err != nil {
		return 0
	}
	return int64(h.Size()) * int64(d.size)
}

// export returns the Header of a parsed preamble.
func (p preamble) export() Header {
	bits := strconv.Itoa(8 * p.dtype.size)
	typ := map[byte]string{'f': "float", 'i': "int", 'u': "uint", 'c': "complex"}[p.dtype.kind] + bits
	if p.dtype.kind == 'b' {
		typ = "bool"
	}
	if p.dtype.isHalf() {
		typ = "float32" // Go has no float16: it reads into float32 (or float64)
	}
	return Header{
		DType:      p.dtype.String(),
		Type:       typ,
		Shape:      slices.Clone(p.shape),
		Fortran:    p.fortran,
		Version:    p.major,
		DataOffset: int64(p.size),
	}
}

// ReadHeader reads the header of one .npy array from r, and nothing after
// it, and describes the array. It returns an error wrapping ErrFormat for
// a malformed header, ErrDType for a dtype with no Go counterpart
// (strings, objects, structured dtypes), ErrTruncated when r ends within
// the header, and the reader's own error otherwise.
func ReadHeader(r io.Reader) (Header, error) {
	h, err := readHeader(r)
	return h, withOp("ReadHeader", err)
}

// readHeader implements ReadHeader, for Inspect and Archive.Header too;
// its errors name no operation yet.
func readHeader(r io.Reader) (Header, error) {
	p, err := readPreamble(r)
	if err == nil {
		_, err = numElements(p.shape, p.dtype.size)
	}
	if err != nil {
		return Header{}, err
	}
	return p.export(), nil
}

// Inspect describes the array of the .npy file at path by reading its
// header only, so a program can learn the dtype, shape and order of a file
// it did not write before loading it:
//
//	h, err := npy.Inspect("x.npy")
//	// h.Type == "float64", h.Shape == [3 4]: npy.Load[float64]("x.npy")
//
// It returns the errors of [ReadHeader], the error of os.Open, and one
// wrapping ErrTruncated when a regular file is shorter than its header
// says.
func Inspect(path string) (Header, error) {
	f, err := os.Open(path)
	if err != nil {
		return Header{}, withOp("Inspect", err)
	}
	defer f.Close()
	h, err := readHeader(f)
	if err != nil {
		return Header{}, withOp("Inspect", err)
	}
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
		if want := h.DataOffset + h.DataBytes(); st.Size() < want {
			return Header{}, withOp("Inspect", errorf(ErrTruncated, "data truncated: file of %d bytes, header declares %d for shape %v of %s", st.Size(), want, h.Shape, h.DType))
		}
	}
	return h, nil
}
