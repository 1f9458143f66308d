package layout

import (
	"errors"
	"math"
	"math/bits"
	"strconv"
	"strings"

	"github.com/tessera-go/tessera/internal/errs"
)

// MaxRank is the highest rank a Layout can have. It matches NumPy's limit.
const MaxRank = 64

// inline is the rank up to which a Layout keeps its dimensions inside the
// value itself, so that view operations do not allocate.
const inline = 8

// The sentinels wrapped by every error this package returns. Test for them
// with errors.Is.
var (
	// ErrAxis reports an axis outside [-rank, rank) or a wrong number of axes.
	ErrAxis = errors.New("layout: axis out of range")
	// ErrDuplicateAxis reports an axis named twice.
	ErrDuplicateAxis = errors.New("layout: duplicate axis")
	// ErrIndex reports an index or slice bound outside its dimension.
	ErrIndex = errors.New("layout: index out of range")
	// ErrShape reports shapes that do not fit the operation: a negative
	// dimension, a size mismatch, shapes that do not broadcast.
	ErrShape = errors.New("layout: shape mismatch")
	// ErrRank reports a rank above MaxRank or a shape/stride length mismatch.
	ErrRank = errors.New("layout: bad rank")
	// ErrNotViewable reports a reshape that would need a copy.
	ErrNotViewable = errors.New("layout: not viewable without a copy")
	// ErrOverflow reports a size, stride or offset that does not fit in int.
	ErrOverflow = errors.New("layout: integer overflow")
	// ErrBounds reports a layout that reaches below offset 0 or outside a
	// buffer.
	ErrBounds = errors.New("layout: out of bounds")
	// ErrOverlap reports a layout in which two indices reach the same element
	// where that is not allowed (the destination of a copy).
	ErrOverlap = errors.New("layout: overlapping elements")
	// ErrArg reports an argument value that the operation cannot take and
	// that is neither a shape, an axis nor an index: a zero step, an empty
	// range to draw random integers from, a negative standard deviation.
	ErrArg = errors.New("layout: bad argument")
)

func errorf(op string, kind error, format string, args ...any) error {
	return errs.New("layout", op, kind, format, args...)
}

// Layout describes how an n-dimensional array lies in a flat buffer: its
// shape, its strides and its offset, all counted in elements, not bytes.
// Element (i0, i1, …, in-1) is at
//
//	offset + i0*strides[0] + i1*strides[1] + … + in-1*strides[n-1]
//
// Strides are signed: a negative stride walks an axis backwards (see
// [Layout.Flip]) and a zero stride repeats one element along an axis (see
// [Layout.Expand]).
//
// A Layout is an immutable value: every method returns a new Layout and
// leaves its receiver unchanged, so Layouts may be copied and shared freely
// between goroutines. Up to rank 8 a Layout holds its dimensions inline and
// the view transformations do not allocate.
//
// The zero Layout is an empty one-dimensional layout, shape [0] and strides
// [1], equal to RowMajor(0), so that the zero values of the tensor types
// are empty. A rank-0 (scalar) layout, which
// has one element, is made by RowMajor().
//
// # Invariants
//
// Every Layout made by this package satisfies:
//   - 0 <= Rank() <= MaxRank and every dimension is >= 0;
//   - the product of the dimensions, with 0 counted as 1, fits in an int, so
//     Size() never overflows;
//   - every offset the layout can reach, offset + Σ i[k]*strides[k] with
//     0 <= i[k] < max(shape[k], 1), lies in [0, math.MaxInt), so Index and
//     Span never overflow.
//
// Every transformation preserves them: views reach a subset of the offsets
// of their input.
type Layout struct {
	nd  int // rank+1; 0 marks the zero Layout, shape [0]
	off int
	sh  [inline]int
	st  [inline]int
	ext *[2][]int // shape and strides when rank > inline
}

// alloc returns a Layout of the given rank whose dimensions are to be
// filled in through dims.
//
// A note on the methods: each exported method is a short value-receiver
// wrapper around a pointer-receiver implementation. The wrapper inlines, so
// a call copies the Layout (152 bytes) once instead of at every level of
// the implementation; the view transformations go further and write their
// result in place (see views.go).
func alloc(rank, off int) Layout {
	if rank > inline {
		return allocExt(rank, off)
	}
	return Layout{nd: rank + 1, off: off}
}

// init makes z a Layout of the given rank, all dimensions zero, and
// returns its shape and strides to be filled in. It is alloc in place, and
// small enough to inline.
func (z *Layout) init(rank, off int) (shape, strides []int) {
	if rank > inline {
		*z = allocExt(rank, off)
		return z.ext[0], z.ext[1]
	}
	*z = Layout{nd: rank + 1, off: off}
	return z.sh[:rank:rank], z.st[:rank:rank]
}

