package layout

// This file holds the view transformations. Each one returns a new Layout
// that reaches a subset of the offsets of its receiver (or the same ones in
// another order), so the invariants of Layout hold without re-checking the
// span. None of them moves data, and none of them modifies its receiver.

// axisSet normalizes axes and returns them as a bit set over [0, rank),
// reporting ErrAxis and ErrDuplicateAxis.
func axisSet(op string, axes []int, rank int) (uint64, error) {
	var set uint64
	for _, ax := range axes {
		a := ax
		if a < 0 {
			a += rank
		}
		if uint(a) >= uint(rank) || set&(1<<a) != 0 {
			return 0, axesError(op, axes, rank)
		}
		set |= 1 << a
	}
	return set, nil
}

// axesError explains why axisSet refused axes.
func axesError(op string, axes []int, rank int) error {
	var set uint64
	for _, ax := range axes {
		a, err := normAxis(op, ax, rank)
		if err != nil {
			return err
		}
		if set&(1<<a) != 0 {
			return errorf(op, ErrDuplicateAxis, "duplicate axis %d in %v", ax, ints(axes))
		}
		set |= 1 << a
	}
	return nil
}

// Transpose returns the layout with axes a and b swapped; negative axes count
// from the end. The result reaches the same elements. It returns ErrAxis for
// an axis out of range.
func (l Layout) Transpose(a, b int) (Layout, error) { return l.transpose(a, b) }

func (l *Layout) transpose(a, b int) (Layout, error) {
	const op = "Transpose"
	sh, st := l.dims()
	a, err := normAxis(op, a, len(sh))
	if err != nil {
		return Layout{}, err
	}
	if b, err = normAxis(op, b, len(sh)); err != nil {
		return Layout{}, err
	}
	out := alloc(len(sh), l.off)
	osh, ost := out.dims()
	copy(osh, sh)
	copy(ost, st)
	osh[a], osh[b] = osh[b], osh[a]
	ost[a], ost[b] = ost[b], ost[a]
	return out, nil
}

// Permute returns the layout whose axis i is axis axes[i] of l, like NumPy's
// transpose(axes) and PyTorch's permute. Negative axes count from the end.
// It returns ErrAxis when len(axes) is not the rank or an axis is out of
// range, and ErrDuplicateAxis when an axis is named twice.
func (l Layout) Permute(axes ...int) (Layout, error) { return l.permute(axes) }

func (l *Layout) permute(axes []int) (Layout, error) {
	const op = "Permute"
	sh, st := l.dims()
	if len(axes) != len(sh) {
		return Layout{}, errorf(op, ErrAxis, "%d axes %v for rank %d", len(axes), ints(axes), len(sh))
	}
	if _, err := axisSet(op, axes, len(sh)); err != nil {
		return Layout{}, err
	}
	out := alloc(len(sh), l.off)
	osh, ost := out.dims()
	for i, ax := range axes {
		if ax < 0 {
			ax += len(sh)
		}
		osh[i], ost[i] = sh[ax], st[ax]
	}
	return out, nil
}

// Squeeze returns the layout without the given size-1 axes; with no axes it
// removes every size-1 axis. It returns ErrAxis for an axis out of range,
// ErrDuplicateAxis for an axis named twice and ErrShape for an axis whose
// size is not 1 (as NumPy does).
func (l Layout) Squeeze(axes ...int) (Layout, error) { return l.squeeze(axes...) }

func (l *Layout) squeeze(axes ...int) (Layout, error) {
	const op = "Squeeze"
	sh, st := l.dims()
	set, err := axisSet(op, axes, len(sh))
	if err != nil {
		return Layout{}, err
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
			return Layout{}, errorf(op, ErrShape, "axis %d has size %d, not 1, in shape %v", i, d, ints(sh))
		}
	}
	out := alloc(n, l.off)
	osh, ost := out.dims()
	j := 0
	for i := range sh {
		if set&(1<<i) == 0 {
			osh[j], ost[j] = sh[i], st[i]
			j++
		}
	}
	return out, nil
}

// Unsqueeze returns the layout with a new size-1 axis at position axis of
// the result; a negative axis counts from the end of the result, so -1
// appends. It returns ErrAxis for an axis outside [-rank-1, rank] and ErrRank
// when the result would exceed MaxRank.
func (l Layout) Unsqueeze(axis int) (Layout, error) { return l.unsqueeze(axis) }

func (l *Layout) unsqueeze(axis int) (Layout, error) {
	const op = "Unsqueeze"
	sh, st := l.dims()
	if len(sh) == MaxRank {
		return Layout{}, errorf(op, ErrRank, "rank %d is already MaxRank", len(sh))
	}
	a, err := normAxis(op, axis, len(sh)+1)
	if err != nil {
		return Layout{}, err
	}
	out := alloc(len(sh)+1, l.off)
	osh, ost := out.dims()
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
	return out, nil
}

// Slice returns the layout restricted to indices start, start+step, … below
// stop along axis, like NumPy's a[start:stop:step] on that axis. Bounds are
// never clamped: it returns ErrIndex unless 0 <= start <= stop <= dim and
// step >= 1, and ErrAxis for an axis out of range. start == stop gives an
// empty layout, as in NumPy.
func (l Layout) Slice(axis, start, stop, step int) (Layout, error) {
	return l.slice(axis, start, stop, step)
}

