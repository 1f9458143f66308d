package ops_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tessera-go/tessera/internal/naive"
	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// stagedView returns a view of shape [m, n] of the kind named, in a buffer
// of its own with guard cells around it, filled from r: "row-major",
// "T" (a transposed [n, m] matrix), "step2" (every other column of an
// [m, 2n+1] matrix), "flip" (columns reversed), "cols" (columns 1..n of an
// [m, n+3] matrix), "row" (an [n] row broadcast), "col" (an [m, 1] column
// broadcast).
func stagedView[T tensor.Real](r *rand.Rand, kind string, m, n int) tensor.View[T] {
	fill := func(shape ...int) tensor.View[T] {
		t := tensor.Must(tensor.New[T](shape...))
		for i := range t.Data() {
			t.Data()[i] = T(r.IntN(200)) - 100
		}
		return t.View()
	}
	switch kind {
	case "row-major":
		return fill(m, n)
	case "T":
		return tensor.Must(fill(n, m).Transpose(0, 1))
	case "step2":
		return tensor.Must(fill(m, 2*n+1).Slice(1, 1, 2*n+1, 2))
	case "flip":
		return tensor.Must(fill(m, n).Flip(1))
	case "cols":
		return tensor.Must(fill(m, n+3).Slice(1, 1, n+1, 1))
	case "row":
		return tensor.Must(fill(n).Expand(m, n))
	case "col":
		return tensor.Must(fill(m, 1).Expand(m, n))
	}
	panic(kind)
}

// TestStagedModes runs binary and unary operations and conversions whose
// operands walk their rows with other strides than 1 (transposed, stepped,
// flipped inputs and destinations), so that the engine stages them, in every
// combination of the destination's and the inputs' kinds, in place and
// not, at sizes of one slab and of several, on one and two goroutines,
// against the naive reference; the destination's elements outside the
// view must be untouched.
func TestStagedModes(t *testing.T) {
	if raceEnabled {
		t.Skip("no goroutines: every case's operands are under par.MinBytes (8.4 s under the race detector)")
	}
	r := rand.New(rand.NewPCG(3, 14))
	kinds := []string{"row-major", "T", "step2", "flip", "cols"}
	ins := append(slices.Clone(kinds), "row", "col")
	// [520,600] float32 is more than one slab.
	shapes := [][2]int{{14, 14}, {64, 64}, {33, 70}, {520, 600}}
	bigD := map[string]bool{"row-major": true, "T": true}
	bigB := map[string]bool{"T": true, "step2": true, "row": true}
	if testing.Short() {
		shapes = shapes[:3]
	}
	for _, sh := range shapes {
		m, n := sh[0], sh[1]
		large := m*n > 4096
		for _, procs := range []int{1, 2} {
			old := tensor.SetParallelism(procs)
			for _, dk := range kinds {
				for _, ak := range ins {
					for _, bk := range ins {
						if large && !(bigD[dk] && bigD[ak] && bigB[bk]) {
							continue // fewer combinations of the large ones
						}
						a, b := stagedView[float32](r, ak, m, n), stagedView[float32](r, bk, m, n)
						for _, alias := range []string{"", "a", "b"} {
							if alias == "a" && dk != ak || alias == "b" && dk != bk {
								continue // a's or b's kind is dst's
							}
							name := fmt.Sprintf("%dx%d procs=%d dst=%s a=%s b=%s alias=%s", m, n, procs, dk, ak, bk, alias)
							dst := stagedView[float32](r, dk, m, n)
							switch alias {
							case "a":
								a = dst
							case "b":
								b = dst
							}
							checkStagedSub(t, name, dst, a, b)
						}
					}
					if ak != "row" && ak != "col" && (!large || bigD[dk] && bigB[ak]) {
						name := fmt.Sprintf("%dx%d procs=%d dst=%s x=%s", m, n, procs, dk, ak)
						checkStagedNeg(t, name, stagedView[float32](r, dk, m, n), stagedView[float32](r, ak, m, n))
						x := stagedView[float32](r, ak, m, n)
						checkStagedConvert(t, name, stagedView[float64](r, dk, m, n), x)
						checkStagedConvert(t, name, stagedView[int16](r, dk, m, n), x)
						checkStagedConvert(t, name, stagedView[float32](r, dk, m, n), x)
					}
				}
			}
			tensor.SetParallelism(old)
		}
	}
}

// TestStagedBands stages operands whose rows span more than 8 MiB, a
// transposed input and a transposed destination of float32 [2048,1100],
// which simd transposes in bands rather than squares where its family
// rules say so (AMD family 25); not in -short mode.
func TestStagedBands(t *testing.T) {
	if testing.Short() {
		t.Skip("8.6 MiB operands")
	}
	r := rand.New(rand.NewPCG(5, 9))
	const m, n = 2048, 1100
	for _, procs := range []int{1, 2} {
		old := tensor.SetParallelism(procs)
		for _, c := range [][3]string{{"row-major", "row-major", "T"}, {"T", "row-major", "row-major"}} {
			name := fmt.Sprintf("%dx%d procs=%d dst=%s a=%s b=%s", m, n, procs, c[0], c[1], c[2])
			checkStagedSub(t, name, stagedView[float32](r, c[0], m, n), stagedView[float32](r, c[1], m, n), stagedView[float32](r, c[2], m, n))
		}
		tensor.SetParallelism(old)
	}
}

