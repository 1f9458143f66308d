package ops

import (
	"errors"
	"slices"
	"unsafe"

	"github.com/tessera-go/tessera/internal/copier"
	"github.com/tessera-go/tessera/internal/errs"
	"github.com/tessera-go/tessera/internal/mem"
	"github.com/tessera-go/tessera/internal/par"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/simd"
	"github.com/tessera-go/tessera/tensor"
)

// ErrDivideByZero reports an integer division by zero. It is found before
// anything is written.
var ErrDivideByZero = errors.New("ops: integer division by zero")

func errorf(op string, kind error, format string, args ...any) error {
	return errs.New("ops", op, kind, format, args...)
}

// normalAxis returns axis in [0, rank), counting a negative axis from the
// end, or the error of op wrapping layout.ErrAxis (errs.Axis, the rule of
// package layout too).
func normalAxis(op string, axis, rank int) (int, error) {
	return errs.Axis("ops", op, layout.ErrAxis, axis, rank)
}

// binOp is one binary operation on elements of type T: vv, vs and sv
// compute unit-stride runs (vs and sv with a scalar operand), at one
// element for the strided runs, and simdOp names the kernel of package
// simd that computes it for float types, if there is one. The operations
// are types rather than values so that the compute driver, generic over them,
// calls them without allocating.
type binOp[T any] interface {
	vv(d, x, y []T)
	vs(d, x []T, s T)
	sv(d []T, s T, y []T)
	at(x, y T) T
	simdOp() (simd.Op, bool)
}

// binRunner is a binary operation as the compute driver runs it: for float32 and
// float64 element types (and types defined on them) whose operation has a
// kernel in package simd, fk is the element kind (kindFloat32 or
// kindFloat64) and the unit-stride runs go to simd's kernel op; otherwise
// fk is noKernel and they go to k's loops.
type binRunner[T tensor.Number, K binOp[T]] struct {
	k  K
	op simd.Op
	fk kind
}

// newBinRunner returns the runner of k, with non-temporal stores when
// stream is set.
func newBinRunner[T tensor.Number, K binOp[T]](k K, stream bool) binRunner[T, K] {
	r := binRunner[T, K]{k: k, fk: noKernel}
	if op, ok := k.simdOp(); ok {
		if r.fk = floatKind[T](); r.fk != noKernel {
			r.op = op
			if stream {
				r.op |= simd.Stream
			}
		}
	}
	return r
}

// asScalar reinterprets a float as its underlying type E.
func asScalar[E float32 | float64, T any](s T) E { return *(*E)(unsafe.Pointer(&s)) }

// shortRun is the length under which a float run is computed by the Go
// loop of the operation, which simd's kernels run for it too, without
// simd's checks and dispatch: they cost more than a few elements.
const shortRun = 16

// vv sets d[i] = x[i] op y[i]. The lengths are right, so simd's kernels
// cannot fail.
func (r *binRunner[T, K]) vv(d, x, y []T) {
	if len(d) < shortRun {
		r.k.vv(d, x, y)
		return
	}
	switch r.fk {
	case kindFloat32:
		_ = simd.Binary(r.op, asKind[float32](d), asKind[float32](x), asKind[float32](y))
	case kindFloat64:
		_ = simd.Binary(r.op, asKind[float64](d), asKind[float64](x), asKind[float64](y))
	default:
		r.k.vv(d, x, y)
	}
}

// foldRows sets d to init combined with rows rows of x, the first at off
// and each stride after the one before (simd.FoldRows), by op (r.op, or
// r.op|simd.SkipNaN), and reports whether it could: only float types
// whose operation simd reduces by.
func (r *binRunner[T, K]) foldRows(op simd.Op, d, init, x []T, off, stride, rows int) bool {
	switch r.fk {
	case kindFloat32:
		return simd.FoldRows(op, asKind[float32](d), asKind[float32](init), asKind[float32](x), off, stride, rows) == nil
	case kindFloat64:
		return simd.FoldRows(op, asKind[float64](d), asKind[float64](init), asKind[float64](x), off, stride, rows) == nil
	}
	return false
}

