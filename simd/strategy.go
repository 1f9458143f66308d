package simd

import (
	"fmt"
	"os"
	"strings"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/tessera-go/tessera/internal/errs"
)

// TransposeStrategy is the order in which TransposeStream, the transpose
// the copier runs for large outputs, walks its tiles. Which order is
// faster depends on the machine: see the package documentation.
type TransposeStrategy uint8

const (
	// Bands writes one band of destination rows, a cache line of them,
	// at a time, reading a page of each source row: the source is read as
	// a few long runs. It is the default on Intel processors and on AMD
	// family 25.
	Bands TransposeStrategy = iota + 1
	// Blocks writes square blocks of 256 bytes a side (64x64 float32, 32x32
	// float64): both sides of a block stay in L1. It is the default on AMD
	// family 26 (see BENCHMARKS.md). A transpose with a side shorter than four
	// squares walks the bands of Bands instead.
	Blocks
	// Calibrate times Bands against Blocks on the first streaming
	// transpose large enough to tell them apart (4 MiB, each side at
	// least 1 KiB of elements per quarter): its rows are cut in four
	// quarters, run as Bands, Blocks, Bands, Blocks, and the strategy of
	// the faster pair, per row, is kept for the rest of the process. The
	// transpose timed is the caller's own, so calibrating adds no work and
	// no allocation, only four clock readings; smaller transposes, and
	// those that run on other goroutines meanwhile, use Bands. It is the
	// default on other vendors and families: vendors other than Intel and
	// AMD, and AMD families other than 25 and 26.
	Calibrate
)

// String returns "bands", "blocks" or "calibrate".
func (s TransposeStrategy) String() string {
	switch s {
	case Bands:
		return "bands"
	case Blocks:
		return "blocks"
	case Calibrate:
		return "calibrate"
	}
	return fmt.Sprintf("TransposeStrategy(%d)", uint8(s))
}

// strategy is the order in use (Calibrate until a calibration decides);
// machineStrategy the machine's default; calibrating is held by the one
// goroutine that calibrates.
var (
	strategy        atomic.Uint32
	machineStrategy = defaultStrategy()
	calibrating     atomic.Bool
)

func init() { strategy.Store(uint32(pickStrategy(os.Getenv("TESSERA_TRANSPOSE"), machineStrategy))) }

// pickStrategy returns the strategy TESSERA_TRANSPOSE names ("bands",
// "blocks" or "calibrate"), or def for an empty or unknown value.
func pickStrategy(env string, def TransposeStrategy) TransposeStrategy {
	switch strings.ToLower(strings.TrimSpace(env)) {
	case "bands":
		return Bands
	case "blocks":
		return Blocks
	case "calibrate":
		return Calibrate
	}
	return def
}

// ActiveTransposeStrategy returns the order TransposeStream walks its
// tiles in: the machine's default (Bands on Intel processors and AMD
// family 25, Blocks on AMD family 26, Calibrate on others), unless the
// environment variable TESSERA_TRANSPOSE ("bands", "blocks" or
// "calibrate") or SetTransposeStrategy chose another. After a
// calibration it returns the strategy the calibration chose; before,
// Calibrate.
func ActiveTransposeStrategy() TransposeStrategy { return TransposeStrategy(strategy.Load()) }

// SetTransposeStrategy sets the order TransposeStream walks its tiles in,
// for every goroutine, and returns the previous one; Calibrate starts a
// new calibration, and 0 restores the machine's default. Any other value
// is an error wrapping ErrArg, and changes nothing. The results do not
// depend on the strategy, only the speed.
func SetTransposeStrategy(s TransposeStrategy) (TransposeStrategy, error) {
	switch s {
	case 0:
		s = machineStrategy
	case Bands, Blocks, Calibrate:
	default:
		return ActiveTransposeStrategy(), errs.New("simd", "SetTransposeStrategy", ErrArg, "unknown strategy %d (Bands %d, Blocks %d, Calibrate %d, or 0 for the default)", uint8(s), Bands, Blocks, Calibrate)
	}
	return TransposeStrategy(strategy.Swap(uint32(s))), nil
}

// squareBytes is the side of the blocks of the Blocks strategy.
const squareBytes = 256

// squares are the blocks of the Blocks strategy, for the transposes wide
// enough in both directions (streamedFor).
var squares = block{rowBytes: squareBytes, colBytes: squareBytes}

// streamedFor returns the blocks of TransposeStream under strategy s for
// a transpose of rows by cols elements of size bytes: the bands of
// streamed (see streamedBlock), or squares of squareBytes when both sides
// are at least four squares long. A narrow transpose (the [64, 3136]
// slices of an NCHW to NHWC permutation) is a few squares wide at most,
// and measured faster in bands, which read longer runs of each source row.
// Where wideBands is set, the bands of 8-byte elements are two destination
// lines tall: 16 source rows, as float32's one line.
func streamedFor(s TransposeStrategy, rows, cols, size int) block {
	if s == Blocks && min(rows, cols)*size >= 4*squareBytes {
		return squares
	}
	if wideBands && size == 8 {
		return block{rowBytes: streamed.rowBytes, colBytes: 2 * streamed.colBytes}
	}
	return streamed
}

// wideBands makes the streaming bands of 8-byte elements 16 source rows
// tall rather than 8 (set per processor: see familyRules). Tests set it
// both ways.
var wideBands = machineRules().wideBands

// calibrationBytes is the smallest output of a calibrating transpose.
const calibrationBytes = 4 << 20

// timeRun times run; tests replace it with a fake clock.
var timeRun = func(run func()) time.Duration {
	start := time.Now()
	run()
	return time.Since(start)
}

// calibrate runs the streaming transpose of rows by cols elements with the
// non-temporal kernel nt as a calibration (see Calibrate) and reports
// whether it did; when it does not (the transpose is too small, another
// goroutine is calibrating, or the strategy is no longer Calibrate), the
// caller transposes. dst and src start at the first streamed column.
func calibrate[E tileElement](nt *tileKernel[E], dst []E, doff, dld int, src []E, soff, sld, rows, cols int) bool {
	size := int(unsafe.Sizeof(*new(E)))
	q := rows / 4 &^ 63 // rows per quarter: whole tiles and blocks
	if q*size < 4*squareBytes || cols*size < 4*squareBytes || rows*cols*size < calibrationBytes {
		return false
	}
	if !calibrating.CompareAndSwap(false, true) {
		return false
	}
	defer calibrating.Store(false)
	if ActiveTransposeStrategy() != Calibrate {
		return false
	}
	var spent [2]time.Duration // Bands, Blocks
	var done [2]int            // rows of each
	for c, s := range [4]TransposeStrategy{Bands, Blocks, Bands, Blocks} {
		r0, r1 := c*q, (c+1)*q
		if c == 3 {
			r1 = rows
		}
		spent[s-Bands] += timeRun(func() {
			transposeTiled(nt, streamedFor(s, r1-r0, cols, size), dst, doff+r0*dld, dld, src, soff+r0, sld, r1-r0, cols)
		})
		done[s-Bands] += r1 - r0
	}
	best := Bands
	// Per row: Blocks' last quarter holds the leftover rows.
	if float64(spent[1])/float64(done[1]) < float64(spent[0])/float64(done[0]) {
		best = Blocks
	}
	strategy.CompareAndSwap(uint32(Calibrate), uint32(best))
	return true
}