// TestStagedShortRows stages transposed inputs whose source rows are
// short next to the destination's rows ([20,20000] and [9,40000] float32:
// a slab of the destination's rows would read a few bytes of every
// source row), which the engine computes in slabs a line's worth of rows
// deep or, where those would be too large (the second shape, with the
// limit lowered to 256 KiB), in slabs of columns (TestStagedSplit), with
// destinations row-major, strided and transposed (whose rows, short too,
// the slabs would write a few bytes at a time), other inputs of every
// kind, on one and two goroutines, against the naive reference (in -short
// mode, as the race detector's CI step runs it, the slabs of columns on
// two goroutines).
func TestStagedShortRows(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 21))
	// The third number, where not 0, lowers deepStageBytes.
	shapes, procsList := [][3]int{{20, 20000, 0}, {9, 40000, 256 << 10}}, []int{1, 2}
	aKinds := []string{"row-major", "flip", "row", "col", "T"}
	if testing.Short() {
		// One shape, on two goroutines, and fewer kinds of a: 54 s under
		// the race detector otherwise.
		shapes, procsList, aKinds = shapes[1:], procsList[1:], []string{"row-major", "T"}
	}
	for _, sh := range shapes {
		m, n := sh[0], sh[1]
		if sh[2] != 0 {
			defer ops.SetDeepStage(ops.SetDeepStage(sh[2]))
		}
		for _, procs := range procsList {
			old := tensor.SetParallelism(procs)
			for _, dk := range []string{"row-major", "cols", "T"} {
				for _, ak := range aKinds {
					name := fmt.Sprintf("%dx%d procs=%d dst=%s a=%s b=T", m, n, procs, dk, ak)
					checkStagedSub(t, name, stagedView[float32](r, dk, m, n), stagedView[float32](r, ak, m, n), stagedView[float32](r, "T", m, n))
				}
				name := fmt.Sprintf("%dx%d procs=%d dst=%s x=T", m, n, procs, dk)
				checkStagedNeg(t, name, stagedView[float32](r, dk, m, n), stagedView[float32](r, "T", m, n))
				x := stagedView[float32](r, "T", m, n)
				checkStagedConvert(t, name, stagedView[float64](r, dk, m, n), x)
				checkStagedConvert(t, name, stagedView[int16](r, dk, m, n), x)
			}
			tensor.SetParallelism(old)
		}
	}
}

// checkStagedSub checks SubInto(dst, a, b) against the naive reference,
// and that dst's buffer outside the view is unchanged.
func checkStagedSub(t *testing.T, name string, dst, a, b tensor.View[float32]) {
	t.Helper()
	ra, rb := values(a), values(b)
	want, ok := naive.Zip(ra, rb, func(x, y float32) float32 { return x - y })
	if !ok {
		t.Fatalf("%s: naive.Zip failed", name)
	}
	outside := outsideOf(dst)
	if err := ops.SubInto(dst, a, b); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if got := values(dst).Data; !slices.Equal(got, want.Data) {
		t.Fatalf("%s: got %v, want %v", name, got[:min(8, len(got))], want.Data[:min(8, len(got))])
	}
	if !slices.Equal(outsideOf(dst), outside) {
		t.Fatalf("%s: elements outside the destination view changed", name)
	}
}

// checkStagedNeg is checkStagedSub for NegInto(dst, x), and MapInto.
func checkStagedNeg(t *testing.T, name string, dst, x tensor.View[float32]) {
	t.Helper()
	rx := values(x)
	outside := outsideOf(dst)
	want := make([]float32, len(rx.Data))
	for i, v := range rx.Data {
		want[i] = -v
	}
	if err := ops.NegInto(dst, x); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if got := values(dst).Data; !slices.Equal(got, want) {
		t.Fatalf("%s: NegInto got %v, want %v", name, got[:min(8, len(got))], want[:min(8, len(got))])
	}
	if err := ops.MapInto(dst, x, func(v float32) float32 { return 2 * v }); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	for i := range want {
		want[i] = -2 * want[i]
	}
	if got := values(dst).Data; !slices.Equal(got, want) {
		t.Fatalf("%s: MapInto got %v, want %v", name, got[:min(8, len(got))], want[:min(8, len(got))])
	}
	if !slices.Equal(outsideOf(dst), outside) {
		t.Fatalf("%s: elements outside the destination view changed", name)
	}
}

// checkStagedConvert is checkStagedSub for ConvertInto(dst, x).
func checkStagedConvert[U tensor.Real](t *testing.T, name string, dst tensor.View[U], x tensor.View[float32]) {
	t.Helper()
	rx := values(x)
	outside := outsideOf(dst)
	want := make([]U, len(rx.Data))
	for i, v := range rx.Data {
		want[i] = U(v)
	}
	if err := ops.ConvertInto(dst, x); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if got := values(dst).Data; !slices.Equal(got, want) {
		t.Fatalf("%s: ConvertInto[%T] got %v, want %v", name, want[0], got[:min(8, len(got))], want[:min(8, len(got))])
	}
	if !slices.Equal(outsideOf(dst), outside) {
		t.Fatalf("%s: ConvertInto[%T]: elements outside the destination view changed", name, want[0])
	}
}

// outsideOf returns the elements of v's buffer that v does not reach.
func outsideOf[T tensor.Number](v tensor.View[T]) []T {
	in := make([]bool, len(v.Data()))
	l := v.Layout()
	for _, idx := range naive.Indices(v.Shape()) {
		off, err := l.Index(idx...)
		if err != nil {
			panic(err)
		}
		in[off] = true
	}
	var out []T
	for i, x := range v.Data() {
		if !in[i] {
			out = append(out, x)
		}
	}
	return out
}
