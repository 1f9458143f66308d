package sorts

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"unsafe"

	"github.com/tessera-go/tessera/internal/testlevel"
)

// compare is the order of the sorts on float values: numeric, -0 equal to
// +0, every NaN equal to every other and above +Inf.
func compare(a, b float64) int {
	an, bn := a != a, b != b
	switch {
	case an && bn:
		return 0
	case an:
		return 1
	case bn:
		return -1
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// floats returns n float64 values with many ties, ±0, ±Inf and NaNs of
// both signs and several payloads.
func floats(r *rand.Rand, n int) []float64 {
	specials := []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(),
		math.Float64frombits(0xfff8000000000001), math.Float64frombits(0x7ff0000000000002), math.SmallestNonzeroFloat64, -math.MaxFloat64}
	x := make([]float64, n)
	for i := range x {
		switch r.IntN(6) {
		case 0:
			x[i] = specials[r.IntN(len(specials))]
		case 1:
			x[i] = float64(r.IntN(5) - 2)
		default:
			x[i] = math.Ldexp(r.NormFloat64(), r.IntN(200)-100)
		}
	}
	return x
}

func bitsOf[T any, K Key](x []T) []K {
	return unsafe.Slice((*K)(unsafe.Pointer(unsafe.SliceData(x))), len(x))
}

// lengths of the tests: the insertion sort's, its bound, the sorting
// networks' (one to 16 vectors of 4- and 8-byte keys, and the index
// sort's pairs, at most 128), the radix sort's, with a byte that every
// key shares or not.
var lengths = []int{0, 1, 2, 3, 15, 16, 17, 31, 32, 33, 64, 100, 127, 128, 129, 200, 255, 256, 257, 1000, 5000, 70000}

// TestValueSortFloat64 and TestValueSortFloat32 sort floats by their
// keys and map them back: the values are a permutation of the input, in
// the order of compare, -0 before +0, bit for bit the input's values; the
// descending sort is the same order reversed but for the ties among
// zeros and NaN.
func TestValueSortFloat64(t *testing.T) {
	testlevel.ForEachLevel(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(1, 2))
		for _, n := range lengths {
			for _, desc := range []bool{false, true} {
				x := floats(r, n)
				y := slices.Clone(x)
				b := bitsOf[float64, uint64](y)
				ToKeys(b, Float, desc)
				Radix(b, make([]uint64, n))
				FromKeys(b, Float, desc)
				checkFloatOrder(t, x, y, desc)
				z := slices.Clone(x)
				Values(bitsOf[float64, uint64](z), make([]uint64, n), Float, desc)
				if !slices.Equal(bitsOf[float64, uint64](z), b) {
					t.Fatalf("n=%d desc=%v: Values differs from ToKeys, Radix and FromKeys", n, desc)
				}
			}
		}
	})
}

func TestValueSortFloat32(t *testing.T) {
	testlevel.ForEachLevel(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(1, 3))
		for _, n := range lengths {
			for _, desc := range []bool{false, true} {
				x64 := floats(r, n)
				x := make([]float64, n)
				y := make([]float32, n)
				for i, v := range x64 {
					y[i] = float32(v)
					if v != v { // keep the sign and some payload
						y[i] = math.Float32frombits(uint32(math.Float64bits(v)>>32) | 1<<22)
					}
					x[i] = float64(y[i])
				}
				z := slices.Clone(y)
				b := bitsOf[float32, uint32](y)
				ToKeys(b, Float, desc)
				Radix(b, make([]uint32, n))
				FromKeys(b, Float, desc)
				Values(bitsOf[float32, uint32](z), make([]uint32, n), Float, desc)
				if !slices.Equal(bitsOf[float32, uint32](z), b) {
					t.Fatalf("n=%d desc=%v: Values differs from ToKeys, Radix and FromKeys", n, desc)
				}
				got := make([]float64, n)
				for i, v := range y {
					got[i] = float64(v)
				}
				checkFloatOrder(t, x, got, desc)
			}
		}
	})
}

