package tensor_test

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tessera-go/tessera/internal/testint"
	"github.com/tessera-go/tessera/internal/testkit"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/tensor"
)

func seq(n int) []float32 {
	out := make([]float32, n)
	for i := range out {
		out[i] = float32(i)
	}
	return out
}

func TestConstructors(t *testing.T) {
	z, err := tensor.New[float64](2, 3)
	require.NoError(t, err)
	assert.Equal(t, []int{2, 3}, z.Shape())
	assert.Equal(t, make([]float64, 6), z.Data())
	assert.Equal(t, 2, z.Rank())
	assert.Equal(t, 6, z.Size())

	s, err := tensor.New[int]()
	require.NoError(t, err)
	assert.Equal(t, 0, s.Rank())
	assert.Equal(t, 1, s.Size())
	s.Set(7)
	assert.Equal(t, 7, s.At())

	f, err := tensor.Full[int8](3, 2, 2)
	require.NoError(t, err)
	assert.Equal(t, []int8{3, 3, 3, 3}, f.Data())

	a, err := tensor.Arange[complex64](3)
	require.NoError(t, err)
	assert.Equal(t, []complex64{0, 1, 2}, a.Data())

	data := []uint16{1, 2, 3, 4, 5, 6}
	fs, err := tensor.FromSlice(data, 3, 2)
	require.NoError(t, err)
	fs.Set(9, 2, 1)
	assert.Equal(t, uint16(9), data[5], "FromSlice shares data")
	flat, err := tensor.FromSlice(data)
	require.NoError(t, err)
	assert.Equal(t, []int{6}, flat.Shape())

	_, err = tensor.FromSlice(data, 4, 2)
	assert.ErrorIs(t, err, layout.ErrShape)
	assert.EqualError(t, err, "tensor: FromSlice: 6 elements for shape [4 2] of size 8")
	_, err = tensor.New[float32](2, -1)
	assert.ErrorIs(t, err, layout.ErrShape)
	_, err = tensor.New[float32](testint.Half, testint.Half)
	assert.ErrorIs(t, err, layout.ErrOverflow)
	_, err = tensor.Arange[int](-1)
	assert.ErrorIs(t, err, layout.ErrShape)
	_, err = tensor.Full[int](1, -2)
	assert.ErrorIs(t, err, layout.ErrShape)
	assert.Panics(t, func() { tensor.Must(tensor.New[int](-1)) })
}

func TestZeroValues(t *testing.T) {
	var tt tensor.Tensor[float32]
	assert.Equal(t, []int{0}, tt.Shape())
	assert.Equal(t, 0, tt.Size())
	assert.Empty(t, slices.Collect(tt.Values()))
	assert.Equal(t, "[]", fmt.Sprint(tt))
	var v tensor.View[float32]
	assert.Equal(t, 0, v.Size())
	assert.True(t, v.IsContiguous())
	assert.Equal(t, 0, v.Contiguous().Size())
	assert.NoError(t, v.CopyTo(nil))
	assert.NoError(t, v.Fill(1))
	assert.NoError(t, v.CopyFrom(v))
}

func TestNewView(t *testing.T) {
	data := seq(12)
	_, err := tensor.NewView(data, tensor.Must(layout.Strided([]int{3, 4}, []int{4, 1}, 1)))
	assert.ErrorIs(t, err, layout.ErrBounds)
	assert.EqualError(t, err, "tensor: NewView: layout shape [3 4] strides [4 1] offset 1 reaches offset 12 in a buffer of length 12")
	v, err := tensor.NewView(data, tensor.Must(layout.Strided([]int{3, 4}, []int{-4, 1}, 8)))
	require.NoError(t, err)
	assert.Equal(t, float32(8), v.At(0, 0))
	assert.Equal(t, float32(3), v.At(2, 3))
	// An empty layout fits any buffer, even nil.
	_, err = tensor.NewView[float32](nil, tensor.Must(layout.Strided([]int{0, 4}, []int{4, 1}, 100)))
	assert.NoError(t, err)
}

