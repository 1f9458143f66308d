package ops

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/tessera-go/tessera/internal/errs"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/tensor"
)

// Einsum evaluates the Einstein summation spec on the operands, as NumPy's
// einsum does: each operand's axes are labelled by letters (a-z, A-Z),
// separated by commas, and the output's follow "->"; a label repeated
// within an operand takes its diagonal, a label missing from the output is
// summed over, and "..." stands for the axes not labelled, which broadcast
// across the operands as in [Add]. A label's sizes must agree across the
// operands, or be 1, which broadcasts (as in NumPy). Without "->" the
// output is NumPy's implicit one: the ellipsis' axes, then the labels that
// appear once, in alphabetical order.
//
//	ops.Einsum("ij,jk->ik", a, b)     // MatMul
//	ops.Einsum("bij,bjk->bik", x, y)  // a batched product
//	ops.Einsum("ii->", m)             // the trace
//	ops.Einsum("...ij->...ji", s)     // transposes a stack
//	ops.Einsum("i,j->ij", u, v)       // the outer product
//
// It never loops over the whole index space: labels found in one operand
// only and not in the output are summed out first (Sum), and the operands
// are then contracted two at a time, left to right, each pair as one
// matrix product (MatMul, with the labels both keep as its stacks), so the
// result has MatMul's and Sum's bits. The result is a new tensor, also
// when it holds an operand's elements unchanged.
//
// It returns an error wrapping layout.ErrArg for a malformed spec, a
// number of operands that differs from the spec's, or an output label no
// operand has; layout.ErrRank when an operand's rank differs from its
// labels; and layout.ErrShape when a label's sizes differ (the message
// names the label and the sizes).
func Einsum[T tensor.Number, V tensor.Operand[T]](spec string, operands ...V) (tensor.Tensor[T], error) {
	const op = "Einsum"
	vs := viewsOf[T](operands)
	terms, out, err := parseEinsum(op, spec, vs)
	if err != nil {
		return tensor.Tensor[T]{}, err
	}
	// Each operand's repeated labels become one axis, its diagonal.
	cur := make([]tensor.View[T], len(vs))
	for i, v := range vs {
		if cur[i], terms[i], err = einsumDiagonal(op, v, terms[i]); err != nil {
			return tensor.Tensor[T]{}, einsumError(op, spec, err)
		}
	}
	// Sizes, checked across operands: a label's sizes must agree, or be
	// 1, which broadcasts, as in NumPy; each operand is then expanded
	// (stride 0) to the sizes of its labels.
	sizes := map[rune]int{}
	for i, v := range cur {
		for k, l := range terms[i] {
			d, _ := v.Dim(k)
			if s, ok := sizes[l]; ok && s != d && s != 1 && d != 1 {
				return tensor.Tensor[T]{}, errorf(op, layout.ErrShape, "label %s has sizes %d and %d in %q", labelName(l), s, d, spec)
			}
			if s, ok := sizes[l]; !ok || s == 1 {
				sizes[l] = d
			}
		}
	}
	for i, v := range cur {
		sh := make([]int, len(terms[i]))
		for k, l := range terms[i] {
			sh[k] = sizes[l]
		}
		e, err := v.Expand(sh...)
		if err != nil {
			return tensor.Tensor[T]{}, errs.Wrap("ops", op, nil, err, "%q: operand %d", spec, i)
		}
		cur[i] = e
	}
	// Labels in one operand only and not in the output are summed out.
	count := map[rune]int{}
	for _, t := range terms {
		for _, l := range t {
			count[l]++
		}
	}
	for i := range cur {
		var axes []int
		var keep []rune
		for k, l := range terms[i] {
			if count[l] == 1 && !slices.Contains(out, l) {
				axes = append(axes, k)
			} else {
				keep = append(keep, l)
			}
		}
		if len(axes) > 0 {
			s, err := reduceNew(op, sumReducer[T](), cur[i], axes, false)
			if err != nil {
				return tensor.Tensor[T]{}, err
			}
			cur[i], terms[i] = s.View(), keep
		}
	}
	// Contract left to right.
	acc, at := cur[0], terms[0]
	for i := 1; i < len(cur); i++ {
		later := slices.Clone(out)
		for _, t := range terms[i+1:] {
			later = append(later, t...)
		}
		r, rt, err := einsumPair(op, acc, at, cur[i], terms[i], later)
		if err != nil {
			return tensor.Tensor[T]{}, einsumError(op, spec, err)
		}
		acc, at = r, rt
	}
	// What is left: sum the labels the output lacks, then order the axes as
	// the output's and broadcast the ellipsis' as the output's sizes say.
	var axes []int
	var keep []rune
	for k, l := range at {
		if !slices.Contains(out, l) {
			axes = append(axes, k)
		} else {
			keep = append(keep, l)
		}
	}
	if len(axes) > 0 {
		s, err := reduceNew(op, sumReducer[T](), acc, axes, false)
		if err != nil {
			return tensor.Tensor[T]{}, err
		}
		acc, at = s.View(), keep
	}
	perm := make([]int, len(out))
	shape := make([]int, len(out))
	for k, l := range out {
		perm[k] = slices.Index(at, l)
		shape[k] = sizes[l]
	}
	p, err := acc.Permute(perm...)
	if err == nil {
		p, err = p.Expand(shape...)
	}
	if err != nil {
		return tensor.Tensor[T]{}, einsumError(op, spec, err)
	}
	res, err := newResult[T](op, shape)
	if err != nil {
		return res, err
	}
	if err := res.View().CopyFrom(p); err != nil {
		return tensor.Tensor[T]{}, einsumError(op, spec, err)
	}
	return res, nil
}

