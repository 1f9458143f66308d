package ops_test

import (
	"bytes"
	"fmt"
	"hash/fnv"
	"math"
	"math/bits"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
	"unsafe"

	"github.com/tessera-go/tessera/internal/naive"
	"github.com/tessera-go/tessera/internal/testkit"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// FuzzReduce drives the reductions (Sum, Prod, Max, Min, in their three
// forms) with arguments decoded from the fuzzer's bytes (see rfDecode): an
// element type (float32, float64, int32, uint8, kelvin — a type defined on
// float32, which takes the SIMD path — and int64), an input laid out by
// testkit.DecodeStrided (rank 0 to 5, size-0 axes, negative and zero
// strides, offsets, axes that reach one element twice), an axis list
// (empty: all axes; negative, out of range, extreme and repeated axes), the
// operation, the form — X, XKeepDims, XInto a random view of the dropped
// shape, of the kept shape, of a wrong shape, or of either shape placed in
// the input's own buffer — and a parallelism from 1 to 4.
//
// The expected error is derived from the arguments alone, in the order the
// package documents: layout.ErrAxis for a bad axis, ErrDuplicateAxis for a
// repeated one, layout.ErrShape for a destination of neither shape,
// layout.ErrOverlap for a destination that reaches an element twice,
// ops.ErrEmpty for Max or Min of no elements into one or more, and
// layout.ErrOverflow for a result too large to allocate. A failing call
// must return that error (wrapping the sentinel, prefixed "ops: Op: ") and
// write nothing, to the input or the destination. A succeeding call must
// give the result of naiveReduce: exactly for integers (wrapping around)
// and for Max and Min (NaN where any element is NaN), within the rounding
// bound of a summation tree for float sums (exactly when the elements are
// multiples of 1/8 whose sum is exact) and of n-1 roundings for float
// products; it must leave the input alone (or, writing into its buffer, the
// elements the destination does not reach), and give the same bits, result
// and buffers, at parallelism 1 and at the decoded parallelism. Inputs
// reach the 4 MiB from which a reduction runs on several goroutines:
// broadcast axes of 63, 64, 65 or 200 elements (testkit.Extremes) over
// small buffers.
func FuzzReduce(f *testing.F) {
	for _, seed := range rfSeeds() {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		in := rfDecode(b)
		prod := in.op == rfProd
		switch in.typ {
		case rfF32:
			rfCheck(t, in, rfFloat[float32](prod, in.mode))
		case rfF64:
			rfCheck(t, in, rfFloat[float64](prod, in.mode))
		case rfI32:
			rfCheck(t, in, rfInt32)
		case rfU8:
			rfCheck(t, in, func(x byte, _ float64) uint8 { return x })
		case rfKelvin:
			rfCheck(t, in, rfFloat[kelvin](prod, in.mode))
		default:
			rfCheck(t, in, rfInt64)
		}
	})
}

// The element types, operations (the order of sumCases and maxCases) and
// forms of FuzzReduce.
const (
	rfF32 = iota
	rfF64
	rfI32
	rfU8
	rfKelvin
	rfI64
	rfTypes
)

const (
	rfSum = iota
	rfProd
	rfMax
	rfMin
	rfOps
)

const (
	rfNew        = iota // Sum(v, axes...)
	rfKeepDims          // SumKeepDims(v, axes...)
	rfIntoDrop          // SumInto(dst, v, axes...), dst of the dropped shape
	rfIntoKeep          // dst of the kept shape
	rfIntoWrong         // dst of neither shape: ErrShape
	rfIntoShared        // dst of either shape in the input's buffer
	rfForms
)

var rfFormNames = [rfForms]string{"", "KeepDims", "Into", "Into", "Into", "Into"}

// The limits of what FuzzReduce computes: buffers (the input's and the
// destination's) up to rfMaxBuf elements, inputs up to rfMaxInBytes (past
// par.MinBytes, 4 MiB, so that several goroutines run), results up to
// rfMaxResult elements. Larger calls are made only when they must fail.
// rfMaxAlloc is tensor's documented limit of an allocation, 2^47-1 bytes
// on 64-bit platforms: a larger result must fail with ErrOverflow.
const (
	rfMaxBuf     = 1 << 20
	rfMaxInBytes = 8 << 20
	rfMaxResult  = 1 << 20
	rfMaxAlloc   = min(math.MaxInt, 1<<47-1)
)

