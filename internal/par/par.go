// Package par holds what the copy and compute engines share about running
// one operation on several goroutines: the parallelism setting of
// tensor.SetParallelism and the rule for how many goroutines an operation
// of a given size uses.
package par

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// MinBytes is the size from which an operation is split over several
// goroutines; below it, it runs on the calling goroutine without spawning
// or allocating.
const MinBytes = 4 << 20

// StreamBytes is the destination size from which copies and computations
// store with non-temporal hints (simd's Stream kernels): a destination
// this large leaves the caches anyway, so writing around them saves
// reading each line before it is written.
const StreamBytes = 8 << 20

// HotBytes is the destination size up to which a copy's transposes run
// simd's TransposeHot: source and destination together fit in the L1
// data cache of every x86-64 processor (32 KiB or more), so the copy
// works on data that is, or is about to be, in L1.
const HotBytes = 16 << 10

var parallelism atomic.Int64

// Set sets the largest number of goroutines of one operation and returns
// the previous setting; n <= 0 means GOMAXPROCS.
func Set(n int) int { return int(parallelism.Swap(int64(max(n, 0)))) }

// Workers returns how many goroutines an operation touching bytes bytes
// uses: 1 below MinBytes, else up to the setting, with at least MinBytes/2
// bytes each.
func Workers(bytes int) int {
	if bytes < MinBytes {
		return 1
	}
	n := int(parallelism.Load())
	if n <= 0 {
		n = runtime.GOMAXPROCS(0)
	}
	return max(1, min(n, bytes/(MinBytes/2)))
}

// Do runs f(0), …, f(n-1) at once, f(0) on the calling goroutine and the
// others on new ones, and returns when all have returned.
func Do(n int, f func(i int)) {
	var wg sync.WaitGroup
	for i := 1; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f(i)
		}()
	}
	f(0)
	wg.Wait()
}
