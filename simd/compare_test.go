package simd

import (
	"errors"
	"math"
	"testing"
	"unsafe"
)

// cmpRef is the reference of one element: Go's operators.
func cmpRef[T Float](op CmpOp, x, y T) bool {
	switch op &^ CmpStream {
	case Equal:
		return x == y
	case NotEqual:
		return x != y
	case Less:
		return x < y
	case LessEqual:
		return x <= y
	case Greater:
		return x > y
	}
	return x >= y
}

// checkCompareForm runs op at the active level on n elements, scalar or
// not, with inputs and dst starting off elements into their buffers and
// guard bytes around dst.
func checkCompareForm[T Float](t *testing.T, op CmpOp, scalar bool, n, off int) {
	t.Helper()
	const guard = 9
	x := arithValues[T](off+n, 1)[off:]
	y := arithValues[T](off+n, 2)[off:]
	if n%4 == 1 {
		copy(y, x) // many equal pairs
	}
	s := T(-0.75)
	switch n % 5 {
	case 0:
		s = T(nan())
	case 1:
		s = 0
	}
	buf := make([]byte, off+n+guard)
	for i := range buf {
		buf[i] = 0xAA
	}
	dst := asBools(buf[off : off+n])
	var err error
	if scalar {
		err = CompareScalar(op, dst, x, s)
	} else {
		err = Compare(op, dst, x, y)
	}
	if err != nil {
		t.Fatal(err)
	}
	for i := range dst {
		w := cmpRef(op, x[i], y[i])
		if scalar {
			w = cmpRef(op, x[i], s)
		}
		if b := buf[off+i]; b > 1 || (b == 1) != w {
			t.Fatalf("%T %v scalar %v n %d off %d: dst[%d] is the byte %d for %v and %v, want %v", x, op, scalar, n, off, i, b, x[i], y[i], w)
		}
	}
	for i, b := range buf {
		if (i < off || i >= off+n) && b != 0xAA {
			t.Fatalf("%T %v scalar %v n %d off %d: byte %d outside dst written", x, op, scalar, n, off, i)
		}
	}
}

// TestCompareLevels checks every comparison kernel at every level against
// Go's operators: lengths 0-70 and a few longer ones (past one kernel
// chunk, and past the shortest streamed dst), starts 0-3 elements past an
// aligned buffer, ordinary and streaming stores, NaN, infinities and both
// zeros among the inputs and as the scalar.
func TestCompareLevels(t *testing.T) {
	lengths := []int{}
	for n := range 71 {
		lengths = append(lengths, n)
	}
	lengths = append(lengths, 127, 128, 129, 1000, streamMin-1, streamMin+130, arithChunk+37)
	forEachKernel(t, func(t *testing.T) {
		for op := Equal; op < numCmpOps; op++ {
			for _, o := range []CmpOp{op, op | CmpStream} {
				for _, scalar := range []bool{false, true} {
					for _, n := range lengths {
						for off := range 4 {
							if n > 200 && off > 1 && o == op {
								continue
							}
							checkCompareForm[float32](t, o, scalar, n, off)
							checkCompareForm[float64](t, o, scalar, n, off)
						}
					}
				}
			}
		}
	})
}

func TestCompareErrors(t *testing.T) {
	d, x := make([]bool, 4), make([]float32, 3)
	for _, c := range []struct {
		err  error
		want error
		msg  string
	}{
		{Compare(numCmpOps, d, x[:2], x), ErrArg, "simd: Compare: unknown comparison CmpOp(6)"},
		{Compare(Less, d, x, make([]float32, 4)), ErrRange, "simd: Compare: x has 3 elements, dst 4"},
		{Compare(Less, d, make([]float32, 4), x), ErrRange, "simd: Compare: y has 3 elements, dst 4"},
		{CompareScalar(Greater, d, x, 1), ErrRange, "simd: CompareScalar: x has 3 elements, dst 4"},
	} {
		if !errors.Is(c.err, c.want) || c.err.Error() != c.msg {
			t.Errorf("error %v, want %q wrapping %v", c.err, c.msg, c.want)
		}
	}
	for _, v := range d {
		if v {
			t.Fatal("a failed call wrote dst")
		}
	}
	for op, m := range map[CmpOp]CmpOp{Equal: Equal, NotEqual: NotEqual, Less: Greater, LessEqual: GreaterEqual, Greater: Less, GreaterEqual: LessEqual} {
		if op.Mirror() != m {
			t.Errorf("%v.Mirror() = %v, want %v", op, op.Mirror(), m)
		}
	}
	if got := CmpOp(9).String(); got != "CmpOp(9)" {
		t.Errorf("String = %q", got)
	}
	if got := (Less | CmpStream).String(); got != "Less|CmpStream" {
		t.Errorf("String = %q", got)
	}
	if got := (LessEqual | CmpStream).Mirror(); got != GreaterEqual|CmpStream {
		t.Errorf("Mirror = %v", got)
	}
}

func nan() float64 { return math.NaN() }

// asBools reads bytes as bools, in place; the test writes them first.
func asBools(b []byte) []bool {
	return unsafe.Slice((*bool)(unsafe.Pointer(unsafe.SliceData(b))), len(b))
}