func TestAtSetPanic(t *testing.T) {
	v := tensor.Must(tensor.FromSlice(seq(12), 3, 4)).View()
	assert.PanicsWithError(t, "tensor: At: index [3 0] out of range for shape [3 4]", func() { v.At(3, 0) })
	assert.Panics(t, func() { v.At(0) })
	assert.Equal(t, v.At(2, 3), v.At(-1, -1), "negative indices count from the end")
	assert.PanicsWithError(t, "tensor: At: index [0 -5] out of range for shape [3 4]", func() { v.At(0, -5) })
	assert.PanicsWithError(t, "tensor: Set: index [0 4] out of range for shape [3 4]", func() { v.Set(1, 0, 4) })
	assert.NotPanics(t, func() { v.Set(1, 2, 3) })
}

// TestZeroValues pins issue 11.14: the zero Tensor had strides [0] where
// New(0) has [1].
func TestZeroLayouts(t *testing.T) {
	var z tensor.Tensor[float32]
	n := tensor.Must(tensor.New[float32](0))
	for _, l := range []layout.Layout{z.Layout(), z.View().Layout(), (tensor.View[int]{}).Layout(), {}} {
		assert.Equal(t, []int{0}, l.Shape())
		assert.Equal(t, []int{1}, l.Strides())
		assert.True(t, l.Equal(n.Layout()), "%v equals %v", l, n.Layout())
		assert.Equal(t, n.Layout().String(), l.String())
	}
}

// The materialization examples of the notes, in element strides.
func TestMaterializeNotes(t *testing.T) {
	for _, tc := range []struct {
		name           string
		data           []float32
		shape, strides []int
		off            int
		want           []float32
		contiguous     bool
	}{
		{"2x2 transposed", []float32{1, 2, 3, 4}, []int{2, 2}, []int{1, 2}, 0, []float32{1, 3, 2, 4}, false},
		{"2x3 transposed", []float32{1, 2, 3, 4, 5, 6}, []int{3, 2}, []int{1, 3}, 0, []float32{1, 4, 2, 5, 3, 6}, false},
		{"3x4 transposed (slides)", seq(12), []int{4, 3}, []int{1, 4}, 0, []float32{0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11}, false},
		{"rows 1:3 of 3x4", seq(12), []int{2, 4}, []int{4, 1}, 4, seq(12)[4:], true},
		{"columns 0:2 of 2x3", []float32{1, 2, 3, 4, 5, 6}, []int{2, 2}, []int{3, 1}, 0, []float32{1, 2, 4, 5}, false},
		{"broadcast column", []float32{1, 2}, []int{2, 3}, []int{1, 0}, 0, []float32{1, 1, 1, 2, 2, 2}, false},
		{"flipped", seq(4), []int{4}, []int{-1}, 3, []float32{3, 2, 1, 0}, false},
		{"scalar at offset", seq(4), []int{}, []int{}, 2, []float32{2}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := testkit.View(t, tc.data, tc.shape, tc.strides, tc.off)
			assert.Equal(t, tc.contiguous, v.IsContiguous())
			c := v.Contiguous()
			assert.Equal(t, tc.want, c.Data())
			assert.True(t, c.Layout().IsContiguous())
			assert.Equal(t, tc.shape, c.Shape())
			cl := v.Clone()
			assert.Equal(t, tc.want, cl.Data())
			assert.Equal(t, len(cl.Data()), cap(cl.Data()), "Clone's buffer has no spare capacity")
			if len(cl.Data()) > 0 {
				assert.NotSame(t, &tc.data[tc.off], &cl.Data()[0], "Clone copies")
				cl.Data()[0]++
				assert.Equal(t, tc.want, v.Contiguous().Data(), "writing the clone leaves the view alone")
			}
			if tc.contiguous {
				assert.Same(t, &tc.data[tc.off], &c.Data()[0], "Contiguous shares")
			}
		})
	}
}

