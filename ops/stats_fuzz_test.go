package ops_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"unsafe"

	"github.com/tessera-go/tessera/internal/naive"
	"github.com/tessera-go/tessera/internal/testkit"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// FuzzArgStatScan drives the reductions FuzzReduce leaves out — ArgMax and
// ArgMin, Mean, Var and Std, CumSum and CumProd — with arguments decoded
// from the fuzzer's bytes (see afDecode): an element type (float32,
// float64, int32; the statistics take the floats only), an input laid
// out by testkit.DecodeStrided (rank 0 to 4, size-0 axes, negative and
// zero strides, offsets), an axis list (empty, one axis, or more;
// negative, out of range, extreme and repeated axes), a ddof from 0 to 2,
// the form (X, XKeepDims where there is one, XInto a random view of the
// result's shape) and a parallelism from 1 to 4. Values are k/8, or NaN,
// ±Inf and ±0 too, or for CumProd factors near ±1 (rfFloat).
//
// A call whose axes are bad (two or more for an index reduction, any
// repeated, any out of range; a scan takes the first axis, or 0) must
// fail with layout.ErrAxis, then an index reduction of no elements into
// one or more with ops.ErrEmpty, then one into a destination that
// reaches an element twice with layout.ErrOverlap. Otherwise the result
// must be the reference's: argRef exactly (NaN first), scanRef exactly
// (the same order of roundings), and the
// statistics within the rounding bound of a pairwise sum of the
// elements (Mean) and of their squared deviations (Var, Std; see
// afCheckStats), NaN and ±Inf where NumPy gives them. The input is never
// written, a destination's buffer only where the destination reaches and
// never by a failing call, and parallelism 1 and the decoded one give the
// same bits.
func FuzzArgStatScan(f *testing.F) {
	for _, seed := range afSeeds() {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		in := afDecode(b)
		switch in.typ {
		case rfF32:
			afCheck(t, in, rfFloat[float32](in.op == afCumProd, in.mode), afStats[float32])
		case rfF64:
			afCheck(t, in, rfFloat[float64](in.op == afCumProd, in.mode), afStats[float64])
		default:
			afCheck[int32](t, in, rfInt32, nil)
		}
	})
}

// The operations of FuzzArgStatScan.
const (
	afArgMax = iota
	afArgMin
	afMean
	afVar
	afStd
	afCumSum
	afCumProd
	afOps
)

var afNames = [afOps]string{"ArgMax", "ArgMin", "Mean", "VarianceDdof", "StdDevDdof", "CumSum", "CumProd"}

// afInput is a decoded FuzzArgStatScan input.
type afInput struct {
	typ, op, form, procs, ddof int
	mode, seed                 byte
	shape, strides             []int
	off                        int
	axes                       []int
	vals                       []byte
}

// afDecode decodes a FuzzArgStatScan input: a byte each for the element
// type (of FuzzReduce's first three), the operation, the form (0 X, 1
// XKeepDims, 2 XInto), the parallelism (1 + b%4), the value mode (as
// FuzzReduce's), the ddof (b%3) and the seed of the destination's layout;
// the input's layout as testkit.DecodeStrided reads it, its rank byte
// taken modulo 5; the number of axes (b%4) and a testkit.FuzzInt per
// axis; the rest are the elements, continued pseudo-randomly.
func afDecode(b []byte) afInput {
	r := testkit.Bytes(b)
	next := r.Next
	in := afInput{
		typ:   int(next() % 3),
		op:    int(next() % afOps),
		form:  int(next() % 3),
		procs: 1 + int(next()%4),
		mode:  next(),
		ddof:  int(next() % 3),
		seed:  next(),
	}
	in.shape, in.strides, in.off, in.axes, in.vals = decodeViewAxes(r, 5, 4)
	return in
}

// afStatsFunc computes a statistic of a float type (see afStats); nil for
// the integer types, which have none.
type afStatsFunc[T tensor.Real] func(op, form, ddof int, dst, v tensor.View[T], axes []int) (tensor.Tensor[T], error)

