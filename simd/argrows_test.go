package simd

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

// argRef is the definition ArgRows meets: the first index of the row's
// largest (smallest) element, -0 equal to +0, or of its first NaN.
func argRef[T Float](max bool, row []T) int {
	for i, v := range row {
		if v != v {
			return i
		}
	}
	j := 0
	for i, v := range row {
		if max && v > row[j] || !max && v < row[j] {
			j = i
		}
	}
	return j
}

// argValues returns n values with many ties: integers in [-3, 3], zeros
// of both signs, infinities and, with nans set, a NaN now and then (of
// varied payloads).
func argValues[T Float](r *rand.Rand, n int, nans bool) []T {
	x := make([]T, n)
	for i := range x {
		// One draw per element, its bits split (the modulo bias of 2^64
		// is nothing here): r.IntN per choice took most of the test's time.
		u := r.Uint64()
		switch k := u % 40; {
		case k == 0:
			x[i] = T(math.Inf(1))
		case k == 1:
			x[i] = T(math.Inf(-1))
		case k == 2:
			x[i] = T(math.Copysign(0, -1))
		case k == 3 && nans && u>>8%8 == 0:
			x[i] = T(math.Float64frombits(0x7ff8000000000000 | u>>16%1000))
		default:
			x[i] = T(int(u>>32%7) - 3)
		}
	}
	return x
}

// checkArgRows compares ArgRows with argRef on both ops, row lengths
// 1-70 and longer (the AVX-512 kernels' blocks of four vectors and the
// vectors after them, one row read as four parts, past a kernel call's
// chunk, rows longer than 4 KiB that the short-row kernel takes where
// argShortLong is set, in chunks past argChunk), 0-9 rows and more rows
// than one short-row call takes, strides of every sign, unaligned
// starts, with and without NaNs, and guard cells around idx.
func checkArgRows[T Float](t *testing.T, r *rand.Rand) {
	t.Helper()
	const guard = 3
	type shape struct{ n, rows int }
	var shapes []shape
	for n := 1; n <= 70; n++ {
		for _, rows := range []int{0, 1, 2, 3, 4, 5, 8, 9} {
			shapes = append(shapes, shape{n, rows})
		}
	}
	shapes = append(shapes, shape{80, 4}, shape{95, 5}, shape{144, 4}, shape{160, 1}, shape{336, 4}, shape{128, 4}, shape{257, 5}, shape{1000, 6}, shape{1025, 4}, shape{2049, 5}, shape{4096, 4}, shape{4097, 1}, shape{argChunk + 29, 5}, shape{4*argChunk + 77, 1}, shape{4*argChunk + 64, 4}, shape{1100, 70}, shape{33, 2100})
	for _, s := range shapes {
		for _, stride := range []int{s.n + 3, s.n, -(s.n + 1), 0} {
			for _, start := range []int{0, 1, 3} {
				span := max(s.rows-1, 0) * stride
				if span < 0 {
					span = -span
				}
				for _, nans := range []bool{false, true} {
					x := argValues[T](r, start+span+s.n, nans)[start:]
					if s.n > 1000 { // one extreme, far in: the chunks and parts must agree
						x[r.IntN(len(x))] = T(math.Inf(1))
						x[r.IntN(len(x))] = T(math.Inf(-1))
					}
					off := 0
					if stride < 0 {
						off = span
					}
					for _, op := range []Op{Max, Min} {
						buf := make([]int, guard+s.rows+guard)
						for i := range buf {
							buf[i] = -7
						}
						idx := buf[guard : guard+s.rows]
						noErr(t, ArgRows(op, idx, x, off, stride, s.n))
						for k := range idx {
							o := off + k*stride
							if want := argRef(op == Max, x[o:o+s.n]); idx[k] != want {
								t.Fatalf("%T %v n=%d rows=%d stride=%d start=%d nans=%v: idx[%d] = %d, want %d",
									x, op, s.n, s.rows, stride, start, nans, k, idx[k], want)
							}
						}
						for _, g := range append(buf[:guard:guard], buf[guard+s.rows:]...) {
							if g != -7 {
								t.Fatalf("%T %v n=%d rows=%d: a guard cell was written", x, op, s.n, s.rows)
							}
						}
					}
				}
			}
		}
	}
}

// TestArgRowsLevels checks ArgRows at every level and with both settings
// of the alignment rule.
func TestArgRowsLevels(t *testing.T) {
	forEachKernel(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(21, 22))
		checkArgRows[float32](t, r)
		checkArgRows[float64](t, r)
		checkArgRows[kelvin](t, r)
	})
}