func TestCopyTo(t *testing.T) {
	v := testkit.View(t, seq(12), []int{4, 3}, []int{1, 4}, 0)
	dst := make([]float32, 14)
	require.NoError(t, v.CopyTo(dst))
	assert.Equal(t, []float32{0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11, 0, 0}, dst)
	err := v.CopyTo(make([]float32, 11))
	assert.ErrorIs(t, err, layout.ErrShape)
	assert.EqualError(t, err, "tensor: CopyTo: destination of length 11 for 12 elements")
	// Into its own buffer: as if the view were read first.
	data := seq(12)
	self := testkit.View(t, data, []int{4, 3}, []int{1, 4}, 0)
	require.NoError(t, self.CopyTo(data))
	assert.Equal(t, []float32{0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11}, data)
}

func TestCopyFrom(t *testing.T) {
	dst := tensor.Must(tensor.New[float32](3, 4)).View()
	src := testkit.View(t, seq(12), []int{3, 4}, []int{1, 3}, 0)
	require.NoError(t, dst.CopyFrom(src))
	assert.Equal(t, []float32{0, 3, 6, 9, 1, 4, 7, 10, 2, 5, 8, 11}, dst.Data())

	// Broadcast a row.
	row := testkit.View(t, []float32{1, 2, 3, 4}, []int{4}, []int{1}, 0)
	require.NoError(t, dst.CopyFrom(row))
	assert.Equal(t, []float32{1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4}, dst.Data())

	// Into a strided destination (every other column).
	cols := testkit.View(t, dst.Data(), []int{3, 2}, []int{4, 2}, 1)
	require.NoError(t, cols.CopyFrom(testkit.View(t, []float32{-1}, []int{}, []int{}, 0)))
	assert.Equal(t, []float32{1, -1, 3, -1, 1, -1, 3, -1, 1, -1, 3, -1}, dst.Data())

	before := slices.Clone(dst.Data())
	err := dst.CopyFrom(testkit.View(t, seq(3), []int{3}, []int{1}, 0))
	assert.ErrorIs(t, err, layout.ErrShape)
	assert.EqualError(t, err, "tensor: CopyFrom: cannot broadcast source shape [3] to destination shape [3 4]")
	exp := testkit.View(t, make([]float32, 4), []int{3, 4}, []int{0, 1}, 0)
	err = exp.CopyFrom(src)
	assert.ErrorIs(t, err, layout.ErrOverlap)
	assert.Equal(t, before, dst.Data(), "destination untouched after errors")
	assert.Equal(t, make([]float32, 4), exp.Data())
	assert.ErrorIs(t, exp.Fill(1), layout.ErrOverlap)
	assert.Equal(t, make([]float32, 4), exp.Data())
}

// TestCopyFromOverlapping copies between views that share memory and checks
// the result against a copy from a snapshot of the source.
func TestCopyFromOverlapping(t *testing.T) {
	for _, tc := range []struct {
		name     string
		n        int
		dst, src func(data []float32) tensor.View[float32]
	}{
		{"into own transpose", 16,
			func(d []float32) tensor.View[float32] { return testkit.View(t, d, []int{4, 4}, []int{4, 1}, 0) },
			func(d []float32) tensor.View[float32] { return testkit.View(t, d, []int{4, 4}, []int{1, 4}, 0) }},
		{"shifted right", 10,
			func(d []float32) tensor.View[float32] { return testkit.View(t, d, []int{8}, []int{1}, 2) },
			func(d []float32) tensor.View[float32] { return testkit.View(t, d, []int{8}, []int{1}, 0) }},
		{"shifted left", 10,
			func(d []float32) tensor.View[float32] { return testkit.View(t, d, []int{8}, []int{1}, 0) },
			func(d []float32) tensor.View[float32] { return testkit.View(t, d, []int{8}, []int{1}, 2) }},
		{"flipped onto itself", 9,
			func(d []float32) tensor.View[float32] { return testkit.View(t, d, []int{9}, []int{1}, 0) },
			func(d []float32) tensor.View[float32] { return testkit.View(t, d, []int{9}, []int{-1}, 8) }},
		{"broadcast from inside", 12,
			func(d []float32) tensor.View[float32] { return testkit.View(t, d, []int{3, 4}, []int{4, 1}, 0) },
			func(d []float32) tensor.View[float32] { return testkit.View(t, d, []int{4}, []int{1}, 4) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data := seq(tc.n)
			snap := slices.Clone(data)
			want := slices.Clone(data)
			require.NoError(t, tc.dst(want).CopyFrom(tc.src(snap)))
			require.NoError(t, tc.dst(data).CopyFrom(tc.src(data)))
			assert.Equal(t, want, data)
		})
	}
}

