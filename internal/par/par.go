// Package par holds what the copier (internal/copier) and the compute
// driver of package ops share about running one operation on several
// goroutines: the parallelism setting of tensor.SetParallelism, the rule
// for how many goroutines an operation of a given size uses, Split, which
// runs the parts of a layout.Iter or layout.Plan, and Do, which runs any
// numbered parts.
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
// others on new ones, and returns when all have returned. A panic in any
// of them (the function of a Map, say) is recovered on its goroutine and,
// once every one has returned, raised again on the calling goroutine with
// the value of the lowest-numbered part that panicked: a caller's recover
// can catch it, and nothing runs after Do has returned or panicked.
func Do(n int, f func(i int)) {
	if n <= 1 {
		f(0)
		return
	}
	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		first = n // the lowest part that panicked
		value any
	)
	catch := func(i int) {
		// panic(nil) recovers as a *runtime.PanicNilError: never nil.
		if r := recover(); r != nil {
			mu.Lock()
			if i < first {
				first, value = i, r
			}
			mu.Unlock()
		}
	}
	for i := 1; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer catch(i)
			f(i)
		}()
	}
	func() {
		defer catch(0)
		f(0)
	}()
	wg.Wait()
	if first < n {
		panic(value)
	}
}

// Split runs f over n parts of p, p.Part(0, n) to p.Part(n-1, n), on n
// goroutines by Do: the one way an operation is split. p is a
// *layout.Iter or a *layout.Plan; f gets each part, never p itself, so p
// does not escape. f and the parts do, so a caller that must not allocate
// on its serial path calls f itself when n is 1 and Split otherwise.
func Split[P any, PP interface {
	*P
	Part(i, n int) P
}](p PP, n int, f func(q PP)) {
	whole := *p
	Do(n, func(i int) {
		q := PP(&whole).Part(i, n)
		f(&q)
	})
}
