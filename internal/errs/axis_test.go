package errs_test

import (
	"errors"
	"strconv"
	"testing"

	"github.com/tessera-go/tessera/internal/errs"
)

var (
	errAxis = errors.New("axis")
	errDup  = errors.New("dup")
)

// TestAxis pins the one axis rule: [-rank, rank), negative from the end.
func TestAxis(t *testing.T) {
	for _, c := range []struct {
		axis, rank, want int
		ok               bool
	}{
		{0, 3, 0, true}, {2, 3, 2, true}, {-1, 3, 2, true}, {-3, 3, 0, true},
		{3, 3, 0, false}, {-4, 3, 0, false}, {0, 0, 0, false}, {-1, 0, 0, false},
	} {
		got, err := errs.Axis("pkg", "Op", errAxis, c.axis, c.rank)
		if c.ok != (err == nil) || c.ok && got != c.want {
			t.Errorf("Axis(%d, rank %d) = %d, %v", c.axis, c.rank, got, err)
		}
		if !c.ok && (!errors.Is(err, errAxis) || err.Error() != "pkg: Op: axis "+strconv.Itoa(c.axis)+" out of range for rank "+strconv.Itoa(c.rank)) {
			t.Errorf("Axis(%d, rank %d): error %v", c.axis, c.rank, err)
		}
	}
}

// TestAxes checks the set, the error of an axis out of range and that of
// an axis named twice (also through its negative spelling).
func TestAxes(t *testing.T) {
	set, err := errs.Axes("pkg", "Op", errAxis, errDup, []int{0, -1}, 4)
	if err != nil || set != 0b1001 {
		t.Errorf("Axes([0 -1], 4) = %b, %v", set, err)
	}
	if _, err := errs.Axes("pkg", "Op", errAxis, errDup, []int{1, 4}, 4); !errors.Is(err, errAxis) {
		t.Errorf("Axes([1 4], 4): %v", err)
	}
	_, err = errs.Axes("pkg", "Op", errAxis, errDup, []int{1, -3}, 4)
	if !errors.Is(err, errDup) || err.Error() != "pkg: Op: duplicate axis -3 in [1 -3]" {
		t.Errorf("Axes([1 -3], 4): %v", err)
	}
}