func TestFillAndValues(t *testing.T) {
	data := seq(12)
	v := testkit.View(t, data, []int{3, 2}, []int{4, 2}, 1)
	require.NoError(t, v.Fill(-1))
	assert.Equal(t, []float32{0, -1, 2, -1, 4, -1, 6, -1, 8, -1, 10, -1}, data)
	assert.Equal(t, []float32{-1, -1, -1, -1, -1, -1}, slices.Collect(v.Values()))
	tr := testkit.View(t, seq(6), []int{3, 2}, []int{1, 3}, 0)
	assert.Equal(t, []float32{0, 3, 1, 4, 2, 5}, slices.Collect(tr.Values()))
	n := 0
	for range tr.Values() {
		n++
		if n == 2 {
			break
		}
	}
	assert.Equal(t, 2, n)
}

func TestElementTypes(t *testing.T) {
	check := func(name string, f func() bool) { assert.True(t, f(), name) }
	check("int8", func() bool { return roundTrip[int8]() })
	check("uint16", func() bool { return roundTrip[uint16]() })
	check("int32", func() bool { return roundTrip[int32]() })
	check("uint64", func() bool { return roundTrip[uint64]() })
	check("uintptr", func() bool { return roundTrip[uintptr]() })
	check("float64", func() bool { return roundTrip[float64]() })
	check("complex64", func() bool { return roundTrip[complex64]() })
	check("complex128", func() bool { return roundTrip[complex128]() })
	type celsius float32
	check("named", func() bool { return roundTrip[celsius]() })
}

func roundTrip[T tensor.Number]() bool {
	a := tensor.Must(tensor.Arange[T](6))
	l, _ := a.Layout().View(2, 3)
	tl, _ := l.Transpose(0, 1)
	v := tensor.Must(tensor.NewView(a.Data(), tl))
	return slices.Equal(v.Contiguous().Data(), []T{0, 3, 1, 4, 2, 5})
}

