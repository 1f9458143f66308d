package npy_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tessera-go/tessera/npy"
)

// TestInspect describes every NumPy-made fixture without knowing its type,
// and checks the header against what NumPy recorded in fixtures.json.
func TestInspect(t *testing.T) {
	raw, err := os.ReadFile("testdata/fixtures.json")
	require.NoError(t, err)
	var fx []struct {
		File    string `json:"file"`
		Descr   string `json:"descr"`
		Shape   []int  `json:"shape"`
		Fortran bool   `json:"fortran_order"`
		Version string `json:"version"`
	}
	require.NoError(t, json.Unmarshal(raw, &fx))
	require.NotEmpty(t, fx)
	types := map[string]string{"f4": "float32", "f8": "float64", "c8": "complex64", "c16": "complex128",
		"i1": "int8", "i2": "int16", "i4": "int32", "i8": "int64", "u1": "uint8", "u2": "uint16", "u4": "uint32", "u8": "uint64", "b1": "bool"}
	seen := 0
	for _, c := range fx {
		typ, ok := types[c.Descr[1:]]
		if !ok {
			continue // float16: below
		}
		seen++
		h, err := npy.Inspect(filepath.Join("testdata", c.File))
		require.NoError(t, err, c.File)
		assert.Equal(t, c.Descr, h.DType, c.File)
		assert.Equal(t, typ, h.Type, c.File)
		assert.Equal(t, c.Shape, append([]int{}, h.Shape...), c.File)
		assert.Equal(t, c.Fortran, h.Fortran, c.File)
		assert.Equal(t, int(c.Version[0]-'0'), h.Version, c.File)
		st, err := os.Stat(filepath.Join("testdata", c.File))
		require.NoError(t, err)
		assert.Equal(t, st.Size(), h.DataOffset+h.DataBytes(), "%s: header and data fill the file", c.File)
		f, err := os.Open(filepath.Join("testdata", c.File))
		require.NoError(t, err)
		h2, err := npy.ReadHeader(f)
		f.Close()
		require.NoError(t, err, c.File)
		assert.Equal(t, h, h2, c.File)
	}
	assert.Greater(t, seen, 20)

	_, err = npy.Inspect("testdata/unicode_U3.npy")
	assert.ErrorIs(t, err, npy.ErrDType)
	assert.Contains(t, err.Error(), "npy: Inspect: ")
	half, err := npy.Inspect("testdata/half_f2.npy")
	require.NoError(t, err)
	assert.Equal(t, "<f2", half.DType)
	assert.Equal(t, "float32", half.Type, "float16 reads into float32")

	// A file cut short in its data: Inspect compares the size.
	b, err := os.ReadFile("testdata/f8_c_2d.npy")
	require.NoError(t, err)
	short := filepath.Join(t.TempDir(), "short.npy")
	require.NoError(t, os.WriteFile(short, b[:len(b)-8], 0o600))
	_, err = npy.Inspect(short)
	assert.ErrorIs(t, err, npy.ErrTruncated)
	assert.Contains(t, err.Error(), "header declares")
	_, err = npy.Inspect(filepath.Join(t.TempDir(), "missing.npy"))
	assert.ErrorIs(t, err, os.ErrNotExist)
}
