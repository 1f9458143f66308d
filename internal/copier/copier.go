// Package copier moves data: it runs the copy plans of package layout
// (layout.Plan) with the kernels of package simd, on several goroutines
// for large copies. It is the one place where Tessera copies elements
// from one layout to another: tensor's copies (Contiguous, Clone, CopyTo,
// CopyFrom, Fill), ops' staged computations, which copy strided operands
// into scratch and scratch into strided destinations, and ops' joins
// (Concat, Stack) run here.
//
// Which kernels a copy's transposes and gathers use depends on its
// destination's size (see Caching): a copy that is one part of a larger
// destination written once, a slab of ops' staging or one view of a
// join, is sized by the whole (see Part), so that it streams past the
// caches as a single copy of that destination would.
package copier

import (
	"unsafe"

	"github.com/tessera-go/tessera/internal/loops"
	"github.com/tessera-go/tessera/internal/mem"
	"github.com/tessera-go/tessera/internal/par"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/simd"
)

// Move copies src (layout sl) into dst (layout dl), index by index. The
// shapes are equal, both layouts lie inside their buffers, dl does not
// overlap itself and the memory the two reach does not intersect
// (mem.Overlaps): the callers check. It runs the plan layout.NewPlan
// makes, with the kernels the destination's size calls for (CachingOf),
// on several goroutines for large copies unless part says otherwise. The
// layouts are taken by pointer and not modified: at 152 bytes each,
// copying them costs more than a small copy's data.
func Move[T simd.Element](dst []T, dl *layout.Layout, src []T, sl *layout.Layout, part Part) {
	var p layout.Plan
	if err := p.Reset(dl, sl); err != nil {
		panic("copier: internal error: " + err.Error())
	}
	RunPlan(dst, src, &p, part)
}

// Part places a copy in a larger operation; the zero Part is a copy on its
// own.
type Part struct {
	// Total is the size in bytes of the destination the copy is one part
	// of, when that destination is written once, part by part: from
	// par.StreamBytes of Total the copy stores with the streaming kernels,
	// as a single copy of the whole destination would, whatever the
	// part's own size (ops computes into a transposed destination in
	// slabs of 1 MiB and copies each into it). 0 sizes the copy by
	// itself.
	Total int
	// Inline runs the copy on the calling goroutine whatever its size,
	// for a caller that runs its parts on several goroutines itself.
	// Otherwise the part's own size sets how many goroutines it runs on.
	Inline bool
}

// RunPlan is Move with its plan made: on the calling goroutine, or on
// several for a large copy.
func RunPlan[T simd.Element](dst, src []T, p *layout.Plan, part Part) {
	var zero T
	bytes := p.Size() * int(unsafe.Sizeof(zero))
	c := CachingOf(max(bytes, part.Total))
	n := 1
	if !part.Inline {
		n = par.Workers(bytes)
	}
	if n == 1 {
		run(dst, src, p, c)
		return
	}
	par.Split(p, n, func(q *layout.Plan) { run(dst, src, q, c) })
}

// Caching is what a copy's size says about its data, which chooses among
// simd's transposes and gathers.
type Caching uint8

// The cachings.
const (
	Cached   Caching = iota // the general case: simd.Transpose
	Streamed                // a destination of par.StreamBytes or more: simd.TransposeStream, simd.StridedStream, simd.CopyStream
	Hot                     // a destination of par.HotBytes or less: simd.TransposeHot
)

// CachingOf returns the caching of a copy whose destination has bytes
// bytes.
func CachingOf(bytes int) Caching {
	switch {
	case bytes >= par.StreamBytes:
		return Streamed
	case bytes <= par.HotBytes:
		return Hot
	}
	return Cached
}

// run moves the blocks of p with the kernel its kind calls for. The planner
// has proved every index in range, so a kernel error is a bug.
func run[T simd.Element](dst, src []T, p *layout.Plan, c Caching) {
	n := p.Len()
	di, si := p.Inc()
	var err error
	var w layout.Walk // one, for whichever case runs
	// The blocks are walked a row at a time by a layout.Walk, not by
	// ranging over p.Runs(): instantiated in a package that does not
	// import layout, Runs' closure, and p with it, would move to the heap
	// on every call. Nor by Plan.EachRow, the loop of ops: its call per row
	// measured a few percent of a small copy (BENCHMARKS.md), and copies
	// are the smallest operations there are.
	switch p.Kind() {
	case layout.KindCopy:
		stream := c == Streamed
		for w.NextBlock(p) {
			d, s, ds, ss, k := w.RowPair()
			for ; k > 0; d, s, k = d+ds, s+ss, k-1 {
				if stream {
					simd.CopyStream(dst[d:d+n], src[s:s+n])
				} else {
					copy(dst[d:d+n], src[s:s+n])
				}
			}
		}
	case layout.KindFill:
		for err == nil && w.NextBlock(p) {
			d, s, ds, ss, k := w.RowPair()
			for ; k > 0 && err == nil; d, s, k = d+ds, s+ss, k-1 {
				err = simd.Fill(dst, d, di, src[s], n)
			}
		}
	case layout.KindGather:
		if c != Streamed {
			gather(dst, src, p)
			break
		}
		for err == nil && w.NextBlock(p) {
			d, s, ds, ss, k := w.RowPair()
			for ; k > 0 && err == nil; d, s, k = d+ds, s+ss, k-1 {
				err = simd.StridedStream(dst, d, di, src, s, si, n)
			}
		}
	case layout.KindTranspose:
		rows, dld, _ := p.Rows()
		if asRuns[T](rows, n, si) {
			stridedRows(dst, src, p, c)
			break
		}
		for err == nil && w.NextBlock(p) {
			d, s, ds, ss, k := w.RowPair()
			for ; k > 0 && err == nil; d, s, k = d+ds, s+ss, k-1 {
				// Called directly: through a func value the operands
				// would escape to the heap.
				switch c {
				case Streamed:
					err = simd.TransposeStream(dst, d, dld, src, s, si, rows, n)
				case Hot:
					err = simd.TransposeHot(dst, d, dld, src, s, si, rows, n)
				default:
					err = simd.Transpose(dst, d, dld, src, s, si, rows, n)
				}
			}
		}
	}
	if err != nil {
		panic("copier: internal error: " + err.Error())
	}
}

