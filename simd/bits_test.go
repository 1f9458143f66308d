package simd

import (
	"errors"
	"testing"
)

// TestBitwiseLevels checks Bitwise and BitwiseStream at every level
// against the definition: each op, lengths 0-70 and past the streaming
// threshold and a chunk, starts off the vector and the line, in place;
// guard cells past dst stay untouched.
func TestBitwiseLevels(t *testing.T) {
	lengths := kernelLengths(255, streamMin+77, 4*arithChunk+100)
	forEachLevel(t, func(t *testing.T) {
		for op := And; op < numBitOps; op++ {
			for _, n := range lengths {
				for off := range 3 {
					for _, stream := range []bool{false, true} {
						checkBitwise(t, op, n, off, stream)
					}
				}
			}
		}
	})
}

func checkBitwise(t *testing.T, op BitOp, n, off int, stream bool) {
	t.Helper()
	call := Bitwise
	if stream {
		call = BitwiseStream
	}
	x, y := patterned[byte](n+off, 3)[off:], patterned[byte](n+off, 4)[off:]
	want := make([]byte, n)
	for i := range want {
		switch op {
		case And:
			want[i] = x[i] & y[i]
		case Or:
			want[i] = x[i] | y[i]
		default:
			want[i] = x[i] ^ y[i]
		}
	}
	const guard = 70
	buf := guarded[byte](off + n + guard)
	dst := buf[off : off+n]
	if err := call(op, dst, x, y); err != nil {
		t.Fatal(err)
	}
	if !sameBits(dst, want) || !sameBits(buf[off+n:], guarded[byte](guard)) {
		t.Fatalf("%v n %d off %d stream %v: byte %d differs, or a guard cell was written", op, n, off, stream, firstDiff(dst, want))
	}
	in := clone(x)
	if err := call(op, in, in, y); err != nil {
		t.Fatal(err)
	}
	if !sameBits(in, want) {
		t.Fatalf("%v n %d off %d stream %v in place: byte %d differs", op, n, off, stream, firstDiff(in, want))
	}
}

func TestBitwiseErrors(t *testing.T) {
	d := make([]byte, 3)
	for _, c := range []struct {
		err, want error
		msg       string
	}{
		{Bitwise(numBitOps, d, d, d), ErrArg, "simd: Bitwise: unknown op BitOp(3)"},
		{Bitwise(And, d, d[:2], d), ErrRange, "simd: Bitwise: x has 2 elements, dst 3"},
		{BitwiseStream(Xor, d, d, d[:1]), ErrRange, "simd: BitwiseStream: y has 1 elements, dst 3"},
	} {
		if !errors.Is(c.err, c.want) || c.err.Error() != c.msg {
			t.Errorf("error %v, want %q wrapping %v", c.err, c.msg, c.want)
		}
	}
}
