package layout

// A Walk visits the runs of an [Iter] (or the blocks of a [Plan]) a row
// at a time, in the order of [Iter.Runs]: each row is the runs along the
// innermost outer axis, which the caller's own loop steps through.
//
//	var w layout.Walk
//	for w.Next(&it) {
//		off, step, n := w.Row()
//		for k := 0; k < n; k++ {
//			// a run of it.Len() elements whose first is at off
//			for j := range off {
//				off[j] += step[j]
//			}
//		}
//	}
//
// It does what Runs does without a closure. Runs' loop body becomes a
// closure that stays on the stack only when the compiler inlines Runs
// into the loop, and Go inlines it into a generic function's body only
// where that body is compiled in a package that imports package layout:
// instantiated in a user's package that imports only tensor or ops, the
// closure, and the Iter or Plan it reads, moved to the heap on every
// call (six allocations per small CopyTo). A Walk keeps no pointer (Next
// takes the Iter each time: a pointer stored through a method's receiver
// counts as escaping), its zero value is the start, so it is neither
// built nor copied, and the step from run to run is the caller's loop:
// no call per run, whether or not the compiler inlines Walk's methods.
//
// Every call of Next must pass the same Iter, unchanged. A Walk keeps the
// current row's offsets and its place along the first outer axis beyond
// the row, and finds its place along the others by division once per
// walk of that axis.
type Walk struct {
	off     [MaxOperands]int // the offsets of the row's first run
	st      [MaxOperands]int // from one run of the row to the next
	n       int              // runs in a row
	i2      int              // the index along axes[2], the first beyond the row
	q       int              // walks of axes[2] completed
	started bool
	done    bool // no row after the current one
}

// Next moves to the next row of it (the first, on the first call) and
// reports whether there is one. After the last row it costs a test of a
// flag, and the compiler can inline it.
func (w *Walk) Next(it *Iter) bool {
	if w.done {
		return false
	}
	return w.next(it)
}

// NextBlock is Next over the blocks of p: the first two offsets of Row
// are a block's first element in the destination and in the source, as
// [Plan.Runs] yields them.
func (w *Walk) NextBlock(p *Plan) bool {
	if w.done {
		return false
	}
	return w.next(&p.it)
}

// next starts the walk or moves to the next row.
func (w *Walk) next(it *Iter) bool {
	if it.rank == 0 {
		w.done = true
		return false
	}
	axes := it.dims()
	if !w.started {
		w.started = true
		w.off = it.start
		w.done = len(axes) <= 2
		if len(axes) == 1 { // a single run
			w.n = 1
			return true
		}
		w.st, w.n = axes[1].st, axes[1].n
		return true
	}
	a := &axes[2]
	if w.i2++; w.i2 < a.n {
		for j := range it.nops {
			w.off[j] += a.st[j]
		}
		return true
	}
	// The end of axes[2]: the place along the axes beyond it, from the
	// count of its walks, in the mixed radix of their sizes.
	w.i2 = 0
	w.q++
	w.off = it.start
	q := w.q
	for k := 3; k < len(axes); k++ {
		b := &axes[k]
		d := q % b.n
		q /= b.n
		for j := range it.nops {
			w.off[j] += d * b.st[j]
		}
	}
	if q > 0 { // past the last index
		w.done = true
		return false
	}
	return true
}

// Row returns the offsets of the first run of the current row, one per
// operand (the output first), the step of the offsets from one run of the
// row to the next, and the number of runs in the row.
func (w *Walk) Row() (off, step [MaxOperands]int, n int) { return w.off, w.st, w.n }

// RowPair is Row for the first two operands (a copy's destination and
// source): their offsets in the row's first run, their steps from run to
// run, and the number of runs. It returns integers, which stay in
// registers, where Row's arrays are copied through memory.
func (w *Walk) RowPair() (dst, src, dstStep, srcStep, n int) {
	return w.off[0], w.off[1], w.st[0], w.st[1], w.n
}

// EachRow calls f for every row of runs of it, in the order of
// [Iter.Runs], with what [Walk.Row] returns: the offsets of the row's
// first run, one per operand (the output first), their step from one run
// of the row to the next, and the number of runs in the row. It is the
// loop of a Walk for a caller that does not stop early; f is called once
// a row, not once a run, so a row's runs cost no call.
func (it *Iter) EachRow(f func(off, step [MaxOperands]int, runs int)) {
	var w Walk
	for w.Next(it) {
		f(w.off, w.st, w.n)
	}
}

// EachRow is [Iter.EachRow] over the blocks of p, with what
// [Walk.RowPair] returns: the first elements of the row's first block in
// the destination and in the source, their steps from one block of the
// row to the next, and the number of blocks in the row.
func (p *Plan) EachRow(f func(dst, src, dstStep, srcStep, blocks int)) {
	var w Walk
	for w.NextBlock(p) {
		f(w.RowPair())
	}
}
