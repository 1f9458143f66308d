package layout

import "iter"

// Kind says which kernel moves the blocks of a [Plan].
type Kind uint8

// The kinds of blocks.
const (
	// KindCopy blocks are runs with unit stride on both sides: a memmove.
	KindCopy Kind = iota
	// KindFill blocks repeat one source element (source stride 0).
	KindFill
	// KindGather blocks are runs with other strides: a gather or scatter.
	KindGather
	// KindTranspose blocks are 2-D tiles, unit-stride along rows in the
	// source and along columns in the destination: a tiled transpose.
	KindTranspose
)

// String returns the name of the kind.
func (k Kind) String() string {
	switch k {
	case KindCopy:
		return "copy"
	case KindFill:
		return "fill"
	case KindGather:
		return "gather"
	case KindTranspose:
		return "transpose"
	}
	return "Kind(?)"
}

// minTransposeRows is the number of source-contiguous rows from which a
// tiled transpose beats a strided gather (the smallest register tile).
const minTransposeRows = 8

// Plan is the loop nest that visits the elements of a destination and a
// source layout of the same shape, as blocks of Rows() x Len() elements.
// Element (r, c) of the block that starts at offsets (d, s) is at
//
//	dst: d + r*dstLD + c*dstInc        src: s + r*srcLD + c*srcInc
//
// with the strides given by [Plan.Inc] and [Plan.Rows]. The [Kind] of the
// plan says what the blocks are: contiguous runs, broadcast runs, strided
// runs (all with one row), or transposed tiles. Every loop that moves data
// walks a Plan, so no loop unravels an index with a division per element.
//
// A Plan is a value of fixed size that does not allocate. The zero Plan
// visits nothing.
type Plan struct {
	kind  Kind
	outer int // number of outer axes
	// The outer axes: sizes, destination strides, source strides, inline
	// up to rank 8 and in ext beyond (rare: merging reduces the rank).
	in    [3][inline]int
	ext   *[3][]int
	run   int    // block columns; 0 when there is nothing to visit
	inc   [2]int // column strides
	rows  int    // block rows (1 for runs)
	ld    [2]int // row strides
	start [2]int // offsets of the first element
}

// NewPlan returns the plan that copies src into dst, index by index: it
// drops size-1 axes, flips the axes that both layouts walk backwards,
// orders the axes by the destination's strides (so the destination is
// written in memory order), merges the axes that both layouts can walk as
// one, and picks the kind of the innermost blocks: contiguous runs, a
// broadcast, a tiled transpose when some axis is unit-stride in the source
// but not in the destination, or strided runs. Outer axes are visited in
// an unspecified order, so a Plan suits copies, not ordered iteration (see
// [Layout.Plan]). It returns ErrShape when the shapes differ.
func NewPlan(dst, src Layout) (p Plan, err error) {
	err = p.Reset(&dst, &src)
	return
}

