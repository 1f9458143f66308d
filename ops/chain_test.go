package ops_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tessera-go/tessera/internal/choose"
	"github.com/tessera-go/tessera/internal/naive"
	"github.com/tessera-go/tessera/internal/testint"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// arg returns a mostly valid value in [lo, hi], sometimes one just outside.
func arg(c choose.Source, lo, hi int) int {
	if c.Intn(8) == 0 {
		return []int{lo - 1, hi + 1, lo - 100}[c.Intn(3)]
	}
	return lo + c.Intn(hi-lo+1)
}

// runChain builds a random tensor and applies a random chain of view
// operations to it and to the naive reference, checking after every step
// that they agree on shape, elements, errors and reshapes.
func runChain(t *testing.T, c choose.Source, steps int) {
	rank := c.Intn(5)
	shape := make([]int, rank)
	for i := range shape {
		shape[i] = c.Intn(5) // includes 0 and 1
	}
	base := tensor.Must(tensor.Arange[float64](naive.Size(shape)))
	v := tensor.Must(ops.Reshape(base.View(), shape...))
	ref := naive.Array[float64]{Shape: shape, Data: base.Data()}
	for step := 0; step < steps; step++ {
		r := v.Rank()
		var (
			got tensor.View[float64]
			err error
			exp naive.Array[float64]
			ok  bool
			op  string
		)
		axes := func(n int) []int {
			xs := make([]int, n)
			for i := range xs {
				xs[i] = arg(c, -r, r-1)
			}
			return xs
		}
		switch c.Intn(10) {
		case 0:
			op = "Transpose"
			a, b := arg(c, -r, r-1), arg(c, -r, r-1)
			got, err = ops.Transpose(v, a, b)
			exp, ok = ref.Transpose(a, b)
		case 1:
			op = "Permute"
			p := rand.New(rand.NewPCG(uint64(c.Intn(256)), 0)).Perm(r)
			if c.Intn(6) == 0 && r > 0 {
				p[0] = arg(c, -r, r-1)
			}
			got, err = ops.Permute(v, p...)
			exp, ok = ref.Permute(p...)
		case 2:
			op = "Squeeze"
			xs := axes(c.Intn(2))
			got, err = ops.Squeeze(v, xs...)
			exp, ok = ref.Squeeze(xs...)
		case 3:
			op = "Unsqueeze"
			a := arg(c, -r-1, r)
			got, err = ops.Unsqueeze(v, a)
			exp, ok = ref.Unsqueeze(a)
		case 4:
			op = "Slice"
			if r == 0 {
				continue
			}
			a := c.Intn(r)
			d := v.Shape()[a]
			start := arg(c, -d, d) // negative bounds count from the end
			stop := arg(c, -d, d)
			if c.Intn(2) == 0 { // more often a non-empty slice
				stop = arg(c, max(start, 0), d)
			}
			step := arg(c, 1, 3)
			got, err = ops.Slice(v, a, start, stop, step)
			exp, ok = ref.Slice(a, start, stop, step)
		case 5:
			op = "Flip"
			xs := axes(c.Intn(3))
			got, err = ops.Flip(v, xs...)
			exp, ok = ref.Flip(xs...)
		case 6:
			op = "Expand"
			sh := v.Shape()
			if c.Intn(2) == 0 && len(sh) < 5 {
				sh = append([]int{c.Intn(3)}, sh...)
			}
			for i := range sh {
				if sh[i] == 1 && c.Intn(2) == 0 {
					sh[i] = c.Intn(4)
				}
			}
			if c.Intn(10) == 0 && len(sh) > 0 {
				sh[0]++
			}
			got, err = ops.Expand(v, sh...)
			exp, ok = ref.Expand(sh...)
		case 7:
			op = "Reshape"
			sh := reshapeTarget(c, v.Size())
			got, err = ops.Reshape(v, sh...)
			exp, ok = ref.Reshape(sh...)
			viewed, verr := ops.View(v, sh...)
			switch {
			case verr == nil:
				require.True(t, ok, "View(%v) of %v succeeded, the reference refuses", sh, v.Layout())
				require.Equal(t, exp.Data, viewed.Clone().Data(), "View(%v) of %v", sh, v.Layout())
				if len(v.Data()) > 0 {
					require.Same(t, &v.Data()[0], &viewed.Data()[0], "View shares data")
				}
			case errors.Is(verr, layout.ErrNotViewable):
				require.False(t, naive.Viewable(offsets(v), exp.Shape), "View(%v) of %v refused, but strides exist", sh, v.Layout())
			default:
				require.False(t, ok, "View(%v) of %v: %v", sh, v.Layout(), verr)
			}
		case 8:
			op = "Flatten"
			got, err = ops.Flatten(v)
			exp, ok = ref.Reshape(-1)
		case 9:
			op = "Select"
			a := arg(c, -r, r-1)
			d := 0
			if ax, okAxis := normAxis(a, r); okAxis {
				d = v.Shape()[ax]
			}
			i := arg(c, -d, d-1) // negative: from the end
			got, err = ops.Select(v, a, i)
			ri := i
			if ri < 0 && ri >= -d {
				ri += d
			}
			if exp, ok = ref.Slice(a, ri, ri+1, 1); ok {
				exp, ok = exp.Squeeze(a)
			}
		}
		if !ok {
			require.Error(t, err, "%s on %v: the reference refuses", op, v.Layout())
			continue
		}
		require.NoError(t, err, "%s on %v", op, v.Layout())
		v, ref = got, exp
		compare(t, v, ref)
	}
}

