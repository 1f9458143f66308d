package ops_test

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"reflect"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tessera-go/tessera/internal/testlevel"
	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// npCase is one case of testdata/numpy/fixtures.json, made by NumPy
// (gen.py there): an operation, the dtype of its inputs, the inputs and
// NumPy's result.
type npCase struct {
	Op       string
	Dtype    string
	Args     []npArg
	Params   npParams
	Shape    []int
	DtypeOut string
	Values   []string
	Parts    []npPart // a split's parts
	Dst      npView   // an Into case's destination, a view of its base
	Inputs   []npView // and its inputs
	Ulps     int
}

// npView is a view of an Into case's base matrix: each axis sliced
// [start, stop, step], then flipped along Flip, then transposed if T.
type npView struct {
	Slices [][3]int
	Flip   []int
	T      bool
}

// npViewOf returns nv of base.
func npViewOf[T tensor.Real](t *testing.T, nv npView, base tensor.View[T]) tensor.View[T] {
	t.Helper()
	v := base
	var err error
	for axis, sl := range nv.Slices {
		v, err = v.Slice(axis, sl[0], sl[1], sl[2])
		require.NoError(t, err)
	}
	if nv.Flip != nil {
		v = tensor.Must(v.Flip(nv.Flip...))
	}
	if nv.T {
		v = tensor.Must(v.Transpose(0, 1))
	}
	return v
}

// npPart is one part of a split: NumPy's values, C order, of a shape.
type npPart struct {
	Shape  []int
	Values []string
}

// npArg is an input: C-order values of a shape, then transposed (its last
// two axes swapped) or broadcast to Bcast.
type npArg struct {
	Shape  []int
	Values []string
	T      bool
	Bcast  []int
}

type npParams struct {
	Axes    []int // nil: every axis
	Axis    int
	Ddof    int
	To      string
	Indices []int // SplitAt's
	N       int   // Split's
}

func (c *npCase) name() string {
	var shapes []string
	for _, a := range c.Args {
		s := fmt.Sprint(a.Shape)
		if a.T {
			s += "T"
		}
		if a.Bcast != nil {
			s += fmt.Sprint("->", a.Bcast)
		}
		shapes = append(shapes, s)
	}
	return fmt.Sprintf("%s/%s/%v/%+v", c.Op, c.Dtype, shapes, c.Params)
}

// TestNumPy runs every case of the NumPy fixtures, at every SIMD level:
// elementwise operations with broadcasting and on transposed views (NaN,
// infinities, signed zeros and the extremes of int32 among
// the inputs), reductions (integers wrapping as NumPy's with dtype= the
// input's), ArgMax and ArgMin (ties and NaN), the cumulative ones,
// conversions, joins and splits, and Into forms whose destination
// overlaps their inputs (shifted, transposed, flipped, stepped), which
// must give NumPy's out= results: as if computed from copies of the
// inputs. Results must match NumPy's bit for bit, but for a NaN's sign
// and payload and, in the transcendental functions, the case's ulps.
func TestNumPy(t *testing.T) {
	data, err := os.ReadFile("testdata/numpy/fixtures.json")
	require.NoError(t, err)
	var f struct{ Cases []npCase }
	require.NoError(t, json.Unmarshal(data, &f))
	require.Greater(t, len(f.Cases), 600)
	seen := map[string]int{}
	for _, c := range f.Cases {
		seen[c.Op]++
	}
	testlevel.ForEachLevel(t, func(t *testing.T) {
		for _, c := range f.Cases {
			npRun(t, &c)
		}
	})
	// Every operation the fixtures were made for is here.
	for _, op := range []string{"Add", "Sub", "Mul", "Div", "Maximum", "Minimum", "Pow", "Neg", "Abs",
		"Sqrt", "Exp", "Log", "Sin", "Cos", "Tanh", "Sum", "Prod", "Max", "Min", "Mean", "Var", "Std",
		"ArgMax", "ArgMin", "CumSum", "CumProd", "Convert", "Concat", "Stack", "SplitAt", "Split",
		"Into/Add", "Into/Sub", "Into/Mul", "Into/Maximum", "Into/Neg", "Into/Copy", "Into/CumSum", "Into/Sum"} {
		if seen[op] == 0 {
			t.Errorf("no case of %s", op)
		}
	}
}