// rfInput is a decoded FuzzReduce input.
type rfInput struct {
	typ, op, form, procs int
	mode                 byte // bit 0: float values k/3 rather than k/8; bit 1: NaN, ±Inf and ±0 too
	seed                 byte // of the destination's layout
	shape, strides       []int
	off                  int
	axes                 []int
	vals                 []byte
}

// rfDecode decodes a FuzzReduce input: a byte each for the element type,
// the operation, the form, the parallelism (1 + b%4), the value mode and
// the seed of the destination's layout; the input's layout as
// testkit.DecodeStrided reads it, its rank byte taken modulo 6; the number
// of axes (b%5, 0 meaning all of them) and a testkit.FuzzInt per axis; the
// rest are the elements of the input's buffer, then of the destination's,
// continued pseudo-randomly. Missing bytes read as 0.
func rfDecode(b []byte) rfInput {
	r := testkit.Bytes(b)
	next := r.Next
	in := rfInput{
		typ:   int(next() % rfTypes),
		op:    int(next() % rfOps),
		form:  int(next() % rfForms),
		procs: 1 + int(next()%4),
		mode:  next(),
		seed:  next(),
	}
	in.shape, in.strides, in.off, in.axes, in.vals = decodeViewAxes(r, 6, 5)
	return in
}

// decodeViewAxes decodes, from the front of b, a layout as
// testkit.DecodeStrided reads it, its rank byte taken modulo ranks, then
// the number of axes (a byte modulo maxAxes) and a testkit.FuzzInt per
// axis; it returns them and the rest of b. encodeViewAxes inverts it.
func decodeViewAxes(b []byte, ranks, maxAxes byte) (shape, strides []int, off int, axes []int, rest []byte) {
	r := testkit.Bytes(b)
	rank := r.Next() % ranks
	shape, strides, off, r = testkit.DecodeStrided(append([]byte{rank}, r...))
	for range r.Next() % maxAxes {
		axes = append(axes, testkit.FuzzInt(r.Next(), true))
	}
	return shape, strides, off, axes, r
}

// encodeViewAxes encodes a layout, with offset at most 383, and axes,
// each a value of testkit.FuzzInt, as decodeViewAxes reads them.
func encodeViewAxes(shape, strides []int, off int, axes []int) []byte {
	b := []byte{byte(len(shape))}
	for k := range shape {
		b = append(b, rfIntByte(shape[k], false), rfIntByte(strides[k], true))
	}
	b = append(b, byte(off%3), byte(128+off/3), byte(len(axes)))
	for _, a := range axes {
		b = append(b, rfIntByte(a, true))
	}
	return b
}

// rfStream is the bytes the elements are decoded from: the input's, then
// a pseudo-random continuation seeded by them.
type rfStream struct {
	vals []byte
	seed uint64
}

func newRfStream(vals []byte) rfStream {
	h := fnv.New64a()
	h.Write(vals)
	return rfStream{vals, h.Sum64()}
}

func (s rfStream) at(i int) byte {
	if i < len(s.vals) {
		return s.vals[i]
	}
	x := s.seed + uint64(i)*0x9e3779b97f4a7c15 // splitmix64
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return byte(x ^ x>>31)
}

// rfFloat decodes a float element. Sums, maxima and minima get k/8 for k
// in [-128, 127], exact, or k/3 rounded to T; products get ±(1 + j·step)
// for j in [-4, 4], step small enough (rfProdStep) that no product of the
// input's elements leaves T's normal range, whatever the order. With mode
// bit 1, bytes 0 to 4 give NaN, +Inf, -Inf, -0 and +0.
func rfFloat[T tensor.Float](prod bool, mode byte) func(x byte, step float64) T {
	return func(x byte, step float64) T {
		if mode&2 != 0 && x < 5 {
			return T([...]float64{math.NaN(), math.Inf(1), math.Inf(-1), math.Copysign(0, -1), 0}[x])
		}
		if prod {
			m := 1 + float64(int(x>>1)%9-4)*step
			if x&1 != 0 {
				m = -m
			}
			return T(m)
		}
		k := float64(int(x) - 128)
		if mode&1 != 0 {
			return T(k / 3)
		}
		return T(k / 8)
	}
}

