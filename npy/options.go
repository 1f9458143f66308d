package npy

// An Option changes how [Read] and [Load] treat a file.
type Option func(*options)

type options struct {
	maxBytes int64 // largest data Read and Load allocate; < 0: no limit
}

func newOptions(opts []Option) options {
	o := options{maxBytes: -1}
	for _, opt := range opts {
		if opt != nil {
			opt(&o)
		}
	}
	return o
}

// MaxBytes limits the array data Read and Load will allocate to n bytes.
// The header is checked against it before anything is allocated: a file
// whose header declares more data fails with ErrTooLarge, whatever the
// file's size (a sparse file can claim terabytes in a few kilobytes). A
// negative n means no limit, the default.
//
// Without a limit, Load allocates what a header declares whenever the file
// is that large, and Read as data arrives; an array larger than the
// machine's memory is then a fatal out-of-memory error of the Go runtime,
// as for make. Use MaxBytes for files from untrusted sources, and [Map] for
// files larger than memory.
func MaxBytes(n int64) Option {
	return func(o *options) { o.maxBytes = n }
}

// A WriteOption changes how [Write], [Save], [Put] and [Named] store an
// array.
type WriteOption func(*writeOptions)

type writeOptions struct {
	half bool // store float32 or float64 data as float16
}

func newWriteOptions(opts []WriteOption) writeOptions {
	var o writeOptions
	for _, opt := range opts {
		if opt != nil {
			opt(&o)
		}
	}
	return o
}

// Float16 stores float32 or float64 data as NumPy's float16 ('<f2' on
// little-endian machines), each element rounded to the nearest float16,
// ties to even, as NumPy's astype(np.float16) rounds: a magnitude past
// the largest float16 (65504) becomes ±Inf, one at or below 2^-25 ±0, and
// a NaN stays a NaN with its sign and the top bits of its payload. The
// file is half the size of float32's; reading it back gives the rounded
// values. Writing data of another element type with Float16 fails with
// ErrDType.
func Float16() WriteOption {
	return func(o *writeOptions) { o.half = true }
}
