// Package errs holds the error type shared by Tessera's packages, so that
// every error reads "pkg: Op: detail" and wraps a sentinel that callers test
// with errors.Is. Users never see this package: they see the sentinels of the
// package that returned the error.
package errs

import "fmt"

// Error is an error of operation Op in package Pkg. It wraps Kind, a sentinel
// of that package, and optionally Cause, an error from a lower layer.
type Error struct {
	Pkg   string
	Op    string
	Kind  error
	Cause error
	Msg   string
}

// Error returns "pkg: Op: msg", followed by the cause when there is one.
func (e *Error) Error() string {
	s := e.Pkg + ": " + e.Op + ": " + e.Msg
	if e.Cause != nil {
		s += ": " + e.Cause.Error()
	}
	return s
}

// Unwrap returns the sentinel and the cause, so errors.Is finds both.
func (e *Error) Unwrap() []error {
	switch {
	case e.Cause == nil:
		return []error{e.Kind}
	case e.Kind == nil:
		return []error{e.Cause}
	}
	return []error{e.Kind, e.Cause}
}

// New returns an *Error with a message formatted like fmt.Sprintf.
func New(pkg, op string, kind error, format string, args ...any) error {
	return &Error{Pkg: pkg, Op: op, Kind: kind, Msg: fmt.Sprintf(format, args...)}
}

// Wrap returns an *Error that also wraps cause. kind may be nil when the
// cause carries the sentinel.
func Wrap(pkg, op string, kind, cause error, format string, args ...any) error {
	return &Error{Pkg: pkg, Op: op, Kind: kind, Cause: cause, Msg: fmt.Sprintf(format, args...)}
}
