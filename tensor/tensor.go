package tensor

import (
	"fmt"
	"reflect"
	"slices"
	"unsafe"

	"github.com/tessera-go/tessera/internal/errs"
	"github.com/tessera-go/tessera/internal/mem"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/simd"
)

// Number is the constraint on element types: every Go integer, float and
// complex type, and every type whose underlying type is one of them. With
// [Real], [Float] and [Integer] it is one of the constraints user code
// names; each is defined once (in internal/num) and is the same type in
// every package (simd.Number is this type).
//
// Go's numeric types are all that Tessera stores; element-wise code relies
// on the operators they share (+, -, *, ==).
type Number = simd.Number

// Element is the constraint on what a tensor may hold: every [Number] and
// bool, the element of masks (one byte each, as in NumPy and PyTorch).
// Tensor, View and everything that only moves or shows elements — views,
// copies, joins, printing, package npy — take Element; everything that
// computes takes Number, so that Sum of a mask does not compile (count it
// with ops.CountNonzero). bool itself is admitted, not types defined on it.
type Element = simd.Element

// Operand is the constraint of an operand that functions take as a
// Tensor[T] or a View[T], whichever the caller has: the functions of
// package ops, npy's writers and the gonum bridge. A Tensor passes as the
// view of all of it ([Tensor.View]); nothing is copied. The element type
// T is inferred from the operand, so a call names no type argument:
//
//	s, err := ops.Add(t, v) // t a Tensor[float32], v a View[float32]
//
// Both types have the same fields, which is what lets a function convert
// either to a View (View[T](x)); no other type satisfies it.
type Operand[T Element] interface {
	Tensor[T] | View[T]
}

func errorf(op string, kind error, format string, args ...any) error {
	return errs.New("tensor", op, kind, format, args...)
}

// Tensor is an n-dimensional array that owns a contiguous row-major buffer:
// element (i0, …, in-1) is at Data()[Σ ik*stride_k] with the strides of
// layout.RowMajor(shape...).
//
// A Tensor is a small value (a slice header and a layout); copying it shares
// the buffer. Views onto it come from [Tensor.View] and the functions of
// package ops.
//
// The zero Tensor is empty, with shape [0]; New with no shape makes a rank-0
// scalar, which has one element.
type Tensor[T Element] struct {
	data []T
	lay  layout.Layout
}

// New returns a tensor of the given shape filled with zeros. No shape gives
// a rank-0 tensor with one element. It returns an error wrapping the
// sentinels of layout.RowMajor (ErrShape for a negative dimension, ErrRank,
// ErrOverflow), and layout.ErrOverflow when the buffer would exceed the
// largest allocation Go allows.
func New[T Element](shape ...int) (Tensor[T], error) {
	return newTensor[T]("New", shape)
}

func newTensor[T Element](op string, shape []int) (Tensor[T], error) {
	l, err := layout.RowMajor(shape...)
	if err != nil {
		// A copy for the message: the caller's shape (New's variadic
		// arguments) then stays on its stack.
		return Tensor[T]{}, errs.Wrap("tensor", op, nil, err, "shape %v", slices.Clone(shape))
	}
	data, err := alloc[T](op, l.Size())
	if err != nil {
		return Tensor[T]{}, err
	}
	return Tensor[T]{data: data, lay: l}, nil
}

// SetHugePages sets whether the buffers of 4 MiB or more that Tessera
// allocates for new tensors (New, Full, Clone, Contiguous and the
// results of package ops) are advised transparent huge pages on Linux
// (madvise MADV_HUGEPAGE) before they are first written, as NumPy advises
// its large arrays, and returns the previous setting. It is off by
// default. On, where the system's THP setting is "madvise" or "always", a
// new large tensor is faulted in 2 MiB at a time and read with fewer TLB
// misses: operations that allocate large results, and passes over large
// tensors, run faster (BENCHMARKS.md). The advice stays with the memory
// after the tensor is freed and the Go runtime reuses or returns it;
// where the kernel's khugepaged collapses such memory back into huge
// pages, memory the runtime has returned can stay resident (Go's GC guide
// explains why the runtime itself no longer advises huge pages): hence
// off by default. It changes no value or result. Outside Linux it only
// records the setting. It is safe to call concurrently with allocations.
func SetHugePages(on bool) bool { return mem.SetHuge(on) }

