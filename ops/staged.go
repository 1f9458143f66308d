package ops

import (
	"math"
	"reflect"
	"unsafe"

	"github.com/tessera-go/tessera/internal/copier"
	"github.com/tessera-go/tessera/internal/par"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/tensor"
)

// Staging. An elementwise operation whose operands do not all walk their
// innermost axis with unit stride (a transposed, flipped or stepped
// input, or such a destination) is computed in slabs through the copier
// (internal/copier), which moves strided data in cache-friendly tiles and gathers:
//
//   - the operands are first permuted alike (an elementwise operation
//     does not care in which order it visits the indices) into the
//     memory order of the first input that is not broadcast, when the
//     destination's order would leave every input strided or the
//     destination itself is strided;
//   - each slab of the destination is the target of the computation when
//     it is row-major and no input shares its memory, a scratch buffer
//     otherwise;
//   - each input that is still strided is copied by the copier
//     (internal/copier) into the target (one of them) or a scratch
//     buffer, row-major, and the kernels compute on unit-stride runs, in
//     place where they read the target;
//   - a scratch target is then copied into the destination's slab by the
//     copier, which sizes its kernels by the whole destination: the
//     slabs of a destination of par.StreamBytes or more are written with
//     streaming stores, as a single copy of it would be.
//
// Where the slabs are computed on several goroutines, each slab's copies
// run on its own goroutine (copier.Part's Inline): a slab's copy of
// par.MinBytes or more would otherwise start goroutines of its own, one
// more per slab goroutine than there are cores for.
//
// So AddInto(out, a, b.T) transposes b into out and adds a to it in
// place, and NegInto(out.T, x) negates x into a buffer and transposes
// that into out. Scratch buffers come from a pool and hold one slab.
//
// The slabs split the first axis longer than 1, into slabs of whole rows,
// unless a staged operand would then be read or written less than a
// cache line of each of its own rows at a time: then the slabs are made a
// line's worth of rows deep, or else split that operand's outermost axis,
// up to deepStageBytes each (see resplit): slabs that read a few bytes of
// every source row ran several times slower (BenchmarkCompute's
// Add-T-wide and Add-dstT-wide; BENCHMARKS.md has the figures).
//
// Slabs of 1 MiB measured best for a transposed float32 [4096,4096]:
// smaller slabs hold too few rows for the tiled transpose, which needs 8
// (BENCHMARKS.md). Below minStaged elements the strided loop is cheaper
// than the staging's planning (BenchmarkComputeStrided).
const (
	stageBytes = 1 << 20
	minStaged  = 192
)

// deepStageBytes is the most a slab grows to where slabs of stageBytes
// would read or write less than a line of each row of a staged operand
// (see resplit); a variable for the tests.
var deepStageBytes = 4 << 20

func strided(inc int) bool { return inc != 0 && inc != 1 }

// needsStaging reports whether the runs of it, of the destination and its
// inputs, are not all unit-stride or broadcast.
func needsStaging(it *layout.Iter) bool {
	inc := it.Inc()
	for _, inc := range inc[:it.Operands()] {
		if strided(inc) {
			return true
		}
	}
	return false
}

// stagePlan is a staged computation of dst, of element type D, from
// ins[:nin] (one or two inputs of element type S): the operands permuted
// alike into the slabs' order, the slabs, and where each is computed.
type stagePlan[D, S tensor.Element] struct {
	dst             operand[D] // dst, permuted
	ins             [2]operand[S]
	nin             int
	axis, rows, per int // the slabs: per rows of axis each
	slabs, workers  int
	inPlace, direct bool
	bytes           int     // dst's size in bytes
	staged          [2]bool // which inputs are staged
	shape           [8]int  // room for the shape
}

