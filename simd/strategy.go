package simd

import (
	"fmt"
	"os"
	"strings"
	"sync/atomic"
)

// TransposeStrategy is the order in which TransposeStream, the transpose
// the copy engine runs for large outputs, walks its tiles. Which order is
// faster depends on the machine: see the package documentation.
type TransposeStrategy uint8

const (
	// Bands writes one band of destination rows, a cache line of them,
	// at a time, reading a page of each source row: the source is read as
	// a few long runs. It is the best order measured on Intel Xeon.
	Bands TransposeStrategy = iota + 1
	// Blocks writes square blocks of 256 bytes a side (64x64 float32,
	// 32x32 float64): both sides of a block stay in L1. On AMD EPYC (Zen
	// 5) it is 1.2 to 3 times as fast as Bands.
	Blocks
)

// String returns "bands" or "blocks".
func (s TransposeStrategy) String() string {
	switch s {
	case Bands:
		return "bands"
	case Blocks:
		return "blocks"
	}
	return fmt.Sprintf("TransposeStrategy(%d)", uint8(s))
}

// strategy is the order in use; machineStrategy the machine's default.
var (
	strategy        atomic.Uint32
	machineStrategy = defaultStrategy()
)

func init() { strategy.Store(uint32(pickStrategy(os.Getenv("TESSERA_TRANSPOSE"), machineStrategy))) }

// pickStrategy returns the strategy TESSERA_TRANSPOSE names ("bands" or
// "blocks"), or def for an empty or unknown value.
func pickStrategy(env string, def TransposeStrategy) TransposeStrategy {
	switch strings.ToLower(strings.TrimSpace(env)) {
	case "bands":
		return Bands
	case "blocks":
		return Blocks
	}
	return def
}

// ActiveTransposeStrategy returns the order TransposeStream walks its
// tiles in: the machine's default (Blocks on AMD processors, Bands on
// others), unless the environment variable TESSERA_TRANSPOSE ("bands" or
// "blocks") or SetTransposeStrategy chose another.
func ActiveTransposeStrategy() TransposeStrategy { return TransposeStrategy(strategy.Load()) }

// SetTransposeStrategy sets the order TransposeStream walks its tiles in,
// for every goroutine, and returns the previous one; 0 restores the
// machine's default. Any other value is an error wrapping ErrArg, and
// changes nothing. The results do not depend on the strategy, only the
// speed.
func SetTransposeStrategy(s TransposeStrategy) (TransposeStrategy, error) {
	switch s {
	case 0:
		s = machineStrategy
	case Bands, Blocks:
	default:
		return ActiveTransposeStrategy(), &opError{fmt.Sprintf("simd: SetTransposeStrategy: unknown strategy %d (Bands %d, Blocks %d, or 0 for the default)", uint8(s), Bands, Blocks), ErrArg}
	}
	return TransposeStrategy(strategy.Swap(uint32(s))), nil
}

// squareBytes is the side of the blocks of the Blocks strategy.
const squareBytes = 256

// streamedFor returns the blocks of TransposeStream under strategy s for
// a transpose of rows by cols elements of size bytes: the bands of
// streamed (see streamedBlock), or squares of squareBytes when both sides
// are at least four squares long. A narrow transpose (the [64, 3136]
// slices of an NCHW to NHWC permutation) is a few squares wide at most,
// and measured faster in bands, which read longer runs of each source row.
func streamedFor(s TransposeStrategy, rows, cols, size int) block {
	if s == Blocks && min(rows, cols)*size >= 4*squareBytes {
		return block{squareBytes, squareBytes}
	}
	return streamed
}
