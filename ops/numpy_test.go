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
func npViewOf[T ops.Real](t *testing.T, nv npView, base tensor.View[T]) tensor.View[T] {
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
// infinities, signed zeros and the extremes of the integer types among
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
	require.Greater(t, len(f.Cases), 900)
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

// npRun runs case c by its dtype.
func npRun(t *testing.T, c *npCase) {
	t.Helper()
	ok := false
	switch c.Dtype {
	case "float32":
		ok = npFloat[float32](t, c)
	case "float64":
		ok = npFloat[float64](t, c)
	case "int8":
		ok = npReal[int8](t, c)
	case "uint8":
		ok = npReal[uint8](t, c)
	case "int32":
		ok = npReal[int32](t, c)
	case "int64":
		ok = npReal[int64](t, c)
	case "uint64":
		ok = npReal[uint64](t, c)
	}
	if !ok {
		t.Fatalf("%s: no such operation or dtype in the test", c.name())
	}
}

// npFloat runs c's float-only operations, and the others through npReal.
func npFloat[T ops.Float](t *testing.T, c *npCase) bool {
	t.Helper()
	var got tensor.Tensor[T]
	var err error
	a := npArgs[T](t, c)
	p := c.Params
	switch c.Op {
	case "Div":
		got, err = ops.Div(a[0], a[1])
	case "Pow":
		got, err = ops.Pow(a[0], a[1])
	case "Sqrt":
		got, err = ops.Sqrt(a[0])
	case "Exp":
		got, err = ops.Exp(a[0])
	case "Log":
		got, err = ops.Log(a[0])
	case "Sin":
		got, err = ops.Sin(a[0])
	case "Cos":
		got, err = ops.Cos(a[0])
	case "Tanh":
		got, err = ops.Tanh(a[0])
	case "Mean":
		got, err = ops.Mean(a[0], p.Axes...)
	case "Var":
		got, err = ops.Var(a[0], p.Ddof, p.Axes...)
	case "Std":
		got, err = ops.Std(a[0], p.Ddof, p.Axes...)
	default:
		return npReal[T](t, c)
	}
	npCheck(t, c, got, err)
	return true
}

// npReal runs c's operations defined on every real type.
func npReal[T ops.Real](t *testing.T, c *npCase) bool {
	t.Helper()
	var got tensor.Tensor[T]
	var err error
	a := npArgs[T](t, c)
	p := c.Params
	switch c.Op {
	case "Add":
		got, err = ops.Add(a[0], a[1])
	case "Sub":
		got, err = ops.Sub(a[0], a[1])
	case "Mul":
		got, err = ops.Mul(a[0], a[1])
	case "Maximum":
		got, err = ops.Maximum(a[0], a[1])
	case "Minimum":
		got, err = ops.Minimum(a[0], a[1])
	case "Neg":
		got, err = ops.Neg(a[0])
	case "Abs":
		got, err = ops.Abs(a[0])
	case "Sum":
		got, err = ops.Sum(a[0], p.Axes...)
	case "Prod":
		got, err = ops.Prod(a[0], p.Axes...)
	case "Max":
		got, err = ops.Max(a[0], p.Axes...)
	case "Min":
		got, err = ops.Min(a[0], p.Axes...)
	case "CumSum":
		got, err = ops.CumSum(a[0], p.Axis)
	case "CumProd":
		got, err = ops.CumProd(a[0], p.Axis)
	case "ArgMax", "ArgMin":
		arg := ops.ArgMax[T]
		if c.Op == "ArgMin" {
			arg = ops.ArgMin[T]
		}
		idx, err := arg(a[0], p.Axes...)
		npCheck(t, c, idx, err)
		return true
	case "Convert":
		return npConvert(t, c, a[0])
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

// npConvert runs Convert to c.Params.To.
func npConvert[T ops.Real](t *testing.T, c *npCase, v tensor.View[T]) bool {
	t.Helper()
	switch c.Params.To {
	case "float32":
		got, err := ops.Convert[float32](v)
		npCheck(t, c, got, err)
	case "float64":
		got, err := ops.Convert[float64](v)
		npCheck(t, c, got, err)
	case "int8":
		got, err := ops.Convert[int8](v)
		npCheck(t, c, got, err)
	case "uint8":
		got, err := ops.Convert[uint8](v)
		npCheck(t, c, got, err)
	case "int32":
		got, err := ops.Convert[int32](v)
		npCheck(t, c, got, err)
	case "int64":
		got, err := ops.Convert[int64](v)
		npCheck(t, c, got, err)
	case "uint64":
		got, err := ops.Convert[uint64](v)
		npCheck(t, c, got, err)
	default:
		return false
	}
	return true
}

// npArgs builds c's inputs as views of T.
func npArgs[T ops.Real](t *testing.T, c *npCase) []tensor.View[T] {
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
func npParse[T ops.Real](t *testing.T, s string) T {
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
func npCheck[U ops.Real](t *testing.T, c *npCase, got tensor.Tensor[U], err error) {
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
func npSame[T ops.Real](x, y T, ulps int) bool {
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