// plan sets p to the plan of computing dst from ins[:nin], which
// broadcast to its shape, inc being the runs' increments of the iteration
// in dst's order. No input shares memory with dst other than as dst
// itself (isolate has run).
func (p *stagePlan[D, S]) plan(dst *operand[D], ins *[2]operand[S], nin int, inc [layout.MaxOperands]int) {
	var pb [8]int
	shape := dst.lay.AppendShape(p.shape[:0])
	p.nin = nin
	lead, allStrided := -1, true
	for j := range nin {
		p.ins[j].data = ins[j].data
		_ = p.ins[j].lay.SetExpand(&ins[j].lay, shape...)
		if lead < 0 && inc[1+j] != 0 {
			lead = j
		}
		allStrided = allStrided && strided(inc[1+j])
	}
	// The order of the slabs and of the packed buffers: the lead input's
	// memory order where dst's would leave it strided or dst is strided,
	// dst's otherwise.
	order := &dst.lay
	fromDst := !(strided(inc[0]) || allStrided && nin > 1) || lead < 0
	if !fromDst {
		order = &p.ins[lead].lay
	}
	perm, moved := memoryOrder(pb[:0], order)
	p.dst = *dst
	if moved {
		_ = p.dst.lay.SetPermute(&dst.lay, perm...)
		for j := range nin {
			_ = p.ins[j].lay.SetPermute(&p.ins[j].lay, perm...)
		}
		shape = p.dst.lay.AppendShape(shape[:0])
	}
	// The target: dst, which the strided inputs are staged into, where it is
	// row-major, not an input and one slab (a larger one is better written
	// once, and its inputs staged in scratch that stays in cache from slab to
	// slab, which measured faster; see BENCHMARKS.md); dst's slab as it is
	// where its runs are unit-stride in that order; scratch otherwise.
	var zd D
	var zs S
	esize := int(max(unsafe.Sizeof(zd), unsafe.Sizeof(zs)))
	size := p.dst.lay.Size()
	p.bytes = size * int(unsafe.Sizeof(zd))
	p.inPlace = reflect.TypeFor[D]() == reflect.TypeFor[S]() && p.dst.lay.IsContiguous() && size*esize <= stageBytes
	p.direct = false
	for j := range nin {
		if unsafe.Pointer(unsafe.SliceData(ins[j].data)) == unsafe.Pointer(unsafe.SliceData(dst.data)) {
			p.inPlace = false
		}
	}
	p.axis = 0 // the slabs split the first axis longer than 1
	for p.axis < len(shape)-1 && shape[p.axis] == 1 {
		p.axis++
	}
	// The runs are along the last axis longer than 1 (the packed target
	// has no other order): the inputs strided there are staged.
	last := len(shape) - 1
	for last > 0 && shape[last] == 1 {
		last--
	}
	for j := range nin {
		st, _ := p.ins[j].lay.Stride(last)
		p.staged[j] = strided(st)
	}
	if !p.inPlace && fromDst {
		st, _ := p.dst.lay.Stride(last)
		p.direct = st == 1
	}
	p.rows = shape[p.axis]
	p.per = max(1, stageBytes/esize/(size/p.rows)) // rows per slab
	if !p.inPlace {
		p.resplit(shape, size, esize, last)
	}
	p.slabs = (p.rows + p.per - 1) / p.per
	p.workers = min(par.Workers((1+nin)*size*esize), p.slabs)
}

// resplit deepens or moves the slabs of p where a staged operand (an
// input copied into the slabs, or a destination copied from them) is read
// or written along the split axis (unit stride there) less than a cache
// line at a time: each slab would then touch a part of every line of
// that operand and the next slabs the same lines again (a float32
// [256,65536] plus the transpose of a [65536,256]: slabs of 4 rows read
// 16 bytes of each 1 KiB source row, every line four times, at 0.08 of
// the contiguous Add's speed).
//
// The slabs become a line's worth of rows deep (16 rows of float32) where
// that is at most deepStageBytes. Otherwise they split that operand's
// outermost axis in memory instead, deepStageBytes each, so that each
// covers whole rows of it, if their runs along the last axis (whose length
// the split may change) stay a line long or more. Either way the slabs
// outgrow stageBytes: in slabs of stageBytes the operands that are not
// staged are read and written a page or two of each long row at a time,
// and such short runs were slow (the hardware prefetchers stop at page
// boundaries; BENCHMARKS.md has the figures of BenchmarkCompute and
// BenchmarkComputeWide). Operations whose slabs read a line or more of
// each row keep their slabs of stageBytes.
func (p *stagePlan[D, S]) resplit(shape []int, size, esize, last int) {
	// need: the rows of a slab that give a line of each row of every
	// staged operand walked along them (of its own element type: a
	// float32 input converted to float64 needs 16).
	need := 0
	for j := range p.nin + 1 {
		if p.thinAlong(j, p.axis) != nil {
			need = max(need, (lineBytes+p.elemSize(j)-1)/p.elemSize(j))
		}
	}
	if p.per >= need {
		return
	}
	if min(need, p.rows)*(size/p.rows)*esize <= deepStageBytes {
		p.per = need
		return
	}
	for j := range p.nin + 1 {
		l := p.thinAlong(j, p.axis)
		if l == nil {
			continue
		}
		outer, far := -1, 0
		for a, n := range shape {
			if st, _ := l.Stride(a); n > 1 && abs(st) > far {
				outer, far = a, abs(st)
			}
		}
		if outer < 0 || outer == p.axis {
			continue
		}
		per := max(1, deepStageBytes/esize/(size/shape[outer]))
		if run := shape[last]; outer == last {
			run = min(per, run)
			if run*esize < lineBytes {
				continue
			}
		}
		p.axis, p.rows, p.per = outer, shape[outer], per
		return
	}
}

