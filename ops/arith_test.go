package ops_test

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tessera-go/tessera/internal/naive"
	"github.com/tessera-go/tessera/internal/testint"
	"github.com/tessera-go/tessera/internal/testkit"
	"github.com/tessera-go/tessera/internal/testlevel"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// randomOperand returns a view of shape, laid out by testkit.RandomView
// (permuted, sliced with a step, flipped, broadcast from size 1) over a new
// buffer of elements drawn by gen, up to two of them past the view's end,
// and its values as a naive array.
func randomOperand[T tensor.Element](r *rand.Rand, shape []int, gen func(*rand.Rand) T) (tensor.View[T], naive.Array[T]) {
	l := testkit.RandomView(r, shape)
	_, hi := l.Span()
	data := make([]T, hi+r.IntN(3))
	for i := range data {
		data[i] = gen(r)
	}
	v := tensor.Must(tensor.NewView(data, l))
	return v, values(v)
}

// values reads v into a naive array with At, the definition of a view's
// elements.
func values[T tensor.Element](v tensor.View[T]) naive.Array[T] {
	a := naive.Array[T]{Shape: v.Shape(), Data: make([]T, v.Size())}
	for i, idx := range naive.Indices(a.Shape) {
		a.Data[i] = v.At(idx...)
	}
	return a
}

// randomPair returns two random shapes that broadcast: suffixes of one
// shape with some axes set to 1, some of size 0 now and then.
func randomPair(r *rand.Rand) (a, b []int) {
	rank := r.IntN(5)
	shape := make([]int, rank)
	for k := range shape {
		shape[k] = 1 + r.IntN(6)
		if r.IntN(25) == 0 {
			shape[k] = 0
		}
	}
	pick := func() []int {
		s := slices.Clone(shape[r.IntN(rank+1):])
		for k := range s {
			if r.IntN(4) == 0 {
				s[k] = 1
			}
		}
		return s
	}
	return pick(), pick()
}

type binCase[T tensor.Number] struct {
	name string
	op   func(a, b tensor.View[T]) (tensor.Tensor[T], error)
	into func(dst, a, b tensor.View[T]) error
	f    func(x, y T) T
}

func arithCases[T tensor.Number]() []binCase[T] {
	return []binCase[T]{
		{"Add", ops.Add[T, tensor.View[T], tensor.View[T]], ops.AddInto[T, tensor.View[T], tensor.View[T], tensor.View[T]], func(x, y T) T { return x + y }},
		{"Sub", ops.Sub[T, tensor.View[T], tensor.View[T]], ops.SubInto[T, tensor.View[T], tensor.View[T], tensor.View[T]], func(x, y T) T { return x - y }},
		{"Mul", ops.Mul[T, tensor.View[T], tensor.View[T]], ops.MulInto[T, tensor.View[T], tensor.View[T], tensor.View[T]], func(x, y T) T { return x * y }},
		{"Div", ops.Div[T, tensor.View[T], tensor.View[T]], ops.DivInto[T, tensor.View[T], tensor.View[T], tensor.View[T]], func(x, y T) T { return x / y }},
		{"Zip", func(a, b tensor.View[T]) (tensor.Tensor[T], error) {
			return ops.Zip(a, b, func(x, y T) T { return 3*x - y })
		}, func(d, a, b tensor.View[T]) error {
			return ops.ZipInto(d, a, b, func(x, y T) T { return 3*x - y })
		}, func(x, y T) T { return 3*x - y }},
	}
}

func realCases[T tensor.Real]() []binCase[T] {
	return append(arithCases[T](),
		binCase[T]{"Maximum", ops.Maximum[T, tensor.View[T], tensor.View[T]], ops.MaximumInto[T, tensor.View[T], tensor.View[T], tensor.View[T]], func(x, y T) T {
			if x > y || x != x {
				return x
			}
			return y
		}},
		binCase[T]{"Minimum", ops.Minimum[T, tensor.View[T], tensor.View[T]], ops.MinimumInto[T, tensor.View[T], tensor.View[T], tensor.View[T]], func(x, y T) T {
			if x < y || x != x {
				return x
			}
			return y
		}})
}

// equalValues compares elementwise, NaN equal to NaN.
func equalValues[T tensor.Number](a, b []T) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] && (a[i] == a[i] || b[i] == b[i]) {
			return false
		}
	}
	return true
}