// rfProdStep returns the step of rfFloat's factors for an input of size
// elements: (1 ± 4·step)^size stays within e^±33, inside float32's normal
// range, and 1 + j·step is exact in float32.
func rfProdStep(size int) float64 {
	shift := 8
	for size*4 > 32<<shift {
		shift++
	}
	return math.Ldexp(1, -shift)
}

// rfInt32 and rfInt64 decode small integers, the extremes, or integers
// spread over the whole range, whose sums and products wrap around.
func rfInt32(x byte, _ float64) int32 {
	switch {
	case x == 255:
		return math.MinInt32
	case x == 254:
		return math.MaxInt32
	case x < 128:
		return int32(x) - 64
	}
	return int32(uint32(x) * 0x9e3779b1)
}

func rfInt64(x byte, _ float64) int64 {
	switch {
	case x == 255:
		return math.MinInt64
	case x == 254:
		return math.MaxInt64
	case x < 128:
		return int64(x) - 64
	}
	return int64(uint64(x) * 0x9e3779b97f4a7c15)
}

// rfOutcome is what one call did: its error, the shape and elements of its
// result (a destination's read back), and the buffers afterwards.
type rfOutcome[T tensor.Number] struct {
	err     error
	shape   []int
	res     []T
	in, dst []T
}

