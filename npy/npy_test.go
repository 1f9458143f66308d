package npy_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/exp/constraints"

	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/npy"
	"github.com/tessera-go/tessera/tensor"
)

// fixture is one entry of testdata/fixtures.json, written by testdata/gen.py.
type fixture struct {
	File    string            `json:"file"`
	Descr   string            `json:"descr"`
	Shape   []int             `json:"shape"`
	Fortran bool              `json:"fortran_order"`
	Version string            `json:"version"`
	Values  []json.RawMessage `json:"values"` // C order; complex as [re, im]
}

func loadFixtures(t testing.TB) []fixture {
	b, err := os.ReadFile(filepath.Join("testdata", "fixtures.json"))
	require.NoError(t, err)
	var fx []fixture
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	require.NoError(t, d.Decode(&fx))
	require.NotEmpty(t, fx)
	return fx
}

func ints[T constraints.Signed](t *testing.T, raw []json.RawMessage) []T {
	out := make([]T, len(raw))
	for i, r := range raw {
		var zero T
		x, err := strconv.ParseInt(string(r), 10, int(8*sizeOf(zero)))
		require.NoError(t, err)
		out[i] = T(x)
	}
	return out
}

func uints[T constraints.Unsigned](t *testing.T, raw []json.RawMessage) []T {
	out := make([]T, len(raw))
	for i, r := range raw {
		var zero T
		x, err := strconv.ParseUint(string(r), 10, int(8*sizeOf(zero)))
		require.NoError(t, err)
		out[i] = T(x)
	}
	return out
}

func floats[T constraints.Float](t *testing.T, raw []json.RawMessage) []T {
	out := make([]T, len(raw))
	for i, r := range raw {
		x, err := strconv.ParseFloat(string(r), 64)
		require.NoError(t, err)
		out[i] = T(x)
	}
	return out
}

func bools(t *testing.T, raw []json.RawMessage) []bool {
	out := make([]bool, len(raw))
	for i, r := range raw {
		require.NoError(t, json.Unmarshal(r, &out[i]))
	}
	return out
}

func complexes[T constraints.Complex](t *testing.T, raw []json.RawMessage) []T {
	out := make([]T, len(raw))
	for i, r := range raw {
		var pair [2]float64
		require.NoError(t, json.Unmarshal(r, &pair))
		out[i] = T(complex(pair[0], pair[1]))
	}
	return out
}

func sizeOf[T any](x T) uintptr {
	switch any(x).(type) {
	case int8, uint8:
		return 1
	case int16, uint16:
		return 2
	case int32, uint32:
		return 4
	}
	return 8
}

// checkAll runs check with the fixture's values as the Go type that matches
// its dtype.
func checkAll(t *testing.T, fx fixture, check func(t *testing.T, fx fixture, typed any)) {
	switch fx.Descr[1:] {
	case "f4":
		check(t, fx, floats[float32](t, fx.Values))
	case "f8":
		check(t, fx, floats[float64](t, fx.Values))
	case "i1":
		check(t, fx, ints[int8](t, fx.Values))
	case "i2":
		check(t, fx, ints[int16](t, fx.Values))
	case "i4":
		check(t, fx, ints[int32](t, fx.Values))
	case "i8":
		check(t, fx, ints[int64](t, fx.Values))
	case "u1":
		check(t, fx, uints[uint8](t, fx.Values))
	case "u2":
		check(t, fx, uints[uint16](t, fx.Values))
	case "u4":
		check(t, fx, uints[uint32](t, fx.Values))
	case "u8":
		check(t, fx, uints[uint64](t, fx.Values))
	case "c8":
		check(t, fx, complexes[complex64](t, fx.Values))
	case "c16":
		check(t, fx, complexes[complex128](t, fx.Values))
	case "b1":
		check(t, fx, bools(t, fx.Values))
	default:
		t.Fatalf("fixture %s: unknown dtype %s", fx.File, fx.Descr)
	}
}

// rowMajor returns the elements of v in row-major order, through At.
func rowMajor[T tensor.Element](v tensor.View[T]) []T {
	out := make([]T, 0, v.Size())
	shape := v.Shape()
	idx := make([]int, len(shape))
	for n := v.Size(); n > 0; n-- {
		out = append(out, v.At(idx...))
		for k := len(idx) - 1; k >= 0; k-- {
			idx[k]++
			if idx[k] < shape[k] {
				break
			}
			idx[k] = 0
		}
	}
	return out
}

