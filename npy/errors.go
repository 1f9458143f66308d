package npy

import (
	"errors"
	"fmt"

	"github.com/tessera-go/tessera/internal/errs"
)

// Sentinel errors. Every error returned by this package that concerns the
// contents of a file or an archive, or an array name, wraps exactly one of them (or, for a view too large to write,
// layout.ErrOverflow), so callers test with
// [errors.Is]; the message itself carries the operation and the values, as in
// "npy: Read: file dtype <f8 does not match float32 (<f4)".
var (
	// ErrFormat reports a malformed file: bad magic string, unsupported
	// format version, a header that is too long or not a valid header
	// dictionary, or a shape with negative or overflowing dimensions.
	ErrFormat = errors.New("npy: invalid format")

	// ErrDType reports a dtype that has no Go counterpart (bool, strings,
	// structured dtypes, ...) or that does not match the requested element
	// type, or a byte order that the operation cannot handle.
	ErrDType = errors.New("npy: dtype mismatch")

	// ErrTruncated reports a file that ends before its header or its data
	// does.
	ErrTruncated = errors.New("npy: truncated file")

	// ErrTooLarge reports an array whose data exceeds the limit set with
	// [MaxBytes].
	ErrTooLarge = errors.New("npy: array too large")

	// ErrName reports an array name that a .npz archive does not hold
	// ([Get]) or cannot take ([Put]: empty, with a slash, or put twice).
	ErrName = errors.New("npy: invalid array name")

	// ErrClosed reports a use of an [ArchiveWriter] after Close.
	ErrClosed = errors.New("npy: archive writer closed")
)

// errorf returns an error wrapping sentinel. Its operation is filled in by
// withOp when it leaves the exported function.
func errorf(sentinel error, format string, args ...any) error {
	return &errs.Error{Pkg: "npy", Kind: sentinel, Msg: fmt.Sprintf(format, args...)}
}

// ioError wraps an error of a lower layer (I/O, layout, tensor); msg says
// what was being done.
func ioError(cause error, msg string) error {
	return &errs.Error{Pkg: "npy", Cause: cause, Msg: msg}
}

// withOp names the exported operation in err when it came from this package
// and does not name one yet. Other errors (from os, io) are wrapped as
// "npy: Op: i/o error: err".
func withOp(op string, err error) error {
	if err == nil {
		return nil
	}
	var e *errs.Error
	if errors.As(err, &e) && e.Pkg == "npy" {
		if e.Op == "" {
			c := *e
			c.Op = op
			return &c
		}
		return err
	}
	return &errs.Error{Pkg: "npy", Op: op, Cause: err, Msg: "i/o error"}
}
