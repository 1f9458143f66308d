package simd

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

// reduceRef is the definition of Reduce, written out: lanes filled from
// the first elements, element i into lane i mod L, then halving over the
// lanes x filled.
func reduceRef[T Float](op Op, x []T) T {
	lanes := 128 / int(sizeOf[T]())
	acc := make([]T, lanes)
	m := min(len(x), lanes)
	copy(acc, x[:m])
	for i := m; i < len(x); i++ {
		acc[i%lanes] = arithRef(op, acc[i%lanes], x[i])
	}
	for w := lanes / 2; w >= 1; w /= 2 {
		for j := 0; j < w && j+w < m; j++ {
			acc[j] = arithRef(op, acc[j], acc[j+w])
		}
	}
	return acc[0]
}

// reduceValues returns n values whose sums round differently in another
// order (magnitudes over 2^20), with a special value (NaN, ±0, ±Inf) now
// and then when specials is set: none, one or two of them at random
// places.
func reduceValues[T Float](r *rand.Rand, n int, specials bool) []T {
	x := make([]T, n)
	for i := range x {
		// A power of two from 2^-4 to 2^15: exactly math.Ldexp's scaling,
		// at a fraction of its cost (most of the row tests' time went to
		// drawing their values).
		x[i] = T(r.NormFloat64() * float64(uint64(1)<<r.UintN(20)) / 16)
	}
	if specials && n > 0 {
		addSpecials(r, x)
	}
	return x
}

// addSpecials puts none, one or two special values (NaN, ±0, ±Inf) at
// random places of x, one on average.
func addSpecials[T Float](r *rand.Rand, x []T) {
	special := [...]float64{math.NaN(), 0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1)}
	for k := r.IntN(3); k > 0; k-- {
		x[r.IntN(len(x))] = T(special[r.IntN(len(special))])
	}
}

// skipRef returns the op and input whose plain reduction defines op's:
// for Add|SkipNaN, Add over a copy of x with every NaN replaced by +0
// (what ReplaceNaN gives); otherwise op without Stream, and x.
func skipRef[T Float](op Op, x []T) (Op, []T) {
	op &^= Stream
	if op&SkipNaN == 0 {
		return op, x
	}
	y := make([]T, len(x))
	for i, e := range x {
		if e != e {
			e = 0
		}
		y[i] = e
	}
	return op &^ SkipNaN, y
}

// addNaNs sets about a third of x to NaN for op Add|SkipNaN, and nothing
// otherwise.
func addNaNs[T Float](r *rand.Rand, op Op, x []T) {
	if op&SkipNaN == 0 {
		return
	}
	for i := range x {
		if r.IntN(3) == 0 {
			x[i] = T(math.NaN())
		}
	}
}

func checkReduceLevel[T Float](t *testing.T, r *rand.Rand) {
	t.Helper()
	lengths := []int{}
	for n := 1; n <= 70; n++ {
		lengths = append(lengths, n)
	}
	lengths = append(lengths, 127, 128, 129, 160, 256, 1000, 4096, arithChunk, 2*arithChunk+37)
	for _, op := range []Op{Add, Mul, Max, Min, Add | Stream, Add | SkipNaN} {
		for _, n := range lengths {
			for _, off := range []int{0, 1, 3} {
				const guard = 5
				buf := reduceValues[T](r, off+n+guard, op&^Stream != Mul)
				addNaNs(r, op, buf)
				if op&^Stream == Mul { // products near 1, no overflow
					for i := range buf {
						buf[i] = T(1 + math.Ldexp(float64(buf[i]), -24))
					}
				}
				for i := off + n; i < len(buf); i++ {
					buf[i] = T(math.NaN()) // guard cells: reading one shows
				}
				for i := range off {
					buf[i] = T(math.NaN())
				}
				x := buf[off : off+n]
				got, err := Reduce(op, x)
				noErr(t, err)
				if want := reduceRef(skipRef(op, x)); !sameBits([]T{got}, []T{want}) {
					t.Fatalf("%v of %d elements at offset %d: got %v, want %v", op, n, off, got, want)
				}
			}
		}
	}
}