// checkBinary runs each case on random operand pairs against naive.Zip,
// both forms, with the Into form writing into a random view.
func checkBinary[T tensor.Number](t *testing.T, cases []binCase[T], gen func(*rand.Rand) T) {
	r := rand.New(rand.NewPCG(1, 2))
	for iter := range 400 {
		ash, bsh := randomPair(r)
		a, ra := randomOperand(r, ash, gen)
		b, rb := randomOperand(r, bsh, gen)
		shape, _ := naive.BroadcastShape(ash, bsh)
		for _, c := range cases {
			want, _ := naive.Zip(ra, rb, c.f)
			got, err := c.op(a, b)
			require.NoError(t, err, "%s %d: %v %v", c.name, iter, ash, bsh)
			require.Equal(t, shape, got.Shape())
			require.True(t, equalValues(want.Data, got.Data()), "%s %d: %v op %v: got %v want %v", c.name, iter, a, b, got.Data(), want.Data)
			// Into a random non-overlapping view of the shape.
			dv, _ := randomOperand(r, shape, gen)
			if dv.Layout().Overlapping() {
				dv = tensor.Must(tensor.New[T](shape...)).View()
			}
			require.NoError(t, c.into(dv, a, b), "%s %d", c.name, iter)
			require.True(t, equalValues(want.Data, values(dv).Data), "%s Into %d", c.name, iter)
		}
	}
}

func TestArithRandom(t *testing.T) {
	// Divisors never zero, so that integer Div is defined.
	nonzero := func(x int) int {
		if x == 0 {
			return 1
		}
		return x
	}
	t.Run("float64", func(t *testing.T) {
		checkBinary(t, realCases[float64](), func(r *rand.Rand) float64 {
			if r.IntN(50) == 0 {
				return math.NaN()
			}
			return float64(r.IntN(200)-100) / 8
		})
	})
	t.Run("float32", func(t *testing.T) {
		checkBinary(t, realCases[float32](), func(r *rand.Rand) float32 { return float32(r.IntN(200)-100) / 4 })
	})
	t.Run("int8", func(t *testing.T) {
		checkBinary(t, realCases[int8](), func(r *rand.Rand) int8 { return int8(nonzero(r.IntN(256) - 128)) })
	})
	t.Run("uint16", func(t *testing.T) {
		checkBinary(t, realCases[uint16](), func(r *rand.Rand) uint16 { return uint16(nonzero(r.IntN(1 << 16))) })
	})
	t.Run("int", func(t *testing.T) {
		checkBinary(t, realCases[int](), func(r *rand.Rand) int { return nonzero(r.IntN(2000) - 1000) })
	})
	t.Run("complex128", func(t *testing.T) {
		checkBinary(t, arithCases[complex128](), func(r *rand.Rand) complex128 {
			return complex(float64(r.IntN(9)+1), float64(r.IntN(9)-4))
		})
	})
}

// TestArithOverlap checks Into calls whose inputs share memory with the
// destination against computing from snapshots.
func TestArithOverlap(t *testing.T) {
	base := func() tensor.View[float64] {
		return tensor.Must(tensor.Arange[float64](24)).View()
	}
	m := func(v tensor.View[float64]) tensor.View[float64] { return tensor.Must(v.View(4, 6)) }
	for name, mk := range map[string]func(x tensor.View[float64]) (dst, a, b tensor.View[float64]){
		"in place": func(x tensor.View[float64]) (_, _, _ tensor.View[float64]) { return m(x), m(x), m(x) },
		"flipped input": func(x tensor.View[float64]) (_, _, _ tensor.View[float64]) {
			return m(x), tensor.Must(m(x).Flip(0, 1)), m(x)
		},
		"shifted": func(x tensor.View[float64]) (_, _, _ tensor.View[float64]) {
			return tensor.Must(x.Slice(0, 0, 20, 1)), tensor.Must(x.Slice(0, 4, 24, 1)), tensor.Must(x.Slice(0, 2, 22, 1))
		},
		"transposed": func(x tensor.View[float64]) (_, _, _ tensor.View[float64]) {
			sq := tensor.Must(tensor.Must(x.Slice(0, 0, 16, 1)).View(4, 4))
			return sq, tensor.Must(sq.Transpose(0, 1)), sq
		},
		"broadcast row of dst": func(x tensor.View[float64]) (_, _, _ tensor.View[float64]) {
			return m(x), m(x), tensor.Must(m(x).Select(0, 2))
		},
	} {
		x := base()
		dst, a, b := mk(x)
		want, ok := naive.Zip(values(a), values(b), func(p, q float64) float64 { return p*10 + q })
		require.True(t, ok)
		require.NoError(t, ops.ZipInto(dst, a, b, func(p, q float64) float64 { return p*10 + q }), name)
		assert.Equal(t, want.Data, values(dst).Data, name)
	}
}

