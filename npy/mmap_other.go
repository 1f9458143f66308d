//go:build !linux

package npy

import "github.com/tessera-go/tessera/tensor"

// Map loads the .npy file at path. On Linux it maps the file into memory
// without copying; on this system it reads the file into memory like
// [Load], and Close only drops the view. As on Linux, the file's dtype must
// store T in native byte order, so that code behaves the same everywhere.
//
// It returns the errors of Load, and an error wrapping ErrDType when the
// file is not in native byte order.
func Map[T tensor.Element](path string) (*Mapped[T], error) {
	v, err := load[T](path, true, newOptions(nil))
	if err != nil {
		return nil, withOp("Map", err)
	}
	return &Mapped[T]{view: v}, nil
}

func unmap([]byte) error { return nil }
