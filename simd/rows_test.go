package simd

import (
	"errors"
	"math"
	"math/rand/v2"
	"sync"
	"testing"
)

// foldRowsRef is FoldRows's definition, element by element.
func foldRowsRef[T Float](op Op, n int, init, x []T, off, stride, rows int) []T {
	want := make([]T, n)
	for j := range want {
		acc := init[j]
		for r := range rows {
			acc = arithRef(op, acc, x[off+r*stride+j])
		}
		want[j] = acc
	}
	return want
}

// rowsValues returns n values for op: reduceValues' values, with NaN, ±0
// and ±Inf now and then, or products near 1. They are copied from a pool
// (pooledValues) at a random start: drawing every test's values afresh
// took most of the row tests' time.
func rowsValues[T Float](r *rand.Rand, op Op, n int) []T {
	x := make([]T, n)
	for i, v := range pooledValues(r, n) {
		if op == Mul {
			v = 1 + v*0x1p-24 // exact: a power of two
		}
		x[i] = T(v)
	}
	if op != Mul && n > 0 {
		addSpecials(r, x)
	}
	return x
}

// valuePool holds 2^19 of reduceValues' float64 values without specials,
// drawn once from a fixed seed: rowsValues takes its values from it.
var valuePool = sync.OnceValue(func() []float64 {
	return reduceValues[float64](rand.New(rand.NewPCG(41, 42)), 1<<19, false)
})

// pooledValues returns n values of valuePool from a start drawn from r
// (so a test's values depend only on its own seed), or, for n over half
// the pool, n values drawn from r. The result must not be written.
func pooledValues(r *rand.Rand, n int) []float64 {
	p := valuePool()
	if n > len(p)/2 {
		return reduceValues[float64](r, n, false)
	}
	start := r.IntN(len(p) - n + 1)
	return p[start : start+n : start+n]
}

func checkFoldRows[T Float](t *testing.T, r *rand.Rand) {
	t.Helper()
	const guard = 7
	widths := []int{}
	for n := 0; n <= 70; n++ {
		widths = append(widths, n)
	}
	// Past the vectors: 128 and 257; the row-order kernels' widths where
	// seqRows is set (more than 512 bytes, at most 2048), 129 to 512
	// float32, 65 to 256 float64, and the first past them.
	widths = append(widths, 128, 129, 200, 256, 257, 512, 513, 1000)
	for _, op := range []Op{Add, Mul, Max, Min, Add | SkipNaN} {
		for _, n := range widths {
			for _, rows := range []int{0, 1, 2, 5, 9} {
				for _, stride := range []int{n + 3, n, -(n + 1), 0} {
					for _, start := range []int{0, 1, 3} { // unaligned starts
						span := max(rows-1, 0) * stride
						if span < 0 {
							span = -span
						}
						buf := rowsValues[T](r, op, start+span+n+guard)
						addNaNs(r, op, buf)
						for i := range start {
							buf[i] = T(math.NaN()) // guard cells before x
						}
						for i := start + span + n; i < len(buf); i++ {
							buf[i] = T(math.NaN())
						}
						x := buf[start:]
						off := 0
						if stride < 0 {
							off = span
						}
						init := rowsValues[T](r, op, n)
						addNaNs(r, op, init) // kept: init is not x
						refOp, refX := skipRef(op, x)
						want := foldRowsRef(refOp, n, init, refX, off, stride, rows)
						out := guarded[T](start + n + guard)
						dst := out[start : start+n]
						noErr(t, FoldRows(op, dst, init, x, off, stride, rows))
						for j := range dst {
							if !sameFloat(dst[j], want[j]) {
								t.Fatalf("%v n=%d rows=%d stride=%d start=%d: dst[%d] = %v, want %v", op, n, rows, stride, start, j, dst[j], want[j])
							}
						}
						if !sameBits(out[:start], guarded[T](start)) || !sameBits(out[start+n:], guarded[T](guard)) {
							t.Fatalf("%v n=%d rows=%d stride=%d start=%d: a guard cell was written", op, n, rows, stride, start)
						}
						// In place: dst is init.
						acc := clone(init)
						noErr(t, FoldRows(op, acc, acc, x, off, stride, rows))
						for j := range acc {
							if !sameFloat(acc[j], want[j]) {
								t.Fatalf("%v in place n=%d rows=%d stride=%d: acc[%d] = %v, want %v", op, n, rows, stride, j, acc[j], want[j])
							}
						}
					}
				}
			}
		}
	}
}

// TestFoldRowsLevels checks FoldRows at every level, both ways of the
// alignment rule, against its definition: widths 0-70 and past them, row
// counts 0 to 9, positive, negative and zero strides, unaligned starts,
// in place, NaN guard cells around x and 0xFF guard cells around dst, and
// NaN, ±0 and ±Inf among the values.
func TestFoldRowsLevels(t *testing.T) {
	forEachKernel(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(3, 4))
		checkFoldRows[float32](t, r)
		checkFoldRows[float64](t, r)
		checkFoldRows[kelvin](t, r)
	})
}