// checkView checks shape, order and values of a view read from fx.
func checkView[T tensor.Element](t *testing.T, fx fixture, v tensor.View[T], want []T) {
	t.Helper()
	assert.Equal(t, fx.Shape, v.Shape())
	assert.Equal(t, want, rowMajor(v))
	c := v.Contiguous()
	assert.Equal(t, want, c.Data()[:len(want)])
	if fx.Fortran {
		assert.True(t, v.IsColumnMajor(), "fortran file must load column-major")
		wantL, err := layout.ColumnMajor(fx.Shape...)
		require.NoError(t, err)
		assert.Equal(t, wantL.Strides(), v.Strides())
		if len(fx.Shape) >= 2 && fx.Shape[0] > 1 && fx.Shape[1] > 1 {
			assert.False(t, v.IsContiguous())
		}
	} else {
		assert.True(t, v.IsContiguous())
	}
	// Fortran data is not copied: the buffer holds the elements in F order.
	assert.Equal(t, v.Size(), len(v.Data()))
	assert.Equal(t, 0, v.Offset())
}

func readAll[T tensor.Element](t *testing.T, fx fixture, want []T) {
	path := filepath.Join("testdata", fx.File)
	v, err := npy.Load[T](path)
	require.NoError(t, err)
	checkView(t, fx, v, want)

	b, err := os.ReadFile(path)
	require.NoError(t, err)
	r := bytes.NewReader(b)
	v, err = npy.Read[T](r)
	require.NoError(t, err)
	checkView(t, fx, v, want)
	assert.Equal(t, 0, r.Len(), "Read must consume the whole array")

	// One byte at a time, as from a slow pipe.
	v, err = npy.Read[T](iotestOneByte{bytes.NewReader(b)})
	require.NoError(t, err)
	checkView(t, fx, v, want)

	// Every truncation fails with ErrTruncated, never panics.
	for _, cut := range []int{0, 5, 9, 20, len(b) - 1} {
		if cut >= len(b) || (cut == len(b)-1 && len(want) == 0) {
			continue
		}
		_, err = npy.Read[T](bytes.NewReader(b[:cut]))
		require.ErrorIs(t, err, npy.ErrTruncated, "cut at %d", cut)
		short := filepath.Join(t.TempDir(), "short.npy")
		require.NoError(t, os.WriteFile(short, b[:cut], 0o644))
		_, err = npy.Load[T](short)
		require.ErrorIs(t, err, npy.ErrTruncated, "cut at %d", cut)
		_, err = npy.Map[T](short)
		if !errors.Is(err, npy.ErrDType) || fx.Descr[0] != '>' {
			require.ErrorIs(t, err, npy.ErrTruncated, "cut at %d", cut)
		}
	}

	// Map gives the same view when the file is in native byte order.
	m, err := npy.Map[T](path)
	if fx.Descr[0] == '>' && fx.Descr[1:] != "i1" && fx.Descr[1:] != "u1" {
		require.ErrorIs(t, err, npy.ErrDType)
		assert.Contains(t, err.Error(), "npy: Map: file dtype "+fx.Descr+" is not in native byte order")
		return
	}
	require.NoError(t, err)
	checkView(t, fx, m.View(), want)
	if i := slices.IndexFunc(want, func(x T) bool { return x != want[0] }); i > 0 {
		// Writes are private to the process.
		idx := make([]int, len(fx.Shape))
		m.View().Set(want[i], idx...)
	}
	require.NoError(t, m.Close())
	require.NoError(t, m.Close())
	assert.Equal(t, 0, m.View().Size())
	again, err := npy.Load[T](path)
	require.NoError(t, err)
	checkView(t, fx, again, want)

	// Go writes, Go reads.
	var buf bytes.Buffer
	require.NoError(t, npy.Write(&buf, v))
	var zero T
	assert.Equal(t, 0, (buf.Len()-len(want)*int(unsafe.Sizeof(zero)))%64, "data must start at a multiple of 64")
	back, err := npy.Read[T](&buf)
	require.NoError(t, err)
	checkView(t, fixture{Shape: fx.Shape, Fortran: fx.Fortran && !v.IsContiguous()}, back, want)
}

type iotestOneByte struct{ r io.Reader }

func (o iotestOneByte) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	return o.r.Read(p[:1])
}

