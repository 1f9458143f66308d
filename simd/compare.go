package simd

import (
	"fmt"

	"github.com/tessera-go/tessera/internal/errs"
	"github.com/tessera-go/tessera/internal/loops"
)

//go:generate go run ./internal/gencmp

// CmpOp is a comparison of [Compare] and [CompareScalar].
type CmpOp uint8

// The comparisons, of operands x and y. They follow IEEE 754, as Go's
// operators do: a comparison with NaN is false, except NotEqual, which is
// true; -0 equals +0.
const (
	Equal        CmpOp = iota // x == y
	NotEqual                  // x != y
	Less                      // x < y
	LessEqual                 // x <= y
	Greater                   // x > y
	GreaterEqual              // x >= y
	numCmpOps
)

// CmpStream, or-ed into a CmpOp (Less|CmpStream), asks for non-temporal
// stores of dst where the level has them, as [Stream] does for the
// arithmetic: choose it when the destination of the whole operation is
// much larger than L2 and will not be read again soon; the result is the
// same. The AVX512 level streams whole 64-byte lines of dst (its first
// bytes up to a line boundary, and its last ones past the last whole
// line, are written with ordinary stores); the AVX2 level and the Go twin
// ignore it, and so does a call whose dst is shorter than 4 KiB.
const CmpStream CmpOp = 0x80

var cmpNames = [numCmpOps]string{"Equal", "NotEqual", "Less", "LessEqual", "Greater", "GreaterEqual"}

// String returns the comparison's name, with "|CmpStream" when the flag
// is set.
func (o CmpOp) String() string {
	s := ""
	if o&CmpStream != 0 {
		s = "|CmpStream"
	}
	if b := o &^ CmpStream; b < numCmpOps {
		return cmpNames[b] + s
	}
	return fmt.Sprintf("CmpOp(%d)", uint8(o))
}

// Mirror returns the comparison that gives the same result with its
// operands swapped: Greater for Less, LessEqual for GreaterEqual, Equal
// and NotEqual for themselves (s < y[i] is y[i] > s). The CmpStream flag
// is kept.
func (o CmpOp) Mirror() CmpOp {
	flag := o & CmpStream
	switch o &^ CmpStream {
	case Less:
		return Greater | flag
	case LessEqual:
		return GreaterEqual | flag
	case Greater:
		return Less | flag
	case GreaterEqual:
		return LessEqual | flag
	}
	return o
}

// cmpSet holds the comparison kernels of one level for one element type,
// indexed by CmpOp (gencmp writes them). They take a positive multiple of
// width elements and write one bool per element.
type cmpSet[E float32 | float64] struct {
	width int
	vv    [numCmpOps]func(dst *bool, x, y *E, n int, nt bool)
	vs    [numCmpOps]func(dst *bool, x *E, s E, n int, nt bool)
}

// Compare sets dst[i] = x[i] op y[i] for every i < len(dst); x and y must
// hold at least len(dst) elements. The results are exactly those of Go's
// operators, at every level. It returns an error wrapping ErrArg for an
// unknown op and one wrapping ErrRange when x or y is shorter than dst;
// in both cases it writes nothing.
func Compare[T Float](op CmpOp, dst []bool, x, y []T) error {
	if err := checkCompare("Compare", op, len(dst), "x", len(x), "y", len(y)); err != nil {
		return err
	}
	t := active.Load()
	if sizeOf[T]() == 4 {
		if t.c32 != nil {
			cmpRun(t.c32, op, dst, as[float32](x), as[float32](y), 0)
			return nil
		}
	} else if t.c64 != nil {
		cmpRun(t.c64, op, dst, as[float64](x), as[float64](y), 0)
		return nil
	}
	cmpGo(op&^CmpStream, dst, x, y, 0)
	return nil
}

// CompareScalar sets dst[i] = x[i] op s for every i < len(dst), like
// [Compare]; x must hold at least len(dst) elements. For s op x[i], pass
// op.Mirror().
func CompareScalar[T Float](op CmpOp, dst []bool, x []T, s T) error {
	if err := checkCompare("CompareScalar", op, len(dst), "x", len(x), "", 0); err != nil {
		return err
	}
	t := active.Load()
	if sizeOf[T]() == 4 {
		if t.c32 != nil {
			cmpRun(t.c32, op, dst, as[float32](x), nil, float32(s))
			return nil
		}
	} else if t.c64 != nil {
		cmpRun(t.c64, op, dst, as[float64](x), nil, float64(s))
		return nil
	}
	cmpGo(op&^CmpStream, dst, x, nil, s)
	return nil
}

// checkCompare validates the arguments of a comparison.
func checkCompare(fn string, op CmpOp, n int, xn string, xl int, yn string, yl int) error {
	if op&^CmpStream >= numCmpOps {
		return errs.New("simd", fn, ErrArg, "unknown comparison %v", op)
	}
	if xl < n {
		return errs.New("simd", fn, ErrRange, "%s has %d elements, dst %d", xn, xl, n)
	}
	if yn != "" && yl < n {
		return errs.New("simd", fn, ErrRange, "%s has %d elements, dst %d", yn, yl, n)
	}
	return nil
}

// cmpRun runs the kernels of k over whole vectors of d and the Go twin
// over the rest: when streaming, the head up to d's first 64-byte line
// boundary, and the tail shorter than a vector; y nil is the scalar form.
// One kernel call writes at most arithChunk elements (assembly is not
// preemptible).
func cmpRun[E float32 | float64](k *cmpSet[E], op CmpOp, d []bool, x, y []E, s E) {
	nt := op&CmpStream != 0 && len(d) >= streamMin
	op &^= CmpStream
	head := 0
	if nt {
		head = min(int((64-uintptrOf(d)%64)%64), len(d))
	}
	body := (len(d) - head) &^ (k.width - 1)
	cmpGo(op, d[:head], x[:head], part(y, 0, head), s)
	for i := head; i < head+body; {
		n := min(arithChunk, head+body-i)
		if y == nil {
			k.vs[op](&d[i], &x[i], s, n, nt)
		} else {
			k.vv[op](&d[i], &x[i], &y[i], n, nt)
		}
		i += n
	}
	end := head + body
	cmpGo(op, d[end:], x[end:], part(y, end, len(d)), s)
}

// cmpGo is the Go twin of every comparison kernel: the loops of package
// internal/loops; y nil is the scalar form.
func cmpGo[T Float](op CmpOp, d []bool, x, y []T, s T) {
	if y == nil {
		switch op {
		case Equal:
			loops.EqVS(d, x, s)
		case NotEqual:
			loops.NeVS(d, x, s)
		case Less:
			loops.LtVS(d, x, s)
		case LessEqual:
			loops.LeVS(d, x, s)
		case Greater:
			loops.GtVS(d, x, s)
		case GreaterEqual:
			loops.GeVS(d, x, s)
		}
		return
	}
	switch op {
	case Equal:
		loops.EqVV(d, x, y)
	case NotEqual:
		loops.NeVV(d, x, y)
	case Less:
		loops.LtVV(d, x, y)
	case LessEqual:
		loops.LeVV(d, x, y)
	case Greater:
		loops.GtVV(d, x, y)
	case GreaterEqual:
		loops.GeVV(d, x, y)
	}
}