// vs sets d[i] = x[i] op s.
func (r *binRunner[T, K]) vs(d, x []T, s T) {
	if len(d) < shortRun {
		r.k.vs(d, x, s)
		return
	}
	switch r.fk {
	case kindFloat32:
		_ = simd.BinaryScalar(r.op, asKind[float32](d), asKind[float32](x), asScalar[float32](s))
	case kindFloat64:
		_ = simd.BinaryScalar(r.op, asKind[float64](d), asKind[float64](x), asScalar[float64](s))
	default:
		r.k.vs(d, x, s)
	}
}

// sv sets d[i] = s op y[i].
func (r *binRunner[T, K]) sv(d []T, s T, y []T) {
	if len(d) < shortRun {
		r.k.sv(d, s, y)
		return
	}
	switch r.fk {
	case kindFloat32:
		_ = simd.ScalarBinary(r.op, asKind[float32](d), asScalar[float32](s), asKind[float32](y))
	case kindFloat64:
		_ = simd.ScalarBinary(r.op, asKind[float64](d), asScalar[float64](s), asKind[float64](y))
	default:
		r.k.sv(d, s, y)
	}
}

// unOp is one unary operation on elements of type T: v computes a
// unit-stride run, at one element (see binOp). It is mixUnOp[T, T]: its
// runs and slabs are the mixed driver's (mixedUnaryRuns,
// stagedMixedUnary).
type unOp[T any] interface {
	v(d, x []T)
	at(x T) T
}

// operand is a view as the compute driver reads it: the buffer and its layout.
// It has tensor.View's fields, of the same types in the same order, so
// that operandOf reads a view in place.
type operand[T tensor.Element] struct {
	data []T
	lay  layout.Layout
}

// operandOf returns the view *v as an operand: *v itself, its memory read
// as an operand, not a copy. Go copies a 176-byte view at every call of
// one of its value methods (v.Data() and v.Layout() included, inlined or
// not), and the compute driver passed operands by value: a small AddInto spent a
// quarter of its time copying its three views (BENCHMARKS.md). The two
// types agree field for field: the declarations below fail to compile if
// their sizes differ, and TestOperandOf checks that the operand of a view
// of every kind reads the view's data and layout.
//
// It takes a Tensor as well as a View (tensor.Operand): the two types have
// the same fields.
func operandOf[T tensor.Element, V tensor.Operand[T]](v *V) *operand[T] {
	return (*operand[T])(unsafe.Pointer(v))
}

// viewsOf reads a slice of Tensors or of Views as a slice of Views, in
// place: the two types have the same fields (see operandOf).
func viewsOf[T tensor.Element, V tensor.Operand[T]](vs []V) []tensor.View[T] {
	return unsafe.Slice((*tensor.View[T])(unsafe.Pointer(unsafe.SliceData(vs))), len(vs))
}

// The sizes of View and operand agree (an array of negative length does
// not compile).
var (
	_ [unsafe.Sizeof(tensor.View[int8]{}) - unsafe.Sizeof(operand[int8]{})]struct{}
	_ [unsafe.Sizeof(operand[int8]{}) - unsafe.Sizeof(tensor.View[int8]{})]struct{}
	_ [unsafe.Sizeof(tensor.View[int8]{}) - unsafe.Sizeof(tensor.Tensor[int8]{})]struct{}
	_ [unsafe.Sizeof(tensor.Tensor[int8]{}) - unsafe.Sizeof(tensor.View[int8]{})]struct{}
)

// operandOfNew returns the operand of a view that a call returns.
func operandOfNew[T tensor.Element](v tensor.View[T]) *operand[T] {
	return operandOf(&v)
}

// broadcastShape returns the shape a and b broadcast to, appended to dst,
// or the error of op naming both shapes. Equal shapes broadcast to
// themselves: it returns a. With room in dst it allocates nothing; the
// messages print copies, so that a, b and dst may be arrays on the
// caller's stack.
func broadcastShape(op string, dst, a, b []int) ([]int, error) {
	if slices.Equal(a, b) {
		return a, nil
	}
	sh, err := layout.AppendBroadcastShapes(dst, a, b)
	if err != nil {
		ca, cb := slices.Clone(a), slices.Clone(b)
		if errors.Is(err, layout.ErrShape) {
			return nil, errorf(op, layout.ErrShape, "shapes %v and %v do not broadcast", ca, cb)
		}
		return nil, errs.Wrap("ops", op, nil, err, "shapes %v and %v", ca, cb)
	}
	return sh, nil
}

