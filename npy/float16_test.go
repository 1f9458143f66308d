package npy_test

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tessera-go/tessera/npy"
	"github.com/tessera-go/tessera/tensor"
)

// The float16 fixtures were written by testdata/gen_f16.py with NumPy.

// TestFloat16Read checks that every float16 bit pattern reads into float32
// and float64 as NumPy converts it, NaN payloads included, through Load,
// Read and an archive's Get.
func TestFloat16Read(t *testing.T) {
	want, err := npy.Load[float32]("testdata/f2_all_f4.npy")
	require.NoError(t, err)
	got, err := npy.Load[float32]("testdata/f2_all.npy")
	require.NoError(t, err)
	require.Equal(t, want.Shape(), got.Shape())
	for i, w := range want.Data() {
		if g := got.Data()[i]; math.Float32bits(g) != math.Float32bits(w) {
			t.Fatalf("float16 bits %#04x: got float32 %#08x, want %#08x", i, math.Float32bits(g), math.Float32bits(w))
		}
	}
	got64, err := npy.Read[float64](mustOpen(t, "f2_all.npy"))
	require.NoError(t, err)
	for i, w := range want.Data() {
		if g := got64.Data()[i]; math.Float64bits(g) != math.Float64bits(float64(w)) && !(g != g && w != w) {
			t.Fatalf("float16 bits %#04x: got float64 %v, want %v", i, g, w)
		}
	}

	// Big-endian, Fortran order.
	be, err := npy.Load[float64]("testdata/f2_be.npy")
	require.NoError(t, err)
	assert.True(t, be.IsColumnMajor())
	wantBE, err := npy.Load[float64]("testdata/f2_be_f8.npy")
	require.NoError(t, err)
	assert.Equal(t, wantBE.Data(), be.Contiguous().Data())

	// Through an archive.
	path := filepath.Join(t.TempDir(), "h.npz")
	half, err := npy.Load[float32]("testdata/f2_all.npy")
	require.NoError(t, err)
	require.NoError(t, npy.SavezCompressed(path, npy.Named("h", half, npy.Float16())))
	a, err := npy.OpenArchive(path)
	require.NoError(t, err)
	defer a.Close()
	h, err := a.Header("h")
	require.NoError(t, err)
	assert.Equal(t, "float32", h.Type)
	back, err := npy.Get[float32](a, "h")
	require.NoError(t, err)
	for i, w := range want.Data() {
		if math.Float32bits(back.Data()[i]) != math.Float32bits(w) {
			t.Fatalf("archive round trip of float16 bits %#04x: got %#08x", i, math.Float32bits(back.Data()[i]))
		}
	}
}

// TestFloat16Refused checks the errors of float16 data read into a type
// other than float32 and float64, mapped, or limited by MaxBytes, and of
// Float16 on data that is not float.
func TestFloat16Refused(t *testing.T) {
	_, err := npy.Load[int32]("testdata/f2_all.npy")
	require.ErrorIs(t, err, npy.ErrDType)
	assert.EqualError(t, err, "npy: Load: file dtype <f2 (float16) reads into float32 or float64 only, not int32")
	_, err = npy.Load[complex64]("testdata/f2_all.npy")
	require.ErrorIs(t, err, npy.ErrDType)
	m, err := npy.Map[float32]("testdata/f2_all.npy")
	if err == nil {
		m.Close()
	}
	require.ErrorIs(t, err, npy.ErrDType)
	assert.Contains(t, err.Error(), "cannot be mapped; use Load")
	_, err = npy.Load[float32]("testdata/f2_all.npy", npy.MaxBytes(65536*4-1))
	require.ErrorIs(t, err, npy.ErrTooLarge)
	_, err = npy.Load[float32]("testdata/f2_all.npy", npy.MaxBytes(65536*4))
	require.NoError(t, err)

	var buf bytes.Buffer
	ints := tensor.Must(tensor.Arange[int32](4))
	err = npy.Write(&buf, ints, npy.Float16())
	require.ErrorIs(t, err, npy.ErrDType)
	assert.EqualError(t, err, "npy: Write: Float16 stores float32 or float64 data, not int32")
	assert.Zero(t, buf.Len(), "nothing written on error")
}

