package layout

import (
	"cmp"
	"slices"
)

// Overlapping reports whether two different indices of l may reach the
// same element, as they do along an expanded axis (stride 0) or with
// strides such as shape [3 3] strides [1 1]. Writing through such a layout
// would lose data, so copies refuse it as a destination with ErrOverlap. A
// layout with no elements never overlaps.
//
// The common cases are decided in O(rank): sorted by absolute stride, when
// each stride exceeds the reach of all the smaller ones, no two indices
// meet; when there are more elements than offsets in the span, some must.
// Otherwise it enumerates the offsets and sorts them, which costs
// O(n log n) time and n ints of memory for n = Size(), up to n =
// MaxExactOverlap; beyond that it answers true, erring on the side that
// cannot lose data.
func (l Layout) Overlapping() bool { return l.overlapping() }

// MaxExactOverlap is the largest Size for which Overlapping decides an
// unusual layout exactly by enumerating its offsets.
const MaxExactOverlap = 1 << 22

func (l *Layout) overlapping() bool {
	size := l.size()
	if size <= 1 {
		return false
	}
	sh, st := l.dims()
	var buf [inline]axis
	axes := buf[:0]
	for i, d := range sh {
		switch {
		case d == 1:
			continue
		case st[i] == 0:
			return true
		}
		axes = append(axes, axis{n: d, d: abs(st[i])})
	}
	slices.SortFunc(axes, func(a, b axis) int { return cmp.Compare(a.d, b.d) })
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
		return false
	}
	if lo, hi := l.span(); size > hi-lo {
		return true // more elements than offsets
	}
	if size > MaxExactOverlap {
		return true
	}
	offs := make([]int, 0, size)
	p := l.plan()
	n, inc := p.Len(), p.inc[0]
	for a := range p.Runs() {
		for i := 0; i < n; i++ {
			offs = append(offs, a+i*inc)
		}
	}
	slices.Sort(offs)
	for i := 1; i < len(offs); i++ {
		if offs[i] == offs[i-1] {
			return true
		}
	}
	return false
}
