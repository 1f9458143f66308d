package ops

import (
	"testing"

	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/tensor"
)

// TestStagedSplit pins the axis that staged operations split into slabs:
// the first one longer than 1, in slabs of stageBytes, unless a staged
// input (or a destination written from scratch) is read (written) along
// it less than a line at a time: then a line's worth of rows if that is
// at most deepStageBytes, or else its outermost axis in memory if that
// gives runs of a line or more (resplit).
func TestStagedSplit(t *testing.T) {
	perm := func(shape []int, axes ...int) tensor.View[float32] {
		return tensor.Must(tensor.Must(tensor.New[float32](shape...)).View().Permute(axes...))
	}
	for _, c := range []struct {
		name           string
		shape          []int
		b              tensor.View[float32]
		dstT           bool // dst the transpose of a row-major matrix
		axis, per, nsl int
	}{
		// 20 rows of 20000 float32 (78 KiB): 13 rows a slab of 1 MiB, 52
		// bytes of each row of the transposed input: 16 rows a slab, a
		// line of each (1.2 MiB).
		{"[20,20000]+T", []int{20, 20000}, perm([]int{20000, 20}, 1, 0), false, 0, 16, 2},
		// The destination transposed, the inputs row-major: the slabs,
		// computed in scratch, would write 52 bytes of each of its rows.
		{"T=[20,20000]+[20,20000]", []int{20, 20000}, perm([]int{20, 20000}, 0, 1), true, 0, 16, 2},
		// Rows of 80000 (312 KiB): 16 of them exceed deepStageBytes, so
		// the slabs split the columns, 4 MiB each.
		{"[20,80000]+T", []int{20, 80000}, perm([]int{80000, 20}, 1, 0), false, 1, 52428, 2},
		{"T=[20,80000]+[20,80000]", []int{20, 80000}, perm([]int{20, 80000}, 0, 1), true, 1, 52428, 2},
		// 12 rows in all, 2.7 MiB: one slab of all of them.
		{"[12,60000]+T", []int{12, 60000}, perm([]int{60000, 12}, 1, 0), false, 0, 16, 1},
		// 436 rows a slab, 1744 bytes of each source row: kept.
		{"[520,600]+T", []int{520, 600}, perm([]int{600, 520}, 1, 0), false, 0, 436, 2},
		// 3 rows a slab, but the input's outermost axis is the last one,
		// of 4: runs of one element there, so kept.
		{"[16,20000,4]+P", []int{16, 20000, 4}, perm([]int{4, 20000, 16}, 2, 1, 0), false, 0, 3, 6},
	} {
		dst := tensor.Must(tensor.New[float32](c.shape...)).View()
		if c.dstT {
			dst = perm([]int{c.shape[1], c.shape[0]}, 1, 0)
		}
		a := tensor.Must(tensor.New[float32](c.shape...)).View()
		var it layout.Iter
		if err := it.Reset(&operandOf(&dst).lay, &operandOf(&a).lay, &operandOf(&c.b).lay); err != nil {
			t.Fatal(err)
		}
		if !needsStaging(&it) {
			t.Fatalf("%s: not staged", c.name)
		}
		var p stagePlan[float32, float32]
		p.plan(operandOf(&dst), &[2]operand[float32]{*operandOf(&a), *operandOf(&c.b)}, 2, it.Inc())
		if p.axis != c.axis || p.per != c.per || p.slabs != c.nsl {
			t.Errorf("%s: slabs split axis %d, %d a slab, %d slabs; want %d, %d, %d", c.name, p.axis, p.per, p.slabs, c.axis, c.per, c.nsl)
		}
	}
}

// TestStagedSplitConvert pins the slabs of conversions between element
// types of different sizes, which are sized by the larger: a line's worth
// of rows is counted in the staged input's own elements (16 rows of a
// float32 input converted to float64, 8 of a float64 input converted to
// float32).
func TestStagedSplitConvert(t *testing.T) {
	// A float32 [20000,20] transposed, converted into a float64 [20,20000]:
	// 6 rows a slab of 1 MiB, 24 bytes of each row of the input.
	checkConvertSplit[float64, float32](t, 16, 2)
	// A float64 [20000,20] transposed, converted into a float32 [20,20000]:
	// 6 rows a slab of 1 MiB, 48 bytes of each row of the input.
	checkConvertSplit[float32, float64](t, 8, 3)
}

// checkConvertSplit checks that the plan converting the transpose of an S
// [20000,20] into a D [20,20000] splits axis 0 in slabs of per rows.
func checkConvertSplit[D, S tensor.Number](t *testing.T, per, slabs int) {
	t.Helper()
	x := tensor.Must(tensor.Must(tensor.New[S](20000, 20)).View().Transpose(0, 1))
	dst := tensor.Must(tensor.New[D](20, 20000)).View()
	var it layout.Iter
	if err := it.Reset(&operandOf(&dst).lay, &operandOf(&x).lay); err != nil {
		t.Fatal(err)
	}
	var p stagePlan[D, S]
	p.plan(operandOf(&dst), &[2]operand[S]{*operandOf(&x)}, 1, it.Inc())
	if p.axis != 0 || p.per != per || p.slabs != slabs {
		t.Errorf("%T transposed into %T: slabs split axis %d, %d a slab, %d slabs; want 0, %d, %d", *new(S), *new(D), p.axis, p.per, p.slabs, per, slabs)
	}
}

// TestStagedBytes pins the size by which the slabs' copies into the
// destination choose their kernels: the whole destination's, so that the
// slabs of a large one stream. A transposed destination of a sum of two
// row-major inputs is computed in scratch, in the inputs' order, and
// copied into it slab by slab.
func TestStagedBytes(t *testing.T) {
	dst := tensor.Must(tensor.Must(tensor.New[float32](20000, 20)).View().Transpose(0, 1))
	a := tensor.Must(tensor.New[float32](20, 20000)).View()
	var it layout.Iter
	if err := it.Reset(&operandOf(&dst).lay, &operandOf(&a).lay, &operandOf(&a).lay); err != nil {
		t.Fatal(err)
	}
	var p stagePlan[float32, float32]
	p.plan(operandOf(&dst), &[2]operand[float32]{*operandOf(&a), *operandOf(&a)}, 2, it.Inc())
	if p.direct || p.inPlace {
		t.Fatalf("the transposed destination is computed in place (direct %v, in place %v)", p.direct, p.inPlace)
	}
	if want := 20 * 20000 * 4; p.bytes != want {
		t.Errorf("plan of a float32 [20,20000] destination: %d bytes, want %d", p.bytes, want)
	}
	if p.slabs < 2 {
		t.Errorf("%d slabs, want several", p.slabs)
	}
}
