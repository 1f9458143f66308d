package testkit

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/tessera-go/tessera/layout"
)

// Sentinels lists every sentinel error of package layout: the errors that
// every failing call of layout, tensor and ops wraps. TestSentinels checks
// it against the Err variables that layout declares.
var Sentinels = []error{
	layout.ErrAxis, layout.ErrDuplicateAxis, layout.ErrIndex, layout.ErrShape,
	layout.ErrRank, layout.ErrNotViewable, layout.ErrOverflow, layout.ErrBounds,
	layout.ErrOverlap, layout.ErrArg,
}

// WrapsSentinel reports whether err wraps one of [Sentinels].
func WrapsSentinel(err error) bool { return WrapsOneOf(err, Sentinels...) }

// WrapsOneOf reports whether err wraps one of targets.
func WrapsOneOf(err error, targets ...error) bool {
	return slices.ContainsFunc(targets, func(s error) bool { return errors.Is(err, s) })
}

// CheckError returns nil if err wraps one of sentinels (of [Sentinels]
// when none is given) and its message starts with prefix, such as
// "layout: Permute: ", and otherwise an error saying what is wrong. A nil
// err is wrong.
func CheckError(err error, prefix string, sentinels ...error) error {
	switch {
	case err == nil:
		return errors.New("got no error; want one")
	case len(sentinels) == 0 && !WrapsSentinel(err):
		return fmt.Errorf("got %v; want an error wrapping a sentinel of package layout", err)
	case len(sentinels) > 0 && !WrapsOneOf(err, sentinels...):
		return fmt.Errorf("got %v; want an error wrapping one of %v", err, sentinels)
	case !strings.HasPrefix(err.Error(), prefix):
		return fmt.Errorf("got %q; want prefix %q", err, prefix)
	}
	return nil
}