// TestFloat16Write checks that Float16 rounds float32 and float64 values
// as NumPy's astype(np.float16) does (ties to even, overflow to Inf,
// underflow to zero, NaN payloads), for contiguous and strided views.
func TestFloat16Write(t *testing.T) {
	for _, name := range []string{"f4", "f8"} {
		bits, err := npy.Load[uint16]("testdata/" + name + "_to_f2_bits.npy")
		require.NoError(t, err)
		var got []float32
		var back tensor.View[float32]
		var buf bytes.Buffer
		if name == "f4" {
			in, err := npy.Load[float32]("testdata/f4_to_f2_in.npy")
			require.NoError(t, err)
			require.NoError(t, npy.Write(&buf, in, npy.Float16()))
		} else {
			in, err := npy.Load[float64]("testdata/f8_to_f2_in.npy")
			require.NoError(t, err)
			require.NoError(t, npy.Write(&buf, in, npy.Float16()))
		}
		back, err = npy.Read[float32](&buf)
		require.NoError(t, err)
		got = back.Data()
		require.Len(t, got, bits.Size())
		// Compare the float16 values NumPy gave, read through the same
		// (separately checked) conversion to float32.
		all, err := npy.Load[float32]("testdata/f2_all_f4.npy")
		require.NoError(t, err)
		for i, b := range bits.Data() {
			w := all.Data()[b]
			if math.Float32bits(got[i]) != math.Float32bits(w) {
				t.Fatalf("%s element %d: got float16 as %v (%#08x), NumPy %v (bits %#04x)", name, i, got[i], math.Float32bits(got[i]), w, b)
			}
		}
	}

	// A strided (flipped) view goes through the block buffer.
	m := tensor.Must(tensor.FromSlice([]float64{1, 2.5, 65520, -1e-8, 3, 0.1}, 2, 3))
	mt := tensor.Must(m.Flip(1))
	path := filepath.Join(t.TempDir(), "t.npy")
	require.NoError(t, npy.Save(path, mt, npy.Float16()))
	h, err := npy.Inspect(path)
	require.NoError(t, err)
	assert.Equal(t, "<f2", h.DType)
	assert.Equal(t, []int{2, 3}, h.Shape)
	st, err := os.Stat(path)
	require.NoError(t, err)
	assert.Equal(t, h.DataOffset+12, st.Size(), "2 bytes an element")
	r, err := npy.Load[float64](path)
	require.NoError(t, err)
	assert.Equal(t, []float64{math.Inf(1), 2.5, 1, 0.0999755859375, 3, 0}, r.Data())
	assert.True(t, math.Signbit(r.At(1, 2)), "-1e-8 rounds to -0")
}

// TestSavez checks that Savez writes its entries, of several element
// types, Tensors and Views, in the order given, and that a bad entry
// leaves the old file.
func TestSavez(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "run.npz")
	w := tensor.Must(tensor.FromSlice([]float32{1, 2, 3, 4, 5, 6}, 2, 3))
	wt := tensor.Must(w.Transpose(0, 1))
	labels := tensor.Must(tensor.Arange[int64](3))
	require.NoError(t, npy.Savez(path, npy.Named("weights", w), npy.Named("wt", wt), npy.Named("labels", labels)))
	a, err := npy.OpenArchive(path)
	require.NoError(t, err)
	assert.Equal(t, []string{"weights", "wt", "labels"}, a.Names())
	gw, err := npy.Get[float32](a, "weights")
	require.NoError(t, err)
	assert.Equal(t, w.Data(), gw.Data())
	gt, err := npy.Get[float32](a, "wt")
	require.NoError(t, err)
	assert.Equal(t, wt.Contiguous().Data(), gt.Contiguous().Data())
	gl, err := npy.Get[int64](a, "labels")
	require.NoError(t, err)
	assert.Equal(t, labels.Data(), gl.Data())
	require.NoError(t, a.Close())

	before, err := os.ReadFile(path)
	require.NoError(t, err)
	err = npy.SavezCompressed(path, npy.Named("x", w), npy.Named("x", labels))
	require.ErrorIs(t, err, npy.ErrName)
	assert.EqualError(t, err, `npy: SavezCompressed: array "x" put twice`)
	err = npy.Savez(path, npy.Named("x", w), npy.Entry{})
	require.ErrorIs(t, err, npy.ErrName)
	assert.EqualError(t, err, "npy: Savez: entry 1 is the zero Entry: make entries with Named")
	after, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, before, after, "a failed Savez leaves the old file")

	require.NoError(t, npy.Savez(path))
	a, err = npy.OpenArchive(path)
	require.NoError(t, err)
	assert.Empty(t, a.Names())
	require.NoError(t, a.Close())
}
