package layout

import (
	"iter"
	"math/bits"
)

// MaxOperands is the number of operands an [Iter] walks at most: one
// output and up to three inputs.
const MaxOperands = 4

// Iter is the loop nest of an elementwise operation: it visits every index
// of an output layout and, at each, the element of every input that
// broadcasts to it, as runs of Len() elements. Element c of the run that
// starts at offsets o (one per operand, the output first) is at
//
//	operand j: o[j] + c*Inc()[j]
//
// Making an Iter drops size-1 axes, flips the axes that every operand walks
// backwards, orders the axes by the output's strides and then the inputs',
// so that the output is written in memory order, and merges the axes that
// every operand can walk as one. The innermost remaining axis is the run;
// the runs are visited in an unspecified order, so an Iter suits
// operations whose elements are independent.
//
// Inputs broadcast by NumPy's rules: aligned at their last axis, an input
// with fewer axes, or with size 1 where the output has another size, reads
// the same element along that axis (stride 0). A reduction declares its
// reduced axes by making the Iter with [Iter.ResetReduce]: there the output
// has size 1 and stride 0 along them.
//
// An Iter is a value of fixed size, and making and walking one does not
// allocate when the output has rank 8 or less. The zero Iter visits
// nothing.
type Iter struct {
	nops int // operands, the output first
	// The axes left after merging, innermost first: axes[0] is the run,
	// the others are the outer axes. Inline up to rank 8, in ext beyond.
	rank  int
	axes  [inline]iterAxis
	ext   []iterAxis
	start [MaxOperands]int // offsets of the first element
}

// iterAxis is an axis of an Iter: its size and each operand's stride.
type iterAxis struct {
	n  int
	st [MaxOperands]int
}

// NewIter returns the Iter that visits out and ins, as [Iter.Reset] makes
// it.
func NewIter(out Layout, ins ...Layout) (it Iter, err error) {
	var ps [MaxOperands - 1]*Layout
	if len(ins) > len(ps) {
		return Iter{}, errorf("NewIter", ErrRank, "%d inputs; at most %d", len(ins), len(ps))
	}
	for i := range ins {
		ps[i] = &ins[i]
	}
	err = it.Reset(&out, ps[:len(ins)]...)
	return
}

// Reset sets it to the loop nest that visits every index of out and the
// elements of ins that broadcast to it. It returns ErrRank for more than
// MaxOperands-1 inputs and ErrShape when an input does not broadcast to
// out's shape (its shape must be out's, or broadcast to it: an input never
// stretches the output). On error it is the zero Iter.
//
// Reset neither checks nor cares whether out overlaps itself or an input:
// callers that write through out decide that (see [Layout.SelfOverlap]).
func (it *Iter) Reset(out *Layout, ins ...*Layout) error {
	return it.reset("NewIter", out, ins, false)
}

// ResetReduce is Reset for a reduction: it sets it to the loop nest that
// visits every index of the inputs' broadcast shape, and at each the
// element of out that the index reduces into. out has the rank of the
// broadcast shape and its sizes, except along the reduced axes, where it
// has size 1 (NumPy's keepdims shape) and the Iter gives it stride 0:
// every index along a reduced axis reaches the same output element. Axes
// where out and every input have size 1 are not reduced, and a reduced
// axis of size 0 leaves nothing to visit.
//
// Along reduced axes the output's stride does not order the axes: they
// are ordered by the inputs' strides, so that a reduction of a row-major
// matrix along its last axis runs along rows (the run reduces into one
// element, Inc()[0] == 0), and one along its first axis runs along rows
// too, accumulating each row into the output row. [Iter.Part] never splits
// a reduced axis, so no two parts write the same output element.
// ResetReduce returns ErrShape when the inputs do not broadcast together
// or out has another size than their broadcast shape along an axis where
// its size is not 1.
func (it *Iter) ResetReduce(out *Layout, ins ...*Layout) error {
	return it.reset("ResetReduce", out, ins, true)
}

