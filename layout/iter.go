package layout

import "iter"

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
// the same element along that axis (stride 0).
//
// An Iter is a value of fixed size, and making and walking one does not
// allocate when the output has rank 8 or less. The zero Iter visits
// nothing.
type Iter struct {
	nops  int // operands, the output first
	outer int // outer axes, outermost first
	sh    [inline]int
	st    [MaxOperands][inline]int
	ext   *iterExt // the outer axes when there are more than inline
	run   int      // run length; 0 when there is nothing to visit
	inc   [MaxOperands]int
	start [MaxOperands]int
}

type iterExt struct {
	sh []int
	st [MaxOperands][]int
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
	// Only the fields below are read before being written: the outer
	// axes' arrays hold whatever the last Reset left beyond it.outer.
	it.outer, it.ext, it.run = 0, nil, 0
	it.inc, it.start = [MaxOperands]int{}, [MaxOperands]int{}
	if len(ins) > MaxOperands-1 {
		*it = Iter{}
		return errorf("NewIter", ErrRank, "%d inputs; at most %d", len(ins), MaxOperands-1)
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
			return broadcastError(osh, ish[j], j)
		}
		lead[j] = len(osh) - len(ish[j])
		for k, d := range ish[j] {
			if d != 1 && d != osh[lead[j]+k] {
				*it = Iter{}
				return broadcastError(osh, ish[j], j)
			}
		}
	}
	nins := len(ins)
	nops := 1 + nins
	it.nops = nops
	it.start[0] = out.off
	for j, in := range ins {
		it.start[1+j] = in.off
	}
	// Keep the axes that matter, innermost first, flipping those that
	// every operand walks backwards.
	var buf [inline]iterAxis
	axes := buf[:0]
	if len(osh) > inline {
		axes = make([]iterAxis, 0, len(osh))
	}
	for k := len(osh) - 1; k >= 0; k-- {
		n := osh[k]
		switch {
		case n == 0:
			*it = Iter{nops: nops}
			return nil
		case n == 1:
			continue
		}
		// Written in place, field by field: building the axis in a
		// variable and appending it copies it with wide loads of the
		// narrow stores just made, which stall store forwarding (it cost
		// more than the rest of Reset).
		axes = axes[:len(axes)+1]
		a := &axes[len(axes)-1]
		a.n, a.st[0], a.st[1], a.st[2], a.st[3] = n, ost[k], 0, 0, 0
		back, fwd := ost[k] < 0, ost[k] > 0
		for j := range nins {
			if i := k - lead[j]; i >= 0 && ish[j][i] != 1 {
				s := ist[j][i]
				a.st[1+j] = s
				back = back || s < 0
				fwd = fwd || s > 0
			}
		}
		if back && !fwd {
			for j := range nops {
				it.start[j] += (n - 1) * a.st[j]
				a.st[j] = -a.st[j]
			}
		}
	}
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
		if m := len(merged) - 1; m >= 0 && mergeable(a, &merged[m], nops) {
			merged[m].n *= a.n
			continue
		}
		merged = merged[:len(merged)+1]
		if m := &merged[len(merged)-1]; m != a {
			m.n = a.n
			for j := range nops {
				m.st[j] = a.st[j]
			}
		}
	}
	if len(merged) == 0 { // a single element
		it.run = 1
		return nil
	}
	it.run = merged[0].n
	for j := range nops { // element by element, for store forwarding
		it.inc[j] = merged[0].st[j]
	}
	rest := merged[1:]
	if len(rest) > inline {
		sh, st := it.setOuter(len(rest))
		for k := range rest { // rest is innermost first
			o := len(rest) - 1 - k
			sh[o] = rest[k].n
			for j := range nops {
				st[j][o] = rest[k].st[j]
			}
		}
		return nil
	}
	// Into the inline arrays directly, the common case.
	it.outer = len(rest)
	for k := range rest {
		o := len(rest) - 1 - k
		it.sh[o] = rest[k].n
		for j := range nops {
			it.st[j][o] = rest[k].st[j]
		}
	}
	return nil
}

func broadcastError(out, in []int, j int) error {
	return errorf("NewIter", ErrShape, "input %d of shape %v does not broadcast to output shape %v", j, ints(in), ints(out))
}

// lessAxis orders axes by the absolute stride of the output, then of each
// input in turn.
func lessAxis(a, b *iterAxis, nops int) bool {
	for j := range nops {
		if x, y := abs(a.st[j]), abs(b.st[j]); x != y {
			return x < y
		}
	}
	return false
}

