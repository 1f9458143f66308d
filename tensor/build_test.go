package tensor_test

import (
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/tensor"
)

// buildFixtures is testdata/build/fixtures.json, made by NumPy (gen.py).
type buildFixtures struct {
	Arange []struct {
		Start, Stop, Step json.RawMessage
		Dtype             string
		Values            []json.RawMessage
	}
	Linspace []struct {
		Start, Stop string
		Num         int
		Endpoint    bool
		Dtype       string
		Values      []string
	}
	Eye []struct {
		N, M, K int
		Values  []int
	}
}

func loadBuildFixtures(t *testing.T) buildFixtures {
	t.Helper()
	data, err := os.ReadFile("testdata/build/fixtures.json")
	require.NoError(t, err)
	var f buildFixtures
	require.NoError(t, json.Unmarshal(data, &f))
	require.NotEmpty(t, f.Arange)
	require.NotEmpty(t, f.Linspace)
	require.NotEmpty(t, f.Eye)
	return f
}

// hexFloat reads a float written by Python's float.hex, as a JSON string.
func hexFloat(t *testing.T, raw string) float64 {
	t.Helper()
	x, err := strconv.ParseFloat(raw, 64)
	require.NoError(t, err, raw)
	return x
}

func unquote(t *testing.T, m json.RawMessage) string {
	t.Helper()
	var s string
	require.NoError(t, json.Unmarshal(m, &s))
	return s
}

func TestLinspaceNumPy(t *testing.T) {
	for _, c := range loadBuildFixtures(t).Linspace {
		start, stop := hexFloat(t, c.Start), hexFloat(t, c.Stop)
		var got []float64
		switch c.Dtype {
		case "float64":
			l, err := tensor.Linspace(start, stop, c.Num, c.Endpoint)
			require.NoError(t, err)
			got = l.Data()
		case "float32":
			l, err := tensor.Linspace(float32(start), float32(stop), c.Num, c.Endpoint)
			require.NoError(t, err)
			for _, x := range l.Data() {
				got = append(got, float64(x))
			}
		default:
			t.Fatalf("dtype %s", c.Dtype)
		}
		require.Len(t, got, len(c.Values), "%s linspace(%v, %v, %d, %v)", c.Dtype, start, stop, c.Num, c.Endpoint)
		for i, h := range c.Values {
			want := hexFloat(t, h)
			require.Equal(t, math.Float64bits(want), math.Float64bits(got[i]),
				"%s linspace(%v, %v, %d, %v)[%d] = %v, NumPy %v", c.Dtype, start, stop, c.Num, c.Endpoint, i, got[i], want)
		}
	}
}

func TestArangeStepNumPy(t *testing.T) {
	for _, c := range loadBuildFixtures(t).Arange {
		switch c.Dtype {
		case "float64":
			start, stop, step := hexFloat(t, unquote(t, c.Start)), hexFloat(t, unquote(t, c.Stop)), hexFloat(t, unquote(t, c.Step))
			a, err := tensor.ArangeStep(start, stop, step)
			require.NoError(t, err)
			require.Len(t, a.Data(), len(c.Values), "arange(%v, %v, %v): NumPy's length", start, stop, step)
			for i, h := range c.Values {
				numpy := hexFloat(t, unquote(t, h))
				got := a.Data()[i]
				// The documented value, rounded once; NumPy's (start + i·delta
				// for delta = (start+step) - start) within rounding.
				require.Equal(t, float64(float64(i)*step)+start, got, "arange(%v, %v, %v)[%d]", start, stop, step, i)
				tol := 1e-12 * max(1, math.Abs(start), math.Abs(stop))
				require.InDelta(t, numpy, got, tol, "arange(%v, %v, %v)[%d]: NumPy %v", start, stop, step, i, numpy)
			}
		case "int64":
			var start, stop, step int64
			require.NoError(t, json.Unmarshal(c.Start, &start))
			require.NoError(t, json.Unmarshal(c.Stop, &stop))
			require.NoError(t, json.Unmarshal(c.Step, &step))
			want := make([]int64, len(c.Values))
			for i, v := range c.Values {
				require.NoError(t, json.Unmarshal(v, &want[i]))
			}
			a, err := tensor.ArangeStep(start, stop, step)
			require.NoError(t, err)
			assert.Equal(t, want, a.Data(), "arange(%d, %d, %d)", start, stop, step)
		default:
			t.Fatalf("dtype %s", c.Dtype)
		}
	}
}

func TestEyeNumPy(t *testing.T) {
	for _, c := range loadBuildFixtures(t).Eye {
		e, err := tensor.Eye[int](c.N, c.M, c.K)
		require.NoError(t, err)
		assert.Equal(t, []int{c.N, c.M}, e.Shape())
		assert.Equal(t, c.Values, e.Data(), "eye(%d, %d, %d)", c.N, c.M, c.K)
	}
}

