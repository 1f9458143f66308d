package tensor_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tessera-go/tessera/internal/naive"
	"github.com/tessera-go/tessera/internal/testkit"
	"github.com/tessera-go/tessera/internal/testlevel"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/tensor"
)

// atEveryLevel runs f once per SIMD level this machine and build offer.
var atEveryLevel = testlevel.ForEachLevel

// withParallelism runs f with one copy goroutine and with two.
func withParallelism(t *testing.T, f func(t *testing.T)) {
	for _, n := range []int{1, 2} {
		t.Run(fmt.Sprintf("procs=%d", n), func(t *testing.T) {
			prev := tensor.SetParallelism(n)
			defer tensor.SetParallelism(prev)
			f(t)
		})
	}
}

// engineCase is a view whose materialization exercises one kind of plan.
type engineCase struct {
	name  string
	shape []int
	view  func(l layout.Layout) (layout.Layout, error)
}

func engineCases() []engineCase {
	perm := func(axes ...int) func(layout.Layout) (layout.Layout, error) {
		return func(l layout.Layout) (layout.Layout, error) { return l.Permute(axes...) }
	}
	return []engineCase{
		{"copy", []int{33, 17}, func(l layout.Layout) (layout.Layout, error) { return l, nil }},
		{"rows", []int{40, 9}, func(l layout.Layout) (layout.Layout, error) { return l.Slice(0, 3, 37, 1) }},
		{"transpose edges", []int{67, 45}, perm(1, 0)},
		{"transpose tile multiples", []int{64, 32}, perm(1, 0)},
		{"permute 3-D", []int{9, 17, 23}, perm(2, 0, 1)},
		{"nchw to nhwc", []int{2, 19, 5, 7}, perm(0, 2, 3, 1)},
		{"step 2", []int{20, 41}, func(l layout.Layout) (layout.Layout, error) { return l.Slice(1, 1, 41, 2) }},
		{"flip", []int{30, 31}, func(l layout.Layout) (layout.Layout, error) { return l.Flip(1) }},
		// Runs of 256 bytes and more: simd's reversal kernels, and a tail.
		{"flip long runs", []int{20, 301}, func(l layout.Layout) (layout.Layout, error) { return l.Flip(1) }},
		{"flipped transpose", []int{30, 31}, func(l layout.Layout) (layout.Layout, error) {
			f, _ := l.Flip(0)
			return f.Transpose(0, 1)
		}},
		{"broadcast", []int{37, 1}, func(l layout.Layout) (layout.Layout, error) { return l.Expand(3, 37, 29) }},
		// Large enough for the parallel and streaming paths (>= 8 MiB).
		{"large transpose", []int{1100, 1030}, perm(1, 0)},
		{"large contiguous", []int{1 << 21}, func(l layout.Layout) (layout.Layout, error) { return l, nil }},
		{"large broadcast", []int{1, 1030}, func(l layout.Layout) (layout.Layout, error) { return l.Expand(2100, 1030) }},
		{"large gather", []int{1030, 2200}, func(l layout.Layout) (layout.Layout, error) { return l.Slice(1, 0, 2200, 2) }},
		{"large flip", []int{1030, 2100}, func(l layout.Layout) (layout.Layout, error) { return l.Flip(1) }},
	}
}

func testEngine[T tensor.Number](t *testing.T, c engineCase) {
	base := counting[T](naive.Size(c.shape))
	l, err := base.Layout().View(c.shape...)
	require.NoError(t, err)
	l, err = c.view(l)
	require.NoError(t, err)
	v := tensor.Must(tensor.NewView(base.Data(), l))
	want := naive.Gather(base.Data(), l.Shape(), l.Strides(), l.Offset())

	// Guard cells around the destination must stay untouched.
	const guard = 7
	buf := make([]T, v.Size()+2*guard)
	for i := range buf {
		buf[i] = 99
	}
	require.NoError(t, v.CopyTo(buf[guard:guard+v.Size()]))
	require.Equal(t, want, buf[guard:guard+v.Size()], "CopyTo of %v", l)
	for i := 0; i < guard; i++ {
		require.Equal(t, T(99), buf[i], "guard before")
		require.Equal(t, T(99), buf[len(buf)-1-i], "guard after")
	}
	require.Equal(t, want, v.Clone().Data(), "Clone of %v", l)

	// And back: scatter into a view of the same layout over a fresh buffer.
	back := make([]T, len(base.Data()))
	dst := tensor.Must(tensor.NewView(back, l))
	if !l.Overlapping() {
		src := tensor.Must(tensor.FromSlice(want, l.Shape()...)).View()
		require.NoError(t, dst.CopyFrom(src))
		require.Equal(t, want, dst.Clone().Data(), "CopyFrom into %v", l)
	}
}