func (it *Iter) reset(op string, out *Layout, ins []*Layout, reduce bool) error {
	if len(ins) > MaxOperands-1 {
		*it = Iter{}
		return errorf(op, ErrRank, "%d inputs; at most %d", len(ins), MaxOperands-1)
	}
	osh, ost := out.dims()
	// The inputs' dimensions, right-aligned with the output's: lead[j]
	// axes of the output have no axis of input j.
	var ish, ist [MaxOperands - 1][]int
	var lead [MaxOperands - 1]int
	for j, in := range ins {
		ish[j], ist[j] = in.dims()
		if len(ish[j]) > len(osh) {
			*it = Iter{}
			return broadcastError(op, osh, ish[j], j, reduce)
		}
		lead[j] = len(osh) - len(ish[j])
		for k, d := range ish[j] {
			if o := osh[lead[j]+k]; d != 1 && d != o && !(reduce && o == 1 && agrees(ins[:j], ish[:j], lead[:j], lead[j]+k, d)) {
				*it = Iter{}
				return broadcastError(op, osh, ish[j], j, reduce)
			}
		}
	}
	nins := len(ins)
	nops := 1 + nins
	it.nops = nops
	it.ext = nil
	it.start[0] = out.off
	for j, in := range ins {
		it.start[1+j] = in.off
	}
	// Keep the axes that matter, innermost first, flipping those that
	// every operand walks backwards. They are built in place, in the
	// Iter's own array.
	axes := it.axes[:0]
	var ext []iterAxis // never it.axes: storing that in it would move it to the heap
	if len(osh) > inline {
		ext = make([]iterAxis, len(osh))
		axes = ext[:0]
	}
	for k := len(osh) - 1; k >= 0; k-- {
		n, os := osh[k], ost[k]
		if n == 0 {
			it.rank = 0
			return nil
		}
		// Written in place, field by field: building the axis in a
		// variable and appending it copies it with wide loads of the
		// narrow stores just made, which stall store forwarding (it cost
		// more than the rest of Reset).
		axes = axes[:len(axes)+1]
		a := &axes[len(axes)-1]
		a.st[0], a.st[1], a.st[2], a.st[3] = os, 0, 0, 0
		back, fwd := os < 0, os > 0
		for j := range nins {
			if i := k - lead[j]; i >= 0 && ish[j][i] != 1 {
				s := ist[j][i]
				a.st[1+j] = s
				back = back || s < 0
				fwd = fwd || s > 0
				if n == 1 { // a reduced axis (checked above)
					n, a.st[0], back, fwd = ish[j][i], 0, s < 0, s > 0
				}
			}
		}
		switch n {
		case 0: // a reduced axis with nothing to reduce
			it.rank = 0
			return nil
		case 1:
			axes = axes[:len(axes)-1]
			continue
		}
		a.n = n
		if back && !fwd {
			for j := range nops {
				it.start[j] += (n - 1) * a.st[j]
				a.st[j] = -a.st[j]
			}
		}
	}
	it.finish(axes, ext)
	return nil
}

// finish orders and merges the axes gathered in axes (innermost first, in
// it.axes or in ext) and makes them the Iter's.
func (it *Iter) finish(axes, ext []iterAxis) {
	nops := it.nops
	// Order by the output's strides, then the inputs' (insertion sort:
	// stable, and the rank is small).
	for i := 1; i < len(axes); i++ {
		for j := i; j > 0 && lessAxis(&axes[j], &axes[j-1], nops); j-- {
			axes[j-1], axes[j] = axes[j], axes[j-1]
		}
	}
	// Merge each axis into the next inner one when every operand steps
	// over it.
	merged := axes[:0]
	for i := range axes {
		a := &axes[i]
		if m := len(merged) - 1; m >= 0 {
			in := &merged[m]
			if mergeable(a, in, nops) {
				in.n *= a.n
				continue
			}
		}
		merged = merged[:len(merged)+1]
		if m := &merged[len(merged)-1]; m != a {
			m.n = a.n
			for j := range nops {
				m.st[j] = a.st[j]
			}
		}
	}
	if len(merged) == 0 { // a single element: a unit-stride run of one
		merged = axes[:1]
		merged[0] = iterAxis{n: 1, st: [MaxOperands]int{1, 1, 1, 1}}
	}
	it.rank = len(merged)
	it.ext = ext
}

