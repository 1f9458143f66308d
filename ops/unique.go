package ops

import (
	"unsafe"

	"github.com/tessera-go/tessera/internal/sorts"
	"github.com/tessera-go/tessera/tensor"
)

// UniqueResult holds the results of UniqueAll, new row-major tensors.
type UniqueResult[T tensor.Real] struct {
	Values  tensor.Tensor[T]   // the distinct elements, ascending, 1-D
	Indices tensor.Tensor[int] // the row-major index in v of each one's first occurrence
	Inverse tensor.Tensor[int] // of v's shape: the index in Values of each element of v
	Counts  tensor.Tensor[int] // the number of elements of v equal to each
}

// Unique returns the distinct elements of v in ascending order, NumPy's
// unique of the flattened v: a new 1-D tensor. Elements are equal as in
// NumPy 1.24 (equal_nan, its default): -0 equals +0, and every NaN
// equals every other (PyTorch's unique keeps each NaN); of equal elements
// the result holds the first in v's row-major order (NumPy's with
// return_index), and NaN come last. Integers whose range is at most
// about half their number (and every 8-bit type) are counted in a table
// of the range, in two passes; other inputs are sorted, in two buffers of
// v's size. The result is the same on every machine.
//
// It returns an error wrapping layout.ErrOverflow for a result too large.
func Unique[T tensor.Real, V tensor.Operand[T]](v V) (tensor.Tensor[T], error) {
	r, err := unique("Unique", tensor.View[T](v), uniqueWant{})
	return r.Values, err
}

// UniqueCounts returns Unique of v and the number of elements of v equal
// to each (NumPy's unique with return_counts). The errors of Unique.
func UniqueCounts[T tensor.Real, V tensor.Operand[T]](v V) (tensor.Tensor[T], tensor.Tensor[int], error) {
	r, err := unique("UniqueCounts", tensor.View[T](v), uniqueWant{counts: true})
	return r.Values, r.Counts, err
}

// UniqueInverse returns Unique of v and, in a tensor of ints of v's
// shape, the index in it of each element of v (NumPy's unique with
// return_inverse, shaped as PyTorch's and NumPy 2's): v is the values
// taken at the inverse, -0 and +0 and NaNs aside. Where v is not counted
// (see Unique), the sort is by index, of two buffers of ints of v's size.
// The errors of Unique.
func UniqueInverse[T tensor.Real, V tensor.Operand[T]](v V) (tensor.Tensor[T], tensor.Tensor[int], error) {
	r, err := unique("UniqueInverse", tensor.View[T](v), uniqueWant{inverse: true})
	return r.Values, r.Inverse, err
}

// UniqueAll returns Unique of v with the first indices, the inverse and
// the counts (NumPy's unique with return_index, return_inverse and
// return_counts; the array API's unique_all). The costs of UniqueInverse;
// the errors of Unique.
func UniqueAll[T tensor.Real, V tensor.Operand[T]](v V) (UniqueResult[T], error) {
	return unique("UniqueAll", tensor.View[T](v), uniqueWant{counts: true, first: true, inverse: true})
}

// uniqueWant is what a Unique call returns besides the values.
type uniqueWant struct{ counts, first, inverse bool }

// uniqueTable is the largest table of counts, in entries, that Unique
// takes for any number of integers; beyond it the table may have one
// entry for every two elements.
const uniqueTable = 4096

func unique[T tensor.Real](op string, v tensor.View[T], w uniqueWant) (UniqueResult[T], error) {
	var r UniqueResult[T]
	x, err := rowMajorOver(op, v, v.Shape())
	if err != nil {
		return r, err
	}
	var inv []int
	if w.inverse {
		if r.Inverse, err = newResult[int](op, v.Shape()); err != nil {
			return r, err
		}
		inv = r.Inverse.Data()
	}
	var vals []T
	var first, counts []int
	if lo, span, ok := intSpan(x); ok && span < uint64(max(len(x)/2, uniqueTable)) {
		vals, first, counts = uniqueCounted(x, lo, int(span)+1, w, inv)
	} else if !w.first && !w.inverse {
		vals, counts = uniqueSorted(x, w.counts)
	} else {
		switch unsafe.Sizeof(x[0]) {
		case 1:
			vals, first, counts = uniqueByIndex[uint8](x, inv)
		case 2:
			vals, first, counts = uniqueByIndex[uint16](x, inv)
		case 4:
			vals, first, counts = uniqueByIndex[uint32](x, inv)
		default:
			vals, first, counts = uniqueByIndex[uint64](x, inv)
		}
	}
	u := len(vals)
	if r.Values, err = newResult[T](op, []int{u}); err != nil {
		return r, err
	}
	copy(r.Values.Data(), vals)
	if w.counts {
		if r.Counts, err = newResult[int](op, []int{u}); err != nil {
			return r, err
		}
		copy(r.Counts.Data(), counts)
	}
	if w.first {
		if r.Indices, err = newResult[int](op, []int{u}); err != nil {
			return r, err
		}
		copy(r.Indices.Data(), first)
	}
	return r, nil
}

