package ops

import (
	"testing"
	"unsafe"

	"github.com/tessera-go/tessera/tensor"
)

// TestOperandOf checks that operandOf reads a view in place: the operand
// of a view of every kind (offset, steps, negative and zero strides, rank
// 0, rank beyond the inline 8, empty, nil data) is the view's own data and
// layout, at the view's address, for element types of every size.
func TestOperandOf(t *testing.T) {
	checkOperandOf[int8](t)
	checkOperandOf[float32](t)
	checkOperandOf[float64](t)
	checkOperandOf[complex128](t)
}

func checkOperandOf[T tensor.Number](t *testing.T) {
	t.Helper()
	m := tensor.Must(tensor.Arange[T](24)).View()
	m3 := tensor.Must(m.Reshape(2, 3, 4))
	must := func(v tensor.View[T], err error) tensor.View[T] {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	views := map[string]tensor.View[T]{
		"zero":      {},
		"contig":    m3,
		"permuted":  must(m3.Permute(2, 0, 1)),
		"sliced":    must(m3.Slice(2, 1, 4, 2)),
		"flipped":   must(m3.Flip(0, 2)),
		"expanded":  must(must(m3.Select(1, 2)).Reshape(2, 1, 4)),
		"selected":  must(m3.Select(2, 3)),
		"rank-0":    tensor.Must(tensor.New[T]()).View(),
		"empty":     tensor.Must(tensor.New[T](3, 0)).View(),
		"rank-10":   must(tensor.Must(tensor.New[T](1024)).View().Reshape(2, 2, 2, 2, 2, 2, 2, 2, 2, 2)),
		"rank-10-T": must(must(tensor.Must(tensor.New[T](1024)).View().Reshape(2, 2, 2, 2, 2, 2, 2, 2, 2, 2)).Permute(9, 8, 7, 6, 5, 4, 3, 2, 1, 0)),
	}
	views["expanded"] = must(views["expanded"].Expand(2, 5, 4))
	for name, v := range views {
		o := operandOf(&v)
		if unsafe.Pointer(o) != unsafe.Pointer(&v) {
			t.Errorf("%T %s: operand at %p, view at %p", v, name, o, &v)
		}
		d := v.Data()
		if unsafe.SliceData(o.data) != unsafe.SliceData(d) || len(o.data) != len(d) || cap(o.data) != cap(d) {
			t.Errorf("%T %s: operand data %p len %d cap %d, view's %p len %d cap %d", v, name,
				unsafe.SliceData(o.data), len(o.data), cap(o.data), unsafe.SliceData(d), len(d), cap(d))
		}
		if l := v.Layout(); !o.lay.Equal(l) || o.lay.String() != l.String() {
			t.Errorf("%T %s: operand layout %v, view's %v", v, name, o.lay, l)
		}
	}
}
