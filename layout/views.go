package layout

import (
	"math/bits"

	"github.com/tessera-go/tessera/internal/errs"
)

// This file holds the view transformations. Each one returns a new Layout
// that reaches a subset of the offsets of its receiver (or the same ones in
// another order), so the invariants of Layout hold without re-checking the
// span. None of them moves data, and none of them modifies its receiver.
//
// Each transformation X has three parts: the value method X, the method
// SetX that stores the result in a Layout the caller provides, and the
// implementation setX, which validates everything before it writes z (so
// z is unchanged on error). The value method is setX into its named
// result. SetX lets package tensor build a view's layout in place, inside
// the View it returns: a Layout is 152 bytes, and copying it from one
// result to the next was most of the time of a view operation
// (BenchmarkPermute in package ops).

// axisSet normalizes axes and returns them as a bit set over [0, rank); ok
// is false when an axis is out of range or named twice (axesError says
// which). It is small enough to inline.
func axisSet(axes []int, rank int) (set uint64, ok bool) {
	for _, a := range axes {
		a += rank & (a >> (bits.UintSize - 1)) // a negative axis counts from the end
		if uint(a) >= uint(rank) || set>>a&1 != 0 {
			return 0, false
		}
		set |= 1 << a
	}
	return set, true
}

// axesError explains why axisSet refused axes (errs.Axes, the rule of
// package ops too).
func axesError(op string, axes []int, rank int) error {
	_, err := errs.Axes("layout", op, ErrAxis, ErrDuplicateAxis, axes, rank)
	return err
}

// Transpose returns the layout with axes a and b swapped; negative axes count
// from the end. The result reaches the same elements. It returns ErrAxis for
// an axis out of range.
func (l Layout) Transpose(a, b int) (out Layout, err error) {
	err = out.setTranspose(&l, a, b)
	return
}

// SetTranspose sets z to x.Transpose(a, b) and returns nil, or returns
// Transpose's error and leaves z unchanged. z and x may be the same.
func (z *Layout) SetTranspose(x *Layout, a, b int) error {
	if z == x {
		c := *x
		x = &c
	}
	return z.setTranspose(x, a, b)
}

func (z *Layout) setTranspose(l *Layout, a, b int) error {
	const op = "Transpose"
	sh, st := l.dims()
	a, err := normAxis(op, a, len(sh))
	if err != nil {
		return err
	}
	if b, err = normAxis(op, b, len(sh)); err != nil {
		return err
	}
	osh, ost := z.init(len(sh), l.off)
	copy(osh, sh)
	copy(ost, st)
	osh[a], osh[b] = osh[b], osh[a]
	ost[a], ost[b] = ost[b], ost[a]
	return nil
}

// Permute returns the layout whose axis i is axis axes[i] of l, like NumPy's
// transpose(axes) and PyTorch's permute. Negative axes count from the end.
// It returns ErrAxis when len(axes) is not the rank or an axis is out of
// range, and ErrDuplicateAxis when an axis is named twice.
func (l Layout) Permute(axes ...int) (out Layout, err error) {
	err = out.setPermute(&l, axes)
	return
}

// SetPermute sets z to x.Permute(axes...) and returns nil, or returns
// Permute's error and leaves z unchanged. z and x may be the same.
func (z *Layout) SetPermute(x *Layout, axes ...int) error {
	if z == x {
		c := *x
		x = &c
	}
	return z.setPermute(x, axes)
}

func (z *Layout) setPermute(l *Layout, axes []int) error {
	const op = "Permute"
	sh, st := l.dims()
	if len(axes) != len(sh) {
		return errorf(op, ErrAxis, "%d axes %v for rank %d", len(axes), ints(axes), len(sh))
	}
	if _, ok := axisSet(axes, len(sh)); !ok {
		return axesError(op, axes, len(sh))
	}
	osh, ost := z.init(len(sh), l.off)
	for i, ax := range axes {
		if ax < 0 {
			ax += len(sh)
		}
		osh[i], ost[i] = sh[ax], st[ax]
	}
	return nil
}