// TestArithErrors checks the errors, and that nothing is written on error.
func TestArithErrors(t *testing.T) {
	a := tensor.Must(tensor.Arange[float64](12)).View()
	a = tensor.Must(a.View(3, 4))
	b := tensor.Must(tensor.Arange[float64](5)).View()
	_, err := ops.Add(a, b)
	require.ErrorIs(t, err, layout.ErrShape)
	assert.EqualError(t, err, "ops: Add: shapes [3 4] and [5] do not broadcast")

	dst := tensor.Must(tensor.New[float64](4, 3)).View()
	err = ops.AddInto(dst, a, a)
	require.ErrorIs(t, err, layout.ErrShape)
	assert.EqualError(t, err, "ops: AddInto: destination shape [4 3] does not match the result shape [3 4]")
	row := tensor.Must(tensor.New[float64](4)).View()
	err = ops.AddInto(row, row, a) // dst would have to stretch
	require.ErrorIs(t, err, layout.ErrShape)

	exp := tensor.Must(row.Expand(3, 4))
	err = ops.MulInto(exp, a, a)
	require.ErrorIs(t, err, layout.ErrOverlap)
	assert.Contains(t, err.Error(), "ops: MulInto: destination layout")
	assert.Equal(t, []float64{0, 0, 0, 0}, row.Data(), "nothing written")

	i := tensor.Must(tensor.Arange[int32](12)).View()
	out := tensor.Must(tensor.Full[int32](7, 12)).View()
	err = ops.DivInto(out, i, i) // i[0] == 0
	require.ErrorIs(t, err, ops.ErrDivideByZero)
	assert.EqualError(t, err, "ops: DivInto: integer division by zero: the divisor of shape [12] holds a zero")
	assert.Equal(t, tensor.Must(tensor.Full[int32](7, 12)).Data(), out.Data(), "nothing written")
	_, err = ops.DivScalar(i, 0)
	require.ErrorIs(t, err, ops.ErrDivideByZero)
	f, err := ops.DivScalar(tensor.Must(tensor.Full[float64](1, 2)).View(), 0)
	require.NoError(t, err)
	assert.Equal(t, []float64{math.Inf(1), math.Inf(1)}, f.Data())
	q, err := ops.Div(tensor.Must(tensor.Full[int8](math.MinInt8, 1)).View(), tensor.Must(tensor.Full[int8](-1)).View())
	require.NoError(t, err)
	assert.Equal(t, []int8{math.MinInt8}, q.Data(), "MinInt8 / -1 wraps as in Go")

	one := tensor.Must(tensor.Full[float64](1)).View()
	huge := tensor.Must(one.Expand(testint.Huge)) // 8*Huge bytes overflow int
	_, err = ops.Add(huge, one)
	require.True(t, errors.Is(err, layout.ErrOverflow), "%v", err)
	assert.Contains(t, err.Error(), "ops: Add: result of shape")
}