// rfCheck makes the call in describes, at parallelism 1 and at in.procs,
// and checks it (see FuzzReduce).
func rfCheck[T tensor.Real](t *testing.T, in rfInput, dec func(x byte, step float64) T) {
	t.Helper()
	lay, err := layout.Strided(in.shape, in.strides, in.off)
	if err != nil {
		return // FuzzStrided covers what Strided refuses
	}
	var zero T
	esize := int(unsafe.Sizeof(zero))
	kind := reflect.TypeFor[T]().Kind()
	isFloat := kind == reflect.Float32 || kind == reflect.Float64
	c := append(sumCases[T](), maxCases[T]()...)[in.op]
	rank, inSize := len(in.shape), lay.Size()
	_, inHi := lay.Span()
	if inHi > rfMaxBuf {
		return
	}

	// The reduced axes: a bad one is ErrAxis, a repeated one
	// ErrDuplicateAxis. set holds the
	// valid ones, which shape the destinations all the same.
	set, axisErr := axisSet(in.axes, rank)
	keep := slices.Clone(in.shape)
	for k := range keep {
		if set[k] {
			keep[k] = 1
		}
	}
	drop := dropReduced(in.shape, set)
	keepSize := naive.Size(keep)

	// The destination, and the buffers' lengths.
	r := rand.New(rand.NewPCG(uint64(in.seed), uint64(in.form)))
	into, shared := in.form >= rfIntoDrop, in.form == rfIntoShared
	var dshape []int
	switch in.form {
	case rfIntoDrop:
		dshape = drop
	case rfIntoKeep:
		dshape = keep
	case rfIntoWrong:
		dshape = rfWrongShape(r, in.shape, keep, drop)
	case rfIntoShared:
		dshape = [][]int{keep, drop}[r.IntN(2)]
	}
	bufLen, dstLen := inHi+r.IntN(3), 0
	var dlay layout.Layout
	if into {
		dlay = rfDstLayout(t, r, dshape)
		dlo, dhi := dlay.Span()
		if shared {
			at := r.IntN(max(inHi, 1)) // where dst starts, inside the input's span
			if dlay.Size() > 0 {
				if dlay, err = dlay.WithOffset(dlay.Offset() - dlo + at); err != nil {
					t.Fatalf("WithOffset: %v", err)
				}
				dhi += at - dlo
			}
			bufLen = max(bufLen, dhi+r.IntN(2))
		}
		dstLen = dhi + r.IntN(3)
	}

	// The expected error, in the order the checks are made.
	var want error
	switch {
	case axisErr != nil:
		want = axisErr
	case into && !slices.Equal(dshape, keep) && !slices.Equal(dshape, drop):
		want = layout.ErrShape
	case into && rfSelfOverlaps(dlay):
		want = layout.ErrOverlap
	case !c.hasID && inSize == 0 && keepSize > 0:
		want = ops.ErrEmpty
	case !into && keepSize > rfMaxAlloc/esize:
		want = layout.ErrOverflow
	}
	if want == nil && (inSize > rfMaxInBytes/esize || keepSize > rfMaxResult) {
		return // too large to compute here
	}

	s := newRfStream(in.vals)
	step := rfProdStep(inSize)
	inBuf0 := make([]T, bufLen)
	for i := range inBuf0 {
		inBuf0[i] = dec(s.at(i), step)
	}
	var dstBuf0 []T
	if into && !shared {
		dstBuf0 = make([]T, dstLen)
		for i := range dstBuf0 {
			dstBuf0[i] = dec(s.at(bufLen+i), step)
		}
	}
	name := c.name + rfFormNames[in.form]
	call := fmt.Sprintf("%s[%T](v {%v} over %d elements, axes %v)", name, zero, lay, bufLen, in.axes)
	if into {
		where := "its own buffer of " + fmt.Sprint(dstLen)
		if shared {
			where = "the input's buffer"
		}
		call = fmt.Sprintf("%s[%T](dst {%v} in %s, v {%v} over %d elements, axes %v)", name, zero, dlay, where, lay, bufLen, in.axes)
	}

	run := func(procs int) rfOutcome[T] {
		old := tensor.SetParallelism(procs)
		defer tensor.SetParallelism(old)
		o := rfOutcome[T]{in: slices.Clone(inBuf0)}
		v := tensor.Must(tensor.NewView(o.in, lay))
		if !into {
			f := c.alloc
			if in.form == rfKeepDims {
				f = c.keepDims
			}
			var got tensor.Tensor[T]
			got, o.err = f(v, in.axes...)
			o.shape, o.res = got.Shape(), got.Data()
			return o
		}
		o.dst = o.in
		if !shared {
			o.dst = slices.Clone(dstBuf0)
		}
		o.err = c.into(tensor.Must(tensor.NewView(o.dst, dlay)), v, in.axes...)
		o.shape = dlay.Shape()
		if o.err == nil {
			o.res = naive.Gather(o.dst, o.shape, dlay.Strides(), dlay.Offset())
		}
		return o
	}
	o := run(1)
	if in.procs > 1 {
		p := run(in.procs)
		if fmt.Sprint(p.err) != fmt.Sprint(o.err) || !rfSame(p.res, o.res) || !rfSame(p.in, o.in) || !rfSame(p.dst, o.dst) {
			t.Fatalf("%s: parallelism %d differs from 1: error %v, result %v; at 1: error %v, result %v", call, in.procs, p.err, p.res, o.err, o.res)
		}
	}

	if want != nil {
		if problem := testkit.CheckError(o.err, "ops: "+name+": ", want); problem != nil {
			t.Fatalf("%s: %v", call, problem)
		}
		if len(o.res) != 0 {
			t.Fatalf("%s failing returned %d elements", call, len(o.res))
		}
		if !rfSame(o.in, inBuf0) {
			t.Fatalf("%s failing wrote the input's buffer: was %v, now %v", call, inBuf0, o.in)
		}
		if into && !shared && !rfSame(o.dst, dstBuf0) {
			t.Fatalf("%s failing wrote dst's buffer: was %v, now %v", call, dstBuf0, o.dst)
		}
		return
	}
	if o.err != nil {
		t.Fatalf("%s: %v", call, o.err)
	}
	if wantShape := [rfForms][]int{rfNew: drop, rfKeepDims: keep}[in.form]; !into && !slices.Equal(o.shape, wantShape) {
		t.Fatalf("%s: got shape %v, want %v", call, o.shape, wantShape)
	}

	// The buffers: the input's unchanged, but for the elements dst reaches
	// when it shares them; dst's elsewhere unchanged.
	before := dstBuf0
	if !into || shared {
		before = inBuf0
	}
	after := o.dst
	if !into {
		after = o.in
	} else if !shared && !rfSame(o.in, inBuf0) {
		t.Fatalf("%s wrote the input's buffer: was %v, now %v", call, inBuf0, o.in)
	}
	reached := make([]bool, len(before))
	if into {
		for _, off := range naive.Gather(testkit.Iota(len(before)), dshape, dlay.Strides(), dlay.Offset()) {
			reached[off] = true
		}
	}
	what := "the input's buffer"
	if into {
		what = "dst's buffer, not reached by dst"
	}
	for i := range before {
		if !reached[i] && !rfSame(before[i:i+1], after[i:i+1]) {
			t.Fatalf("%s wrote element %d of %s: was %v, now %v", call, i, what, before[i], after[i])
		}
	}

	// The values, against naiveReduce of the input's elements before the
	// call.
	rv := naive.Array[T]{Shape: in.shape, Data: naive.Gather(inBuf0, in.shape, in.strides, in.off)}
	if !isFloat || in.op == rfMax || in.op == rfMin {
		ref := naiveReduce(rv, set, c.f, c.id)
		if !equalValues(ref.Data, o.res) {
			t.Fatalf("%s: got %v, want %v", call, o.res, ref.Data)
		}
		return
	}
	u, mant := 0x1p-53, 53.0 // unit roundoff and significand bits of T
	if esize == 4 {
		u, mant = 0x1p-24, 24
	}
	n := 0 // the elements reduced into each output element
	if keepSize > 0 {
		n = inSize / keepSize
	}
	xs := mapArray(rv, func(x T) float64 { return float64(x) })
	if in.op == rfProd {
		// n-1 roundings in T, whatever the order, and as many in float64.
		ref := naiveReduce(xs, set, func(x, y float64) float64 { return x * y }, 1)
		tol := 1.01 * (float64(n+1)*u + float64(n)*0x1p-53)
		for i, want := range ref.Data {
			got := float64(o.res[i])
			if !closeTo(got, want, tol*math.Abs(want)/max(1, math.Abs(want))) {
				t.Fatalf("%s: element %d: got %v, want %v within %.3g relative; result %v", call, i, got, want, tol, o.res)
			}
		}
		return
	}
	terms := mapArray(xs, func(x float64) rfSumRef { return rfSumRef{x, x, 0, math.Abs(x)} })
	ref := naiveReduce(terms, set, rfSumRef.add, rfSumRef{})
	depth := float64(rfDepth(n) + 2) // + 2 for the reference's error
	for i, a := range ref.Data {
		got, want := float64(o.res[i]), a.value()
		exact := in.mode&1 == 0 && a.abs*8 < math.Ldexp(1, int(mant))
		bound := 1.01 * depth * u * a.abs
		ok := closeTo(got, want, bound/max(1, math.Abs(want)))
		if exact {
			ok = equalValues([]float64{got}, []float64{want})
		}
		if !ok {
			t.Fatalf("%s: element %d: got %v, want %v (exact %t, within %.3g); result %v", call, i, got, want, exact, bound, o.res)
		}
	}
}