func normAxis(a, rank int) (int, bool) {
	if a < 0 {
		a += rank
	}
	return a, a >= 0 && a < rank
}

// reshapeTarget returns a shape of the given size, sometimes with -1, or
// sometimes of a wrong size.
func reshapeTarget(c choose.Source, size int) []int {
	var sh []int
	rest := size
	for i := 0; i < c.Intn(4); i++ {
		var divs []int
		for d := 1; d <= rest && d <= 6; d++ {
			if rest%d == 0 {
				divs = append(divs, d)
			}
		}
		if rest == 0 {
			divs = []int{0, 1, 2}
		}
		d := divs[c.Intn(len(divs))]
		sh = append(sh, d)
		if d != 0 {
			rest /= d
		}
	}
	sh = append(sh, rest)
	if size > 0 && rest > 0 && c.Intn(3) == 0 {
		sh[len(sh)-1] = -1
	}
	if c.Intn(12) == 0 {
		sh[0] += 1
	}
	return sh
}

// offsets lists the buffer offsets of v's elements in row-major order.
func offsets(v tensor.View[float64]) []int {
	var offs []int
	for i := range v.Size() {
		off, err := v.Layout().Index(naive.Unravel(v.Shape(), i)...)
		if err != nil {
			panic(err)
		}
		offs = append(offs, off)
	}
	return offs
}

// compare checks every way of reading v against the reference.
func compare(t *testing.T, v tensor.View[float64], ref naive.Array[float64]) {
	t.Helper()
	require.Equal(t, append([]int{}, ref.Shape...), v.Shape(), "shape of %v", v.Layout())
	want := ref.Data
	if want == nil {
		want = []float64{}
	}
	require.Equal(t, want, v.Contiguous().Data(), "Contiguous of %v", v.Layout())
	require.Equal(t, want, v.Clone().Data(), "Clone of %v", v.Layout())
	require.Equal(t, want, append([]float64{}, slices.Collect(v.Values())...), "Values of %v", v.Layout())
	// The naive gather over the same strides must agree too.
	if v.Size() > 0 {
		require.Equal(t, want, naive.Gather(v.Data(), v.Shape(), v.Strides(), v.Offset()), "Gather of %v", v.Layout())
	}
	dst := make([]float64, v.Size()+1)
	dst[len(dst)-1] = -1
	require.NoError(t, v.CopyTo(dst))
	require.Equal(t, want, dst[:v.Size()], "CopyTo of %v", v.Layout())
	require.Equal(t, -1.0, dst[len(dst)-1], "CopyTo wrote past Size")
	for i := range min(v.Size(), 40) {
		idx := naive.Unravel(ref.Shape, i*7%max(v.Size(), 1))
		require.Equal(t, ref.At(idx...), v.At(idx...), "At(%v) of %v", idx, v.Layout())
	}
	if v.IsContiguous() && v.Size() > 0 {
		c := v.Contiguous()
		require.Same(t, &v.Data()[v.Offset()], &c.Data()[0], "Contiguous shares a contiguous view")
	}
}

