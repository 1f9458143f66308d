package ops

import (
	"slices"

	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/tensor"
)

// Tile returns a new tensor of v repeated reps[k] times along each axis
// k, np.tile: reps shorter than v's rank is read with leading 1s, longer
// gives v leading axes of length 1. It is one copy from a view of v that
// reaches each element reps times (stride 0), with no intermediate
// tensor. A negative rep is an error wrapping layout.ErrArg; a result too
// large for an int, one wrapping layout.ErrOverflow.
func Tile[T tensor.Element, V tensor.Operand[T]](v V, reps ...int) (tensor.Tensor[T], error) {
	const op = "Tile"
	vv := tensor.View[T](v)
	shape, err := tileShape(op, vv.Shape(), reps)
	if err != nil {
		return tensor.Tensor[T]{}, err
	}
	out, err := newResult[T](op, shape)
	if err != nil {
		return out, err
	}
	tile(out.View(), vv, reps)
	return out, nil
}

// TileInto writes Tile of v into dst, of the tiled shape; v may share
// memory with dst (it is then read from a copy). It returns the errors of
// Tile, layout.ErrShape for a dst of another shape and layout.ErrOverlap
// for one that reaches an element twice; nothing is written on error.
func TileInto[T tensor.Element, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V, reps ...int) error {
	const op = "TileInto"
	d, vv := tensor.View[T](dst), tensor.View[T](v)
	shape, err := tileShape(op, vv.Shape(), reps)
	if err != nil {
		return err
	}
	if err := replicaDst(op, d, &vv, shape); err != nil {
		return err
	}
	tile(d, vv, reps)
	return nil
}

// tileShape checks Tile's reps and returns the tiled shape.
func tileShape(op string, shape, reps []int) ([]int, error) {
	r := max(len(reps), len(shape))
	out := make([]int, r)
	for k := range out {
		n, rep := 1, 1
		if i := k - (r - len(shape)); i >= 0 {
			n = shape[i]
		}
		if i := k - (r - len(reps)); i >= 0 {
			rep = reps[i]
		}
		if rep < 0 {
			return nil, errorf(op, layout.ErrArg, "negative rep in %v", slices.Clone(reps))
		}
		m, ok := mulInts(n, rep)
		if !ok {
			return nil, errorf(op, layout.ErrOverflow, "shape %v tiled by %v overflows", slices.Clone(shape), slices.Clone(reps))
		}
		out[k] = m
	}
	return out, nil
}

// tile copies v tiled by reps into dst, of the tiled shape and sharing no
// memory with v, in one copy: each axis of dst whose rep and length are
// both above 1 is viewed as two, [rep, n], and v as the same shape with
// stride 0 along the rep axes, so that every element of v is read rep
// times.
func tile[T tensor.Element](dst, v tensor.View[T], reps []int) {
	if dst.Size() == 0 {
		return
	}
	r := dst.Rank()
	shape, strides, ds := v.Shape(), v.Strides(), dst.Strides()
	var sshape, sstrides, dstrides []int
	for k := range r {
		n, st, rep := 1, 0, 1
		if i := k - (r - len(shape)); i >= 0 {
			n, st = shape[i], strides[i]
		}
		if i := k - (r - len(reps)); i >= 0 {
			rep = reps[i]
		}
		switch {
		case rep > 1 && n > 1:
			sshape = append(sshape, rep, n)
			sstrides = append(sstrides, 0, st)
			dstrides = append(dstrides, ds[k]*n, ds[k])
		case rep > 1:
			sshape, sstrides, dstrides = append(sshape, rep), append(sstrides, 0), append(dstrides, ds[k])
		case n > 1:
			sshape, sstrides, dstrides = append(sshape, n), append(sstrides, st), append(dstrides, ds[k])
		}
		// Axes of length 1 on both sides are left out: each axis kept
		// at least doubles the size, so there are at most 62.
	}
	copyInto(splitView(dst, sshape, dstrides), splitView(v, sshape, sstrides))
}

// splitView returns the view of v's data from its offset with shape and
// strides, which reach elements of v only (v's axes split, or read again
// at stride 0).
func splitView[T tensor.Element](v tensor.View[T], shape, strides []int) tensor.View[T] {
	lay, err := layout.Strided(shape, strides, v.Offset())
	if err != nil {
		panic("ops: internal error: " + err.Error())
	}
	s, err := tensor.NewView(v.Data(), lay)
	if err != nil {
		panic("ops: internal error: " + err.Error())
	}
	return s
}

// mulInts returns a*b of non-negative ints, and false when it overflows.
func mulInts(a, b int) (int, bool) {
	if a == 0 || b == 0 {
		return 0, true
	}
	if a > int(^uint(0)>>1)/b {
		return 0, false
	}
	return a * b, true
}

