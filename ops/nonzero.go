package ops

import (
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/tensor"
)

// ArgWhere returns the indices of the elements of v that are not zero
// (the true elements of a mask), NumPy's argwhere: a new Tensor[int] of
// shape [count, rank], one row of indices per element, in row-major
// order of v. A rank-0 v gives shape [count, 0]. A v that is not
// row-major is first copied row-major (its size in elements, which may
// fail with an error wrapping layout.ErrOverflow for a broadcast view too
// large to copy).
func ArgWhere[T tensor.Element, V tensor.Operand[T]](v V) (tensor.Tensor[int], error) {
	const op = "ArgWhere"
	vv := tensor.View[T](v)
	shape := vv.Shape()
	idx, n, err := nonzeroIndices(op, vv, shape, false)
	if err != nil {
		return tensor.Tensor[int]{}, err
	}
	return tensor.FromSlice(idx, n, len(shape))
}

// NonZero returns the indices of the elements of v that are not zero
// (the true elements of a mask), NumPy's nonzero: one new 1-D Tensor[int]
// per axis of v, the i-th element of each the index along that axis of
// the i-th such element in row-major order. The tensors share one buffer.
// It returns an error wrapping layout.ErrRank for a rank-0 v (as NumPy 2
// does) and the errors of [ArgWhere].
func NonZero[T tensor.Element, V tensor.Operand[T]](v V) ([]tensor.Tensor[int], error) {
	const op = "NonZero"
	vv := tensor.View[T](v)
	shape := vv.Shape()
	if len(shape) == 0 {
		return nil, errorf(op, layout.ErrRank, "a rank-0 view has no axes to index")
	}
	idx, n, err := nonzeroIndices(op, vv, shape, true)
	if err != nil {
		return nil, err
	}
	out := make([]tensor.Tensor[int], len(shape))
	for k := range out {
		out[k], _ = tensor.FromSlice(idx[k*n:(k+1)*n:(k+1)*n], n)
	}
	return out, nil
}

// nonzeroIndices returns the indices of the nonzero elements of v, of
// shape, and their count: row after row of rank indices, or with byAxis
// the indices of every element along axis 0, then axis 1, and so on.
func nonzeroIndices[T tensor.Element](op string, v tensor.View[T], shape []int, byAxis bool) ([]int, int, error) {
	x, err := rowMajorOver(op, v, shape)
	if err != nil {
		return nil, 0, err
	}
	var zero T
	n := 0
	if _, mask := any(zero).(bool); mask {
		n = countBytes(asKind[byte](x))
	} else {
		for _, e := range x {
			if e != zero {
				n++
			}
		}
	}
	rank := len(shape)
	if _, err := layout.RowMajor(n, rank); err != nil {
		return nil, 0, errorf(op, layout.ErrOverflow, "%d indices of %d axes", n, rank)
	}
	idx := make([]int, n*rank)
	pos := make([]int, rank)
	j := 0
	for _, e := range x {
		if e != zero {
			for k, p := range pos {
				if byAxis {
					idx[k*n+j] = p
				} else {
					idx[j*rank+k] = p
				}
			}
			j++
		}
		for k := rank - 1; k >= 0; k-- { // the next index, row-major
			if pos[k]++; pos[k] < shape[k] {
				break
			}
			pos[k] = 0
		}
	}
	return idx, n, nil
}