func TestFixtures(t *testing.T) {
	fxs := loadFixtures(t)
	versions := map[string]bool{}
	fortran := 0
	for _, fx := range fxs {
		versions[fx.Version] = true
		if fx.Fortran {
			fortran++
		}
		t.Run(fx.File, func(t *testing.T) {
			checkAll(t, fx, func(t *testing.T, fx fixture, typed any) {
				switch want := typed.(type) {
				case []float32:
					readAll(t, fx, want)
				case []float64:
					readAll(t, fx, want)
				case []int8:
					readAll(t, fx, want)
				case []int16:
					readAll(t, fx, want)
				case []int32:
					readAll(t, fx, want)
				case []int64:
					readAll(t, fx, want)
				case []uint8:
					readAll(t, fx, want)
				case []uint16:
					readAll(t, fx, want)
				case []uint32:
					readAll(t, fx, want)
				case []uint64:
					readAll(t, fx, want)
				case []complex64:
					readAll(t, fx, want)
				case []complex128:
					readAll(t, fx, want)
				case []bool:
					readAll(t, fx, want)
				}
			})
		})
	}
	assert.Equal(t, map[string]bool{"1.0": true, "2.0": true, "3.0": true}, versions)
	assert.GreaterOrEqual(t, fortran, 24)
}

func TestFixturesWrongType(t *testing.T) {
	for _, fx := range loadFixtures(t) {
		path := filepath.Join("testdata", fx.File)
		if fx.Descr[1:] != "f4" {
			_, err := npy.Load[float32](path)
			require.ErrorIs(t, err, npy.ErrDType, fx.File)
			assert.Contains(t, err.Error(), "npy: Load: file dtype "+fx.Descr+" does not match float32 (<f4)")
			_, err = npy.Map[float32](path)
			require.ErrorIs(t, err, npy.ErrDType, fx.File)
		}
		if fx.Descr[1:] != "u8" {
			_, err := npy.Load[uint64](path)
			require.ErrorIs(t, err, npy.ErrDType, fx.File)
		}
	}
}

func TestDTypeMessage(t *testing.T) {
	_, err := npy.Read[float32](mustOpen(t, "f8_c_2d.npy"))
	require.ErrorIs(t, err, npy.ErrDType)
	assert.EqualError(t, err, "npy: Read: file dtype <f8 does not match float32 (<f4)")
}

func mustOpen(t *testing.T, name string) io.Reader {
	b, err := os.ReadFile(filepath.Join("testdata", name))
	require.NoError(t, err)
	return bytes.NewReader(b)
}

func TestGoIntTypes(t *testing.T) {
	if strconv.IntSize != 64 {
		t.Skip("int is not 64 bits")
	}
	v, err := npy.Load[int]("testdata/i8_c_2d.npy")
	require.NoError(t, err)
	w, err := npy.Load[int64]("testdata/i8_c_2d.npy")
	require.NoError(t, err)
	for i := range w.Data() {
		assert.Equal(t, w.Data()[i], int64(v.Data()[i]))
	}
	_, err = npy.Load[uint]("testdata/u8_f_3d.npy")
	require.NoError(t, err)
	_, err = npy.Load[uintptr]("testdata/u8_f_3d.npy")
	require.NoError(t, err)
	_, err = npy.Load[int]("testdata/i4_c_2d.npy")
	assert.EqualError(t, err, "npy: Load: file dtype <i4 does not match int (<i8)")

	type celsius float32
	c, err := npy.Load[celsius]("testdata/f4_c_2d.npy")
	require.NoError(t, err)
	assert.Equal(t, celsius(-2.25), c.At(0, 0))
}

func TestUnsupportedDTypes(t *testing.T) {
	for name, msg := range map[string]string{
		"struct.npy":     "structured dtypes are not supported",
		"unicode_U3.npy": `unsupported dtype "<U3"`,
	} {
		_, err := npy.Load[float64](filepath.Join("testdata", name))
		require.ErrorIs(t, err, npy.ErrDType, name)
		assert.Contains(t, err.Error(), "npy: Load: "+msg)
		_, err = npy.Read[uint8](mustOpen(t, name))
		require.ErrorIs(t, err, npy.ErrDType, name)
	}
}

func TestFortranWithoutCopy(t *testing.T) {
	v, err := npy.Load[float64]("testdata/f8_f_2d.npy")
	require.NoError(t, err)
	assert.False(t, v.IsContiguous())
	assert.True(t, v.IsColumnMajor())
	assert.Equal(t, []int{1, 3}, v.Strides())
	c := v.Contiguous()
	assert.Equal(t, []int{3, 4}, c.Shape())
	assert.True(t, c.View().IsContiguous())
	assert.Equal(t, rowMajor(v), c.Data())
}