// checkDst checks that dst has exactly shape and that no two of its
// indices reach one element.
func checkDst[T tensor.Element](op string, dst *operand[T], shape []int) error {
	var gb [8]int
	if got := dst.lay.AppendShape(gb[:0]); !slices.Equal(got, shape) {
		// Copies for the message: the shapes may be arrays on the
		// callers' stacks, which a message must not keep.
		return errorf(op, layout.ErrShape, "destination shape %v does not match the result shape %v", dst.lay.Shape(), slices.Clone(shape))
	}
	return mem.OverlapError("ops", op, &dst.lay)
}

// isolate replaces *in by a snapshot of it when it shares memory with dst
// in any other way than being dst itself element for element (then each
// element is read before it is written, as in AddInto(x, x, y)). The
// snapshot holds in's own elements, before broadcasting. It works in
// place: operands are 176 bytes, and passed and returned by value they
// were copied several times in every small operation.
func isolate[T tensor.Element](dst, in *operand[T]) {
	if mem.Overlaps(dst.data, &dst.lay, in.data, &in.lay) {
		*in = snapshotOf(dst, in)
	}
}

// snapshotOf is isolate for an input that shares memory with dst.
func snapshotOf[T tensor.Element](dst, in *operand[T]) operand[T] {
	if mem.Same(dst.data, in.data) && dst.lay.Equal(in.lay) {
		return *in
	}
	return snapshot(in)
}

// snapshot returns a copy of what in reaches (copier.Snapshot).
func snapshot[T tensor.Element](in *operand[T]) operand[T] {
	data, l := copier.Snapshot(in.data, &in.lay)
	return operand[T]{data: data, lay: l}
}

// isInteger reports whether T is an integer type: one in which 1/2 is 0.
// (The arithmetic costs less than asking reflect for T's kind, and this
// runs at every call of Sum and of the integer divisions.)
func isInteger[T tensor.Number]() bool {
	one := T(1)
	return one/(one+one) == 0
}

// hasZero reports whether any element x reaches is zero.
func hasZero[T tensor.Number](x *operand[T]) bool {
	var it layout.Iter
	if err := it.Reset(&x.lay); err != nil {
		return false
	}
	n, inc := it.Len(), it.Inc()[0]
	found := false
	it.EachRow(func(o, st [layout.MaxOperands]int, on int) {
		for o0 := o[0]; on > 0 && !found; o0, on = o0+st[0], on-1 {
			for c := range n {
				if x.data[o0+c*inc] == 0 {
					found = true
					break
				}
			}
		}
	})
	return found
}

// workers returns how many goroutines run the operation of it.
func workers[T tensor.Element](it *layout.Iter) int {
	var zero T
	return par.Workers(it.Size() * it.Operands() * int(unsafe.Sizeof(zero)))
}

// binaryInto computes dst = k(a, b) elementwise with broadcasting, after
// the checks every Into form makes.
func binaryInto[T tensor.Number, K binOp[T]](op string, k K, dst, a, b *operand[T], divide bool) error {
	var ab, bb, ob [8]int
	shape, err := broadcastShape(op, ob[:0], a.lay.AppendShape(ab[:0]), b.lay.AppendShape(bb[:0]))
	if err != nil {
		return err
	}
	return binaryShaped(op, k, dst, a, b, shape, divide)
}

