package layout

import "iter"

// Plan is the loop nest that visits the elements of two layouts of the same
// shape (the destination and the source of a copy, or one layout twice) in
// the same index order, as runs: stretches of Len elements that are a fixed
// stride apart in each layout. Every loop that moves data walks a Plan, so
// no loop unravels an index with a division per element.
//
// Making a Plan drops size-1 axes and merges (coalesces) adjacent axes that
// can be walked as one in both layouts; the innermost remaining axis is the
// run. A contiguous layout becomes a single run, a transposed matrix Len
// runs of stride Dim(0), an expanded one runs of stride 0.
//
// A Plan is a value of fixed size that does not allocate. The zero Plan
// visits nothing.
type Plan struct {
	outer int // number of outer axes
	shape [MaxRank]int
	st    [2][MaxRank]int // outer strides: destination, source
	run   int             // run length; 0 when there is nothing to visit
	inc   [2]int          // strides within a run
	start [2]int          // offsets of the first element
}

// NewPlan returns the plan that walks dst and src together. It returns
// ErrShape when their shapes differ.
func NewPlan(dst, src Layout) (Plan, error) {
	dsh, dst0 := dst.dims()
	ssh, sst := src.dims()
	if !equalInts(dsh, ssh) {
		return Plan{}, errorf("NewPlan", ErrShape, "destination shape %v and source shape %v differ", ints(dsh), ints(ssh))
	}
	return makePlan(dsh, dst0, sst, dst.off, src.off), nil
}

// Plan returns the plan that walks l alone, in row-major index order; both
// offsets it yields are offsets in l.
func (l Layout) Plan() Plan { return l.plan() }

func (l *Layout) plan() Plan {
	sh, st := l.dims()
	return makePlan(sh, st, st, l.off, l.off)
}

func makePlan(sh, sa, sb []int, offA, offB int) Plan {
	var p Plan
	p.start = [2]int{offA, offB}
	// Walk from the innermost axis out, merging axis i into the current run
	// or outer axis when both layouts step over it as one.
	n := -1 // index of the current (outermost so far) merged axis in p.shape, reversed
	var rsh [MaxRank]int
	var rst [2][MaxRank]int
	for i := len(sh) - 1; i >= 0; i-- {
		d := sh[i]
		switch {
		case d == 0:
			return Plan{}
		case d == 1:
			continue
		case n >= 0 && steps(sa[i], rst[0][n], rsh[n]) && steps(sb[i], rst[1][n], rsh[n]):
			rsh[n] *= d
		default:
			n++
			rsh[n], rst[0][n], rst[1][n] = d, sa[i], sb[i]
		}
	}
	if n < 0 { // every axis has size 1: one element
		p.run = 1
		return p
	}
	p.run, p.inc = rsh[0], [2]int{rst[0][0], rst[1][0]}
	p.outer = n
	for k := 0; k < n; k++ { // reverse the outer axes into row-major order
		p.shape[k] = rsh[n-k]
		p.st[0][k], p.st[1][k] = rst[0][n-k], rst[1][n-k]
	}
	return p
}

// Len returns the length of each run, 0 when the plan visits nothing.
func (p *Plan) Len() int { return p.run }

// Inc returns the strides between consecutive elements of a run, in the
// destination and in the source.
func (p *Plan) Inc() (dst, src int) { return p.inc[0], p.inc[1] }

// Count returns the number of runs.
func (p *Plan) Count() int {
	if p.run == 0 {
		return 0
	}
	n := 1
	for _, d := range p.shape[:p.outer] {
		n *= d
	}
	return n
}

// Runs yields the offsets of the first element of each run, in the
// destination and in the source, in row-major order of the outer axes.
func (p *Plan) Runs() iter.Seq2[int, int] {
	return func(yield func(int, int) bool) {
		if p.run == 0 {
			return
		}
		var idx [MaxRank]int
		a, b := p.start[0], p.start[1]
		for {
			if !yield(a, b) {
				return
			}
			k := p.outer - 1
			for ; k >= 0; k-- {
				if idx[k]++; idx[k] < p.shape[k] {
					a += p.st[0][k]
					b += p.st[1][k]
					break
				}
				idx[k] = 0
				a -= (p.shape[k] - 1) * p.st[0][k]
				b -= (p.shape[k] - 1) * p.st[1][k]
			}
			if k < 0 {
				return
			}
		}
	}
}

// steps reports whether an axis of stride outer steps over exactly one
// walk of an axis of stride inner and size n, so the two merge into one.
func steps(outer, inner, n int) bool {
	s, ok := mul(inner, n)
	return ok && s == outer
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