func TestArangeStepIntegers(t *testing.T) {
	a8, err := tensor.ArangeStep[int8](-128, 127, 1)
	require.NoError(t, err)
	require.Len(t, a8.Data(), 255)
	assert.Equal(t, int8(-128), a8.Data()[0])
	assert.Equal(t, int8(126), a8.Data()[254])

	down, err := tensor.ArangeStep[uint8](250, 0, 100) // a positive step away from stop
	require.NoError(t, err)
	assert.Empty(t, down.Data())
	u, err := tensor.ArangeStep[uint8](0, 255, 100)
	require.NoError(t, err)
	assert.Equal(t, []uint8{0, 100, 200}, u.Data())

	wide, err := tensor.ArangeStep[int64](math.MinInt64, math.MaxInt64, 1<<62)
	require.NoError(t, err)
	assert.Equal(t, []int64{math.MinInt64, -1 << 62, 0, 1 << 62}, wide.Data())
	back, err := tensor.ArangeStep[int64](math.MaxInt64, math.MinInt64, math.MinInt64)
	require.NoError(t, err)
	assert.Equal(t, []int64{math.MaxInt64, -1}, back.Data())
	ub, err := tensor.ArangeStep[uint64](math.MaxUint64-2, math.MaxUint64, 1)
	require.NoError(t, err)
	assert.Equal(t, []uint64{math.MaxUint64 - 2, math.MaxUint64 - 1}, ub.Data())

	type celsius float32
	c, err := tensor.ArangeStep[celsius](0, 1, 0.25)
	require.NoError(t, err)
	assert.Equal(t, []celsius{0, 0.25, 0.5, 0.75}, c.Data())
	f, err := tensor.ArangeStep[float32](0, 1, 0.1)
	require.NoError(t, err)
	require.Len(t, f.Data(), 10)
	assert.Equal(t, float32(float64(float32(0.1))*7), f.Data()[7], "computed in float64, rounded once")
}

func TestBuildErrors(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	nan, inf := math.NaN(), math.Inf(1)
	for _, tc := range []struct {
		name string
		err  error
		msg  string
		do   func() error
	}{
		{"arange step 0", layout.ErrArg, "tensor: ArangeStep: step 0 (start 0, stop 5)", func() error { _, err := tensor.ArangeStep(0, 5, 0); return err }},
		{"arange NaN", layout.ErrArg, "tensor: ArangeStep: start NaN, stop 1, step 1: not all finite", func() error { _, err := tensor.ArangeStep(nan, 1, 1); return err }},
		{"arange inf stop", layout.ErrArg, "", func() error { _, err := tensor.ArangeStep(0, inf, 1); return err }},
		{"arange inf step", layout.ErrArg, "", func() error { _, err := tensor.ArangeStep(0, 1, inf); return err }},
		{"arange too long", layout.ErrOverflow, "", func() error { _, err := tensor.ArangeStep(0, 1e300, 1e-300); return err }},
		{"arange too large to allocate", layout.ErrOverflow, "", func() error { _, err := tensor.ArangeStep[int64](0, math.MaxInt64, 1); return err }},
		{"linspace negative num", layout.ErrShape, "tensor: Linspace: negative number of values -1", func() error { _, err := tensor.Linspace(0.0, 1, -1, true); return err }},
		{"eye negative", layout.ErrShape, "", func() error { _, err := tensor.Eye[float32](-1, 3, 0); return err }},
		{"uniform reversed", layout.ErrArg, "tensor: Uniform: range [2, 1) is not a finite interval", func() error { _, err := tensor.Uniform(r, 2.0, 1, 3); return err }},
		{"uniform NaN", layout.ErrArg, "", func() error { _, err := tensor.Uniform(r, nan, 1, 3); return err }},
		{"uniform infinite", layout.ErrArg, "", func() error { _, err := tensor.Uniform(r, 0, inf, 3); return err }},
		{"uniform bad shape", layout.ErrShape, "", func() error { _, err := tensor.Uniform(r, 0.0, 1, -3); return err }},
		{"normal negative std", layout.ErrArg, "tensor: Normal: mean 0 and standard deviation -1: want finite values and std >= 0", func() error { _, err := tensor.Normal(r, 0.0, -1, 3); return err }},
		{"normal NaN std", layout.ErrArg, "", func() error { _, err := tensor.Normal(r, 0.0, nan, 3); return err }},
		{"normal infinite mean", layout.ErrArg, "", func() error { _, err := tensor.Normal(r, inf, 1, 3); return err }},
		{"randint empty", layout.ErrArg, "tensor: RandInt: empty range [3, 3)", func() error { _, err := tensor.RandInt(r, 3, 3, 2); return err }},
		{"randint reversed", layout.ErrArg, "", func() error { _, err := tensor.RandInt[uint8](r, 5, 1, 2); return err }},
		{"zeros like a bad view's shape", nil, "", func() error { _, err := tensor.ZerosLike(tensor.View[int]{}); return err }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.do()
			if tc.err == nil {
				require.NoError(t, err)
				return
			}
			require.True(t, errors.Is(err, tc.err), "%v, want %v", err, tc.err)
			if tc.msg != "" {
				assert.EqualError(t, err, tc.msg)
			}
		})
	}
}

