package tensor_test

// Concurrent use of tensors: readers of one tensor and writers of
// disjoint views on many goroutines; run with -race.

import (
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tessera-go/tessera/internal/naive"
	"github.com/tessera-go/tessera/internal/testkit"
	"github.com/tessera-go/tessera/tensor"
)

// TestConcurrentReadersAndDisjointWriters reads one tensor through many
// views from many goroutines while others write disjoint views of another
// buffer, including interleaved even and odd columns; run with -race.
func TestConcurrentReadersAndDisjointWriters(t *testing.T) {
	const n = 32
	src := tensor.Must(tensor.Arange[float64](n * n))
	srcData := slices.Clone(src.Data())
	m := testkit.View(t, src.Data(), []int{n, n}, []int{n, 1}, 0)
	tr := testkit.View(t, src.Data(), []int{n, n}, []int{1, n}, 0)
	fl := testkit.View(t, src.Data(), []int{n, n}, []int{-n, -1}, n*n-1)
	wantT := naive.Gather(srcData, []int{n, n}, []int{1, n}, 0)
	wantF := naive.Gather(srcData, []int{n, n}, []int{-n, -1}, n*n-1)

	dstData := make([]float64, 2*n*n)
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	report := func(err error) {
		if err != nil {
			errs <- err
		}
	}
	for g := range 8 {
		wg.Add(1)
		go func() { // readers
			defer wg.Done()
			for range 4 {
				switch g % 4 {
				case 0:
					if got := tr.Contiguous().Data(); !slices.Equal(got, wantT) {
						report(fmt.Errorf("Contiguous of transpose: got %v…; want %v…", got[:4], wantT[:4]))
					}
				case 1:
					if got := fl.Clone().Data(); !slices.Equal(got, wantF) {
						report(fmt.Errorf("Clone of flip: got %v…; want %v…", got[:4], wantF[:4]))
					}
				case 2:
					if got := slices.Collect(m.Values()); !slices.Equal(got, srcData) {
						report(fmt.Errorf("Values: got %v…; want %v…", got[:4], srcData[:4]))
					}
				default:
					for i := range n {
						if got := tr.At(i, g); got != float64(g*n+i) {
							report(fmt.Errorf("At(%d, %d): got %v; want %v", i, g, got, g*n+i))
						}
					}
				}
			}
		}()
	}
	// Writers over the first half: even columns from the transpose of the
	// source, odd columns filled, interleaved in memory.
	even := testkit.View(t, dstData, []int{n, n / 2}, []int{n, 2}, 0)
	odd := testkit.View(t, dstData, []int{n, n / 2}, []int{n, 2}, 1)
	evenSrc := testkit.View(t, src.Data(), []int{n, n / 2}, []int{1, 2 * n}, 0)
	wg.Add(2)
	go func() { defer wg.Done(); report(even.CopyFrom(evenSrc)) }()
	go func() { defer wg.Done(); report(odd.Fill(-1)) }()
	// Writers over the second half: one row each, by CopyFrom, Fill or Set.
	for r := range n {
		row := testkit.View(t, dstData, []int{n}, []int{1}, n*n+r*n)
		rowSrc := testkit.View(t, src.Data(), []int{n}, []int{-1}, r*n+n-1)
		wg.Add(1)
		go func() {
			defer wg.Done()
			switch r % 3 {
			case 0:
				report(row.CopyFrom(rowSrc))
			case 1:
				report(row.Fill(float64(r)))
			default:
				for j := range n {
					row.Set(float64(r*n+j), j)
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	require.Equal(t, srcData, src.Data(), "readers changed the source")
	for i := range n {
		for j := range n {
			want := -1.0
			if j%2 == 0 {
				want = float64((j/2)*2*n + i) // transpose of column pairs
			}
			require.Equal(t, want, dstData[i*n+j], "first half [%d %d]", i, j)
			r := i
			switch r % 3 {
			case 0:
				want = float64(r*n + n - 1 - j)
			case 1:
				want = float64(r)
			default:
				want = float64(r*n + j)
			}
			require.Equal(t, want, dstData[n*n+i*n+j], "second half [%d %d]", i, j)
		}
	}
}

// TestConcurrentLargeInterleavedWrites writes the even and the odd columns
// of one large buffer at once, each copy large enough to be split over
// several goroutines, so parallel copies of interleaved views must not
// touch each other's elements.
func TestConcurrentLargeInterleavedWrites(t *testing.T) {
	const rows, cols = 1024, 1024 // 8 MiB; each half is 4 MiB
	prev := tensor.SetParallelism(4)
	t.Cleanup(func() { tensor.SetParallelism(prev) })
	data := make([]float64, rows*cols)
	src := tensor.Must(tensor.Arange[float64](rows * cols / 2))
	even := testkit.View(t, data, []int{rows, cols / 2}, []int{cols, 2}, 0)
	odd := testkit.View(t, data, []int{rows, cols / 2}, []int{cols, 2}, 1)
	// The odd columns get the transpose of src seen as [cols/2, rows].
	srcT := testkit.View(t, src.Data(), []int{rows, cols / 2}, []int{1, rows}, 0)
	var wg sync.WaitGroup
	var errEven, errOdd error
	wg.Add(2)
	go func() { defer wg.Done(); errEven = even.Fill(-1) }()
	go func() { defer wg.Done(); errOdd = odd.CopyFrom(srcT) }()
	wg.Wait()
	require.NoError(t, errEven)
	require.NoError(t, errOdd)
	for i := range rows {
		for j := range cols {
			want := -1.0
			if j%2 == 1 {
				want = float64((j/2)*rows + i)
			}
			if got := data[i*cols+j]; got != want {
				t.Fatalf("got [%d %d] = %v; want %v", i, j, got, want)
			}
		}
	}
}
