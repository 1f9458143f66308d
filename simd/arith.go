package simd

import (
	"fmt"
	"unsafe"

	"github.com/tessera-go/tessera/internal/errs"
	"github.com/tessera-go/tessera/internal/loops"
	"github.com/tessera-go/tessera/internal/num"
)

//go:generate go run ./internal/genarith
//go:generate go run ./internal/gengemm

// Float is the constraint of the arithmetic kernels: float32, float64 and
// the types whose underlying type is one of them. It is tensor.Float,
// defined once in internal/num.
type Float = num.Float

// Op is an elementwise binary operation of [Binary], [BinaryScalar] and
// [ScalarBinary], possibly with the [Stream] flag.
type Op uint8

// The operations, for operands x and y.
const (
	Add Op = iota // x + y
	Sub           // x - y
	Mul           // x * y
	Div           // x / y (IEEE 754: x/0 is ±Inf or NaN)
	Max           // the larger; NaN if either is NaN (NumPy's maximum); y if they compare equal
	Min           // the smaller; NaN if either is NaN (NumPy's minimum); y if they compare equal
	numOps
)

// nanAdd is Add|SkipNaN as the reduction kernels and their Go twins take
// it (see reductionOp): their tables have numFolds entries, the
// elementwise ones numOps.
const (
	nanAdd   = numOps
	numFolds = numOps + 1
)

// SkipNaN, or-ed into Add (Add|SkipNaN), makes the reductions [Reduce],
// [ReduceRows] and [FoldRows] read every element of x that is NaN as +0,
// NumPy's nansum: the result is bit for bit that of Add over x with its
// NaN replaced by +0 ([ReplaceNaN]), and the vector kernels replace them
// as they load x, in the same pass. Only x's elements are read so: the
// accumulators, FoldRows's init and the partial sums stay as they are, so
// that a NaN that Inf - Inf makes is kept. Other ops, and the elementwise
// calls, refuse it (ErrArg).
const SkipNaN Op = 0x40

// Stream, or-ed into an Op (Add|Stream), asks for non-temporal stores where
// the level has them: the destination is written around the caches, which
// saves reading each destination line before writing it, and an SFENCE
// orders the stores before the call returns. Choose it when the
// destination of the whole operation is much larger than L2 (8 MiB or
// more) and will not be read again soon; the result is the same. A call
// whose destination is shorter than 4 KiB ignores it: the SFENCE and the
// partly written lines at the run's end cost more than streaming saves
// (see streamMin).
const Stream Op = 0x80

// streamMin is the shortest destination, in bytes, that a call streams:
// rows of float32 written one call each (BenchmarkStreamRuns) ran faster
// with streaming stores than with ordinary ones from rows of 4 KiB on,
// and slower on shorter rows (BENCHMARKS.md, "Short rows, odd rows,
// broadcasting over rows and Var (fifth session, 2026-11-24)").
const streamMin = 4096

var opNames = [numOps]string{"Add", "Sub", "Mul", "Div", "Max", "Min"}

// String returns the operation's name, with "|SkipNaN" and "|Stream"
// when those flags are set.
func (o Op) String() string {
	s := ""
	if o&SkipNaN != 0 {
		s = "|SkipNaN"
	}
	if o&Stream != 0 {
		s += "|Stream"
	}
	if b := o &^ (Stream | SkipNaN); b < numOps {
		return opNames[b] + s
	}
	return fmt.Sprintf("Op(%d)", uint8(o))
}

// arithSet holds the assembly kernels of one level for one element type,
// indexed by Op: see genarith for what each computes. They take a positive
// multiple of width elements.
type arithSet[E float32 | float64] struct {
	width int
	vv    [numOps]func(dst, x, y *E, n int, nt bool)
	vs    [numOps]func(dst, x *E, s E, n int, nt bool)
	sv    [numOps]func(dst *E, s E, y *E, n int, nt bool)
	// The reduction kernels over the caller's data, nil for an op without
	// one: whole reduces a run (wholeAt), rows and seq combine rows
	// (FoldRows), whole4 reduces four rows (whole4At). The reductions over
	// the caller's local arrays (fold, halve, each) are called directly:
	// see fold32.
	whole  [numFolds]func(x *E, n int) E
	rows   [numFolds]func(dst, init, x *E, stride, rows, n int)
	seq    [numFolds]func(dst, x *E, stride, rows, n int)
	whole4 [numFolds]func(dst, x *E, stride, n int) (redo int)
}

// The three forms of an arithmetic call.
const (
	formVV = iota // dst[i] = x[i] op y[i]
	formVS        // dst[i] = x[i] op s
	formSV        // dst[i] = s op y[i]
)

// arithChunk bounds the elements one assembly call writes, because
// assembly is not preemptible: 64 KiB of float32.
const arithChunk = 16384

// Binary sets dst[i] = x[i] op y[i] for every i < len(dst); x and y must
// hold at least len(dst) elements. dst may be x or y (the same first
// element: computing in place) but must not overlap them otherwise; such
// an overlap cannot corrupt memory, but the result is unspecified.
//
// The results are exactly those of the plain Go loop (d[i] = x[i] + y[i],
// and for Max and Min the NaN-propagating rule of [Max]), at every level,
// except that of two NaN operands either may be returned.
//
// Binary returns an error wrapping ErrArg for an unknown op and one
// wrapping ErrRange when x or y is shorter than dst; in both cases it
// writes nothing.
func Binary[T Float](op Op, dst, x, y []T) error {
	if err := checkArith("Binary", op, len(dst), "x", len(x), "y", len(y)); err != nil {
		return err
	}
	arithAt(forLoads(active.Load(), arithLoads, uintptrOf(dst), uintptrOf(x), uintptrOf(y)), op, formVV, dst, x, y, 0)
	return nil
}