// TestReduceLevels checks Reduce at every level against its definition:
// lengths 1-70 and past a chunk, unaligned starts, NaN guard cells around
// the input, and NaN, ±0 and ±Inf among the values.
func TestReduceLevels(t *testing.T) {
	forEachKernel(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(1, 2))
		checkReduceLevel[float32](t, r)
		checkReduceLevel[float64](t, r)
		checkReduceLevel[kelvin](t, r)
	})
}

type kelvin float32

// TestReduceNaN pins NaN propagation wherever the NaN is.
func TestReduceNaN(t *testing.T) {
	forEachKernel(t, func(t *testing.T) {
		for _, n := range []int{1, 31, 32, 33, 100} {
			for pos := 0; pos < n; pos += 7 {
				x := make([]float32, n)
				for i := range x {
					x[i] = float32(i)
				}
				x[pos] = float32(math.NaN())
				for _, op := range []Op{Add, Mul, Max, Min} {
					got, _ := Reduce(op, x)
					if got == got {
						t.Fatalf("%v of %d with NaN at %d: got %v", op, n, pos, got)
					}
				}
			}
		}
	})
}

// TestReduceSkipNaN pins Add|SkipNaN's rules where they differ from
// replacing NaN: none do, but the partial sums are not fixed (a NaN that
// Inf - Inf makes stays), every NaN gives +0 and -0 alone stays -0.
func TestReduceSkipNaN(t *testing.T) {
	nan, inf := float32(math.NaN()), float32(math.Inf(1))
	negz := float32(math.Copysign(0, -1))
	forEachKernel(t, func(t *testing.T) {
		for _, n := range []int{1, 2, 31, 32, 33, 64, 100, 8192} {
			x := make([]float32, n)
			for i := range x {
				x[i] = nan
			}
			if got, _ := Reduce(Add|SkipNaN, x); got != 0 || math.Signbit(float64(got)) {
				t.Fatalf("%d NaN: got %v, want +0", n, got)
			}
			for i := range x {
				x[i] = negz
			}
			if got, _ := Reduce(Add|SkipNaN, x); got != 0 || !math.Signbit(float64(got)) {
				t.Fatalf("%d -0: got %v, want -0", n, got)
			}
			x[n-1] = nan
			if got, _ := Reduce(Add|SkipNaN, x); n > 1 && (got != 0 || math.Signbit(float64(got))) {
				t.Fatalf("%d -0 and a NaN: got %v, want +0", n, got)
			}
			if n > 1 {
				x[0], x[n/2] = inf, -inf
				if got, _ := Reduce(Add|SkipNaN, x); got == got {
					t.Fatalf("%d with Inf and -Inf: got %v, want NaN", n, got)
				}
			}
		}
	})
}

func TestReduceErrors(t *testing.T) {
	_, err := Reduce(Sub, []float32{1})
	errIs(t, err, ErrArg)
	for _, op := range []Op{Mul | SkipNaN, Max | SkipNaN, SkipNaN | Sub} {
		_, err = Reduce(op, []float32{1})
		errIs(t, err, ErrArg)
		errIs(t, ReduceRows(op, []float32{0}, []float32{1}, 0, 1, 1), ErrArg)
		errIs(t, FoldRows(op, []float32{0}, []float32{1}, []float32{1}, 0, 1, 1), ErrArg)
	}
	errIs(t, Binary(Add|SkipNaN, []float32{0}, []float32{1}, []float32{1}), ErrArg)
	if s := (Add | SkipNaN | Stream).String(); s != "Add|SkipNaN|Stream" {
		t.Fatal(s)
	}
	_, err = Reduce(Op(9), []float32{1})
	errIs(t, err, ErrArg)
	_, err = Reduce[float64](Add, nil)
	errIs(t, err, ErrArg)
	if !errors.Is(err, ErrArg) || err.Error() != "simd: Reduce: no elements" {
		t.Fatal(err)
	}
	if FoldLanes[float32]() != 32 || FoldLanes[float64]() != 16 {
		t.Fatal("FoldLanes")
	}
}

// TestReduceDoesNotAllocate: the accumulators stay on the stack at every
// level (through a func value they escaped, one allocation per call).
func TestReduceDoesNotAllocate(t *testing.T) {
	x := make([]float32, 1000)
	forEachKernel(t, func(t *testing.T) {
		if n := testing.AllocsPerRun(20, func() { _, _ = Reduce(Add, x) }); n != 0 {
			t.Fatalf("%v allocations", n)
		}
	})
}

