package ops

import (
	"reflect"
	"unsafe"

	"github.com/tessera-go/tessera/internal/errs"
	"github.com/tessera-go/tessera/internal/par"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/tensor"
)

// Mixed operations: elementwise operations whose result has another
// element type than their inputs, the comparisons (numbers in, bools out)
// and the logical operations (bools in and out, where the types happen to
// agree). They run on the compute driver's iteration, staging and split,
// as the arithmetic does (see compute.go and staged.go), with the loops of
// their op types in place of binRunner's: a comparison has no simd
// kernel.

// mixOp is a binary operation from two elements of S to one of D: vv, vs
// and sv compute unit-stride runs (vs and sv with a scalar operand), at
// one element for the strided runs. Like binOp, the operations are types,
// so that the driver calls them without allocating.
//
// nt asks for non-temporal stores where the operation has them (the
// comparisons of floats): the driver sets it for a destination of
// par.StreamBytes or more written run by run, as binRunner streams.
type mixOp[D, S any] interface {
	vv(d []D, x, y []S, nt bool)
	vs(d []D, x []S, s S, nt bool)
	sv(d []D, s S, y []S, nt bool)
	at(x, y S) D
}

// mixUnOp is a unary operation from an element of S to one of D (see mixOp).
type mixUnOp[D, S any] interface {
	v(d []D, x []S)
	at(x S) D
}

// mixedNew computes k(a, b) into a new tensor of the broadcast shape.
func mixedNew[D, S tensor.Element, K mixOp[D, S]](op string, k K, a, b *operand[S]) (tensor.Tensor[D], error) {
	var ab, bb, ob [8]int
	shape, err := broadcastShape(op, ob[:0], a.lay.AppendShape(ab[:0]), b.lay.AppendShape(bb[:0]))
	if err != nil {
		return tensor.Tensor[D]{}, err
	}
	out, err := newResult[D](op, shape)
	if err != nil {
		return out, err
	}
	if err := mixedShaped(op, k, operandOfNew(out.View()), a, b, shape); err != nil {
		return tensor.Tensor[D]{}, err
	}
	return out, nil
}

// mixedInto computes dst = k(a, b) elementwise with broadcasting, after the
// checks every Into form makes.
func mixedInto[D, S tensor.Element, K mixOp[D, S]](op string, k K, dst *operand[D], a, b *operand[S]) error {
	var ab, bb, ob [8]int
	shape, err := broadcastShape(op, ob[:0], a.lay.AppendShape(ab[:0]), b.lay.AppendShape(bb[:0]))
	if err != nil {
		return err
	}
	return mixedShaped(op, k, dst, a, b, shape)
}

// mixedShaped is mixedInto once the broadcast shape is known.
func mixedShaped[D, S tensor.Element, K mixOp[D, S]](op string, k K, dst *operand[D], a, b *operand[S], shape []int) error {
	if err := checkDst(op, dst, shape); err != nil {
		return err
	}
	isolateMixed(dst, a)
	isolateMixed(dst, b)
	var it layout.Iter
	if err := it.Reset(&dst.lay, &a.lay, &b.lay); err != nil {
		return errs.Wrap("ops", op, nil, err, "shapes %v and %v", a.lay.Shape(), b.lay.Shape())
	}
	if it.Size() >= minStaged && needsStaging(&it) {
		stagedMixed(k, dst, a, b, it.Inc())
		return nil
	}
	var zd D
	nt := dst.lay.Size()*int(unsafe.Sizeof(zd)) >= par.StreamBytes
	if n := workers[S](&it); n > 1 {
		mixedParts(k, &it, n, dst.data, a.data, b.data, nt)
		return nil
	}
	mixedRuns(k, &it, dst.data, a.data, b.data, nt)
	return nil
}

// mixedParts runs mixedRuns over the parts of it on n goroutines: a
// function of its own, so that what the goroutines capture moves to the
// heap only when the operation is split.
func mixedParts[D, S tensor.Element, K mixOp[D, S]](k K, it *layout.Iter, n int, d []D, x, y []S, nt bool) {
	par.Split(it, n, func(q *layout.Iter) { mixedRuns(k, q, d, x, y, nt) })
}

