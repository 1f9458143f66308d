package simd

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"sync/atomic"

	"github.com/tessera-go/tessera/internal/errs"
	"github.com/tessera-go/tessera/internal/num"
	"github.com/tessera-go/tessera/internal/simdhook"
)

// Number is the constraint on the element types of the computing kernels:
// every Go integer, float and complex type (uintptr included), and any
// type whose underlying type is one of them. It is tensor.Number, defined
// once in internal/num.
type Number = num.Number

// Element is the constraint of the data-movement kernels (Copy, Strided,
// Fill, the transposes): every Number and bool, tensor.Element. They only
// move bits: they never compare or compute with elements, so NaN payloads
// and negative zeros are copied unchanged.
type Element = num.Element

// ISA is an instruction-set level the kernels can run at. Levels are ordered:
// a CPU that runs a level also runs every lower one.
type ISA uint8

// The levels, in ascending order.
const (
	Generic ISA = iota // plain Go: the reference twins of every kernel
	AVX2               // amd64 AVX2 assembly
	AVX512             // amd64 AVX-512 (F and VL) assembly
)

var isaNames = [...]string{Generic: "generic", AVX2: "avx2", AVX512: "avx512"}

// String returns the lowercase name of the level ("generic", "avx2",
// "avx512"), the same spelling TESSERA_SIMD accepts.
func (l ISA) String() string {
	if int(l) < len(isaNames) {
		return isaNames[l]
	}
	return fmt.Sprintf("ISA(%d)", uint8(l))
}

// Errors returned by the kernels, always wrapped with the operation and the
// offending values; test with errors.Is.
var (
	// ErrRange reports an offset, stride or count that would reach an
	// element outside a slice.
	ErrRange = errors.New("simd: index out of range")
	// ErrArg reports an invalid argument, such as a negative count.
	ErrArg = errors.New("simd: invalid argument")
)

// table holds the kernels of one level. It is immutable once built and is
// swapped atomically, so a kernel call always sees one consistent level.
type table struct {
	isa ISA
	// t8 and t16 are the tiles of 1- and 2-byte elements, t8nt and t16nt
	// their non-temporal forms.
	t8, t8nt   tileKernel[uint8]
	t16, t16nt tileKernel[uint16]
	t32, t32nt tileKernel[uint32]
	t64, t64nt tileKernel[uint64]
	// g32nt and g64nt are the streaming stride-2 gathers of StridedStream;
	// r32 and r64 the reversals (gathers of stride -1) of Strided, r32nt
	// and r64nt those of StridedStream.
	g32nt      gatherKernel[uint32]
	g64nt      gatherKernel[uint64]
	r32, r32nt gatherKernel[uint32]
	r64, r64nt gatherKernel[uint64]
	// fillUnit selects the assembly fill (see fillVec): 0 for the Go loop,
	// else the granule in bytes of the level's fill kernel.
	fillUnit int
	// a32 and a64 are the arithmetic kernels (nil: the Go twins).
	a32 *arithSet[float32]
	a64 *arithSet[float64]
	// c32 and c64 are the comparison kernels (nil: the Go twins).
	c32 *cmpSet[float32]
	c64 *cmpSet[float64]
	// cvt holds the float32/float64 conversions (nil: the Go loop).
	cvt *cvtSet
	// idx32 and idx64 are the index kernels of Index (nil: the Go twin):
	// over n elements of x, n a multiple of the level's vector, they
	// return the index of the first element equal to v, or n; v is not
	// NaN.
	idx32 func(x *float32, n int, v float32) int
	idx64 func(x *float64, n int, v float64) int
	// comp32 and comp64 are the compress kernels of 4- and 8-byte
	// elements (nil fn: the Go twin; see Compress).
	comp32 compressKernel[uint32]
	comp64 compressKernel[uint64]
	// nan32 and nan64 are the kernels of ReplaceNaN (nil fn: the Go twin).
	nan32 nanKernel[float32]
	nan64 nanKernel[float64]
	// sel32 and sel64 are the kernels of Select (nil fn: the Go twin).
	sel32 selectKernel[uint32]
	sel64 selectKernel[uint64]
	// bits is the kernel of Bitwise (nil fn: the Go twin).
	bits bitKernel
	// copyNT is the kernel of CopyStream (nil: the builtin copy): n bytes,
	// a multiple of 64, into 64-byte aligned dst.
	copyNT func(dst, x *byte, n int)
	// copyRows and copyRowsNT are the kernels of CopyRows and
	// CopyRowsStream (nil: the builtin copy per row): rows runs of n
	// bytes, a multiple of 64, at the byte offsets doff and soff (doff
	// 64-byte aligned in dst for copyRowsNT).
	copyRows, copyRowsNT func(dst, x *byte, doff, soff *int, rows, n int)
	// exp32 is the float32 kernel of Exp (nil fn: loops.Exp32).
	exp32 expKernel
	// clip32 and clip64 are the kernels of Clip (nil fn: the Go twin).
	clip32 clipKernel[float32]
	clip64 clipKernel[float64]
	// sortNet32 and sortNet64 are the longest runs of 4- and 8-byte
	// patterns the level's sorting networks sort (sortNetAsm; 0: none,
	// the Go twin runs).
	sortNet32, sortNet64 int
	// gemm32 and gemm64 are the matrix-product micro-kernels (nil: the Go
	// twin; see Gemm).
	gemm32 *gemmSet[float32]
	gemm64 *gemmSet[float64]
	// thin holds the thin transposes by the base-2 logarithm of the
	// element size (zero: none, the tiles and then the Go twin run; see
	// thin.go), narrow32 and narrow64 the smaller tiles that take the
	// thin transposes they cover whole (see transposeNarrow).
	thin     [4]thinSet
	narrow32 tileKernel[uint32]
	narrow64 tileKernel[uint64]
	// narrower is the table of the level with narrower vectors that this
	// level's kernels give way to: for operands that do not start on a
	// line (forLoads), and for the columns FoldRows leaves after this
	// level's last whole vector. nil where there is none.
	narrower *table
	// hot is the table whose tiles TransposeHot runs at this level where
	// hotNarrow is set (forHot): the narrower level's tiles with this
	// level's thin kernels. nil: this table.
	hot *table
}

