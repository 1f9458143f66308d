package ops

import (
	"math"
	"slices"
	"unsafe"

	"github.com/tessera-go/tessera/internal/copier"
	"github.com/tessera-go/tessera/internal/errs"
	"github.com/tessera-go/tessera/internal/mem"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/tensor"
)

// Concat joins views along an existing axis, like NumPy's concatenate and
// PyTorch's cat: the result has the views' shape, with the sizes along axis
// (negative counts from the end) summed, and holds the views one after the
// other. It is a new tensor; each view is copied by the copier (as
// tensor.View.CopyFrom copies), so any layout copies at its speed, and as
// one part of the result: where the result has 8 MiB or more, transposed
// and strided views are written with non-temporal stores, as one copy of
// the whole result would be, though each view alone is smaller (see
// BENCHMARKS.md).
//
// It returns an error wrapping layout.ErrArg for no views, layout.ErrShape
// for a rank-0 view or views whose ranks or sizes off the axis differ (the
// message names the view and both shapes), layout.ErrAxis for an axis out
// of range, and layout.ErrOverflow for a result too large.
func Concat[T tensor.Element, V tensor.Operand[T]](axis int, views ...V) (tensor.Tensor[T], error) {
	const op = "Concat"
	var sb [8]int
	shape, ax, err := concatShape(op, axis, viewsOf[T](views), sb[:0])
	if err != nil {
		return tensor.Tensor[T]{}, err
	}
	out, err := newResult[T](op, shape)
	if err != nil {
		return out, err
	}
	concatRun(out.View(), ax, viewsOf[T](views))
	return out, nil
}

// ConcatInto is Concat into dst, a view of the result's shape that reaches
// no element twice. The views may share memory with dst: each is read as
// it was before dst is written (a view that shares memory with dst is
// first copied, which allocates its size). It returns the errors of
// Concat, and layout.ErrShape or layout.ErrOverlap for a bad dst; dst is
// then unchanged.
func ConcatInto[T tensor.Element, D tensor.Operand[T], V tensor.Operand[T]](dst D, axis int, views ...V) error {
	const op = "ConcatInto"
	var sb [8]int // the shape on the stack: ConcatInto allocates nothing
	shape, ax, err := concatShape(op, axis, viewsOf[T](views), sb[:0])
	if err != nil {
		return err
	}
	return joinInto(op, tensor.View[T](dst), shape, ax, viewsOf[T](views))
}

// Stack joins views of one shape along a new axis, like NumPy's stack and
// PyTorch's stack: for n views of shape s the result has shape s with n
// inserted at axis, which may be from -(rank+1) to rank (negative counts
// from the end of the result's axes), and element i along it is view i. It
// is a new tensor, copied as Concat copies.
//
// It returns an error wrapping layout.ErrArg for no views, layout.ErrShape
// for views of different shapes (the message names the view and both
// shapes), layout.ErrAxis for an axis out of range, and layout.ErrOverflow
// for a result too large.
func Stack[T tensor.Element, V tensor.Operand[T]](axis int, views ...V) (tensor.Tensor[T], error) {
	const op = "Stack"
	var sb [8]int
	var ub [8]tensor.View[T]
	shape, ax, us, err := stackShape(op, axis, viewsOf[T](views), sb[:0], ub[:0])
	if err != nil {
		return tensor.Tensor[T]{}, err
	}
	out, err := newResult[T](op, shape)
	if err != nil {
		return out, err
	}
	concatRun(out.View(), ax, us)
	return out, nil
}

// StackInto is Stack into dst, as ConcatInto is Concat into dst.
func StackInto[T tensor.Element, D tensor.Operand[T], V tensor.Operand[T]](dst D, axis int, views ...V) error {
	const op = "StackInto"
	// The shape and up to 8 unsqueezed views on the stack: StackInto of
	// up to 8 views allocates nothing.
	var sb [8]int
	var ub [8]tensor.View[T]
	shape, ax, us, err := stackShape(op, axis, viewsOf[T](views), sb[:0], ub[:0])
	if err != nil {
		return err
	}
	return joinInto(op, tensor.View[T](dst), shape, ax, us)
}

