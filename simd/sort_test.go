package simd

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
	"unsafe"
)

// TestSortNetworkLevels checks SortNetwork at every level against
// slices.Sort of the keys, for bit patterns of 4 and 8 bytes: every
// length up to the largest (each number of vectors, full and partial),
// starts off the vector, patterns random, of few distinct values, all
// equal, sorted, reversed, organ pipe, and holding the largest keys (the
// value the lanes past the end are filled with), by the key maps of
// unsigned and signed integers and of floats, ascending and descending.
// Guard cells around the patterns must stay untouched.
func TestSortNetworkLevels(t *testing.T) {
	forEachLevel(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(53, 40))
		checkSortNetwork[uint32](t, r)
		checkSortNetwork[uint64](t, r)
	})
}

func checkSortNetwork[K Key](t *testing.T, r *rand.Rand) {
	t.Helper()
	const guard = 17
	m := uint64(0x5a5a5a5a5a5a5a5a)
	mark := K(m) // the guard cells' value
	for n := 0; n <= SortNetworkMax[K](); n++ {
		for pattern := range 7 {
			off := r.IntN(16)
			buf := make([]K, off+n+guard)
			for i := range buf {
				buf[i] = mark
			}
			x := buf[off : off+n]
			for i := range x {
				switch pattern {
				case 0:
					x[i] = K(r.Uint64())
				case 1:
					x[i] = K(r.IntN(4))
				case 2:
					x[i] = 7
				case 3:
					x[i] = K(i)
				case 4:
					x[i] = K(n - i)
				case 5:
					x[i] = K(min(i, n-i))
				default:
					x[i] = ^K(0) - K(r.IntN(3)) // the largest keys
				}
			}
			km := sortMaps[K]()[(n+pattern)%6]
			want := make([]K, n)
			for i, e := range x {
				want[i] = km.key(e)
			}
			slices.Sort(want)
			for i, k := range want {
				want[i] = km.unkey(k)
			}
			if err := SortNetwork(x, km); err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(x, want) {
				t.Fatalf("%T n %d pattern %d map %+v at %v: got %v, want %v", x, n, pattern, km, Level(), x, want)
			}
			for i, g := range buf {
				if (i < off || i >= off+n) && g != mark {
					t.Fatalf("%T n %d pattern %d: guard cell %d written", x, n, pattern, i-off)
				}
			}
		}
	}
	x := make([]K, SortNetworkMax[K]()+1)
	x[0] = 1
	if err := SortNetwork(x, KeyMap[K]{}); !errors.Is(err, ErrRange) || x[0] != 1 {
		t.Fatalf("%T: %d keys: %v, x[0] %d", x, len(x), err, x[0])
	}
}

// sortMaps returns the key maps of internal/sorts for K: unsigned and
// signed integers and floats, ascending and descending.
func sortMaps[K Key]() []KeyMap[K] {
	top := K(1) << (8*unsafe.Sizeof(K(0)) - 1)
	m := uint64(1)<<23 - 1
	if unsafe.Sizeof(K(0)) == 8 {
		m = 1<<52 - 1
	}
	mant := K(m)
	var maps []KeyMap[K]
	for _, f := range []K{0, ^K(0)} {
		maps = append(maps, KeyMap[K]{F: f}, KeyMap[K]{B: top, F: f}, KeyMap[K]{A: ^top, B: top, M: mant, F: f})
	}
	return maps
}