// axisSet returns the axes of a rank-rank input that axes name (all of
// them when there are none), negative ones counted from the end, and the
// error the first bad one gives: layout.ErrAxis out of range,
// layout.ErrDuplicateAxis named again. The valid ones are in set all the
// same.
func axisSet(axes []int, rank int) (set []bool, bad error) {
	set = make([]bool, rank)
	for _, a := range axes {
		k := a
		if k < 0 {
			k += rank
		}
		switch {
		case k < 0 || k >= rank:
			if bad == nil {
				bad = layout.ErrAxis
			}
			continue
		case set[k] && bad == nil:
			bad = layout.ErrDuplicateAxis
		}
		set[k] = true
	}
	if len(axes) == 0 {
		for k := range set {
			set[k] = true
		}
	}
	return set, bad
}

// rfSumRef is the float64 reference of a float sum: the plain sum, which
// holds the result when it is NaN or infinite (no finite sum of the
// elements overflows), else Neumaier's compensated sum s + c, within
// 2 roundings of the exact sum; and the sum of the magnitudes, which
// scales the error bound.
type rfSumRef struct{ plain, s, c, abs float64 }

func (a rfSumRef) add(b rfSumRef) rfSumRef {
	x := b.plain
	t := a.s + x
	if math.Abs(a.s) >= math.Abs(x) {
		a.c += (a.s - t) + x
	} else {
		a.c += (x - t) + a.s
	}
	return rfSumRef{a.plain + x, t, a.c, a.abs + b.abs}
}