// asRuns reports whether a transpose block of rows rows and n columns of
// T's elements, its source rows sld apart, runs as strided runs
// (stridedRows) rather than as a transpose at the active level: below
// simd.TransposeMinRows, where the level's transposes of so few rows are
// no faster than the runs.
func asRuns[T simd.Element](rows, n, sld int) bool {
	return rows < simd.TransposeMinRows[T](n, sld)
}

// stridedRows moves the blocks of a transpose plan as gather does strided
// runs, one per row of each block, each a run of the block's columns from
// that row's source column, where asRuns says so.
func stridedRows[T simd.Element](dst, src []T, p *layout.Plan, c Caching) {
	n := p.Len()
	_, si := p.Inc()
	rows, dld, _ := p.Rows()
	var w layout.Walk
	for w.NextBlock(p) {
		d, s, ds, ss, k := w.RowPair()
		for ; k > 0; d, s, k = d+ds, s+ss, k-1 {
			for r := range rows {
				if c != Streamed {
					gatherRun(dst[d+r*dld:][:n], src, s+r, si)
				} else if err := simd.StridedStream(dst, d+r*dld, 1, src, s+r, si, n); err != nil {
					panic("copier: internal error: " + err.Error())
				}
			}
		}
	}
}

// gather moves the runs of a gather plan with the loop simd.Strided runs,
// without its checks of the indices, which the planner has proved in
// range, which are a noticeable part of a small copy of short runs.
// Flipped runs (source stride -1) of 256 bytes or more go to
// simd.Strided, whose reversal kernels move them several times as fast;
// below that the call costs more than the loop (BENCHMARKS.md).
func gather[T simd.Element](dst, src []T, p *layout.Plan) {
	n := p.Len()
	di, si := p.Inc()
	var zero T
	reverse := di == 1 && si == -1 && n*int(unsafe.Sizeof(zero)) >= 256
	var w layout.Walk
	for w.NextBlock(p) {
		d, s, ds, ss, k := w.RowPair()
		if reverse {
			for ; k > 0; d, s, k = d+ds, s+ss, k-1 {
				_ = simd.Strided(dst, d, 1, src, s, -1, n)
			}
			continue
		}
		if di != 1 {
			for ; k > 0; d, s, k = d+ds, s+ss, k-1 {
				loops.Gather(dst, d, di, src, s, si, n)
			}
			continue
		}
		for ; k > 0; d, s, k = d+ds, s+ss, k-1 {
			gatherRun(dst[d:d+n], src, s, si)
		}
	}
}

// gatherRun sets run[i] = src[s+i*si] for every i, without checking the
// source indices: the planner has proved them in range (every element of
// a layout lies in its data), and a gather's runs are short, so checking
// each of them cost a third of a small permutation's copy. Only addresses
// of elements of src are formed.
func gatherRun[T simd.Element](run, src []T, s, si int) {
	var zero T
	size := int(unsafe.Sizeof(zero))
	base := unsafe.Pointer(unsafe.SliceData(src))
	off, step := s*size, si*size
	i := 0
	for ; i+4 <= len(run); i += 4 {
		r := run[i : i+4 : i+4]
		r[0] = *(*T)(unsafe.Add(base, off))
		r[1] = *(*T)(unsafe.Add(base, off+step))
		r[2] = *(*T)(unsafe.Add(base, off+2*step))
		r[3] = *(*T)(unsafe.Add(base, off+3*step))
		off += 4 * step
	}
	for ; i < len(run); i++ {
		run[i] = *(*T)(unsafe.Add(base, off))
		off += step
	}
}

// Snapshot returns a copy of what src reaches through sl, and the layout
// that reaches it there: the span of sl copied as it lies when that is no
// larger than the elements (mem.SpanCopy: a broadcast source, whose span
// can be one element), and the elements packed row-major otherwise (a
// source sliced with a step). It is the one way the copier and the
// compute driver read a source that overlaps their destination, and it
// costs the smaller of the span and the elements.
func Snapshot[T simd.Element](src []T, sl *layout.Layout) ([]T, layout.Layout) {
	if data, l, ok := mem.SpanCopy(src, sl); ok {
		return data, l
	}
	var sb [8]int
	l, err := layout.RowMajor(sl.AppendShape(sb[:0])...)
	if err != nil {
		panic("copier: internal error: " + err.Error())
	}
	dst := make([]T, l.Size())
	Move(dst, &l, src, sl, Part{})
	return dst, l
}