// binaryShaped is binaryInto once the broadcast shape is known.
func binaryShaped[T tensor.Number, K binOp[T]](op string, k K, dst, a, b *operand[T], shape []int, divide bool) error {
	if err := checkDst(op, dst, shape); err != nil {
		return err
	}
	if divide && isInteger[T]() && hasZero(b) {
		return errorf(op, ErrDivideByZero, "integer division by zero: the divisor of shape %v holds a zero", b.lay.Shape())
	}
	isolate(dst, a)
	isolate(dst, b)
	var zero T
	r := newBinRunner[T](k, dst.lay.Size()*int(unsafe.Sizeof(zero)) >= par.StreamBytes)
	var it layout.Iter
	if err := it.Reset(&dst.lay, &a.lay, &b.lay); err != nil {
		return errs.Wrap("ops", op, nil, err, "shapes %v and %v", a.lay.Shape(), b.lay.Shape())
	}
	if it.Size() >= minStaged && needsStaging(&it) {
		stagedBinary(r, dst, a, b, it.Inc())
		return nil
	}
	if n := workers[T](&it); n > 1 {
		// Copies for the goroutines: r itself stays on the stack.
		rr, d, x, y := r, dst.data, a.data, b.data
		par.Split(&it, n, func(q *layout.Iter) { binaryAll(&rr, q, d, x, y) })
		return nil
	}
	binaryAll(&r, &it, dst.data, a.data, b.data)
	return nil
}

// binaryAll computes the runs of q: by repeatedRows where q is rows of
// short runs, one after the other in the output and in one input, the other
// input the same run in every row (a bias added to the rows of an [N, n]
// matrix), k rows at a time against k copies of that run; by binaryRuns
// otherwise. It is binaryRuns' caller rather than a case of it: in
// binaryRuns the case made every small operation measurably slower (see
// BENCHMARKS.md).
func binaryAll[T tensor.Number, K binOp[T]](r *binRunner[T, K], q *layout.Iter, d, x, y []T) {
	if q.Rank() == 2 {
		if k := wideRows(q.Len(), q.Count()); k > 1 {
			n, inc := q.Axis(0)
			on, st := q.Axis(1)
			if inc[0] == 1 && inc[1] == 1 && inc[2] == 1 && st[0] == n && st[1]*st[2] == 0 && st[1]+st[2] == n {
				o := q.Start()
				done := repeatedRows(r, d, x, y, o[0], o[1], o[2], n, k, on, st[1] == 0)
				for o0, o1, o2 := o[0]+done*n, o[1]+done*st[1], o[2]+done*st[2]; done < on; o0, o1, o2, done = o0+n, o1+st[1], o2+st[2], done+1 {
					r.vv(d[o0:o0+n], x[o1:o1+n], y[o2:o2+n])
				}
				return
			}
		}
	}
	binaryRuns(r, q, d, x, y)
}

