package npy_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"

	"github.com/tessera-go/tessera/npy"
	"github.com/tessera-go/tessera/tensor"
)

// Inspect tells a program which type parameter to load a file with.
func ExampleInspect() {
	h, err := npy.Inspect("testdata/f4_f_2d.npy")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(h.DType, h.Type, h.Shape, h.Fortran, h.DataBytes())
	if h.Type == "float32" {
		v, err := npy.Load[float32]("testdata/f4_f_2d.npy")
		fmt.Println(v.Shape(), err)
	}
	// Output:
	// <f4 float32 [3 4] true 48
	// [3 4] <nil>
}

// An archive that NumPy's savez_compressed wrote.
func ExampleOpenArchive() {
	a, err := npy.OpenArchive("testdata/npz/savez_compressed.npz")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer a.Close()
	fmt.Println(a.Names())
	h, _ := a.Header("weights")
	fmt.Println(h.Type, h.Shape)
	w, err := npy.Get[float64](a, "weights")
	fmt.Println(w, err)
	// Output:
	// [weights counts z fortran big_endian scalar empty arr_0]
	// float64 [2 3]
	// [[0.   0.25 0.5 ]
	//  [0.75 1.   1.25]] <nil>
}

// SaveArchive writes a .npz file that np.load reads; a failure leaves
// any file at the path as it was.
func ExampleSaveArchive() {
	dir, err := os.MkdirTemp("", "npz")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "run.npz")
	w := tensor.Must(tensor.FromSlice([]float32{1, 2, 3, 4}, 2, 2))
	b := tensor.Must(tensor.FromSlice([]int64{7}, 1))
	err = npy.SaveArchive(path, true, func(aw *npy.ArchiveWriter) error {
		if err := npy.Put(aw, "w", w); err != nil {
			return err
		}
		return npy.Put(aw, "b", b)
	})
	fmt.Println(err)
	a, _ := npy.OpenArchive(path)
	defer a.Close()
	got, _ := npy.Get[float32](a, "w")
	fmt.Println(a.Names(), got)
	// Output:
	// <nil>
	// [w b] [[1. 2.]
	//  [3. 4.]]
}

// An archive can be written to any io.Writer and read from any
// io.ReaderAt.
func ExampleNewArchiveWriter() {
	var buf bytes.Buffer
	aw := npy.NewArchiveWriter(&buf, false) // stored, as np.savez
	x := tensor.Must(tensor.Arange[int32](3))
	if err := npy.Put(aw, "x", x); err != nil {
		fmt.Println(err)
		return
	}
	if err := aw.Close(); err != nil {
		fmt.Println(err)
		return
	}
	a, err := npy.NewArchive(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	if err != nil {
		fmt.Println(err)
		return
	}
	got, err := npy.Get[int32](a, "x")
	fmt.Println(got, err)
	_, err = npy.Get[int32](a, "y")
	fmt.Println(err)
	// Output:
	// [0 1 2] <nil>
	// npy: Get: no array named "y"; the archive holds ["x"]
}

// Load reads a whole file; the type parameter must match the file's dtype
// (Inspect tells it).
func ExampleLoad() {
	v, err := npy.Load[int32]("testdata/i4_c_2d.npy")
	fmt.Println(v, err)
	_, err = npy.Load[int64]("testdata/i4_c_2d.npy")
	fmt.Println(err)
	// Output:
	// [[-2147483648 -1073741814 -1073741807 -1073741800]
	//  [-1073741793 -1073741786 -1073741779 -1073741772]
	//  [-1073741765 -1073741758 -1073741751  2147483647]] <nil>
	// npy: Load: file dtype <i4 does not match int64 (<i8)
}

// Save a view in NumPy's format and read it back; a transposed view is
// written in Fortran order, straight from its buffer.
func Example() {
	dir, err := os.MkdirTemp("", "npy")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "m.npy")
	m := tensor.Must(tensor.FromSlice([]float64{1, 2, 3, 4, 5, 6}, 2, 3))
	if err := npy.Save(path, tensor.Must(m.Transpose(0, 1))); err != nil {
		fmt.Println(err)
		return
	}
	h, _ := npy.Inspect(path)
	fmt.Println(h.DType, h.Shape, h.Fortran)
	back, err := npy.Load[float64](path)
	fmt.Println(back, err)
	// Output:
	// <f8 [3 2] true
	// [[1. 4.]
	//  [2. 5.]
	//  [3. 6.]] <nil>
}

// Savez writes several arrays, of any element types, in one call: NumPy's
// savez(path, weights=w, labels=y).
func ExampleSavez() {
	dir, _ := os.MkdirTemp("", "npz")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "run.npz")
	w := tensor.Must(tensor.FromSlice([]float32{0.5, -1, 2, 4}, 2, 2))
	y := tensor.Must(tensor.Arange[int64](3))
	if err := npy.Savez(path, npy.Named("weights", w), npy.Named("labels", y)); err != nil {
		fmt.Println(err)
		return
	}
	a, _ := npy.OpenArchive(path)
	defer a.Close()
	labels, _ := npy.Get[int64](a, "labels")
	fmt.Println(a.Names(), labels)
	// Output: [weights labels] [0 1 2]
}

// Float16 stores float32 data as NumPy's float16, half the bytes, each
// value rounded to the nearest float16; it reads back into float32.
func ExampleFloat16() {
	var buf bytes.Buffer
	x := tensor.Must(tensor.FromSlice([]float32{1, 0.1, 65504, 70000, 1e-8}, 5))
	if err := npy.Write(&buf, x, npy.Float16()); err != nil {
		fmt.Println(err)
		return
	}
	h, _ := npy.ReadHeader(bytes.NewReader(buf.Bytes()))
	back, _ := npy.Read[float32](&buf)
	fmt.Println(h.DType, h.Type, back)
	// Output: <f2 float32 [1.0000000e+00 9.9975586e-02 6.5504000e+04           inf 0.0000000e+00]
}
