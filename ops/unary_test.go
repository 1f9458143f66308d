package ops_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tessera-go/tessera/internal/loops"
	"github.com/tessera-go/tessera/internal/naive"
	"github.com/tessera-go/tessera/internal/testlevel"
	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// checkUnary runs op and into on random views against want, elementwise.
func checkUnary[T tensor.Number](t *testing.T, name string, op func(tensor.View[T]) (tensor.Tensor[T], error),
	into func(dst, v tensor.View[T]) error, gen func(*rand.Rand) T, want func(T) T) {
	t.Helper()
	r := rand.New(rand.NewPCG(8, 1))
	same := func(a, b T) bool {
		return a == b && (a != 0 || math.Signbit(real(complex128(complexOf(a)))) == math.Signbit(real(complex128(complexOf(b))))) || (a != a && b != b)
	}
	for range 50 {
		shape, _ := randomPair(r)
		v, rv := randomOperand(r, shape, gen)
		got, err := op(v)
		require.NoError(t, err, name)
		for i, x := range rv.Data {
			if !same(want(x), got.Data()[i]) {
				t.Fatalf("%s(%v) = %v, want %v", name, x, got.Data()[i], want(x))
			}
		}
		dst := tensor.Must(tensor.New[T](shape...)).View()
		require.NoError(t, into(dst, v), name)
		for i, x := range rv.Data {
			if !same(want(x), dst.Data()[i]) {
				t.Fatalf("%sInto(%v) = %v, want %v", name, x, dst.Data()[i], want(x))
			}
		}
	}
}

// complexOf widens any number to complex128 for sign checks.
func complexOf[T tensor.Number](x T) complex128 {
	c, _ := ops.Convert[complex128](tensor.Must(tensor.FromSlice([]T{x})).View())
	return c.Data()[0]
}

func TestUnary(t *testing.T) {
	f64 := func(r *rand.Rand) float64 {
		switch r.IntN(20) {
		case 0:
			return math.NaN()
		case 1:
			return math.Copysign(0, -1)
		case 2:
			return math.Inf(-1)
		}
		return (r.Float64() - 0.3) * 20
	}
	f32 := func(r *rand.Rand) float32 { return float32(f64(r)) }
	checkUnary(t, "Neg", ops.Neg[float64, tensor.View[float64]], ops.NegInto[float64, tensor.View[float64], tensor.View[float64]], f64, func(x float64) float64 { return -x })
	checkUnary(t, "Abs", ops.Abs[float64, tensor.View[float64]], ops.AbsInto[float64, tensor.View[float64], tensor.View[float64]], f64, math.Abs)
	checkUnary(t, "Abs", ops.Abs[int8, tensor.View[int8]], ops.AbsInto[int8, tensor.View[int8], tensor.View[int8]], func(r *rand.Rand) int8 { return int8(r.IntN(256) - 128) },
		func(x int8) int8 {
			if x < 0 {
				return -x
			}
			return x
		})
	checkUnary(t, "Neg", ops.Neg[complex64, tensor.View[complex64]], ops.NegInto[complex64, tensor.View[complex64], tensor.View[complex64]],
		func(r *rand.Rand) complex64 { return complex(f32(r), f32(r)) }, func(x complex64) complex64 { return -x })
	for _, c := range []struct {
		name string
		op   func(tensor.View[float32]) (tensor.Tensor[float32], error)
		into func(dst, v tensor.View[float32]) error
		f    func(float64) float64
	}{
		{"Sqrt", ops.Sqrt[float32, tensor.View[float32]], ops.SqrtInto[float32, tensor.View[float32], tensor.View[float32]], math.Sqrt},
		{"Exp", ops.Exp[float32, tensor.View[float32]], ops.ExpInto[float32, tensor.View[float32], tensor.View[float32]], math.Exp},
		{"Log", ops.Log[float32, tensor.View[float32]], ops.LogInto[float32, tensor.View[float32], tensor.View[float32]], math.Log},
		{"Sin", ops.Sin[float32, tensor.View[float32]], ops.SinInto[float32, tensor.View[float32], tensor.View[float32]], math.Sin},
		{"Cos", ops.Cos[float32, tensor.View[float32]], ops.CosInto[float32, tensor.View[float32], tensor.View[float32]], math.Cos},
		{"Tanh", ops.Tanh[float32, tensor.View[float32]], ops.TanhInto[float32, tensor.View[float32], tensor.View[float32]], math.Tanh},
	} {
		checkUnary(t, c.name, c.op, c.into, f32, func(x float32) float32 { return float32(c.f(float64(x))) })
	}
	checkUnary(t, "Sqrt", ops.Sqrt[float64, tensor.View[float64]], ops.SqrtInto[float64, tensor.View[float64], tensor.View[float64]], f64, math.Sqrt)
}

func TestPow(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 3))
	gen := func(r *rand.Rand) float64 { return float64(r.IntN(9)) - 2 }
	for range 100 {
		ash, bsh := randomPair(r)
		a, ra := randomOperand(r, ash, gen)
		b, rb := randomOperand(r, bsh, gen)
		got, err := ops.Pow(a, b)
		require.NoError(t, err)
		want, _ := zipNaive(ra, rb, math.Pow)
		require.True(t, equalValues(want, got.Data()))
	}
	x := tensor.Must(tensor.FromSlice([]float32{4, 9})).View()
	half := tensor.Must(tensor.Full[float32](0.5)).View()
	require.NoError(t, ops.PowInto(x, x, half))
	assert.Equal(t, []float32{2, 3}, x.Data())
}

func zipNaive(a, b naiveArray, f func(x, y float64) float64) ([]float64, bool) {
	z, ok := naive.Zip(a, b, f)
	return z.Data, ok
}

type naiveArray = naive.Array[float64]

// TestExpFloat32Layouts checks that Exp of float32 gives loops.Exp32's
// bits for every element whatever the layout (runs go to simd.Exp, single
// elements to loops.Exp32), at every SIMD level.
func TestExpFloat32Layouts(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 1))
	x := make([]float32, 37*53)
	for i := range x {
		x[i] = float32(r.Float64()*220 - 110)
	}
	x[5], x[77] = float32(math.NaN()), float32(math.Inf(-1))
	m := tensor.Must(tensor.FromSlice(x, 37, 53))
	testlevel.ForEachLevel(t, func(t *testing.T) {
		for _, v := range []tensor.View[float32]{m.View(), tensor.Must(m.Transpose(0, 1)), tensor.Must(m.Slice(1, 1, 53, 3)), tensor.Must(m.Flip(0))} {
			got, err := ops.Exp(v)
			require.NoError(t, err)
			want := v.Contiguous().Data()
			for i, e := range want {
				w := loops.Exp32(e)
				g := got.Data()[i]
				require.True(t, math.Float32bits(w) == math.Float32bits(g) || w != w && g != g, "%v: element %d: Exp(%v) = %v, want %v", v.Layout(), i, e, g, w)
			}
		}
	})
}