// views returns views of a 3x4 float64 tensor 0..11 with various layouts,
// and their row-major elements.
func views(t *testing.T) map[string]tensor.View[float64] {
	base := tensor.Must(tensor.Arange[float64](24))
	data := base.Data()
	mk := func(l layout.Layout, err error) tensor.View[float64] {
		require.NoError(t, err)
		return tensor.Must(tensor.NewView(data, l))
	}
	rm := tensor.Must(layout.RowMajor(3, 4))
	out := map[string]tensor.View[float64]{
		"row major":     mk(layout.RowMajor(3, 4)),
		"column major":  mk(layout.ColumnMajor(3, 4)),
		"offset":        mk(layout.Strided([]int{3, 4}, []int{4, 1}, 5)),
		"f offset":      mk(layout.Strided([]int{3, 4}, []int{1, 3}, 7)),
		"transposed":    mk(rm.Permute(1, 0)),
		"sliced":        mk(rm.Slice(1, 1, 4, 2)),
		"flipped":       mk(rm.Flip(0)),
		"expanded":      mk(layout.Strided([]int{3, 4}, []int{0, 1}, 2)),
		"rank 0":        mk(layout.Strided(nil, nil, 9)),
		"empty":         mk(layout.RowMajor(0, 3)),
		"empty f":       mk(layout.ColumnMajor(4, 0, 2)),
		"vector":        mk(layout.RowMajor(24)),
		"strided vec":   mk(layout.Strided([]int{5}, []int{-3}, 20)),
		"3d f":          mk(layout.ColumnMajor(2, 3, 4)),
		"3d permuted":   mk(tensor.Must(layout.RowMajor(2, 3, 4)).Permute(2, 0, 1)),
		"size-1 dims":   mk(layout.Strided([]int{1, 4, 1}, []int{99, 1, 7}, 0)),
		"zero value":    {},
		"column vector": mk(layout.ColumnMajor(6, 1)),
	}
	return out
}

func TestRoundTrip(t *testing.T) {
	for name, v := range views(t) {
		t.Run(name, func(t *testing.T) {
			want := rowMajor(v)
			var buf bytes.Buffer
			require.NoError(t, npy.Write(&buf, v))
			b := buf.Bytes()
			assert.Equal(t, 0, (len(b)-8*len(want))%64, "header must be padded to 64 bytes")
			got, err := npy.Read[float64](bytes.NewReader(b))
			require.NoError(t, err)
			assert.Equal(t, v.Shape(), got.Shape())
			assert.Equal(t, want, rowMajor(got))
			fortran := v.IsColumnMajor() && !v.IsContiguous()
			assert.Equal(t, fortran, got.IsColumnMajor() && !got.IsContiguous())
			assert.Contains(t, string(b[:80]), "'fortran_order': "+map[bool]string{false: "False", true: "True"}[fortran])

			path := filepath.Join(t.TempDir(), "a.npy")
			require.NoError(t, npy.Save(path, v))
			onDisk, err := os.ReadFile(path)
			require.NoError(t, err)
			assert.Equal(t, b, onDisk)
			got, err = npy.Load[float64](path)
			require.NoError(t, err)
			assert.Equal(t, want, rowMajor(got))
			m, err := npy.Map[float64](path)
			require.NoError(t, err)
			assert.Equal(t, want, rowMajor(m.View()))
			require.NoError(t, m.Close())
		})
	}
}

func TestRoundTripTypes(t *testing.T) {
	roundTrip(t, []int8{-128, 0, 127, 5})
	roundTrip(t, []uint8{0, 255, 7, 9})
	roundTrip(t, []int16{-32768, 32767, 1, 2})
	roundTrip(t, []uint16{65535, 0, 1, 2})
	roundTrip(t, []int32{-1 << 31, 1<<31 - 1, 3, 4})
	roundTrip(t, []uint32{1<<32 - 1, 0, 3, 4})
	roundTrip(t, []int64{-1 << 63, 1<<63 - 1, 3, 4})
	roundTrip(t, []uint64{1<<64 - 1, 0, 3, 4})
	roundTrip(t, []int{-1, 1 << 30, 3, 4})
	roundTrip(t, []float32{1.5, -2, 3e38, 1e-45})
	roundTrip(t, []float64{1.5, -2, 1e308, 5e-324})
	roundTrip(t, []complex64{1 + 2i, -3i, 4, 0})
	roundTrip(t, []complex128{1 + 2i, -3i, 4, 1e300i})
}

