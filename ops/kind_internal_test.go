package ops

import "testing"

type (
	celsius float32
	count32 int32
	meters  float64
)

// TestFloatKind checks that kernels are chosen by the element's kind, not
// its size: 4- and 8-byte integers have no float kernel, and types defined
// on float32 or float64 have theirs.
func TestFloatKind(t *testing.T) {
	for _, c := range []struct {
		name      string
		got, want kind
	}{
		{"float32", floatKind[float32](), kindFloat32},
		{"float64", floatKind[float64](), kindFloat64},
		{"celsius", floatKind[celsius](), kindFloat32},
		{"meters", floatKind[meters](), kindFloat64},
		{"int32", floatKind[int32](), noKernel},
		{"uint32", floatKind[uint32](), noKernel},
		{"count32", floatKind[count32](), noKernel},
		{"int64", floatKind[int64](), noKernel},
		{"uint64", floatKind[uint64](), noKernel},
		{"int", floatKind[int](), noKernel},
		{"complex64", floatKind[complex64](), noKernel},
	} {
		if c.got != c.want {
			t.Errorf("floatKind[%s]() = %d, want %d", c.name, c.got, c.want)
		}
	}
	r := newBinRunner[int32](addOp[int32]{}, false)
	if r.fk != noKernel {
		t.Errorf("the runner of Add on int32 has float kernel kind %d", r.fk)
	}
	if r := newBinRunner[celsius](addOp[celsius]{}, false); r.fk != kindFloat32 {
		t.Errorf("the runner of Add on a type defined on float32 has kind %d", r.fk)
	}
}