// BinaryScalar sets dst[i] = x[i] op s for every i < len(dst), like
// [Binary]; x must hold at least len(dst) elements.
func BinaryScalar[T Float](op Op, dst, x []T, s T) error {
	if err := checkArith("BinaryScalar", op, len(dst), "x", len(x), "", 0); err != nil {
		return err
	}
	arithAt(forLoads(active.Load(), arithLoads, uintptrOf(dst), uintptrOf(x), 0), op, formVS, dst, x, nil, s)
	return nil
}

// ScalarBinary sets dst[i] = s op y[i] for every i < len(dst), like
// [Binary]; y must hold at least len(dst) elements.
func ScalarBinary[T Float](op Op, dst []T, s T, y []T) error {
	if err := checkArith("ScalarBinary", op, len(dst), "y", len(y), "", 0); err != nil {
		return err
	}
	arithAt(forLoads(active.Load(), arithLoads, uintptrOf(dst), uintptrOf(y), 0), op, formSV, dst, nil, y, s)
	return nil
}

// checkArith validates the arguments of an arithmetic call: the op and
// the lengths of the named inputs (an empty name is not an input).
func checkArith(fn string, op Op, n int, xn string, xl int, yn string, yl int) error {
	if op&^Stream >= numOps {
		return errs.New("simd", fn, ErrArg, "unknown op %v", op)
	}
	if xl < n {
		return errs.New("simd", fn, ErrRange, "%s has %d elements, dst %d", xn, xl, n)
	}
	if yn != "" && yl < n {
		return errs.New("simd", fn, ErrRange, "%s has %d elements, dst %d", yn, yl, n)
	}
	return nil
}

// arithAt runs one validated arithmetic call with the kernels of table t
// for T's size, or the Go twin when t has none.
func arithAt[T Float](t *table, op Op, form int, d, x, y []T, s T) {
	if sizeOf[T]() == 4 {
		if t.a32 != nil {
			arithRun(t.a32, op, form, as[float32](d), as[float32](x), as[float32](y), float32(s))
			return
		}
	} else if t.a64 != nil {
		arithRun(t.a64, op, form, as[float64](d), as[float64](x), as[float64](y), float64(s))
		return
	}
	arithGo(op&^Stream, form, d, x, y, s)
}

// arithRun runs the kernels of k over whole vectors of d and the Go twin
// over the rest: when streaming, the head up to d's first 64-byte line
// boundary (non-temporal vector stores need aligned addresses), and the
// tail shorter than a vector. One kernel call writes at most arithChunk
// elements.
func arithRun[E float32 | float64](k *arithSet[E], op Op, form int, d, x, y []E, s E) {
	nt := op&Stream != 0
	op &^= Stream
	head := streamHead(d, &nt)
	body := (len(d) - head) &^ (k.width - 1)
	if body == 0 {
		arithGo(op, form, d, x, y, s)
		return
	}
	arithGo(op, form, d[:head], part(x, 0, head), part(y, 0, head), s)
	for i := head; i < head+body; {
		n := min(arithChunk, head+body-i)
		switch form {
		case formVV:
			k.vv[op](&d[i], &x[i], &y[i], n, nt)
		case formVS:
			k.vs[op](&d[i], &x[i], s, n, nt)
		default:
			k.sv[op](&d[i], s, &y[i], n, nt)
		}
		i += n
	}
	end := head + body
	arithGo(op, form, d[end:], part(x, end, len(d)), part(y, end, len(d)), s)
}

// streamHead returns how many leading elements of d precede its first
// 64-byte line boundary when *nt is set, the elements the Go twin writes
// before a streaming kernel can. Non-temporal vector stores need aligned
// addresses, so a d not aligned to its element size (possible only
// through unsafe) clears *nt and streams nothing; so does a d shorter
// than streamMin bytes.
func streamHead[E any](d []E, nt *bool) int {
	if !*nt {
		return 0
	}
	size := unsafe.Sizeof(*new(E))
	addr := uintptrOf(d)
	if addr%size != 0 || uintptr(len(d))*size < streamMin {
		*nt = false
		return 0
	}
	return min(int((64-addr%64)%64/size), len(d))
}

// part returns s[i:j], or nil for the input a form does not use.
func part[E any](s []E, i, j int) []E {
	if s == nil {
		return nil
	}
	return s[i:j]
}

// arithGo is the Go twin of every arithmetic kernel: the loops of package
// internal/loops.
func arithGo[T Float](op Op, form int, d, x, y []T, s T) {
	switch form {
	case formVV:
		switch op {
		case Add:
			loops.AddVV(d, x, y)
		case Sub:
			loops.SubVV(d, x, y)
		case Mul:
			loops.MulVV(d, x, y)
		case Div:
			loops.DivVV(d, x, y)
		case Max:
			loops.MaxVV(d, x, y)
		case Min:
			loops.MinVV(d, x, y)
		}
	case formVS:
		switch op {
		case Add:
			loops.AddVS(d, x, s)
		case Sub:
			loops.SubVS(d, x, s)
		case Mul:
			loops.MulVS(d, x, s)
		case Div:
			loops.DivVS(d, x, s)
		case Max:
			loops.MaxVS(d, x, s)
		case Min:
			loops.MinVS(d, x, s)
		}
	default:
		switch op {
		case Add:
			loops.AddSV(d, s, y)
		case Sub:
			loops.SubSV(d, s, y)
		case Mul:
			loops.MulSV(d, s, y)
		case Div:
			loops.DivSV(d, s, y)
		case Max:
			loops.MaxSV(d, s, y)
		case Min:
			loops.MinSV(d, s, y)
		}
	}
}
