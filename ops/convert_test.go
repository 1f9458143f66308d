package ops_test

import (
	"math"
	"math/rand/v2"
	"runtime"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tessera-go/tessera/internal/testlevel"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// checkConvert converts random views of T to U and compares every element
// with Go's own conversion, want.
func checkConvert[U, T tensor.Number](t *testing.T, gen func(*rand.Rand) T, want func(T) U) {
	t.Helper()
	r := rand.New(rand.NewPCG(5, 6))
	for range 60 {
		shape, _ := randomPair(r)
		v, rv := randomOperand(r, shape, gen)
		got, err := ops.Convert[U](v)
		require.NoError(t, err)
		require.Equal(t, shape, got.Shape())
		for i, x := range rv.Data {
			w, g := want(x), got.Data()[i]
			if w != g && (w == w || g == g) {
				t.Fatalf("%T %v to %T: got %v, want %v", x, x, w, g, w)
			}
		}
		dst, _ := randomOperand(r, shape, func(*rand.Rand) U { return 0 })
		if dst.Layout().Overlapping() {
			continue
		}
		require.NoError(t, ops.ConvertInto(dst, v))
		for i, x := range rv.Data {
			if w, g := want(x), values(dst).Data[i]; w != g && (w == w || g == g) {
				t.Fatalf("Into: %v: got %v, want %v", x, g, w)
			}
		}
	}
}

func direct[U, T tensor.Real](x T) U { return U(x) }

func TestConvert(t *testing.T) {
	ints := func(r *rand.Rand) int64 { return r.Int64N(1<<40) - 1<<39 }
	f64 := func(r *rand.Rand) float64 { return (r.Float64() - 0.5) * 1e6 }
	t.Run("float32 to float64", func(t *testing.T) {
		checkConvert(t, func(r *rand.Rand) float32 { return float32(f64(r)) }, direct[float64, float32])
	})
	t.Run("float64 to float32", func(t *testing.T) {
		checkConvert(t, func(r *rand.Rand) float64 { return f64(r) * 1e300 }, direct[float32, float64])
	})
	t.Run("int64 to int8", func(t *testing.T) { checkConvert(t, ints, direct[int8, int64]) })
	t.Run("int64 to uint16", func(t *testing.T) { checkConvert(t, ints, direct[uint16, int64]) })
	t.Run("int64 to float32", func(t *testing.T) { checkConvert(t, ints, direct[float32, int64]) })
	t.Run("uint64 to float32", func(t *testing.T) {
		checkConvert(t, func(r *rand.Rand) uint64 { return r.Uint64() }, direct[float32, uint64])
	})
	t.Run("int8 to uint64", func(t *testing.T) {
		checkConvert(t, func(r *rand.Rand) int8 { return int8(r.IntN(256) - 128) }, direct[uint64, int8])
	})
	t.Run("float64 to int32", func(t *testing.T) { checkConvert(t, f64, direct[int32, float64]) })
	t.Run("NaN, infinities and out of range to int16", func(t *testing.T) {
		odd := []float64{math.NaN(), math.Inf(1), math.Inf(-1), 1e10, -1e10, 40000, -40000, 0.5}
		checkConvert(t, func(r *rand.Rand) float64 { return odd[r.IntN(len(odd))] }, direct[int16, float64])
	})
	t.Run("float32 to uint8", func(t *testing.T) {
		checkConvert(t, func(r *rand.Rand) float32 { return float32(r.IntN(256)) + 0.75 }, direct[uint8, float32])
	})
	t.Run("int to complex64", func(t *testing.T) {
		checkConvert(t, func(r *rand.Rand) int { return int(ints(r)) }, func(x int) complex64 { return complex(float32(x), 0) })
	})
	t.Run("float64 to complex128", func(t *testing.T) {
		checkConvert(t, f64, func(x float64) complex128 { return complex(x, 0) })
	})
	c128 := func(r *rand.Rand) complex128 { return complex(f64(r), f64(r)) }
	t.Run("complex128 to complex64", func(t *testing.T) {
		checkConvert(t, c128, func(x complex128) complex64 { return complex64(x) })
	})
	t.Run("complex128 to float32", func(t *testing.T) {
		checkConvert(t, c128, func(x complex128) float32 { return float32(real(x)) })
	})
	t.Run("complex64 to int16", func(t *testing.T) {
		checkConvert(t, func(r *rand.Rand) complex64 { return complex64(c128(r)) / 100 },
			func(x complex64) int16 { return int16(real(x)) })
	})
	type celsius float64
	t.Run("named types", func(t *testing.T) {
		checkConvert(t, func(r *rand.Rand) celsius { return celsius(f64(r)) }, direct[int64, celsius])
	})
}

// TestConvertOverlap converts in place over the same bytes: float32 to
// int32 through a view of the same memory.
func TestConvertOverlap(t *testing.T) {
	f := tensor.Must(tensor.FromSlice([]float32{1.5, -2.5, 3.25, 1e9}))
	ints := unsafe.Slice((*int32)(unsafe.Pointer(&f.Data()[0])), 4)
	iv := tensor.Must(tensor.FromSlice(ints)).View()
	rev := tensor.Must(f.View().Flip(0))
	require.NoError(t, ops.ConvertInto(iv, rev))
	assert.Equal(t, []int32{1000000000, 3, -2, 1}, ints)

	_, err := ops.Convert[int8](tensor.View[float64]{})
	assert.NoError(t, err)
	err = ops.ConvertInto(tensor.Must(tensor.New[int8](3)).View(), tensor.Must(tensor.New[float64](4)).View())
	assert.ErrorIs(t, err, layout.ErrShape)
	assert.EqualError(t, err, "ops: ConvertInto: destination shape [3] does not match the result shape [4]")
}

// TestConvertOutOfRange checks the documented results of converting NaN,
// infinities and out-of-range floats to integers on amd64, at every SIMD
// level, with enough elements for the vector kernels.
func TestConvertOutOfRange(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		t.Skip("the table is amd64's; TestConvert checks Go's own conversion everywhere")
	}
	odd := []float64{math.NaN(), math.Inf(1), math.Inf(-1), 1e20, -1e20, 3e9, -3e9, 200.5, -0.75}
	testlevel.ForEachLevel(t, func(t *testing.T) {
		checkTable[int8](t, odd, []int8{0, 0, 0, 0, 0, 0, 0, -56, 0})
		checkTable[int16](t, odd, []int16{0, 0, 0, 0, 0, 0, 0, 200, 0})
		checkTable[int32](t, odd, []int32{math.MinInt32, math.MinInt32, math.MinInt32, math.MinInt32, math.MinInt32, math.MinInt32, math.MinInt32, 200, 0})
		checkTable[int64](t, odd, []int64{math.MinInt64, math.MinInt64, math.MinInt64, math.MinInt64, math.MinInt64, 3e9, -3e9, 200, 0})
		checkTable[uint8](t, odd, []uint8{0, 0, 0, 0, 0, 0, 0, 200, 0})
		checkTable[uint16](t, odd, []uint16{0, 0, 0, 0, 0, 0, 0, 200, 0})
		checkTable[uint32](t, odd, []uint32{0, 0, 0, 0, 0, 3e9, 1294967296, 200, 0})
		checkTable[uint64](t, odd, []uint64{1 << 63, 1 << 63, 1 << 63, 1 << 63, 1 << 63, 3e9, 1<<64 - 3e9, 200, 0})
	})
}

// checkTable converts odd, as float64 and as float32, repeated past the
// vector kernels' widths, to U and compares each with want.
func checkTable[U tensor.Number](t *testing.T, odd []float64, want []U) {
	t.Helper()
	check := func(got []U, from string) {
		t.Helper()
		for i, g := range got {
			if w := want[i%len(want)]; g != w {
				t.Fatalf("%s %v to %T: got %v, want %v", from, odd[i%len(odd)], g, g, w)
			}
		}
	}
	in64 := make([]float64, 0, 70*len(odd))
	in32 := make([]float32, 0, 70*len(odd))
	for range 70 {
		for _, x := range odd {
			in64 = append(in64, x)
			in32 = append(in32, float32(x))
		}
	}
	check(tensor.Must(ops.Convert[U](tensor.Must(tensor.FromSlice(in64, len(in64))).View())).Data(), "float64")
	// As float32, every value of odd is the same (3e9 and 200.5 exactly).
	check(tensor.Must(ops.Convert[U](tensor.Must(tensor.FromSlice(in32, len(in32))).View())).Data(), "float32")
}