// alloc returns a zeroed buffer of n elements, or an error wrapping
// layout.ErrOverflow beyond mem.MaxBytes.
func alloc[T Element](op string, n int) ([]T, error) {
	var zero T
	if size := int(unsafe.Sizeof(zero)); n > mem.MaxBytes/size {
		return nil, errorf(op, layout.ErrOverflow, "%d elements of %d bytes exceed the largest allocation", n, size)
	}
	return mem.Make[T](n), nil
}

// FromSlice returns a tensor of the given shape over data, without copying:
// the tensor and the caller share data. With no shape the tensor is
// one-dimensional, shape [len(data)]. It returns an error wrapping
// layout.ErrShape when len(data) is not the size of the shape.
func FromSlice[T Element](data []T, shape ...int) (Tensor[T], error) {
	if len(shape) == 0 {
		shape = []int{len(data)}
	}
	l, err := layout.RowMajor(shape...)
	if err != nil {
		return Tensor[T]{}, errs.Wrap("tensor", "FromSlice", nil, err, "shape %v", slices.Clone(shape))
	}
	if n := l.Size(); n != len(data) {
		return Tensor[T]{}, errorf("FromSlice", layout.ErrShape, "%d elements for shape %v of size %d", len(data), slices.Clone(shape), n)
	}
	return Tensor[T]{data: data[:len(data):len(data)], lay: l}, nil
}

// Full returns a tensor of the given shape with every element set to v. It
// returns the errors of New.
func Full[T Element](v T, shape ...int) (Tensor[T], error) {
	t, err := newTensor[T]("Full", shape)
	if err != nil {
		return t, err
	}
	// The vector fill, on several goroutines when large. (Not skipped for
	// v == 0: that would leave +0 for a float -0.)
	_ = t.View().Fill(v)
	return t, nil
}

// Arange returns the one-dimensional tensor 0, 1, …, n-1, like NumPy's
// arange(n). Reshape it with ops.Reshape. Each value is the integer i
// converted to T, rounded once as a Go conversion rounds: float32 holds
// every integer up to 2^24 exactly, and beyond that each value is the
// nearest float32 to i (NumPy's values).
//
// It returns an error wrapping layout.ErrShape for a negative n, and
// layout.ErrOverflow when n-1 does not fit in an integer T (Arange[uint8]
// takes n up to 256), as well as the errors of New.
func Arange[T Number](n int) (Tensor[T], error) {
	if n < 0 {
		return Tensor[T]{}, errorf("Arange", layout.ErrShape, "negative length %d", n)
	}
	if top, ok := maxInteger[T](); ok && n > 0 && uint64(n-1) > top {
		return Tensor[T]{}, errorf("Arange", layout.ErrOverflow, "length %d: the last value %d does not fit in %T (at most %d)", n, n-1, *new(T), top)
	}
	t, err := newTensor[T]("Arange", []int{n})
	if err != nil {
		return t, err
	}
	fillIota(t.data)
	return t, nil
}

// maxInteger returns the largest value of T when T is an integer type.
func maxInteger[T Number]() (uint64, bool) {
	typ := reflect.TypeFor[T]()
	bits := 8 * typ.Size()
	switch typ.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return 1<<(bits-1) - 1, true
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return 1<<(bits-1) - 1 + 1<<(bits-1), true
	}
	return 0, false
}

// fillIota sets d[i] to i, converted to T and rounded once. Go cannot convert
// an int to a type parameter whose type set holds complex types, so floats
// and complex numbers go through their underlying type; integers, which
// maxInteger has checked, count exactly.
func fillIota[T Number](d []T) {
	p := unsafe.Pointer(unsafe.SliceData(d))
	switch reflect.TypeFor[T]().Kind() {
	case reflect.Float32:
		iotaOf(unsafe.Slice((*float32)(p), len(d)))
	case reflect.Float64:
		iotaOf(unsafe.Slice((*float64)(p), len(d)))
	case reflect.Complex64:
		c := unsafe.Slice((*complex64)(p), len(d))
		for i := range c {
			c[i] = complex(float32(i), 0)
		}
	case reflect.Complex128:
		c := unsafe.Slice((*complex128)(p), len(d))
		for i := range c {
			c[i] = complex(float64(i), 0)
		}
	default:
		var x T
		for i := range d {
			d[i] = x
			x++
		}
	}
}

func iotaOf[F float32 | float64](d []F) {
	for i := range d {
		d[i] = F(i)
	}
}