// TestArgRowsPlaces puts the extreme, a tie of -0 and +0, and NaNs at
// every place of every row of a group of four, where lanes, vectors and
// the parts of one row meet.
func TestArgRowsPlaces(t *testing.T) {
	forEachKernel(t, func(t *testing.T) {
		const n, rows = 96, 4
		nan1, nan2 := math.Float64frombits(0x7ff8000000000001), math.Float64frombits(0xfff8000000000002)
		for row := range rows {
			for pos := range n {
				for c := range 4 {
					x := make([]float64, rows*n)
					for i := range x {
						x[i] = float64(i%5) - 10
					}
					want := pos
					switch c {
					case 0: // one largest
						x[row*n+pos] = 1
					case 1: // -0 then +0 as the largest: the first
						x[row*n+pos] = math.Copysign(0, -1)
						x[row*n+(pos+37)%n] = 0
						want = min(pos, (pos+37)%n)
					case 2: // two NaNs: the first
						x[row*n+pos] = nan1
						x[row*n+(pos+5)%n] = nan2
						want = min(pos, (pos+5)%n)
					case 3: // the largest twice, after a smaller one
						x[row*n+pos] = 2
						x[row*n+(pos+17)%n] = 2
						x[row*n+(pos+50)%n] = 1
						want = min(pos, (pos+17)%n)
					}
					idx := make([]int, rows)
					noErr(t, ArgRows(Max, idx, x, 0, n, n))
					if idx[row] != want {
						t.Fatalf("case %d, row %d at %d: idx %d, want %d", c, row, pos, idx[row], want)
					}
					one := make([]int, 1)
					noErr(t, ArgRows(Max, one, x, row*n, 0, n)) // the row alone: four parts
					if one[0] != want {
						t.Fatalf("case %d, row %d alone at %d: idx %d, want %d", c, row, pos, one[0], want)
					}
					if c == 0 {
						continue
					}
					for i := range x { // the same for Min, mirrored
						if x[i] == x[i] {
							x[i] = -x[i]
						}
					}
					noErr(t, ArgRows(Min, idx, x, 0, n, n))
					if idx[row] != want {
						t.Fatalf("Min, case %d, row %d at %d: idx %d, want %d", c, row, pos, idx[row], want)
					}
				}
			}
		}
	})
}

func TestArgRowsErrors(t *testing.T) {
	x := make([]float32, 100)
	idx := []int{-1, -2, -3, -4}
	for _, c := range []struct {
		name           string
		op             Op
		off, stride, n int
		want           error
	}{
		{"Add", Add, 0, 10, 10, ErrArg},
		{"op 9", Op(9), 0, 10, 10, ErrArg},
		{"no elements", Max, 0, 10, 0, ErrArg},
		{"negative n", Min, 0, 10, -1, ErrArg},
		{"last row past the end", Max, 0, 31, 8, ErrRange},
		{"first row before the start", Max, -1, 10, 10, ErrRange},
		{"backwards past the start", Min, 20, -7, 10, ErrRange},
		{"row longer than x", Max, 0, 0, 101, ErrRange},
	} {
		err := ArgRows(c.op, idx, x, c.off, c.stride, c.n)
		if !errors.Is(err, c.want) {
			t.Errorf("%s: err %v, want %v", c.name, err, c.want)
		}
		if idx[0] != -1 || idx[3] != -4 {
			t.Fatalf("%s: idx written on error: %v", c.name, idx)
		}
	}
	noErr(t, ArgRows(Max, idx, x, 1, 30, 9)) // the last row ends at the last element
	errIs(t, ArgRows(Max, idx, x, 2, 30, 9), ErrRange)
	noErr(t, ArgRows(Max|Stream, idx, x, 90, -30, 10))
	errIs(t, ArgRows(Max, idx, x, 89, -30, 10), ErrRange)
	noErr(t, ArgRows(Max, nil, x, 1000, 1, 1)) // no rows: nothing to check
}

func TestArgRowsDoesNotAllocate(t *testing.T) {
	x := make([]float64, 8*1024)
	idx := make([]int, 8)
	forEachKernel(t, func(t *testing.T) {
		if n := testing.AllocsPerRun(20, func() {
			_ = ArgRows(Max, idx, x, 0, 1024, 1024)
			_ = ArgRows(Min, idx[:1], x, 0, 0, len(x))
		}); n != 0 {
			t.Fatalf("%v allocations", n)
		}
	})
}