// einsumError returns err, the error of a step of Einsum (a view
// operation, a product), wrapped with the operation and the spec, unless
// it is already Einsum's own.
func einsumError(op, spec string, err error) error {
	var e *errs.Error
	if errors.As(err, &e) && e.Pkg == "ops" && e.Op == op {
		return err
	}
	return errs.Wrap("ops", op, nil, err, "%q", spec)
}

// The ellipsis' axes get labels of their own, after the letters: the
// label of the i-th axis from the end of an ellipsis is ellipsisBase+i, so
// that the operands' ellipsis axes align to the right, as broadcasting
// does.
const ellipsisBase = rune(0x10000)

func isEllipsisLabel(l rune) bool { return l >= ellipsisBase }

// labelName returns a label for messages.
func labelName(l rune) string {
	if isEllipsisLabel(l) {
		return fmt.Sprintf("of the ellipsis (axis %d from its end)", int(l-ellipsisBase))
	}
	return fmt.Sprintf("%q", l)
}

// parseEinsum parses spec for the operands vs and returns each operand's
// labels and the output's, with the ellipsis expanded.
func parseEinsum[T tensor.Number](op, spec string, vs []tensor.View[T]) (terms [][]rune, out []rune, err error) {
	bad := func(format string, args ...any) ([][]rune, []rune, error) {
		return nil, nil, errorf(op, layout.ErrArg, "%q: "+format, append([]any{spec}, args...)...)
	}
	lhs, rhs, explicit := strings.Cut(strings.ReplaceAll(spec, " ", ""), "->")
	if strings.Contains(rhs, "->") {
		return bad("more than one ->")
	}
	ins := strings.Split(lhs, ",")
	if len(ins) != len(vs) {
		return bad("%d operands for %d given", len(ins), len(vs))
	}
	ell := 0 // the ellipsis' rank: the most axes it stands for
	terms = make([][]rune, len(ins))
	for i, s := range ins {
		before, after, has := strings.Cut(s, "...")
		if strings.Contains(after, "...") || strings.ContainsAny(before+after, ".") {
			return bad("operand %d: a malformed ellipsis", i)
		}
		for _, c := range before + after {
			if !isLetter(c) {
				return bad("operand %d: %q is not a label (a-z, A-Z)", i, c)
			}
		}
		n := len(before) + len(after)
		r := vs[i].Rank()
		if !has && n != r || has && n > r {
			return nil, nil, errorf(op, layout.ErrRank, "%q: operand %d of shape %v has %d axes for %d labels", spec, i, vs[i].Shape(), r, n)
		}
		t := []rune(before)
		if has {
			e := r - n
			ell = max(ell, e)
			for k := range e {
				t = append(t, ellipsisBase+rune(e-1-k))
			}
		}
		terms[i] = append(t, []rune(after)...)
	}
	if !explicit {
		// NumPy's implicit output: the ellipsis, then the labels seen once,
		// in alphabetical order.
		for k := range ell {
			out = append(out, ellipsisBase+rune(ell-1-k))
		}
		seen := map[rune]int{}
		for _, t := range terms {
			for _, l := range t {
				seen[l]++
			}
		}
		var once []rune
		for l, c := range seen {
			if c == 1 && !isEllipsisLabel(l) {
				once = append(once, l)
			}
		}
		slices.Sort(once)
		return terms, append(out, once...), nil
	}
	before, after, has := strings.Cut(rhs, "...")
	if strings.Contains(after, "...") || strings.ContainsAny(before+after, ".") {
		return bad("the output: a malformed ellipsis")
	}
	out = []rune(before)
	if has {
		for k := range ell {
			out = append(out, ellipsisBase+rune(ell-1-k))
		}
	}
	out = append(out, []rune(after)...)
	for i, l := range out {
		if !isEllipsisLabel(l) && !isLetter(l) {
			return bad("the output: %q is not a label (a-z, A-Z)", l)
		}
		if slices.Contains(out[:i], l) {
			return bad("the output repeats the label %q", l)
		}
		found := false
		for _, t := range terms {
			found = found || slices.Contains(t, l)
		}
		if !found {
			return bad("the output's label %s is in no operand", labelName(l))
		}
	}
	if !has {
		for _, t := range terms {
			for _, l := range t {
				if isEllipsisLabel(l) {
					return bad("the operands' ellipsis is missing from the output")
				}
			}
		}
	}
	return terms, out, nil
}