// thinAlong returns the layout of operand j of p (its inputs, then its
// destination) if that operand is staged (an input copied into the slabs,
// or a destination written from scratch) and walked with unit stride
// along axis, and nil otherwise.
func (p *stagePlan[D, S]) thinAlong(j, axis int) *layout.Layout {
	var l *layout.Layout
	switch {
	case j < p.nin && p.staged[j]:
		l = &p.ins[j].lay
	case j == p.nin && !p.direct:
		l = &p.dst.lay
	default:
		return nil
	}
	if st, _ := l.Stride(axis); abs(st) != 1 {
		return nil
	}
	return l
}

// elemSize returns the size in bytes of the elements of operand j of p
// (its inputs, then its destination).
func (p *stagePlan[D, S]) elemSize(j int) int {
	if j < p.nin {
		var zs S
		return int(unsafe.Sizeof(zs))
	}
	var zd D
	return int(unsafe.Sizeof(zd))
}

// lineBytes is the length of a cache line on the processors measured.
const lineBytes = 64

// slab is one slab of a plan as it is computed: the iteration it of
// target (dst's slab or scratch) from x and y (the inputs or their staged
// copies; y is x for a unary operation).
type slab[D, S tensor.Element] struct {
	it     layout.Iter
	target []D
	x, y   []S
	dl, tl layout.Layout // dst's slab, and target's layout
	ls     [2]layout.Layout
}

// stage readies slab s of p in sl, copying its strided inputs into its
// target or buffers of sc.
func (p *stagePlan[D, S]) stage(s int, sl *slab[D, S], sc *scratch) {
	r0, r1 := s*p.per, min(p.rows, (s+1)*p.per)
	whole := p.slabs == 1
	if whole {
		sl.dl = p.dst.lay
	} else {
		_ = sl.dl.SetSlice(&p.dst.lay, p.axis, r0, r1, 1)
	}
	n := sl.dl.Size()
	var packed layout.Layout
	packed.SetContiguous(&sl.dl)
	switch {
	case p.inPlace:
		off := sl.dl.Offset()
		sl.target, sl.tl = p.dst.data[off:off+n], packed
	case p.direct:
		sl.target, sl.tl = p.dst.data, sl.dl
	default:
		sl.target, sl.tl = scratchBuf[D](sc, 0, n), packed
	}
	// Whether target has no room for an input: it is dst as it is, or of
	// another type (D and S are the same where inPlace is set).
	used := p.direct || !p.inPlace && reflect.TypeFor[D]() != reflect.TypeFor[S]()
	var ds [2][]S
	ps := [2]*layout.Layout{&sl.ls[0], &sl.ls[1]}
	for j := range p.nin {
		if whole {
			sl.ls[j] = p.ins[j].lay
		} else {
			_ = sl.ls[j].SetSlice(&p.ins[j].lay, p.axis, r0, r1, 1)
		}
		ds[j] = p.ins[j].data
		if !p.staged[j] {
			continue
		}
		var buf []S
		if used {
			buf = scratchBuf[S](sc, 1+j, n)
		} else {
			buf = unsafe.Slice((*S)(unsafe.Pointer(unsafe.SliceData(sl.target))), len(sl.target))
		}
		used = true
		copier.Move(buf[:n], &packed, p.ins[j].data, &sl.ls[j], copier.Part{Inline: p.workers > 1})
		ds[j], sl.ls[j] = buf, packed
	}
	if sl.it.Reset(&sl.tl, ps[:p.nin]...) != nil {
		panic("ops: internal error: the slabs of a staged operation differ in shape")
	}
	sl.x, sl.y = ds[0], ds[p.nin-1]
}

