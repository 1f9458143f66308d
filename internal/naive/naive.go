// Package naive is the obviously correct reference that Tessera's tests
// compare against. It knows nothing of strides: an Array is a row-major
// slice and a shape, and every view operation builds a new Array by
// visiting each index in row-major order and reading the element it maps
// to. It is slow by design and never used outside tests.
package naive

import "iter"

// Array is a row-major array: element idx is Data[Ravel(Shape, idx)].
type Array[T any] struct {
	Shape []int
	Data  []T
}

// Size returns the product of the dimensions.
func Size(shape []int) int {
	n := 1
	for _, d := range shape {
		n *= d
	}
	return n
}

// Unravel returns the row-major index of flat position i in shape.
func Unravel(shape []int, i int) []int {
	idx := make([]int, len(shape))
	for k := len(shape) - 1; k >= 0; k-- {
		idx[k] = i % shape[k]
		i /= shape[k]
	}
	return idx
}

// Indices yields every index of shape in row-major order, with its flat
// position: what Unravel(shape, i) returns for each i, without a division
// or an allocation per element. The index slice is reused: callers must
// copy it to keep it.
func Indices(shape []int) iter.Seq2[int, []int] {
	return func(yield func(int, []int) bool) {
		n := Size(shape)
		idx := make([]int, len(shape))
		for i := 0; i < n; i++ {
			if !yield(i, idx) {
				return
			}
			for k := len(idx) - 1; k >= 0; k-- { // the odometer's next reading
				if idx[k]++; idx[k] < shape[k] {
					break
				}
				idx[k] = 0
			}
		}
	}
}

// Ravel returns the flat row-major position of idx in shape.
func Ravel(shape, idx []int) int {
	i := 0
	for k, d := range shape {
		i = i*d + idx[k]
	}
	return i
}

// At returns the element at idx.
func (a Array[T]) At(idx ...int) T { return a.Data[Ravel(a.Shape, idx)] }

// build makes an array of shape whose element idx is a.At(from(idx)...).
func (a Array[T]) build(shape []int, from func(idx []int) []int) Array[T] {
	out := Array[T]{Shape: append([]int{}, shape...), Data: make([]T, Size(shape))}
	scratch := make([]int, len(shape)) // from may change its argument
	for i, idx := range Indices(shape) {
		copy(scratch, idx)
		out.Data[i] = a.At(from(scratch)...)
	}
	return out
}

func norm(axis, rank int) (int, bool) {
	if axis < -rank || axis >= rank {
		return 0, false
	}
	if axis < 0 {
		axis += rank
	}
	return axis, true
}

// Permute returns out with out[idx] = a[idx permuted back], and whether the
// axes are valid.
func (a Array[T]) Permute(axes ...int) (Array[T], bool) {
	r := len(a.Shape)
	if len(axes) != r {
		return Array[T]{}, false
	}
	seen := map[int]bool{}
	norm2 := make([]int, r)
	shape := make([]int, r)
	for i, ax := range axes {
		n, ok := norm(ax, r)
		if !ok || seen[n] {
			return Array[T]{}, false
		}
		seen[n] = true
		norm2[i] = n
		shape[i] = a.Shape[n]
	}
	return a.build(shape, func(idx []int) []int {
		src := make([]int, r)
		for i, n := range norm2 {
			src[n] = idx[i]
		}
		return src
	}), true
}

// Transpose swaps two axes.
func (a Array[T]) Transpose(x, y int) (Array[T], bool) {
	r := len(a.Shape)
	x, ok1 := norm(x, r)
	y, ok2 := norm(y, r)
	if !ok1 || !ok2 {
		return Array[T]{}, false
	}
	axes := make([]int, r)
	for i := range axes {
		axes[i] = i
	}
	axes[x], axes[y] = axes[y], axes[x]
	return a.Permute(axes...)
}

// Slice keeps indices start, start+step, … < stop along axis; a negative
// bound in [-dim, 0) counts from the end, and nothing is clamped.
func (a Array[T]) Slice(axis, start, stop, step int) (Array[T], bool) {
	ax, ok := norm(axis, len(a.Shape))
	if !ok {
		return Array[T]{}, false
	}
	if start < 0 && start >= -a.Shape[ax] {
		start += a.Shape[ax]
	}
	if stop < 0 && stop >= -a.Shape[ax] {
		stop += a.Shape[ax]
	}
	if start < 0 || start > stop || stop > a.Shape[ax] || step < 1 {
		return Array[T]{}, false
	}
	shape := append([]int{}, a.Shape...)
	shape[ax] = 0
	for i := start; i < stop; i += step {
		shape[ax]++
	}
	return a.build(shape, func(idx []int) []int {
		idx[ax] = start + idx[ax]*step
		return idx
	}), true
}

// Flip reverses the given axes (all when none).
func (a Array[T]) Flip(axes ...int) (Array[T], bool) {
	r := len(a.Shape)
	flip := make([]bool, r)
	for _, ax := range axes {
		n, ok := norm(ax, r)
		if !ok || flip[n] {
			return Array[T]{}, false
		}
		flip[n] = true
	}
	if len(axes) == 0 {
		for i := range flip {
			flip[i] = true
		}
	}
	return a.build(a.Shape, func(idx []int) []int {
		for k := range idx {
			if flip[k] {
				idx[k] = a.Shape[k] - 1 - idx[k]
			}
		}
		return idx
	}), true
}