// concatShape checks the views of a concatenation along axis and returns
// the result's shape, appended to dst, and the axis, in range. With room
// in dst it allocates nothing: the messages print copies of the shapes.
func concatShape[T tensor.Element](op string, axis int, views []tensor.View[T], dst []int) ([]int, int, error) {
	if len(views) == 0 {
		return nil, 0, errorf(op, layout.ErrArg, "no views to join")
	}
	var fb [8]int
	first := operandOf(&views[0]).lay.AppendShape(fb[:0])
	if len(first) == 0 {
		return nil, 0, errorf(op, layout.ErrShape, "view 0 has rank 0: a scalar has no axis to join along")
	}
	ax, err := normalAxis(op, axis, len(first))
	if err != nil {
		return nil, 0, err
	}
	shape := append(dst, first...)
	for i := 1; i < len(views); i++ {
		var hb [8]int
		sh := operandOf(&views[i]).lay.AppendShape(hb[:0])
		if len(sh) != len(first) {
			return nil, 0, errorf(op, layout.ErrShape, "view %d has shape %v and view 0 %v: ranks differ", i, slices.Clone(sh), slices.Clone(first))
		}
		for k := range sh {
			if k != ax && sh[k] != first[k] {
				return nil, 0, errorf(op, layout.ErrShape, "view %d has shape %v and view 0 %v: sizes differ along axis %d, which is not the axis %d joined along", i, slices.Clone(sh), slices.Clone(first), k, ax)
			}
		}
		if shape[ax] > math.MaxInt-sh[ax] {
			return nil, 0, errorf(op, layout.ErrOverflow, "the sizes along axis %d add up to more than an int holds", ax)
		}
		shape[ax] += sh[ax]
	}
	return shape, ax, nil
}

// stackShape checks the views of a stack along axis and returns the
// result's shape, appended to dst, the axis in range, and the views with a
// size-1 axis inserted there, to concatenate, appended to us. With room in
// dst and us it allocates nothing.
func stackShape[T tensor.Element](op string, axis int, views []tensor.View[T], dst []int, us []tensor.View[T]) ([]int, int, []tensor.View[T], error) {
	if len(views) == 0 {
		return nil, 0, nil, errorf(op, layout.ErrArg, "no views to join")
	}
	var fb [8]int
	first := operandOf(&views[0]).lay.AppendShape(fb[:0])
	ax, err := normalAxis(op, axis, len(first)+1)
	if err != nil {
		return nil, 0, nil, err
	}
	for i := range views {
		var hb [8]int
		if sh := operandOf(&views[i]).lay.AppendShape(hb[:0]); !slices.Equal(sh, first) {
			return nil, 0, nil, errorf(op, layout.ErrShape, "view %d has shape %v and view 0 %v: stacked views must have one shape", i, slices.Clone(sh), slices.Clone(first))
		}
		u, err := views[i].Unsqueeze(ax)
		if err != nil {
			return nil, 0, nil, errs.Wrap("ops", op, nil, err, "view %d of shape %v", i, slices.Clone(first))
		}
		us = append(us, u)
	}
	shape := append(append(append(dst, first[:ax]...), len(views)), first[ax:]...)
	return shape, ax, us, nil
}

// joinInto checks dst against the joined shape, reads every view that
// shares memory with dst into a snapshot, and then copies the views into
// dst one after the other along ax.
func joinInto[T tensor.Element](op string, dst tensor.View[T], shape []int, ax int, views []tensor.View[T]) error {
	d := operandOf(&dst)
	if err := checkDst(op, d, shape); err != nil {
		return err
	}
	// A view that overlaps dst could be overwritten by an earlier view's
	// copy before it is read: every such view is read first.
	var own []tensor.View[T]
	for i, v := range views {
		l := v.Layout()
		if mem.Overlaps(d.data, &d.lay, v.Data(), &l) {
			if own == nil {
				own = append([]tensor.View[T](nil), views...)
			}
			s := snapshot(operandOf(&v))
			own[i], _ = tensor.NewView(s.data, s.lay)
		}
	}
	if own != nil {
		views = own
	}
	concatRun(dst, ax, views)
	return nil
}

// concatRun copies the checked views into dst one after the other along
// ax, each as one part of writing dst (copier.Move with dst's size): the
// views have the shapes of their parts, share no memory with dst (Concat's
// result is new, joinInto reads such views first) and dst reaches no
// element twice (checkDst).
func concatRun[T tensor.Element](dst tensor.View[T], ax int, views []tensor.View[T]) {
	var zero T
	total := dst.Size() * int(unsafe.Sizeof(zero))
	lo := 0
	for _, v := range views {
		n, _ := v.Dim(ax)
		part, err := dst.Slice(ax, lo, lo+n, 1)
		if err != nil {
			panic("ops: internal error: " + err.Error())
		}
		pl, vl := part.Layout(), v.Layout()
		copier.Move(part.Data(), &pl, v.Data(), &vl, copier.Part{Total: total})
		lo += n
	}
}