// unstage copies a slab computed in scratch into dst, as one part of
// writing the whole of dst: the copier streams the slabs of a large dst,
// as a single copy of it would stream. Scratch shares no memory with dst,
// and dst does not overlap itself (checked before any computation), so
// the checks of View.CopyFrom are not needed.
func (p *stagePlan[D, S]) unstage(sl *slab[D, S]) {
	if p.inPlace || p.direct {
		return
	}
	copier.Move(p.dst.data, &sl.dl, sl.target, &sl.tl, copier.Part{Total: p.bytes, Inline: p.workers > 1})
}

// stagedBinary computes dst = r(a, b) by staging (see above).
func stagedBinary[T tensor.Number, K binOp[T]](r binRunner[T, K], dst, a, b *operand[T], inc [layout.MaxOperands]int) {
	var p stagePlan[T, T]
	p.plan(dst, &[2]operand[T]{*a, *b}, 2, inc)
	if p.workers > 1 {
		// Copies for the goroutines: p and r themselves stay on the stack.
		pp, rr := p, r
		par.Do(p.workers, func(w int) { binarySlabs(&rr, &pp, w) })
		return
	}
	binarySlabs(&r, &p, 0)
}

// binarySlabs computes the slabs of p of goroutine w.
func binarySlabs[T tensor.Number, K binOp[T]](r *binRunner[T, K], p *stagePlan[T, T], w int) {
	var sc scratch
	var sl slab[T, T]
	for s := w; s < p.slabs; s += p.workers {
		p.stage(s, &sl, &sc)
		binaryRuns(r, &sl.it, sl.target, sl.x, sl.y)
		p.unstage(&sl)
	}
	sc.release()
}

// stagedConvert is stagedBinary for a conversion.
func stagedConvert[U, T tensor.Number](conv convFunc, dst *operand[U], src *operand[T], inc [layout.MaxOperands]int) {
	var p stagePlan[U, T]
	p.plan(dst, &[2]operand[T]{*src}, 1, inc)
	if p.workers > 1 {
		pp := p // a copy for the goroutines: p itself stays on the stack
		par.Do(p.workers, func(w int) { convertSlabs(conv, &pp, w) })
		return
	}
	convertSlabs(conv, &p, 0)
}

// convertSlabs is binarySlabs for a conversion.
func convertSlabs[U, T tensor.Number](conv convFunc, p *stagePlan[U, T], w int) {
	var sc scratch
	var sl slab[U, T]
	for s := w; s < p.slabs; s += p.workers {
		p.stage(s, &sl, &sc)
		convertRuns(conv, &sl.it, sl.target, sl.x)
		p.unstage(&sl)
	}
	sc.release()
}

// memoryOrder appends to perm the axes of l from the one of the largest
// stride to the smallest, the broadcast (stride 0) axes first, and reports
// whether that moves an axis; the order of equal strides is kept.
func memoryOrder(perm []int, l *layout.Layout) ([]int, bool) {
	var kb [8]int
	keys := kb[:0]
	moved := false
	for a := range l.Rank() {
		st, _ := l.Stride(a)
		k := abs(st)
		if st == 0 {
			k = math.MaxInt
		}
		perm, keys = append(perm, a), append(keys, k)
		// Insertion: ranks are small.
		for i := len(perm) - 1; i > 0 && keys[i-1] < keys[i]; i-- {
			perm[i-1], perm[i] = perm[i], perm[i-1]
			keys[i-1], keys[i] = keys[i], keys[i-1]
			moved = true
		}
	}
	return perm, moved
}