// afStats calls Mean, Var or Std (op) of v in form.
func afStats[T tensor.Float](op, form, ddof int, dst, v tensor.View[T], axes []int) (tensor.Tensor[T], error) {
	c := statCases[T](ddof)[op-afMean]
	switch form {
	case 0:
		return c.alloc(v, axes...)
	case 1:
		return c.keep(v, axes...)
	}
	return tensor.Tensor[T]{}, c.into(dst, v, axes...)
}

// afCheck makes the call in describes, at parallelism 1 and at in.procs,
// and checks it (see FuzzArgStatScan).
func afCheck[T tensor.Real](t *testing.T, in afInput, dec func(x byte, step float64) T, stats afStatsFunc[T]) {
	t.Helper()
	isStat := in.op >= afMean && in.op <= afStd
	isScan := in.op >= afCumSum
	if isStat && stats == nil {
		return
	}
	lay, err := layout.Strided(in.shape, in.strides, in.off)
	if err != nil {
		return
	}
	var zero T
	esize := int(unsafe.Sizeof(zero))
	rank, inSize := len(in.shape), lay.Size()
	_, inHi := lay.Span()
	if inHi > rfMaxBuf || inSize > rfMaxInBytes/esize {
		return
	}

	// The axes: ErrAxis, or the set they reduce (a scan's one axis).
	axes := in.axes
	if isScan {
		axes = []int{0}
		if len(in.axes) > 0 {
			axes = in.axes[:1]
		}
	}
	set, axisErr := axisSet(axes, rank)
	if !isStat && len(axes) > 1 { // checked first
		axisErr = layout.ErrAxis
	}
	keep := slices.Clone(in.shape)
	for k := range keep {
		if set[k] && !isScan {
			keep[k] = 1
		}
	}
	drop := dropReduced(in.shape, set)
	if isScan {
		drop = keep
	}
	if naive.Size(keep) > rfMaxResult {
		return
	}

	// The destination: a random view of the result's shape.
	r := rand.New(rand.NewPCG(uint64(in.seed), uint64(in.op)))
	form := in.form
	if isScan && form == 1 {
		form = 0 // no KeepDims form
	}
	into := form == 2
	var dlay layout.Layout
	var dshape []int // rank 0 where the axes are bad
	if into {
		if axisErr == nil {
			dshape = [][]int{keep, drop}[r.IntN(2)]
		}
		dlay = rfDstLayout(t, r, dshape)
	}
	var want error // in the order the checks are made: an index reduction's inputs before its dst
	switch {
	case axisErr != nil:
		want = axisErr
	case in.op <= afArgMin && inSize == 0 && naive.Size(keep) > 0:
		want = ops.ErrEmpty
	case into && rfSelfOverlaps(dlay):
		want = layout.ErrOverlap
	}

	s := newRfStream(in.vals)
	step := rfProdStep(inSize)
	inBuf0 := make([]T, inHi+r.IntN(3))
	for i := range inBuf0 {
		inBuf0[i] = dec(s.at(i), step)
	}
	// The destination's buffer, of T or, for an index reduction, of int,
	// and its elements as float64 (exact for both).
	var dstT0 []T
	var dstI0 []int
	var dst0 []float64
	if into {
		_, hi := dlay.Span()
		dst0 = make([]float64, hi+r.IntN(3))
		for i := range dst0 {
			x := dec(s.at(len(inBuf0)+i), step)
			dstT0 = append(dstT0, x)
			dstI0 = append(dstI0, int(x))
			dst0[i] = float64(x)
			if in.op <= afArgMin {
				dst0[i] = float64(int(x))
			}
		}
	}
	name := afNames[in.op] + [3]string{"", "KeepDims", "Into"}[form]
	call := fmt.Sprintf("%s[%T](v {%v}, axes %v, ddof %d)", name, zero, lay, axes, in.ddof)
	if into {
		call = fmt.Sprintf("%s[%T](dst {%v}, v {%v}, axes %v, ddof %d)", name, zero, dlay, lay, axes, in.ddof)
	}

	// One call: its error, result (as float64: int32 and int fit), and
	// the input's and destination's buffers afterwards.
	type outcome struct {
		err      error
		res, dst []float64
		in       []T
	}
	toF := func(x []T) []float64 {
		out := make([]float64, len(x))
		for i, e := range x {
			out[i] = float64(e)
		}
		return out
	}
	run := func(procs int) outcome {
		old := tensor.SetParallelism(procs)
		defer tensor.SetParallelism(old)
		o := outcome{in: slices.Clone(inBuf0)}
		v := tensor.Must(tensor.NewView(o.in, lay))
		if in.op <= afArgMin {
			c := argCases[T]()[in.op]
			var got tensor.Tensor[int]
			switch form {
			case 0:
				got, o.err = c.alloc(v, axes...)
			case 1:
				got, o.err = c.keep(v, axes...)
			default:
				buf := slices.Clone(dstI0)
				dst := tensor.Must(tensor.NewView(buf, dlay))
				if o.err = c.into(dst, v, axes...); o.err == nil {
					got = dst.Clone()
				}
				for _, x := range buf {
					o.dst = append(o.dst, float64(x))
				}
			}
			o.res = make([]float64, got.Size())
			for i, x := range got.Data() {
				o.res[i] = float64(x)
			}
			return o
		}
		var dst tensor.View[T]
		if into {
			dst = tensor.Must(tensor.NewView(slices.Clone(dstT0), dlay))
		}
		var got tensor.Tensor[T]
		switch {
		case isStat:
			got, o.err = stats(in.op, form, in.ddof, dst, v, axes)
		case into:
			o.err = scanCases[T]()[in.op-afCumSum].into(dst, v, axes[0])
		default:
			got, o.err = scanCases[T]()[in.op-afCumSum].alloc(v, axes[0])
		}
		if into {
			if o.err == nil {
				got = dst.Clone()
			}
			o.dst = toF(dst.Data())
		}
		o.res = toF(got.Data())
		return o
	}
	o := run(1)
	if in.procs > 1 {
		p := run(in.procs)
		if fmt.Sprint(p.err) != fmt.Sprint(o.err) || !rfSame(p.res, o.res) || !rfSame(p.in, o.in) || !rfSame(p.dst, o.dst) {
			t.Fatalf("%s: parallelism %d differs from 1: error %v, result %v; at 1: error %v, result %v", call, in.procs, p.err, p.res, o.err, o.res)
		}
	}
	if !rfSame(o.in, inBuf0) {
		t.Fatalf("%s wrote the input's buffer: was %v, now %v", call, inBuf0, o.in)
	}
	if want != nil {
		if problem := testkit.CheckError(o.err, "ops: "+name+": ", want); problem != nil {
			t.Fatalf("%s: %v", call, problem)
		}
		if into && !rfSame(o.dst, dst0) {
			t.Fatalf("%s failing wrote dst's buffer: was %v, now %v", call, dst0, o.dst)
		}
		return
	}
	if o.err != nil {
		t.Fatalf("%s: %v", call, o.err)
	}
	if into { // the elements dst does not reach are unchanged
		reached := make([]bool, len(dst0))
		for _, off := range naive.Gather(testkit.Iota(len(dst0)), dshape, dlay.Strides(), dlay.Offset()) {
			reached[off] = true
		}
		for i := range dst0 {
			if !reached[i] && !rfSame(dst0[i:i+1], o.dst[i:i+1]) {
				t.Fatalf("%s wrote element %d of dst's buffer, which dst does not reach: was %v, now %v", call, i, dst0[i], o.dst[i])
			}
		}
	}

	rv := naive.Array[T]{Shape: in.shape, Data: naive.Gather(inBuf0, in.shape, in.strides, in.off)}
	var ref []float64
	switch {
	case in.op <= afArgMin:
		axis := -1
		if len(axes) == 1 {
			axis = (axes[0] + rank) % rank
		}
		for _, i := range argRef(rv, axis, in.op == afArgMax).Data {
			ref = append(ref, float64(i))
		}
	case isScan:
		f := func(x, y T) T { return x + y }
		if in.op == afCumProd {
			f = func(x, y T) T { return x * y }
		}
		ref = toF(scanRef(rv, (axes[0]+rank)%rank, f).Data)
	}
	if ref != nil {
		if !equalValues(ref, o.res) {
			t.Fatalf("%s: got %v, want %v", call, o.res, ref)
		}
		return
	}
	afCheckStats(t, call, in.op, in.ddof, mapArray(rv, func(x T) float64 { return float64(x) }), set, esize, o.res)
}

