package simd

import (
	"errors"
	"math"
	"testing"
	"unsafe"

	"github.com/tessera-go/tessera/internal/loops"
)

// arithRef is the reference of one element: the plain Go operators.
func arithRef[T Float](op Op, x, y T) T {
	switch op &^ Stream {
	case Add:
		return x + y
	case Sub:
		return x - y
	case Mul:
		return x * y
	case Div:
		return x / y
	case Max:
		return loops.Max(x, y)
	}
	return loops.Min(x, y)
}

// sameFloat reports whether got is want, bit for bit but for NaN payloads
// (got must be NaN where want is) and the sign of zero, which must match.
func sameFloat[T Float](got, want T) bool {
	if want != want {
		return got != got
	}
	return got == want && math.Signbit(float64(got)) == math.Signbit(float64(want))
}

// arithValues returns n inputs mixing ordinary values with the special
// ones the Max/Min NaN rule and signed zeros exercise.
func arithValues[T Float](n, seed int) []T {
	special := []float64{math.NaN(), 0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), 1, -1}
	s := make([]T, n)
	for i := range s {
		k := (i*7 + seed*13) % 29
		if k < len(special) && (i+seed)%3 == 0 {
			s[i] = T(special[k])
		} else {
			s[i] = T(float64(k-14) * 0.75)
		}
	}
	return s
}

// checkArithForm runs one form of op at the active level on n elements,
// with inputs and dst starting off elements into their buffers, guard cells
// after dst, and in place when inPlace (dst is x, or y for SV).
func checkArithForm[T Float](t *testing.T, op Op, form, n, off int, inPlace bool) {
	t.Helper()
	const guard = 9
	x := arithValues[T](off+n, 1)[off:]
	y := arithValues[T](off+n, 2)[off:]
	s := T(-1.5)
	if n%5 == 0 {
		s = T(math.NaN())
	}
	want := make([]T, n)
	for i := range want {
		switch form {
		case formVV:
			want[i] = arithRef(op, x[i], y[i])
		case formVS:
			want[i] = arithRef(op, x[i], s)
		default:
			want[i] = arithRef(op, s, y[i])
		}
	}
	buf := guarded[T](off + n + guard)
	dst := buf[off : off+n]
	if inPlace {
		if form == formSV {
			copy(dst, y)
			y = dst
		} else {
			copy(dst, x)
			x = dst
		}
	}
	var err error
	switch form {
	case formVV:
		err = Binary(op, dst, x, y)
	case formVS:
		err = BinaryScalar(op, dst, x, s)
	default:
		err = ScalarBinary(op, dst, s, y)
	}
	if err != nil {
		t.Fatal(err)
	}
	for i := range want {
		if !sameFloat(dst[i], want[i]) {
			t.Fatalf("%T %v form %d n %d off %d in place %v: dst[%d] = %v, want %v", dst, op, form, n, off, inPlace, i, dst[i], want[i])
		}
	}
	for i, v := range rawBytes(buf[off+n:]) {
		if v != 0xFF {
			t.Fatalf("%T %v form %d n %d off %d: guard byte %d written", dst, op, form, n, off, i)
		}
	}
	for i, v := range rawBytes(buf[:off]) {
		if v != 0xFF {
			t.Fatalf("%T %v form %d n %d off %d: byte %d before dst written", dst, op, form, n, off, i)
		}
	}
}

// TestArithLevels checks every arithmetic kernel at every level against
// the Go operators: lengths 0-70 and a few longer ones (past one kernel
// chunk), starts 0-3 elements past an aligned buffer, ordinary and
// streaming stores, in place and not.
func TestArithLevels(t *testing.T) {
	lengths := []int{}
	for n := range 71 {
		lengths = append(lengths, n)
	}
	lengths = append(lengths, 127, 128, 129, 1000, arithChunk+37)
	forEachKernel(t, func(t *testing.T) {
		for op := Add; op < numOps; op++ {
			for _, o := range []Op{op, op | Stream} {
				for form := formVV; form <= formSV; form++ {
					for _, n := range lengths {
						for off := range 4 {
							if n > 200 && off > 1 {
								continue
							}
							checkArithForm[float32](t, o, form, n, off, off == 2)
							checkArithForm[float64](t, o, form, n, off, off == 2)
						}
					}
				}
			}
		}
	})
}

type celsius float32