func TestViewChainsRandom(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 300
	}
	for seed := range n {
		c := choose.NewRand(uint64(seed))
		runChain(t, c, 8)
	}
}

// FuzzViewChain drives random chains of view operations from the fuzzer's
// bytes and compares every step with the naive reference.
func FuzzViewChain(f *testing.F) {
	f.Add([]byte{3, 2, 3, 4, 0, 0, 1})
	f.Add([]byte{4, 1, 4, 0, 2, 1, 7, 2, 3, 1, 5, 1, 0})
	f.Add([]byte{2, 0, 3, 6, 1, 4, 0, 3, 0, 2, 7, 1, 4})
	f.Add([]byte{3, 4, 1, 4, 1, 5, 0, 6, 1, 2, 0, 8, 7, 2, 3})
	f.Add([]byte{0, 3, 0, 6, 0, 3, 7, 1, 1})
	f.Fuzz(func(t *testing.T, b []byte) {
		runChain(t, choose.NewBytes(b), 6)
	})
}

// A reshape that needs a copy too large to allocate is an error.
func TestReshapeCopyTooLarge(t *testing.T) {
	two := tensor.Must(tensor.New[float64](2)).View()
	huge := tensor.Must(ops.Expand(two, testint.Alloc8/2, 2))
	_, err := ops.Flatten(huge)
	require.ErrorIs(t, err, layout.ErrOverflow)
	require.Contains(t, err.Error(), "tensor: Flatten: ")
}

// TestViewOpsDoNotAllocate backs the promise that the view operations
// (all but a Reshape or Flatten that must copy) allocate nothing for rank
// up to 8.
func TestViewOpsDoNotAllocate(t *testing.T) {
	v := tensor.Must(tensor.New[float32](2, 3, 4, 5, 1, 1, 2, 2)).View()
	seven := tensor.Must(ops.Squeeze(v, 4))
	for name, op := range map[string]func() (tensor.View[float32], error){
		"Transpose": func() (tensor.View[float32], error) { return ops.Transpose(v, 0, 3) },
		"Permute":   func() (tensor.View[float32], error) { return ops.Permute(v, 7, 6, 5, 4, 3, 2, 1, 0) },
		"Squeeze":   func() (tensor.View[float32], error) { return ops.Squeeze(v) },
		"Unsqueeze": func() (tensor.View[float32], error) { return ops.Unsqueeze(seven, -1) },
		"Slice":     func() (tensor.View[float32], error) { return ops.Slice(v, 3, 1, 5, 2) },
		"Select":    func() (tensor.View[float32], error) { return ops.Select(v, 1, 2) },
		"Flip":      func() (tensor.View[float32], error) { return ops.Flip(v, 0, 2) },
		"Expand":    func() (tensor.View[float32], error) { return ops.Expand(v, 2, 3, 4, 5, 7, 1, 2, 2) },
		"View":      func() (tensor.View[float32], error) { return ops.View(v, 6, -1, 2) },
		"Reshape":   func() (tensor.View[float32], error) { return ops.Reshape(v, 6, -1, 2) },
		"Flatten":   func() (tensor.View[float32], error) { return ops.Flatten(v) },
	} {
		allocs := testing.AllocsPerRun(100, func() {
			if _, err := op(); err != nil {
				t.Fatal(err)
			}
		})
		require.Zero(t, allocs, name)
	}
}