// Must returns v and panics if err is not nil. It suits code that prefers
// panics over errors, such as tests and examples:
//
//	t := tensor.Must(tensor.FromSlice(data, 3, 4))
func Must[V any](v V, err error) V {
	if err != nil {
		panic(err)
	}
	return v
}

// Data returns the buffer of the tensor, in row-major order. It is shared,
// not copied: writes to it are writes to the tensor.
func (t Tensor[T]) Data() []T { return t.data }

// Layout returns the row-major layout of the tensor.
func (t Tensor[T]) Layout() layout.Layout { return t.lay }

// Shape returns a copy of the dimensions.
func (t Tensor[T]) Shape() []int { return t.lay.Shape() }

// Dim returns the size of one axis; a negative axis counts from the end. It
// returns an error wrapping layout.ErrAxis for an axis out of range.
func (t Tensor[T]) Dim(axis int) (int, error) { return t.View().Dim(axis) }

// Rank returns the number of dimensions.
func (t Tensor[T]) Rank() int { return t.lay.Rank() }

// Size returns the number of elements.
func (t Tensor[T]) Size() int { return len(t.data) }

// View returns a view of the whole tensor. It shares the data.
func (t Tensor[T]) View() View[T] { return View[T](t) }

// The view operations of View, as Tensor methods so that code on tensors
// need not write t.View() first. Each returns a View that shares t's data;
// the View methods document them and their errors.

// Transpose is [View.Transpose] of t's view.
func (t Tensor[T]) Transpose(a, b int) (View[T], error) { return t.View().Transpose(a, b) }

// Permute is [View.Permute] of t's view.
func (t Tensor[T]) Permute(axes ...int) (View[T], error) { return t.View().Permute(axes...) }

// Reshape is [View.Reshape] of t's view; t is contiguous, so it never
// copies.
func (t Tensor[T]) Reshape(shape ...int) (View[T], error) { return t.View().Reshape(shape...) }

// Flatten is [View.Flatten] of t's view, which shares t's data.
func (t Tensor[T]) Flatten() (View[T], error) { return t.View().Flatten() }

// Slice is [View.Slice] of t's view.
func (t Tensor[T]) Slice(axis, start, stop, step int) (View[T], error) {
	return t.View().Slice(axis, start, stop, step)
}

// Select is [View.Select] of t's view.
func (t Tensor[T]) Select(axis, index int) (View[T], error) { return t.View().Select(axis, index) }

// Flip is [View.Flip] of t's view.
func (t Tensor[T]) Flip(axes ...int) (View[T], error) { return t.View().Flip(axes...) }

// Squeeze is [View.Squeeze] of t's view.
func (t Tensor[T]) Squeeze(axes ...int) (View[T], error) { return t.View().Squeeze(axes...) }

// Unsqueeze is [View.Unsqueeze] of t's view.
func (t Tensor[T]) Unsqueeze(axis int) (View[T], error) { return t.View().Unsqueeze(axis) }

// Expand is [View.Expand] of t's view.
func (t Tensor[T]) Expand(shape ...int) (View[T], error) { return t.View().Expand(shape...) }

// Diagonal is [View.Diagonal] of t's view.
func (t Tensor[T]) Diagonal(offset, axis1, axis2 int) (View[T], error) {
	return t.View().Diagonal(offset, axis1, axis2)
}

// Windows is [View.Windows] of t's view.
func (t Tensor[T]) Windows(axis, size, step int) (View[T], error) {
	return t.View().Windows(axis, size, step)
}

// At returns the element at idx. Like Go's slice indexing it panics when
// the number of indices is not the rank or an index is out of range.
func (t Tensor[T]) At(idx ...int) T { return t.View().At(idx...) }

// Set sets the element at idx to x. It panics like At.
func (t Tensor[T]) Set(x T, idx ...int) { t.View().Set(x, idx...) }

// Item is [View.Item] of t's view: its one element, or an error.
func (t Tensor[T]) Item() (T, error) { return t.View().Item() }

// String formats the tensor like [View.String].
func (t Tensor[T]) String() string { return t.View().String() }

// Describe returns the tensor's metadata on one line, like
// [View.Describe]: "Tensor[float32] shape [2 3] strides [3 1] offset 0
// size 6 contiguous".
func (t Tensor[T]) Describe() string { return t.View().describe("Tensor") }

// Format implements fmt.Formatter like [View.Format].
func (t Tensor[T]) Format(f fmt.State, verb rune) { t.View().Format(f, verb) }