func TestEyeOffsets(t *testing.T) {
	for _, k := range []int{math.MinInt, -3, 4, math.MaxInt} {
		e, err := tensor.Eye[float64](3, 4, k)
		require.NoError(t, err)
		assert.Equal(t, make([]float64, 12), e.Data(), "k %d", k)
	}
	c, err := tensor.Eye[complex64](2, 2, 0)
	require.NoError(t, err)
	assert.Equal(t, []complex64{1, 0, 0, 1}, c.Data())
}

func TestLikes(t *testing.T) {
	base := tensor.Must(tensor.FromSlice([]int16{1, 2, 3, 4, 5, 6}, 2, 3))
	v := tensor.Must(tensor.Must(base.Transpose(0, 1)).Slice(0, 1, 3, 1)) // [2 2]
	z, err := tensor.ZerosLike(v)
	require.NoError(t, err)
	assert.Equal(t, []int{2, 2}, z.Shape())
	assert.Equal(t, []int16{0, 0, 0, 0}, z.Data())
	f, err := tensor.FullLike(v, 7)
	require.NoError(t, err)
	assert.Equal(t, []int16{7, 7, 7, 7}, f.Data())
	f.Data()[0] = 9
	assert.Equal(t, []int16{1, 2, 3, 4, 5, 6}, base.Data(), "a new buffer")
	s, err := tensor.FullLike(tensor.Must(tensor.New[float64]()).View(), math.Copysign(0, -1))
	require.NoError(t, err)
	assert.True(t, math.Signbit(s.At()), "FullLike keeps -0")
}

func TestUniform(t *testing.T) {
	draw := func() tensor.Tensor[float64] {
		return tensor.Must(tensor.Uniform(rand.New(rand.NewPCG(1, 2)), -2.0, 3, 400, 250))
	}
	a, b := draw(), draw()
	require.Equal(t, a.Data(), b.Data(), "the same seed gives the same tensor")
	var sum float64
	for _, x := range a.Data() {
		require.True(t, x >= -2 && x < 3, "%v", x)
		sum += x
	}
	assert.InDelta(t, 0.5, sum/1e5, 0.02, "mean")

	// hi the next float after lo: every draw rounds to lo or to hi, and hi
	// must never appear.
	lo32 := float32(1)
	hi32 := math.Nextafter32(lo32, 2)
	u, err := tensor.Uniform(rand.New(rand.NewPCG(3, 4)), lo32, hi32, 1000)
	require.NoError(t, err)
	for _, x := range u.Data() {
		require.Equal(t, lo32, x)
	}
	lo64 := 1.0
	u64, err := tensor.Uniform(rand.New(rand.NewPCG(3, 4)), lo64, math.Nextafter(lo64, 2), 1000)
	require.NoError(t, err)
	for _, x := range u64.Data() {
		require.Equal(t, lo64, x)
	}
	same, err := tensor.Uniform(rand.New(rand.NewPCG(3, 4)), float32(2.5), 2.5, 3)
	require.NoError(t, err)
	assert.Equal(t, []float32{2.5, 2.5, 2.5}, same.Data())

	type weight float32
	w, err := tensor.Uniform[weight](rand.New(rand.NewPCG(5, 6)), 0, 1, 10)
	require.NoError(t, err)
	for _, x := range w.Data() {
		require.True(t, x >= 0 && x < 1)
	}
}

func TestNormal(t *testing.T) {
	draw := func() tensor.Tensor[float32] {
		return tensor.Must(tensor.Normal(rand.New(rand.NewPCG(7, 8)), float32(10), 2, 100000))
	}
	a := draw()
	require.Equal(t, a.Data(), draw().Data())
	var s, s2 float64
	for _, x := range a.Data() {
		s += float64(x)
		s2 += float64(x) * float64(x)
	}
	mean := s / 1e5
	std := math.Sqrt(s2/1e5 - mean*mean)
	assert.InDelta(t, 10, mean, 0.05)
	assert.InDelta(t, 2, std, 0.05)
	c, err := tensor.Normal(rand.New(rand.NewPCG(7, 8)), -3.0, 0, 4)
	require.NoError(t, err)
	assert.Equal(t, []float64{-3, -3, -3, -3}, c.Data())
}