// Squeeze returns the layout without the given size-1 axes; with no axes it
// removes every size-1 axis. It returns ErrAxis for an axis out of range,
// ErrDuplicateAxis for an axis named twice and ErrShape for an axis whose
// size is not 1 (as NumPy does).
func (l Layout) Squeeze(axes ...int) (out Layout, err error) {
	err = out.setSqueeze(&l, axes)
	return
}

// SetSqueeze sets z to x.Squeeze(axes...) and returns nil, or returns
// Squeeze's error and leaves z unchanged. z and x may be the same.
func (z *Layout) SetSqueeze(x *Layout, axes ...int) error {
	if z == x {
		c := *x
		x = &c
	}
	return z.setSqueeze(x, axes)
}

func (z *Layout) setSqueeze(l *Layout, axes []int) error {
	const op = "Squeeze"
	sh, st := l.dims()
	set, ok := axisSet(axes, len(sh))
	if !ok {
		return axesError(op, axes, len(sh))
	}
	if len(axes) == 0 {
		for i, d := range sh {
			if d == 1 {
				set |= 1 << i
			}
		}
	}
	n := 0
	for i, d := range sh {
		if set&(1<<i) == 0 {
			n++
		} else if d != 1 {
			return errorf(op, ErrShape, "axis %d has size %d, not 1, in shape %v", i, d, ints(sh))
		}
	}
	osh, ost := z.init(n, l.off)
	j := 0
	for i := range sh {
		if set&(1<<i) == 0 {
			osh[j], ost[j] = sh[i], st[i]
			j++
		}
	}
	return nil
}

// Unsqueeze returns the layout with a new size-1 axis at position axis of
// the result; a negative axis counts from the end of the result, so -1
// appends. It returns ErrAxis for an axis outside [-rank-1, rank] and ErrRank
// when the result would exceed MaxRank.
func (l Layout) Unsqueeze(axis int) (out Layout, err error) {
	err = out.setUnsqueeze(&l, axis)
	return
}

// SetUnsqueeze sets z to x.Unsqueeze(axis) and returns nil, or returns
// Unsqueeze's error and leaves z unchanged. z and x may be the same.
func (z *Layout) SetUnsqueeze(x *Layout, axis int) error {
	if z == x {
		c := *x
		x = &c
	}
	return z.setUnsqueeze(x, axis)
}

func (z *Layout) setUnsqueeze(l *Layout, axis int) error {
	const op = "Unsqueeze"
	sh, st := l.dims()
	if len(sh) == MaxRank {
		return errorf(op, ErrRank, "rank %d is already MaxRank", len(sh))
	}
	a, err := normAxis(op, axis, len(sh)+1)
	if err != nil {
		return err
	}
	osh, ost := z.init(len(sh)+1, l.off)
	copy(osh, sh[:a])
	copy(ost, st[:a])
	copy(osh[a+1:], sh[a:])
	copy(ost[a+1:], st[a:])
	// The stride of a size-1 axis is never used; pick the one that keeps the
	// layout packed, as PyTorch does.
	osh[a], ost[a] = 1, 1
	if a < len(sh) {
		if s, ok := mul(sh[a], st[a]); ok {
			ost[a] = s
		}
	}
	return nil
}

// Slice returns the layout restricted to indices start, start+step, … below
// stop along axis, like NumPy's a[start:stop:step] on that axis. A negative
// bound counts from the end, as in NumPy (a[-5:] is Slice(axis, -5, dim,
// 1)), but bounds are never clamped: after counting from the end it
// returns ErrIndex unless 0 <= start <= stop <= dim (so each bound lies in
// [-dim, dim]) and step >= 1, and ErrAxis for an axis out of range.
// start == stop gives an empty layout, as in NumPy.
func (l Layout) Slice(axis, start, stop, step int) (out Layout, err error) {
	err = out.setSlice(&l, axis, start, stop, step)
	return
}

// SetSlice sets z to x.Slice(axis, start, stop, step) and returns nil, or
// returns Slice's error and leaves z unchanged. z and x may be the same.
func (z *Layout) SetSlice(x *Layout, axis, start, stop, step int) error {
	if z == x {
		c := *x
		x = &c
	}
	return z.setSlice(x, axis, start, stop, step)
}

