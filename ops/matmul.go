package ops

import (
	"slices"

	"github.com/tessera-go/tessera/internal/errs"
	"github.com/tessera-go/tessera/internal/par"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/tensor"
)

// MatMul returns the matrix product of a and b by NumPy's matmul rules: two
// 2-D operands [m k] and [k n] give [m n]; a 1-D a is a row [1 k] and a
// 1-D b a column [k 1], the added axis removed from the result (so two
// 1-D operands give their dot product, rank 0); operands of more than 2
// axes are stacks of matrices in their last two axes, whose leading axes
// broadcast against each other as in [Add]. Every element type computes;
// integers wrap, as Go's arithmetic (and NumPy's fixed-width integers) do.
//
// Any operand layout is read as it lies — transposed, sliced with steps,
// flipped, broadcast — through packed blocks (see the package
// documentation, "Matrix products"), so MatMul(a.T, b) needs no copy of
// a.T first. The result is the same bit for bit for every SetParallelism
// and every SIMD level: each element is summed in the order of k, by fused multiply-adds for
// float32 and float64 (in the element type, as BLAS does: the rounding
// error of an element is at most about k·eps·Σ|a_ik·b_kj|), in blocks of
// 256 along k whose sums are added in turn.
//
// It returns an error wrapping layout.ErrRank for a rank-0 operand and
// layout.ErrShape when the inner sizes differ or the stacks do not
// broadcast (the message names both shapes), and layout.ErrOverflow for a
// result too large.
func MatMul[T tensor.Number, A tensor.Operand[T], B tensor.Operand[T]](a A, b B) (tensor.Tensor[T], error) {
	const op = "MatMul"
	av, bv := tensor.View[T](a), tensor.View[T](b)
	p, err := planMatMul(op, av.Layout(), bv.Layout())
	if err != nil {
		return tensor.Tensor[T]{}, err
	}
	out, err := newResult[T](op, p.shape)
	if err != nil {
		return out, err
	}
	runMatMul(&p, operandOf(&av), operandOf(&bv), operandOfNew(out.View()))
	return out, nil
}

// MatMulInto writes the matrix product of a and b into dst, which must
// have the shape MatMul returns (layout.ErrShape otherwise) and must not
// reach an element twice (layout.ErrOverlap). a and b may share memory
// with dst: an operand that does is read from a copy of it taken first.
// The errors are MatMul's; nothing is written on error. Unlike the
// elementwise Into forms it allocates: a few small slices (the shapes and
// strides of its plan) on every call, and packing buffers beyond what the
// package's pool keeps (see the package documentation, "Memory").
func MatMulInto[T tensor.Number, D tensor.Operand[T], A tensor.Operand[T], B tensor.Operand[T]](dst D, a A, b B) error {
	const op = "MatMulInto"
	av, bv := tensor.View[T](a), tensor.View[T](b)
	p, err := planMatMul(op, av.Layout(), bv.Layout())
	if err != nil {
		return err
	}
	d, x, y := operandOf(&dst), operandOf(&av), operandOf(&bv)
	if err := checkDst(op, d, p.shape); err != nil {
		return err
	}
	isolate(d, x)
	isolate(d, y)
	runMatMul(&p, x, y, d)
	return nil
}

// matMulPlan is what planMatMul finds of a product: the result's shape,
// the stacks' broadcast shape, the sizes of the matrices, and which
// operands were 1-D.
type matMulPlan struct {
	shape      []int // the result's
	batch      []int // the broadcast stack shape
	m, n, k    int
	rowA, colB bool // a was 1-D (a row), b was 1-D (a column)
}

// planMatMul checks the shapes of a product by NumPy's matmul rules and
// returns its plan.
func planMatMul(op string, al, bl layout.Layout) (matMulPlan, error) {
	as, bs := al.Shape(), bl.Shape()
	if len(as) == 0 || len(bs) == 0 {
		return matMulPlan{}, errorf(op, layout.ErrRank, "shapes %v and %v: a rank-0 operand has no matrix", as, bs)
	}
	var p matMulPlan
	ea, eb := as, bs
	if len(ea) == 1 {
		ea, p.rowA = []int{1, ea[0]}, true
	}
	if len(eb) == 1 {
		eb, p.colB = []int{eb[0], 1}, true
	}
	p.m, p.k = ea[len(ea)-2], ea[len(ea)-1]
	kb := eb[len(eb)-2]
	p.n = eb[len(eb)-1]
	if p.k != kb {
		return matMulPlan{}, errorf(op, layout.ErrShape, "shapes %v and %v: inner sizes %d and %d differ", as, bs, p.k, kb)
	}
	batch, err := layout.BroadcastShapes(ea[:len(ea)-2], eb[:len(eb)-2])
	if err != nil {
		return matMulPlan{}, errs.Wrap("ops", op, layout.ErrShape, err, "shapes %v and %v: the stacks %v and %v do not broadcast",
			as, bs, ea[:len(ea)-2], eb[:len(eb)-2])
	}
	p.batch = batch
	p.shape = slices.Clone(batch)
	if !p.rowA {
		p.shape = append(p.shape, p.m)
	}
	if !p.colB {
		p.shape = append(p.shape, p.n)
	}
	if _, err := layout.RowMajor(p.shape...); err != nil {
		return matMulPlan{}, errs.Wrap("ops", op, nil, err, "result of shapes %v and %v", as, bs)
	}
	return p, nil
}