// Split cuts v along axis into n views of equal size, like NumPy's split
// with a number of sections. The views share data with v.
//
// It returns an error wrapping layout.ErrArg for n < 1, layout.ErrShape
// when the size along axis is not a multiple of n (NumPy's "does not result
// in an equal division"; see Chunk for unequal parts), and layout.ErrAxis
// for an axis out of range.
func Split[T tensor.Element, V tensor.Operand[T]](v V, axis, n int) ([]tensor.View[T], error) {
	const op = "Split"
	ax, size, err := splitAxis(op, tensor.View[T](v), axis)
	if err != nil {
		return nil, err
	}
	if n < 1 {
		return nil, errorf(op, layout.ErrArg, "%d parts: want at least 1", n)
	}
	if size%n != 0 {
		return nil, errorf(op, layout.ErrShape, "size %d along axis %d of shape %v is not a multiple of %d parts", size, ax, tensor.View[T](v).Shape(), n)
	}
	bounds := make([]int, n+1)
	for i := range bounds {
		bounds[i] = i * (size / n)
	}
	return splitViews(op, tensor.View[T](v), ax, bounds)
}

// SplitAt cuts v along axis before each of the given indices, like NumPy's
// split with indices: SplitAt(v, 0, 3, 5) is v[:3], v[3:5], v[5:], one view
// more than there are indices. The indices are read as NumPy reads them,
// as slice bounds: a negative index counts from the end, one beyond the
// size means the size, and part i is v[indices[i-1]:indices[i]] even when
// that is empty because the indices decrease (SplitAt(v, 0, 4, 2) of 6
// elements gives 4, 0 and 4 elements). The
// views share data with v.
//
// It returns an error wrapping layout.ErrAxis for an axis out of range.
func SplitAt[T tensor.Element, V tensor.Operand[T]](v V, axis int, indices ...int) ([]tensor.View[T], error) {
	const op = "SplitAt"
	ax, size, err := splitAxis(op, tensor.View[T](v), axis)
	if err != nil {
		return nil, err
	}
	bounds := make([]int, len(indices)+2)
	for i, x := range indices {
		if x < 0 {
			x = max(x+size, 0)
		}
		bounds[i+1] = min(x, size)
	}
	bounds[len(bounds)-1] = size
	return splitViews(op, tensor.View[T](v), ax, bounds)
}

// Chunk cuts v along axis into parts of ceil(size/n) elements, the last
// one possibly smaller, like PyTorch's chunk: it may return fewer than n
// parts (7 elements in 4 chunks are 2, 2, 2, 1; 6 in 4 are 2, 2, 2), and
// n empty parts for an empty axis. The views share data with v.
//
// It returns an error wrapping layout.ErrArg for n < 1, and layout.ErrAxis
// for an axis out of range.
func Chunk[T tensor.Element, V tensor.Operand[T]](v V, axis, n int) ([]tensor.View[T], error) {
	const op = "Chunk"
	ax, size, err := splitAxis(op, tensor.View[T](v), axis)
	if err != nil {
		return nil, err
	}
	if n < 1 {
		return nil, errorf(op, layout.ErrArg, "%d chunks: want at least 1", n)
	}
	if size == 0 {
		return splitViews(op, tensor.View[T](v), ax, make([]int, n+1))
	}
	c := (size-1)/n + 1
	parts := (size-1)/c + 1
	bounds := make([]int, parts+1)
	for i := range bounds {
		bounds[i] = min(i*c, size)
	}
	return splitViews(op, tensor.View[T](v), ax, bounds)
}

// splitAxis checks the axis of a split of v and returns it in range, with
// v's size along it.
func splitAxis[T tensor.Element](op string, v tensor.View[T], axis int) (int, int, error) {
	ax, err := normalAxis(op, axis, v.Rank())
	if err != nil {
		return 0, 0, err
	}
	size, _ := v.Dim(ax)
	return ax, size, nil
}

// splitViews returns the views of v between consecutive bounds along ax,
// in [0, size]: v[bounds[i]:bounds[i+1]], empty where the second is the
// smaller.
func splitViews[T tensor.Element](op string, v tensor.View[T], ax int, bounds []int) ([]tensor.View[T], error) {
	parts := make([]tensor.View[T], len(bounds)-1)
	for i := range parts {
		var err error
		lo := bounds[i]
		if parts[i], err = v.Slice(ax, lo, max(lo, bounds[i+1]), 1); err != nil {
			return nil, errs.Wrap("ops", op, nil, err, "part %d of shape %v along axis %d", i, v.Shape(), ax)
		}
	}
	return parts, nil
}