// tileElement is the element types of the tile kernels: unsigned
// integers of each size the kernels move (they only move bits).
type tileElement interface {
	uint8 | uint16 | uint32 | uint64
}

// tileKernel is an assembly transpose that handles only whole tiles: rows a
// multiple of tr and cols a multiple of tc, both powers of two (so that
// rounding down to whole tiles is a mask, not a division). A nil fn means
// "no kernel": the plain-Go twin does all the work.
type tileKernel[E tileElement] struct {
	fn     func(dst *E, dld int, src *E, sld int, rows, cols int)
	tr, tc int
}

var (
	active       atomic.Pointer[table]
	tables       [AVX512 + 1]*table // nil where the CPU or build cannot run the level
	genericTable = &table{isa: Generic}
)

// Level returns the level the kernels currently run at: the best level this
// CPU supports, unless TESSERA_SIMD chose a lower one. A binary built with
// -race runs at Generic, whatever TESSERA_SIMD says: the race detector
// cannot see the memory accesses of assembly, but it sees those of the Go
// twins.
func Level() ISA { return active.Load().isa }

// Supported returns the levels this CPU and build can run, in ascending
// order. It always starts with Generic; with the purego build tag or on
// other architectures it is only Generic.
func Supported() []ISA {
	var out []ISA
	for l, t := range tables {
		if t != nil {
			out = append(out, ISA(l))
		}
	}
	return out
}

// setLevel switches to level l and returns a function restoring the previous
// level. It is what internal/simdhook exposes to tests.
func setLevel(l ISA) (restore func(), err error) {
	if int(l) >= len(tables) || tables[l] == nil {
		return nil, errs.New("simd", "SetLevel", ErrArg, "level %v not supported (supported %v)", l, Supported())
	}
	prev := active.Swap(tables[l])
	return func() { active.Store(prev) }, nil
}

// pickLevel returns the level for the TESSERA_SIMD value env: the named level
// if supported, else the best supported level below it. An empty or unknown
// value means no limit.
func pickLevel(env string) ISA {
	want := AVX512
	switch strings.ToLower(strings.TrimSpace(env)) {
	case "generic", "purego", "go":
		want = Generic
	case "avx2":
		want = AVX2
	}
	for l := want; l > Generic; l-- {
		if tables[l] != nil {
			return l
		}
	}
	return Generic
}

func init() {
	tables[Generic] = genericTable
	archInit()
	if raceBuild {
		active.Store(genericTable)
	} else {
		active.Store(tables[pickLevel(os.Getenv("TESSERA_SIMD"))])
	}
	simdhook.SetLevel = func(isa uint8) (func(), error) { return setLevel(ISA(isa)) }
	simdhook.Names = isaNames[:]
	simdhook.Supported = func() []uint8 {
		var out []uint8
		for _, l := range Supported() {
			out = append(out, uint8(l))
		}
		return out
	}
}
