package simd

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// checkReduceRows compares ReduceRows with Reduce per row, bit for bit,
// on every op, widths within a group and whole groups (the four-row
// kernels' case, past a chunk too), 0-9 rows, strides of every sign, and
// unaligned starts, with NaN guard cells around x and dst.
func checkReduceRows[T Float](t *testing.T, r *rand.Rand, quick bool) {
	t.Helper()
	lanes := FoldLanes[T]()
	widths := []int{1, 7, lanes - 1, lanes, lanes + 1, 2 * lanes, 3 * lanes, 5 * lanes, 64 * lanes, 64*lanes + 3, arithChunk, arithChunk + lanes}
	rowCounts, starts := []int{0, 1, 3, 4, 5, 8, 9}, []int{0, 3}
	if quick {
		rowCounts, starts = []int{1, 5, 9}, []int{3}
	}
	for _, op := range []Op{Add, Mul, Max, Min, Add | SkipNaN} {
		for _, n := range widths {
			for _, rows := range rowCounts {
				strides := []int{n, n + 5, -(n + 1), 0}
				if quick {
					strides = []int{n + 5, -(n + 1)}
				}
				for _, stride := range strides {
					for _, start := range starts {
						checkReduceRowsAt[T](t, r, op, n, rows, stride, start, false)
					}
				}
			}
		}
	}
}

// checkReduceRowsAt runs ReduceRows over rows rows of n elements at
// stride, x starting start elements into its buffer, with NaN guard cells
// before x, after it and around dst, and compares each row with Reduce,
// bit for bit. With oneSign, Max's rows are negative and Min's positive:
// a lane that took a zero it should not have would show.
func checkReduceRowsAt[T Float](t *testing.T, r *rand.Rand, op Op, n, rows, stride, start int, oneSign bool) {
	t.Helper()
	const guard = 5
	span := max(rows-1, 0) * stride
	off := 0
	if span < 0 {
		span, off = -span, -span
	}
	buf := rowsValues[T](r, op, start+span+n+guard)
	addNaNs(r, op, buf)
	for i := range buf {
		switch {
		case oneSign && op == Min:
			buf[i] = T(math.Abs(float64(buf[i]))) + 1
		case oneSign && op == Max:
			buf[i] = -T(math.Abs(float64(buf[i]))) - 1
		}
	}
	for i := range start {
		buf[i] = T(math.NaN())
	}
	for i := start + span + n; i < len(buf); i++ {
		buf[i] = T(math.NaN())
	}
	x := buf[start : start+span+n]
	out := guarded[T](guard + rows + guard)
	dst := out[guard : guard+rows]
	noErr(t, ReduceRows(op, dst, x, off, stride, n))
	for k := range dst {
		o := off + k*stride
		want, err := Reduce(op, x[o:o+n])
		noErr(t, err)
		if !sameBits([]T{dst[k]}, []T{want}) {
			t.Fatalf("%T %v n=%d rows=%d stride=%d start=%d: dst[%d] = %v, want %v", dst, op, n, rows, stride, start, k, dst[k], want)
		}
	}
	if !sameBits(out[:guard], guarded[T](guard)) || !sameBits(out[guard+rows:], guarded[T](guard)) {
		t.Fatalf("%T %v n=%d rows=%d stride=%d start=%d: a guard cell was written", dst, op, n, rows, stride, start)
	}
}

// TestReduceRowsLevels checks ReduceRows at every level and with both
// settings of the alignment rule; then, with the other setting of the
// four-row rule (whole4Rows) than this processor's, fewer rows, strides
// and starts of the same widths, so that the four-row kernels and a
// Reduce per row both meet rows of every length at every level.
func TestReduceRowsLevels(t *testing.T) {
	forEachKernel(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(11, 12))
		checkReduceRows[float32](t, r, false)
		checkReduceRows[float64](t, r, false)
		checkReduceRows[kelvin](t, r, false)
	})
	forOtherRowsRule(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(13, 14))
		checkReduceRows[float32](t, r, true)
		checkReduceRows[float64](t, r, true)
	})
}