// TestScalarOps checks the scalar forms against Zip with a rank-0 view.
func TestScalarOps(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 4))
	gen := func(r *rand.Rand) float32 { return float32(r.IntN(100)) - 50 }
	for range 100 {
		shape, _ := randomPair(r)
		v, rv := randomOperand(r, shape, gen)
		s := gen(r) + 0.5
		for _, c := range []struct {
			name string
			op   func(tensor.View[float32], float32) (tensor.Tensor[float32], error)
			into func(dst, v tensor.View[float32], s float32) error
			f    func(x, y float32) float32
		}{
			{"AddScalar", ops.AddScalar[float32, tensor.View[float32]], ops.AddScalarInto[float32, tensor.View[float32], tensor.View[float32]], func(x, y float32) float32 { return x + y }},
			{"SubScalar", ops.SubScalar[float32, tensor.View[float32]], ops.SubScalarInto[float32, tensor.View[float32], tensor.View[float32]], func(x, y float32) float32 { return x - y }},
			{"MulScalar", ops.MulScalar[float32, tensor.View[float32]], ops.MulScalarInto[float32, tensor.View[float32], tensor.View[float32]], func(x, y float32) float32 { return x * y }},
			{"DivScalar", ops.DivScalar[float32, tensor.View[float32]], ops.DivScalarInto[float32, tensor.View[float32], tensor.View[float32]], func(x, y float32) float32 { return x / y }},
		} {
			want, _ := naive.Zip(rv, naive.Array[float32]{Data: []float32{s}}, c.f)
			got, err := c.op(v, s)
			require.NoError(t, err)
			require.Equal(t, want.Data, got.Data(), c.name)
			dst := tensor.Must(tensor.New[float32](shape...)).View()
			require.NoError(t, c.into(dst, v, s))
			require.Equal(t, want.Data, values(dst).Data, c.name)
		}
		m, err := ops.Map(v, func(x float32) float32 { return -x })
		require.NoError(t, err)
		for i, x := range rv.Data {
			require.Equal(t, -x, m.Data()[i])
		}
	}
}

// FuzzBroadcast computes random broadcasting expressions on random views,
// (a + b) * c - max(a, c) and in place into a random destination, against
// the naive reference.
func FuzzBroadcast(f *testing.F) {
	for i := range uint64(8) {
		f.Add(i, i*7+1)
	}
	f.Fuzz(func(t *testing.T, s1, s2 uint64) {
		r := rand.New(rand.NewPCG(s1, s2))
		gen := func(r *rand.Rand) float64 { return float64(r.IntN(40) - 20) }
		ash, bsh := randomPair(r)
		csh, _ := randomPair(r)
		if _, ok := naive.BroadcastShape(ash, csh); !ok {
			csh = ash
		}
		a, ra := randomOperand(r, ash, gen)
		b, rb := randomOperand(r, bsh, gen)
		c, rc := randomOperand(r, csh, gen)
		sum, ok := naive.Zip(ra, rb, func(x, y float64) float64 { return x + y })
		if !ok {
			t.Fatalf("randomPair gave %v and %v", ash, bsh)
		}
		want, ok := naive.Zip(sum, rc, func(x, y float64) float64 { return x * y })
		if !ok {
			_, err := ops.Mul(tensor.Must(ops.Add(a, b)).View(), c)
			if !errors.Is(err, layout.ErrShape) {
				t.Fatalf("shapes %v %v %v: want ErrShape, got %v", ash, bsh, csh, err)
			}
			return
		}
		m, _ := naive.Zip(ra, rc, func(x, y float64) float64 { return max(x, y) })
		want, ok = naive.Zip(want, m, func(x, y float64) float64 { return x - y })
		if !ok {
			return
		}
		s := tensor.Must(ops.Add(a, b))
		p := tensor.Must(ops.Mul(s.View(), c))
		mx := tensor.Must(ops.Maximum(a, c))
		got, err := ops.Sub(p.View(), mx.View())
		if err != nil {
			t.Fatalf("Sub: %v", err)
		}
		if !slices.Equal(want.Data, got.Data()) {
			t.Fatalf("%v %v %v: got %v, want %v", ash, bsh, csh, got.Data(), want.Data)
		}
		// In place: p -= mx, p a random view of the result's shape.
		dst, _ := randomOperand(r, got.Shape(), gen)
		if dst.Layout().Overlapping() {
			return
		}
		if err := dst.CopyFrom(p.View()); err != nil {
			t.Fatal(err)
		}
		if err := ops.SubInto(dst, dst, mx.View()); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(want.Data, values(dst).Data) {
			t.Fatalf("in place: got %v, want %v", values(dst).Data, want.Data)
		}
	})
}

