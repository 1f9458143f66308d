package ops_test

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/tessera-go/tessera/internal/naive"
	"github.com/tessera-go/tessera/internal/simdhook"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// FuzzExpr evaluates a random expression tree, up to four operations deep,
// of the elementwise operations of package ops on float64: the binary ones
// with broadcasting (Add, Sub, Mul, Div, Maximum, Minimum, Pow and Zip with
// a closure), the scalar ones (AddScalar, SubScalar, MulScalar,
// DivScalar), the unary ones (Neg, Abs, Sqrt, Exp, Log, Sin, Cos, Tanh and
// Map with a closure) and a round trip through float32 (Convert,
// ConvertInto). The leaves are random views (transposed, sliced with a
// step, flipped, broadcast) of small integers, the SIMD level is drawn at
// random, and every node is checked bit for bit (NaN equal to any NaN,
// -0 apart from +0) against the naive reference of internal/naive applied
// to its inputs, computed with the same Go operators and functions.
//
// Each node is computed by the allocating form or by the Into form into:
// a random view of the result's shape (checking that the elements of its
// buffer it does not reach are left alone), an input itself (in place,
// AddInto(x, x, y), also AddInto(x, x, x) and AddInto(x, x, row of x)), a
// flipped or transposed view of an input's elements, or a window of a
// buffer that also holds an input at another offset. The expected value of
// those is the operation on snapshots of the inputs taken before the call.
//
// Most trees broadcast; some have leaves of random shapes, and a node
// whose inputs do not broadcast must fail with an error wrapping
// layout.ErrShape, which ends the tree. Destinations of a wrong shape must
// fail with layout.ErrShape and destinations whose indices meet with
// layout.ErrOverlap; on every error the destination and the inputs must be
// left unwritten.
func FuzzExpr(f *testing.F) {
	for _, s := range [][2]uint64{{0, 0}, {1, 2}, {3, 5}, {8, 13}, {21, 34}, {55, 89}, {1 << 40, 7}, {math.MaxUint64, 1}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(checkExpr)
}

// TestExprRandom runs FuzzExpr's check on fixed seeds.
func TestExprRandom(t *testing.T) {
	n := uint64(3000)
	if testing.Short() {
		n = 1000
	}
	for i := range n {
		checkExpr(t, i, i*0x9e3779b97f4a7c15+1)
	}
}

// checkExpr builds and checks one random expression tree (see FuzzExpr).
func checkExpr(t *testing.T, s1, s2 uint64) {
	r := rand.New(rand.NewPCG(s1, s2))
	levels := simdhook.Supported()
	level := levels[r.IntN(len(levels))]
	restore, err := simdhook.SetLevel(level)
	if err != nil {
		t.Fatal(err)
	}
	defer restore()
	e := &exprRun{t: t, r: r, seed: [2]uint64{s1, s2}, level: simdhook.Names[level]}
	e.target = exprShape(r)
	e.wild = r.IntN(6) == 0
	root, ok := e.node(1 + r.IntN(4))
	if ok && !sameFloats(values(root.v).Data, root.ref.Data) {
		e.fatalf("root %s: got %v, want %v", root.desc, values(root.v).Data, root.ref.Data)
	}
}

// exprRun is the state of one tree: the shape its leaves broadcast to,
// unless wild, when some leaves have random shapes.
type exprRun struct {
	t      *testing.T
	r      *rand.Rand
	seed   [2]uint64
	level  string
	target []int
	wild   bool
	log    []string // the calls made so far, for the failure message
}

// exprVal is the value of a node: a view and its naive reference.
type exprVal struct {
	v    tensor.View[float64]
	ref  naive.Array[float64]
	desc string
}

// exprNode is one operation of the tree: its inputs (one or two), its
// allocating and Into forms, and its reference on naive arrays (false when
// the inputs do not broadcast).
type exprNode struct {
	name  string
	arg   string // the scalar or the closure's parameter, for the log
	ins   []exprVal
	alloc func(in []tensor.View[float64]) (tensor.Tensor[float64], error)
	into  func(dst tensor.View[float64], in []tensor.View[float64]) error
	ref   func(in []naive.Array[float64]) (naive.Array[float64], bool)
}

func (e *exprRun) fatalf(format string, args ...any) {
	e.t.Helper()
	msg := fmt.Sprintf(format, args...)
	e.t.Fatalf("seed (%d, %d), SIMD level %s, calls:\n\t%s\n%s", e.seed[0], e.seed[1], e.level, strings.Join(e.log, "\n\t"), msg)
}

// exprGen draws the elements of the leaves: small integers, so that sums,
// differences, products, maxima and minima are exact, and now and then a
// negative zero.
func exprGen(r *rand.Rand) float64 {
	if r.IntN(40) == 0 {
		return math.Copysign(0, -1)
	}
	return float64(r.IntN(17) - 8)
}

func exprGen32(r *rand.Rand) float32 { return float32(exprGen(r)) }

// exprShape returns the shape of a tree: rank up to 4, at most 256
// elements, sometimes a last axis long enough for the vector kernels'
// main loops, now and then an axis of length 0.
func exprShape(r *rand.Rand) []int {
	s := make([]int, r.IntN(5))
	for k := range s {
		s[k] = 1 + r.IntN(6)
		if r.IntN(30) == 0 {
			s[k] = 0
		}
	}
	if len(s) > 0 && r.IntN(3) == 0 {
		s[len(s)-1] = 7 + r.IntN(34)
	}
	for k := 0; naive.Size(s) > 256; k = (k + 1) % len(s) {
		s[k] = max(1, s[k]/2)
	}
	return s
}

// leafShape returns a suffix of the target shape with some axes set to 1,
// or in a wild tree now and then a random shape.
func (e *exprRun) leafShape() []int {
	if e.wild && e.r.IntN(2) == 0 {
		s := make([]int, e.r.IntN(4))
		for k := range s {
			s[k] = 1 + e.r.IntN(4)
		}
		return s
	}
	s := slices.Clone(e.target[e.r.IntN(len(e.target)+1):])
	for k := range s {
		if e.r.IntN(4) == 0 {
			s[k] = 1
		}
	}
	return s
}

// eval builds and evaluates a random tree of the given depth; false means
// that an operation failed, as it should, on shapes that do not broadcast.
func (e *exprRun) eval(depth int) (exprVal, bool) {
	if depth == 0 || e.r.IntN(5) == 0 {
		shape := e.leafShape()
		v, ref := randomOperand(e.r, shape, exprGen)
		return exprVal{v, ref, fmt.Sprintf("leaf%v", shape)}, true
	}
	return e.node(depth)
}

// node builds and evaluates a random operation on trees of depth-1.
func (e *exprRun) node(depth int) (exprVal, bool) {
	switch k := e.r.IntN(10); {
	case k < 5:
		return e.binary(depth)
	case k < 7:
		return e.scalar(depth)
	case k < 9:
		return e.unary(depth)
	default:
		return e.convert(depth)
	}
}

func exprMax(x, y float64) float64 {
	if x > y || x != x {
		return x
	}
	return y
}

func exprMin(x, y float64) float64 {
	if x < y || x != x {
		return x
	}
	return y
}

type exprBinFn struct {
	name string
	op   func(a, b tensor.View[float64]) (tensor.Tensor[float64], error)
	into func(dst, a, b tensor.View[float64]) error
	f    func(x, y float64) float64
}

func (e *exprRun) pickBinary() exprBinFn {
	switch e.r.IntN(9) {
	case 0:
		return exprBinFn{"Add", ops.Add[float64, tensor.View[float64], tensor.View[float64]], ops.AddInto[float64, tensor.View[float64], tensor.View[float64], tensor.View[float64]], func(x, y float64) float64 { return x + y }}
	case 1:
		return exprBinFn{"Sub", ops.Sub[float64, tensor.View[float64], tensor.View[float64]], ops.SubInto[float64, tensor.View[float64], tensor.View[float64], tensor.View[float64]], func(x, y float64) float64 { return x - y }}
	case 2:
		return exprBinFn{"Mul", ops.Mul[float64, tensor.View[float64], tensor.View[float64]], ops.MulInto[float64, tensor.View[float64], tensor.View[float64], tensor.View[float64]], func(x, y float64) float64 { return x * y }}
	case 3:
		return exprBinFn{"Div", ops.Div[float64, tensor.View[float64], tensor.View[float64]], ops.DivInto[float64, tensor.View[float64], tensor.View[float64], tensor.View[float64]], func(x, y float64) float64 { return x / y }}
	case 4:
		return exprBinFn{"Maximum", ops.Maximum[float64, tensor.View[float64], tensor.View[float64]], ops.MaximumInto[float64, tensor.View[float64], tensor.View[float64], tensor.View[float64]], exprMax}
	case 5:
		return exprBinFn{"Minimum", ops.Minimum[float64, tensor.View[float64], tensor.View[float64]], ops.MinimumInto[float64, tensor.View[float64], tensor.View[float64], tensor.View[float64]], exprMin}
	case 6:
		return exprBinFn{"Pow", ops.Pow[float64, tensor.View[float64], tensor.View[float64]], ops.PowInto[float64, tensor.View[float64], tensor.View[float64], tensor.View[float64]], math.Pow}
	}
	k := float64(e.r.IntN(7) - 3)
	f := func(x, y float64) float64 {
		if x < y {
			return x*k - y
		}
		return y - x
	}
	return exprBinFn{
		fmt.Sprintf("Zip[k=%v]", k),
		func(a, b tensor.View[float64]) (tensor.Tensor[float64], error) { return ops.Zip(a, b, f) },
		func(dst, a, b tensor.View[float64]) error { return ops.ZipInto(dst, a, b, f) },
		f,
	}
}

func (e *exprRun) binary(depth int) (exprVal, bool) {
	a, ok := e.eval(depth - 1)
	if !ok {
		return exprVal{}, false
	}
	b, ok := e.eval(depth - 1)
	if !ok {
		return exprVal{}, false
	}
	c := e.pickBinary()
	return e.apply(exprNode{
		name: c.name,
		ins:  []exprVal{a, b},
		alloc: func(in []tensor.View[float64]) (tensor.Tensor[float64], error) {
			return c.op(in[0], in[1])
		},
		into: func(dst tensor.View[float64], in []tensor.View[float64]) error {
			return c.into(dst, in[0], in[1])
		},
		ref: func(in []naive.Array[float64]) (naive.Array[float64], bool) {
			return naive.Zip(in[0], in[1], c.f)
		},
	})
}

func (e *exprRun) scalar(depth int) (exprVal, bool) {
	x, ok := e.eval(depth - 1)
	if !ok {
		return exprVal{}, false
	}
	s := float64(e.r.IntN(9) - 4) // 0 too: DivScalar gives ±Inf and NaN
	var (
		name string
		op   func(tensor.View[float64], float64) (tensor.Tensor[float64], error)
		into func(dst, v tensor.View[float64], s float64) error
		f    func(x, y float64) float64
	)
	switch e.r.IntN(4) {
	case 0:
		name, op, into, f = "AddScalar", ops.AddScalar[float64, tensor.View[float64]], ops.AddScalarInto[float64, tensor.View[float64], tensor.View[float64]], func(x, y float64) float64 { return x + y }
	case 1:
		name, op, into, f = "SubScalar", ops.SubScalar[float64, tensor.View[float64]], ops.SubScalarInto[float64, tensor.View[float64], tensor.View[float64]], func(x, y float64) float64 { return x - y }
	case 2:
		name, op, into, f = "MulScalar", ops.MulScalar[float64, tensor.View[float64]], ops.MulScalarInto[float64, tensor.View[float64], tensor.View[float64]], func(x, y float64) float64 { return x * y }
	default:
		name, op, into, f = "DivScalar", ops.DivScalar[float64, tensor.View[float64]], ops.DivScalarInto[float64, tensor.View[float64], tensor.View[float64]], func(x, y float64) float64 { return x / y }
	}
	return e.apply(exprNode{
		name: name,
		arg:  fmt.Sprintf("s=%v", s),
		ins:  []exprVal{x},
		alloc: func(in []tensor.View[float64]) (tensor.Tensor[float64], error) {
			return op(in[0], s)
		},
		into: func(dst tensor.View[float64], in []tensor.View[float64]) error {
			return into(dst, in[0], s)
		},
		ref: func(in []naive.Array[float64]) (naive.Array[float64], bool) {
			return naive.Zip(in[0], naive.Array[float64]{Data: []float64{s}}, f) // s as a rank-0 array
		},
	})
}

// mapArray returns f of every element of a.
func mapArray[U, T any](a naive.Array[T], f func(T) U) naive.Array[U] {
	out := naive.Array[U]{Shape: a.Shape, Data: make([]U, len(a.Data))}
	for i, x := range a.Data {
		out.Data[i] = f(x)
	}
	return out
}

func (e *exprRun) unary(depth int) (exprVal, bool) {
	x, ok := e.eval(depth - 1)
	if !ok {
		return exprVal{}, false
	}
	var (
		name string
		op   func(tensor.View[float64]) (tensor.Tensor[float64], error)
		into func(dst, v tensor.View[float64]) error
		f    func(float64) float64
	)
	switch e.r.IntN(9) {
	case 0:
		name, op, into, f = "Neg", ops.Neg[float64, tensor.View[float64]], ops.NegInto[float64, tensor.View[float64], tensor.View[float64]], func(x float64) float64 { return -x }
	case 1:
		name, op, into, f = "Abs", ops.Abs[float64, tensor.View[float64]], ops.AbsInto[float64, tensor.View[float64], tensor.View[float64]], math.Abs
	case 2:
		name, op, into, f = "Sqrt", ops.Sqrt[float64, tensor.View[float64]], ops.SqrtInto[float64, tensor.View[float64], tensor.View[float64]], math.Sqrt
	case 3:
		name, op, into, f = "Exp", ops.Exp[float64, tensor.View[float64]], ops.ExpInto[float64, tensor.View[float64], tensor.View[float64]], math.Exp
	case 4:
		name, op, into, f = "Log", ops.Log[float64, tensor.View[float64]], ops.LogInto[float64, tensor.View[float64], tensor.View[float64]], math.Log
	case 5:
		name, op, into, f = "Sin", ops.Sin[float64, tensor.View[float64]], ops.SinInto[float64, tensor.View[float64], tensor.View[float64]], math.Sin
	case 6:
		name, op, into, f = "Cos", ops.Cos[float64, tensor.View[float64]], ops.CosInto[float64, tensor.View[float64], tensor.View[float64]], math.Cos
	case 7:
		name, op, into, f = "Tanh", ops.Tanh[float64, tensor.View[float64]], ops.TanhInto[float64, tensor.View[float64], tensor.View[float64]], math.Tanh
	default:
		k := float64(e.r.IntN(5) - 2)
		f = func(x float64) float64 {
			if x > k {
				return x * x
			}
			return k - x
		}
		name = fmt.Sprintf("Map[k=%v]", k)
		op = func(v tensor.View[float64]) (tensor.Tensor[float64], error) { return ops.Map(v, f) }
		into = func(dst, v tensor.View[float64]) error { return ops.MapInto(dst, v, f) }
	}
	return e.apply(exprNode{
		name: name,
		ins:  []exprVal{x},
		alloc: func(in []tensor.View[float64]) (tensor.Tensor[float64], error) {
			return op(in[0])
		},
		into: func(dst tensor.View[float64], in []tensor.View[float64]) error {
			return into(dst, in[0])
		},
		ref: func(in []naive.Array[float64]) (naive.Array[float64], bool) {
			return mapArray(in[0], f), true
		},
	})
}

// apply checks that the inputs still hold their values, then computes n by
// a random form: a shape error when the inputs do not broadcast, otherwise
// the allocating form or an Into form.
func (e *exprRun) apply(n exprNode) (exprVal, bool) {
	e.t.Helper()
	e.checkInputs(n)
	want, ok := n.ref(refsOf(n.ins))
	if !ok {
		e.shapeError(n)
		return exprVal{}, false
	}
	switch m := e.r.IntN(10); {
	case m < 3:
		return e.alloc(n, want.Shape), true
	case m < 5:
		return e.intoFresh(n, want.Shape), true
	case m < 7:
		return e.inPlace(n, want.Shape), true
	case m < 8:
		return e.intoPermuted(n, want.Shape), true
	case m < 9:
		return e.intoShifted(n, want.Shape), true
	default:
		e.wrongDst(n, want.Shape)
		return e.alloc(n, want.Shape), true
	}
}

func refsOf(ins []exprVal) []naive.Array[float64] {
	refs := make([]naive.Array[float64], len(ins))
	for i, in := range ins {
		refs[i] = in.ref
	}
	return refs
}

func viewsOf(ins []exprVal) []tensor.View[float64] {
	vs := make([]tensor.View[float64], len(ins))
	for i, in := range ins {
		vs[i] = in.v
	}
	return vs
}

// describe returns the inputs of n and their layouts for the log.
func describe(n exprNode) string {
	s := make([]string, len(n.ins), len(n.ins)+1)
	for i, in := range n.ins {
		s[i] = fmt.Sprintf("%s {%v}", in.desc, in.v.Layout())
	}
	if n.arg != "" {
		s = append(s, n.arg)
	}
	return strings.Join(s, ", ")
}

// checkInputs checks that each input of n still holds the values of its
// reference: the snapshot the expected value is computed from.
func (e *exprRun) checkInputs(n exprNode) {
	e.t.Helper()
	for i, in := range n.ins {
		if got := values(in.v); !sameFloats(got.Data, in.ref.Data) {
			e.fatalf("%s: input %d (%s) holds %v, want %v", n.name, i, in.desc, got.Data, in.ref.Data)
		}
	}
}

// buffers returns copies of the whole buffers of views.
func buffers(views ...tensor.View[float64]) [][]float64 {
	bufs := make([][]float64, len(views))
	for i, v := range views {
		bufs[i] = slices.Clone(v.Data())
	}
	return bufs
}

// unwritten fails unless the buffers of views hold what buffers returned.
func (e *exprRun) unwritten(what string, before [][]float64, views ...tensor.View[float64]) {
	e.t.Helper()
	for i, v := range views {
		if !sameBits(before[i], v.Data()) {
			e.fatalf("%s: buffer %d written: was %v, now %v", what, i, before[i], v.Data())
		}
	}
}

// shapeError checks that n fails with layout.ErrShape, its inputs not
// broadcasting, and writes nothing.
func (e *exprRun) shapeError(n exprNode) {
	e.t.Helper()
	ins := viewsOf(n.ins)
	before := buffers(ins...)
	if e.r.IntN(2) == 0 {
		e.log = append(e.log, fmt.Sprintf("%s(%s): shapes do not broadcast", n.name, describe(n)))
		if _, err := n.alloc(ins); !errors.Is(err, layout.ErrShape) {
			e.fatalf("%s: want an error wrapping ErrShape, got %v", n.name, err)
		}
	} else {
		dst, _ := randomOperand(e.r, n.ins[0].ref.Shape, exprGen)
		if dst.Layout().Overlapping() {
			dst = tensor.Must(tensor.New[float64](dst.Shape()...)).View()
		}
		e.log = append(e.log, fmt.Sprintf("%sInto(dst {%v}, %s): shapes do not broadcast", n.name, dst.Layout(), describe(n)))
		old := buffers(dst)
		if err := n.into(dst, ins); !errors.Is(err, layout.ErrShape) {
			e.fatalf("%sInto: want an error wrapping ErrShape, got %v", n.name, err)
		}
		e.unwritten(n.name+"Into failing", old, dst)
	}
	e.unwritten(n.name+" failing, inputs", before, ins...)
}

// alloc computes n by its allocating form: a new row-major tensor.
func (e *exprRun) alloc(n exprNode, shape []int) exprVal {
	e.t.Helper()
	e.log = append(e.log, fmt.Sprintf("%s(%s)", n.name, describe(n)))
	want, _ := n.ref(refsOf(n.ins))
	ins := viewsOf(n.ins)
	before := buffers(ins...)
	got, err := n.alloc(ins)
	if err != nil {
		e.fatalf("%s: %v", n.name, err)
	}
	if !slices.Equal(got.Shape(), shape) || !sameFloats(got.Data(), want.Data) {
		e.fatalf("%s: got %v %v, want %v %v", n.name, got.Shape(), got.Data(), shape, want.Data)
	}
	e.unwritten(n.name+", inputs", before, ins...)
	return exprVal{got.View(), want, fmt.Sprintf("%s(…)%v", n.name, shape)}
}

// into computes n into dst, whose shape is the result's, and checks dst
// against the reference on the inputs' values before the call. When
// exclusive (dst shares no memory with the inputs) it also checks that
// the inputs and the elements of dst's buffer outside dst are left alone.
func (e *exprRun) into(n exprNode, dst tensor.View[float64], how string, exclusive bool) exprVal {
	e.t.Helper()
	e.log = append(e.log, fmt.Sprintf("%sInto(dst %s {%v}, %s)", n.name, how, dst.Layout(), describe(n)))
	e.checkInputs(n) // the snapshots
	want, ok := n.ref(refsOf(n.ins))
	if !ok {
		e.fatalf("%s: the inputs no longer broadcast", n.name)
	}
	ins := viewsOf(n.ins)
	before := buffers(append(ins, dst)...)
	if err := n.into(dst, ins); err != nil {
		e.fatalf("%sInto: %v", n.name, err)
	}
	if got := values(dst); !sameFloats(got.Data, want.Data) {
		e.fatalf("%sInto (dst %s): got %v, want %v", n.name, how, got.Data, want.Data)
	}
	if exclusive {
		e.unwritten(n.name+"Into, inputs", before, ins...)
		reached := make([]bool, len(dst.Data()))
		for i := range dst.Size() {
			off := dst.Offset()
			for k, x := range naive.Unravel(dst.Shape(), i) {
				off += x * dst.Strides()[k]
			}
			reached[off] = true
		}
		old, now := before[len(ins)], dst.Data()
		for i := range old {
			if !reached[i] && math.Float64bits(old[i]) != math.Float64bits(now[i]) {
				e.fatalf("%sInto wrote element %d of dst's buffer, outside dst: %v, was %v", n.name, i, now[i], old[i])
			}
		}
	}
	return exprVal{dst, want, fmt.Sprintf("%sInto(…)%v", n.name, want.Shape)}
}

// intoFresh computes n into a random view of its own buffer; a view whose
// indices meet must be refused with ErrOverlap, and then n is allocated.
func (e *exprRun) intoFresh(n exprNode, shape []int) exprVal {
	e.t.Helper()
	dst, _ := randomOperand(e.r, shape, exprGen)
	if !dst.Layout().Overlapping() {
		return e.into(n, dst, "fresh", true)
	}
	e.log = append(e.log, fmt.Sprintf("%sInto(dst expanded {%v}, %s)", n.name, dst.Layout(), describe(n)))
	ins := viewsOf(n.ins)
	before := buffers(append(ins, dst)...)
	if err := n.into(dst, ins); !errors.Is(err, layout.ErrOverlap) {
		e.fatalf("%sInto an expanded dst: want an error wrapping ErrOverlap, got %v", n.name, err)
	}
	e.unwritten(n.name+"Into failing", before, append(ins, dst)...)
	return e.alloc(n, shape)
}

// candidates returns the inputs of n that can be the destination: of the
// result's shape, their indices never meeting.
func candidates(n exprNode, shape []int) []int {
	var c []int
	for i, in := range n.ins {
		if slices.Equal(in.v.Shape(), shape) && !in.v.Layout().Overlapping() {
			c = append(c, i)
		}
	}
	return c
}

// inPlace computes n into one of its inputs; for a binary n the other
// input may be replaced by the destination itself or by a part of it that
// broadcasts (a row, a slice one element thick).
func (e *exprRun) inPlace(n exprNode, shape []int) exprVal {
	e.t.Helper()
	c := candidates(n, shape)
	if len(c) == 0 {
		return e.intoFresh(n, shape)
	}
	i := c[e.r.IntN(len(c))]
	dst := n.ins[i].v
	how := fmt.Sprintf("in place (input %d)", i)
	n.ins = slices.Clone(n.ins)
	if len(n.ins) == 2 {
		j := 1 - i
		switch e.r.IntN(4) {
		case 0:
			n.ins[j] = n.ins[i]
			how += ", both inputs dst"
		case 1:
			if part, ok := e.partOf(dst); ok {
				n.ins[j] = part
				how += ", other input a part of dst"
			}
		}
	}
	return e.into(n, dst, how, false)
}

// partOf returns a part of v that broadcasts to v's shape: one index of
// its first axis, or a slice one element thick along some axis, maybe
// flipped.
func (e *exprRun) partOf(v tensor.View[float64]) (exprVal, bool) {
	shape := v.Shape()
	if len(shape) == 0 || v.Size() == 0 {
		return exprVal{}, false
	}
	var p tensor.View[float64]
	if e.r.IntN(2) == 0 {
		p = tensor.Must(v.Select(0, e.r.IntN(shape[0])))
	} else {
		k := e.r.IntN(len(shape))
		at := e.r.IntN(shape[k])
		p = tensor.Must(v.Slice(k, at, at+1, 1))
	}
	if p.Rank() > 0 && e.r.IntN(2) == 0 {
		p = tensor.Must(p.Flip())
	}
	return exprVal{p, values(p), fmt.Sprintf("part%v of dst", p.Shape())}, true
}

// shuffled returns v with some axes reversed and maybe two axes of equal
// length swapped: the same elements in another order.
func (e *exprRun) shuffled(v tensor.View[float64]) tensor.View[float64] {
	shape := v.Shape()
	var pairs [][2]int
	for p := range shape {
		for q := p + 1; q < len(shape); q++ {
			if shape[p] == shape[q] && shape[p] > 1 {
				pairs = append(pairs, [2]int{p, q})
			}
		}
	}
	if len(pairs) > 0 && e.r.IntN(3) != 0 {
		pq := pairs[e.r.IntN(len(pairs))]
		v = tensor.Must(v.Transpose(pq[0], pq[1]))
	}
	for k := range shape {
		if e.r.IntN(2) == 0 {
			v = tensor.Must(v.Flip(k))
		}
	}
	return v
}

// intoPermuted computes n into a view of the elements of one of its inputs
// in another order (flipped, transposed): dst overlaps that input, and
// unless no axis was moved is not it element for element.
func (e *exprRun) intoPermuted(n exprNode, shape []int) exprVal {
	e.t.Helper()
	c := candidates(n, shape)
	if len(c) == 0 {
		return e.intoFresh(n, shape)
	}
	i := c[e.r.IntN(len(c))]
	return e.into(n, e.shuffled(n.ins[i].v), fmt.Sprintf("shuffled input %d", i), false)
}

// window returns buf[off:off+size] as a row-major view of shape.
func window(buf tensor.View[float64], off int, shape []int) tensor.View[float64] {
	w := tensor.Must(buf.Slice(0, off, off+naive.Size(shape), 1))
	return tensor.Must(w.View(shape...))
}

// intoShifted copies one input of n into a window of a new buffer, and
// computes n into another window of that buffer, at another offset (or the
// same), maybe shuffled.
func (e *exprRun) intoShifted(n exprNode, shape []int) exprVal {
	e.t.Helper()
	i := e.r.IntN(len(n.ins))
	in := n.ins[i]
	ni, nd := in.v.Size(), naive.Size(shape)
	size := max(ni, nd) + 1 + e.r.IntN(max(ni, nd)+1)
	buf := tensor.Must(tensor.New[float64](size)).View()
	for k := range buf.Data() {
		buf.Data()[k] = exprGen(e.r)
	}
	xo, do := e.r.IntN(size-ni+1), e.r.IntN(size-nd+1)
	x := window(buf, xo, in.v.Shape())
	if e.r.IntN(2) == 0 {
		x = e.shuffled(x)
	}
	if err := x.CopyFrom(in.v); err != nil {
		e.fatalf("CopyFrom: %v", err)
	}
	dst := window(buf, do, shape)
	if e.r.IntN(2) == 0 {
		dst = e.shuffled(dst)
	}
	n.ins = slices.Clone(n.ins)
	n.ins[i] = exprVal{x, in.ref, in.desc + " moved"}
	return e.into(n, dst, fmt.Sprintf("sharing a buffer with input %d (at %d, dst at %d of %d)", i, xo, do, size), false)
}

// wrongDst checks that n refuses a destination of another shape than the
// result's with ErrShape and writes nothing: one more or one fewer axis, a
// longer last axis, two axes swapped, or an input that would have to be
// stretched (AddInto(row, row, matrix)).
func (e *exprRun) wrongDst(n exprNode, shape []int) {
	e.t.Helper()
	var dsts []tensor.View[float64]
	fresh := func(s []int) {
		d, _ := randomOperand(e.r, s, exprGen)
		if !d.Layout().Overlapping() {
			dsts = append(dsts, d)
		}
	}
	fresh(append([]int{2}, shape...))
	if len(shape) > 0 {
		fresh(shape[1:])
		s := slices.Clone(shape)
		s[len(s)-1]++
		fresh(s)
	}
	if len(shape) >= 2 && shape[0] != shape[1] {
		s := slices.Clone(shape)
		s[0], s[1] = s[1], s[0]
		fresh(s)
	}
	for _, in := range n.ins {
		if !slices.Equal(in.v.Shape(), shape) && !in.v.Layout().Overlapping() {
			dsts = append(dsts, in.v)
		}
	}
	if len(dsts) == 0 {
		return
	}
	dst := dsts[e.r.IntN(len(dsts))]
	e.log = append(e.log, fmt.Sprintf("%sInto(dst of the wrong shape {%v}, %s)", n.name, dst.Layout(), describe(n)))
	ins := viewsOf(n.ins)
	before := buffers(append(ins, dst)...)
	if err := n.into(dst, ins); !errors.Is(err, layout.ErrShape) {
		e.fatalf("%sInto a dst of shape %v for a result of shape %v: want an error wrapping ErrShape, got %v", n.name, dst.Shape(), shape, err)
	}
	e.unwritten(n.name+"Into failing", before, append(ins, dst)...)
}

// convert round-trips a subtree through float32 (exact for small integers,
// rounding for the results of Exp, Div and the like, as Go's conversion
// does): Convert, ConvertInto a random view, ConvertInto the bytes of the
// input itself reinterpreted through unsafe, or a refused destination of
// the wrong shape.
func (e *exprRun) convert(depth int) (exprVal, bool) {
	x, ok := e.eval(depth - 1)
	if !ok {
		return exprVal{}, false
	}
	n := exprNode{name: "Convert", ins: []exprVal{x}}
	e.checkInputs(n)
	shape := x.ref.Shape
	want32 := mapArray(x.ref, func(x float64) float32 { return float32(x) })
	want := mapArray(want32, func(x float32) float64 { return float64(x) })
	desc := fmt.Sprintf("Convert(…)%v", shape)
	check32 := func(how string, v tensor.View[float32]) {
		e.t.Helper()
		if got := values(v); !slices.Equal(got.Shape, shape) || !sameFloats(got.Data, want32.Data) {
			e.fatalf("%s to float32: got %v %v, want %v %v", how, got.Shape, got.Data, shape, want32.Data)
		}
	}
	check64 := func(how string, v tensor.View[float64]) {
		e.t.Helper()
		if got := values(v); !slices.Equal(got.Shape, shape) || !sameFloats(got.Data, want.Data) {
			e.fatalf("%s back to float64: got %v %v, want %v %v", how, got.Shape, got.Data, shape, want.Data)
		}
	}
	size := naive.Size(shape)
	switch m := e.r.IntN(4); {
	case m == 1:
		d32, _ := randomOperand(e.r, shape, exprGen32)
		d64, _ := randomOperand(e.r, shape, exprGen)
		e.log = append(e.log, fmt.Sprintf("ConvertInto(dst {%v}, %s), back into {%v}", d32.Layout(), describe(n), d64.Layout()))
		if d32.Layout().Overlapping() {
			before := buffers(x.v)
			old := slices.Clone(d32.Data())
			if err := ops.ConvertInto(d32, x.v); !errors.Is(err, layout.ErrOverlap) {
				e.fatalf("ConvertInto an expanded dst: want ErrOverlap, got %v", err)
			}
			if !sameBits(old, d32.Data()) {
				e.fatalf("ConvertInto failing wrote its dst")
			}
			e.unwritten("ConvertInto failing, input", before, x.v)
			d32 = tensor.Must(tensor.New[float32](shape...)).View()
		}
		if err := ops.ConvertInto(d32, x.v); err != nil {
			e.fatalf("ConvertInto: %v", err)
		}
		check32("ConvertInto", d32)
		if d64.Layout().Overlapping() {
			d64 = tensor.Must(tensor.New[float64](shape...)).View()
		}
		if err := ops.ConvertInto(d64, d32); err != nil {
			e.fatalf("ConvertInto: %v", err)
		}
		check64("ConvertInto", d64)
		return exprVal{d64, want, desc}, true
	case m == 2 && size > 0:
		// The input copied into b64 (maybe reversed), converted into
		// float32s over b64's own bytes (the first half, the second half
		// or every other one), and back into b64.
		b64 := make([]float64, size)
		x64 := tensor.Must(tensor.NewView(b64, tensor.Must(layout.RowMajor(shape...))))
		if e.r.IntN(2) == 0 {
			x64 = tensor.Must(x64.Flip())
		}
		if err := x64.CopyFrom(x.v); err != nil {
			e.fatalf("CopyFrom: %v", err)
		}
		b32 := unsafe.Slice((*float32)(unsafe.Pointer(unsafe.SliceData(b64))), 2*size)
		var d32 tensor.View[float32]
		switch e.r.IntN(3) {
		case 0:
			d32 = tensor.Must(tensor.NewView(b32[:size], tensor.Must(layout.RowMajor(shape...))))
		case 1:
			d32 = tensor.Must(tensor.NewView(b32[size:], tensor.Must(layout.RowMajor(shape...))))
		default:
			pairs := tensor.Must(tensor.NewView(b32, tensor.Must(layout.RowMajor(append(slices.Clone(shape), 2)...))))
			d32 = tensor.Must(pairs.Select(len(shape), e.r.IntN(2)))
		}
		e.log = append(e.log, fmt.Sprintf("ConvertInto(float32 dst over the input's bytes {%v}, %s copied to {%v}), and back", d32.Layout(), describe(n), x64.Layout()))
		if got := values(x64); !sameFloats(got.Data, x.ref.Data) {
			e.fatalf("CopyFrom: got %v, want %v", got.Data, x.ref.Data)
		}
		if err := ops.ConvertInto(d32, x64); err != nil {
			e.fatalf("ConvertInto: %v", err)
		}
		check32("ConvertInto over the input's bytes", d32)
		if err := ops.ConvertInto(x64, d32); err != nil {
			e.fatalf("ConvertInto: %v", err)
		}
		check64("ConvertInto over the input's bytes", x64)
		return exprVal{x64, want, desc}, true
	case m == 3:
		bad := append([]int{1 + e.r.IntN(2)}, shape...)
		if len(shape) > 0 && e.r.IntN(2) == 0 {
			bad = slices.Clone(shape)
			bad[e.r.IntN(len(bad))]++
		}
		d32 := tensor.Must(tensor.New[float32](bad...)).View()
		for i := range d32.Data() {
			d32.Data()[i] = 7
		}
		e.log = append(e.log, fmt.Sprintf("ConvertInto(dst of the wrong shape %v, %s)", bad, describe(n)))
		before := buffers(x.v)
		if err := ops.ConvertInto(d32, x.v); !errors.Is(err, layout.ErrShape) {
			e.fatalf("ConvertInto a dst of shape %v from %v: want ErrShape, got %v", bad, shape, err)
		}
		for _, y := range d32.Data() {
			if y != 7 {
				e.fatalf("ConvertInto failing wrote its dst: %v", d32.Data())
			}
		}
		e.unwritten("ConvertInto failing, input", before, x.v)
	}
	e.log = append(e.log, fmt.Sprintf("Convert(%s), and back", describe(n)))
	before := buffers(x.v)
	c32, err := ops.Convert[float32](x.v)
	if err != nil {
		e.fatalf("Convert: %v", err)
	}
	e.unwritten("Convert, input", before, x.v)
	if !slices.Equal(c32.Shape(), shape) || !sameFloats(c32.Data(), want32.Data) {
		e.fatalf("Convert to float32: got %v %v, want %v %v", c32.Shape(), c32.Data(), shape, want32.Data)
	}
	c64, err := ops.Convert[float64](c32.View())
	if err != nil {
		e.fatalf("Convert: %v", err)
	}
	if !slices.Equal(c64.Shape(), shape) || !sameFloats(c64.Data(), want.Data) {
		e.fatalf("Convert back to float64: got %v %v, want %v %v", c64.Shape(), c64.Data(), shape, want.Data)
	}
	return exprVal{c64.View(), want, desc}, true
}

// sameFloats reports whether a and b hold the same values bit for bit, any
// NaN equal to any NaN (but -0 and +0 apart).
func sameFloats[F float32 | float64](a, b []F) bool {
	if len(a) != len(b) {
		return false
	}
	for i, x := range a {
		y := b[i]
		if x != x && y != y {
			continue
		}
		if x != y || math.Signbit(float64(x)) != math.Signbit(float64(y)) {
			return false
		}
	}
	return true
}

// sameBits reports whether a and b hold the same bits.
func sameBits[F float32 | float64](a, b []F) bool {
	return slices.EqualFunc(a, b, func(x, y F) bool {
		if unsafe.Sizeof(x) == 4 {
			return math.Float32bits(float32(x)) == math.Float32bits(float32(y))
		}
		return math.Float64bits(float64(x)) == math.Float64bits(float64(y))
	})
}
