package ops_test

import (
	"math/rand/v2"
	"testing"
)

// TestEveryType runs the reductions, the index reductions and the scans
// on random views of the element types the other tests leave out, against
// the naive reference: every integer type (sums and products wrap around
// as Go's arithmetic does), complex64, and the types defined on them.
func TestEveryType(t *testing.T) {
	r := rand.New(rand.NewPCG(61, 62))
	iters := 40
	if testing.Short() {
		iters = 15
	}
	t.Run("int", func(t *testing.T) { everyReal(t, r, func(x int) int { return x }, iters) })
	t.Run("int8", func(t *testing.T) { everyReal(t, r, func(x int) int8 { return int8(x) }, iters) })
	t.Run("int16", func(t *testing.T) { everyReal(t, r, func(x int) int16 { return int16(x) }, iters) })
	t.Run("int64", func(t *testing.T) { everyReal(t, r, func(x int) int64 { return int64(x) }, iters) })
	t.Run("uint", func(t *testing.T) { everyReal(t, r, func(x int) uint { return uint(x) }, iters) })
	t.Run("uint16", func(t *testing.T) { everyReal(t, r, func(x int) uint16 { return uint16(x) }, iters) })
	t.Run("uint32", func(t *testing.T) { everyReal(t, r, func(x int) uint32 { return uint32(x) }, iters) })
	t.Run("uint64", func(t *testing.T) { everyReal(t, r, func(x int) uint64 { return uint64(x) }, iters) })
	t.Run("uintptr", func(t *testing.T) { everyReal(t, r, func(x int) uintptr { return uintptr(x) }, iters) })
	t.Run("level", func(t *testing.T) { everyReal(t, r, func(x int) level { return level(x) }, iters) })
	t.Run("complex64", func(t *testing.T) {
		gen := func(r *rand.Rand) complex64 { return complex(float32(r.IntN(5)-2), float32(r.IntN(3)-1)) }
		checkReduce(t, r, sumCases[complex64](), gen, iters)
		checkScan(t, r, gen, iters, 6)
	})
}

// otherInt is the integer types TestEveryType adds.
type otherInt interface {
	~int | ~int8 | ~int16 | ~int64 | ~uint | ~uint16 | ~uint32 | ~uint64 | ~uintptr
}

// level is an integer type of a user's package: the reductions take the
// types defined on the element types.
type level int16

// everyReal checks Sum, Prod, Max, Min, ArgMax, ArgMin, CumSum and
// CumProd of an integer type, with elements of conv(k) for k in [-300,
// 300]: negative numbers wrap around in the unsigned types, and sums
// and products overflow the narrow ones.
func everyReal[T otherInt](t *testing.T, r *rand.Rand, conv func(int) T, iters int) {
	gen := func(r *rand.Rand) T { return conv(r.IntN(601) - 300) }
	checkReduce(t, r, append(sumCases[T](), maxCases[T]()...), gen, iters)
	checkArg(t, r, gen, iters, 40)
	checkScan(t, r, gen, iters, 40)
}
