package npy

import (
	"io"
)

// chunkBytes is how much Read allocates ahead of the data that has arrived
// when it does not know how long its input is.
const chunkBytes = 1 << 20

// checkDType returns the preamble's element count after checking that its
// dtype stores T. It returns ErrDType or ErrFormat.
func checkDType[T any](p preamble) (int, error) {
	want, name := typeOf[T]()
	if p.dtype.isHalf() { // read converts it (readHalf); Map cannot
		return 0, errorf(ErrDType, "file dtype %s (float16) cannot be mapped; use Load, which converts it to float32 or float64, not %s", p.header.descr, name)
	}
	if !p.dtype.same(want) {
		return 0, errorf(ErrDType, "file dtype %s does not match %s (%s)", p.header.descr, name, want)
	}
	return numElements(p.shape, want.size)
}

// readData reads n elements of T stored as d from r and converts them to
// native byte order. When avail >= 0 it is the number of bytes r still
// holds, and a shorter input fails before any allocation; otherwise the
// buffer grows as data arrives, so a header that lies about the shape never
// makes readData allocate much more than the input holds. It returns
// ErrTruncated when r ends early.
func readData[T any](r io.Reader, n int, shape []int, d dtype, avail int64) ([]T, error) {
	size := d.size
	want := int64(n) * int64(size) // numElements bounded this by MaxInt
	if avail >= 0 && avail < want {
		return nil, errorf(ErrTruncated, "data truncated: got %d of %d bytes for shape %v of %s", avail, want, shape, d)
	}
	var data []T
	if avail >= 0 || want <= chunkBytes {
		data = make([]T, n)
		if got, err := io.ReadFull(r, asBytes(data)); err != nil {
			return nil, truncatedData(err, int64(got), want, shape, d)
		}
	} else {
		data = make([]T, 0, chunkBytes/size)
		for len(data) < n {
			if len(data) == cap(data) {
				grown := make([]T, len(data), min(2*cap(data), n))
				copy(grown, data)
				data = grown
			}
			free := data[len(data):cap(data)]
			got, err := io.ReadFull(r, asBytes(free))
			data = data[:len(data)+got/size]
			if err != nil {
				return nil, truncatedData(err, int64(len(data)*size+got%size), want, shape, d)
			}
		}
	}
	if !d.native() {
		swapBytes(asBytes(data), d.swapWidth())
	}
	return data, nil
}

func truncatedData(err error, got, want int64, shape []int, d dtype) error {
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		return errorf(ErrTruncated, "data truncated: got %d of %d bytes for shape %v of %s", got, want, shape, d)
	}
	return ioError(err, "reading data")
}