// isolateMixed is isolate for an input of another element type than dst:
// where the types are one, isolate's rule (an input that is dst element
// for element is read in place); otherwise an input that shares any byte
// with dst (through unsafe) is read from a snapshot.
func isolateMixed[D, S tensor.Element](dst *operand[D], in *operand[S]) {
	if reflect.TypeFor[D]() == reflect.TypeFor[S]() {
		isolate(dst, (*operand[D])(unsafe.Pointer(in)))
		return
	}
	if sharesBytes(dst, in) {
		*in = snapshot(in)
	}
}

// mixedRuns computes the runs of q, with non-temporal stores where nt is
// set and k has them.
func mixedRuns[D, S tensor.Element, K mixOp[D, S]](k K, q *layout.Iter, d []D, x, y []S, nt bool) {
	n, inc := q.Len(), q.Inc()
	switch {
	case inc[0] == 1 && inc[1] == 1 && inc[2] == 1:
		q.EachRow(func(o, st [layout.MaxOperands]int, on int) {
			for o0, o1, o2 := o[0], o[1], o[2]; on > 0; o0, o1, o2, on = o0+st[0], o1+st[1], o2+st[2], on-1 {
				k.vv(d[o0:o0+n], x[o1:o1+n], y[o2:o2+n], nt)
			}
		})
	case inc[0] == 1 && inc[1] == 1 && inc[2] == 0:
		q.EachRow(func(o, st [layout.MaxOperands]int, on int) {
			for o0, o1, o2 := o[0], o[1], o[2]; on > 0; o0, o1, o2, on = o0+st[0], o1+st[1], o2+st[2], on-1 {
				k.vs(d[o0:o0+n], x[o1:o1+n], y[o2], nt)
			}
		})
	case inc[0] == 1 && inc[1] == 0 && inc[2] == 1:
		q.EachRow(func(o, st [layout.MaxOperands]int, on int) {
			for o0, o1, o2 := o[0], o[1], o[2]; on > 0; o0, o1, o2, on = o0+st[0], o1+st[1], o2+st[2], on-1 {
				k.sv(d[o0:o0+n], x[o1], y[o2:o2+n], nt)
			}
		})
	default:
		q.EachRow(func(o, st [layout.MaxOperands]int, on int) {
			for o0, o1, o2 := o[0], o[1], o[2]; on > 0; o0, o1, o2, on = o0+st[0], o1+st[1], o2+st[2], on-1 {
				di, xi, yi := o0, o1, o2
				for range n {
					d[di] = k.at(x[xi], y[yi])
					di, xi, yi = di+inc[0], xi+inc[1], yi+inc[2]
				}
			}
		})
	}
}

// stagedMixed computes dst = k(a, b) by staging (see staged.go).
func stagedMixed[D, S tensor.Element, K mixOp[D, S]](k K, dst *operand[D], a, b *operand[S], inc [layout.MaxOperands]int) {
	var p stagePlan[D, S]
	p.plan(dst, &[2]operand[S]{*a, *b}, 2, inc)
	if p.workers > 1 {
		pp := p // a copy for the goroutines: p itself stays on the stack
		par.Do(p.workers, func(w int) { mixedSlabs(k, &pp, w) })
		return
	}
	mixedSlabs(k, &p, 0)
}

// mixedSlabs computes the slabs of p of goroutine w.
func mixedSlabs[D, S tensor.Element, K mixOp[D, S]](k K, p *stagePlan[D, S], w int) {
	var sc scratch
	var sl slab[D, S]
	for s := w; s < p.slabs; s += p.workers {
		p.stage(s, &sl, &sc)
		// Computed into dst itself, a large result streams, as unstaged.
		mixedRuns(k, &sl.it, sl.target, sl.x, sl.y, p.direct && p.bytes >= par.StreamBytes)
		p.unstage(&sl)
	}
	sc.release()
}