func TestFormat(t *testing.T) {
	v := testkit.View(t, seq(6), []int{2, 3}, []int{3, 1}, 0)
	assert.Equal(t, "[[0. 1. 2.]\n [3. 4. 5.]]", fmt.Sprint(v))
	assert.Equal(t, "[[0.00 1.00 2.00]\n [3.00 4.00 5.00]]", fmt.Sprintf("%.2f", v))
	assert.Equal(t, fmt.Sprint(v), v.String(), "String and %v agree")
	assert.Equal(t, "View[float32] shape [2 3] strides [3 1] offset 0 size 6 contiguous", v.Describe())
	tr := testkit.View(t, seq(12), []int{4, 3}, []int{1, 4}, 0)
	assert.Equal(t, "[[ 0.  4.  8.]\n [ 1.  5.  9.]\n [ 2.  6. 10.]\n [ 3.  7. 11.]]", fmt.Sprintf("%v", tr))
	assert.Equal(t, "View[float32] shape [4 3] strides [1 4] offset 0 size 12 not contiguous", tr.Describe())
	assert.Equal(t, "[[[0. 1.]\n  [2. 3.]]\n\n [[4. 5.]\n  [6. 7.]]]", fmt.Sprint(tensor.Must(tensor.FromSlice(seq(8), 2, 2, 2))))
	assert.Equal(t, "5", fmt.Sprint(tensor.Must(tensor.Full[int](5))))
	assert.Equal(t, "+5", fmt.Sprintf("%+v", tensor.Must(tensor.Full[int](5))))
	assert.Equal(t, "[]", fmt.Sprint(testkit.View(t, seq(1), []int{0, 3}, []int{3, 1}, 0)))
	assert.Equal(t, "[1.+2.j]", fmt.Sprint(tensor.Must(tensor.FromSlice([]complex64{1 + 2i}))))
	big := tensor.Must(tensor.Arange[int](2000))
	assert.Equal(t, "[   0    1    2 ... 1997 1998 1999]", fmt.Sprint(big))
	assert.Equal(t, "[nan inf]", fmt.Sprint(tensor.Must(tensor.FromSlice([]float64{math.NaN(), math.Inf(1)}))))
	// Go's verbs apply to each element, with their flags.
	ints := tensor.Must(tensor.FromSlice([]int{-1, 20, 300}))
	assert.Equal(t, "[ -1  20 300]", fmt.Sprint(ints))
	assert.Equal(t, "[  -1  +20 +300]", fmt.Sprintf("%+d", ints))
	assert.Equal(t, "[ -1  14 12c]", fmt.Sprintf("%x", ints))
	assert.Equal(t, "[   -1    20   300]", fmt.Sprintf("%5v", ints))
	// Named element types print as their underlying type.
	type celsius float64
	type handle uintptr
	assert.Equal(t, "[-1.5 20. ]", fmt.Sprint(tensor.Must(tensor.FromSlice([]celsius{-1.5, 20}))))
	assert.Equal(t, "[ 1 20]", fmt.Sprint(tensor.Must(tensor.FromSlice([]handle{1, 20}))))
	// %#v is Go syntax that builds the same tensor.
	assert.Equal(t, "tensor.Must(tensor.FromSlice([]float32{0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11}, 4, 3))", fmt.Sprintf("%#v", tr))
	assert.Equal(t, "tensor.Must(tensor.FromSlice([]complex64{complex(1, 2), complex(math.NaN(), math.Inf(-1))}, 2))",
		fmt.Sprintf("%#v", tensor.Must(tensor.FromSlice([]complex64{1 + 2i, complex(float32(math.NaN()), float32(math.Inf(-1)))}))))
	assert.Equal(t, "tensor.Must(tensor.Full[int8](-3))", fmt.Sprintf("%#v", tensor.Must(tensor.Full[int8](-3))))
	// A struct holding a tensor prints the elements, %+v with signs as fmt
	// prints numbers.
	type holder struct{ W tensor.Tensor[int] }
	assert.Equal(t, "{[ -1  20 300]}", fmt.Sprintf("%v", holder{ints}))
	assert.Equal(t, "{W:[  -1  +20 +300]}", fmt.Sprintf("%+v", holder{ints}))
}

// Many goroutines may read one buffer through different views and write
// disjoint views of it at once.
func TestConcurrentViews(t *testing.T) {
	data := make([]float32, 64*64)
	base := testkit.View(t, data, []int{64, 64}, []int{64, 1}, 0)
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rows := testkit.View(t, data, []int{8, 64}, []int{64, 1}, g*8*64)
			require.NoError(t, rows.Fill(float32(g)))
			_ = base.Layout().Size()
		}()
	}
	wg.Wait()
	for i, x := range data {
		require.Equal(t, float32(i/(8*64)), x)
	}
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			tr := testkit.View(t, data, []int{64, 64}, []int{1, 64}, 0)
			c := tr.Contiguous()
			assert.Equal(t, float32(7), c.At(0, 63))
		}()
	}
	wg.Wait()
}

// TestAllocationLimits pins bugs found by the hostile-input tests: sizes
// that fit in an int but not in an allocation are errors, not panics.
func TestAllocationLimits(t *testing.T) {
	if testint.Bits == 64 {
		// Issue 11.7: 2^48 bytes passed the check and was a fatal
		// out-of-memory error; user space has 2^47 bytes.
		const addressSpace = 1 << (testint.Bits - 17) // 1<<47
		for _, n := range []int{addressSpace, addressSpace + 1, 1 << (testint.Bits - 16)} {
			_, err := tensor.New[int8](n)
			assert.ErrorIs(t, err, layout.ErrOverflow, "New[int8](%d)", n)
		}
		_, err := tensor.New[int64](addressSpace / 8)
		assert.ErrorIs(t, err, layout.ErrOverflow)
	}
	_, err := tensor.New[float64](testint.Alloc8)
	assert.ErrorIs(t, err, layout.ErrOverflow)
	assert.EqualError(t, err, fmt.Sprintf("tensor: New: %d elements of 8 bytes exceed the largest allocation", testint.Alloc8))
	_, err = tensor.Arange[float64](math.MaxInt)
	assert.ErrorIs(t, err, layout.ErrOverflow)
	_, err = tensor.Full(1.0, -1)
	assert.ErrorIs(t, err, layout.ErrShape)
	assert.True(t, strings.HasPrefix(err.Error(), "tensor: Full: "), err.Error())
	two := tensor.Must(tensor.New[float64](2)).View()
	l := tensor.Must(two.Layout().Expand(testint.Alloc8/2, 2))
	huge := tensor.Must(tensor.NewView(two.Data(), l))
	_, err = huge.CloneChecked()
	assert.ErrorIs(t, err, layout.ErrOverflow)
	assert.Panics(t, func() { huge.Clone() })
}