func allocExt(rank, off int) Layout {
	buf := make([]int, 2*rank)
	return Layout{nd: rank + 1, off: off, ext: &[2][]int{buf[:rank:rank], buf[rank:]}}
}

func (l *Layout) rank() int {
	if l.nd == 0 {
		return 1
	}
	return l.nd - 1
}

// dims returns the shape and strides as slices. They alias l and must not
// be modified unless l was just made by alloc.
func (l *Layout) dims() (shape, strides []int) {
	if l.ext != nil {
		return l.ext[0], l.ext[1]
	}
	r := l.rank()
	return l.sh[:r:r], l.st[:r:r]
}

// publicDims is dims as the exported methods show it: the zero Layout has
// shape [0] and strides [1], as RowMajor(0) has, though it stores stride
// 0. (dims itself stays small enough to inline into size and the other
// hot paths, where the stride of an empty layout never matters.)
func (l *Layout) publicDims() (shape, strides []int) {
	if l.nd == 0 {
		return l.sh[:1:1], packedStride[:]
	}
	return l.dims()
}

// packedStride holds the stride of the zero Layout. It is never written.
var packedStride = [1]int{1}

// RowMajor returns the C-order layout of the given shape: the last axis has
// stride 1 and each other axis the product of the dimensions after it (a
// zero dimension counted as 1, as NumPy does). No shape gives a rank-0
// layout with one element.
//
// It returns ErrShape for a negative dimension, ErrRank for more than
// MaxRank dimensions and ErrOverflow when the size does not fit in an int.
func RowMajor(shape ...int) (Layout, error) {
	return newPacked("RowMajor", shape, false)
}

// ColumnMajor returns the Fortran-order layout of the given shape: the first
// axis has stride 1 and each other axis the product of the dimensions before
// it. It returns the same errors as RowMajor.
func ColumnMajor(shape ...int) (Layout, error) {
	return newPacked("ColumnMajor", shape, true)
}

func newPacked(op string, shape []int, fortran bool) (Layout, error) {
	if err := checkShape(op, shape); err != nil {
		return Layout{}, err
	}
	out := alloc(len(shape), 0)
	sh, st := out.dims()
	copy(sh, shape)
	fillPacked(sh, st, fortran)
	return out, nil
}

// fillPacked writes C-order (or F-order) strides for a shape already checked
// by checkShape.
func fillPacked(sh, st []int, fortran bool) {
	acc := 1
	for i := range sh {
		k := len(sh) - 1 - i
		if fortran {
			k = i
		}
		st[k] = acc
		acc *= max(sh[k], 1)
	}
}

// checkShape validates a shape given by a caller: rank, signs and size.
func checkShape(op string, shape []int) error {
	if len(shape) > MaxRank {
		return errorf(op, ErrRank, "rank %d exceeds MaxRank %d", len(shape), MaxRank)
	}
	acc := 1
	for i, d := range shape {
		if d < 0 {
			return errorf(op, ErrShape, "negative dimension %d at axis %d in %v", d, i, ints(shape))
		}
		var ok bool
		if acc, ok = mul(acc, max(d, 1)); !ok {
			return errorf(op, ErrOverflow, "size of shape %v overflows int", ints(shape))
		}
	}
	return nil
}

// Strided returns the layout with the given shape, strides and offset, like
// NumPy's as_strided but checked: it returns ErrRank when the lengths differ
// or exceed MaxRank, ErrShape for a negative dimension, ErrBounds for a
// negative offset or a layout that reaches below offset 0, and ErrOverflow
// when the size or the highest reachable offset does not fit in an int.
func Strided(shape, strides []int, offset int) (Layout, error) {
	const op = "Strided"
	if len(shape) != len(strides) {
		return Layout{}, errorf(op, ErrRank, "%d dimensions but %d strides", len(shape), len(strides))
	}
	if err := checkShape(op, shape); err != nil {
		return Layout{}, err
	}
	if offset < 0 {
		return Layout{}, errorf(op, ErrBounds, "negative offset %d", offset)
	}
	lo, hi := offset, offset
	for i, d := range shape {
		if d <= 1 {
			continue
		}
		ext, ok := mul(d-1, strides[i])
		if ok {
			if ext < 0 {
				lo, ok = add(lo, ext)
			} else {
				hi, ok = add(hi, ext)
			}
		}
		if !ok {
			return Layout{}, errorf(op, ErrOverflow, "offset %d with shape %v and strides %v overflows int", offset, ints(shape), ints(strides))
		}
	}
	if hi == math.MaxInt {
		return Layout{}, errorf(op, ErrOverflow, "offset %d with shape %v and strides %v reaches math.MaxInt", offset, ints(shape), ints(strides))
	}
	if lo < 0 {
		return Layout{}, errorf(op, ErrBounds, "offset %d with shape %v and strides %v reaches %d", offset, ints(shape), ints(strides), lo)
	}
	out := alloc(len(shape), offset)
	sh, st := out.dims()
	copy(sh, shape)
	copy(st, strides)
	return out, nil
}