// npRun runs case c by its dtype. The operations run on float32, float64
// and int32 alone, the conversions from any type: each element type
// instantiates every operation of ops in this test binary.
func npRun(t *testing.T, c *npCase) {
	t.Helper()
	if c.Op == "Convert" {
		// The fixtures' pairs, source to destination, and no others.
		conv, ok := map[string]func(*testing.T, *npCase) bool{
			"float64>float32": npConvert[float32, float64], "float32>float64": npConvert[float64, float32],
			"float64>int32": npConvert[int32, float64], "float32>uint8": npConvert[uint8, float32],
			"int64>float32": npConvert[float32, int64], "uint64>float64": npConvert[float64, uint64],
			"int32>int8": npConvert[int8, int32], "int64>uint8": npConvert[uint8, int64],
			"uint64>int32": npConvert[int32, uint64], "int8>uint64": npConvert[uint64, int8],
			"float64>int64": npConvert[int64, float64],
		}[c.Dtype+">"+c.Params.To]
		if !ok || !conv(t, c) {
			t.Fatalf("%s: no such conversion in the test", c.name())
		}
		return
	}
	run, ok := map[string]func(*testing.T, *npCase) bool{
		"float32": npFloat[float32], "float64": npFloat[float64], "int32": npReal[int32],
	}[c.Dtype]
	if !ok || !run(t, c) {
		t.Fatalf("%s: no such operation or dtype in the test", c.name())
	}
}

// The operations of the fixtures by the form of their call.
type (
	npUnary[T tensor.Number]  func(v tensor.View[T]) (tensor.Tensor[T], error)
	npBinary[T tensor.Number] func(a, b tensor.View[T]) (tensor.Tensor[T], error)
	npReduce[T tensor.Number] func(v tensor.View[T], axes ...int) (tensor.Tensor[T], error)
	npScan[T tensor.Number]   func(v tensor.View[T], axis int) (tensor.Tensor[T], error)
	npStat[T tensor.Number]   func(v tensor.View[T], ddof int, axes ...int) (tensor.Tensor[T], error)
	npIndex[T tensor.Number]  func(v tensor.View[T], axis ...int) (tensor.Tensor[int], error)
)

// npFloat runs c's float-only operations, and the others through npReal.
func npFloat[T tensor.Float](t *testing.T, c *npCase) bool {
	t.Helper()
	a := npArgs[T](t, c)
	if f, ok := map[string]npUnary[T]{"Sqrt": ops.Sqrt[T, tensor.View[T]], "Exp": ops.Exp[T, tensor.View[T]], "Log": ops.Log[T, tensor.View[T]],
		"Sin": ops.Sin[T, tensor.View[T]], "Cos": ops.Cos[T, tensor.View[T]], "Tanh": ops.Tanh[T, tensor.View[T]]}[c.Op]; ok {
		got, err := f(a[0])
		npCheck(t, c, got, err)
		return true
	}
	if f, ok := map[string]npBinary[T]{"Div": ops.Div[T, tensor.View[T], tensor.View[T]], "Pow": ops.Pow[T, tensor.View[T], tensor.View[T]]}[c.Op]; ok {
		got, err := f(a[0], a[1])
		npCheck(t, c, got, err)
		return true
	}
	if f, ok := map[string]npStat[T]{"Var": ops.VarianceDdof[T, tensor.View[T]], "Std": ops.StdDevDdof[T, tensor.View[T]]}[c.Op]; ok {
		got, err := f(a[0], c.Params.Ddof, c.Params.Axes...)
		npCheck(t, c, got, err)
		return true
	}
	if c.Op == "Mean" {
		got, err := ops.Mean(a[0], c.Params.Axes...)
		npCheck(t, c, got, err)
		return true
	}
	return npReal[T](t, c)
}