func isLetter(c rune) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// einsumDiagonal returns v with each label repeated in t taken once, along
// the diagonal of its axes, and the labels of the result.
func einsumDiagonal[T tensor.Number](op string, v tensor.View[T], t []rune) (tensor.View[T], []rune, error) {
	for {
		i, j := -1, -1
		for a := range t {
			if b := slices.Index(t[a+1:], t[a]); b >= 0 {
				i, j = a, a+1+b
				break
			}
		}
		if i < 0 {
			return v, t, nil
		}
		di, _ := v.Dim(i)
		dj, _ := v.Dim(j)
		if di != dj {
			return tensor.View[T]{}, nil, errorf(op, layout.ErrShape, "label %s repeated in an operand of shape %v with sizes %d and %d", labelName(t[i]), v.Shape(), di, dj)
		}
		d, err := v.Diagonal(0, i, j) // the diagonal becomes the last axis
		if err != nil {
			return tensor.View[T]{}, nil, err
		}
		l := t[i]
		nt := make([]rune, 0, len(t)-1)
		for k, x := range t {
			if k != i && k != j {
				nt = append(nt, x)
			}
		}
		v, t = d, append(nt, l)
	}
}

// einsumPair contracts a (labels at) with b (labels bt), keeping the
// labels in later (those of the operands still to come and of the
// output): one MatMul whose stacks are the labels both keep, its rows a's
// own kept labels, its columns b's, and its inner axis the labels both
// have and nothing later needs. It returns the result and its labels.
func einsumPair[T tensor.Number](op string, a tensor.View[T], at []rune, b tensor.View[T], bt []rune, later []rune) (tensor.View[T], []rune, error) {
	var batch, freeA, freeB, inner []rune
	for _, l := range at {
		switch inB := slices.Contains(bt, l); {
		case inB && slices.Contains(later, l):
			batch = append(batch, l)
		case inB:
			inner = append(inner, l)
		default:
			freeA = append(freeA, l)
		}
	}
	for _, l := range bt {
		if !slices.Contains(at, l) {
			freeB = append(freeB, l)
		}
	}
	am, ash, err := einsumMatrix(op, a, at, batch, freeA, inner)
	if err != nil {
		return tensor.View[T]{}, nil, err
	}
	bm, bsh, err := einsumMatrix(op, b, bt, batch, inner, freeB)
	if err != nil {
		return tensor.View[T]{}, nil, err
	}
	prod, err := MatMul(am, bm)
	if err != nil {
		return tensor.View[T]{}, nil, err
	}
	// [batch..., M, N] back to [batch..., freeA..., freeB...].
	shape := slices.Clone(prod.Shape()[:len(batch)])
	shape = append(shape, ash[len(batch):len(batch)+len(freeA)]...)
	shape = append(shape, bsh[len(batch)+len(inner):]...)
	r, err := prod.Reshape(shape...)
	if err != nil {
		return tensor.View[T]{}, nil, err
	}
	labels := append(append(slices.Clone(batch), freeA...), freeB...)
	return r, labels, nil
}

// einsumMatrix returns v (labels t) with its axes ordered as batch, rows,
// cols, seen as a stack of matrices [batch..., R, C] (R and C the products
// of the rows' and the cols' sizes), and the sizes of the ordered axes.
func einsumMatrix[T tensor.Number](op string, v tensor.View[T], t, batch, rows, cols []rune) (tensor.View[T], []int, error) {
	order := append(append(slices.Clone(batch), rows...), cols...)
	perm := make([]int, len(order))
	for k, l := range order {
		perm[k] = slices.Index(t, l)
	}
	p, err := v.Permute(perm...)
	if err != nil {
		return tensor.View[T]{}, nil, err
	}
	sh := p.Shape()
	r, c := 1, 1
	for _, d := range sh[len(batch) : len(batch)+len(rows)] {
		r *= d
	}
	for _, d := range sh[len(batch)+len(rows):] {
		c *= d
	}
	m, err := p.Reshape(append(slices.Clone(sh[:len(batch)]), r, c)...)
	if err != nil {
		return tensor.View[T]{}, nil, err
	}
	return m, sh, nil
}