func roundTrip[T tensor.Element](t *testing.T, data []T) {
	v := tensor.Must(tensor.FromSlice(data, 2, 2)).View()
	var buf bytes.Buffer
	require.NoError(t, npy.Write(&buf, v))
	got, err := npy.Read[T](&buf)
	require.NoError(t, err)
	assert.Equal(t, data, got.Data())
}

func TestConcatenatedArrays(t *testing.T) {
	var buf bytes.Buffer
	for i := range 3 {
		v := tensor.Must(tensor.Full[int32](int32(i), i+1, 2)).View()
		require.NoError(t, npy.Write(&buf, v))
	}
	for i := range 3 {
		v, err := npy.Read[int32](&buf)
		require.NoError(t, err)
		assert.Equal(t, []int{i + 1, 2}, v.Shape())
		assert.Equal(t, int32(i), v.At(i, 1))
	}
	_, err := npy.Read[int32](&buf)
	assert.ErrorIs(t, err, npy.ErrTruncated)
}

type failWriter struct{ n int }

func (w *failWriter) Write(p []byte) (int, error) {
	if w.n < len(p) {
		return w.n, errors.New("disk full")
	}
	w.n -= len(p)
	return len(p), nil
}

type failReader struct{}

func (failReader) Read([]byte) (int, error) { return 0, errors.New("network down") }

func TestIOErrors(t *testing.T) {
	v := views(t)["row major"]
	err := npy.Write(&failWriter{0}, v)
	assert.EqualError(t, err, "npy: Write: writing header: disk full")
	err = npy.Write(&failWriter{128}, v)
	assert.EqualError(t, err, "npy: Write: writing data: disk full")

	_, err = npy.Read[float64](failReader{})
	assert.EqualError(t, err, "npy: Read: reading magic string and version: network down")

	_, err = npy.Load[float64]("testdata/no-such-file.npy")
	assert.ErrorIs(t, err, os.ErrNotExist)
	assert.True(t, strings.HasPrefix(err.Error(), "npy: Load: "), err.Error())
	_, err = npy.Map[float64]("testdata/no-such-file.npy")
	assert.ErrorIs(t, err, os.ErrNotExist)
	assert.True(t, strings.HasPrefix(err.Error(), "npy: Map: "), err.Error())

	err = npy.Save(filepath.Join(t.TempDir(), "no", "dir.npy"), v)
	assert.ErrorIs(t, err, os.ErrNotExist)
	assert.True(t, strings.HasPrefix(err.Error(), "npy: Save: "), err.Error())
}

// header returns a version 1.0 file with the given header dictionary and
// data, padded like NumPy pads it.
func header(dict string, data []byte) []byte {
	for (10+len(dict)+1)%64 != 0 {
		dict += " "
	}
	n := len(dict) + 1
	b := append([]byte("\x93NUMPY\x01\x00"), byte(n), byte(n>>8))
	b = append(b, dict...)
	b = append(b, '\n')
	return append(b, data...)
}

// hugeDim is a dimension whose float64 data fits in an int of bytes and
// far exceeds memory on 64-bit systems.
var hugeDim = map[bool]int{true: 1 << 40 >> (64 - strconv.IntSize), false: 200000000}[strconv.IntSize == 64]