// Reset sets p to the plan NewPlan(*dst, *src) returns, in place: for a
// small copy, moving the layouts and the plan (about 300 bytes each) in and
// out of NewPlan costs more than planning. On error p is the zero Plan,
// which has nothing to visit.
func (p *Plan) Reset(dst, src *Layout) error {
	*p = Plan{}
	dsh, dstr := dst.dims()
	ssh, sstr := src.dims()
	if !equalInts(dsh, ssh) {
		return errorf("NewPlan", ErrShape, "destination shape %v and source shape %v differ", ints(dsh), ints(ssh))
	}
	p.start = [2]int{dst.off, src.off}
	// Keep the axes that matter, flipping those both sides walk backwards,
	// innermost (last) first.
	var buf [inline]axis
	axes := buf[:0]
	for i := len(dsh) - 1; i >= 0; i-- {
		n, d, s := dsh[i], dstr[i], sstr[i]
		switch {
		case n == 0:
			*p = Plan{}
			return nil
		case n == 1:
			continue
		case d < 0 && s < 0:
			p.start[0] += (n - 1) * d
			p.start[1] += (n - 1) * s
			d, s = -d, -s
		}
		axes = append(axes, axis{n, d, s})
	}
	// Order by increasing destination stride (insertion sort: stable, and
	// the rank is small), so the densest axis comes first and the
	// destination is written in memory order.
	for i := 1; i < len(axes); i++ {
		for j := i; j > 0 && abs(axes[j].d) < abs(axes[j-1].d); j-- {
			axes[j-1], axes[j] = axes[j], axes[j-1]
		}
	}
	// Merge each axis into the next inner one when both sides step over
	// it, in place.
	merged := axes[:0]
	for _, a := range axes {
		if m := len(merged) - 1; m >= 0 && steps(a.d, merged[m].d, merged[m].n) && steps(a.s, merged[m].s, merged[m].n) {
			merged[m].n *= a.n
			continue
		}
		merged = append(merged, a) // innermost first
	}
	p.rows = 1
	if len(merged) == 0 { // a single element
		p.kind, p.run, p.inc = KindCopy, 1, [2]int{1, 1}
		return nil
	}
	// Field by field: storing the pair whole would load it as one 16-byte
	// word from the 8-byte stores just made, which stalls store forwarding.
	in := &merged[0]
	p.run, p.inc[0], p.inc[1] = in.n, in.d, in.s
	rest := merged[1:]
	switch {
	case in.d == 1 && in.s == 1:
		p.kind = KindCopy
	case in.s == 0:
		p.kind = KindFill
	default:
		p.kind = KindGather
		if in.d == 1 {
			// A tile needs an axis the source walks with unit stride.
			for k, a := range rest {
				if a.s == 1 && a.n >= minTransposeRows {
					p.kind, p.rows, p.ld[0], p.ld[1] = KindTranspose, a.n, a.d, 1
					rest = rest[:k+copy(rest[k:], rest[k+1:])]
					break
				}
			}
		}
	}
	sh, sd, ss := p.setOuter(len(rest))
	for k, a := range rest { // rest is innermost first
		o := len(rest) - 1 - k
		sh[o], sd[o], ss[o] = a.n, a.d, a.s
	}
	return nil
}

// axis is an axis of a copy: its size and its destination and source
// strides.
type axis struct{ n, d, s int }

// setOuter sets the number of outer axes and returns their sizes and
// strides to fill in.
func (p *Plan) setOuter(n int) (shape, dst, src []int) {
	p.outer = n
	if n > inline {
		buf := make([]int, 3*n)
		p.ext = &[3][]int{buf[:n:n], buf[n : 2*n : 2*n], buf[2*n:]}
	}
	return p.outerDims()
}

// outerDims returns the sizes and strides of the outer axes, outermost
// first.
func (p *Plan) outerDims() (shape, dst, src []int) {
	if p.ext != nil {
		return p.ext[0], p.ext[1], p.ext[2]
	}
	n := p.outer
	return p.in[0][:n:n], p.in[1][:n:n], p.in[2][:n:n]
}

// Plan returns the plan that walks l alone in row-major index order, as
// runs (KindCopy or KindGather, one row per block); both offsets it yields
// are offsets in l. Values and printing walk this plan.
func (l Layout) Plan() Plan { return l.plan() }

func (l *Layout) plan() Plan {
	sh, st := l.dims()
	var p Plan
	p.start = [2]int{l.off, l.off}
	p.rows = 1
	// Walk from the innermost axis out, merging axis i into the current
	// one when it steps over it exactly.
	var buf [inline]axis
	merged := buf[:0] // innermost first
	for i := len(sh) - 1; i >= 0; i-- {
		d := sh[i]
		m := len(merged) - 1
		switch {
		case d == 0:
			return Plan{}
		case d == 1:
			continue
		case m >= 0 && steps(st[i], merged[m].d, merged[m].n):
			merged[m].n *= d
		default:
			merged = append(merged, axis{d, st[i], st[i]})
		}
	}
	if len(merged) == 0 { // every axis has size 1: one element
		p.run, p.inc = 1, [2]int{1, 1}
		return p
	}
	p.run, p.inc = merged[0].n, [2]int{merged[0].d, merged[0].d}
	if merged[0].d != 1 {
		p.kind = KindGather
	}
	rest := merged[1:]
	osh, od, os := p.setOuter(len(rest))
	for k, a := range rest { // reverse the outer axes into row-major order
		o := len(rest) - 1 - k
		osh[o], od[o], os[o] = a.n, a.d, a.s
	}
	return p
}