func TestRandInt(t *testing.T) {
	draw := func() tensor.Tensor[int8] {
		return tensor.Must(tensor.RandInt[int8](rand.New(rand.NewPCG(9, 10)), -3, 4, 1000))
	}
	a := draw()
	require.Equal(t, a.Data(), draw().Data())
	seen := map[int8]int{}
	for _, x := range a.Data() {
		require.True(t, x >= -3 && x < 4, "%d", x)
		seen[x]++
	}
	assert.Len(t, seen, 7, "every value of [-3, 4) drawn")

	full, err := tensor.RandInt[int8](rand.New(rand.NewPCG(1, 1)), -128, 127, 20000)
	require.NoError(t, err)
	lo, hi := int8(0), int8(0)
	for _, x := range full.Data() {
		lo, hi = min(lo, x), max(hi, x)
	}
	assert.Equal(t, int8(-128), lo)
	assert.Equal(t, int8(126), hi, "hi is excluded")

	wide, err := tensor.RandInt[uint64](rand.New(rand.NewPCG(1, 1)), 1, math.MaxUint64, 1000)
	require.NoError(t, err)
	var big int
	for _, x := range wide.Data() {
		require.True(t, x >= 1 && x < math.MaxUint64)
		if x > 1<<63 {
			big++
		}
	}
	assert.InDelta(t, 500, big, 100, "the upper half of the range is drawn")
	sgn, err := tensor.RandInt[int64](rand.New(rand.NewPCG(1, 1)), math.MinInt64, math.MaxInt64, 1000)
	require.NoError(t, err)
	var neg int
	for _, x := range sgn.Data() {
		if x < 0 {
			neg++
		}
	}
	assert.InDelta(t, 500, neg, 100)
}

func TestDim(t *testing.T) {
	x := tensor.Must(tensor.New[float32](2, 3, 4))
	for axis, want := range map[int]int{0: 2, 1: 3, 2: 4, -1: 4, -3: 2} {
		n, err := x.Dim(axis)
		require.NoError(t, err)
		assert.Equal(t, want, n, "axis %d", axis)
		n, err = x.View().Dim(axis)
		require.NoError(t, err)
		assert.Equal(t, want, n, "axis %d", axis)
	}
	for _, axis := range []int{3, -4} {
		_, err := x.Dim(axis)
		require.True(t, errors.Is(err, layout.ErrAxis), "%v", err)
	}
	_, err := tensor.Must(tensor.New[int]()).Dim(0)
	assert.EqualError(t, err, "tensor: Dim: axis 0 of a rank-0 view")
	require.True(t, errors.Is(err, layout.ErrAxis))
}

// TestUniformFullRange draws from ranges wider than the largest float64
// (hi-lo overflows): the values must spread over the range, not be one
// constant.
func TestUniformFullRange(t *testing.T) {
	r := rand.New(rand.NewPCG(48, 5))
	for _, c := range [][2]float64{{-1e308, 1e308}, {-math.MaxFloat64, math.MaxFloat64}, {-1e308, math.MaxFloat64}} {
		u := tensor.Must(tensor.Uniform(r, c[0], c[1], 1000))
		lo, hi, neg := math.Inf(1), math.Inf(-1), 0
		for _, x := range u.Data() {
			require.True(t, x >= c[0] && x < c[1], "%v outside [%v, %v)", x, c[0], c[1])
			lo, hi = min(lo, x), max(hi, x)
			if x < 0 {
				neg++
			}
		}
		span := c[1]/2 - c[0]/2
		assert.Less(t, lo, c[0]+span/10, "[%v, %v): smallest %v", c[0], c[1], lo)
		assert.Greater(t, hi, c[1]-span/10, "[%v, %v): largest %v", c[0], c[1], hi)
		if c[0] == -c[1] {
			assert.InDelta(t, 500, neg, 100, "[%v, %v): %d negative values of 1000", c[0], c[1], neg)
		}
	}
}

// TestRandomNilSource checks that the random constructors refuse a nil
// *rand.Rand with an error, not a nil dereference.
func TestRandomNilSource(t *testing.T) {
	_, err := tensor.Uniform[float64](nil, 0, 1, 3)
	assert.ErrorIs(t, err, layout.ErrArg)
	assert.ErrorContains(t, err, "tensor: Uniform: nil *rand.Rand")
	_, err = tensor.Normal[float32](nil, 0, 1, 3)
	assert.ErrorIs(t, err, layout.ErrArg)
	assert.ErrorContains(t, err, "tensor: Normal: nil *rand.Rand")
	_, err = tensor.RandInt[int](nil, 0, 10, 3)
	assert.ErrorIs(t, err, layout.ErrArg)
	assert.ErrorContains(t, err, "tensor: RandInt: nil *rand.Rand")
}
