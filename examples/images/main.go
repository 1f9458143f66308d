// Command images runs a small image-batch pipeline: a uint8 NCHW batch is
// viewed as channels last without moving a pixel, converted to float32 and
// scaled to [0, 1], normalized per channel with the batch's own mean and
// standard deviation (over N, H and W, as a BatchNorm layer's statistics),
// and one channel and one image are cut out as views.
package main

import (
	"fmt"
	"log"

	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

func main() {
	if err := run(); err != nil {
		log.Fatal(err)
	}
}

func run() error {
	const n, c, h, w = 4, 3, 2, 3 // batch, channels, height, width
	batch, err := tensor.Arange[uint8](n * c * h * w)
	if err != nil {
		return err
	}
	nchw, err := ops.Reshape(batch, n, c, h, w)
	if err != nil {
		return err
	}
	fmt.Printf("NCHW  shape %v strides %v\n", nchw.Shape(), nchw.Strides())

	nhwc, err := ops.Permute(nchw, 0, 2, 3, 1) // a view: no pixel moves
	if err != nil {
		return err
	}
	fmt.Printf("NHWC  shape %v strides %v contiguous %t\n", nhwc.Shape(), nhwc.Strides(), nhwc.IsContiguous())
	packed := nhwc.Contiguous() // now the pixels move, once
	fmt.Printf("NHWC materialized: strides %v, first pixel of image 0: %v\n", packed.Layout().Strides(), packed.Data()[:c])

	// uint8 to float32 in [0, 1], then per-channel statistics over the
	// batch and the pixels (axes 0, 2 and 3), kept as [1 C 1 1] so that
	// they broadcast back over the batch.
	f, err := ops.Convert[float32](nchw)
	if err != nil {
		return err
	}
	scaled, err := ops.DivScalar(f, 255)
	if err != nil {
		return err
	}
	mean, err := ops.MeanKeepDims(scaled, 0, 2, 3)
	if err != nil {
		return err
	}
	sd, err := ops.PopStdDevKeepDims(scaled, 0, 2, 3)
	if err != nil {
		return err
	}
	centred, err := ops.Sub(scaled, mean)
	if err != nil {
		return err
	}
	norm, err := ops.Div(centred, sd)
	if err != nil {
		return err
	}
	fmt.Printf("channel means %.4f, deviations %.4f\n", mean.Data(), sd.Data())
	check, err := ops.MeanKeepDims(norm, 0, 2, 3)
	if err != nil {
		return err
	}
	fmt.Printf("normalized: shape %v, channel means now %.1f\n", norm.Shape(), check.Data())

	green, err := ops.Select(nchw, 1, 1) // channel 1 of every image, [N H W]
	if err != nil {
		return err
	}
	fmt.Printf("green shape %v strides %v offset %d\n%v\n", green.Shape(), green.Strides(), green.Offset(), green)

	img, err := ops.Select(nhwc, 0, -2) // the next-to-last image, channels last
	if err != nil {
		return err
	}
	fmt.Printf("image %d (HWC) shape %v strides %v offset %d\n%v\n", n-2, img.Shape(), img.Strides(), img.Offset(), img)
	return nil
}