// TestArithNamed checks that a type whose underlying type is a float runs
// the same kernels.
func TestArithNamed(t *testing.T) {
	forEachKernel(t, func(t *testing.T) {
		x := []celsius{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17}
		d := make([]celsius, len(x))
		if err := BinaryScalar(Mul, d, x, 2); err != nil {
			t.Fatal(err)
		}
		for i := range d {
			if d[i] != 2*x[i] {
				t.Fatalf("d[%d] = %v, want %v", i, d[i], 2*x[i])
			}
		}
	})
}

func TestArithErrors(t *testing.T) {
	d, x := make([]float32, 4), make([]float32, 3)
	for _, c := range []struct {
		err  error
		want error
		msg  string
	}{
		{Binary(numOps, d, d, d), ErrArg, "simd: Binary: unknown op Op(6)"},
		{Binary(Add, d, x, d), ErrRange, "simd: Binary: x has 3 elements, dst 4"},
		{Binary(Add, d, d, x), ErrRange, "simd: Binary: y has 3 elements, dst 4"},
		{BinaryScalar(Sub, d, x, 1), ErrRange, "simd: BinaryScalar: x has 3 elements, dst 4"},
		{ScalarBinary(Div|Stream, d, 1, x), ErrRange, "simd: ScalarBinary: y has 3 elements, dst 4"},
	} {
		if !errors.Is(c.err, c.want) || c.err.Error() != c.msg {
			t.Errorf("error %v, want %q wrapping %v", c.err, c.msg, c.want)
		}
	}
	for i := range d {
		d[i] = 7
	}
	_ = Binary(Add, d, x, d)
	for _, v := range d {
		if v != 7 {
			t.Fatal("a failed call wrote dst")
		}
	}
	if got := (Max | Stream).String(); got != "Max|Stream" {
		t.Errorf("String = %q", got)
	}
}

// TestArithMisaligned streams into a float64 slice that is not 8-byte
// aligned (made through unsafe): the kernels must not fault on the
// non-temporal stores, and compute the same.
func TestArithMisaligned(t *testing.T) {
	if raceBuild {
		t.Skip("-race checks pointer conversions (checkptr) and rejects a misaligned *float64")
	}
	raw := make([]byte, 8*300+8)
	base := uintptrOf(raw)
	off := int((8-base%8)%8) + 4 // 4 bytes past an 8-byte boundary
	d := unsafe.Slice((*float64)(unsafe.Pointer(&raw[off])), 290)
	x := arithValues[float64](290, 1)
	forEachKernel(t, func(t *testing.T) {
		if err := BinaryScalar(Add|Stream, d, x, 1); err != nil {
			t.Fatal(err)
		}
		for i := range d {
			if !sameFloat(d[i], x[i]+1) {
				t.Fatalf("d[%d] = %v, want %v", i, d[i], x[i]+1)
			}
		}
		if err := ConvertStream(d, arithValues[float32](290, 2)); err != nil {
			t.Fatal(err)
		}
	})
}

// TestStreamHead checks which calls stream: a destination of at least
// streamMin bytes, aligned to its element size, from its first line
// boundary on; a shorter one is written with ordinary stores.
func TestStreamHead(t *testing.T) {
	buf := make([]float32, 4096)
	a := 0 // the first element on a line boundary
	for uintptrOf(buf[a:])%64 != 0 {
		a++
	}
	for _, c := range []struct {
		from, n  int
		nt       bool
		wantHead int
	}{
		{a, 1024, true, 0},
		{a, 1023, false, 0},
		{a + 1, 1024, true, 15},
		{a + 1, 1023, false, 0},
		{a + 5, 3000, true, 11},
		{a, 10, false, 0},
	} {
		nt := true
		if head := streamHead(buf[c.from:c.from+c.n], &nt); head != c.wantHead || nt != c.nt {
			t.Errorf("float32, %d elements %d past a line: head %d, streams %v; want %d, %v", c.n, c.from-a, head, nt, c.wantHead, c.nt)
		}
	}
	d := as[float64](buf[a : a+1024])
	for _, c := range []struct {
		n  int
		nt bool
	}{{512, true}, {511, false}} {
		nt := true
		if head := streamHead(d[:c.n], &nt); head != 0 || nt != c.nt {
			t.Errorf("float64, %d elements: head %d, streams %v; want 0, %v", c.n, head, nt, c.nt)
		}
	}
	nt := false
	if head := streamHead(buf[a:a+2048], &nt); head != 0 || nt {
		t.Errorf("not asked to stream: head %d, streams %v", head, nt)
	}
}