// WithOffset returns l with its offset replaced by offset: the same shape
// and strides, moved within the buffer. It returns the errors of Strided
// (ErrBounds when the layout would reach below offset 0, ErrOverflow past
// math.MaxInt).
func (l Layout) WithOffset(offset int) (Layout, error) {
	sh, st := l.dims()
	out, err := Strided(sh, st, offset)
	if err != nil {
		return Layout{}, errs.Wrap("layout", "WithOffset", nil, err, "layout %v", l)
	}
	return out, nil
}

// Rank returns the number of dimensions.
func (l Layout) Rank() int { return l.rank() }

// Shape returns a copy of the dimensions.
func (l Layout) Shape() []int {
	sh, _ := l.dims()
	return append(make([]int, 0, len(sh)), sh...)
}

// AppendShape appends the dimensions to dst and returns the extended
// slice, as strconv's Append functions do: with room in dst (an array on
// the caller's stack, say), reading the shape allocates nothing, where
// Shape allocates a new slice every time.
func (l Layout) AppendShape(dst []int) []int {
	sh, _ := l.dims()
	return append(dst, sh...)
}

// Strides returns a copy of the strides, in elements.
func (l Layout) Strides() []int {
	_, st := l.publicDims()
	return append(make([]int, 0, len(st)), st...)
}

// Offset returns the offset of element (0, …, 0), in elements.
func (l Layout) Offset() int { return l.off }

// Dim returns the size of an axis; a negative axis counts from the end. It
// returns ErrAxis for an axis out of range.
func (l Layout) Dim(axis int) (int, error) {
	sh, _ := l.dims()
	a, err := normAxis("Dim", axis, len(sh))
	if err != nil {
		return 0, err
	}
	return sh[a], nil
}

// Stride returns the stride of an axis; a negative axis counts from the end.
// It returns ErrAxis for an axis out of range.
func (l Layout) Stride(axis int) (int, error) {
	_, st := l.publicDims()
	a, err := normAxis("Stride", axis, len(st))
	if err != nil {
		return 0, err
	}
	return st[a], nil
}

// Size returns the number of elements: the product of the dimensions, 1 for
// rank 0.
func (l Layout) Size() int { return l.size() }

func (l *Layout) size() int {
	sh, _ := l.dims()
	n := 1
	for _, d := range sh {
		n *= d
	}
	return n
}

// IsContiguous reports whether the layout is C-contiguous (row-major without
// gaps): walking its elements in row-major index order visits consecutive
// offsets. As in NumPy and PyTorch, the strides of size-1 axes are ignored,
// a layout with no elements and a rank-0 layout are contiguous, and the
// offset does not matter: a contiguous layout need not start at offset 0.
func (l Layout) IsContiguous() bool { return l.isContiguous() }

func (l *Layout) isContiguous() bool {
	sh, st := l.dims()
	return packedOrder(sh, st, false)
}

// IsColumnMajor reports whether the layout is F-contiguous (column-major
// without gaps), under the same rules as IsContiguous. A layout can be both,
// for example one with at most one axis larger than 1.
func (l Layout) IsColumnMajor() bool { return l.isColumnMajor() }

func (l *Layout) isColumnMajor() bool {
	sh, st := l.dims()
	return packedOrder(sh, st, true)
}

func packedOrder(sh, st []int, fortran bool) bool {
	want := 1
	packed := true
	for i := range sh {
		k := len(sh) - 1 - i
		if fortran {
			k = i
		}
		switch d := sh[k]; d {
		case 0:
			return true // empty: contiguous whatever the strides
		case 1:
		default:
			packed = packed && st[k] == want
			want *= d
		}
	}
	return packed
}

// ContiguousRange reports whether the layout is C-contiguous and, if so, the
// half-open range [start, end) of the buffer that holds its elements in
// row-major order. An empty layout gives start == end == 0.
func (l Layout) ContiguousRange() (start, end int, ok bool) { return l.contiguousRange() }

func (l *Layout) contiguousRange() (start, end int, ok bool) {
	if !l.isContiguous() {
		return 0, 0, false
	}
	if n := l.size(); n > 0 {
		return l.off, l.off + n, true
	}
	return 0, 0, true
}

