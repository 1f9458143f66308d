// Command clip cleans a small data set: it clips each feature to a range,
// counts the values above a threshold per feature, and selects the rows
// whose label is 1, as NumPy's np.clip(X, lo, hi), (X > t).sum(0) and
// X[y == 1] do.
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
	X, err := tensor.FromSlice([]float64{
		0.2, 14, -3,
		1.5, 9, 0.5,
		-0.7, 120, 2,
		0.9, 11, 40,
		3.1, 8, 1,
	}, 5, 3)
	if err != nil {
		return err
	}
	y := []int{0, 1, 1, 0, 1}

	// Clip every feature to [lo, hi]: Maximum and Minimum broadcast a row
	// of bounds, one per feature, over the rows.
	lo, err := tensor.FromSlice([]float64{-1, 0, -2}, 3)
	if err != nil {
		return err
	}
	hi, err := tensor.FromSlice([]float64{2, 50, 5}, 3)
	if err != nil {
		return err
	}
	atLeast, err := ops.Maximum(X, lo)
	if err != nil {
		return err
	}
	clipped, err := ops.Minimum(atLeast, hi)
	if err != nil {
		return err
	}
	fmt.Printf("clipped:\n%v\n", clipped)

	// Count the values above 1 in each column: 1 where above, 0 where not,
	// summed down the columns.
	above, err := ops.Map(X, func(x float64) float64 {
		if x > 1 {
			return 1
		}
		return 0
	})
	if err != nil {
		return err
	}
	counts, err := ops.Sum(above, 0)
	if err != nil {
		return err
	}
	fmt.Println("values above 1 per column:", counts)

	// The rows whose label is 1, stacked into a new [3 3] tensor.
	var rows []tensor.View[float64]
	for i, label := range y {
		if label == 1 {
			row, err := X.Select(0, i)
			if err != nil {
				return err
			}
			rows = append(rows, row)
		}
	}
	picked, err := ops.Stack(0, rows...)
	if err != nil {
		return err
	}
	fmt.Printf("rows labelled 1:\n%v\n", picked)

	// The feature means of those rows, as one number each.
	means, err := ops.Mean(picked, 0)
	if err != nil {
		return err
	}
	last, err := means.Select(0, -1)
	if err != nil {
		return err
	}
	m, err := last.Item()
	if err != nil {
		return err
	}
	fmt.Printf("their means %v, the last feature's %.4g\n", means, m)
	return nil
}