// TestFoldRowsBatches crosses the call bounds: more rows than one kernel
// call takes and more columns than it reads, so later batches fold into
// dst.
func TestFoldRowsBatches(t *testing.T) {
	forEachKernel(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(5, 6))
		for _, c := range []struct{ n, rows int }{{3000, 2*rowsBatch + 3}, {rowsRead/8 + 40, 9}, {16, 200}, {300, rowsRead/300 + 5}} {
			x := rowsValues[float32](r, Add, c.n*c.rows)
			init := rowsValues[float32](r, Add, c.n)
			want := foldRowsRef(Add, c.n, init, x, 0, c.n, c.rows)
			dst := make([]float32, c.n)
			noErr(t, FoldRows(Add, dst, init, x, 0, c.n, c.rows))
			if i := firstDiff(dst, want); i >= 0 {
				t.Fatalf("n=%d rows=%d: dst[%d] = %v, want %v", c.n, c.rows, i, dst[i], want[i])
			}
		}
	})
}

// TestFoldRowsIsRepeatedBinary pins the promise of the doc: the same bits
// as copying init and calling Binary once per row.
func TestFoldRowsIsRepeatedBinary(t *testing.T) {
	forEachKernel(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(7, 8))
		const n, rows = 300, 33
		x := rowsValues[float64](r, Add, n*rows+5)
		init := rowsValues[float64](r, Add, n)
		want := clone(init)
		for k := range rows {
			noErr(t, Binary(Add, want, want, x[5+k*n:5+k*n+n]))
		}
		got := make([]float64, n)
		noErr(t, FoldRows(Add, got, init, x, 5, n, rows))
		if !sameBits(got, want) {
			t.Fatalf("FoldRows differs from repeated Binary at %d", firstDiff(got, want))
		}
	})
}

func TestFoldRowsErrors(t *testing.T) {
	x := make([]float32, 20)
	dst := []float32{9, 9, 9, 9}
	init := make([]float32, 4)
	cases := []struct {
		name              string
		op                Op
		init              []float32
		off, stride, rows int
		target            error
		msg               string
	}{
		{"op", Sub, init, 0, 4, 2, ErrArg, "simd: FoldRows: op Sub is not a reduction"},
		{"unknown op", Op(9), init, 0, 4, 2, ErrArg, "simd: FoldRows: op Op(9) is not a reduction"},
		{"rows", Add, init, 0, 4, -1, ErrArg, "simd: FoldRows: -1 rows"},
		{"init", Add, init[:3], 0, 4, 2, ErrRange, "simd: FoldRows: init has 3 elements, dst 4"},
		{"past the end", Add, init, 0, 4, 6, ErrRange, "simd: FoldRows: 6 rows of 4 elements from offset 0 with stride 4 do not lie in 20 elements"},
		{"one past the end", Add, init, 1, 4, 5, ErrRange, "simd: FoldRows: 5 rows of 4 elements from offset 1 with stride 4 do not lie in 20 elements"},
		{"one before the start", Add, init, 7, -4, 3, ErrRange, ""},
		{"before the start", Add, init, 4, -4, 3, ErrRange, "simd: FoldRows: 3 rows of 4 elements from offset 4 with stride -4 do not lie in 20 elements"},
		{"negative offset", Add, init, -1, 0, 1, ErrRange, "simd: FoldRows: 1 rows of 4 elements from offset -1 with stride 0 do not lie in 20 elements"},
		{"overflow", Add, init, 0, math.MaxInt / 2, 4, ErrRange, ""},
		{"overflow backwards", Add, init, 16, math.MinInt / 2, 4, ErrRange, ""},
	}
	for _, c := range cases {
		err := FoldRows(c.op, dst, c.init, x, c.off, c.stride, c.rows)
		if !errors.Is(err, c.target) || (c.msg != "" && err.Error() != c.msg) {
			t.Errorf("%s: got %v, want %q wrapping %v", c.name, err, c.msg, c.target)
		}
		if dst[0] != 9 || dst[3] != 9 {
			t.Fatalf("%s: dst written on error: %v", c.name, dst)
		}
	}
	// Zero rows copy init; zero columns touch nothing.
	noErr(t, FoldRows(Max, dst, []float32{1, 2, 3, 4}, nil, 0, 0, 0))
	if dst[0] != 1 || dst[3] != 4 {
		t.Fatalf("rows 0: %v", dst)
	}
	noErr(t, FoldRows(Add, dst[:0], nil, nil, 5, 1, 3))
}

// TestFoldRowsDoesNotAllocate: a reduction calls FoldRows per leaf, so it
// must cost no allocation at any level.
func TestFoldRowsDoesNotAllocate(t *testing.T) {
	x := make([]float64, 1000)
	dst := make([]float64, 100)
	forEachKernel(t, func(t *testing.T) {
		if n := testing.AllocsPerRun(20, func() { _ = FoldRows(Max, dst, x, x, 100, 100, 9) }); n != 0 {
			t.Fatalf("%v allocations", n)
		}
	})
}