// afCheckStats checks a statistic of the elements xs over set against a
// float64 reference computed in two compensated passes (Neumaier's sums,
// rfSumRef): the mean, then the sum m2 of the squared deviations from it.
// A group with NaN or ±Inf in it has the mean of its plain sum and a NaN
// variance. Otherwise the mean may err by δ, the bound of a pairwise sum
// (rfDepth roundings of the magnitudes) and of the division; the variance,
// computed as the package documents (the mean, then the pairwise sum of
// the squared deviations from it, in T), by ((depth+4)·u·(m2 + n·δ²) +
// n·δ²)/(n-ddof) and a rounding, a bound that the one-pass formula
// E[x²]-E[x]² breaks when the mean is large against the spread; with
// n-ddof <= 0 a variance is NaN when every deviation is 0, +Inf otherwise.
func afCheckStats(t *testing.T, call string, op, ddof int, xs naive.Array[float64], set []bool, esize int, got []float64) {
	t.Helper()
	// The group (output element) of each element, in row-major order.
	groups := 1
	for k, d := range xs.Shape {
		if !set[k] {
			groups *= d
		}
	}
	if len(got) != groups {
		t.Fatalf("%s: %d elements, want %d", call, len(got), groups)
	}
	group := make([]int, len(xs.Data))
	idx := make([]int, len(xs.Shape))
	for p := range xs.Data {
		g := 0
		for k, d := range xs.Shape {
			if !set[k] {
				g = g*d + idx[k]
			}
		}
		group[p] = g
		for k := len(idx) - 1; k >= 0; k-- { // the odometer
			if idx[k]++; idx[k] < xs.Shape[k] {
				break
			}
			idx[k] = 0
		}
	}
	term := func(x float64) rfSumRef { return rfSumRef{x, x, 0, math.Abs(x)} }
	sums, m2 := make([]rfSumRef, groups), make([]rfSumRef, groups)
	count, mean := make([]float64, groups), make([]float64, groups)
	for p, x := range xs.Data {
		sums[group[p]] = sums[group[p]].add(term(x))
		count[group[p]]++
	}
	for g := range mean {
		mean[g] = sums[g].value() / count[g]
	}
	for p, x := range xs.Data {
		d := x - mean[group[p]]
		m2[group[p]] = m2[group[p]].add(term(d * d))
	}
	u := 0x1p-53
	if esize == 4 {
		u = 0x1p-24
	}
	for g := range got {
		n, dof := count[g], count[g]-float64(ddof)
		depth := float64(rfDepth(int(n)))
		finite := !math.IsNaN(sums[g].plain) && !math.IsInf(sums[g].plain, 0)
		delta := (depth+2)*u*sums[g].abs/n + u*math.Abs(mean[g])
		var want, bound float64
		switch {
		case op == afMean && !finite:
			want = sums[g].plain / n
		case op == afMean:
			want, bound = mean[g], delta
		case !finite:
			want = math.NaN()
		case dof <= 0:
			want = m2[g].value() / max(dof, 0) // NaN for 0/0, else +Inf
		default:
			m := m2[g].value()
			want = m / dof
			bound = ((depth+4)*u*(m+n*delta*delta)+n*delta*delta)/dof + u*want
		}
		x := got[g]
		if op == afStd && finite && dof > 0 {
			x *= x // compare the variance: sqrt is within a rounding
			bound += 4 * u * want
		} else if op == afStd {
			want = math.Sqrt(want)
		}
		if math.IsNaN(want) || math.IsInf(want, 0) || n == 0 {
			if !equalValues([]float64{want}, []float64{x}) {
				t.Fatalf("%s: element %d: got %v, want %v; result %v", call, g, got[g], want, got)
			}
			continue
		}
		if math.Abs(x-want) > 1.01*bound+0x1p-1000 {
			t.Fatalf("%s: element %d: got %v, want %v within %.3g; result %v", call, g, got[g], want, bound, got)
		}
	}
}