// Span returns the half-open range [lo, hi) of buffer offsets the layout can
// reach: data[lo:hi] holds every element. A layout with no elements reaches
// nothing and gives 0, 0.
func (l Layout) Span() (lo, hi int) { return l.span() }

func (l *Layout) span() (lo, hi int) {
	sh, st := l.dims()
	lo, hi = l.off, l.off
	for i, d := range sh {
		switch {
		case d == 0:
			return 0, 0
		case st[i] < 0:
			lo += (d - 1) * st[i]
		default:
			hi += (d - 1) * st[i]
		}
	}
	return lo, hi + 1
}

// Index returns the buffer offset of the element at idx:
// offset + Σ idx[k]*strides[k], where a negative index counts from the end
// of its axis (-1 is the last), as in NumPy. It returns ErrIndex when the
// number of indices is not the rank or an index is outside [-dim, dim).
func (l Layout) Index(idx ...int) (int, error) { return l.index(idx...) }

func (l *Layout) index(idx ...int) (int, error) {
	sh, st := l.dims()
	if len(idx) != len(sh) {
		return 0, errorf("Index", ErrIndex, "%d indices for rank %d", len(idx), len(sh))
	}
	off := l.off
	for k, i := range idx {
		j := i
		if j < 0 {
			j += sh[k] // from the end
		}
		if j < 0 || j >= sh[k] {
			return 0, errorf("Index", ErrIndex, "index %d out of range for axis %d with size %d", i, k, sh[k])
		}
		off += j * st[k]
	}
	return off, nil
}

// Equal reports whether two layouts have the same shape, strides and offset.
func (l Layout) Equal(o Layout) bool {
	sa, ta := l.publicDims()
	sb, tb := o.publicDims()
	if l.off != o.off || len(sa) != len(sb) {
		return false
	}
	for i := range sa {
		if sa[i] != sb[i] || ta[i] != tb[i] {
			return false
		}
	}
	return true
}

// String formats the layout as "shape [3 4] strides [4 1] offset 0".
func (l Layout) String() string {
	sh, st := l.publicDims()
	var b strings.Builder
	b.WriteString("shape ")
	writeInts(&b, sh)
	b.WriteString(" strides ")
	writeInts(&b, st)
	b.WriteString(" offset ")
	b.WriteString(strconv.Itoa(l.off))
	return b.String()
}

func writeInts(b *strings.Builder, xs []int) {
	b.WriteByte('[')
	for i, x := range xs {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(x))
	}
	b.WriteByte(']')
}

// normAxis maps an axis in [-rank, rank) to [0, rank), or returns the
// error of op wrapping ErrAxis (errs.Axis, the rule of package ops too).
func normAxis(op string, axis, rank int) (int, error) {
	return errs.Axis("layout", op, ErrAxis, axis, rank)
}

// ints returns a copy of xs, for error messages: passing the copy keeps xs
// (often a view of a Layout's inline arrays) from escaping to the heap.
func ints(xs []int) []int { return append([]int(nil), xs...) }

// mul returns a*b and whether it did not overflow.
func mul(a, b int) (int, bool) {
	// |a|, |b| < small: the product fits (2^31 with 64-bit ints, 2^15
	// with 32-bit ones).
	const small = 1 << (bits.UintSize/2 - 1)
	if uint(a+small) < 2*small && uint(b+small) < 2*small {
		return a * b, true
	}
	if a == 0 || b == 0 {
		return 0, true
	}
	c := a * b
	if c/b != a || (a == -1 && b == math.MinInt) || (b == -1 && a == math.MinInt) {
		return c, false
	}
	return c, true
}

// add returns a+b and whether it did not overflow.
func add(a, b int) (int, bool) {
	c := a + b
	return c, (c > a) == (b > 0)
}

// Contiguous returns the contiguous (row-major, without gaps) layout of
// l's shape at offset 0: the layout l's elements have after a copy into a
// fresh buffer, as tensor.View.Contiguous makes.
func (l Layout) Contiguous() (out Layout) {
	out.setContiguous(&l)
	return
}

// SetContiguous sets z to x.Contiguous(). z and x may be the same.
func (z *Layout) SetContiguous(x *Layout) {
	if z == x {
		c := *x
		x = &c
	}
	z.setContiguous(x)
}

func (z *Layout) setContiguous(l *Layout) {
	sh, _ := l.dims()
	osh, ost := z.init(len(sh), 0)
	// One loop, last axis first, for the copy and the strides: a small
	// copy's layout costs no memmove call.
	osh = osh[:len(sh)]
	ost = ost[:len(sh)]
	acc := 1
	for k := len(sh) - 1; k >= 0; k-- {
		d := sh[k]
		osh[k], ost[k] = d, acc
		acc *= max(d, 1)
	}
}