// checkFloatOrder checks that got is x sorted (descending: reversed) by
// compare, a permutation of x's bits, with -0 before +0 (after,
// descending).
func checkFloatOrder(t *testing.T, x, got []float64, desc bool) {
	t.Helper()
	sign := 1
	if desc {
		sign = -1
	}
	for i := 1; i < len(got); i++ {
		c := sign * compare(got[i-1], got[i])
		if c > 0 {
			t.Fatalf("n=%d desc=%v: %v before %v at %d", len(x), desc, got[i-1], got[i], i)
		}
		if c == 0 && got[i] == 0 && math.Signbit(got[i-1]) != math.Signbit(got[i]) && math.Signbit(got[i]) != desc {
			t.Fatalf("n=%d desc=%v: %v before %v at %d", len(x), desc, got[i-1], got[i], i)
		}
	}
	xb, gb := make([]uint64, len(x)), make([]uint64, len(got))
	for i := range x {
		xb[i], gb[i] = math.Float64bits(x[i]), math.Float64bits(got[i])
	}
	slices.Sort(xb)
	slices.Sort(gb)
	if !slices.Equal(xb, gb) {
		t.Fatalf("n=%d: the sorted values are not a permutation of the input", len(x))
	}
}

// TestIndexSortFloat checks ArgKeys and RadixIndex against a stable
// comparison sort of the indices by compare.
func TestIndexSortFloat(t *testing.T) {
	testlevel.ForEachLevel(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(1, 4))
		for _, n := range lengths {
			for _, desc := range []bool{false, true} {
				x := floats(r, n)
				keys := make([]uint64, n)
				ArgKeys(keys, bitsOf[float64, uint64](x), Float, desc)
				idx := make([]int, n)
				for i := range idx {
					idx[i] = i
				}
				RadixIndex(keys, make([]uint64, n), idx, make([]int, n))
				want := make([]int, n)
				for i := range want {
					want[i] = i
				}
				slices.SortStableFunc(want, func(a, b int) int {
					if desc {
						return compare(x[b], x[a])
					}
					return compare(x[a], x[b])
				})
				if !slices.Equal(idx, want) {
					t.Fatalf("n=%d desc=%v: got %v, want %v", n, desc, head(idx), head(want))
				}
			}
		}
	})
}

func head(x []int) []int { return x[:min(len(x), 20)] }

// TestIntegers checks the value and index sorts of signed and unsigned
// integers of every size against slices.SortStableFunc.
func TestIntegers(t *testing.T) {
	testlevel.ForEachLevel(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(1, 5))
		for _, n := range lengths {
			for _, desc := range []bool{false, true} {
				checkInts[int8, uint8](t, r, n, Signed, desc)
				checkInts[uint8, uint8](t, r, n, Unsigned, desc)
				checkInts[int16, uint16](t, r, n, Signed, desc)
				checkInts[uint16, uint16](t, r, n, Unsigned, desc)
				checkInts[int32, uint32](t, r, n, Signed, desc)
				checkInts[uint32, uint32](t, r, n, Unsigned, desc)
				checkInts[int64, uint64](t, r, n, Signed, desc)
				checkInts[uint64, uint64](t, r, n, Unsigned, desc)
			}
		}
	})
}

func checkInts[T int8 | uint8 | int16 | uint16 | int32 | uint32 | int64 | uint64, K Key](t *testing.T, r *rand.Rand, n int, k Kind, desc bool) {
	t.Helper()
	x := make([]T, n)
	for i := range x {
		x[i] = T(r.Uint64())
		if r.IntN(3) == 0 { // ties, and the extremes
			x[i] = T(r.IntN(3)) - 1
		}
		if r.IntN(20) == 0 {
			x[i] = T(1) << (8*unsafe.Sizeof(x[0]) - 1) // the most negative signed value
		}
	}
	cmp := func(a, b T) int {
		if desc {
			a, b = b, a
		}
		switch {
		case a < b:
			return -1
		case a > b:
			return 1
		}
		return 0
	}
	want := slices.Clone(x)
	slices.SortStableFunc(want, cmp)
	got := slices.Clone(x)
	b := bitsOf[T, K](got)
	ToKeys(b, k, desc)
	Radix(b, make([]K, n))
	FromKeys(b, k, desc)
	if !slices.Equal(got, want) {
		t.Fatalf("%T n=%d desc=%v: values differ", x, n, desc)
	}
	got = slices.Clone(x)
	Values(bitsOf[T, K](got), make([]K, n), k, desc)
	if !slices.Equal(got, want) {
		t.Fatalf("%T n=%d desc=%v: Values differ", x, n, desc)
	}
	keys := make([]K, n)
	ArgKeys(keys, bitsOf[T, K](x), k, desc)
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	RadixIndex(keys, make([]K, n), idx, make([]int, n))
	wantIdx := slices.Clone(idx)
	for i := range wantIdx {
		wantIdx[i] = i
	}
	slices.SortStableFunc(wantIdx, func(a, b int) int { return cmp(x[a], x[b]) })
	if !slices.Equal(idx, wantIdx) {
		t.Fatalf("%T n=%d desc=%v: indices %v, want %v", x, n, desc, head(idx), head(wantIdx))
	}
}

