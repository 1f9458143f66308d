package ops

import (
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/tensor"
)

// nanSum returns the sum of the elements of v along axes with NaN read as
// 0, NumPy's nansum: a mapped reduction (see mapped.go) of the sum's
// reducer and the nanZero mapping, with no path of its own. Its bits are those of Sum of v with every NaN replaced by 0,
// copied row-major, whatever v's layout and the parallelism. It is not
// exported yet: the NaN-aware reductions of the masks issue will be built
// the same way.
func nanSum[T tensor.Float](v tensor.View[T], axes ...int) (tensor.Tensor[T], error) {
	const op = "NanSum"
	set, err := reduceAxes(op, v.Rank(), axes)
	if err != nil {
		return tensor.Tensor[T]{}, err
	}
	keep, drop := reducedShapes(v.Shape(), set)
	out, err := newResult[T](op, drop)
	if err != nil {
		return out, err
	}
	kl, _ := layout.RowMajor(keep...) // out is row-major: the same elements
	d := operand[T]{data: out.Data(), lay: kl}
	p, err := planMapped(op, &d, v, set)
	if err != nil {
		return tensor.Tensor[T]{}, err
	}
	var sc scratch
	defer sc.release()
	rd := sumReducer[T]()
	runMapped(&p, rd, &d, v, set, nanZero[T]{}, &sc)
	rd.finish(d.data)
	return out, nil
}

// nanZero maps NaN to 0 and every other element to itself.
type nanZero[T tensor.Float] struct{}

func (nanZero[T]) whole(dev, src tensor.View[T])              { nanZeroInto(dev, src) }
func (nanZero[T]) block(dev, src tensor.View[T], _, _, _ int) { nanZeroInto(dev, src) }
func (nanZero[T]) rows(dev, src tensor.View[T])               { nanZeroInto(dev, src) }

// nanZeroInto sets dev to src with NaN replaced by 0; dev is fresh and of
// src's shape.
func nanZeroInto[T tensor.Float](dev, src tensor.View[T]) {
	if err := unaryInto("NanSum", nanZeroOp[T]{}, operandOf(&dev), operandOf(&src)); err != nil {
		panic("ops: internal error: " + err.Error())
	}
}

// nanZeroOp is the unary operation of nanZero (see unOp).
type nanZeroOp[T tensor.Float] struct{}

func (nanZeroOp[T]) v(d, x []T) {
	x = x[:len(d)]
	for i, e := range x {
		if e != e {
			e = 0
		}
		d[i] = e
	}
}

func (nanZeroOp[T]) at(x T) T {
	if x != x {
		return 0
	}
	return x
}
