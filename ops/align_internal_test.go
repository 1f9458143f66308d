package ops

import (
	"slices"
	"testing"
	"unsafe"

	"github.com/tessera-go/tessera/internal/par"
)

// TestAlignedMake checks the accumulators of vertical reductions: n zeroed
// elements on a 64-byte boundary, with no room to grow into the slack.
func TestAlignedMake(t *testing.T) {
	for n := range 40 {
		f := alignedMake[float32](n)
		d := alignedMake[float64](n)
		b := alignedMake[int8](n)
		for _, c := range []struct {
			name     string
			len, cap int
			addr     uintptr
		}{
			{"float32", len(f), cap(f), uintptr(unsafe.Pointer(unsafe.SliceData(f)))},
			{"float64", len(d), cap(d), uintptr(unsafe.Pointer(unsafe.SliceData(d)))},
			{"int8", len(b), cap(b), uintptr(unsafe.Pointer(unsafe.SliceData(b)))},
		} {
			if c.len != n || c.cap != n || c.addr%64 != 0 {
				t.Fatalf("%s, n=%d: len %d cap %d address %#x", c.name, n, c.len, c.cap, c.addr)
			}
		}
		for _, v := range f {
			if v != 0 {
				t.Fatalf("float32, n=%d: not zeroed", n)
			}
		}
	}
	if got := roundLine[float32](17); got != 32 {
		t.Errorf("roundLine[float32](17) = %d, want 32", got)
	}
	if got := roundLine[float64](16); got != 16 {
		t.Errorf("roundLine[float64](16) = %d, want 16", got)
	}
}

// poisonPool puts buffers of words w into the scratch pool, so that the
// next scratchBuf calls on this goroutine's P get stale contents.
func poisonPool(w uint64) {
	for range 4 {
		b := make([]uint64, 1<<12)
		for i := range b {
			b[i] = w
		}
		scratchPool.Put(&b)
	}
}

// TestAlignedScratch checks alignedScratch as TestAlignedMake checks
// alignedMake, on buffers from a pool of stale words.
func TestAlignedScratch(t *testing.T) {
	for n := range 40 {
		poisonPool(^uint64(0))
		var sc scratch
		f := alignedScratch[float32](&sc, 0, n)
		d := alignedScratch[float64](&sc, 1, n)
		b := alignedScratch[int8](&sc, 2, n)
		for _, c := range []struct {
			name     string
			len, cap int
			addr     uintptr
			zero     bool
		}{
			{"float32", len(f), cap(f), uintptr(unsafe.Pointer(unsafe.SliceData(f))), !slices.ContainsFunc(f, func(v float32) bool { return v != 0 })},
			{"float64", len(d), cap(d), uintptr(unsafe.Pointer(unsafe.SliceData(d))), !slices.ContainsFunc(d, func(v float64) bool { return v != 0 })},
			{"int8", len(b), cap(b), uintptr(unsafe.Pointer(unsafe.SliceData(b))), !slices.Contains(b, -1)},
		} {
			if c.len != n || c.cap != n || n > 0 && c.addr%64 != 0 || !c.zero {
				t.Fatalf("%s, n=%d: len %d cap %d address %#x zeroed %v", c.name, n, c.len, c.cap, c.addr, c.zero)
			}
		}
		sc.release()
	}
}

// TestScratchOrMake checks that scratchOrMake takes up to par.MinBytes
// from the pool and makes larger buffers afresh, so that the pool keeps
// none of them.
func TestScratchOrMake(t *testing.T) {
	var sc scratch
	defer sc.release()
	b := make([]uint64, par.MinBytes/8+8)
	scratchPool.Put(&b)
	small := scratchOrMake[float32](&sc, 0, par.MinBytes/4)
	if len(small) != par.MinBytes/4 || sc.held[0] == nil {
		t.Fatalf("%d elements, held %v: want a pooled buffer of %d", len(small), sc.held[0] != nil, par.MinBytes/4)
	}
	large := scratchOrMake[float64](&sc, 1, par.MinBytes/8+1)
	if len(large) != par.MinBytes/8+1 || sc.held[1] != nil {
		t.Fatalf("%d elements, held %v: want a fresh slice", len(large), sc.held[1] != nil)
	}
}