func (z *Layout) setSlice(l *Layout, axis, start, stop, step int) error {
	const op = "Slice"
	sh, st := l.dims()
	a, err := normAxis(op, axis, len(sh))
	if err != nil {
		return err
	}
	d, start0, stop0 := sh[a], start, stop
	if start < 0 {
		start += d // from the end; still negative if it was below -d
	}
	if stop < 0 {
		stop += d
	}
	if start < 0 || start > stop || stop > d || step < 1 {
		return errorf(op, ErrIndex, "[%d:%d:%d] out of range for axis %d with size %d", start0, stop0, step, a, d)
	}
	osh, ost := z.init(len(sh), l.off)
	copy(osh, sh)
	copy(ost, st)
	n := 0
	if stop > start {
		n = (stop-start-1)/step + 1 // without overflow for any step
	}
	osh[a] = n
	if start < sh[a] {
		z.off += start * st[a] // reachable, so it fits
	}
	if n > 1 {
		ost[a] = st[a] * step // (n-1)*step*stride is reachable, so it fits
	}
	return nil
}

// Select returns the layout of the elements whose index along axis is
// index, with that axis removed, like NumPy's a[index] on axis 0 or
// PyTorch's select. A negative index counts from the end (-1 is the
// last). It returns ErrAxis for an axis out of range and ErrIndex unless
// -dim <= index < dim.
func (l Layout) Select(axis, index int) (out Layout, err error) {
	err = out.setSelect(&l, axis, index)
	return
}

// SetSelect sets z to x.Select(axis, index) and returns nil, or returns
// Select's error and leaves z unchanged. z and x may be the same.
func (z *Layout) SetSelect(x *Layout, axis, index int) error {
	if z == x {
		c := *x
		x = &c
	}
	return z.setSelect(x, axis, index)
}

func (z *Layout) setSelect(l *Layout, axis, index int) error {
	const op = "Select"
	sh, st := l.dims()
	a, err := normAxis(op, axis, len(sh))
	if err != nil {
		return err
	}
	i := index
	if i < 0 {
		i += sh[a] // from the end
	}
	if i < 0 || i >= sh[a] {
		return errorf(op, ErrIndex, "index %d out of range for axis %d with size %d", index, a, sh[a])
	}
	osh, ost := z.init(len(sh)-1, l.off+i*st[a]) // reachable, so it fits
	copy(osh, sh[:a])
	copy(ost, st[:a])
	copy(osh[a:], sh[a+1:])
	copy(ost[a:], st[a+1:])
	return nil
}

// Flip returns the layout with the order of the elements along the given
// axes reversed, like NumPy's flip; with no axes it flips every axis. The
// flipped axes get negative strides. It returns ErrAxis for an axis out of
// range and ErrDuplicateAxis for an axis named twice.
func (l Layout) Flip(axes ...int) (out Layout, err error) {
	err = out.setFlip(&l, axes)
	return
}

// SetFlip sets z to x.Flip(axes...) and returns nil, or returns Flip's
// error and leaves z unchanged. z and x may be the same.
func (z *Layout) SetFlip(x *Layout, axes ...int) error {
	if z == x {
		c := *x
		x = &c
	}
	return z.setFlip(x, axes)
}

func (z *Layout) setFlip(l *Layout, axes []int) error {
	const op = "Flip"
	sh, st := l.dims()
	set, ok := axisSet(axes, len(sh))
	if !ok {
		return axesError(op, axes, len(sh))
	}
	if len(axes) == 0 {
		set = ^uint64(0)
	}
	osh, ost := z.init(len(sh), l.off)
	copy(osh, sh)
	copy(ost, st)
	for i, d := range sh {
		if set&(1<<i) != 0 && d > 0 {
			z.off += (d - 1) * st[i]
			ost[i] = -st[i]
		}
	}
	return nil
}

