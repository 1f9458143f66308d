// Command rolling computes rolling statistics of a series over windows of
// 5 samples: ops.Windows turns the series into a [16, 5] view of its
// windows (no copy), and the reductions along the last axis give one
// statistic per window, as pandas' rolling(5) or NumPy's
// sliding_window_view(x, 5).mean(-1) do.
package main

import (
	"fmt"
	"log"
	"math"

	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

func main() {
	if err := run(); err != nil {
		log.Fatal(err)
	}
}

func run() error {
	const n, w = 20, 5
	series := make([]float64, n)
	for i := range series {
		series[i] = 10 + 3*math.Sin(float64(i)/2) + float64(i%3)
	}
	x, err := tensor.FromSlice(series, n)
	if err != nil {
		return err
	}
	win, err := ops.Windows(x, 0, w, 1) // [16 5]: window i is x[i:i+5]
	if err != nil {
		return err
	}
	mean, err := ops.Mean(win, -1)
	if err != nil {
		return err
	}
	sd, err := ops.SampleStdDev(win, -1) // pandas' rolling std: ddof 1
	if err != nil {
		return err
	}
	hi, err := ops.Max(win, -1)
	if err != nil {
		return err
	}
	fmt.Printf("windows %v of %v\n", win.Shape(), x.Shape())
	fmt.Printf("rolling mean %.3f\n", mean)
	fmt.Printf("rolling std  %.3f\n", sd)
	fmt.Printf("rolling max  %.3f\n", hi)

	// The z-score of each sample against the window that ends with it.
	last, err := ops.Select(win, 1, -1) // the last sample of every window
	if err != nil {
		return err
	}
	dev, err := ops.Sub(last, mean)
	if err != nil {
		return err
	}
	z, err := ops.Div(dev, sd)
	if err != nil {
		return err
	}
	latest, err := z.Slice(0, -1, z.Shape()[0], 1)
	if err != nil {
		return err
	}
	zl, err := latest.Item()
	if err != nil {
		return err
	}
	fmt.Printf("z-scores     %.3f\nlatest z %.3f\n", z, zl)
	return nil
}
