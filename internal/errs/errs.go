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

// Axis returns axis in [0, rank), counting a negative axis from the end as
// Python does (-1 is the last), or, for an axis outside [-rank, rank), the
// error of op in pkg wrapping kind (layout.ErrAxis): the one axis rule of
// every package.
func Axis(pkg, op string, kind error, axis, rank int) (int, error) {
	if uint(axis) < uint(rank) {
		return axis, nil
	}
	if axis < 0 && axis >= -rank {
		return axis + rank, nil
	}
	return 0, New(pkg, op, kind, "axis %d out of range for rank %d", axis, rank)
}

// Axes returns axes, each counted as Axis counts it, as a set of bits over
// [0, rank) (rank at most 64), or the error of op in pkg: Axis's for an
// axis out of range (wrapping kind), and one wrapping dup
// (layout.ErrDuplicateAxis) for an axis named twice. The message holds a
// copy of axes, so that the caller's slice (often a variadic argument)
// stays on its stack.
func Axes(pkg, op string, kind, dup error, axes []int, rank int) (uint64, error) {
	var set uint64
	for _, a := range axes {
		k, err := Axis(pkg, op, kind, a, rank)
		if err != nil {
			return 0, err
		}
		if set&(1<<k) != 0 {
			return 0, New(pkg, op, dup, "duplicate axis %d in %v", a, append([]int(nil), axes...))
		}
		set |= 1 << k
	}
	return set, nil
}