// Expand returns the layout broadcast to shape by NumPy's broadcast_to rules:
// shape has at least the rank of l; its trailing axes match those of l,
// where an axis of size 1 may take any size (including 0) and gets stride 0;
// new leading axes get stride 0. Several indices of the result then reach
// the same element, so a broadcast layout must not be written through.
//
// It returns ErrShape for a negative size or an axis that cannot broadcast,
// ErrRank for a rank below l's or above MaxRank and ErrOverflow when the
// size of the result does not fit in an int.
func (l Layout) Expand(shape ...int) (out Layout, err error) {
	err = out.setExpand(&l, shape)
	return
}

// SetExpand sets z to x.Expand(shape...) and returns nil, or returns
// Expand's error and leaves z unchanged. z and x may be the same.
func (z *Layout) SetExpand(x *Layout, shape ...int) error {
	if z == x {
		c := *x
		x = &c
	}
	return z.setExpand(x, shape)
}

func (z *Layout) setExpand(l *Layout, shape []int) error {
	const op = "Expand"
	sh, st := l.dims()
	if len(shape) < len(sh) {
		return errorf(op, ErrRank, "cannot expand rank %d %v to rank %d %v", len(sh), ints(sh), len(shape), ints(shape))
	}
	if err := checkShape(op, shape); err != nil {
		return err
	}
	lead := len(shape) - len(sh)
	for i, d := range sh {
		if want := shape[lead+i]; want != d && d != 1 {
			return errorf(op, ErrShape, "cannot expand %v to %v: axis %d has size %d, not 1 or %d", ints(sh), ints(shape), i, d, want)
		}
	}
	osh, ost := z.init(len(shape), l.off)
	copy(osh, shape)
	for i, d := range sh {
		if shape[lead+i] == d {
			ost[lead+i] = st[i]
		} // else d is 1, broadcast with stride 0
	}
	return nil
}

// BroadcastShapes returns the shape that all the given shapes broadcast to
// under NumPy's rules: shapes are aligned at their last axis, and along each
// axis the sizes must be equal or 1. No shapes give rank 0. It returns
// ErrShape when two sizes differ and neither is 1 or a size is negative, and
// ErrRank when a shape exceeds MaxRank.
func BroadcastShapes(shapes ...[]int) ([]int, error) {
	out, err := broadcastShapes("BroadcastShapes", []int{}, shapes)
	if err != nil {
		return nil, err
	}
	return out, nil
}

// AppendBroadcastShapes is BroadcastShapes appending the shape to dst, as
// [Layout.AppendShape] does: with room in dst (an array on the caller's
// stack), it allocates nothing. On error it returns dst unchanged, though
// the room beyond len(dst) may have been written.
func AppendBroadcastShapes(dst []int, shapes ...[]int) ([]int, error) {
	return broadcastShapes("AppendBroadcastShapes", dst, shapes)
}

func broadcastShapes(op string, dst []int, shapes [][]int) ([]int, error) {
	rank := 0
	for _, s := range shapes {
		if err := checkShape(op, s); err != nil {
			return dst, err
		}
		rank = max(rank, len(s))
	}
	n := len(dst)
	if cap(dst)-n < rank { // one allocation, not append's doublings
		dst = append(make([]int, 0, n+rank), dst...)
	}
	for range rank {
		dst = append(dst, 1)
	}
	out := dst[n:]
	for _, s := range shapes {
		lead := rank - len(s)
		for i, d := range s {
			switch o := out[lead+i]; {
			case o == d || d == 1:
			case o == 1:
				out[lead+i] = d
			default:
				return dst[:n], errorf(op, ErrShape, "shapes %v do not broadcast: axis %d has sizes %d and %d", shapesCopy(shapes), lead+i-rank, o, d)
			}
		}
	}
	if err := checkShape(op, out); err != nil {
		return dst[:n], err
	}
	return dst, nil
}

// shapesCopy copies shapes for an error message, as ints does one shape,
// so that the callers' shapes do not escape to the heap.
func shapesCopy(shapes [][]int) [][]int {
	cp := make([][]int, len(shapes))
	for i, s := range shapes {
		cp[i] = ints(s)
	}
	return cp
}
