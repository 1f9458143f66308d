package tensor_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tessera-go/tessera/internal/choose"
	"github.com/tessera-go/tessera/internal/testint"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/tensor"
)

// maxPrint bounds the output of printing any view of rank r: at most 4096
// elements of at most w bytes, with brackets, separators and "..." lines.
func maxPrint(w, r int) int { return 4096*(w+1) + 4096*(4*r+8) }

// TestPrintManySmallAxes pins issue 11.8: printing a broadcast view of 40
// axes of size 2 ran for seconds and allocated without bound, since no
// axis is long enough for NumPy's summary.
func TestPrintManySmallAxes(t *testing.T) {
	one := tensor.Must(tensor.Full[int8](7)).View()
	rank := min(40, testint.Bits-2) // 2^rank elements must fit an int
	shape := make([]int, rank)
	for i := range shape {
		shape[i] = 2
	}
	v := tensor.Must(one.Expand(shape...))
	start := time.Now()
	s := fmt.Sprint(v)
	assert.Less(t, time.Since(start), 2*time.Second)
	assert.LessOrEqual(t, len(s), maxPrint(1, rank))
	assert.Contains(t, s, "...")
	// Past rank 37 NumPy's rule wraps every element: the innermost lines
	// are narrower than their indentation.
	assert.True(t, strings.HasPrefix(s, strings.Repeat("[", rank)+"7"), s[:60])

	// Six axes of 6: 46656 elements, each axis too short to summarize.
	v = tensor.Must(one.Expand(6, 6, 6, 6, 6, 6))
	s = fmt.Sprint(v)
	assert.LessOrEqual(t, strings.Count(s, "7"), 4096)
	assert.Contains(t, s, "...")
	// The inner axes stay whole: the first row prints all six items.
	assert.True(t, strings.HasPrefix(s, "[[[[[[7 7 7 7 7 7]"), s[:40])
}

// FuzzFormat prints random views, broadcast ones included: printing must
// not panic, must do bounded work and must agree with the elements on the
// first ones it shows.
func FuzzFormat(f *testing.F) {
	for _, seed := range [][]byte{
		{}, {12, 2, 3, 4}, {1, 8, 2, 2, 2, 2, 2, 2, 2, 2}, {30, 3, 200, 1, 40},
		{5, 12, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1},
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		c := choose.NewBytes(b)
		n := 1 + c.Intn(40)
		rank := c.Intn(20)
		shape, strides := make([]int, rank), make([]int, rank)
		for k := range rank {
			shape[k] = c.Intn(8)
			if c.Intn(4) == 0 {
				shape[k] = c.Intn(3000)
			}
			strides[k] = c.Intn(3) - 1 // 0 mostly broadcasts, ±1 walks
		}
		off := c.Intn(n)
		l, err := layout.Strided(shape, strides, off)
		if err != nil {
			return
		}
		data := make([]float64, n)
		for i := range data {
			data[i] = float64(i) + 0.5
		}
		v, err := tensor.NewView(data, l)
		if err != nil {
			return
		}
		s := fmt.Sprintf("%v", v)
		require.LessOrEqual(t, len(s), maxPrint(4, rank), "shape %v", shape)
		if v.Size() > 0 {
			first := fmt.Sprint(v.At(make([]int, rank)...))
			require.Contains(t, s, first)
		}
	})
}