// npReal runs c's operations defined on every real type.
func npReal[T tensor.Real](t *testing.T, c *npCase) bool {
	t.Helper()
	a := npArgs[T](t, c)
	p := c.Params
	var got tensor.Tensor[T]
	var err error
	if f, ok := map[string]npUnary[T]{"Neg": ops.Neg[T, tensor.View[T]], "Abs": ops.Abs[T, tensor.View[T]]}[c.Op]; ok {
		got, err = f(a[0])
	} else if f, ok := map[string]npBinary[T]{"Add": ops.Add[T, tensor.View[T], tensor.View[T]], "Sub": ops.Sub[T, tensor.View[T], tensor.View[T]], "Mul": ops.Mul[T, tensor.View[T], tensor.View[T]],
		"Maximum": ops.Maximum[T, tensor.View[T], tensor.View[T]], "Minimum": ops.Minimum[T, tensor.View[T], tensor.View[T]]}[c.Op]; ok {
		got, err = f(a[0], a[1])
	} else if f, ok := map[string]npReduce[T]{"Sum": ops.Sum[T, tensor.View[T]], "Prod": ops.Prod[T, tensor.View[T]], "Max": ops.Max[T, tensor.View[T]],
		"Min": ops.Min[T, tensor.View[T]]}[c.Op]; ok {
		got, err = f(a[0], p.Axes...)
	} else if f, ok := map[string]npScan[T]{"CumSum": ops.CumSum[T, tensor.View[T]], "CumProd": ops.CumProd[T, tensor.View[T]]}[c.Op]; ok {
		got, err = f(a[0], p.Axis)
	} else if f, ok := map[string]npIndex[T]{"ArgMax": ops.ArgMax[T, tensor.View[T]], "ArgMin": ops.ArgMin[T, tensor.View[T]]}[c.Op]; ok {
		idx, err := f(a[0], p.Axes...)
		npCheck(t, c, idx, err)
		return true
	} else {
		return npOther(t, c, a)
	}
	npCheck(t, c, got, err)
	return true
}

// npOther runs c's joins, splits and Into forms.
func npOther[T tensor.Real](t *testing.T, c *npCase, a []tensor.View[T]) bool {
	t.Helper()
	p := c.Params
	var got tensor.Tensor[T]
	var err error
	switch c.Op {
	case "Into/Add", "Into/Sub", "Into/Mul", "Into/Maximum", "Into/Neg", "Into/Copy", "Into/CumSum", "Into/Sum":
		base := a[0]
		d := npViewOf(t, c.Dst, base)
		var in []tensor.View[T]
		for _, nv := range c.Inputs {
			in = append(in, npViewOf(t, nv, base))
		}
		switch c.Op {
		case "Into/Add":
			err = ops.AddInto(d, in[0], in[1])
		case "Into/Sub":
			err = ops.SubInto(d, in[0], in[1])
		case "Into/Mul":
			err = ops.MulInto(d, in[0], in[1])
		case "Into/Maximum":
			err = ops.MaximumInto(d, in[0], in[1])
		case "Into/Neg":
			err = ops.NegInto(d, in[0])
		case "Into/Copy":
			err = d.CopyFrom(in[0])
		case "Into/CumSum":
			err = ops.CumSumInto(d, in[0], p.Axis)
		case "Into/Sum":
			err = ops.SumInto(d, in[0], p.Axis)
		}
		npCheck(t, c, base.Clone(), err)
		return true
	case "Concat":
		got, err = ops.Concat(p.Axis, a...)
	case "Stack":
		got, err = ops.Stack(p.Axis, a...)
	case "SplitAt", "Split":
		var parts []tensor.View[T]
		if c.Op == "Split" {
			parts, err = ops.Split(a[0], p.Axis, p.N)
		} else {
			parts, err = ops.SplitAt(a[0], p.Axis, p.Indices...)
		}
		if err != nil || len(parts) != len(c.Parts) {
			t.Errorf("%s: %d parts, error %v; NumPy %d parts", c.name(), len(parts), err, len(c.Parts))
			return true
		}
		for i, part := range parts {
			pc := *c
			pc.Op, pc.Shape, pc.Values = fmt.Sprintf("%s part %d", c.Op, i), c.Parts[i].Shape, c.Parts[i].Values
			npCheck(t, &pc, part.Clone(), nil)
		}
		return true
	default:
		return false
	}
	npCheck(t, c, got, err)
	return true
}

