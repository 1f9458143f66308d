package ops

import (
	"github.com/tessera-go/tessera/tensor"
)

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