// runMatMul computes the product of plan p of x and y into d, d sharing
// no memory with x or y.
func runMatMul[T tensor.Number](p *matMulPlan, x, y, d *operand[T]) {
	if shapeSize(p.shape) == 0 {
		return
	}
	// Each operand's matrix strides, and the shape and strides of its
	// stack axes; a 1-D operand's added axis has stride 0 (its one index
	// never moves).
	ash, ast := x.lay.Shape(), x.lay.Strides()
	bsh, bst := y.lay.Shape(), y.lay.Strides()
	cst := d.lay.Strides()
	a := gemmMatrix[T]{data: x.data, off: x.lay.Offset()}
	b := gemmMatrix[T]{data: y.data, off: y.lay.Offset()}
	c := gemmMatrix[T]{data: d.data, off: d.lay.Offset()}
	if ra := len(ash); p.rowA {
		a.cs, ash, ast = ast[0], nil, nil
	} else {
		a.rs, a.cs, ash, ast = ast[ra-2], ast[ra-1], ash[:ra-2], ast[:ra-2]
	}
	if rb := len(bsh); p.colB {
		b.rs, bsh, bst = bst[0], nil, nil
	} else {
		b.rs, b.cs, bsh, bst = bst[rb-2], bst[rb-1], bsh[:rb-2], bst[:rb-2]
	}
	rc := len(cst)
	switch {
	case p.rowA && p.colB: // no matrix axes in d
	case p.rowA:
		c.cs, cst = cst[rc-1], cst[:rc-1]
	case p.colB:
		c.rs, cst = cst[rc-1], cst[:rc-1]
	default:
		c.rs, c.cs, cst = cst[rc-2], cst[rc-1], cst[:rc-2]
	}
	// Each operand's stride along each axis of the broadcast stack shape:
	// 0 where it has no such axis or broadcasts along it.
	nb := len(p.batch)
	sa, sb := make([]int, nb), make([]int, nb)
	for i := range nb {
		if j := i - (nb - len(ash)); j >= 0 && ash[j] != 1 {
			sa[i] = ast[j]
		}
		if j := i - (nb - len(bsh)); j >= 0 && bsh[j] != 1 {
			sb[i] = bst[j]
		}
	}
	kern := kernelOf[T]()
	count := shapeSize(p.batch)
	// One matrix, or matrices large enough to split: each product over
	// the goroutines. Many small ones: the stack over the goroutines, a
	// part of it each.
	per := gemmWorkers(p.m, p.n, p.k)
	whole := gemmWorkers(p.m*count, p.n, p.k)
	if count == 1 || per > 1 || whole == 1 {
		var sc scratch
		defer sc.release()
		batchRange(kern, p, a, b, c, sa, sb, cst, 0, count, per, &sc)
		return
	}
	whole = min(whole, count)
	par.Do(whole, func(w int) {
		var sc scratch
		defer sc.release()
		batchRange(kern, p, a, b, c, sa, sb, cst, count*w/whole, count*(w+1)/whole, 1, &sc)
	})
}

// batchRange computes the products lo to hi-1 of the stack, in row-major
// order of p.batch, each from a, b and c moved by the strides sa, sb and
// sc along the stack's axes.
func batchRange[T tensor.Number](kern gemmKernel[T], p *matMulPlan, a, b, c gemmMatrix[T], sa, sb, sc []int, lo, hi, workers int, s *scratch) {
	nb := len(p.batch)
	var ib [8]int
	var idx []int
	if nb > len(ib) {
		idx = make([]int, nb)
	} else {
		idx = ib[:nb]
	}
	for i, q := nb-1, lo; i >= 0; i-- { // the index of product lo
		idx[i], q = q%p.batch[i], q/p.batch[i]
	}
	// Products of few columns within one block along k go straight to the
	// row kernel: gemm would only lead there.
	direct := kern.rows != nil && p.n <= kern.rowsMax && b.cs == 1 && c.cs == 1 && p.k > 0 && p.k <= gemmKC && p.m > 0 && p.n > 0
	for range hi - lo {
		aa, bb, cc := a, b, c
		for i, v := range idx {
			aa.off += v * sa[i]
			bb.off += v * sb[i]
			cc.off += v * sc[i]
		}
		if direct {
			kern.rows(p.m, p.n, p.k, aa, bb, cc, false)
		} else {
			gemm(kern, p.m, p.n, p.k, aa, bb, cc, workers, s)
		}
		for i := nb - 1; i >= 0; i-- {
			if idx[i]++; idx[i] < p.batch[i] {
				break
			}
			idx[i] = 0
		}
	}
}