// afSeeds returns FuzzArgStatScan's seed corpus: every type, operation
// and form on small views of every kind, the errors, and inputs of 4 MiB
// and more (several goroutines, and the vector kernels' long runs).
func afSeeds() [][]byte {
	views := seedViews
	// seedAt encodes an input whose destination's layout has seed sd;
	// seed gives each operation and form its own.
	seedAt := func(sd, typ, op, form, procs, mode, ddof byte, v view, axes []int, vals ...byte) []byte {
		b := append([]byte{typ, op, form, procs - 1, mode, ddof, sd}, encodeViewAxes(v.shape, v.strides, v.off, axes)...)
		return append(b, vals...)
	}
	seed := func(typ, op, form, procs, mode, ddof byte, v view, axes []int, vals ...byte) []byte {
		return seedAt(op+form, typ, op, form, procs, mode, ddof, v, axes, vals...)
	}
	vals := []byte{0, 1, 3, 200, 130, 255, 7, 64, 128, 129, 2, 4, 99, 250, 17}
	var seeds [][]byte
	for typ := range byte(3) {
		for op := range byte(afOps) {
			for form := range byte(3) {
				v := views[(int(typ)+int(op)+int(form))%len(views)]
				axes := [][]int{{1}, {0}, nil, {-1}}[(op+form)%4]
				if len(v.shape) == 0 {
					axes = nil
				}
				seeds = append(seeds, seed(typ, op, form, 1+form, typ%4, op%3, v, axes, vals...))
			}
		}
	}
	// Errors: two axes of an index reduction, a repeated axis, an axis
	// out of range (into a destination: nothing written), an empty index
	// reduction.
	seeds = append(seeds,
		seed(rfF32, afArgMax, 0, 1, 0, 0, views[0], []int{0, 1}, vals...),
		seed(rfF64, afVar, 1, 1, 0, 1, views[4], []int{1, -1}, vals...),
		seed(rfI32, afCumSum, 2, 1, 0, 0, views[4], []int{2}, vals...),
		seed(rfF32, afArgMax, 2, 1, 0, 0, views[3], []int{3}, vals...),
		seed(rfF32, afArgMin, 0, 2, 0, 0, view{[]int{0, 3}, []int{3, 1}, 0}, []int{0}, vals...),
		// NaN, ±Inf and ±0; ddof past the count.
		seed(rfF32, afArgMax, 0, 1, 2, 0, views[4], []int{1}, vals...),
		seed(rfF64, afStd, 0, 1, 2, 2, views[4], []int{0}, vals...),
		seed(rfF32, afVar, 0, 1, 0, 2, view{[]int{2, 6}, []int{6, 1}, 0}, []int{0}, vals...),
	)
	// Destinations of random views of the kept shape, some of them
	// broadcast (ErrOverlap, nothing written).
	for sd := range byte(8) {
		seeds = append(seeds,
			seedAt(sd, rfF32, afMean, 2, 1, 0, 0, views[6], []int{1}, vals...),
			seedAt(sd, rfI32, afArgMin, 2, 2, 0, 0, views[6], []int{-1}, vals...),
			seedAt(sd, rfF64, afCumProd, 2, 2, 0, 0, views[3], []int{0}, vals...))
	}
	// Inputs of 4 MiB and more, on up to 4 goroutines, within the limits
	// of afCheck (8 MiB of input, 2^20 elements of result): broadcast
	// float32 reduced to few elements, float32 and float64 scanned whole.
	big := view{[]int{200, 200, 6, 6}, []int{0, 1, 0, -1}, 5}
	square := view{[]int{4, 64, 64, 64}, []int{0, 0, 64, 1}, 0}
	long := view{[]int{4, 6, 200, 200}, []int{0, 0, 200, 1}, 0}
	for op := range byte(afOps) {
		v := big
		if op >= afCumSum {
			v = square
		}
		seeds = append(seeds,
			seed(rfF32, op, 0, 4, 1, 1, v, []int{1}, vals...),
			seed(rfF64, op, 2, 4, 0, 0, long, []int{-1}, vals...))
	}
	return seeds
}