// mergeable reports whether every operand steps over the inner axis in
// with the stride of the outer axis a.
func mergeable(a, in *iterAxis, nops int) bool {
	for j := range nops {
		if !steps(a.st[j], in.st[j], in.n) {
			return false
		}
	}
	return true
}

// setOuter sets the number of outer axes and returns their sizes and
// strides to fill in.
func (it *Iter) setOuter(n int) (shape []int, strides [MaxOperands][]int) {
	it.outer = n
	if n > inline {
		e := &iterExt{sh: make([]int, n)}
		for j := range it.nops {
			e.st[j] = make([]int, n)
		}
		it.ext = e
	}
	return it.outerDims()
}

// outerDims returns the sizes and strides of the outer axes, outermost
// first.
func (it *Iter) outerDims() (shape []int, strides [MaxOperands][]int) {
	n := it.outer
	if it.ext != nil {
		return it.ext.sh, it.ext.st
	}
	for j := range it.nops {
		strides[j] = it.st[j][:n:n]
	}
	return it.sh[:n:n], strides
}

// Operands returns the number of operands, the output included.
func (it *Iter) Operands() int { return it.nops }

// Len returns the length of each run; 0 when there is nothing to visit.
func (it *Iter) Len() int { return it.run }

// Inc returns each operand's stride along a run, the output first.
func (it *Iter) Inc() [MaxOperands]int { return it.inc }

// Count returns the number of runs.
func (it *Iter) Count() int {
	if it.run == 0 {
		return 0
	}
	sh, _ := it.outerDims()
	n := 1
	for _, d := range sh {
		n *= d
	}
	return n
}

// Size returns the number of indices the Iter visits.
func (it *Iter) Size() int { return it.Count() * it.run }

// Runs yields the offsets at which each run starts, one per operand, the
// output first.
func (it *Iter) Runs() iter.Seq[[MaxOperands]int] {
	return func(yield func([MaxOperands]int) bool) {
		if it.run == 0 {
			return
		}
		sh, st := it.outerDims()
		nops := it.nops
		off := it.start
		if len(sh) == 0 {
			yield(off)
			return
		}
		var ibuf [inline]int
		var idx []int
		if len(sh) > inline {
			idx = make([]int, len(sh))
		} else {
			idx = ibuf[:len(sh)]
		}
		last := len(sh) - 1
		for {
			if !yield(off) {
				return
			}
			// Advance the odometer, innermost outer axis first.
			k := last
			for ; k >= 0; k-- {
				idx[k]++
				for j := range nops {
					off[j] += st[j][k]
				}
				if idx[k] < sh[k] {
					break
				}
				for j := range nops {
					off[j] -= sh[k] * st[j][k]
				}
				idx[k] = 0
			}
			if k < 0 {
				return
			}
		}
	}
}

// Part returns the Iter restricted to part i of n roughly equal parts, for
// running the parts on n goroutines: it splits the outermost axis along
// which the output moves, or the runs when no outer axis does. Two parts
// never visit the same output index, and together they visit all of them;
// when the output does not move along any axis (every index writes one
// element, as in a full reduction), part 0 is the whole Iter and the others
// are empty. Part returns the zero Iter for i outside [0, n).
func (it *Iter) Part(i, n int) Iter {
	if i < 0 || i >= n || it.run == 0 {
		return Iter{}
	}
	q := *it
	sh, st := q.outerDims()
	axis := -1
	for k := range sh {
		if st[0][k] != 0 && sh[k] > 1 {
			axis = k
			break
		}
	}
	var size *int
	var stride [MaxOperands]int
	switch {
	case axis >= 0:
		if q.ext != nil { // copy before changing a size
			e := &iterExt{sh: append([]int(nil), sh...)}
			for j := range q.nops {
				e.st[j] = st[j]
			}
			q.ext = e
			sh = e.sh
		}
		size = &sh[axis]
		for j := range q.nops {
			stride[j] = st[j][axis]
		}
	case q.inc[0] != 0:
		size, stride = &q.run, q.inc
	default:
		if i == 0 {
			return q
		}
		return Iter{}
	}
	lo, hi := partBounds(*size, i, n)
	if lo == hi {
		return Iter{}
	}
	*size = hi - lo
	for j := range q.nops {
		q.start[j] += lo * stride[j]
	}
	return q
}