func (a rfSumRef) value() float64 {
	if math.IsNaN(a.plain) || math.IsInf(a.plain, 0) {
		return a.plain
	}
	return a.s + a.c
}

// rfDepth bounds the depth of the tree by which the package sums n
// elements into one, each addition a rounding: any tree has depth at most
// n-1; the package's folds interleave 8 accumulators or more (a leaf of
// the run: n/8 deep, then the halving of the accumulators) or add up to
// 256 rows one after the other (a vertical leaf, maxBlockRows), and
// combine the leaves pairwise (log2 n deep). A sum then errs by at most depth·u·Σ|x| (to first order),
// a bound that holds for adversarial inputs too — all elements equal along
// a broadcast axis, where the roundings do not cancel — unlike
// TestSumAccuracy's 2·log2(n)·u·Σ|x| for random ones.
func rfDepth(n int) int {
	return min(n-1, (n+7)/8+256+2*bits.Len(uint(n)))
}

// rfWrongShape returns a destination shape that is neither keep nor drop:
// one more axis, one fewer, a dimension one longer, two dimensions
// swapped, or the input's own shape — one whose size fits an int.
func rfWrongShape(r *rand.Rand, shape, keep, drop []int) []int {
	more := append([]int{1}, keep...)
	cands := [][]int{more, append([]int{2}, keep...), slices.Clone(shape)}
	if n := len(drop); n > 0 {
		cands = append(cands, drop[1:])
		if drop[n-1] < rfMaxBuf {
			s := slices.Clone(drop)
			s[n-1]++
			cands = append(cands, s)
		}
	}
	if n := len(keep); n > 0 && keep[0] < rfMaxBuf {
		s := slices.Clone(keep)
		s[0]++
		cands = append(cands, s)
	}
	if n := len(keep); n >= 2 && keep[0] != keep[n-1] {
		s := slices.Clone(keep)
		s[0], s[n-1] = s[n-1], s[0]
		cands = append(cands, s)
	}
	s := cands[r.IntN(len(cands))]
	if _, err := layout.RowMajor(s...); err != nil || slices.Equal(s, keep) || slices.Equal(s, drop) {
		return more // a valid shape (keep's dimensions are), and another rank
	}
	return s
}

// rfDstLayout returns a random layout of shape (testkit.RandomView: some
// axes broadcast), row-major when that one spans too many elements, or,
// when shape has too many elements to hold, one with every stride 0.
func rfDstLayout(t *testing.T, r *rand.Rand, shape []int) layout.Layout {
	small := naive.Size(shape) <= rfMaxResult
	for _, d := range shape {
		small = small && d <= rfMaxBuf
	}
	var l layout.Layout
	var err error
	switch {
	case small:
		if l = testkit.RandomView(r, shape); func() bool { _, hi := l.Span(); return hi <= rfMaxBuf }() {
			return l
		}
		l, err = layout.RowMajor(shape...)
	default:
		l, err = layout.Strided(shape, make([]int, len(shape)), 0)
	}
	if err != nil {
		t.Fatalf("destination layout of shape %v: %v", shape, err)
	}
	return l
}

// rfSelfOverlaps reports whether l reaches an element twice. For the
// layouts rfDstLayout makes, only a broadcast axis does that.
func rfSelfOverlaps(l layout.Layout) bool {
	if l.Size() == 0 {
		return false
	}
	st := l.Strides()
	for k, d := range l.Shape() {
		if d > 1 && st[k] == 0 {
			return true
		}
	}
	return false
}

// rfSame reports whether a and b hold the same bits.
func rfSame[T tensor.Number](a, b []T) bool {
	if len(a) != len(b) {
		return false
	}
	if len(a) == 0 {
		return true
	}
	n := len(a) * int(unsafe.Sizeof(a[0]))
	return bytes.Equal(unsafe.Slice((*byte)(unsafe.Pointer(&a[0])), n), unsafe.Slice((*byte)(unsafe.Pointer(&b[0])), n))
}

