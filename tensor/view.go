package tensor

import (
	"fmt"

	"github.com/tessera-go/tessera/internal/errs"
	"github.com/tessera-go/tessera/layout"
)

// View is a strided window onto a shared buffer: element (i0, …, in-1) is at
//
//	Data()[Offset() + i0*Strides()[0] + … + in-1*Strides()[n-1]]
//
// Views are made by [NewView], [Tensor.View] and the functions of package
// ops; they share data with whatever they were made from, and a write
// through one is seen through all. A View is a small value: copying it
// copies the window, not the data.
//
// Every View satisfies the invariant checked by NewView: all offsets its
// layout can reach lie inside Data(), so no access through it can go out of
// bounds. The zero View is empty, with shape [0].
type View[T Element] struct {
	data []T
	lay  layout.Layout
}

// NewView returns the view of data described by l, NumPy's as_strided
// with checks: the view shares data (writes through either are seen by
// the other) and copies nothing. It returns an error wrapping
// layout.ErrBounds when l reaches an offset outside data.
func NewView[T Element](data []T, l layout.Layout) (View[T], error) {
	if _, hi := l.Span(); hi > len(data) {
		return View[T]{}, boundsError(&l, hi, len(data))
	}
	return View[T]{data: data, lay: l}, nil
}

func boundsError(l *layout.Layout, hi, n int) error {
	return errorf("NewView", layout.ErrBounds, "layout %v reaches offset %d in a buffer of length %d", *l, hi-1, n)
}

// Data returns the whole underlying buffer, shared, not only the elements
// the view reaches; see the index formula on [View].
func (v View[T]) Data() []T { return v.data }

// Layout returns the layout of the view.
func (v View[T]) Layout() layout.Layout { return v.lay }

// Shape returns a copy of the dimensions.
func (v View[T]) Shape() []int { return v.lay.Shape() }

// Dim returns the size of one axis; a negative axis counts from the end
// (Dim(-1) is the last). It returns an error wrapping layout.ErrAxis for an
// axis out of range.
func (v View[T]) Dim(axis int) (int, error) {
	n, err := v.lay.Dim(axis)
	if err != nil {
		return 0, errorf("Dim", layout.ErrAxis, "axis %d of a rank-%d view", axis, v.lay.Rank())
	}
	return n, nil
}

// Strides returns a copy of the strides, in elements.
func (v View[T]) Strides() []int { return v.lay.Strides() }

// Offset returns the offset of element (0, …, 0) in Data().
func (v View[T]) Offset() int { return v.lay.Offset() }

// Rank returns the number of dimensions.
func (v View[T]) Rank() int { return v.lay.Rank() }

// Size returns the number of elements.
func (v View[T]) Size() int { return v.lay.Size() }

// IsContiguous reports whether the view is C-contiguous, by the rules of
// [layout.Layout.IsContiguous]: then [View.Contiguous] copies nothing.
func (v View[T]) IsContiguous() bool { return v.lay.IsContiguous() }

// IsColumnMajor reports whether the view is F-contiguous.
func (v View[T]) IsColumnMajor() bool { return v.lay.IsColumnMajor() }

// At returns the element at idx. Like Go's slice indexing it panics when
// the number of indices is not the rank or an index is outside [0, dim).
func (v View[T]) At(idx ...int) T {
	return v.data[v.index("At", idx)]
}

// Item returns the one element of a view that has one, whatever its rank
// (PyTorch's item): the value of a full reduction (ops.Sum(v), ops.ArgMax
// of everything) or of a [1, 1] slice. It returns an error wrapping
// layout.ErrShape for a view of another size.
func (v View[T]) Item() (T, error) {
	if n := v.lay.Size(); n != 1 {
		var zero T
		return zero, errorf("Item", layout.ErrShape, "view of shape %v has %d elements, not 1", v.lay.Shape(), n)
	}
	off, _ := v.lay.Span()
	return v.data[off], nil
}

// Set sets the element at idx to x. It panics like At. On a view with
// overlapping elements (an expanded view), x is seen at every index that
// reaches the same element.
func (v View[T]) Set(x T, idx ...int) {
	v.data[v.index("Set", idx)] = x
}

// index is At's and Set's offset of idx in v's data. It takes v by
// pointer and is not generic: passed by value, the view (176 bytes) was
// copied once more for every element.
func (v *View[T]) index(op string, idx []int) int {
	return offsetOf(op, &v.lay, idx)
}

func offsetOf(op string, l *layout.Layout, idx []int) int {
	off, err := l.Index(idx...)
	if err != nil {
		panic(indexError(op, append([]int(nil), idx...), *l))
	}
	return off
}

func indexError(op string, idx []int, l layout.Layout) error {
	return errs.New("tensor", op, layout.ErrIndex, "index %v out of range for shape %v", idx, l.Shape())
}

// String returns the elements as %v prints them, the way NumPy's str
// does (see [View.Format]); [View.Describe] gives the metadata.
func (v View[T]) String() string { return fmt.Sprint(v) }