// resetPair is Reset for one input of the output's shape, the case of
// every copy: without broadcasting, gathering the axes is a few loads and
// stores per axis.
func (it *Iter) resetPair(out, in *Layout) {
	osh, ost := out.dims()
	_, ist := in.dims()
	it.nops = 2
	it.start = [MaxOperands]int{out.off, in.off}
	axes := it.axes[:0]
	var ext []iterAxis // never it.axes, as in reset
	if len(osh) > inline {
		ext = make([]iterAxis, len(osh))
		axes = ext[:0]
	}
	for k := len(osh) - 1; k >= 0; k-- {
		n, d, s := osh[k], ost[k], ist[k]
		switch {
		case n == 0:
			it.rank, it.ext = 0, nil
			return
		case n == 1:
			continue
		case (d < 0 || s < 0) && d <= 0 && s <= 0: // every operand backwards
			it.start[0] += (n - 1) * d
			it.start[1] += (n - 1) * s
			d, s = -d, -s
		}
		axes = axes[:len(axes)+1]
		a := &axes[len(axes)-1]
		a.n, a.st[0], a.st[1], a.st[2], a.st[3] = n, d, s, 0, 0
	}
	it.finish(axes, ext)
}

// agrees reports whether every input of ins[:j] has size 1 or d along
// axis k of the output: inputs that stretch a reduced axis stretch it
// alike.
func agrees(ins []*Layout, ish [][]int, lead []int, k, d int) bool {
	for j := range ins {
		if i := k - lead[j]; i >= 0 && ish[j][i] != 1 && ish[j][i] != d {
			return false
		}
	}
	return true
}

func broadcastError(op string, out, in []int, j int, reduce bool) error {
	if reduce {
		return errorf(op, ErrShape, "input %d of shape %v does not reduce into output shape %v", j, ints(in), ints(out))
	}
	return errorf(op, ErrShape, "input %d of shape %v does not broadcast to output shape %v", j, ints(in), ints(out))
}

// lessAxis orders axes by the absolute stride of the output, then of each
// input in turn. An output stride of 0 (a reduced axis) does not order: the
// inputs' strides do.
func lessAxis(a, b *iterAxis, nops int) bool {
	j := 0
	if a.st[0] == 0 || b.st[0] == 0 {
		j = 1
	}
	for ; j < nops; j++ {
		if x, y := abs(a.st[j]), abs(b.st[j]); x != y {
			return x < y
		}
	}
	return false
}

// mergeable reports whether every operand steps over the inner axis in
// with the stride of the outer axis a.
func mergeable(a, in *iterAxis, nops int) bool {
	// Strides and sizes below small multiply without overflow (2^31 with
	// 64-bit ints, 2^15 with 32-bit ones); steps checks the rest. Calling
	// steps for every operand cost a fifth of Reset.
	const small = 1 << (bits.UintSize/2 - 1)
	n := in.n
	if uint(n) >= small {
		return mergeableLarge(a, in, nops)
	}
	for j := range nops {
		s := in.st[j]
		if uint(s+small) >= 2*small {
			return mergeableLarge(a, in, nops)
		}
		if s*n != a.st[j] {
			return false
		}
	}
	return true
}

func mergeableLarge(a, in *iterAxis, nops int) bool {
	for j := range nops {
		if !steps(a.st[j], in.st[j], in.n) {
			return false
		}
	}
	return true
}

// dims returns the axes of it, innermost (the run) first.
func (it *Iter) dims() []iterAxis {
	if it.ext != nil {
		return it.ext[:it.rank]
	}
	return it.axes[:it.rank]
}

// dropOuter removes outer axis k (k >= 1 in dims' numbering).
func (it *Iter) dropOuter(k int) {
	a := it.dims()
	copy(a[k:], a[k+1:])
	it.rank--
}

// Operands returns the number of operands, the output included.
func (it *Iter) Operands() int { return it.nops }

// Rank returns the number of axes left after merging, the run included;
// 0 when there is nothing to visit.
func (it *Iter) Rank() int { return it.rank }

// Axis returns the size of axis k and each operand's stride along it, the
// output first: axis 0 is the run (Len and Inc), axes 1 to Rank()-1 the
// outer axes from the innermost out. Loops that walk the axes themselves
// (reductions keep the reduced axes apart from the others) start at
// [Iter.Start]. For k outside [0, Rank()) it returns size 0.
func (it *Iter) Axis(k int) (n int, strides [MaxOperands]int) {
	if k < 0 || k >= it.rank {
		return 0, strides
	}
	a := &it.dims()[k]
	return a.n, a.st
}

