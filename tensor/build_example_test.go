package tensor_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/tessera-go/tessera/tensor"
)

func ExampleArangeStep() {
	fmt.Println(tensor.Must(tensor.ArangeStep(0.0, 1, 0.25)).Data())
	fmt.Println(tensor.Must(tensor.ArangeStep(10, 0, -3)).Data())
	// Output:
	// [0 0.25 0.5 0.75]
	// [10 7 4 1]
}

// The values are NumPy's bit for bit: 3·0.2 is 0.6000000000000001 in
// both.
func ExampleLinspace() {
	fmt.Println(tensor.Must(tensor.Linspace(0.0, 1, 5, true)).Data())
	fmt.Println(tensor.Must(tensor.Linspace(0.0, 1, 5, false)).Data())
	// Output:
	// [0 0.25 0.5 0.75 1]
	// [0 0.2 0.4 0.6000000000000001 0.8]
}

func ExampleEye() {
	fmt.Println(tensor.Must(tensor.Eye[int](3, 3, 0)))
	fmt.Println(tensor.Must(tensor.Eye[int](2, 4, 1)))
	// Output:
	// [[1 0 0]
	//  [0 1 0]
	//  [0 0 1]]
	// [[0 1 0 0]
	//  [0 0 1 0]]
}

func ExampleZerosLike() {
	x := tensor.Must(tensor.New[float32](2, 3))
	xt := tensor.Must(x.Transpose(0, 1))
	z := tensor.Must(tensor.ZerosLike(xt))
	fmt.Println(z.Shape(), z.View().IsContiguous())
	// Output: [3 2] true
}

func ExampleFullLike() {
	x := tensor.Must(tensor.New[int](2, 2))
	fmt.Println(tensor.Must(tensor.FullLike(x.View(), 7)))
	// Output:
	// [[7 7]
	//  [7 7]]
}

// The same seed gives the same tensor, on every machine.
func ExampleUniform() {
	r := rand.New(rand.NewPCG(1, 2))
	u := tensor.Must(tensor.Uniform(r, -1.0, 1, 2, 3))
	fmt.Println(u.Shape())
	again := tensor.Must(tensor.Uniform(rand.New(rand.NewPCG(1, 2)), -1.0, 1, 2, 3))
	fmt.Println(fmt.Sprint(u.Data()) == fmt.Sprint(again.Data()))
	for _, x := range u.Data() {
		if x < -1 || x >= 1 {
			fmt.Println("out of range")
		}
	}
	// Output:
	// [2 3]
	// true
}

// Weights of a layer, drawn as PyTorch's randn(64, 64) * 0.02.
func ExampleNormal() {
	w := tensor.Must(tensor.Normal[float32](rand.New(rand.NewPCG(1, 2)), 0, 0.02, 64, 64))
	var s float64
	for _, x := range w.Data() {
		s += float64(x)
	}
	fmt.Printf("%v %.3f\n", w.Shape(), s/4096)
	// Output: [64 64] 0.001
}

// Dice, reproducibly.
func ExampleRandInt() {
	d := tensor.Must(tensor.RandInt(rand.New(rand.NewPCG(1, 2)), 1, 7, 10))
	ok := true
	for _, x := range d.Data() {
		ok = ok && x >= 1 && x <= 6
	}
	fmt.Println(d.Shape(), ok)
	// Output: [10] true
}

func ExampleView_Dim() {
	x := tensor.Must(tensor.New[float64](8, 3, 32, 32))
	c := tensor.Must(x.View().Dim(1))
	w := tensor.Must(x.View().Dim(-1))
	fmt.Println(c, w)
	// Output: 3 32
}
