package npy_test

import (
	"encoding/json"
	"fmt"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tessera-go/tessera/npy"
	"github.com/tessera-go/tessera/tensor"
)

// python returns a Python interpreter that has NumPy, or skips the test.
// CI does not need one: the fixtures NumPy wrote are committed.
func python(t *testing.T) string {
	for _, name := range []string{"python3", "/usr/bin/python3"} {
		path, err := exec.LookPath(name)
		if err != nil {
			continue
		}
		if exec.Command(path, "-c", "import numpy").Run() == nil {
			return path
		}
	}
	t.Skip("no python3 with numpy")
	return ""
}

// numpyReads is the script that loads each file named on the command line
// and prints, as JSON: dtype, shape, whether the array is Fortran ordered,
// and its values in C order (complex as [re, im]).
const numpyReads = `
import json, sys
import numpy as np
out = []
for path in sys.argv[1:]:
    a = np.load(path)
    flat = a.ravel(order="C")
    if a.dtype.kind == "c":
        vals = [[float(x.real), float(x.imag)] for x in flat]
    else:
        vals = [x.item() for x in flat]
    out.append({"descr": a.dtype.str, "shape": list(a.shape),
                "fortran": bool(a.flags.f_contiguous and not a.flags.c_contiguous),
                "values": vals})
print(json.dumps(out))
`

func TestNumPyReadsWhatGoWrites(t *testing.T) {
	py := python(t)
	dir := t.TempDir()
	var paths []string
	var want []map[string]any
	add := func(name string, descr string, shape []int, fortran bool, values []any, save func(path string) error) {
		path := filepath.Join(dir, name+".npy")
		require.NoError(t, save(path), name)
		paths = append(paths, path)
		want = append(want, map[string]any{"descr": descr, "shape": shape, "fortran": fortran, "values": values})
	}
	for name, v := range views(t) {
		values := []any{}
		for _, x := range rowMajor(v) {
			values = append(values, x)
		}
		fortran := v.IsColumnMajor() && !v.IsContiguous()
		add(name, "<f8", v.Shape(), fortran, values, func(p string) error { return npy.Save(p, v) })
	}
	i8 := tensor.Must(tensor.FromSlice([]int8{-128, 127, 0, 1, 2, 3}, 2, 3)).View()
	add("int8", "|i1", []int{2, 3}, false, []any{-128, 127, 0, 1, 2, 3}, func(p string) error { return npy.Save(p, i8) })
	u64 := tensor.Must(tensor.FromSlice([]uint64{1<<64 - 1, 0}, 2)).View()
	add("uint64", "<u8", []int{2}, false, []any{uint64(1<<64 - 1), 0}, func(p string) error { return npy.Save(p, u64) })
	c8 := tensor.Must(tensor.FromSlice([]complex64{1 + 2i, -0.5i}, 1, 2)).View()
	add("complex64", "<c8", []int{1, 2}, false, []any{[]float64{1, 2}, []float64{0, -0.5}}, func(p string) error { return npy.Save(p, c8) })
	mask := tensor.Must(tensor.Must(tensor.FromSlice([]bool{true, false, false, true, true, false}, 2, 3)).Transpose(0, 1))
	add("bool", "|b1", []int{3, 2}, true, []any{true, true, false, true, false, false}, func(p string) error { return npy.Save(p, mask) })

	out, err := exec.Command(py, append([]string{"-c", numpyReads}, paths...)...).CombinedOutput()
	require.NoError(t, err, "%s", out)
	var got []map[string]any
	require.NoError(t, json.Unmarshal(out, &got), "%s", out)
	require.Len(t, got, len(want))
	for i := range want {
		w, err := json.Marshal(want[i])
		require.NoError(t, err)
		var norm map[string]any
		require.NoError(t, json.Unmarshal(w, &norm))
		assert.Equal(t, norm, got[i], fmt.Sprint(filepath.Base(paths[i])))
	}
}