// forOtherRowsRule runs f at every level with ReduceRows's four-row rule
// (whole4Rows) set the other way than this processor's default.
func forOtherRowsRule(t *testing.T, f func(t *testing.T)) {
	t.Helper()
	prev := whole4Rows
	defer func() { whole4Rows = prev }()
	whole4Rows = !prev
	t.Run(fmt.Sprintf("whole4Rows=%v", !prev), func(t *testing.T) { forEachLevel(t, f) })
}

// TestReduceRowsShort checks ReduceRows on every row length up to a few
// groups, where the row-by-row kernels mask a row's last partial group
// and the halving steps of a row shorter than the lanes, at every level:
// 1 and 5 rows (which the four-row kernels leave), 16 and 37 (the
// sixteen-row groups of float32 rows of at most 16, and the rows they
// leave), both signs of stride, unaligned starts, NaN guard cells around x
// and dst.
func TestReduceRowsShort(t *testing.T) {
	forEachKernel(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(13, 14))
		checkReduceRowsShort[float32](t, r)
		checkReduceRowsShort[float64](t, r)
	})
}

func checkReduceRowsShort[T Float](t *testing.T, r *rand.Rand) {
	t.Helper()
	for _, op := range []Op{Add, Mul, Max, Min, Add | SkipNaN} {
		for n := 1; n <= 3*FoldLanes[T]()+2; n++ {
			for _, rows := range []int{1, 5, 16, 37} {
				for _, stride := range []int{n, -(n + 2)} {
					for _, start := range []int{0, 1} {
						checkReduceRowsAt[T](t, r, op, n, rows, stride, start, start == 1)
					}
				}
			}
		}
	}
}

// TestReduceRowsShortNaN puts NaNs of two payloads into some of 37 short
// rows (the sixteen-row groups of float32, and the rows left), at every
// position in turn: each row's result must be Reduce's, bit for bit.
func TestReduceRowsShortNaN(t *testing.T) {
	forEachKernel(t, func(t *testing.T) {
		checkReduceRowsShortNaN[float32](t)
		checkReduceRowsShortNaN[float64](t)
	})
}

func checkReduceRowsShortNaN[T Float](t *testing.T) {
	t.Helper()
	const rows = 37
	nan1, nan2 := T(math.Float64frombits(0x7ff8000000000001)), T(math.Float64frombits(0xfff8000000000002))
	if sizeOf[T]() == 4 {
		nan1, nan2 = T(math.Float32frombits(0x7fc00001)), T(math.Float32frombits(0xffc00002))
	}
	for _, op := range []Op{Add, Mul, Max, Min} {
		for _, n := range []int{1, 2, 3, 5, 8, 10, 15, 16} {
			for j := range n {
				x := make([]T, rows*n)
				for i := range x {
					x[i] = T(i%7) - 3
				}
				for r := 0; r < rows; r += 3 { // a NaN at j of every third row
					x[r*n+j] = nan1
					if r%2 == 0 { // and another at the last position of half of them
						x[r*n+n-1] = nan2
					}
				}
				dst := make([]T, rows)
				noErr(t, ReduceRows(op, dst, x, 0, n, n))
				for r := range dst {
					want, err := Reduce(op, x[r*n:(r+1)*n])
					noErr(t, err)
					if !sameBits([]T{dst[r]}, []T{want}) {
						t.Fatalf("%T %v n=%d NaN at %d: dst[%d] = %v, want %v", dst, op, n, j, r, dst[r], want)
					}
				}
			}
		}
	}
}

// TestReduceRowsNaN, under both settings of the four-row rule (the other
// one than this processor's at every level), puts a NaN in each row in turn, and two with distinct
// payloads in one, where the four-row kernels fold (the first group, the
// loop over four groups, the loop over one), and NaNs in two rows at once:
// every row's result must be Reduce's, the first NaN of that row.
func TestReduceRowsNaN(t *testing.T) {
	check := func(t *testing.T) {
		checkReduceRowsNaN[float32](t)
		checkReduceRowsNaN[float64](t)
	}
	forEachKernel(t, check)
	forOtherRowsRule(t, check)
}