// intSpan returns the smallest of x and the difference of the largest
// and the smallest, where T is an integer type and x is not empty.
func intSpan[T tensor.Real](x []T) (lo T, span uint64, ok bool) {
	if !isInteger[T]() || len(x) == 0 {
		return lo, 0, false
	}
	lo, hi := x[0], x[0]
	for _, e := range x {
		lo, hi = min(lo, e), max(hi, e)
	}
	// The difference in 64 bits, exact for any integer type: the
	// conversions sign-extend the signed ones.
	return lo, uint64(hi) - uint64(lo), true
}

// uniqueCounted is Unique of the integers x, all within size of lo, by a
// table of counts: the distinct values, their first indices (with
// w.first) and counts, and the inverse into inv (with w.inverse).
func uniqueCounted[T tensor.Real](x []T, lo T, size int, w uniqueWant, inv []int) (vals []T, first, counts []int) {
	base := uint64(lo)
	table := make([]int, size)
	var at []int // the first index of each entry
	if w.first {
		at = make([]int, size)
		for i, e := range x {
			b := uint64(e) - base
			if table[b] == 0 {
				at[b] = i
			}
			table[b]++
		}
	} else {
		for _, e := range x {
			table[uint64(e)-base]++
		}
	}
	u := 0
	for _, c := range table {
		if c != 0 {
			u++
		}
	}
	vals = make([]T, u)
	if w.counts {
		counts = make([]int, u)
	}
	if w.first {
		first = make([]int, u)
	}
	j := 0
	for b, c := range table {
		if c == 0 {
			continue
		}
		vals[j] = T(base + uint64(b))
		if w.counts {
			counts[j] = c
		}
		if w.first {
			first[j] = at[b]
		}
		table[b] = j // the entry's rank, for the inverse
		j++
	}
	if w.inverse {
		for i, e := range x {
			inv[i] = table[uint64(e)-base]
		}
	}
	return vals, first, counts
}

// uniqueSorted is Unique of x by a value sort of a copy: the distinct
// values and (with counts) how many of each.
func uniqueSorted[T tensor.Real](x []T, withCounts bool) (vals []T, counts []int) {
	n := len(x)
	s, buf := make([]T, n), make([]T, n)
	copy(s, x)
	valueSort(s, buf, false)
	u := 0
	for i := 0; i < n; {
		j := i + 1
		for j < n && uniqueEqual(s[i], s[j]) {
			j++
		}
		e := s[i]
		if floatBitsDiffer(s[i], s[j-1]) { // -0 and +0, or NaNs of different bits: the first in x
			e = firstEqual(x, e)
		}
		s[u] = e
		if withCounts {
			counts = append(counts, j-i)
		}
		u++
		i = j
	}
	return s[:u], counts
}

// uniqueEqual reports whether Unique takes a and b as equal: equal
// numbers, or both NaN.
func uniqueEqual[T tensor.Real](a, b T) bool { return a == b || a != a && b != b }

// floatBitsDiffer reports whether a and b have different bits.
func floatBitsDiffer[T tensor.Real](a, b T) bool {
	if unsafe.Sizeof(a) == 4 {
		return *(*uint32)(unsafe.Pointer(&a)) != *(*uint32)(unsafe.Pointer(&b))
	}
	if unsafe.Sizeof(a) == 8 {
		return *(*uint64)(unsafe.Pointer(&a)) != *(*uint64)(unsafe.Pointer(&b))
	}
	return a != b
}

// firstEqual returns the first element of x that Unique takes as equal
// to e.
func firstEqual[T tensor.Real](x []T, e T) T {
	for _, a := range x {
		if uniqueEqual(a, e) {
			return a
		}
	}
	return e
}

// uniqueByIndex is Unique of x by a stable sort of its indices by keys of
// K (those of ArgSort, in which equal elements have equal keys): the
// distinct values (each the first of its run, which the stability makes
// the first in x), their first indices and counts, and the inverse into
// inv where it is not nil.
func uniqueByIndex[K sorts.Key, T tensor.Real](x []T, inv []int) (vals []T, first, counts []int) {
	n := len(x)
	keys, kbuf := make([]K, n), make([]K, n)
	idx, ibuf := make([]int, n), make([]int, n)
	sorts.ArgKeys(keys, bitsOf[K](x), sortKind[T](), false)
	for i := range idx {
		idx[i] = i
	}
	sorts.RadixIndex(keys, kbuf, idx, ibuf)
	first, counts = ibuf[:0], make([]int, 0, 64) // ibuf is free again
	vals = make([]T, 0, 64)
	for i := 0; i < n; {
		j := i + 1
		for j < n && keys[j] == keys[i] {
			j++
		}
		g := len(vals)
		vals = append(vals, x[idx[i]])
		first = append(first, idx[i])
		counts = append(counts, j-i)
		if inv != nil {
			for _, k := range idx[i:j] {
				inv[k] = g
			}
		}
		i = j
	}
	return vals, first, counts
}