// TestArithStaged runs operations large enough for a strided input to be
// staged through buffers (transposed, stepped, flipped inputs), on one and
// on several goroutines, against the naive reference.
func TestArithStaged(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	gen := func(r *rand.Rand) float32 { return float32(r.IntN(64)) }
	iters := 14
	if testing.Short() {
		iters = 7 // each shape once
	}
	for iter := range iters {
		shape := [][]int{{130, 150}, {3, 100, 70}, {1000, 17}, {17, 1000}, {2, 9000}, {700, 600}, {1, 1, 200, 90}}[iter%7]
		var a, b tensor.View[float32]
		var ra, rb naive.Array[float32]
		for range 100 { // until an input is staged
			a, ra = randomOperand(r, shape, gen)
			b, rb = randomOperand(r, shape[r.IntN(len(shape)):], gen)
			if staged(a, b) {
				break
			}
		}
		require.True(t, staged(a, b), "no staged input for %v in 100 draws", shape)
		if iter%2 == 1 {
			a, b = b, a
			ra, rb = rb, ra
		}
		for _, procs := range []int{1, 2} {
			old := tensor.SetParallelism(procs)
			for _, c := range realCases[float32]() {
				want, ok := naive.Zip(ra, rb, c.f)
				require.True(t, ok)
				got, err := c.op(a, b)
				require.NoError(t, err)
				require.True(t, equalValues(want.Data, got.Data()), "%s %d: %v op %v", c.name, iter, a.Layout(), b.Layout())
			}
			tensor.SetParallelism(old)
		}
	}
}

// staged reports whether a binary operation on a and b into a row-major
// destination stages an input: whether the innermost runs of one of them
// are neither unit-stride nor broadcast.
func staged[T tensor.Number](a, b tensor.View[T]) bool {
	shape, _ := naive.BroadcastShape(a.Shape(), b.Shape())
	dst, err := layout.RowMajor(shape...)
	if err != nil {
		return false
	}
	it, err := layout.NewIter(dst, a.Layout(), b.Layout())
	if err != nil {
		return false
	}
	inc := it.Inc()
	return inc[0] == 1 && (inc[1] != 0 && inc[1] != 1 || inc[2] != 0 && inc[2] != 1)
}

// TestSmallAllocs pins the allocations of a small Into call: the shapes
// the checks copy out of the layouts and the broadcast shape, nothing per
// element, per run or per kernel. (A regression from 15 allocations,
// when each call built its kernels from function values.)
func TestSmallAllocs(t *testing.T) {
	a := tensor.Must(tensor.New[float32](64, 64)).View()
	b := tensor.Must(tensor.New[float32](64)).View()
	out := tensor.Must(tensor.New[float32](64, 64)).View()
	at := tensor.Must(a.Transpose(0, 1))
	for _, c := range []struct {
		name string
		max  float64
		f    func()
	}{
		{"AddInto", 5, func() { _ = ops.AddInto(out, a, a) }},
		{"AddInto bias", 5, func() { _ = ops.AddInto(out, a, b) }},
		{"AddInto transposed", 5, func() { _ = ops.AddInto(out, a, at) }},
		{"MaximumInto in place", 5, func() { _ = ops.MaximumInto(out, out, a) }},
		{"MulScalarInto", 3, func() { _ = ops.MulScalarInto(out, a, 2) }},
		{"NegInto", 2, func() { _ = ops.NegInto(out, a) }},
	} {
		if got := testing.AllocsPerRun(20, c.f); got > c.max {
			t.Errorf("%s: %v allocations, want at most %v", c.name, got, c.max)
		}
	}
}

type kelvin float32

// TestArithLevels runs the float operations at every SIMD level on shapes
// whose runs are long enough for the vector kernels (and their tails), on
// random view chains, against the naive reference: the kernels of package
// simd as ops drives them, vector-vector, vector-scalar (a broadcast
// operand, or a scalar op) and scalar-vector.
func TestArithLevels(t *testing.T) {
	shapes := [][2][]int{
		{{3, 37}, {3, 37}},
		{{70}, {70}},
		{{5, 1, 33}, {4, 1}},
		{{2, 65}, {1}},
		{{1, 19}, {6, 1}},
		{{128, 40}, {40}},
	}
	testlevel.ForEachLevel(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(3, 4))
		gen64 := func(r *rand.Rand) float64 {
			if r.IntN(30) == 0 {
				return math.NaN()
			}
			return float64(r.IntN(200)-100) / 8
		}
		gen32 := func(r *rand.Rand) float32 { return float32(gen64(r)) }
		genK := func(r *rand.Rand) kelvin { return kelvin(gen64(r)) }
		for _, sh := range shapes {
			for range 4 {
				checkLevelCase(t, r, sh, realCases[float64](), gen64)
				checkLevelCase(t, r, sh, realCases[float32](), gen32)
				checkLevelCase(t, r, sh, realCases[kelvin](), genK)
			}
		}
	})
}

