package layout

// A Walk visits the runs of an [Iter] (or a [Plan]) one [Walk.Next] call
// at a time, in the order of [Iter.Runs]:
//
//	for w := it.Walk(); w.Next(); {
//		off := w.Off() // the offsets of the run's first element
//	}
//
// It does what Runs does without a closure. Runs' loop body becomes a
// closure that stays on the stack only when the compiler inlines Runs
// into the loop, and Go inlines it into a generic function's body only
// where that body is compiled in a package that imports package layout:
// instantiated in a user's package that imports only tensor or ops, the
// closure, and the Iter or Plan it reads, moved to the heap on every
// call (six allocations per small CopyTo). A Walk is a value whose
// methods keep no pointer to it, so it stays on the caller's stack
// whether or not they are inlined.
//
// The Iter must not change during the walk. The zero Walk visits nothing.
type Walk struct {
	it   *Iter
	off  [MaxOperands]int
	left int // runs left along the innermost outer axis after this one
	st   [MaxOperands]int
	n    int  // the size of that axis
	nops int  // operands
	more bool // outer axes beyond it to carry into
	idx  [inline]int
	ext  []int // the odometer beyond inline outer axes
}

// Walk returns a Walk over the runs of it.
func (it *Iter) Walk() Walk {
	w := Walk{it: it, nops: it.nops, left: -1}
	return w
}

// Walk returns a Walk over the blocks of p: Off's first two offsets are
// the block's first element in the destination and in the source, as
// [Plan.Runs] yields them.
func (p *Plan) Walk() Walk { return p.it.Walk() }

// Next moves to the next run and reports whether there is one.
func (w *Walk) Next() bool {
	if w.left > 0 {
		w.left--
		for j := range w.nops {
			w.off[j] += w.st[j]
		}
		return true
	}
	return w.step()
}

// Off returns the offsets of the first element of the current run, one
// per operand, the output first.
func (w *Walk) Off() [MaxOperands]int { return w.off }

// step starts the walk (left < 0) or carries into the outer axes after
// the last run along the innermost one (left == 0).
func (w *Walk) step() bool {
	it := w.it
	if it == nil || it.rank == 0 {
		return false
	}
	axes := it.dims()
	if w.left < 0 { // the first run
		w.off = it.start
		w.left = 0
		if len(axes) == 1 {
			return true
		}
		in := &axes[1]
		w.n, w.st, w.left = in.n, in.st, in.n-1
		w.more = len(axes) > 2
		if it.rank > inline {
			w.ext = make([]int, it.rank)
		}
		return true
	}
	if !w.more {
		return false
	}
	for j := range w.nops { // back to the start of the innermost outer axis
		w.off[j] -= (w.n - 1) * w.st[j]
	}
	idx := w.ext
	if idx == nil {
		idx = w.idx[:it.rank]
	}
	if !it.carry(idx, &w.off) {
		w.more = false
		return false
	}
	w.left = w.n - 1
	return true
}