// TestFloatKeysBijective maps every float32 bit pattern of a sample
// spread over the whole range, and every special one, to its key and
// back.
func TestFloatKeysBijective(t *testing.T) {
	var b []uint32
	for u := uint64(0); u < 1<<32; u += 65521 {
		b = append(b, uint32(u))
	}
	b = append(b, 0, 1<<31, 0x7f800000, 0xff800000, 0x7f800001, 0xff800001, 0x7fffffff, 0xffffffff, 0x807fffff, 0x007fffff)
	for _, desc := range []bool{false, true} {
		k := slices.Clone(b)
		ToKeys(k, Float, desc)
		FromKeys(k, Float, desc)
		if !slices.Equal(k, b) {
			t.Fatalf("desc=%v: not undone", desc)
		}
	}
}

// TestValuesEqual sorts runs of one value repeated (every pass skipped:
// the keys are mapped back without moving) and of two values.
func TestValuesEqual(t *testing.T) {
	testlevel.ForEachLevel(t, func(t *testing.T) {
		for _, n := range []int{40, 1000} {
			for _, v := range []float32{-1.5, float32(math.NaN()), float32(math.Copysign(0, -1))} {
				x := make([]float32, n)
				for i := range x {
					x[i] = v
				}
				want := slices.Clone(bitsOf[float32, uint32](x))
				Values(bitsOf[float32, uint32](x), make([]uint32, n), Float, false)
				if !slices.Equal(bitsOf[float32, uint32](x), want) {
					t.Fatalf("n=%d of %v: changed", n, v)
				}
				x[n/2] = 7
				Values(bitsOf[float32, uint32](x), make([]uint32, n), Float, false)
				at, other := n-1, 0 // 7 last, after the value
				if v != v {
					at, other = 0, n-1 // NaN last
				}
				if x[at] != 7 || math.Float32bits(x[other]) != want[0] {
					t.Fatalf("n=%d of %v and a 7: %v ... %v", n, v, x[0], x[n-1])
				}
			}
		}
	})
}

// TestValuesSharedBytes sorts values whose keys share their top bytes
// (floats in [1, 2) and [2^113, 2^114), integers below 2^16 in 32 bits,
// and negative ones above -2^16): the last pass that moves keys is not
// the last byte, and leaves bit patterns behind it, whose top byte may be
// above the keys' (the fuzzer's case: a pass ran on them and wrote past
// its buffer).
func TestValuesSharedBytes(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 6))
	for _, n := range []int{40, 1000} {
		for _, desc := range []bool{false, true} {
			checkSharedBytes(t, r, n, desc, 1, 0)
			checkSharedBytes(t, r, n, desc, 0x1p113, -1<<16)
		}
	}
}

// checkSharedBytes sorts n floats in [scale, 2*scale) and n int32 in
// [base, base+2^16), both orders, with Values against ToKeys, Radix and
// FromKeys (floats) and slices.Sort (integers).
func checkSharedBytes(t *testing.T, r *rand.Rand, n int, desc bool, scale float32, base int32) {
	t.Helper()
	f := make([]float32, n)
	u := make([]int32, n)
	for i := range f {
		f[i] = scale * (1 + float32(r.IntN(1000))/1024)
		u[i] = base + int32(r.IntN(1<<16))
	}
	fb := bitsOf[float32, uint32](f)
	want := slices.Clone(fb)
	ToKeys(want, Float, desc)
	Radix(want, make([]uint32, n))
	FromKeys(want, Float, desc)
	Values(fb, make([]uint32, n), Float, desc)
	if !slices.Equal(fb, want) {
		t.Fatalf("floats n=%d desc=%v: %v", n, desc, f[:4])
	}
	wu := slices.Clone(u)
	slices.Sort(wu)
	if desc {
		slices.Reverse(wu)
	}
	Values(bitsOf[int32, uint32](u), make([]uint32, n), Signed, desc)
	if !slices.Equal(u, wu) {
		t.Fatalf("int32 n=%d desc=%v: %v", n, desc, u[:4])
	}
}