// rfSeed encodes a FuzzReduce input (see rfDecode): a layout of the input,
// with offset at most 383, and axes, each a value of testkit.FuzzInt.
func rfSeed(typ, op, form, procs, mode, seed byte, shape, strides []int, off int, axes []int, vals ...byte) []byte {
	b := append([]byte{typ, op, form, procs - 1, mode, seed}, encodeViewAxes(shape, strides, off, axes)...)
	return append(b, vals...)
}

// rfIntByte returns the byte testkit.FuzzInt decodes to x.
func rfIntByte(x int, signed bool) byte {
	for b := range 256 {
		if testkit.FuzzInt(byte(b), signed) == x {
			return byte(b)
		}
	}
	panic(fmt.Sprintf("testkit.FuzzInt never gives %d", x))
}

// view is a layout of a seed input: its shape, strides and offset.
type view struct {
	shape, strides []int
	off            int
}

// seedViews are the small views of every kind the seed corpora of
// FuzzReduce and FuzzArgStatScan run each operation on.
var seedViews = []view{
	{[]int{3, 4}, []int{1, -3}, 9},              // transposed, flipped
	{[]int{2, 0, 3}, []int{3, 1, 1}, 0},         // empty
	{nil, nil, 2},                               // rank 0
	{[]int{4, 1, 3}, []int{2, 5, -6}, 12},       // stepped, flipped
	{[]int{5, 6}, []int{6, 1}, 0},               // contiguous
	{[]int{3, 3}, []int{1, 1}, 0},               // rows that overlap
	{[]int{2, 3, 4, 5}, []int{0, 1, 3, -6}, 30}, // broadcast
}

