package ops

import (
	"github.com/tessera-go/tessera/internal/errs"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/tensor"
)

// Tensordot returns the tensor contraction of a and b over the axes
// axesA of a and axesB of b, paired in order, as NumPy's
// tensordot(a, b, axes=(axesA, axesB)): the sum over the paired axes of
// the products, with the remaining axes of a, in order, then those of b.
// No axes give the outer product. Negative axes count from the end.
//
// It runs as one matrix product (see MatMul, whose summation order and
// bits it has): a's free axes and b's contracted ones are moved first, as
// views, and each operand is seen as a matrix, a view where its strides
// allow and a row-major copy otherwise (see Reshape).
//
// It returns an error wrapping layout.ErrArg when axesA and axesB differ
// in length, layout.ErrAxis for an axis out of range,
// layout.ErrDuplicateAxis for an axis named twice, and layout.ErrShape
// for paired axes of different sizes.
func Tensordot[T tensor.Number, A tensor.Operand[T], B tensor.Operand[T]](a A, b B, axesA, axesB []int) (tensor.Tensor[T], error) {
	return tensordot("Tensordot", tensor.View[T](a), tensor.View[T](b), axesA, axesB)
}

func tensordot[T tensor.Number](op string, a, b tensor.View[T], axesA, axesB []int) (tensor.Tensor[T], error) {
	as, bs := a.Shape(), b.Shape()
	if len(axesA) != len(axesB) {
		return tensor.Tensor[T]{}, errorf(op, layout.ErrArg, "%d axes %v of a and %d axes %v of b: want as many", len(axesA), axesA, len(axesB), axesB)
	}
	setA, err := errs.Axes("ops", op, layout.ErrAxis, layout.ErrDuplicateAxis, axesA, len(as))
	if err != nil {
		return tensor.Tensor[T]{}, err
	}
	setB, err := errs.Axes("ops", op, layout.ErrAxis, layout.ErrDuplicateAxis, axesB, len(bs))
	if err != nil {
		return tensor.Tensor[T]{}, err
	}
	ca, cb := make([]int, len(axesA)), make([]int, len(axesB))
	k := 1
	for i := range axesA {
		ca[i], _ = errs.Axis("ops", op, layout.ErrAxis, axesA[i], len(as))
		cb[i], _ = errs.Axis("ops", op, layout.ErrAxis, axesB[i], len(bs))
		if as[ca[i]] != bs[cb[i]] {
			return tensor.Tensor[T]{}, errorf(op, layout.ErrShape, "shapes %v and %v: axis %d of a has size %d, axis %d of b %d",
				as, bs, ca[i], as[ca[i]], cb[i], bs[cb[i]])
		}
		k *= as[ca[i]]
	}
	var freeA, freeB, shape []int
	m, n := 1, 1
	for i, d := range as {
		if setA&(1<<i) == 0 {
			freeA = append(freeA, i)
			shape = append(shape, d)
			m *= d
		}
	}
	for i, d := range bs {
		if setB&(1<<i) == 0 {
			freeB = append(freeB, i)
			shape = append(shape, d)
			n *= d
		}
	}
	if _, err := layout.RowMajor(shape...); err != nil {
		return tensor.Tensor[T]{}, errs.Wrap("ops", op, nil, err, "result of shapes %v and %v", as, bs)
	}
	am, err := asMatrix(op, a, append(freeA, ca...), m, k)
	if err != nil {
		return tensor.Tensor[T]{}, err
	}
	bm, err := asMatrix(op, b, append(cb, freeB...), k, n)
	if err != nil {
		return tensor.Tensor[T]{}, err
	}
	out, err := newResult[T](op, shape)
	if err != nil {
		return out, err
	}
	p := matMulPlan{shape: []int{m, n}, m: m, n: n, k: k}
	ol, _ := layout.RowMajor(m, n) // out is row-major: the same elements
	runMatMul(&p, operandOf(&am), operandOf(&bm), &operand[T]{data: out.Data(), lay: ol})
	return out, nil
}

// asMatrix returns v with its axes in the order perm, seen as an r×c
// matrix: a view where the strides allow it, else a row-major copy.
func asMatrix[T tensor.Number](op string, v tensor.View[T], perm []int, r, c int) (tensor.View[T], error) {
	p, err := v.Permute(perm...)
	if err == nil {
		p, err = p.Reshape(r, c)
	}
	if err != nil {
		return tensor.View[T]{}, errs.Wrap("ops", op, nil, err, "operand of shape %v", v.Shape())
	}
	return p, nil
}

// Dot returns the dot product of a and b as NumPy's dot defines it: the
// sum of the products of two vectors (a rank-0 tensor), the matrix
// product of two matrices or of a matrix and a vector, and for operands
// of more axes the sum over the last axis of a and the next-to-last of b
// (the last, when b is 1-D), the other axes of a, then of b, kept
// (Tensordot(a, b, [-1], [-2])). A rank-0 operand multiplies the other
// elementwise. It returns the errors of Tensordot and of Mul.
func Dot[T tensor.Number, A tensor.Operand[T], B tensor.Operand[T]](a A, b B) (tensor.Tensor[T], error) {
	const op = "Dot"
	av, bv := tensor.View[T](a), tensor.View[T](b)
	switch {
	case av.Rank() == 0 || bv.Rank() == 0:
		return binary(op, mulOp[T]{}, av, bv, false)
	case bv.Rank() == 1:
		return tensordot(op, av, bv, []int{-1}, []int{0})
	}
	return tensordot(op, av, bv, []int{-1}, []int{-2})
}

// Outer returns the outer product of a and b, each read as a vector of
// its elements in row-major order (NumPy's outer): element (i, j) is
// a[i]·b[j], of shape [a.Size() b.Size()]. It returns layout.ErrOverflow
// for a result too large.
func Outer[T tensor.Number, A tensor.Operand[T], B tensor.Operand[T]](a A, b B) (tensor.Tensor[T], error) {
	const op = "Outer"
	av, bv := tensor.View[T](a), tensor.View[T](b)
	col, err := av.Reshape(av.Size(), 1)
	if err != nil {
		return tensor.Tensor[T]{}, errs.Wrap("ops", op, nil, err, "operand of shape %v", av.Shape())
	}
	row, err := bv.Reshape(1, bv.Size())
	if err != nil {
		return tensor.Tensor[T]{}, errs.Wrap("ops", op, nil, err, "operand of shape %v", bv.Shape())
	}
	return binary(op, mulOp[T]{}, col, row, false)
}

// Trace returns the sums of the diagonals offset of the matrices spanned
// by axis1 and axis2 of v, as NumPy's trace(v, offset, axis1, axis2): the
// sum of Diagonal(v, offset, axis1, axis2) along its last axis, a rank-0
// tensor for a matrix. Integers wrap, as in Sum. It returns the errors of
// Diagonal.
func Trace[T tensor.Number, V tensor.Operand[T]](v V, offset, axis1, axis2 int) (tensor.Tensor[T], error) {
	const op = "Trace"
	tv := tensor.View[T](v)
	d, err := tv.Diagonal(offset, axis1, axis2)
	if err != nil {
		return tensor.Tensor[T]{}, errs.Wrap("ops", op, nil, err, "shape %v", tv.Shape())
	}
	return reduceNew(op, sumReducer[T](), d, []int{-1}, false)
}
