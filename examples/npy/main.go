// Command npy shows NumPy interop: it loads an array NumPy wrote in Fortran
// order, permutes its axes without moving data, saves the permuted view,
// reloads it and prints the shape and contiguity at each step.
//
// Run it from the module root:
//
//	go run ./examples/npy
//
// or give it any .npy file of float64 with at least one dimension:
//
//	go run ./examples/npy path/to/array.npy
package main

import (
	"errors"
	"fmt"
	"io/fs"
	"log"
	"os"
	"path/filepath"

	"github.com/tessera-go/tessera/npy"
	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

func main() {
	log.SetFlags(0)
	path := filepath.Join("npy", "testdata", "f8_f_3d.npy") // written by NumPy
	if len(os.Args) > 1 {
		path = os.Args[1]
	}

	v, err := npy.Load[float64](path)
	if errors.Is(err, fs.ErrNotExist) && len(os.Args) == 1 {
		log.Fatalf("%v (run from the module root)", err)
	}
	if err != nil {
		log.Fatal(err)
	}
	describe("loaded", v)

	// Reverse the axes: a Fortran-ordered array becomes C-ordered, and
	// nothing is copied.
	axes := make([]int, v.Rank())
	for i := range axes {
		axes[i] = len(axes) - 1 - i
	}
	p, err := ops.Permute(v, axes...)
	if err != nil {
		log.Fatal(err)
	}
	describe(fmt.Sprintf("permuted %v", axes), p)

	dir, err := os.MkdirTemp("", "tessera-npy-")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	out := filepath.Join(dir, "permuted.npy")
	if err := npy.Save(out, p); err != nil {
		log.Fatal(err)
	}
	back, err := npy.Load[float64](out)
	if err != nil {
		log.Fatal(err)
	}
	describe("reloaded", back)

	// Rotate the axes instead: the view is neither C- nor F-contiguous, so
	// Save writes a row-major copy.
	if v.Rank() >= 3 {
		rot := make([]int, v.Rank())
		for i := range rot {
			rot[i] = (i + 1) % len(rot)
		}
		r, err := ops.Permute(v, rot...)
		if err != nil {
			log.Fatal(err)
		}
		describe(fmt.Sprintf("rotated %v", rot), r)
		if err := npy.Save(out, r); err != nil {
			log.Fatal(err)
		}
		back, err = npy.Load[float64](out)
		if err != nil {
			log.Fatal(err)
		}
		describe("reloaded", back)
		fmt.Println("same elements:", equal(r, back))
	}
}

func describe(what string, v tensor.View[float64]) {
	fmt.Printf("%-18s shape %v strides %v C-contiguous %v column-major %v\n",
		what+":", v.Shape(), v.Strides(), v.IsContiguous(), v.IsColumnMajor())
}

// equal reports whether a and b have the same shape and elements.
func equal(a, b tensor.View[float64]) bool {
	x, y := a.Contiguous().Data(), b.Contiguous().Data()
	if fmt.Sprint(a.Shape()) != fmt.Sprint(b.Shape()) || len(x) != len(y) {
		return false
	}
	for i := range x {
		if x[i] != y[i] {
			return false
		}
	}
	return true
}