// rfSeeds returns FuzzReduce's seed corpus: every type, operation and form
// on small views of every kind, each error, and inputs large enough for
// several goroutines.
func rfSeeds() [][]byte {
	views := seedViews
	axesOf := [rfOps][]int{{1}, {0}, nil, {-1, 0}}
	vals := []byte{0, 1, 3, 200, 130, 255, 7, 64, 128, 129, 2, 4, 99, 250, 17}
	var seeds [][]byte
	for typ := range byte(rfTypes) {
		for op := range byte(rfOps) {
			for form := range byte(rfForms) {
				v := views[(int(typ)+int(op)+int(form))%len(views)]
				axes := axesOf[op]
				if len(v.shape) == 0 {
					axes = nil
				}
				seeds = append(seeds, rfSeed(typ, op, form, 1+form%4, typ%4, op*6+form, v.shape, v.strides, v.off, axes, vals...))
			}
		}
	}
	for _, s := range []struct {
		typ, op, form, mode, seed byte
		v                         view
		axes                      []int
	}{
		// ErrAxis (out of range, negative, extreme, rank 0) and
		// ErrDuplicateAxis (repeated).
		{rfF32, rfSum, rfNew, 0, 0, views[0], []int{2}},
		{rfF64, rfMax, rfKeepDims, 0, 0, views[0], []int{-3}},
		{rfI32, rfProd, rfIntoDrop, 0, 0, views[3], []int{1, -2}},
		{rfU8, rfMin, rfIntoWrong, 0, 0, views[3], []int{0, 2, 0}},
		{rfKelvin, rfSum, rfIntoKeep, 0, 0, views[4], []int{math.MinInt}},
		{rfI64, rfMax, rfNew, 0, 0, views[2], []int{0}},
		// ErrShape, before ErrOverlap and ErrEmpty.
		{rfF32, rfMax, rfIntoWrong, 0, 1, views[1], []int{0}},
		{rfF64, rfSum, rfIntoWrong, 0, 2, views[2], nil},
		// ErrShape into a destination of 2^62 elements, 2·2^62 being too
		// many for a shape.
		{rfF32, rfSum, rfIntoWrong, 0, 0, view{[]int{2, 0, testkit.Extremes[16], 0}, []int{1, 1, 1, 1}, 0}, []int{0}},
		// ErrOverlap: a broadcast destination of 2^31 elements, and of
		// RandomView's (seeds 0 to 3, some broadcast); before ErrEmpty.
		{rfF32, rfSum, rfIntoKeep, 0, 0, view{[]int{0, testkit.Extremes[13]}, []int{1, 1}, 0}, []int{0}},
		{rfF64, rfMin, rfIntoDrop, 0, 0, view{[]int{0, testkit.Extremes[13]}, []int{1, 1}, 0}, []int{0}},
		{rfF32, rfSum, rfIntoKeep, 0, 0, views[6], []int{1}},
		{rfF32, rfSum, rfIntoKeep, 0, 1, views[6], []int{1}},
		{rfF32, rfSum, rfIntoKeep, 0, 2, views[6], []int{1}},
		{rfF32, rfSum, rfIntoKeep, 0, 3, views[6], []int{1}},
		// ErrEmpty, and no error into an empty result.
		{rfF32, rfMax, rfNew, 0, 0, view{[]int{0, 3}, []int{3, 1}, 0}, []int{0}},
		{rfI32, rfMin, rfKeepDims, 0, 0, view{[]int{2, 0}, []int{1, 1}, 0}, []int{-1}},
		{rfU8, rfMax, rfIntoDrop, 0, 0, view{[]int{3, 0}, []int{1, 1}, 0}, nil},
		{rfF64, rfMax, rfNew, 0, 0, view{[]int{0, 3}, []int{3, 1}, 0}, []int{1}},
		// ErrOverflow: a result of Huge elements; Max is ErrEmpty first.
		{rfF32, rfSum, rfNew, 0, 0, view{[]int{0, testkit.Extremes[16]}, []int{1, 0}, 0}, []int{0}},
		{rfU8, rfProd, rfKeepDims, 0, 0, view{[]int{testkit.Extremes[16], 0}, []int{0, 1}, 0}, []int{-1}},
		{rfF32, rfMax, rfNew, 0, 0, view{[]int{0, testkit.Extremes[16]}, []int{1, 0}, 0}, []int{0}},
		// The empty result of a sum over an axis of Half/2 of length 0.
		{rfF64, rfSum, rfNew, 0, 0, view{[]int{testkit.Extremes[13], 0}, []int{0, 1}, 0}, []int{0}},
		// NaN, infinities and signed zeros; rounded thirds.
		{rfF32, rfMax, rfNew, 2, 0, views[4], []int{1}},
		{rfF64, rfMin, rfIntoShared, 2, 5, views[4], []int{0}},
		{rfF32, rfSum, rfKeepDims, 3, 0, views[6], []int{0, 2}},
		{rfKelvin, rfProd, rfIntoShared, 2, 6, views[3], nil},
	} {
		seeds = append(seeds, rfSeed(s.typ, s.op, s.form, 2, s.mode, s.seed, s.v.shape, s.v.strides, s.v.off, s.axes, vals...))
	}
	// Inputs of 4 MiB and more, on up to 4 goroutines: one output element
	// (the split tree), broadcast rows into kept runs of more than a tile
	// (4096) in blocks of 32 rows, runs of more than a leaf (8192), and
	// integers.
	for _, s := range []struct {
		typ, op, form byte
		v             view
		axes          []int
	}{
		{rfF32, rfSum, rfNew, view{[]int{200, 200, 6, 6}, []int{0, 1, 0, -1}, 5}, nil},
		{rfF64, rfSum, rfIntoKeep, view{[]int{200, 65, 64}, []int{0, 64, 1}, 0}, []int{0}},
		{rfF64, rfMax, rfNew, view{[]int{64, 64, 200}, []int{0, 200, 1}, 0}, nil},
		{rfKelvin, rfSum, rfNew, view{[]int{6, 6, 200, 200}, []int{0, 0, 200, 1}, 0}, nil},
		{rfF32, rfMax, rfKeepDims, view{[]int{6, 6, 200, 200}, []int{0, 0, 200, 1}, 0}, []int{2, 3}},
		{rfF32, rfProd, rfNew, view{[]int{200, 200, 6, 6}, []int{0, 1, 0, -1}, 5}, []int{1, 3}},
		{rfI32, rfSum, rfIntoDrop, view{[]int{200, 200, 6, 6}, []int{0, 1, 0, -1}, 5}, []int{0, -1}},
		{rfU8, rfMin, rfNew, view{[]int{200, 200, 65, 2}, []int{0, 1, 0, 0}, 0}, nil},
	} {
		seeds = append(seeds, rfSeed(s.typ, s.op, s.form, 4, 1, 0, s.v.shape, s.v.strides, s.v.off, s.axes, vals...))
	}
	return seeds
}