// TestReduceTies checks Max and Min bit for bit on long runs of ties:
// -0 and +0, and quiet NaNs with distinct payloads, among few values.
// Their kernels combine groups of x before the accumulator; the twin's
// selection (the last of the largest, or the first NaN) makes that give
// the sequential fold's bits, and this pins it.
func TestReduceTies(t *testing.T) {
	forEachKernel(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(7, 8))
		nan1 := math.Float32frombits(0x7fc00001)
		nan2 := math.Float32frombits(0xffc00002)
		for _, n := range []int{128, 129, 200, 512, 513, 640, 1000, 2*arithChunk + 37} {
			for _, nanRate := range []int{0, 1, n / 3, n} { // NaNs per n elements, roughly
				for range 4 {
					vals := []float32{0, float32(math.Copysign(0, -1)), 1, -1}
					x := make([]float32, n)
					for i := range x {
						x[i] = vals[r.IntN(len(vals))]
						if r.IntN(n) < nanRate {
							x[i] = []float32{nan1, nan2}[r.IntN(2)]
						}
					}
					for _, op := range []Op{Max, Min} {
						got, err := Reduce(op, x)
						noErr(t, err)
						if want := reduceRef(op, x); math.Float32bits(got) != math.Float32bits(want) {
							t.Fatalf("%v of %d ties: got %#x, want %#x", op, n, math.Float32bits(got), math.Float32bits(want))
						}
						x64 := make([]float64, n)
						for i, v := range x {
							x64[i] = float64(v)
						}
						got64, err := Reduce(op, x64)
						noErr(t, err)
						if want := reduceRef(op, x64); math.Float64bits(got64) != math.Float64bits(want) {
							t.Fatalf("%v of %d float64 ties: got %#x, want %#x", op, n, math.Float64bits(got64), math.Float64bits(want))
						}
					}
				}
			}
		}
	})
}

// TestReduceNaNPayloads puts a NaN, and a second with another payload just
// after it, at every kind of place a Max or Min kernel reads: the first
// group (a whole-run kernel's starting accumulators), each of the four
// groups of a regrouped step, the single-group loop, the Go tail, and past
// a chunk. The result must be the twin's (the first NaN) bit for bit, so
// whatever pass a kernel makes before it meets a NaN must not leak into
// the result.
func TestReduceNaNPayloads(t *testing.T) {
	forEachKernel(t, func(t *testing.T) {
		for _, n := range []int{32, 96, 160, 544, 608, 4096, 4100, arithChunk + 160} {
			poss := []int{0, 1, 31, 32, 33, 127, 128, 129, 255, 256, 383, 384, 511, 512, 513, n / 2, n - 2, n - 1}
			for _, pos := range poss {
				if pos < 0 || pos >= n {
					continue
				}
				testNaNAt[float32](t, n, pos)
				testNaNAt[float64](t, n, pos)
			}
		}
	})
}

func testNaNAt[T Float](t *testing.T, n, pos int) {
	t.Helper()
	nans := [2]T{T(math.Float32frombits(0x7fc00001)), T(math.Float32frombits(0xffc00002))}
	if sizeOf[T]() == 8 {
		nans = [2]T{T(math.Float64frombits(0x7ff8000000000001)), T(math.Float64frombits(0xfff8000000000002))}
	}
	for _, order := range [][2]int{{0, 1}, {1, 0}} {
		x := make([]T, n)
		for i := range x {
			x[i] = T(i%7) - 3
		}
		x[pos] = nans[order[0]]
		if pos+1 < n {
			x[pos+1] = nans[order[1]]
		}
		for _, op := range []Op{Max, Min} {
			got, err := Reduce(op, x)
			noErr(t, err)
			if want := reduceRef(op, x); !sameBits([]T{got}, []T{want}) {
				t.Fatalf("%T %v of %d, NaN at %d: got %v, want %v (bits %x, %x)", x[0], op, n, pos, got, want, rawBytes([]T{got}), rawBytes([]T{want}))
			}
		}
	}
}