// npConvert checks Convert[U] of c's input, of type T.
func npConvert[U, T tensor.Real](t *testing.T, c *npCase) bool {
	t.Helper()
	got, err := ops.Convert[U](npArgs[T](t, c)[0])
	npCheck(t, c, got, err)
	return true
}

// npArgs builds c's inputs as views of T.
func npArgs[T tensor.Real](t *testing.T, c *npCase) []tensor.View[T] {
	t.Helper()
	var vs []tensor.View[T]
	for _, a := range c.Args {
		data := make([]T, len(a.Values))
		for i, s := range a.Values {
			data[i] = npParse[T](t, s)
		}
		v := tensor.Must(tensor.FromSlice(data, a.Shape...)).View()
		if a.T {
			v = tensor.Must(v.Transpose(-2, -1))
		}
		if a.Bcast != nil {
			v = tensor.Must(v.Expand(a.Bcast...))
		}
		vs = append(vs, v)
	}
	return vs
}

// npParse reads one value of the fixtures as a T.
func npParse[T tensor.Real](t *testing.T, s string) T {
	t.Helper()
	switch reflect.TypeFor[T]().Kind() {
	case reflect.Float32, reflect.Float64:
		x, err := strconv.ParseFloat(s, 64)
		require.NoError(t, err, s)
		return T(x)
	case reflect.Uint8, reflect.Uint64:
		x, err := strconv.ParseUint(s, 10, 64)
		require.NoError(t, err, s)
		return T(x)
	}
	x, err := strconv.ParseInt(s, 10, 64)
	require.NoError(t, err, s)
	return T(x)
}

// npCheck compares a result with NumPy's: shape, then every element, bit
// for bit but for NaNs (any NaN matches) and c.Ulps in floats.
func npCheck[U tensor.Real](t *testing.T, c *npCase, got tensor.Tensor[U], err error) {
	t.Helper()
	if err != nil {
		t.Errorf("%s: %v", c.name(), err)
		return
	}
	if fmt.Sprint(got.Shape()) != fmt.Sprint(c.Shape) {
		t.Errorf("%s: shape %v, NumPy %v", c.name(), got.Shape(), c.Shape)
		return
	}
	d := got.Data()
	for i, s := range c.Values {
		if !npSame(d[i], npParse[U](t, s), c.Ulps) {
			t.Errorf("%s: element %d (row-major) is %v, NumPy %v", c.name(), i, d[i], s)
			return
		}
	}
}

// npSame reports whether x is NumPy's y: equal bits, both NaN, or finite
// floats at most ulps units in the last place apart.
func npSame[T tensor.Real](x, y T, ulps int) bool {
	switch v := any(x).(type) {
	case float32:
		w := any(y).(float32)
		a, b := math.Float32bits(v), math.Float32bits(w)
		return a == b || v != v && w != w || ulps > 0 && npULPs(int64(int32(a)), int64(int32(b)), 31) <= int64(ulps)
	case float64:
		w := any(y).(float64)
		a, b := math.Float64bits(v), math.Float64bits(w)
		return a == b || v != v && w != w || ulps > 0 && npULPs(int64(a), int64(b), 63) <= int64(ulps)
	}
	return x == y
}

// npULPs returns how many floats lie between the bit patterns a and b,
// sign-magnitude integers with the sign at bit sign, counting +0 and -0 as
// one value.
func npULPs(a, b int64, sign uint) int64 {
	ord := func(x int64) int64 {
		if x < 0 { // the sign bit: negative floats count down from -0
			return -(x &^ (-1 << sign))
		}
		return x
	}
	d := ord(a) - ord(b)
	if d < 0 {
		d = -d
	}
	return d
}
