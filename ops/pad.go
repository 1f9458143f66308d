package ops

import (
	"fmt"
	"slices"

	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/tensor"
)

// PadMode is how Pad fills the elements it adds, NumPy's pad modes.
type PadMode uint8

const (
	// PadConstant fills with a value: [1 2 3] padded by 2 with 0 is
	// [0 0 1 2 3 0 0].
	PadConstant PadMode = iota
	// PadEdge repeats the edge element: [1 1 1 2 3 3 3].
	PadEdge
	// PadReflect mirrors about the edge element, which is not repeated:
	// [3 2 1 2 3 2 1].
	PadReflect
	// PadSymmetric mirrors about the edge, the edge element repeated:
	// [2 1 1 2 3 3 2].
	PadSymmetric
	// PadWrap continues from the other end: [2 3 1 2 3 1 2].
	PadWrap
)

var padNames = [...]string{"PadConstant", "PadEdge", "PadReflect", "PadSymmetric", "PadWrap"}

// String returns the mode's name, such as "PadReflect".
func (m PadMode) String() string {
	if int(m) < len(padNames) {
		return padNames[m]
	}
	return fmt.Sprintf("PadMode(%d)", uint8(m))
}

// Pad returns a new tensor holding v with widths[k][0] elements added
// before and widths[k][1] after it along each axis k, filled as mode says
// (value is PadConstant's, unused by the other modes): np.pad. One pair
// of widths pads every axis alike. The axes are padded in order, each
// over the extent of the axes before it already padded, so corners are
// filled as NumPy fills them; widths beyond an axis' length repeat the
// mode's pattern (a reflection of the reflection, NumPy's result).
// Widths of another length than 1 or v's rank, a negative width or an
// unknown mode are errors wrapping layout.ErrArg, as is padding an axis
// of length 0 by any mode but PadConstant (there is nothing to repeat);
// a result too large for an int, one wrapping layout.ErrOverflow.
func Pad[T tensor.Element, V tensor.Operand[T]](v V, widths [][2]int, mode PadMode, value T) (tensor.Tensor[T], error) {
	const op = "Pad"
	vv := tensor.View[T](v)
	shape, err := padShape(op, vv.Shape(), widths, mode)
	if err != nil {
		return tensor.Tensor[T]{}, err
	}
	out, err := newResult[T](op, shape)
	if err != nil {
		return out, err
	}
	pad(out.View(), vv, widths, mode, value)
	return out, nil
}

// PadInto writes Pad of v into dst, of the padded shape; v may share
// memory with dst (it is then read from a copy). It returns the errors of
// Pad, layout.ErrShape for a dst of another shape and layout.ErrOverlap
// for one that reaches an element twice; nothing is written on error.
func PadInto[T tensor.Element, D tensor.Operand[T], V tensor.Operand[T]](dst D, v V, widths [][2]int, mode PadMode, value T) error {
	const op = "PadInto"
	d, vv := tensor.View[T](dst), tensor.View[T](v)
	shape, err := padShape(op, vv.Shape(), widths, mode)
	if err != nil {
		return err
	}
	do, x := operandOf(&d), operandOf(&vv)
	if err := checkDst(op, do, shape); err != nil {
		return err
	}
	if sharesBytes(do, x) {
		*x = snapshot(x)
	}
	pad(d, vv, widths, mode, value)
	return nil
}

// padShape checks Pad's arguments and returns the padded shape.
func padShape(op string, shape []int, widths [][2]int, mode PadMode) ([]int, error) {
	if mode > PadWrap {
		return nil, errorf(op, layout.ErrArg, "unknown mode %v", mode)
	}
	if len(widths) != 1 && len(widths) != len(shape) {
		return nil, errorf(op, layout.ErrArg, "%d pairs of widths for shape %v: give 1 or %d", len(widths), shape, len(shape))
	}
	out := slices.Clone(shape)
	for k, n := range shape {
		w := padWidths(widths, k)
		if w[0] < 0 || w[1] < 0 {
			return nil, errorf(op, layout.ErrArg, "negative width %v for axis %d", w, k)
		}
		if n == 0 && mode != PadConstant && w[0]+w[1] > 0 {
			return nil, errorf(op, layout.ErrArg, "axis %d of shape %v has no elements to pad from by %v", k, shape, mode)
		}
		m, ok := addInts(n, w[0], w[1])
		if !ok {
			return nil, errorf(op, layout.ErrOverflow, "axis %d of length %d padded by %v overflows", k, n, w)
		}
		out[k] = m
	}
	return out, nil
}