// Expand broadcasts to shape by NumPy's rules.
func (a Array[T]) Expand(shape ...int) (Array[T], bool) {
	lead := len(shape) - len(a.Shape)
	if lead < 0 {
		return Array[T]{}, false
	}
	for _, d := range shape {
		if d < 0 {
			return Array[T]{}, false
		}
	}
	for i, d := range a.Shape {
		if d != shape[lead+i] && d != 1 {
			return Array[T]{}, false
		}
	}
	return a.build(shape, func(idx []int) []int {
		src := idx[lead:]
		for i, d := range a.Shape {
			if d == 1 {
				src[i] = 0
			}
		}
		return src
	}), true
}

// Reshape keeps the data in row-major order under a new shape with at most
// one -1.
func (a Array[T]) Reshape(shape ...int) (Array[T], bool) {
	shape = append([]int{}, shape...)
	infer, known := -1, 1
	for i, d := range shape {
		switch {
		case d == -1 && infer < 0:
			infer = i
		case d < 0:
			return Array[T]{}, false
		default:
			known *= d
		}
	}
	n := Size(a.Shape)
	if infer >= 0 {
		if known == 0 {
			return Array[T]{}, false
		}
		shape[infer] = n / known
		known *= shape[infer]
	}
	if known != n {
		return Array[T]{}, false
	}
	return Array[T]{Shape: shape, Data: a.Data}, true
}

// Squeeze removes the given size-1 axes (all size-1 axes when none).
func (a Array[T]) Squeeze(axes ...int) (Array[T], bool) {
	r := len(a.Shape)
	drop := make([]bool, r)
	for _, ax := range axes {
		n, ok := norm(ax, r)
		if !ok || drop[n] || a.Shape[n] != 1 {
			return Array[T]{}, false
		}
		drop[n] = true
	}
	var shape []int
	for i, d := range a.Shape {
		if (len(axes) == 0 && d == 1) || drop[i] {
			continue
		}
		shape = append(shape, d)
	}
	return Array[T]{Shape: shape, Data: a.Data}, true
}

// Unsqueeze inserts a size-1 axis at position axis of the result.
func (a Array[T]) Unsqueeze(axis int) (Array[T], bool) {
	ax, ok := norm(axis, len(a.Shape)+1)
	if !ok {
		return Array[T]{}, false
	}
	shape := append(append(append([]int{}, a.Shape[:ax]...), 1), a.Shape[ax:]...)
	return Array[T]{Shape: shape, Data: a.Data}, true
}

// Gather returns the elements of a strided layout over data in row-major
// order, computing each offset from scratch by unravelling its index.
func Gather[T any](data []T, shape, strides []int, offset int) []T {
	out := make([]T, Size(shape))
	for i := range out {
		off := offset
		for k, x := range Unravel(shape, i) {
			off += x * strides[k]
		}
		out[i] = data[off]
	}
	return out
}

// Viewable reports whether the elements at offsets offs (in row-major order
// of some array) can be reached as shape with some strides: it derives a
// stride per axis from the unit steps and checks every element against it.
func Viewable(offs []int, shape []int) bool {
	if len(offs) == 0 {
		return true
	}
	strides := make([]int, len(shape))
	for k := range shape {
		if shape[k] > 1 {
			unit := make([]int, len(shape))
			unit[k] = 1
			strides[k] = offs[Ravel(shape, unit)] - offs[0]
		}
	}
	for i, o := range offs {
		want := offs[0]
		for k, x := range Unravel(shape, i) {
			want += x * strides[k]
		}
		if o != want {
			return false
		}
	}
	return true
}

// BroadcastShape returns the shape a and b broadcast to by NumPy's rules,
// and false when they do not broadcast.
func BroadcastShape(a, b []int) ([]int, bool) {
	n := max(len(a), len(b))
	out := make([]int, n)
	for i := range n {
		x, y := 1, 1
		if k := i - (n - len(a)); k >= 0 {
			x = a[k]
		}
		if k := i - (n - len(b)); k >= 0 {
			y = b[k]
		}
		switch {
		case x == y || y == 1:
			out[i] = x
		case x == 1:
			out[i] = y
		default:
			return nil, false
		}
	}
	return out, true
}

// Zip returns f of the elements of a and b at every index of the shape
// they broadcast to, and false when they do not broadcast.
func Zip[T any](a, b Array[T], f func(x, y T) T) (Array[T], bool) {
	shape, ok := BroadcastShape(a.Shape, b.Shape)
	if !ok {
		return Array[T]{}, false
	}
	ea, _ := a.Expand(shape...)
	eb, _ := b.Expand(shape...)
	out := Array[T]{Shape: shape, Data: make([]T, Size(shape))}
	for i := range out.Data {
		out.Data[i] = f(ea.Data[i], eb.Data[i])
	}
	return out, true
}
