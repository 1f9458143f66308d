// Command quickstart walks through Tessera's core: a tensor, a transposed
// view of it, materializing that view, and reshaping with and without a
// copy. It prints shape, strides, contiguity and data at each step.
package main

import (
	"errors"
	"fmt"
	"log"

	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

func show[T tensor.Number, V tensor.Operand[T]](name string, x V) {
	v := tensor.View[T](x)
	fmt.Printf("%-22s shape %v strides %v offset %d contiguous %t\n", name, v.Shape(), v.Strides(), v.Offset(), v.IsContiguous())
	fmt.Printf("%v\n\n", v)
}

func main() {
	t, err := tensor.FromSlice([]float32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, 3, 4)
	if err != nil {
		log.Fatal(err)
	}
	show("t", t)

	tv, err := ops.Transpose(t, 0, 1) // metadata only: same data
	if err != nil {
		log.Fatal(err)
	}
	show("transpose(t, 0, 1)", tv)

	c := tv.Contiguous() // not row-major, so this copies
	show("contiguous", c)
	fmt.Printf("contiguous data: %v\n\n", c.Data())

	r, err := ops.Reshape(tv, 12) // needs a copy: a view over a fresh buffer
	if err != nil {
		log.Fatal(err)
	}
	show("reshape(tv, 12)", r)

	if _, err := ops.View(tv, 12); errors.Is(err, layout.ErrNotViewable) {
		fmt.Printf("view(tv, 12) refuses to copy:\n  %v\n\n", err)
	}

	split, err := ops.View(tv, 2, 2, 3) // but this one is a view
	if err != nil {
		log.Fatal(err)
	}
	show("view(tv, 2, 2, 3)", split)

	rows, err := ops.Slice(t, 0, 1, 3, 1) // t[1:3]: contiguous at offset 4
	if err != nil {
		log.Fatal(err)
	}
	show("slice(t, 0, 1, 3, 1)", rows)
	shared := rows.Contiguous()
	fmt.Printf("contiguous rows share t's data: %t\n", &shared.Data()[0] == &t.Data()[4])
}