// Repeat returns a new tensor of v with each element along axis repeated,
// np.repeat and torch.repeat_interleave: counts[0] times each with one
// count, counts[i] times the i-th with one count per element. A negative
// axis counts from the end. An axis out of range is an error wrapping
// layout.ErrAxis; a number of counts neither 1 nor the axis' length (so
// none only for an axis of length 0, as NumPy), or a negative count, one
// wrapping layout.ErrArg; a result too
// large for an int, one wrapping layout.ErrOverflow. With one count it is
// a single copy from a view of v that reaches each element count times.
func Repeat[T tensor.Element, V tensor.Operand[T]](v V, axis int, counts ...int) (tensor.Tensor[T], error) {
	const op = "Repeat"
	vv := tensor.View[T](v)
	ax, shape, err := repeatShape(op, vv, axis, counts)
	if err != nil {
		return tensor.Tensor[T]{}, err
	}
	out, err := newResult[T](op, shape)
	if err != nil {
		return out, err
	}
	repeat(out.View(), vv, ax, counts)
	return out, nil
}

// RepeatInto writes Repeat of v into dst, of the repeated shape; v may
// share memory with dst (it is then read from a copy). It returns the
// errors of Repeat, layout.ErrShape for a dst of another shape and
// layout.ErrOverlap for one that reaches an element twice; nothing is
// written on error.
func RepeatInto[T tensor.Element, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V, axis int, counts ...int) error {
	const op = "RepeatInto"
	d, vv := tensor.View[T](dst), tensor.View[T](v)
	ax, shape, err := repeatShape(op, vv, axis, counts)
	if err != nil {
		return err
	}
	if err := replicaDst(op, d, &vv, shape); err != nil {
		return err
	}
	repeat(d, vv, ax, counts)
	return nil
}

// repeatShape checks Repeat's arguments and returns the axis and the
// repeated shape.
func repeatShape[T tensor.Element](op string, v tensor.View[T], axis int, counts []int) (int, []int, error) {
	ax, err := normalAxis(op, axis, v.Rank())
	if err != nil {
		return 0, nil, err
	}
	shape := v.Shape()
	n := shape[ax]
	if len(counts) != 1 && len(counts) != n {
		return 0, nil, errorf(op, layout.ErrArg, "%d counts for axis %d of length %d: give 1 or %d", len(counts), ax, n, n)
	}
	total := 0
	for _, c := range counts {
		if c < 0 {
			return 0, nil, errorf(op, layout.ErrArg, "negative count %d", c)
		}
		t, ok := addInts(total, c)
		if !ok {
			return 0, nil, errorf(op, layout.ErrOverflow, "counts of axis %d overflow", ax)
		}
		total = t
	}
	if len(counts) == 1 {
		t, ok := mulInts(n, counts[0])
		if !ok {
			return 0, nil, errorf(op, layout.ErrOverflow, "axis %d of length %d repeated %d times overflows", ax, n, counts[0])
		}
		total = t
	}
	shape[ax] = total
	return ax, shape, nil
}

// repeat writes v repeated along axis ax by counts into dst, which shares
// no memory with v.
func repeat[T tensor.Element](dst, v tensor.View[T], ax int, counts []int) {
	if dst.Size() == 0 {
		return
	}
	shape := v.Shape()
	if len(counts) == 1 {
		// dst as [.., n, c, ..] from v with an axis of stride 0 after ax;
		// the other axes of length 1 left out, so that the added axis
		// fits within layout.MaxRank.
		c := counts[0]
		vs, ds := v.Strides(), dst.Strides()
		var sshape, sstrides, dstrides []int
		for k, n := range shape {
			if k == ax {
				sshape = append(sshape, n, c)
				sstrides = append(sstrides, vs[k], 0)
				dstrides = append(dstrides, ds[k]*c, ds[k])
			} else if n > 1 {
				sshape, sstrides, dstrides = append(sshape, n), append(sstrides, vs[k]), append(dstrides, ds[k])
			}
		}
		copyInto(splitView(dst, sshape, dstrides), splitView(v, sshape, sstrides))
		return
	}
	if m := dst.Shape()[ax]; ax == len(shape)-1 && m >= takeRowMin {
		// Along the last axis, each row gathered (take's columns), not a
		// strided copy of each column.
		idx := make([]int, 0, m)
		for i, c := range counts {
			for range c {
				idx = append(idx, i)
			}
		}
		take(dst, v, idx, ax)
		return
	}
	at := 0
	for i, c := range counts {
		if c == 0 {
			continue
		}
		s, _ := v.Slice(ax, i, i+1, 1)
		shape[ax] = c
		s, _ = s.Expand(shape...)
		d, _ := dst.Slice(ax, at, at+c, 1)
		copyInto(d, s)
		at += c
	}
}

// replicaDst checks dst, of the shape of a result built from v, and
// points v at a copy of itself when dst shares memory with it.
func replicaDst[T tensor.Element](op string, d tensor.View[T], v *tensor.View[T], shape []int) error {
	do, x := operandOf(&d), operandOf(v)
	if err := checkDst(op, do, shape); err != nil {
		return err
	}
	if sharesBytes(do, x) {
		*x = snapshot(x)
	}
	return nil
}

// copyInto copies src into dst, of the same shape and sharing no memory
// with it (a stride-0 src reads an element many times).
func copyInto[T tensor.Element](dst, src tensor.View[T]) {
	if err := dst.CopyFrom(src); err != nil {
		panic("ops: internal error: " + err.Error())
	}
}
