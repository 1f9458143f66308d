package layout

// View returns a layout of the given shape that reaches the same elements
// in the same row-major order, without moving data, whenever the strides
// allow it — also for non-contiguous layouts, following NumPy's no-copy
// reshape and PyTorch's view. For example a transposed layout can split or
// merge the axes it did not swap. One dimension may be -1: it is inferred
// from the size. No shape means rank 0, which needs a size of 1. A layout
// with no elements can always be reshaped.
//
// It returns ErrShape when the sizes differ, a dimension is negative other
// than a single -1, or -1 is used where the other dimensions multiply to 0;
// ErrOverflow when the size of shape overflows int; ErrRank above MaxRank;
// and ErrNotViewable when the elements cannot be reached with strides, in
// which case the data must be copied first (see tensor.View.Contiguous, or
// tensor.View.Reshape, which does it for you).
func (l Layout) View(shape ...int) (out Layout, err error) {
	err = out.setReshape("View", &l, shape)
	return
}

// SetView sets z to x.View(shape...) and returns nil, or returns View's
// error and leaves z unchanged. z and x may be the same.
func (z *Layout) SetView(x *Layout, shape ...int) error {
	return z.setReshape("View", x, shape)
}

// Flatten returns the layout as one axis of Size() elements, without moving
// data. It is View(-1): it returns ErrNotViewable when the elements
// cannot be walked with a single stride.
func (l Layout) Flatten() (out Layout, err error) {
	err = out.setReshape("Flatten", &l, []int{-1})
	return
}

// SetFlatten sets z to x.Flatten() and returns nil, or returns Flatten's
// error and leaves z unchanged. z and x may be the same.
func (z *Layout) SetFlatten(x *Layout) error {
	return z.setReshape("Flatten", x, []int{-1})
}

// setReshape builds the result in a local Layout, which it needs while it
// validates, and copies it to z at the end; so z may be x.
func (z *Layout) setReshape(op string, l *Layout, shape []int) error {
	out, err := l.reshape(op, shape)
	if err == nil {
		*z = out
	}
	return err
}

func (l *Layout) reshape(op string, shape []int) (Layout, error) {
	sh, st := l.dims()
	size := l.size()
	if len(shape) > MaxRank {
		return Layout{}, errorf(op, ErrRank, "rank %d exceeds MaxRank %d", len(shape), MaxRank)
	}
	out := alloc(len(shape), l.off)
	osh, ost := out.dims()
	copy(osh, shape)
	infer, known := -1, 1
	for i, d := range shape {
		switch {
		case d == -1 && infer < 0:
			infer = i
			continue
		case d < 0:
			return Layout{}, errorf(op, ErrShape, "invalid dimension %d at axis %d in %v", d, i, ints(shape))
		}
		var ok bool
		if known, ok = mul(known, d); !ok {
			return Layout{}, errorf(op, ErrOverflow, "cannot reshape size %d to %v: its size overflows int", size, ints(shape))
		}
	}
	if infer >= 0 {
		if known == 0 {
			return Layout{}, errorf(op, ErrShape, "cannot infer -1 in %v: the other dimensions multiply to 0", ints(shape))
		}
		osh[infer] = size / known
		known *= osh[infer]
	}
	if known != size {
		return Layout{}, errorf(op, ErrShape, "cannot reshape %v (size %d) to %v (size %d)", ints(sh), size, ints(shape), known)
	}
	if err := checkShape(op, osh); err != nil { // zero sizes hide overflow
		return Layout{}, err
	}
	if size == 0 || len(sh) == 0 {
		// Nothing to reach, or a single element: any packed strides do.
		// An empty layout reaches no offset; start it at 0 so that its
		// packed strides cannot carry the offset past math.MaxInt.
		fillPacked(osh, ost, false)
		if size == 0 {
			out.off = 0
		}
		return out, nil
	}
	if !restride(sh, st, osh, ost) {
		return Layout{}, errorf(op, ErrNotViewable, "cannot view %v with strides %v as %v", ints(sh), ints(st), ints(shape))
	}
	return out, nil
}

// restride fills ost with strides that walk the shape osh over the same
// elements, in the same row-major order, as shape sh with strides st, and
// reports whether that is possible. Both shapes have the same nonzero size.
//
// It splits the old axes into chunks that are packed among themselves
// (stride[i] == stride[i+1]*shape[i+1], size-1 axes ignored); each chunk can
// be re-split into any new axes whose sizes multiply to the chunk's size.
// Walking both shapes from the last axis, new axes are assigned to the
// current chunk until their product reaches its size; a mismatch means a new
// axis would straddle two chunks, which no stride can express.
func restride(sh, st, osh, ost []int) bool {
	v := len(osh) - 1
	base := st[len(st)-1] // stride of the innermost axis of the chunk
	chunk, view := 1, 1
	for t := len(sh) - 1; t >= 0; t-- {
		chunk *= sh[t]
		if t > 0 {
			if next, ok := mul(chunk, base); sh[t-1] == 1 || (ok && st[t-1] == next) {
				continue // axis t-1 extends the current chunk
			}
		}
		for v >= 0 && (view < chunk || osh[v] == 1) {
			ost[v] = view * base
			view *= osh[v]
			v--
		}
		if view != chunk {
			return false
		}
		if t > 0 {
			base, chunk, view = st[t-1], 1, 1
		}
	}
	return v < 0
}