func (l *Layout) slice(axis, start, stop, step int) (Layout, error) {
	const op = "Slice"
	sh, st := l.dims()
	a, err := normAxis(op, axis, len(sh))
	if err != nil {
		return Layout{}, err
	}
	if d := sh[a]; start < 0 || start > stop || stop > d || step < 1 {
		return Layout{}, errorf(op, ErrIndex, "[%d:%d:%d] out of range for axis %d with size %d", start, stop, step, a, d)
	}
	out := alloc(len(sh), l.off)
	osh, ost := out.dims()
	copy(osh, sh)
	copy(ost, st)
	n := 0
	if stop > start {
		n = (stop-start-1)/step + 1 // without overflow for any step
	}
	osh[a] = n
	if start < sh[a] {
		out.off += start * st[a] // reachable, so it fits
	}
	if n > 1 {
		ost[a] = st[a] * step // (n-1)*step*stride is reachable, so it fits
	}
	return out, nil
}

// Select returns the layout of the elements whose index along axis is
// index, with that axis removed, like NumPy's a[index] on axis 0 or
// PyTorch's select. It returns ErrAxis for an axis out of range and
// ErrIndex unless 0 <= index < dim.
func (l Layout) Select(axis, index int) (Layout, error) { return l.selectAxis(axis, index) }

func (l *Layout) selectAxis(axis, index int) (Layout, error) {
	const op = "Select"
	sh, st := l.dims()
	a, err := normAxis(op, axis, len(sh))
	if err != nil {
		return Layout{}, err
	}
	if index < 0 || index >= sh[a] {
		return Layout{}, errorf(op, ErrIndex, "index %d out of range for axis %d with size %d", index, a, sh[a])
	}
	out := alloc(len(sh)-1, l.off+index*st[a]) // reachable, so it fits
	osh, ost := out.dims()
	copy(osh, sh[:a])
	copy(ost, st[:a])
	copy(osh[a:], sh[a+1:])
	copy(ost[a:], st[a+1:])
	return out, nil
}

// Flip returns the layout with the order of the elements along the given
// axes reversed, like NumPy's flip; with no axes it flips every axis. The
// flipped axes get negative strides. It returns ErrAxis for an axis out of
// range and ErrDuplicateAxis for an axis named twice.
func (l Layout) Flip(axes ...int) (Layout, error) { return l.flip(axes...) }

func (l *Layout) flip(axes ...int) (Layout, error) {
	const op = "Flip"
	sh, st := l.dims()
	set, err := axisSet(op, axes, len(sh))
	if err != nil {
		return Layout{}, err
	}
	if len(axes) == 0 {
		set = ^uint64(0)
	}
	out := alloc(len(sh), l.off)
	osh, ost := out.dims()
	copy(osh, sh)
	copy(ost, st)
	for i, d := range sh {
		if set&(1<<i) != 0 && d > 0 {
			out.off += (d - 1) * st[i]
			ost[i] = -st[i]
		}
	}
	return out, nil
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
func (l Layout) Expand(shape ...int) (Layout, error) { return l.expand(shape...) }

func (l *Layout) expand(shape ...int) (Layout, error) {
	const op = "Expand"
	sh, st := l.dims()
	if len(shape) < len(sh) {
		return Layout{}, errorf(op, ErrRank, "cannot expand rank %d %v to rank %d %v", len(sh), ints(sh), len(shape), ints(shape))
	}
	if err := checkShape(op, shape); err != nil {
		return Layout{}, err
	}
	lead := len(shape) - len(sh)
	out := alloc(len(shape), l.off)
	osh, ost := out.dims()
	copy(osh, shape)
	for i, d := range sh {
		switch want := shape[lead+i]; {
		case want == d:
			ost[lead+i] = st[i]
		case d == 1:
			ost[lead+i] = 0
		default:
			return Layout{}, errorf(op, ErrShape, "cannot expand %v to %v: axis %d has size %d, not 1 or %d", ints(sh), ints(shape), i, d, want)
		}
	}
	return out, nil
}

// BroadcastShapes returns the shape that all the given shapes broadcast to
// under NumPy's rules: shapes are aligned at their last axis, and along each
// axis the sizes must be equal or 1. No shapes give rank 0. It returns
// ErrShape when two sizes differ and neither is 1 or a size is negative, and
// ErrRank when a shape exceeds MaxRank.
func BroadcastShapes(shapes ...[]int) ([]int, error) {
	const op = "BroadcastShapes"
	rank := 0
	for _, s := range shapes {
		if err := checkShape(op, s); err != nil {
			return nil, err
		}
		rank = max(rank, len(s))
	}
	out := make([]int, rank)
	for i := range out {
		out[i] = 1
	}
	for _, s := range shapes {
		lead := rank - len(s)
		for i, d := range s {
			switch o := out[lead+i]; {
			case o == d || d == 1:
			case o == 1:
				out[lead+i] = d
			default:
				return nil, errorf(op, ErrShape, "shapes %v do not broadcast: axis %d has sizes %d and %d", shapes, lead+i-rank, o, d)
			}
		}
	}
	if err := checkShape(op, out); err != nil {
		return nil, err
	}
	return out, nil
}
