package layout

import (
	"slices"
)

// Overlapping reports whether two different indices of l reach the same
// element, as they do along an expanded axis (stride 0) or with strides
// such as shape [3 3] strides [1 1]. Writing through such a layout would
// lose data, so copies refuse it as a destination with ErrOverlap.
//
// The common cases are decided in O(rank): sorted by absolute stride, when
// each stride exceeds the reach of all the smaller ones, no two indices
// meet. Otherwise it enumerates the offsets and sorts them, which costs
// O(n log n) time and n ints of memory for n = Size().
func (l Layout) Overlapping() bool { return l.overlapping() }

func (l *Layout) overlapping() bool {
	sh, st := l.dims()
	type axis struct{ d, s int }
	var buf [inline]axis
	axes := buf[:0]
	for i, d := range sh {
		switch {
		case d == 0:
			return false
		case d == 1:
			continue
		case st[i] == 0:
			return true
		}
		s := st[i]
		if s < 0 {
			s = -s
		}
		axes = append(axes, axis{d, s})
	}
	slices.SortFunc(axes, func(a, b axis) int { return a.s - b.s })
	reach := 0 // highest offset reached by the smaller axes, from 0
	simple := true
	for _, a := range axes {
		if a.s <= reach {
			simple = false
			break
		}
		reach += (a.d - 1) * a.s
	}
	if simple {
		return false
	}
	offs := make([]int, 0, l.size())
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