func checkLevelCase[T tensor.Real](t *testing.T, r *rand.Rand, sh [2][]int, cases []binCase[T], gen func(*rand.Rand) T) {
	t.Helper()
	a, ra := randomOperand(r, sh[0], gen)
	b, rb := randomOperand(r, sh[1], gen)
	shape, _ := naive.BroadcastShape(sh[0], sh[1])
	for _, c := range cases {
		want, _ := naive.Zip(ra, rb, c.f)
		got, err := c.op(a, b)
		require.NoError(t, err)
		require.True(t, equalValues(want.Data, got.Data()), "%s %v %v", c.name, sh[0], sh[1])
		// b op a: the broadcast operand on the other side.
		want, _ = naive.Zip(rb, ra, c.f)
		got, err = c.op(b, a)
		require.NoError(t, err)
		require.True(t, equalValues(want.Data, got.Data()), "%s %v %v swapped", c.name, sh[1], sh[0])
		// In place into a contiguous copy of the result.
		dst := tensor.Must(tensor.New[T](shape...)).View()
		require.NoError(t, dst.CopyFrom(a))
		want, _ = naive.Zip(values(dst), rb, c.f)
		require.NoError(t, c.into(dst, dst, b))
		require.True(t, equalValues(want.Data, values(dst).Data), "%s in place %v %v", c.name, sh[0], sh[1])
	}
	s := gen(r)
	want, _ := naive.Zip(ra, naive.Array[T]{Data: []T{s}}, func(x, y T) T { return x - y })
	got, err := ops.SubScalar(a, s)
	require.NoError(t, err)
	require.True(t, equalValues(want.Data, got.Data()), "SubScalar %v", sh[0])
}

// TestBinaryRepeatedRuns runs operations of [N, n] matrices with a row of
// n elements broadcast over the rows, as either operand (a bias, or what a
// matrix is subtracted from), where short rows are computed many at a
// time against copies of the row: n from 1 to 33, N below, at and above
// the rows computed at once, in place too, against the naive reference.
func TestBinaryRepeatedRuns(t *testing.T) {
	if raceEnabled {
		t.Skip("no goroutines: the operands have at most 1000x33 elements (8.6 s under the race detector)")
	}
	r := rand.New(rand.NewPCG(21, 22))
	checkRepeatedRuns[float32](t, r, realCases[float32]())
	checkRepeatedRuns[int16](t, r, arithCases[int16]()[:3])
	checkRepeatedRuns[float64](t, r, arithCases[float64]()[:2])
}

func checkRepeatedRuns[T tensor.Real](t *testing.T, r *rand.Rand, cases []binCase[T]) {
	t.Helper()
	gen := func(r *rand.Rand) T { return T(r.IntN(9) + 1) }
	for n := 1; n <= 33; n++ {
		for _, rows := range []int{1, 5, 128/n - 1, 128 / n, 128/n + 1, 3*(128/n) + 2, 1000} {
			if rows < 1 {
				continue
			}
			m, rm := randomOperand(r, []int{rows, n}, gen)
			row, rr := randomOperand(r, []int{n}, gen)
			for _, c := range cases {
				for _, swap := range []bool{false, true} {
					a, b, ra, rb := m, row, rm, rr
					if swap {
						a, b, ra, rb = row, m, rr, rm
					}
					want, ok := naive.Zip(ra, rb, c.f)
					require.True(t, ok)
					got, err := c.op(a, b)
					require.NoError(t, err)
					require.True(t, equalValues(want.Data, got.Data()), "%s [%d,%d] swap=%v", c.name, rows, n, swap)
					// In place into the matrix operand, a contiguous copy.
					full := tensor.Must(tensor.New[T](rows, n))
					require.NoError(t, full.View().CopyFrom(m))
					ia, ib := full.View(), row
					if swap {
						ia, ib = row, full.View()
					}
					require.NoError(t, c.into(full.View(), ia, ib))
					require.True(t, equalValues(want.Data, full.Data()), "%s in place [%d,%d] swap=%v", c.name, rows, n, swap)
				}
			}
		}
	}
}