// binaryRuns computes the runs of q.
func binaryRuns[T tensor.Number, K binOp[T]](r *binRunner[T, K], q *layout.Iter, d, x, y []T) {
	n, inc := q.Len(), q.Inc()
	switch {
	case inc[0] == 1 && inc[1] == 1 && inc[2] == 1:
		q.EachRow(func(o, st [layout.MaxOperands]int, on int) {
			for o0, o1, o2 := o[0], o[1], o[2]; on > 0; o0, o1, o2, on = o0+st[0], o1+st[1], o2+st[2], on-1 {
				r.vv(d[o0:o0+n], x[o1:o1+n], y[o2:o2+n])
			}
		})
	case inc[0] == 1 && inc[1] == 1 && inc[2] == 0:
		q.EachRow(func(o, st [layout.MaxOperands]int, on int) {
			for o0, o1, o2 := o[0], o[1], o[2]; on > 0; o0, o1, o2, on = o0+st[0], o1+st[1], o2+st[2], on-1 {
				r.vs(d[o0:o0+n], x[o1:o1+n], y[o2])
			}
		})
	case inc[0] == 1 && inc[1] == 0 && inc[2] == 1:
		q.EachRow(func(o, st [layout.MaxOperands]int, on int) {
			for o0, o1, o2 := o[0], o[1], o[2]; on > 0; o0, o1, o2, on = o0+st[0], o1+st[1], o2+st[2], on-1 {
				r.sv(d[o0:o0+n], x[o1], y[o2:o2+n])
			}
		})
	default:
		k := r.k
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

// wideElems is the most elements of k copies of a short run that
// binaryAll computes at once when an input repeats its run in every row
// (AddInto(out, a, bias) with out and a of shape [N, n], n small): a call
// per run of 3 float32 ran at a third of a plain Go loop's speed.
const wideElems = 128

// wideRows returns how many of on runs of n elements binaryAll computes
// at once against a repeated input: as many as wideElems holds, if that is
// at least 4 and there are at least that many runs; 1 otherwise.
func wideRows(n, on int) int {
	if n == 0 || 4*n > wideElems || on < wideElems/n {
		return 1
	}
	return wideElems / n
}

// repeatedRows computes the runs of n elements of a row of binaryAll, k
// at a time, from offsets o0, o1 and o2, as many as make whole groups of
// k of the row's on runs, and returns how many it did: the runs follow
// each other in d and in one input, and the other input (x if xRepeats)
// has the same run in every row, which k copies in a pooled buffer stand
// for.
func repeatedRows[T tensor.Number, K binOp[T]](r *binRunner[T, K], d, x, y []T, o0, o1, o2, n, k, on int, xRepeats bool) int {
	var sc scratch
	m := k * n
	rep := scratchBuf[T](&sc, 0, m)
	done := on - on%k
	if xRepeats {
		repeatRun(rep, x[o1:o1+n])
		for end := o0 + done*n; o0 < end; o0, o2 = o0+m, o2+m {
			r.vv(d[o0:o0+m], rep, y[o2:o2+m])
		}
	} else {
		repeatRun(rep, y[o2:o2+n])
		for end := o0 + done*n; o0 < end; o0, o1 = o0+m, o1+m {
			r.vv(d[o0:o0+m], x[o1:o1+m], rep)
		}
	}
	sc.release()
	return done
}

// repeatRun fills dst with copies of run, one after the other.
func repeatRun[T any](dst, run []T) {
	for i := 0; i < len(dst); i += len(run) {
		copy(dst[i:], run)
	}
}

// unaryInto computes dst = k(a) elementwise; dst has a's shape: the
// mixed driver's mixedUnaryInto, whose input has dst's element type.
func unaryInto[T tensor.Number, K unOp[T]](op string, k K, dst, a *operand[T]) error {
	return mixedUnaryInto(op, k, dst, a)
}

// newResult returns a row-major tensor of shape for the result of op.
func newResult[T tensor.Element](op string, shape []int) (tensor.Tensor[T], error) {
	t, err := tensor.New[T](shape...)
	if err != nil {
		return t, errs.Wrap("ops", op, nil, err, "result of shape %v", slices.Clone(shape))
	}
	return t, nil
}

// binary computes k(a, b) into a new tensor of the broadcast shape.
func binary[T tensor.Number, K binOp[T]](op string, k K, a, b tensor.View[T], divide bool) (tensor.Tensor[T], error) {
	shape, err := broadcastShape(op, nil, a.Shape(), b.Shape())
	if err != nil {
		return tensor.Tensor[T]{}, err
	}
	return binaryNew(op, k, operandOf(&a), operandOf(&b), shape, divide)
}

// binaryNew computes k(a, b) into a new tensor of shape, the broadcast
// shape.
func binaryNew[T tensor.Number, K binOp[T]](op string, k K, a, b *operand[T], shape []int, divide bool) (tensor.Tensor[T], error) {
	out, err := newResult[T](op, shape)
	if err != nil {
		return out, err
	}
	if err := binaryShaped(op, k, operandOfNew(out.View()), a, b, shape, divide); err != nil {
		return tensor.Tensor[T]{}, err
	}
	return out, nil
}

// unary computes k(a) into a new tensor of a's shape.
func unary[T tensor.Number, K unOp[T]](op string, k K, a tensor.View[T]) (tensor.Tensor[T], error) {
	out, err := newResult[T](op, a.Shape())
	if err != nil {
		return out, err
	}
	if err := unaryInto(op, k, operandOfNew(out.View()), operandOf(&a)); err != nil {
		return tensor.Tensor[T]{}, err
	}
	return out, nil
}

// advance returns the offsets o moved by st, from one run of a
// layout.Walk's row to the next. It is this package's, so that it inlines
// into the generic loops wherever they are instantiated. Only loops that
// index the offsets by variables use it: an array lives in memory, and
// copying it back after its elements were updated one by one stalls on
// store forwarding at every run, so the other loops keep each operand's
// offset in a variable of its own, which measured faster (see
// BENCHMARKS.md).
func advance(o, st [layout.MaxOperands]int) [layout.MaxOperands]int {
	for j := range o {
		o[j] += st[j]
	}
	return o
}