// TestArangeValues pins issue 11.13: Arange counted with x++, so float32
// values stalled at 2^24, and integer types wrapped silently.
func TestArangeValues(t *testing.T) {
	f := tensor.Must(tensor.Arange[float32](1 << 25)).Data()
	for _, i := range []int{0, 1, 1<<24 - 1, 1 << 24, 1<<24 + 1, 1<<24 + 3, 20000000, 1<<25 - 1} {
		assert.Equal(t, float32(i), f[i], "Arange[float32] value %d", i)
	}
	type myFloat float32
	assert.Equal(t, []myFloat{0, 1, 2}, tensor.Must(tensor.Arange[myFloat](3)).Data())
	assert.Equal(t, []complex64{0, 1, 2}, tensor.Must(tensor.Arange[complex64](3)).Data())
	assert.Equal(t, []complex128{0, 1}, tensor.Must(tensor.Arange[complex128](2)).Data())
	assert.Equal(t, []float64{0, 1, 2, 3}, tensor.Must(tensor.Arange[float64](4)).Data())

	u := tensor.Must(tensor.Arange[uint8](256)).Data()
	assert.Equal(t, uint8(255), u[255])
	i8 := tensor.Must(tensor.Arange[int8](128)).Data()
	assert.Equal(t, int8(127), i8[127])
	for _, tc := range []struct {
		err  error
		want string
	}{
		{e(tensor.Arange[uint8](260)), "tensor: Arange: length 260: the last value 259 does not fit in uint8 (at most 255)"},
		{e(tensor.Arange[uint8](257)), "tensor: Arange: length 257: the last value 256 does not fit in uint8 (at most 255)"},
		{e(tensor.Arange[int8](129)), "tensor: Arange: length 129: the last value 128 does not fit in int8 (at most 127)"},
		{e(tensor.Arange[uint16](1<<16 + 1)), "tensor: Arange: length 65537: the last value 65536 does not fit in uint16 (at most 65535)"},
	} {
		assert.ErrorIs(t, tc.err, layout.ErrOverflow)
		assert.EqualError(t, tc.err, tc.want)
	}
	assert.NoError(t, e(tensor.Arange[uint8](0)))
}

func e[T tensor.Number](_ tensor.Tensor[T], err error) error { return err }

// TestContiguousPanicsAsDocumented pins issue 11.6: Contiguous of a huge
// broadcast view panics (as documented, with the error of CloneChecked),
// and CloneChecked returns that error instead.
func TestContiguousPanicsAsDocumented(t *testing.T) {
	one := tensor.Must(tensor.Full[float64](1)).View()
	huge := tensor.Must(one.Expand(testint.Huge)) // 8*Huge bytes overflow int
	_, err := huge.CloneChecked()
	require.ErrorIs(t, err, layout.ErrOverflow)
	assert.PanicsWithError(t, err.Error(), func() { huge.Contiguous() })
	assert.PanicsWithError(t, err.Error(), func() { huge.Clone() })
}

// TestFullValues checks Full's elements bit for bit, including a negative
// zero and NaN, large enough for the vector fill and for two goroutines.
func TestFullValues(t *testing.T) {
	for _, n := range []int{0, 1, 7, 100, 1 << 21} {
		for _, v := range []float64{0, math.Copysign(0, -1), math.NaN(), 2.5} {
			f := tensor.Must(tensor.Full(v, n))
			for i, x := range f.Data() {
				if math.Float64bits(x) != math.Float64bits(v) {
					t.Fatalf("Full(%v, %d)[%d] = %v", v, n, i, x)
				}
			}
		}
	}
	f := tensor.Must(tensor.Full[int8](-3, 2, 3))
	require.Equal(t, []int8{-3, -3, -3, -3, -3, -3}, f.Data())
}

