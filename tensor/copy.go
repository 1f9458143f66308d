package tensor

import (
	"slices"
	"unsafe"

	"github.com/tessera-go/tessera/internal/copier"
	"github.com/tessera-go/tessera/internal/mem"
	"github.com/tessera-go/tessera/internal/par"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/simd"
)

// Contiguous returns the elements of the view as a row-major tensor. When
// the view already is C-contiguous (see [View.IsContiguous]) the tensor
// shares the view's data — also when the view starts at a non-zero offset —
// and nothing is copied; otherwise the elements are copied into a fresh
// buffer. Use [View.Clone] to always copy.
//
// Like Clone, it panics when the copy would exceed the largest allocation
// (see [New]), which only an expanded (broadcast) view can ask for, and a
// copy larger than the machine's memory is a fatal out-of-memory error, as
// for make. Use [View.CloneChecked] for views that may be that large.
func (v View[T]) Contiguous() Tensor[T] {
	if start, end, ok := v.lay.ContiguousRange(); ok {
		return Tensor[T]{data: v.data[start:end:end], lay: v.lay.Contiguous()}
	}
	t, err := v.cloneMoved()
	if err != nil {
		panic(err)
	}
	return t
}

// Clone returns a row-major copy of the view's elements in a fresh buffer.
// For a C-contiguous view that is a single copy into memory that is not
// zeroed first. Like make, it panics when the copy cannot be allocated,
// which only an expanded (broadcast) view can ask for; [View.CloneChecked]
// returns an error instead.
func (v View[T]) Clone() Tensor[T] {
	t, err := v.CloneChecked()
	if err != nil {
		panic(err)
	}
	return t
}

// CloneChecked is Clone returning an error wrapping layout.ErrOverflow,
// instead of panicking, when the copy would exceed the largest allocation
// Go allows (see [New]).
func (v View[T]) CloneChecked() (Tensor[T], error) {
	if start, end, ok := v.lay.ContiguousRange(); ok && start < end {
		// One run: slices.Clone allocates without zeroing (make clears
		// the buffer first, a whole extra pass over it) and copies.
		data := slices.Clip(slices.Clone(v.data[start:end]))
		return Tensor[T]{data: data, lay: v.lay.Contiguous()}, nil
	}
	return v.cloneMoved()
}

// cloneMoved is CloneChecked for a view that is not one contiguous run:
// a fresh buffer filled by copier.Move.
func (v View[T]) cloneMoved() (Tensor[T], error) {
	data, err := alloc[T]("Clone", v.lay.Size())
	if err != nil {
		return Tensor[T]{}, err
	}
	t := Tensor[T]{data: data}
	t.lay.SetContiguous(&v.lay)
	copier.Move(t.data, &t.lay, v.data, &v.lay, copier.Part{})
	return t, nil
}

// CopyTo copies the view's elements, in row-major order, into
// dst[:Size()]. dst may share memory with the view: the result is as if the
// view were read first. It returns an error wrapping layout.ErrShape when
// dst is shorter than Size().
func (v View[T]) CopyTo(dst []T) error {
	// Planned before the length check: the plan gives the size without a
	// copy of the view's layout, which v.lay.Size() would make.
	var pl layout.Layout
	pl.SetContiguous(&v.lay)
	var p layout.Plan
	if err := p.Reset(&pl, &v.lay); err != nil {
		panic("tensor: internal error: " + err.Error())
	}
	n := p.Size()
	if len(dst) < n {
		return errorf("CopyTo", layout.ErrShape, "destination of length %d for %d elements", len(dst), n)
	}
	dst = dst[:n]
	if mem.Overlaps(dst, &pl, v.data, &v.lay) {
		src, sl := copier.Snapshot(v.data, &v.lay)
		copier.Move(dst, &pl, src, &sl, copier.Part{})
		return nil
	}
	copier.RunPlan(dst, v.data, &p, copier.Part{})
	return nil
}