// TestSelect checks Select against a sorted copy for every k of runs of
// keys with many ties, and of all sizes.
func TestSelect(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 7))
	for _, n := range []int{1, 2, 5, 33, 300, 3000} {
		x := make([]uint32, n)
		y := make([]uint16, n)
		for i := range x {
			x[i] = r.Uint32()
			if r.IntN(3) == 0 {
				x[i] = uint32(r.IntN(4)) << 20
			}
			y[i] = uint16(r.IntN(50))
		}
		sx, sy := slices.Clone(x), slices.Clone(y)
		slices.Sort(sx)
		slices.Sort(sy)
		for k := range n {
			if got := Select(slices.Clone(x), make([]uint32, n), k); got != sx[k] {
				t.Fatalf("uint32 n=%d k=%d: %x, want %x", n, k, got, sx[k])
			}
			if got := Select(y, make([]uint16, n), k); got != sy[k] {
				t.Fatalf("uint16 n=%d k=%d: %d, want %d", n, k, got, sy[k])
			}
			// SelectRank's counts: the sorted keys below the k-th and
			// equal to it.
			key, below, equal := SelectRank(y, make([]uint16, n), k)
			lo, _ := slices.BinarySearch(sy, key)
			hi, _ := slices.BinarySearch(sy, key+1)
			if key != sy[k] || below != lo || equal != hi-lo {
				t.Fatalf("uint16 n=%d k=%d: SelectRank %d %d %d, want %d %d %d", n, k, key, below, equal, sy[k], lo, hi-lo)
			}
		}
	}
}

// TestSmallest checks Smallest against a stable sort of ArgKeys's keys,
// and that it gives up on an input that makes every element a new best.
func TestSmallest(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 8))
	for _, n := range []int{1, 7, 100, 5000} {
		for _, desc := range []bool{false, true} {
			x := floats(r, n)
			b := bitsOf[float64, uint64](x)
			keys := make([]uint64, n)
			ArgKeys(keys, b, Float, desc)
			order := make([]int, n)
			for i := range order {
				order[i] = i
			}
			slices.SortStableFunc(order, func(i, j int) int { return cmpKeys(keys[i], keys[j]) })
			for _, m := range []int{1, min(n, 2), min(n, 10), min(n, 64)} {
				idx := make([]int, m)
				if !Smallest(idx, make([]uint64, m), b, Float, desc) {
					if n >= 100 {
						t.Fatalf("n=%d m=%d desc=%v: gave up on random input", n, m, desc)
					}
					continue
				}
				if !slices.Equal(idx, order[:m]) {
					t.Fatalf("n=%d m=%d desc=%v: %v, want %v", n, m, desc, idx, order[:m])
				}
			}
		}
	}
	sorted := make([]uint32, 1000)
	for i := range sorted {
		sorted[i] = uint32(len(sorted) - i)
	}
	if Smallest(make([]int, 5), make([]uint32, 5), sorted, Unsigned, false) {
		t.Fatal("did not give up on a descending input")
	}
}

func cmpKeys[K Key](a, b K) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// TestSearch checks Search against a linear count on sorted keys with
// runs of equal keys, the extremes of the key type among them.
func TestSearch(t *testing.T) {
	r := rand.New(rand.NewPCG(53, 30))
	for iter := range 300 {
		n := r.IntN(70)
		keys := make([]uint8, n)
		for i := range keys {
			keys[i] = uint8(r.IntN(6)) * 51 // 0, 51, ..., 255
		}
		slices.Sort(keys)
		for x := range 256 {
			below, notAbove := 0, 0
			for _, k := range keys {
				if k < uint8(x) {
					below++
				}
				if k <= uint8(x) {
					notAbove++
				}
			}
			if got := Search(keys, uint8(x), false); got != below {
				t.Fatalf("iteration %d: %d in %v: left %d, want %d", iter, x, keys, got, below)
			}
			if got := Search(keys, uint8(x), true); got != notAbove {
				t.Fatalf("iteration %d: %d in %v: right %d, want %d", iter, x, keys, got, notAbove)
			}
		}
	}
}