// TestItem checks Item on one-element views of every kind and its error
// on the others.
func TestItem(t *testing.T) {
	data := seq(12)
	for _, c := range []struct {
		name    string
		shape   []int
		strides []int
		off     int
		want    float32
	}{
		{"rank 0", nil, nil, 7, data[7]},
		{"[1 1 1]", []int{1, 1, 1}, []int{12, 4, 1}, 5, data[5]},
		{"negative stride", []int{1}, []int{-3}, 11, data[11]},
		{"zero stride", []int{1, 1}, []int{0, 0}, 2, data[2]},
	} {
		v := tensor.Must(tensor.NewView(data, tensor.Must(layout.Strided(c.shape, c.strides, c.off))))
		got, err := v.Item()
		require.NoError(t, err, c.name)
		assert.Equal(t, c.want, got, c.name)
	}
	for _, shape := range [][]int{{0}, {2}, {1, 3}} {
		v := tensor.Must(tensor.New[float32](shape...))
		_, err := v.Item()
		assert.ErrorIs(t, err, layout.ErrShape, "%v", shape)
	}
	tt := tensor.Must(tensor.FromSlice([]float32{3}, 1))
	x, err := tt.Item()
	require.NoError(t, err)
	assert.Equal(t, float32(3), x)
}

// TestBoolTensors checks that bool tensors, the masks, move as the
// one-byte numbers do: every catalogue view copied by Contiguous, Clone,
// CopyTo and CopyFrom gives the elements a uint8 view of the same layout
// gives, Fill writes only the view's elements, and %#v rebuilds the
// tensor.
func TestBoolTensors(t *testing.T) {
	bs := make([]bool, testkit.CatalogueLen)
	us := make([]uint8, testkit.CatalogueLen)
	for i := range bs {
		bs[i] = i%3 == 0 || i%7 == 1
		if bs[i] {
			us[i] = 1
		}
	}
	uviews := testkit.Views(t, us)
	for i, bv := range testkit.Views(t, bs) {
		uv := uviews[i].View
		t.Run(bv.Name, func(t *testing.T) {
			want := make([]bool, 0, uv.Size())
			for _, x := range uv.Contiguous().Data() {
				want = append(want, x != 0)
			}
			if uv.Size() == 0 {
				want = nil
			}
			got := bv.View.Contiguous().Data()
			if len(got) == 0 {
				got = nil
			}
			require.Equal(t, want, got, "Contiguous")
			c := bv.View.Clone()
			require.Equal(t, bv.View.Shape(), c.Shape())
			dst := tensor.Must(tensor.New[bool](bv.View.Shape()...))
			require.NoError(t, bv.View.CopyTo(dst.Data()))
			require.Equal(t, c.Data(), dst.Data(), "CopyTo")
			back := tensor.Must(tensor.New[bool](bv.View.Shape()...))
			require.NoError(t, back.View().CopyFrom(bv.View))
			require.Equal(t, c.Data(), back.Data(), "CopyFrom")
		})
	}
	data := make([]bool, 12)
	v := testkit.View(t, data, []int{3, 2}, []int{4, 2}, 1)
	require.NoError(t, v.Fill(true))
	assert.Equal(t, []bool{false, true, false, true, false, true, false, true, false, true, false, true}, data)
	tr := tensor.Must(tensor.Must(tensor.FromSlice([]bool{true, false, false, true, true, false}, 2, 3)).Transpose(0, 1))
	assert.Equal(t, "tensor.Must(tensor.FromSlice([]bool{true, true, false, true, false, false}, 3, 2))", fmt.Sprintf("%#v", tr))
	assert.Equal(t, "[[ True  True]\n [False  True]\n [False False]]", fmt.Sprint(tr))
	x, err := tensor.Must(tensor.Full(true)).Item()
	require.NoError(t, err)
	assert.True(t, x)
}
