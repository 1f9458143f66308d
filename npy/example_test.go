package npy_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/npy"
	"github.com/tessera-go/tessera/tensor"
)

func ExampleRead() {
	// A 3x4 float64 array in Fortran order, as NumPy writes it.
	f, err := os.Open("testdata/f8_f_2d.npy")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer f.Close()
	v, err := npy.Read[float64](f)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(v.Shape(), v.Strides(), v.IsContiguous(), v.IsColumnMajor())
	// Element (1, 0) is second in the buffer as stored, fifth in row-major
	// order.
	fmt.Println(v.At(1, 0), v.Data()[1], v.Contiguous().Data()[4])
	// Output:
	// [3 4] [1 3] false true
	// -0.75 -0.75 -0.75
}

func ExampleRead_wrongType() {
	_, err := npy.Load[float32]("testdata/f8_c_2d.npy")
	fmt.Println(err)
	fmt.Println(errors.Is(err, npy.ErrDType))
	// Output:
	// npy: Load: file dtype <f8 does not match float32 (<f4)
	// true
}

func ExampleSave() {
	t := tensor.Must(tensor.FromSlice([]int32{1, 2, 3, 4, 5, 6}, 2, 3))
	dir, err := os.MkdirTemp("", "npy-example-")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "a.npy")
	if err := npy.Save(path, t); err != nil {
		fmt.Println(err)
		return
	}
	v, err := npy.Load[int32](path)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(v.Shape(), v.Data())
	// Output:
	// [2 3] [1 2 3 4 5 6]
}

func ExampleWrite() {
	// A column-major view is written in Fortran order, without a copy.
	l := tensor.Must(layout.ColumnMajor(2, 2))
	v := tensor.Must(tensor.NewView([]float32{1, 2, 3, 4}, l))
	var buf bytes.Buffer
	if err := npy.Write(&buf, v); err != nil {
		fmt.Println(err)
		return
	}
	b := buf.Bytes()
	end := bytes.IndexByte(b, '\n') + 1
	fmt.Printf("%s\n", bytes.TrimRight(b[10:end], " \n"))
	fmt.Println(end, len(b)-end)
	// Output:
	// {'descr': '<f4', 'fortran_order': True, 'shape': (2, 2), }
	// 128 16
}

func ExampleMap() {
	m, err := npy.Map[int16]("testdata/i2_c_2d.npy")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer m.Close()
	v := m.View()
	fmt.Println(v.Shape(), v.At(0, 0), v.At(2, 3))
	// Output:
	// [3 4] -32768 32767
}

// MaxBytes caps what Load allocates for a file from an untrusted source:
// the header is checked before anything is read.
func ExampleMaxBytes() {
	// f8_f_2d.npy holds 3x4 float64: 96 bytes of data.
	_, err := npy.Load[float64]("testdata/f8_f_2d.npy", npy.MaxBytes(64))
	fmt.Println(errors.Is(err, npy.ErrTooLarge))
	fmt.Println(err)
	v, err := npy.Load[float64]("testdata/f8_f_2d.npy", npy.MaxBytes(1<<20))
	fmt.Println(v.Shape(), err)
	// Output:
	// true
	// npy: Load: data of 96 bytes for shape [3 4] of <f8 exceeds the limit of 64 bytes
	// [3 4] <nil>
}