// AxisPair is Axis for the first two operands (the output and the first
// input): the size of axis k and their strides along it, as integers,
// which stay in registers where Axis's array goes through memory. For k
// outside [0, Rank()) it returns zeros.
func (it *Iter) AxisPair(k int) (n, out, in int) {
	if k < 0 || k >= it.rank {
		return 0, 0, 0
	}
	a := &it.dims()[k]
	return a.n, a.st[0], a.st[1]
}

// Start returns the offsets of the first element, one per operand, the
// output first.
func (it *Iter) Start() [MaxOperands]int { return it.start }

// Len returns the length of each run; 0 when there is nothing to visit.
func (it *Iter) Len() int {
	if it.rank == 0 {
		return 0
	}
	return it.dims()[0].n
}

// Inc returns each operand's stride along a run, the output first.
func (it *Iter) Inc() [MaxOperands]int {
	if it.rank == 0 {
		return [MaxOperands]int{}
	}
	return it.dims()[0].st
}

// Count returns the number of runs.
func (it *Iter) Count() int {
	if it.rank == 0 {
		return 0
	}
	n := 1
	axes := it.dims()
	for k := 1; k < len(axes); k++ { // by index: ranging copies each axis
		n *= axes[k].n
	}
	return n
}

// Size returns the number of indices the Iter visits.
func (it *Iter) Size() int { return it.Count() * it.Len() }

// Runs yields the offsets at which each run starts, one per operand, the
// output first.
func (it *Iter) Runs() iter.Seq[[MaxOperands]int] {
	return func(yield func([MaxOperands]int) bool) {
		if it.rank == 0 {
			return
		}
		axes, off := it.dims(), it.start
		if len(axes) == 1 {
			yield(off)
			return
		}
		in, nops := &axes[1], it.nops
		var buf [inline]int
		idx := it.odometer(&buf)
		for {
			for range in.n {
				if !yield(off) {
					return
				}
				for j := range nops {
					off[j] += in.st[j]
				}
			}
			for j := range nops {
				off[j] -= in.n * in.st[j]
			}
			if !it.carry(idx, &off) {
				return
			}
		}
	}
}

// odometer returns the index over the outer axes at which a walk starts,
// in buf when it fits.
func (it *Iter) odometer(buf *[inline]int) []int {
	if it.rank > inline {
		return make([]int, it.rank)
	}
	return buf[:it.rank]
}

// carry moves idx, an index over the outer axes beyond the innermost one,
// and off, the offsets of the run at idx, to the next index, and reports
// whether there is one. Walks loop over the innermost outer axis
// themselves, without a call per run, and carry into the others: the
// odometer of Iters and Plans.
func (it *Iter) carry(idx []int, off *[MaxOperands]int) bool {
	axes := it.dims()
	nops := it.nops
	for k := 2; k < len(axes); k++ {
		a := &axes[k]
		idx[k]++
		for j := range nops {
			off[j] += a.st[j]
		}
		if idx[k] < a.n {
			return true
		}
		for j := range nops {
			off[j] -= a.n * a.st[j]
		}
		idx[k] = 0
	}
	return false
}

// Part returns the Iter restricted to part i of n roughly equal parts, for
// running the parts on n goroutines: it splits the outermost axis along
// which the output moves, the run included. Two parts never visit the same
// output index, and together they visit all of them; when the output does
// not move along any axis (every index writes one element, as in a full
// reduction), part 0 is the whole Iter and the others are empty. Part
// returns the zero Iter for i outside [0, n).
func (it *Iter) Part(i, n int) Iter {
	if i < 0 || i >= n || it.rank == 0 {
		return Iter{}
	}
	q := *it
	axes := q.dims()
	k := len(axes) - 1
	for ; k >= 0 && axes[k].st[0] == 0; k-- {
	}
	if k < 0 {
		if i == 0 {
			return q
		}
		return Iter{}
	}
	if q.ext != nil { // copy before changing a size
		q.ext = append([]iterAxis(nil), axes...)
		axes = q.ext
	}
	a := &axes[k]
	lo, hi := partBounds(a.n, i, n)
	if lo == hi {
		return Iter{}
	}
	a.n = hi - lo
	for j := range q.nops {
		q.start[j] += lo * a.st[j]
	}
	return q
}
