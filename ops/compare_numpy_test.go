package ops_test

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tessera-go/tessera/internal/testlevel"
	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// cmpCase is one case of testdata/numpy/compare.json, made by NumPy
// (gen_compare.py there).
type cmpCase struct {
	Op     string
	Dtype  string
	Args   []npArg
	Scalar bool
	Params map[string]string
	Ulps   int // 0: bit for bit; otherwise within Ulps units of T's epsilon, relative to max(1, |want|)
	Shape  []int
	Values []string
}

// param returns the case's parameter name as a T.
func param[T tensor.Real](t *testing.T, c *cmpCase, name string) T {
	t.Helper()
	x, err := strconv.ParseFloat(c.Params[name], 64)
	require.NoError(t, err, name)
	return T(x)
}

// TestNumPyCompare runs every case of the NumPy fixtures of the
// comparisons (every pair of NaN, ±Inf, ±0, subnormal and ordinary floats;
// the extremes of int32 and uint8; complex numbers with NaN parts;
// broadcasting, transposed operands, rank 0, empty extents and the Scalar
// forms), the logical operations, IsNaN, IsInf and IsFinite (complex
// numbers whose parts mix NaN and Inf), and Where (three-way
// broadcasting, rank-0 branches, NaN and -0 copied bit for bit), at every
// SIMD level. Each case also runs its Into form into a fresh destination.
func TestNumPyCompare(t *testing.T) {
	data, err := os.ReadFile("testdata/numpy/compare.json")
	require.NoError(t, err)
	var f struct{ Cases []cmpCase }
	require.NoError(t, json.Unmarshal(data, &f))
	require.Greater(t, len(f.Cases), 150)
	seen := map[string]bool{}
	testlevel.ForEachLevel(t, func(t *testing.T) {
		for i := range f.Cases {
			c := &f.Cases[i]
			seen[c.Op] = true
			t.Run(fmt.Sprintf("%d/%s/%s", i, c.Op, c.Dtype), func(t *testing.T) {
				switch c.Dtype {
				case "float32":
					cmpRunFloat[float32](t, c)
				case "float64":
					cmpRunFloat[float64](t, c)
				case "int32":
					cmpRun[int32](t, c)
				case "uint8":
					cmpRun[uint8](t, c)
				case "complex64":
					cmpRunComplex[complex64](t, c)
				case "complex128":
					cmpRunComplex[complex128](t, c)
				case "bool":
					cmpRunBool(t, c)
				default:
					t.Fatalf("no dtype %s", c.Dtype)
				}
			})
		}
	})
	for _, op := range []string{"Equal", "NotEqual", "Less", "LessEqual", "Greater", "GreaterEqual",
		"LogicalAnd", "LogicalOr", "LogicalXor", "LogicalNot", "IsNaN", "IsInf", "IsFinite", "Where",
		"Clip", "IsClose", "AllClose", "MaskedSelect", "MaskedFill", "Take", "ArgWhere", "NonZero",
		"TakeAlongAxis", "PutAlongAxis", "ScatterAdd", "Tril", "Triu", "Roll",
		"NanSum", "NanProd", "NanMean", "NanMax", "NanMin", "NanVarianceDdof", "NanStdDevDdof", "NanArgMax", "NanArgMin",
		"LogSumExp", "Softmax", "LogSoftmax", "Norm", "Pad", "Tile", "Repeat"} {
		require.True(t, seen[op], "no case of %s", op)
	}
}

