package tensor_test

import (
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tessera-go/tessera/tensor"
)

// formatCase is one array of testdata/format/fixtures.json, made by gen.py
// with NumPy: its elements (or a recipe), an optional view, NumPy's print
// options and the string NumPy printed.
type formatCase struct {
	Name    string            `json:"name"`
	Dtype   string            `json:"dtype"`
	Shape   []int             `json:"shape"`
	Data    []json.RawMessage `json:"data"`
	Recipe  string            `json:"recipe"`
	View    string            `json:"view"`
	Options struct {
		Precision *int   `json:"precision"`
		Sign      string `json:"sign"`
	} `json:"options"`
	Want string `json:"want"`
}

// verb returns the fmt verb that asks for the case's NumPy options.
func (c formatCase) verb() string {
	v := "%"
	switch c.Options.Sign {
	case "+":
		v += "+"
	case " ":
		v += " "
	}
	if c.Options.Precision != nil {
		v += "." + strconv.Itoa(*c.Options.Precision)
	}
	return v + "v"
}

// TestFormatNumPy prints every fixture array and compares with NumPy's
// string: floats of both sizes (positional, scientific, NaN and infinities,
// negative zero, rounding ties), integers of several sizes, complex
// numbers, bools, empty and rank-0 arrays, summaries, wrapped lines, transposed
// views, and the precision and sign options.
func TestFormatNumPy(t *testing.T) {
	var fx struct {
		NumPy string       `json:"numpy"`
		Cases []formatCase `json:"cases"`
	}
	// fixtures.json holds the cases chosen by hand (gen.py), random.json
	// 400 random ones (gen_random.py).
	for _, file := range []string{"fixtures.json", "random.json"} {
		raw, err := os.ReadFile("testdata/format/" + file)
		require.NoError(t, err)
		var part struct {
			NumPy string       `json:"numpy"`
			Cases []formatCase `json:"cases"`
		}
		require.NoError(t, json.Unmarshal(raw, &part))
		require.NotEmpty(t, part.Cases, file)
		fx.NumPy = part.NumPy
		fx.Cases = append(fx.Cases, part.Cases...)
	}
	for _, c := range fx.Cases {
		t.Run(c.Name, func(t *testing.T) {
			var got string
			switch c.Dtype {
			case "float64":
				got = formatFixture(t, c, parseReal[float64], tensor.Arange[float64])
			case "float32":
				got = formatFixture(t, c, parseReal[float32], tensor.Arange[float32])
			case "int64":
				got = formatFixture(t, c, parseReal[int64], tensor.Arange[int64])
			case "int32":
				got = formatFixture(t, c, parseReal[int32], tensor.Arange[int32])
			case "int8":
				got = formatFixture(t, c, parseReal[int8], tensor.Arange[int8])
			case "uint64":
				got = formatFixture(t, c, parseReal[uint64], tensor.Arange[uint64])
			case "uint8":
				got = formatFixture(t, c, parseReal[uint8], tensor.Arange[uint8])
			case "complex128":
				got = formatFixture(t, c, parseComplex[complex128], tensor.Arange[complex128])
			case "complex64":
				got = formatFixture(t, c, parseComplex[complex64], tensor.Arange[complex64])
			case "bool":
				got = formatFixture(t, c, parseBool, nil)
			default:
				t.Fatalf("no dtype %q", c.Dtype)
			}
			require.Equal(t, c.Want, got, "NumPy %s, %s", fx.NumPy, c.verb())
		})
	}
}

// formatFixture builds the case's array with parse for its elements (or
// arange for the recipe) and prints it.
func formatFixture[T tensor.Element](t *testing.T, c formatCase, parse func(json.RawMessage) (T, error), arange func(int) (tensor.Tensor[T], error)) string {
	t.Helper()
	var a tensor.Tensor[T]
	if c.Recipe == "arange" {
		n := 1
		for _, d := range c.Shape {
			n *= d
		}
		a = tensor.Must(tensor.Must(arange(n)).Reshape(c.Shape...)).Contiguous()
	} else {
		d := make([]T, len(c.Data))
		for i, r := range c.Data {
			x, err := parse(r)
			require.NoError(t, err, "element %d", i)
			d[i] = x
		}
		a = tensor.Must(tensor.FromSlice(d, c.Shape...))
		if len(c.Shape) == 0 { // FromSlice makes a vector
			a = tensor.Must(tensor.Full(d[0]))
		}
	}
	v := a.View()
	if c.View == "T" {
		perm := make([]int, v.Rank())
		for i := range perm {
			perm[i] = v.Rank() - 1 - i
		}
		v = tensor.Must(v.Permute(perm...))
	}
	return fmt.Sprintf(c.verb(), v)
}

// parseReal parses one element of a real type T from its fixture string:
// Python's repr of a float, or an integer's digits.
func parseReal[T tensor.Real](r json.RawMessage) (T, error) {
	var s string
	if err := json.Unmarshal(r, &s); err != nil {
		return 0, err
	}
	var x T
	v := reflect.ValueOf(&x).Elem()
	switch {
	case v.CanFloat():
		f, err := strconv.ParseFloat(s, v.Type().Bits())
		v.SetFloat(f)
		return x, err
	case v.CanInt():
		i, err := strconv.ParseInt(s, 10, v.Type().Bits())
		v.SetInt(i)
		return x, err
	}
	u, err := strconv.ParseUint(s, 10, v.Type().Bits())
	v.SetUint(u)
	return x, err
}

// parseBool parses one bool element, "true" or "false".
func parseBool(r json.RawMessage) (bool, error) {
	var s string
	if err := json.Unmarshal(r, &s); err != nil {
		return false, err
	}
	return strconv.ParseBool(s)
}

// parseComplex parses one complex element, [re, im] as two reprs.
func parseComplex[T complex64 | complex128](r json.RawMessage) (T, error) {
	var p [2]string
	if err := json.Unmarshal(r, &p); err != nil {
		return 0, err
	}
	bits := 64
	if reflect.TypeFor[T]().Kind() == reflect.Complex64 {
		bits = 32
	}
	re, err := strconv.ParseFloat(p[0], bits)
	if err != nil {
		return 0, err
	}
	im, err := strconv.ParseFloat(p[1], bits)
	return T(complex(re, im)), err
}
