package layout

// Diagonal returns the layout of the diagonal of the matrices that axes
// axis1 and axis2 span, like NumPy's diagonal(offset, axis1, axis2): both
// axes are removed and a new last axis walks the elements (i, i+offset)
// when offset >= 0 and (i-offset, i) when it is negative, with the sum of
// the two strides. Its size is the diagonal's length, 0 when offset is
// outside the matrix. The elements are those of l: no data moves.
//
// It returns ErrRank for a rank below 2, ErrAxis for an axis out of range
// and ErrDuplicateAxis when axis1 and axis2 are the same axis.
func (l Layout) Diagonal(offset, axis1, axis2 int) (Layout, error) {
	const op = "Diagonal"
	sh, st := l.dims()
	if len(sh) < 2 {
		return Layout{}, errorf(op, ErrRank, "rank %d: a diagonal needs two axes", len(sh))
	}
	a, err := normAxis(op, axis1, len(sh))
	if err != nil {
		return Layout{}, err
	}
	b, err := normAxis(op, axis2, len(sh))
	if err != nil {
		return Layout{}, err
	}
	if a == b {
		return Layout{}, errorf(op, ErrDuplicateAxis, "axis1 %d and axis2 %d are the same axis", axis1, axis2)
	}
	// The diagonal starts at (r0, c0) and has n elements.
	r0, c0, n := 0, 0, 0
	switch {
	case offset >= 0 && offset < sh[b]:
		c0, n = offset, min(sh[a], sh[b]-offset)
	case offset < 0 && offset > -sh[a]: // -offset < sh[a]: no overflow
		r0, n = -offset, min(sh[a]+offset, sh[b])
	}
	off, size := l.off, l.size()
	if n > 0 && size > 0 {
		off += r0*st[a] + c0*st[b] // the first element is reachable: fits
	}
	step, ok := add(st[a], st[b]) // (n-1)*step is reachable when n > 1
	if !ok {
		step = 1 // then n <= 1 or the layout is empty: never used
	}
	var out Layout
	osh, ost := out.init(len(sh)-1, off)
	k := 0
	for i := range sh {
		if i != a && i != b {
			osh[k], ost[k] = sh[i], st[i]
			k++
		}
	}
	osh[k], ost[k] = n, step
	return out, nil
}

// Windows returns the layout of the windows of size elements along axis,
// one every step elements, like NumPy's sliding_window_view followed by a
// step (sliding_window_view(a, size, axis)[..., ::step, ...]): axis keeps
// its place and becomes the (dim-size)/step+1 window starts, and a new
// last axis walks the size elements of each window. Windows overlap when
// step < size, so two indices can reach one element: such a layout is
// read-only for copies (ErrOverlap). Windows of several axes are calls in
// turn, their window axes last in call order: an NCHW image's windows
// along H then W have shape [N C OH OW KH KW], im2col without a copy.
//
// It returns ErrIndex unless 0 <= size <= dim and step >= 1, ErrAxis for an
// axis out of range and ErrRank when l already has MaxRank axes.
func (l Layout) Windows(axis, size, step int) (Layout, error) {
	const op = "Windows"
	sh, st := l.dims()
	a, err := normAxis(op, axis, len(sh))
	if err != nil {
		return Layout{}, err
	}
	if len(sh) == MaxRank {
		return Layout{}, errorf(op, ErrRank, "rank %d is already MaxRank", len(sh))
	}
	if d := sh[a]; size < 0 || size > d || step < 1 {
		return Layout{}, errorf(op, ErrIndex, "windows of %d every %d out of range for axis %d with size %d", size, step, a, d)
	}
	var out Layout
	osh, ost := out.init(len(sh)+1, l.off)
	copy(osh, sh)
	copy(ost, st)
	count := (sh[a]-size)/step + 1
	osh[a], osh[len(sh)] = count, size
	ost[len(sh)] = st[a]
	// The last window's start, (count-1)*step, is an index below the
	// dimension: (count-1)*step*stride is reachable and fits when the
	// windows are not empty.
	if s, ok := mul(st[a], step); ok && count > 1 && size > 0 {
		ost[a] = s
	}
	return out, nil
}