// cmpArgs builds c's inputs from position lo on as views of T, parsing
// each value with parse.
func cmpArgs[T tensor.Element](t *testing.T, args []npArg, parse func(string) (T, error)) []tensor.View[T] {
	t.Helper()
	var vs []tensor.View[T]
	for _, a := range args {
		data := make([]T, len(a.Values))
		for i, s := range a.Values {
			x, err := parse(s)
			require.NoError(t, err, s)
			data[i] = x
		}
		var v tensor.View[T]
		if len(a.Shape) == 0 {
			v = tensor.Must(tensor.Full(data[0])).View()
		} else {
			v = tensor.Must(tensor.FromSlice(data, a.Shape...)).View()
		}
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

func parseBoolValue(s string) (bool, error) { return s == "1", nil }

func parseRealValue[T tensor.Real](s string) (T, error) {
	var x T
	v := reflect.ValueOf(&x).Elem()
	switch {
	case v.CanFloat():
		f, err := strconv.ParseFloat(s, 64)
		v.SetFloat(f)
		return x, err
	case v.CanInt():
		i, err := strconv.ParseInt(s, 10, 64)
		v.SetInt(i)
		return x, err
	}
	u, err := strconv.ParseUint(s, 10, 64)
	v.SetUint(u)
	return x, err
}

func parseComplexValue[T complex64 | complex128](s string) (T, error) {
	re, im, _ := strings.Cut(s, ",")
	r, err := strconv.ParseFloat(re, 64)
	if err != nil {
		return 0, err
	}
	i, err := strconv.ParseFloat(im, 64)
	return T(complex(r, i)), err
}

// cmpWant checks a mask against the case's values, and the mask the Into
// form wrote into dst.
func cmpWant(t *testing.T, c *cmpCase, got tensor.Tensor[bool], err error, into func(dst tensor.View[bool]) error) {
	t.Helper()
	require.NoError(t, err)
	require.Equal(t, c.Shape, got.Shape())
	want := make([]bool, len(c.Values))
	for i, s := range c.Values {
		want[i] = s == "1"
	}
	gd := got.Data()
	if len(want) == 0 {
		gd = []bool{}
	}
	require.Equal(t, want, gd)
	dst := tensor.Must(tensor.Full(true, c.Shape...))
	if len(c.Shape) == 0 {
		dst = tensor.Must(tensor.Full(true))
	}
	require.NoError(t, into(dst.View()))
	require.Equal(t, gd, dst.Data()[:len(gd)])
}

// cmpRunFloat runs a case on floats of type T: IsClose and AllClose
// here, the others by cmpRun.
func cmpRunFloat[T tensor.Float](t *testing.T, c *cmpCase) {
	t.Helper()
	switch c.Op {
	case "IsClose":
		a := cmpArgs(t, c.Args, parseRealValue[T])
		rtol, atol := param[T](t, c, "rtol"), param[T](t, c, "atol")
		got, err := ops.IsClose(a[0], a[1], rtol, atol)
		cmpWant(t, c, got, err, func(d tensor.View[bool]) error { return ops.IsCloseInto(d, a[0], a[1], rtol, atol) })
	case "NanSum", "NanProd", "NanMean", "NanMax", "NanMin":
		x := cmpArgs(t, c.Args, parseRealValue[T])[0]
		var axes []int
		if c.Params["axis"] != "all" {
			axes = []int{int(param[float64](t, c, "axis"))}
		}
		type V = tensor.View[T]
		f := map[string]func(V, ...int) (tensor.Tensor[T], error){"NanSum": ops.NanSum[T, V], "NanProd": ops.NanProd[T, V],
			"NanMean": ops.NanMean[T, V], "NanMax": ops.NanMax[T, V], "NanMin": ops.NanMin[T, V]}[c.Op]
		into := map[string]func(V, V, ...int) error{"NanSum": ops.NanSumInto[T, V, V], "NanProd": ops.NanProdInto[T, V, V],
			"NanMean": ops.NanMeanInto[T, V, V], "NanMax": ops.NanMaxInto[T, V, V], "NanMin": ops.NanMinInto[T, V, V]}[c.Op]
		got, err := f(x, axes...)
		require.NoError(t, err)
		valuesRun(t, c, got.Shape(), got.Data(), parseRealValue[T])
		dst := tensor.Must(tensor.New[T](c.Shape...))
		require.NoError(t, into(dst.View(), x, axes...))
		valuesRun(t, c, dst.Shape(), dst.Data(), parseRealValue[T])
	case "NanVarianceDdof", "NanStdDevDdof", "NanArgMax", "NanArgMin", "LogSumExp", "Softmax", "LogSoftmax", "Norm":
		floatRun[T](t, c)
	case "AllClose":
		a := cmpArgs(t, c.Args, parseRealValue[T])
		got, err := ops.AllClose(a[0], a[1], param[T](t, c, "rtol"), param[T](t, c, "atol"))
		require.NoError(t, err)
		require.Equal(t, c.Values[0] == "1", got)
	default:
		cmpRun[T](t, c)
	}
}

// cmpRun runs a case on real numbers of type T.
func cmpRun[T tensor.Real](t *testing.T, c *cmpCase) {
	t.Helper()
	switch c.Op {
	case "Where":
		whereRun(t, c, parseRealValue[T])
		return
	case "Clip":
		a := cmpArgs(t, c.Args, parseRealValue[T])
		lo, hi := param[T](t, c, "lo"), param[T](t, c, "hi")
		got, err := ops.Clip(a[0], lo, hi)
		require.NoError(t, err)
		valuesRun(t, c, got.Shape(), got.Data(), parseRealValue[T])
		dst := tensor.Must(tensor.New[T](c.Shape...))
		require.NoError(t, ops.ClipInto(dst, a[0], lo, hi))
		valuesRun(t, c, dst.Shape(), dst.Data(), parseRealValue[T])
		return
	case "MaskedSelect":
		x := cmpArgs(t, c.Args[:1], parseRealValue[T])[0]
		m := cmpArgs(t, c.Args[1:], parseBoolValue)[0]
		got, err := ops.MaskedSelect(x, m)
		require.NoError(t, err)
		valuesRun(t, c, got.Shape(), got.Data(), parseRealValue[T])
		return
	case "ArgWhere", "NonZero":
		nonzeroRun(t, c, cmpArgs(t, c.Args, parseRealValue[T])[0])
		return
	case "TakeAlongAxis", "PutAlongAxis", "ScatterAdd":
		x := cmpArgs(t, c.Args[:1], parseRealValue[T])[0]
		idx := cmpArgs(t, c.Args[1:2], parseRealValue[int])[0]
		axis := int(param[float64](t, c, "axis"))
		switch c.Op {
		case "TakeAlongAxis":
			got, err := ops.TakeAlongAxis(x, idx, axis)
			require.NoError(t, err)
			valuesRun(t, c, got.Shape(), got.Data(), parseRealValue[T])
		case "PutAlongAxis":
			require.NoError(t, ops.PutAlongAxis(x, idx, cmpArgs(t, c.Args[2:], parseRealValue[T])[0], axis))
			valuesRun(t, c, x.Shape(), x.Contiguous().Data(), parseRealValue[T])
		default:
			require.NoError(t, ops.ScatterAdd(x, idx, cmpArgs(t, c.Args[2:], parseRealValue[T])[0], axis))
			valuesRun(t, c, x.Shape(), x.Contiguous().Data(), parseRealValue[T])
		}
		return
	case "Tril", "Triu", "Roll":
		x := cmpArgs(t, c.Args, parseRealValue[T])[0]
		var got tensor.Tensor[T]
		var err error
		switch c.Op {
		case "Tril":
			got, err = ops.Tril(x, int(param[float64](t, c, "k")))
		case "Triu":
			got, err = ops.Triu(x, int(param[float64](t, c, "k")))
		default:
			got, err = ops.Roll(x, int(param[float64](t, c, "shift")), int(param[float64](t, c, "axis")))
		}
		require.NoError(t, err)
		valuesRun(t, c, got.Shape(), got.Data(), parseRealValue[T])
		return
	case "Take":
		x := cmpArgs(t, c.Args[:1], parseRealValue[T])[0]
		idx := cmpArgs(t, c.Args[1:], parseRealValue[int])[0]
		got, err := ops.Take(x, idx, int(param[float64](t, c, "axis")))
		require.NoError(t, err)
		valuesRun(t, c, got.Shape(), got.Data(), parseRealValue[T])
		return
	case "MaskedFill":
		x := cmpArgs(t, c.Args[:1], parseRealValue[T])[0]
		m := cmpArgs(t, c.Args[1:], parseBoolValue)[0]
		require.NoError(t, ops.MaskedFill(x, m, param[T](t, c, "s")))
		valuesRun(t, c, x.Shape(), x.Contiguous().Data(), parseRealValue[T])
		return
	case "Pad", "Tile", "Repeat":
		buildRun[T](t, c)
		return
	}
	a := cmpArgs(t, c.Args, parseRealValue[T])
	type cmp struct {
		f        func(a, b tensor.View[T]) (tensor.Tensor[bool], error)
		into     func(d tensor.View[bool], a, b tensor.View[T]) error
		fs       func(v tensor.View[T], s T) (tensor.Tensor[bool], error)
		intoS    func(d tensor.View[bool], v tensor.View[T], s T) error
		classify func(v tensor.View[T]) (tensor.Tensor[bool], error)
		intoC    func(d tensor.View[bool], v tensor.View[T]) error
	}
	type V = tensor.View[T]
	type M = tensor.View[bool]
	ops := map[string]cmp{
		"Equal":        {f: ops.Equal[T, V, V], into: ops.EqualInto[T, M, V, V], fs: ops.EqualScalar[T, V], intoS: ops.EqualScalarInto[T, M, V]},
		"NotEqual":     {f: ops.NotEqual[T, V, V], into: ops.NotEqualInto[T, M, V, V], fs: ops.NotEqualScalar[T, V], intoS: ops.NotEqualScalarInto[T, M, V]},
		"Less":         {f: ops.Less[T, V, V], into: ops.LessInto[T, M, V, V], fs: ops.LessScalar[T, V], intoS: ops.LessScalarInto[T, M, V]},
		"LessEqual":    {f: ops.LessEqual[T, V, V], into: ops.LessEqualInto[T, M, V, V], fs: ops.LessEqualScalar[T, V], intoS: ops.LessEqualScalarInto[T, M, V]},
		"Greater":      {f: ops.Greater[T, V, V], into: ops.GreaterInto[T, M, V, V], fs: ops.GreaterScalar[T, V], intoS: ops.GreaterScalarInto[T, M, V]},
		"GreaterEqual": {f: ops.GreaterEqual[T, V, V], into: ops.GreaterEqualInto[T, M, V, V], fs: ops.GreaterEqualScalar[T, V], intoS: ops.GreaterEqualScalarInto[T, M, V]},
		"IsNaN":        {classify: ops.IsNaN[T, V], intoC: ops.IsNaNInto[T, M, V]},
		"IsInf":        {classify: ops.IsInf[T, V], intoC: ops.IsInfInto[T, M, V]},
		"IsFinite":     {classify: ops.IsFinite[T, V], intoC: ops.IsFiniteInto[T, M, V]},
	}
	k, ok := ops[c.Op]
	require.True(t, ok, "no operation %s", c.Op)
	switch {
	case k.classify != nil:
		got, err := k.classify(a[0])
		cmpWant(t, c, got, err, func(d M) error { return k.intoC(d, a[0]) })
	case c.Scalar:
		s := a[1].At()
		got, err := k.fs(a[0], s)
		cmpWant(t, c, got, err, func(d M) error { return k.intoS(d, a[0], s) })
	default:
		got, err := k.f(a[0], a[1])
		cmpWant(t, c, got, err, func(d M) error { return k.into(d, a[0], a[1]) })
	}
}

// cmpRunComplex runs a case on complex numbers of type T.
func cmpRunComplex[T complex64 | complex128](t *testing.T, c *cmpCase) {
	t.Helper()
	a := cmpArgs(t, c.Args, parseComplexValue[T])
	type M = tensor.View[bool]
	switch c.Op {
	case "Equal":
		got, err := ops.Equal(a[0], a[1])
		cmpWant(t, c, got, err, func(d M) error { return ops.EqualInto(d, a[0], a[1]) })
	case "NotEqual":
		got, err := ops.NotEqual(a[0], a[1])
		cmpWant(t, c, got, err, func(d M) error { return ops.NotEqualInto(d, a[0], a[1]) })
	case "IsNaN":
		got, err := ops.IsNaN(a[0])
		cmpWant(t, c, got, err, func(d M) error { return ops.IsNaNInto(d, a[0]) })
	case "IsInf":
		got, err := ops.IsInf(a[0])
		cmpWant(t, c, got, err, func(d M) error { return ops.IsInfInto(d, a[0]) })
	case "IsFinite":
		got, err := ops.IsFinite(a[0])
		cmpWant(t, c, got, err, func(d M) error { return ops.IsFiniteInto(d, a[0]) })
	default:
		t.Fatalf("no complex operation %s", c.Op)
	}
}

// cmpRunBool runs a case of the logical operations, or a Where of masks.
func cmpRunBool(t *testing.T, c *cmpCase) {
	t.Helper()
	switch c.Op {
	case "Where":
		whereRun(t, c, parseBoolValue)
		return
	case "ArgWhere", "NonZero":
		nonzeroRun(t, c, cmpArgs(t, c.Args, parseBoolValue)[0])
		return
	}
	a := cmpArgs(t, c.Args, parseBoolValue)
	type M = tensor.View[bool]
	switch c.Op {
	case "LogicalAnd":
		got, err := ops.LogicalAnd(a[0], a[1])
		cmpWant(t, c, got, err, func(d M) error { return ops.LogicalAndInto(d, a[0], a[1]) })
	case "LogicalOr":
		got, err := ops.LogicalOr(a[0], a[1])
		cmpWant(t, c, got, err, func(d M) error { return ops.LogicalOrInto(d, a[0], a[1]) })
	case "LogicalXor":
		got, err := ops.LogicalXor(a[0], a[1])
		cmpWant(t, c, got, err, func(d M) error { return ops.LogicalXorInto(d, a[0], a[1]) })
	case "LogicalNot":
		got, err := ops.LogicalNot(a[0])
		cmpWant(t, c, got, err, func(d M) error { return ops.LogicalNotInto(d, a[0]) })
	default:
		t.Fatalf("no logical operation %s", c.Op)
	}
}

// whereRun runs a Where case whose branches are of type T, and its Into
// form; the elements must be NumPy's bit for bit (NaN and -0 included).
func whereRun[T tensor.Element](t *testing.T, c *cmpCase, parse func(string) (T, error)) {
	t.Helper()
	cond := cmpArgs(t, c.Args[:1], parseBoolValue)[0]
	br := cmpArgs(t, c.Args[1:], parse)
	want := make([]T, len(c.Values))
	for i, s := range c.Values {
		x, err := parse(s)
		require.NoError(t, err)
		want[i] = x
	}
	check := func(got []T) {
		t.Helper()
		require.Len(t, got, len(want))
		for i := range want {
			require.True(t, sameElemBits(got[i], want[i]), "element %d: got %v, want %v", i, got[i], want[i])
		}
	}
	got, err := ops.Where(cond, br[0], br[1])
	require.NoError(t, err)
	require.Equal(t, c.Shape, got.Shape())
	check(got.Data()[:len(want)])
	dst := tensor.Must(tensor.New[T](c.Shape...))
	require.NoError(t, ops.WhereInto(dst, cond, br[0], br[1]))
	check(dst.Data()[:len(want)])
}

// nonzeroRun checks ArgWhere, or NonZero's index tensors one after the
// other, against the case's.
func nonzeroRun[T tensor.Element](t *testing.T, c *cmpCase, v tensor.View[T]) {
	t.Helper()
	if c.Op == "ArgWhere" {
		got, err := ops.ArgWhere(v)
		require.NoError(t, err)
		valuesRun(t, c, got.Shape(), got.Data(), parseRealValue[int])
		return
	}
	nz, err := ops.NonZero(v)
	require.NoError(t, err)
	var all []int
	for _, x := range nz {
		all = append(all, x.Data()...)
	}
	n := 0
	if len(nz) > 0 {
		n = nz[0].Size()
	}
	valuesRun(t, c, []int{len(nz), n}, all, parseRealValue[int])
}

// valuesRun checks a result's shape and row-major elements against the
// case's, bit for bit but for NaN payloads.
func valuesRun[T tensor.Element](t *testing.T, c *cmpCase, shape []int, got []T, parse func(string) (T, error)) {
	t.Helper()
	require.Equal(t, c.Shape, shape)
	require.GreaterOrEqual(t, len(got), len(c.Values))
	for i, s := range c.Values {
		w, err := parse(s)
		require.NoError(t, err)
		require.True(t, sameElemBits(w, got[i]), "element %d: got %v, want %v", i, got[i], w)
	}
}

// sameElemBits reports whether x and y have the same bits, but for a NaN's
// payload (NumPy and Go may make different NaNs).
func sameElemBits[T tensor.Element](x, y T) bool {
	switch a := any(x).(type) {
	case float64:
		b := any(y).(float64)
		return math.Float64bits(a) == math.Float64bits(b) || a != a && b != b
	case float32:
		b := any(y).(float32)
		return math.Float32bits(a) == math.Float32bits(b) || a != a && b != b
	}
	return x == y
}

// ints parses a case's comma-separated list of ints ("all": nil).
func intList(t *testing.T, s string) []int {
	t.Helper()
	if s == "all" || s == "" {
		return nil
	}
	var out []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(f)
		require.NoError(t, err)
		out = append(out, n)
	}
	return out
}

// axesParam returns a case's "axis" parameter as axes: none for "all".
func axesParam(t *testing.T, c *cmpCase) []int {
	if c.Params["axis"] == "all" {
		return nil
	}
	return []int{int(param[float64](t, c, "axis"))}
}

// floatRun runs a case of the NaN-aware variances and index reductions,
// LogSumExp, Softmax, LogSoftmax or Norm, with its Into form into a fresh
// destination.
func floatRun[T tensor.Float](t *testing.T, c *cmpCase) {
	t.Helper()
	x := cmpArgs(t, c.Args, parseRealValue[T])[0]
	var axes []int
	if _, ok := c.Params["axis"]; ok {
		axes = axesParam(t, c)
	}
	var got tensor.Tensor[T]
	var err error
	dst := tensor.Must(tensor.New[T](c.Shape...))
	var into error
	switch c.Op {
	case "NanArgMax", "NanArgMin":
		f, fi := ops.NanArgMax[T, tensor.View[T]], ops.NanArgMaxInto[T, tensor.View[int], tensor.View[T]]
		if c.Op == "NanArgMin" {
			f, fi = ops.NanArgMin[T, tensor.View[T]], ops.NanArgMinInto[T, tensor.View[int], tensor.View[T]]
		}
		idx, err := f(x, axes...)
		require.NoError(t, err)
		valuesRun(t, c, idx.Shape(), idx.Data(), parseRealValue[int])
		d := tensor.Must(tensor.New[int](c.Shape...))
		require.NoError(t, fi(d.View(), x, axes...))
		valuesRun(t, c, d.Shape(), d.Data(), parseRealValue[int])
		return
	case "NanVarianceDdof":
		ddof := int(param[float64](t, c, "ddof"))
		got, err = ops.NanVarianceDdof(x, ddof, axes...)
		into = ops.NanVarianceDdofInto(dst, x, ddof, axes...)
	case "NanStdDevDdof":
		ddof := int(param[float64](t, c, "ddof"))
		got, err = ops.NanStdDevDdof(x, ddof, axes...)
		into = ops.NanStdDevDdofInto(dst, x, ddof, axes...)
	case "LogSumExp":
		got, err = ops.LogSumExp(x, axes...)
		into = ops.LogSumExpInto(dst, x, axes...)
	case "Softmax":
		got, err = ops.Softmax(x, axes[0])
		into = ops.SoftmaxInto(dst, x, axes[0])
	case "LogSoftmax":
		got, err = ops.LogSoftmax(x, axes[0])
		into = ops.LogSoftmaxInto(dst, x, axes[0])
	case "Norm":
		p := param[float64](t, c, "p")
		axes = intList(t, c.Params["axes"])
		got, err = ops.Norm(x, p, axes...)
		into = ops.NormInto(dst, x, p, axes...)
	}
	require.NoError(t, err)
	require.NoError(t, into)
	closeRun(t, c, got.Shape(), got.Data())
	closeRun(t, c, dst.Shape(), dst.Data())
}

// closeRun checks a result's shape and row-major elements against the
// case's, within c.Ulps units of T's epsilon relative to max(1, |want|):
// NaN for NaN, infinities and zeros' signs exactly.
func closeRun[T tensor.Float](t *testing.T, c *cmpCase, shape []int, got []T) {
	t.Helper()
	require.Equal(t, c.Shape, shape)
	require.Len(t, got, len(c.Values))
	eps := 0x1p-52
	if _, ok := any(got).([]float32); ok {
		eps = 0x1p-23
	}
	for i, s := range c.Values {
		w, err := parseRealValue[T](s)
		require.NoError(t, err)
		g, wf := float64(got[i]), float64(w)
		switch {
		case wf != wf || math.IsInf(wf, 0) || wf == 0 && c.Ulps == 0:
			require.True(t, sameElemBits(w, got[i]), "element %d: got %v, want %v", i, g, wf)
		default:
			tol := float64(max(c.Ulps, 1)) * eps * max(1, math.Abs(wf))
			require.InDelta(t, wf, g, tol, "element %d", i)
		}
	}
}

// buildRun runs a case of Pad, Tile or Repeat and its Into form.
func buildRun[T tensor.Real](t *testing.T, c *cmpCase) {
	t.Helper()
	x := cmpArgs(t, c.Args, parseRealValue[T])[0]
	dst := tensor.Must(tensor.New[T](c.Shape...))
	var got tensor.Tensor[T]
	var err, into error
	switch c.Op {
	case "Pad":
		w := intList(t, c.Params["widths"])
		widths := make([][2]int, len(w)/2)
		for i := range widths {
			widths[i] = [2]int{w[2*i], w[2*i+1]}
		}
		mode := map[string]ops.PadMode{"constant": ops.PadConstant, "edge": ops.PadEdge, "reflect": ops.PadReflect,
			"symmetric": ops.PadSymmetric, "wrap": ops.PadWrap}[c.Params["mode"]]
		value := param[T](t, c, "value")
		got, err = ops.Pad(x, widths, mode, value)
		into = ops.PadInto(dst, x, widths, mode, value)
	case "Tile":
		reps := intList(t, c.Params["reps"])
		got, err = ops.Tile(x, reps...)
		into = ops.TileInto(dst, x, reps...)
	case "Repeat":
		counts, axis := intList(t, c.Params["counts"]), int(param[float64](t, c, "axis"))
		got, err = ops.Repeat(x, axis, counts...)
		into = ops.RepeatInto(dst, x, axis, counts...)
	}
	require.NoError(t, err)
	require.NoError(t, into)
	valuesRun(t, c, got.Shape(), got.Data(), parseRealValue[T])
	valuesRun(t, c, dst.Shape(), dst.Data(), parseRealValue[T])
}