func TestHostileFiles(t *testing.T) {
	tests := []struct {
		name string
		file []byte
		err  error
		msg  string
	}{
		{"huge shape short data", header(fmt.Sprintf("{'descr': '<f8', 'fortran_order': False, 'shape': (%d,)}", hugeDim), make([]byte, 100)),
			npy.ErrTruncated, fmt.Sprintf("npy: Read: data truncated: got 100 of %d bytes for shape [%d] of <f8", 8*hugeDim, hugeDim)},
		{"overflowing shape", header("{'descr': '<f8', 'fortran_order': False, 'shape': (4611686018427387904, 4)}", nil),
			npy.ErrFormat, "overflows int"},
		{"overflow with zero", header("{'descr': '<f8', 'fortran_order': False, 'shape': (0, 4611686018427387904, 4)}", nil),
			npy.ErrFormat, "overflows int"},
		{"overflow by item size", header("{'descr': '<f8', 'fortran_order': False, 'shape': (1152921504606846976,)}", nil),
			npy.ErrFormat, "overflows int"},
		{"negative", header("{'descr': '<f8', 'fortran_order': False, 'shape': (-1,)}", nil),
			npy.ErrFormat, "negative shape dimension -1"},
		{"garbage header", header("garbage", nil), npy.ErrFormat, "malformed header"},
		{"wrong type", header("{'descr': '<i8', 'fortran_order': False, 'shape': (1,)}", make([]byte, 8)),
			npy.ErrDType, "file dtype <i8 does not match float64 (<f8)"},
		{"short data", header("{'descr': '<f8', 'fortran_order': True, 'shape': (2, 2)}", make([]byte, 31)),
			npy.ErrTruncated, "got 31 of 32 bytes"},
		{"huge shape no data 2d", header(fmt.Sprintf("{'descr': '<f8', 'fortran_order': True, 'shape': (2, %d)}", hugeDim/2), nil),
			npy.ErrTruncated, fmt.Sprintf("got 0 of %d bytes", 8*hugeDim)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := npy.Read[float64](bytes.NewReader(tt.file))
			require.ErrorIs(t, err, tt.err)
			assert.Contains(t, err.Error(), tt.msg)
			path := filepath.Join(t.TempDir(), "hostile.npy")
			require.NoError(t, os.WriteFile(path, tt.file, 0o644))
			_, err = npy.Load[float64](path)
			require.ErrorIs(t, err, tt.err)
			_, err = npy.Map[float64](path)
			require.ErrorIs(t, err, tt.err)
		})
	}
}

func TestMapMisaligned(t *testing.T) {
	// A hand-made header of 13 bytes puts the data at offset 23.
	b := header("{'descr': '<f8', 'fortran_order': False, 'shape': (2,)}", make([]byte, 16))
	b = append(b[:10:10], append([]byte("  "), b[10:]...)...)
	n := int(b[8]) + 2
	b[8] = byte(n)
	require.NotZero(t, (10+n)%8)
	path := filepath.Join(t.TempDir(), "odd.npy")
	require.NoError(t, os.WriteFile(path, b, 0o644))
	_, err := npy.Map[float64](path)
	require.ErrorIs(t, err, npy.ErrFormat)
	assert.EqualError(t, err, fmt.Sprintf("npy: Map: data offset 130 is not a multiple of the %d-byte alignment of <f8", unsafe.Alignof(float64(0))))
	v, err := npy.Load[float64](path)
	require.NoError(t, err)
	assert.Equal(t, []float64{0, 0}, v.Data())
}

func TestReadAllocatesAsDataArrives(t *testing.T) {
	file := header(fmt.Sprintf("{'descr': '<f8', 'fortran_order': False, 'shape': (%d,)}", hugeDim), make([]byte, 3<<20))
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err := npy.Read[float64](bytes.NewReader(file))
	runtime.ReadMemStats(&after)
	require.ErrorIs(t, err, npy.ErrTruncated)
	assert.Contains(t, err.Error(), fmt.Sprintf("got 3145728 of %d bytes", 8*hugeDim))
	assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(32<<20), "allocated far more than the input holds")
}

func TestLongVersion2Header(t *testing.T) {
	// NumPy writes version 2.0 when the header exceeds 65535 bytes; here the
	// padding makes it so.
	dict := "{'descr': '>i2', 'shape': (3,), 'fortran_order': False,}" + strings.Repeat(" ", 70000)
	for (12+len(dict)+1)%64 != 0 {
		dict += " "
	}
	n := len(dict) + 1
	b := append([]byte("\x93NUMPY\x02\x00"), byte(n), byte(n>>8), byte(n>>16), byte(n>>24))
	b = append(b, dict...)
	b = append(b, '\n', 0, 1, 0xff, 0xfe, 0x7f, 0xff)
	v, err := npy.Read[int16](bytes.NewReader(b))
	require.NoError(t, err)
	assert.Equal(t, []int16{1, -2, 32767}, v.Data())

	path := filepath.Join(t.TempDir(), "v2.npy")
	require.NoError(t, os.WriteFile(path, b, 0o644))
	_, err = npy.Map[int16](path)
	assert.ErrorIs(t, err, npy.ErrDType)
	b[12+11] = '<'
	require.Equal(t, "{'descr': '<i2'", string(b[12:12+15]))
	require.NoError(t, os.WriteFile(path, b, 0o644))
	m, err := npy.Map[int16](path)
	require.NoError(t, err)
	assert.Equal(t, []int16{256, -257, -129}, m.View().Data())
	require.NoError(t, m.Close())
}
