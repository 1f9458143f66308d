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
// copy is a transpose rather than strided runs: two. As runs, the rows of
// a transpose of few rows (the channels of a channels-last image, moved
// to channels-first) each walk the whole source; as a transpose, a kernel
// can move a block of columns of every row together, as simd's thin
// kernels do. Where a level's transposes of so few rows would be slower
// than the runs, the copier runs them as runs
// (simd.TransposeMinRows).
const minTransposeRows = 2

// minPartRows is the fewest rows of a transpose block that Plan.Part
// gives each part when it splits the rows: a tile's side. Fewer rows a
// part would make each part a thin transpose of the whole source's
// columns, or strided runs each reading all of them, which ran slower on
// two goroutines than on one (BENCHMARKS.md).
const minPartRows = 16

// Plan is the loop nest of a copy: an [Iter] with one input, whose
// innermost blocks are classified for the copy kernels. It visits the
// elements of a destination and a source layout of the same shape as
// blocks of Rows() x Len() elements. Element (r, c) of the block that
// starts at offsets (d, s) is at
//
//	dst: d + r*dstLD + c*dstInc        src: s + r*srcLD + c*srcInc
//
// with the strides given by [Plan.Inc] and [Plan.Rows]. The [Kind] of the
// plan says what the blocks are: contiguous runs, broadcast runs, strided
// runs (all with one row), or transposed tiles. Every loop that moves data
// walks a Plan or an Iter, so no loop unravels an index with a division per
// element.
//
// A Plan is a value of fixed size that does not allocate up to rank 8. The
// zero Plan visits nothing.
type Plan struct {
	it   Iter // the destination and the source; a tile's rows are not among its axes
	kind Kind
	rows int    // block rows (1 for runs, 0 when there is nothing to visit)
	ld   [2]int // row strides
	// The run of it, read by every copy: kept here, it costs no branch
	// on where the Iter keeps its axes.
	run int
	inc [2]int
}

// NewPlan returns the plan that copies src into dst, index by index: the
// [Iter] of dst and src (size-1 axes dropped, axes that both layouts walk
// backwards flipped, axes ordered by the destination's strides so that the
// destination is written in memory order, and merged where both layouts
// allow), with the kind of its innermost blocks: contiguous runs, a
// broadcast, a tiled transpose when some axis is unit-stride in the source
// but not in the destination, or strided runs. Blocks are visited in an
// unspecified order, so a Plan suits copies, not ordered iteration (see
// [Layout.Plan]). It returns ErrShape when the shapes differ.
func NewPlan(dst, src Layout) (p Plan, err error) {
	err = p.Reset(&dst, &src)
	return
}

// Reset sets p to the plan NewPlan(*dst, *src) returns, in place: for a
// small copy, moving the layouts and the plan (hundreds of bytes each) in
// and out of NewPlan costs more than planning. On error p is the zero
// Plan, which has nothing to visit.
func (p *Plan) Reset(dst, src *Layout) error {
	dsh, _ := dst.dims()
	ssh, _ := src.dims()
	if !equalInts(dsh, ssh) {
		*p = Plan{}
		return errorf("NewPlan", ErrShape, "destination shape %v and source shape %v differ", ints(dsh), ints(ssh))
	}
	p.it.resetPair(dst, src)
	p.classify(true)
	return nil
}

// classify sets the kind of p's blocks from the strides of its Iter. With
// tiles, a strided run into a unit-stride destination becomes a transposed
// tile when an outer axis walks the source with unit stride: that axis
// leaves the Iter and becomes the tile's rows.
func (p *Plan) classify(tiles bool) {
	p.kind, p.rows, p.ld = KindCopy, 1, [2]int{}
	p.setRun()
	if p.it.rank == 0 {
		p.rows = 0
		return
	}
	axes := p.it.dims()
	d, s := p.inc[0], p.inc[1]
	switch {
	case d == 1 && s == 1:
		return
	case s == 0:
		p.kind = KindFill
		return
	}
	p.kind = KindGather
	if !tiles || d != 1 {
		return
	}
	for k := 1; k < len(axes); k++ { // innermost first
		if a := &axes[k]; a.st[1] == 1 && a.n >= minTransposeRows {
			p.kind, p.rows, p.ld[0], p.ld[1] = KindTranspose, a.n, a.st[0], 1
			p.it.dropOuter(k)
			return
		}
	}
}

// setRun copies the run of p's Iter into p.
func (p *Plan) setRun() {
	p.run, p.inc = 0, [2]int{}
	if p.it.rank > 0 {
		a := &p.it.dims()[0]
		p.run, p.inc[0], p.inc[1] = a.n, a.st[0], a.st[1]
	}
}

// Plan returns the plan that walks l in row-major index order: the plan of
// a copy of l into a row-major layout of its shape, without tiles (runs of
// KindCopy, KindFill or KindGather, one row per block), whose blocks come
// in row-major order. The destination offsets it yields are the row-major
// positions of the runs, the source offsets are offsets in l. Values and
// printing walk this plan.
func (l Layout) Plan() Plan { return l.plan() }

func (l *Layout) plan() Plan {
	var out Layout
	out.SetContiguous(l)
	var p Plan
	// A row-major destination orders the axes in row-major order and never
	// flips one: the runs come in index order.
	p.it.resetPair(&out, l)
	p.classify(false)
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
func (p *Plan) Count() int { return p.it.Count() }

// Size returns the number of elements the plan visits.
func (p *Plan) Size() int { return p.it.Count() * p.rows * p.run }

// Part returns the plan restricted to part i of n roughly equal parts, for
// running the parts on n goroutines: it splits the outermost axis, or when
// there is none the rows of the blocks, or their columns. A block's rows
// are split only where each part keeps minPartRows of them or the block
// has no more columns than rows: a part of a transpose of few rows (an
// image's channels) keeps them all and takes a share of the columns. The
// parts visit disjoint elements and together all of them. Part returns
// the zero Plan for i outside [0, n).
func (p *Plan) Part(i, n int) Plan {
	if i < 0 || i >= n || p.it.rank == 0 {
		return Plan{}
	}
	q := *p
	if p.it.rank == 1 && p.rows > 1 && (p.rows/n >= minPartRows || p.rows >= p.run) {
		lo, hi := partBounds(p.rows, i, n)
		if lo == hi {
			return Plan{}
		}
		q.rows = hi - lo
		q.it.start[0] += lo * p.ld[0]
		q.it.start[1] += lo * p.ld[1]
		return q
	}
	if q.it = p.it.Part(i, n); q.it.rank == 0 {
		return Plan{}
	}
	q.setRun()
	return q
}

// Runs yields the offsets of the first element of each block, in the
// destination and in the source. A plan made by [Layout.Plan] yields them
// in row-major order.
func (p *Plan) Runs() iter.Seq2[int, int] {
	return func(yield func(int, int) bool) {
		// Iter.Runs for two operands: the offsets in registers.
		if p.it.rank == 0 {
			return
		}
		axes, off := p.it.dims(), p.it.start
		if len(axes) == 1 {
			yield(off[0], off[1])
			return
		}
		in := &axes[1]
		var buf [inline]int
		idx := p.it.odometer(&buf)
		for {
			d, s := off[0], off[1]
			for range in.n {
				if !yield(d, s) {
					return
				}
				d += in.st[0]
				s += in.st[1]
			}
			if !p.it.carry(idx, &off) {
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