// TestEngine materializes every kind of plan at every SIMD level, serially
// and in parallel, for several element types, against the naive reference.
func TestEngine(t *testing.T) {
	cases := engineCases()
	atEveryLevel(t, func(t *testing.T) {
		withParallelism(t, func(t *testing.T) {
			for _, c := range cases {
				t.Run(c.name, func(t *testing.T) {
					large := strings.HasPrefix(c.name, "large")
					if testing.Short() && large {
						t.Skip("large case in -short mode; TestParallelMatchesSerial keeps one")
					}
					testEngine[float32](t, c)
					if !large {
						testEngine[float64](t, c)
						testEngine[int16](t, c)
						testEngine[complex128](t, c)
						testEngine[uint8](t, c)
					}
				})
			}
		})
	})
}

// TestEngineRandom compares random views (permuted, sliced with a step,
// flipped, broadcast) at every level with the reference.
func TestEngineRandom(t *testing.T) {
	atEveryLevel(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(7, 7))
		for range 300 {
			rank := 1 + r.IntN(4)
			shape := make([]int, rank)
			for i := range shape {
				shape[i] = 1 + r.IntN(20)
			}
			l := testkit.RandomView(r, shape)
			_, hi := l.Span()
			base := tensor.Must(tensor.Arange[float32](hi))
			v := tensor.Must(tensor.NewView(base.Data(), l))
			require.Equal(t, naive.Gather(base.Data(), l.Shape(), l.Strides(), l.Offset()), v.Clone().Data(), "%v", l)
		}
	})
}

// TestParallelMatchesSerial checks that splitting a copy over goroutines
// gives exactly the serial result.
func TestParallelMatchesSerial(t *testing.T) {
	base := tensor.Must(tensor.Arange[float32](1500 * 1400))
	l := tensor.Must(base.Layout().View(1500, 1400))
	l = tensor.Must(l.Transpose(0, 1))
	v := tensor.Must(tensor.NewView(base.Data(), l))
	prev := tensor.SetParallelism(1)
	serial := v.Clone().Data()
	tensor.SetParallelism(2)
	parallel := v.Clone().Data()
	tensor.SetParallelism(prev)
	require.Equal(t, serial, parallel)
}

// counting returns a tensor of n elements 0, 1, 2, … that wrap around in
// small integer types (Arange refuses values that do not fit).
func counting[T tensor.Number](n int) tensor.Tensor[T] {
	t := tensor.Must(tensor.New[T](n))
	var x T
	for i := range t.Data() {
		t.Data()[i] = x
		x++
	}
	return t
}

// TestFillViews fills random views of ranks 0-4 (permuted, sliced with
// steps, flipped; broadcast views, which Fill refuses, are skipped) and
// checks every element they reach and that nothing else changed: Fill
// takes a path of its own below the parallel threshold.
func TestFillViews(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	for range 500 {
		shape := make([]int, r.IntN(5))
		for k := range shape {
			shape[k] = r.IntN(5)
		}
		l := testkit.RandomView(r, shape)
		if l.SelfOverlap() != layout.Disjoint {
			continue
		}
		_, hi := l.Span()
		buf := make([]float64, hi+3)
		for i := range buf {
			buf[i] = -1
		}
		v, err := tensor.NewView(buf, l)
		require.NoError(t, err)
		require.NoError(t, v.Fill(7))
		reached := make([]bool, len(buf))
		for a := range l.Size() {
			off, err := l.Index(naive.Unravel(shape, a)...)
			require.NoError(t, err)
			reached[off] = true
		}
		for i, x := range buf {
			if reached[i] && x != 7 || !reached[i] && x != -1 {
				t.Fatalf("%v: element %d is %v", l, i, x)
			}
		}
	}
}