// mixedUnaryNew computes k(a) into a new tensor of a's shape.
func mixedUnaryNew[D, S tensor.Element, K mixUnOp[D, S]](op string, k K, a *operand[S]) (tensor.Tensor[D], error) {
	var sb [8]int
	out, err := newResult[D](op, a.lay.AppendShape(sb[:0]))
	if err != nil {
		return out, err
	}
	if err := mixedUnaryInto(op, k, operandOfNew(out.View()), a); err != nil {
		return tensor.Tensor[D]{}, err
	}
	return out, nil
}

// mixedUnaryInto computes dst = k(a) elementwise; dst has a's shape.
func mixedUnaryInto[D, S tensor.Element, K mixUnOp[D, S]](op string, k K, dst *operand[D], a *operand[S]) error {
	var sb [8]int
	if err := checkDst(op, dst, a.lay.AppendShape(sb[:0])); err != nil {
		return err
	}
	isolateMixed(dst, a)
	var it layout.Iter
	if err := it.Reset(&dst.lay, &a.lay); err != nil {
		return errs.Wrap("ops", op, nil, err, "shape %v", a.lay.Shape())
	}
	if it.Size() >= minStaged && needsStaging(&it) {
		stagedMixedUnary(k, dst, a, it.Inc())
		return nil
	}
	if n := workers[S](&it); n > 1 {
		mixedUnaryParts(k, &it, n, dst.data, a.data)
		return nil
	}
	mixedUnaryRuns(k, &it, dst.data, a.data)
	return nil
}

// mixedUnaryParts runs mixedUnaryRuns over the parts of it on n goroutines (see
// mixedParts).
func mixedUnaryParts[D, S tensor.Element, K mixUnOp[D, S]](k K, it *layout.Iter, n int, d []D, x []S) {
	par.Split(it, n, func(q *layout.Iter) { mixedUnaryRuns(k, q, d, x) })
}

// mixedUnaryRuns computes the runs of q.
func mixedUnaryRuns[D, S tensor.Element, K mixUnOp[D, S]](k K, q *layout.Iter, d []D, x []S) {
	n, inc := q.Len(), q.Inc()
	if inc[0] == 1 && inc[1] == 1 {
		q.EachRow(func(o, st [layout.MaxOperands]int, on int) {
			for o0, o1 := o[0], o[1]; on > 0; o0, o1, on = o0+st[0], o1+st[1], on-1 {
				k.v(d[o0:o0+n], x[o1:o1+n])
			}
		})
		return
	}
	q.EachRow(func(o, st [layout.MaxOperands]int, on int) {
		for o0, o1 := o[0], o[1]; on > 0; o0, o1, on = o0+st[0], o1+st[1], on-1 {
			di, xi := o0, o1
			for range n {
				d[di] = k.at(x[xi])
				di, xi = di+inc[0], xi+inc[1]
			}
		}
	})
}

// stagedMixedUnary is stagedMixed for a unary operation.
func stagedMixedUnary[D, S tensor.Element, K mixUnOp[D, S]](k K, dst *operand[D], a *operand[S], inc [layout.MaxOperands]int) {
	var p stagePlan[D, S]
	p.plan(dst, &[2]operand[S]{*a}, 1, inc)
	if p.workers > 1 {
		pp := p // a copy for the goroutines: p itself stays on the stack
		par.Do(p.workers, func(w int) { mixedUnarySlabs(k, &pp, w) })
		return
	}
	mixedUnarySlabs(k, &p, 0)
}

// mixedUnarySlabs is mixedSlabs for a unary operation.
func mixedUnarySlabs[D, S tensor.Element, K mixUnOp[D, S]](k K, p *stagePlan[D, S], w int) {
	var sc scratch
	var sl slab[D, S]
	for s := w; s < p.slabs; s += p.workers {
		p.stage(s, &sl, &sc)
		mixedUnaryRuns(k, &sl.it, sl.target, sl.x)
		p.unstage(&sl)
	}
	sc.release()
}