// Kind returns the kind of the blocks.
func (p *Plan) Kind() Kind { return p.kind }

// Len returns the number of columns of each block (the length of a run), 0
// when the plan visits nothing.
func (p *Plan) Len() int { return p.run }

// Inc returns the strides between consecutive columns of a block, in the
// destination and in the source.
func (p *Plan) Inc() (dst, src int) { return p.inc[0], p.inc[1] }

// Rows returns the number of rows of each block and the strides between
// consecutive rows, in the destination and in the source. Runs have one
// row; a KindTranspose block has srcLD == 1 and Inc's dst == 1.
func (p *Plan) Rows() (rows, dstLD, srcLD int) { return p.rows, p.ld[0], p.ld[1] }

// Count returns the number of blocks.
func (p *Plan) Count() int {
	if p.run == 0 {
		return 0
	}
	sh, _, _ := p.outerDims()
	n := 1
	for _, d := range sh {
		n *= d
	}
	return n
}

// Size returns the number of elements the plan visits.
func (p *Plan) Size() int { return p.Count() * p.rows * p.run }

// Part returns the plan restricted to part i of n roughly equal parts, for
// running the parts on n goroutines: it splits the outermost axis, or when
// there is none the rows of the blocks, or their columns. The parts visit
// disjoint elements and together all of them. Part returns the zero Plan
// for i outside [0, n).
func (p *Plan) Part(i, n int) Plan {
	if i < 0 || i >= n || p.run == 0 {
		return Plan{}
	}
	q := *p
	size, stride := &q.run, q.inc
	switch {
	case p.outer > 0:
		if q.ext != nil { // copy before changing the outermost size
			sh, sd, ss := q.outerDims()
			q.ext = nil
			nsh, nsd, nss := q.setOuter(p.outer)
			copy(nsh, sh)
			copy(nsd, sd)
			copy(nss, ss)
		}
		sh, sd, ss := q.outerDims()
		size, stride = &sh[0], [2]int{sd[0], ss[0]}
	case p.rows > 1:
		size, stride = &q.rows, q.ld
	}
	lo, hi := partBounds(*size, i, n)
	if lo == hi {
		return Plan{}
	}
	*size = hi - lo
	q.start[0] += lo * stride[0]
	q.start[1] += lo * stride[1]
	return q
}

// Runs yields the offsets of the first element of each block, in the
// destination and in the source. A plan made by [Layout.Plan] yields them
// in row-major order.
func (p *Plan) Runs() iter.Seq2[int, int] {
	return func(yield func(int, int) bool) {
		if p.run == 0 {
			return
		}
		sh, sd, ss := p.outerDims()
		var buf [inline]int
		idx := buf[:]
		if len(sh) > inline {
			idx = make([]int, len(sh))
		}
		a, b := p.start[0], p.start[1]
		for {
			if !yield(a, b) {
				return
			}
			k := len(sh) - 1
			for ; k >= 0; k-- {
				if idx[k]++; idx[k] < sh[k] {
					a += sd[k]
					b += ss[k]
					break
				}
				idx[k] = 0
				a -= (sh[k] - 1) * sd[k]
				b -= (sh[k] - 1) * ss[k]
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

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
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

// partBounds returns the bounds [lo, hi) of part i of n of the range
// [0, size): the first size%n parts have one element more than the others.
// It never forms a product larger than size, so it cannot overflow.
func partBounds(size, i, n int) (lo, hi int) {
	q, r := size/n, size%n
	lo = i*q + min(i, r)
	hi = lo + q
	if i < r {
		hi++
	}
	return lo, hi
}
