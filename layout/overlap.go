package layout

import (
	"cmp"
	"math"
	"slices"
	"strconv"
)

// Overlap is the answer of [Layout.SelfOverlap]: whether two different
// indices of a layout reach the same element.
type Overlap int8

const (
	// Disjoint means every index reaches an element of its own.
	Disjoint Overlap = iota
	// Overlaps means some two indices reach the same element.
	Overlaps
	// MayOverlap means SelfOverlap could not decide within MaxOverlapWork
	// steps; copies treat the layout as overlapping.
	MayOverlap
)

// String returns "disjoint", "overlaps" or "may overlap".
func (o Overlap) String() string {
	switch o {
	case Disjoint:
		return "disjoint"
	case Overlaps:
		return "overlaps"
	case MayOverlap:
		return "may overlap"
	}
	return "Overlap(" + strconv.Itoa(int(o)) + ")"
}

// MaxOverlapWork bounds the search of [Layout.SelfOverlap]: the number of
// partial index differences it may try before it answers MayOverlap.
const MaxOverlapWork = 1 << 20

// overlapWork is MaxOverlapWork; tests lower it.
var overlapWork = MaxOverlapWork

// Overlapping reports whether two different indices of l may reach the
// same element, as they do along an expanded axis (stride 0) or with
// strides such as shape [3 3] strides [1 1]. It is SelfOverlap() !=
// Disjoint: a layout SelfOverlap cannot decide counts as overlapping, the
// side that cannot lose data. Copies refuse an overlapping destination with
// ErrOverlap. A layout with no elements never overlaps.
func (l Layout) Overlapping() bool { return l.selfOverlap() != Disjoint }

// SelfOverlap decides whether two different indices of l reach the same
// element. It never allocates for rank up to 8, and it is exact in O(rank
// log rank) for every layout whose axes, sorted by absolute stride, each
// have a stride larger than the reach of the axes before it (every view
// of a row-major or column-major array, permuted, sliced, flipped or
// reshaped), for layouts with a stride-0 axis, and for layouts with more
// elements than offsets in their span.
//
// Any other layout is decided by a search for two indices whose offsets are
// equal: a bounded branch-and-bound over the differences of the indices
// along each axis, like NumPy's internal-overlap solver. It takes at most
// MaxOverlapWork steps and no memory, and answers MayOverlap when that is
// not enough. Copies then refuse the layout as a destination with an error
// that says the overlap could not be decided.
func (l Layout) SelfOverlap() Overlap { return l.selfOverlap() }

func (l *Layout) selfOverlap() Overlap {
	size := l.size()
	if size <= 1 {
		return Disjoint
	}
	sh, st := l.dims()
	var buf [inline]axis
	axes := buf[:0]
	for i, d := range sh {
		switch {
		case d == 1:
			continue
		case st[i] == 0:
			return Overlaps
		}
		axes = append(axes, axis{n: d, d: abs(st[i])})
	}
	// By stride, ascending: an insertion sort, for the rank is small and
	// slices.SortFunc's calls of a comparison cost a small copy a tenth.
	for i := 1; i < len(axes); i++ {
		for j := i; j > 0 && axes[j].d < axes[j-1].d; j-- {
			axes[j], axes[j-1] = axes[j-1], axes[j]
		}
	}
	reach := 0 // highest offset the smaller axes reach, from 0
	simple := true
	for _, a := range axes {
		if a.d <= reach {
			simple = false
			break
		}
		reach += (a.n - 1) * a.d
	}
	if simple {
		return Disjoint
	}
	if lo, hi := l.span(); size > hi-lo {
		return Overlaps // more elements than offsets
	}
	return searchOverlap(axes)
}

// axis is an axis of the overlap search: its size, its absolute stride,
// and the reach s of the axes from it on (see searchOverlap).
type axis struct{ n, d, s int }

// searchOverlap looks for a nonzero vector x with |x_k| < n_k and
// Σ d_k·x_k = 0 (the difference of two indices that reach one offset).
// The axis with the most elements is solved for directly; the others are
// tried from the largest stride down, each only over the values that can
// still be cancelled by the axes after it. By symmetry the first nonzero
// x_k is positive. Every sum stays within the span of the layout, which
// fits an int.
func searchOverlap(axes []axis) Overlap {
	// Move the longest axis last: it is solved, not enumerated.
	longest := 0
	for i, a := range axes {
		if a.n > axes[longest].n {
			longest = i
		}
	}
	end := len(axes) - 1
	axes[longest], axes[end] = axes[end], axes[longest]
	last, rest := axes[end], axes[:end]
	slices.SortFunc(rest, func(a, b axis) int { return cmp.Compare(b.d, a.d) })
	// s holds, for each axis of rest, the reach of the axes after it plus
	// that of last: |Σ d·x| over them is at most that.
	for k := len(rest) - 1; k >= 0; k-- {
		after := (last.n - 1) * last.d
		if k+1 < len(rest) {
			after = rest[k+1].s
		}
		rest[k].s = after + (rest[k].n-1)*rest[k].d
	}
	o := overlapSearch{axes: rest, last: last, work: overlapWork}
	return o.try(0, 0, false)
}

type overlapSearch struct {
	axes []axis // the enumerated axes; s is the reach of axes k.. and last
	last axis   // the axis solved for
	work int    // steps left
}

// try tries every value of x_k that sum could still be cancelled with.
func (o *overlapSearch) try(k, sum int, nonzero bool) Overlap {
	if o.work--; o.work < 0 {
		return MayOverlap
	}
	if k == len(o.axes) {
		if sum%o.last.d != 0 {
			return Disjoint
		}
		q := abs(sum / o.last.d)
		if q < o.last.n && (nonzero || q != 0) {
			return Overlaps
		}
		return Disjoint
	}
	a := o.axes[k]
	after := (o.last.n - 1) * o.last.d
	if k+1 < len(o.axes) {
		after = o.axes[k+1].s
	}
	// x with |sum + d·x| <= after, |x| < n, and x >= 0 before any nonzero.
	// The bounds saturate: a bound beyond the int range is beyond
	// ±(n-1) too, since d·(n-1) fits in the span.
	lo := max(-(a.n - 1), ceilDiv(satSub(-after, sum), a.d))
	hi := min(a.n-1, floorDiv(satSub(after, sum), a.d))
	if !nonzero {
		lo = max(lo, 0)
	}
	for x := lo; x <= hi; x++ {
		if r := o.try(k+1, sum+a.d*x, nonzero || x != 0); r != Disjoint {
			return r // Overlaps, or MayOverlap when the work ran out
		}
	}
	return Disjoint
}

// satSub returns a-b, saturated to the int range.
func satSub(a, b int) int {
	d := a - b
	if (b > 0 && d > a) || (b < 0 && d < a) {
		if b > 0 {
			return math.MinInt
		}
		return math.MaxInt
	}
	return d
}

// floorDiv and ceilDiv divide by d > 0, rounding down and up.
func floorDiv(a, d int) int {
	q := a / d
	if a%d != 0 && a < 0 {
		q--
	}
	return q
}

func ceilDiv(a, d int) int {
	q := a / d
	if a%d != 0 && a > 0 {
		q++
	}
	return q
}