func checkReduceRowsNaN[T Float](t *testing.T) {
	t.Helper()
	const rows = 9 // two rounds of four rows and one left
	lanes := FoldLanes[T]()
	nan1, nan2 := T(math.Float64frombits(0x7ff8000000000001)), T(math.Float64frombits(0xfff8000000000002))
	if sizeOf[T]() == 4 {
		nan1, nan2 = T(math.Float32frombits(0x7fc00001)), T(math.Float32frombits(0xffc00002))
	}
	// 4 groups: the first and three single ones; 7: the first, four at
	// once, two single ones; then rows with a partial group (the
	// row-by-row kernels): shorter than the lanes, a group and a part,
	// five groups and a part.
	for _, n := range []int{4 * lanes, 7 * lanes, 5, lanes - 3, lanes + 1, 5*lanes + lanes/2 + 1} {
		for _, rowSet := range [][]int{{0}, {1}, {2}, {3}, {4}, {7}, {8}, {1, 2}, {0, 3}, {2, 5}, {7, 8}} {
			for _, pos := range []int{0, lanes - 1, lanes, 2*lanes + 5, 5*lanes + 1, n - 1} {
				if pos >= n {
					continue
				}
				x := make([]T, rows*n)
				for i := range x {
					x[i] = T(i%9) - 4
				}
				for _, row := range rowSet {
					x[row*n+pos] = nan1
					if pos+1 < n {
						x[row*n+pos+1] = nan2
					}
				}
				for _, op := range []Op{Add, Mul, Max, Min} {
					dst := make([]T, rows)
					noErr(t, ReduceRows(op, dst, x, 0, n, n))
					for k := range dst {
						want, _ := Reduce(op, x[k*n:(k+1)*n])
						if !sameBits([]T{dst[k]}, []T{want}) {
							t.Fatalf("%T %v n=%d, NaNs in rows %v at %d: dst[%d] = %v, want %v", dst, op, n, rowSet, pos, k, dst[k], want)
						}
					}
				}
			}
		}
	}
}

func TestReduceRowsErrors(t *testing.T) {
	x := make([]float64, 100)
	dst := []float64{-1, -2, -3, -4}
	for _, c := range []struct {
		name           string
		op             Op
		off, stride, n int
		want           error
	}{
		{"Sub", Sub, 0, 10, 10, ErrArg},
		{"op 9", Op(9), 0, 10, 10, ErrArg},
		{"no elements", Add, 0, 10, 0, ErrArg},
		{"negative n", Add, 0, 10, -1, ErrArg},
		{"last row past the end", Add, 0, 31, 8, ErrRange},
		{"first row before the start", Add, -1, 10, 10, ErrRange},
		{"backwards past the start", Add, 20, -7, 10, ErrRange},
		{"row longer than x", Add, 0, 0, 101, ErrRange},
	} {
		err := ReduceRows(c.op, dst, x, c.off, c.stride, c.n)
		if !errors.Is(err, c.want) {
			t.Errorf("%s: err %v, want %v", c.name, err, c.want)
		}
		if dst[0] != -1 || dst[3] != -4 {
			t.Fatalf("%s: dst written on error: %v", c.name, dst)
		}
	}
	// The exact boundary: the last row ends at the last element.
	noErr(t, ReduceRows(Add, dst, x, 1, 30, 9))
	errIs(t, ReduceRows(Add, dst, x, 2, 30, 9), ErrRange)
	noErr(t, ReduceRows(Add, dst, x, 90, -30, 10))
	errIs(t, ReduceRows(Add, dst, x, 89, -30, 10), ErrRange)
	noErr(t, ReduceRows(Add, nil, x, 1000, 1, 1)) // no rows: nothing to check
}

func TestReduceRowsDoesNotAllocate(t *testing.T) {
	x := make([]float32, 8*1024)
	dst := make([]float32, 8)
	forEachKernel(t, func(t *testing.T) {
		if n := testing.AllocsPerRun(20, func() { _ = ReduceRows(Add, dst, x, 0, 1024, 1024) }); n != 0 {
			t.Fatalf("%v allocations", n)
		}
	})
}
