package simd

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestCompressLevels checks Compress at every level against the
// definition, for elements of 1, 2, 4 and 8 bytes: lengths 0-70 and
// around the chunk, starts off the vector, masks all false, all true,
// sparse, dense and random, and a dst too short for the selection (only
// its room is written). Guard cells around dst must stay untouched.
func TestCompressLevels(t *testing.T) {
	lengths := kernelLengths(127, 128, 129, 1000, arithChunk+37)
	forEachLevel(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(7, 11))
		for _, n := range lengths {
			for off := range 3 {
				for density := range 5 {
					mask := make([]bool, n+off)
					for i := range mask {
						switch density {
						case 0:
						case 1:
							mask[i] = true
						case 2:
							mask[i] = r.IntN(16) == 0
						case 3:
							mask[i] = r.IntN(16) != 0
						default:
							mask[i] = r.IntN(2) == 0
						}
					}
					checkCompress[uint8](t, r, n, off, mask)
					checkCompress[uint16](t, r, n, off, mask)
					checkCompress[float32](t, r, n, off, mask)
					checkCompress[uint64](t, r, n, off, mask)
				}
			}
		}
	})
}

func checkCompress[T Element](t *testing.T, r *rand.Rand, n, off int, mask []bool) {
	t.Helper()
	x := patterned[T](n+off, n)[off:]
	m := mask[off:]
	var want []T
	for i, e := range x {
		if m[i] {
			want = append(want, e)
		}
	}
	// Room for more than all (up to 64 bytes past the selection may be
	// overwritten, nothing after), for all, for fewer (a random cut), and
	// for none.
	vec := 64 / int(sizeOf[T]())
	for _, room := range []int{len(want) + vec + 5, len(want), r.IntN(len(want) + 1), 0} {
		const guard = 70
		buf := guarded[T](guard + room + guard)
		got, err := Compress(buf[guard:guard+room], x, m)
		if err != nil {
			t.Fatal(err)
		}
		if got != len(want) {
			t.Fatalf("n %d off %d room %d: Compress returned %d, want %d", n, off, room, got, len(want))
		}
		k := min(room, len(want))
		if !sameBits(buf[guard:guard+k], want[:k]) {
			t.Fatalf("n %d off %d room %d: element %d differs", n, off, room, firstDiff(buf[guard:guard+k], want[:k]))
		}
		g := guarded[T](guard + room)
		if past := min(room, k+vec); !sameBits(buf[guard+past:guard+room], g[:room-past]) {
			t.Fatalf("n %d off %d room %d: an element more than a vector past the selection was written", n, off, room)
		}
		if !sameBits(buf[:guard], g[:guard]) || !sameBits(buf[guard+room:], g[:guard]) {
			t.Fatalf("n %d off %d room %d: a guard cell was written", n, off, room)
		}
	}
}

func TestCompressErrors(t *testing.T) {
	x := make([]float32, 3)
	_, err := Compress(x, x, make([]bool, 2))
	if !errors.Is(err, ErrRange) || err.Error() != "simd: Compress: mask has 2 elements, x 3" {
		t.Errorf("error %v", err)
	}
}

// BenchmarkCompress times Compress of float32 and float64 at every level,
// half the mask true at random, in L1 and from memory; GB/s counts x, the
// mask and the elements written.
func BenchmarkCompress(b *testing.B) {
	for _, n := range []int{4096, 1 << 24} {
		mask := make([]bool, n)
		r := rand.New(rand.NewPCG(1, 2))
		sel := 0
		for i := range mask {
			mask[i] = r.IntN(2) == 0
			if mask[i] {
				sel++
			}
		}
		benchCompress[float32](b, n, sel, mask)
		benchCompress[float64](b, n, sel, mask)
	}
}

func benchCompress[T Float](b *testing.B, n, sel int, mask []bool) {
	x, dst := make([]T, n), make([]T, sel)
	size := int(sizeOf[T]())
	for _, l := range []ISA{Generic, AVX2, AVX512} {
		if tables[l] == nil {
			continue
		}
		b.Run(fmt.Sprintf("f%d/%d/%v", 8*size, n, l), func(b *testing.B) {
			restore, err := setLevel(l)
			if err != nil {
				b.Fatal(err)
			}
			defer restore()
			b.SetBytes(int64(n*size + n + sel*size))
			for b.Loop() {
				_, _ = Compress(dst, x, mask)
			}
		})
	}
}
