package simd

import (
	"encoding/binary"
	"fmt"

	"github.com/tessera-go/tessera/internal/errs"
)

// BitOp is a bitwise operation of [Bitwise] on bytes: on masks (bool
// bytes, 0 or 1) it is the logical operation.
type BitOp uint8

// The operations, for bytes x and y.
const (
	And BitOp = iota // x & y
	Or               // x | y
	Xor              // x ^ y
	numBitOps
)

var bitNames = [numBitOps]string{"And", "Or", "Xor"}

// String returns the operation's name.
func (o BitOp) String() string {
	if o < numBitOps {
		return bitNames[o]
	}
	return fmt.Sprintf("BitOp(%d)", uint8(o))
}

// Bitwise sets dst[i] = x[i] op y[i] for every i < len(dst); x and y must
// hold at least len(dst) bytes. dst may be x or y (the same first byte)
// but must not overlap them otherwise. At the AVX2 and AVX-512 levels a
// vector of bytes at a time; the Go twin eight at a time. It returns an
// error wrapping ErrArg for an unknown op and one wrapping ErrRange when x
// or y is shorter than dst; in both cases it writes nothing.
func Bitwise(op BitOp, dst, x, y []byte) error {
	return bitwiseCall("Bitwise", op, dst, x, y, false)
}

// BitwiseStream is Bitwise with non-temporal stores where the level has
// them (see [Stream]).
func BitwiseStream(op BitOp, dst, x, y []byte) error {
	return bitwiseCall("BitwiseStream", op, dst, x, y, true)
}

// bitKernel is an assembly Bitwise over n bytes, a multiple of w; with nt,
// dst is 64-byte aligned and the stores are non-temporal.
type bitKernel struct {
	fn func(dst, x, y *byte, n int, op BitOp, nt bool)
	w  int
}

func bitwiseCall(fn string, op BitOp, dst, x, y []byte, nt bool) error {
	if op >= numBitOps {
		return errs.New("simd", fn, ErrArg, "unknown op %v", op)
	}
	if len(x) < len(dst) {
		return errs.New("simd", fn, ErrRange, "x has %d elements, dst %d", len(x), len(dst))
	}
	if len(y) < len(dst) {
		return errs.New("simd", fn, ErrRange, "y has %d elements, dst %d", len(y), len(dst))
	}
	i := 0
	if k := active.Load().bits; k.fn != nil {
		nt = nt && len(dst) >= streamMin
		if nt {
			i = min(int((64-uintptrOf(dst)%64)%64), len(dst))
			bitwiseGo(op, dst[:i], x, y)
		}
		for {
			n := min(arithChunk*4, len(dst)-i) &^ (k.w - 1)
			if n == 0 {
				break
			}
			k.fn(&dst[i], &x[i], &y[i], n, op, nt)
			i += n
		}
	}
	bitwiseGo(op, dst[i:], x[i:], y[i:])
	return nil
}

// bitwiseGo is Bitwise's twin, eight bytes at a time.
func bitwiseGo(op BitOp, d, x, y []byte) {
	x, y = x[:len(d)], y[:len(d)]
	le := binary.LittleEndian
	i := 0
	for ; i+8 <= len(d); i += 8 {
		a, b := le.Uint64(x[i:]), le.Uint64(y[i:])
		switch op {
		case And:
			a &= b
		case Or:
			a |= b
		default:
			a ^= b
		}
		le.PutUint64(d[i:], a)
	}
	for ; i < len(d); i++ {
		switch op {
		case And:
			d[i] = x[i] & y[i]
		case Or:
			d[i] = x[i] | y[i]
		default:
			d[i] = x[i] ^ y[i]
		}
	}
}