// CopyFrom assigns the elements of src to the elements of v, index by
// index. src must have v's shape or broadcast to it (NumPy's rules, see
// layout.Layout.Expand). src may share memory with v, even overlap it: the
// result is as if src were read completely before v is written.
//
// It returns an error wrapping layout.ErrShape when src does not broadcast
// to v's shape, and layout.ErrOverlap when two indices of v reach the same
// element (an expanded view), since a copy into it would lose data, or when
// layout.Layout.SelfOverlap cannot decide that they do not (the message
// says so). On error v is unchanged.
func (v View[T]) CopyFrom(src View[T]) error {
	sl, err := src.lay.Expand(v.lay.Shape()...)
	if err != nil {
		return errorf("CopyFrom", layout.ErrShape, "cannot broadcast source shape %v to destination shape %v", src.lay.Shape(), v.lay.Shape())
	}
	if err := overlapError("CopyFrom", &v.lay); err != nil {
		return err
	}
	assign(v.data, &v.lay, src.data, &sl)
	return nil
}

// Fill sets every element of v to x. It returns an error wrapping
// layout.ErrOverlap when two indices of v reach the same element, or may,
// as CopyFrom does; v is then unchanged.
func (v View[T]) Fill(x T) error {
	if err := overlapError("Fill", &v.lay); err != nil {
		return err
	}
	var sb [8]int // the shape on the stack up to rank 8
	sl, _ := layout.Strided(nil, nil, 0)
	sl, _ = sl.Expand(v.lay.AppendShape(sb[:0])...)
	var zero T
	if v.lay.Size()*int(unsafe.Sizeof(zero)) < par.MinBytes {
		// One goroutine, and the fill kernel, which takes the element
		// itself: nothing to allocate, where copier.Move would take it
		// as a slice that its goroutines and kernels share.
		var p layout.Plan
		if err := p.Reset(&v.lay, &sl); err != nil {
			panic("tensor: internal error: " + err.Error())
		}
		if p.Kind() == layout.KindFill {
			n := p.Len()
			di, _ := p.Inc()
			p.EachRow(func(d, _, ds, _, k int) {
				for ; k > 0; d, k = d+ds, k-1 {
					if err := simd.Fill(v.data, d, di, x, n); err != nil {
						panic("tensor: internal error: " + err.Error())
					}
				}
			})
			return nil
		}
	}
	copier.Move(v.data, &v.lay, []T{x}, &sl, copier.Part{})
	return nil
}

// overlapError returns the error of a copy into l when two indices of l
// reach the same element, or may: mem.OverlapError.
func overlapError(op string, l *layout.Layout) error { return mem.OverlapError("tensor", op, l) }

// assign is copier.Move for a source that may share memory with the
// destination: it reads an overlapping source into a temporary first. Like
// copier.Move and mem.Overlaps, it takes the layouts by pointer, which it
// does not modify: at 152 bytes each, copying them costs more than a small
// copy's data.
func assign[T Element](dst []T, dl *layout.Layout, src []T, sl *layout.Layout) {
	if mem.Overlaps(dst, dl, src, sl) {
		data, l := copier.Snapshot(src, sl)
		src, sl = data, &l
	}
	copier.Move(dst, dl, src, sl, copier.Part{})
}

// Copies of at least par.MinBytes are split over several goroutines,
// transposes and gathers whose destination has at least par.StreamBytes
// use non-temporal stores (see simd.TransposeStream and
// simd.StridedStream), and transposes whose destination has at most
// par.HotBytes the tiles fastest on data in L1 (simd.TransposeHot).

// SetParallelism sets how many goroutines one large operation (Contiguous,
// Clone, CopyTo, CopyFrom, Fill, and the computations of package ops, of
// 4 MiB or more) may use, and returns the previous setting. n <= 0
// restores the default, GOMAXPROCS. Operations below 4 MiB always run on
// the calling goroutine, and copies below 4 MiB (CopyTo, and CopyFrom
// between views that share no memory) also without allocating. It is safe
// to call concurrently with copies.
func SetParallelism(n int) int { return par.Set(n) }
