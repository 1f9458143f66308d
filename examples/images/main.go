// Command images shows views on a batch of images: NCHW to NHWC with
// Permute, one channel with Slice, one image with Slice and Squeeze, and
// materializing the NHWC batch for code that wants channels last.
package main

import (
	"fmt"
	"log"

	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

func must[T any](v T, err error) T {
	if err != nil {
		log.Fatal(err)
	}
	return v
}

func main() {
	const n, c, h, w = 4, 3, 2, 3 // batch, channels, height, width
	batch := must(tensor.Arange[uint8](n * c * h * w))
	nchw := must(ops.Reshape(batch.View(), n, c, h, w))
	fmt.Printf("NCHW  shape %v strides %v\n", nchw.Shape(), nchw.Strides())

	nhwc := must(ops.Permute(nchw, 0, 2, 3, 1)) // a view: no pixel moves
	fmt.Printf("NHWC  shape %v strides %v contiguous %t\n", nhwc.Shape(), nhwc.Strides(), nhwc.IsContiguous())

	packed := nhwc.Contiguous() // now the pixels move, once
	fmt.Printf("NHWC materialized: strides %v, first pixel of image 0: %v\n", packed.Layout().Strides(), packed.Data()[:c])

	green := must(ops.Slice(nchw, 1, 1, 2, 1)) // channel 1 of every image
	green = must(ops.Squeeze(green, 1))
	fmt.Printf("green shape %v strides %v offset %d\n%v\n", green.Shape(), green.Strides(), green.Offset(), green)

	img := must(ops.Slice(nhwc, 0, 2, 3, 1)) // image 2, channels last
	img = must(ops.Squeeze(img, 0))
	fmt.Printf("image 2 (HWC) shape %v strides %v offset %d\n%v\n", img.Shape(), img.Strides(), img.Offset(), img)
}