// addInts returns the sum of non-negative ints, and false when it
// overflows.
func addInts(xs ...int) (int, bool) {
	s := 0
	for _, x := range xs {
		if s > int(^uint(0)>>1)-x {
			return 0, false
		}
		s += x
	}
	return s, true
}

// padWidths returns the widths of axis k.
func padWidths(widths [][2]int, k int) [2]int {
	if len(widths) == 1 {
		return widths[0]
	}
	return widths[k]
}

// pad writes v padded into dst, which shares no memory with v: v into its
// place, then along each axis k the widths before and after it, over the
// region whose axes before k are whole and whose axes after k are v's.
func pad[T tensor.Element](dst, v tensor.View[T], widths [][2]int, mode PadMode, value T) {
	if dst.Size() == 0 {
		return
	}
	shape := v.Shape()
	inner := dst
	for k, n := range shape {
		w := padWidths(widths, k)
		inner, _ = inner.Slice(k, w[0], w[0]+n, 1)
	}
	copyInto(inner, v)
	for k, n := range shape {
		roi := dst // axes before k and k itself whole, the others v's
		for j := k + 1; j < len(shape); j++ {
			wj := padWidths(widths, j)
			roi, _ = roi.Slice(j, wj[0], wj[0]+shape[j], 1)
		}
		padAxis(roi, k, n, padWidths(widths, k), mode, value)
	}
}

// padAxis fills the widths w before and after the n elements along axis k
// of roi, at w[0] to w[0]+n, as mode says.
func padAxis[T tensor.Element](roi tensor.View[T], k, n int, w [2]int, mode PadMode, value T) {
	if w[0]+w[1] == 0 || roi.Size() == 0 {
		return
	}
	slab := func(lo, hi int) tensor.View[T] {
		s, _ := roi.Slice(k, lo, hi, 1)
		return s
	}
	shape := roi.Shape()
	switch mode {
	case PadConstant:
		_ = slab(0, w[0]).Fill(value)
		_ = slab(w[0]+n, w[0]+n+w[1]).Fill(value)
		return
	case PadEdge:
		for side, lo := range [2]int{0, w[0] + n} {
			if w[side] == 0 {
				continue
			}
			e := w[0] // the first element, or the last
			if side == 1 {
				e = w[0] + n - 1
			}
			shape[k] = w[side]
			src, _ := slab(e, e+1).Expand(shape...)
			copyInto(slab(lo, lo+w[side]), src)
		}
		return
	}
	// The others copy each added index from the one of v's it mirrors.
	for p := 0; p < w[0]+n+w[1]; p++ {
		if p == w[0] {
			p += n - 1 // past v's own
			continue
		}
		s := w[0] + padSource(p-w[0], n, mode)
		copyInto(slab(p, p+1), slab(s, s+1))
	}
}

// padSource returns the index in [0, n) that index i, outside it, takes
// its element from by mode.
func padSource(i, n int, mode PadMode) int {
	mod := func(a, m int) int {
		if a %= m; a < 0 {
			a += m
		}
		return a
	}
	switch mode {
	case PadWrap:
		return mod(i, n)
	case PadSymmetric:
		if j := mod(i, 2*n); j >= n {
			return 2*n - 1 - j
		} else {
			return j
		}
	default: // PadReflect
		if n == 1 {
			return 0
		}
		if j := mod(i, 2*n-2); j >= n {
			return 2*n - 2 - j
		} else {
			return j
		}
	}
}
