package simd

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"testing"
	"time"
	"unsafe"
)

func init() {
	// TESSERA_SIMD_BLOCK="rowBytes,colBytes" and
	// TESSERA_SIMD_STREAM_BLOCK="rowBytes,colBytes" override the block
	// shapes of Transpose and TransposeStream, to tune cached and streamed.
	if v := os.Getenv("TESSERA_SIMD_BLOCK"); v != "" {
		fmt.Sscanf(v, "%d,%d", &cached.rowBytes, &cached.colBytes)
	}
	if v := os.Getenv("TESSERA_SIMD_STREAM_BLOCK"); v != "" {
		fmt.Sscanf(v, "%d,%d", &streamed.rowBytes, &streamed.colBytes)
	}
}

// Every benchmark counts bytes read plus bytes written in SetBytes, and
// reports two extra metrics:
//
//	GB/s    the same throughput in 10^9 bytes per second
//	x_copy  the time of the builtin copy of as many bytes as the kernel
//	        writes, between the benchmark's own buffers and timed inside
//	        the same benchmark, divided by the kernel's time (above 1:
//	        faster than copy)
//
// Run them one at a time on a quiet machine, for example
//
//	go test -run - -bench . -benchtime 2x -count 3 ./simd/

// benchLevels runs f as a sub-benchmark per supported level.
func benchLevels(b *testing.B, f func(b *testing.B)) {
	for _, l := range Supported() {
		b.Run(l.String(), func(b *testing.B) {
			restore, err := setLevel(l)
			if err != nil {
				b.Fatal(err)
			}
			defer restore()
			f(b)
		})
	}
}

// report sets the metrics of a benchmark that moved moved bytes (read plus
// written) per op; x_copy compares its time per op with that of
// copy(dst, src) over the first copied bytes of both buffers.
func report[T any](b *testing.B, moved, copied int, dst, src []T) {
	b.StopTimer()
	perOp := b.Elapsed().Seconds() / float64(b.N)
	b.ReportMetric(float64(moved)/perOp/1e9, "GB/s")
	b.ReportMetric(copySeconds(rawBytes(dst)[:copied], rawBytes(src)[:copied])/perOp, "x_copy")
}

// copySeconds times the builtin copy(dst, src) and returns seconds per copy.
func copySeconds(dst, src []byte) float64 {
	reps := max(3, (64<<20)/len(dst))
	copy(dst, src)
	start := time.Now()
	for i := 0; i < reps; i++ {
		copy(dst, src)
	}
	return time.Since(start).Seconds() / float64(reps)
}

func benchTranspose[T Number](b *testing.B, n int, stream bool) {
	src := patterned[T](n*n, 1)
	dst := patterned[T](n*n, 2)
	kernel := Transpose[T]
	if stream {
		kernel = TransposeStream[T]
	}
	moved := 2 * n * n * int(sizeOf[T]())
	b.SetBytes(int64(moved))
	noErr(b, kernel(dst, 0, n, src, 0, n, n, n))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = kernel(dst, 0, n, src, 0, n, n, n)
	}
	report(b, moved, moved/2, dst, src)
}

func BenchmarkTranspose(b *testing.B) {
	for _, c := range []struct {
		name   string
		f      func(b *testing.B, n int, stream bool)
		n      int
		stream bool
	}{
		{"float32/64x64", benchTranspose[float32], 64, false},
		{"float32/8192x8192", benchTranspose[float32], 8192, false},
		{"float32/8000x8000", benchTranspose[float32], 8000, false},
		{"float32/512x512", benchTranspose[float32], 512, false},
		{"float64/512x512", benchTranspose[float64], 512, false},
		{"float64/64x64", benchTranspose[float64], 64, false},
		{"float32/8192x8192/stream", benchTranspose[float32], 8192, true},
		{"float64/4096x4096", benchTranspose[float64], 4096, false},
		{"float64/4096x4096/stream", benchTranspose[float64], 4096, true},
		{"uint8/512x512", benchTranspose[uint8], 512, false},
		{"uint8/8192x8192", benchTranspose[uint8], 8192, false},
		{"uint8/8192x8192/stream", benchTranspose[uint8], 8192, true},
		{"uint16/512x512", benchTranspose[uint16], 512, false},
		{"uint16/8192x8192/stream", benchTranspose[uint16], 8192, true},
	} {
		b.Run(c.name, func(b *testing.B) {
			benchLevels(b, func(b *testing.B) { c.f(b, c.n, c.stream) })
		})
	}
}

// BenchmarkTransposeShortRows times TransposeStream of 64 MiB from [n,C]
// to [C,n] (an image's pixels of C channels to channel planes: source rows
// C elements apart) at every level, with the machine's rules, for 1-, 2-,
// 4- and 8-byte elements and C from 8 (16 for bytes) to 256 (1024 for
// bytes, 512 for 2-byte elements): the rows that tallFor's bands of
// shortBandRows take (at most shortRowBytes apart, smallShortRows
// elements for 1- and 2-byte elements) and the first ones they do not. On a new processor family, where x_copy falls at the
// limit, shortRowBytes may need a rule.
func BenchmarkTransposeShortRows(b *testing.B) {
	for _, size := range []int{1, 2, 4, 8} {
		counts := []int{8, 16, 32, 64, 128, 256}
		switch size {
		case 1:
			counts = []int{16, 32, 64, 128, 256, 512, 1024}
		case 2:
			counts = append(counts, 512)
		}
		for _, c := range counts {
			b.Run(fmt.Sprintf("%dB/C=%d", size, c), func(b *testing.B) {
				benchLevels(b, func(b *testing.B) {
					switch size {
					case 1:
						benchShortRows[uint8](b, c)
					case 2:
						benchShortRows[uint16](b, c)
					case 4:
						benchShortRows[uint32](b, c)
					default:
						benchShortRows[uint64](b, c)
					}
				})
			})
		}
	}
}

func benchShortRows[T uint8 | uint16 | uint32 | uint64](b *testing.B, c int) {
	size := int(unsafe.Sizeof(T(0)))
	n := (64 << 20) / size / c
	src, dst := patterned[T](n*c, 1), make([]T, n*c)
	b.ResetTimer()
	for range b.N {
		_ = TransposeStream(dst, 0, n, src, 0, c, c, n)
	}
	report(b, 2*len(dst)*size, len(dst)*size, dst, src)
}

// BenchmarkTransposeSlabs weighs familyRules' cachedBands: Transpose in
// L1-sized squares against TransposeStream's bands (whatever the source's
// span), at every level, on what ops stages (a float32 [4096,4096]
// matrix, 64 MiB, read from memory as slabs of w columns transposed into a
// buffer of w rows, as an operation on a transposed view does: w = 64
// reads each source row 256 bytes at a time) and on whole transposes of
// [512,512] to [2048,2048] (1 to 16 MiB), in cache or nearly. MB/s counts
// the bytes read and written.
func BenchmarkTransposeSlabs(b *testing.B) {
	const n = 4096
	src := patterned[float32](n*n, 1)
	for _, c := range []struct {
		name  string
		n, w  int
		slabs bool
	}{
		{"4096x4096-slabs-w=64", n, 64, true},
		{"4096x4096-slabs-w=256", n, 256, true},
		{"4096x4096-slabs-w=1024", n, 1024, true},
		{"512x512", 512, 512, false},
		{"1024x1024", 1024, 1024, false},
		{"2048x2048", 2048, 2048, false},
	} {
		dst := make([]float32, c.w*c.n)
		for _, how := range []string{"squares", "bands"} {
			b.Run(c.name+"/"+how, func(b *testing.B) {
				defer func(b bool, s int) { cachedBands, bandSpanBytes = b, s }(cachedBands, bandSpanBytes)
				cachedBands, bandSpanBytes = how == "bands", 0
				benchLevels(b, func(b *testing.B) {
					b.SetBytes(int64(8 * c.n * c.n))
					for range b.N {
						if !c.slabs {
							_ = Transpose(dst, 0, c.n, src, 0, c.n, c.n, c.n)
							continue
						}
						for j := 0; j < c.n; j += c.w {
							_ = Transpose(dst, 0, c.n, src, j, c.n, c.w, c.n)
						}
					}
				})
			})
		}
	}
}

// BenchmarkStrided compares the shipped Go gather with the naive reference
// loop (Strided has no assembly but for flipped runs, see doc.go),
// StridedStream at each level on stride 2, and the gathers of strides 2 and
// -1 at each level, from memory and in L1.
func BenchmarkStrided(b *testing.B) {
	b.Run("float32/stride2/stream", func(b *testing.B) {
		const n = 1 << 24
		src := patterned[float32](2*n, 1)
		dst := patterned[float32](n, 2)
		benchLevels(b, func(b *testing.B) {
			b.SetBytes(2 * n * 4)
			for i := 0; i < b.N; i++ {
				_ = StridedStream(dst, 0, 1, src, 0, 2, n)
			}
			report(b, 2*n*4, n*4, dst, src)
		})
	})
	// Flipped runs (stride -1), which have kernels: 64 MiB read streamed
	// and with ordinary stores, 16 KiB written (in L1) with ordinary
	// stores, at each level (Generic is the Go loop); and Strided's stride
	// 2, which does not (its kernels with ordinary stores lost to the Go
	// loop from memory), at the same sizes.
	for _, c := range []struct {
		n, stride int
		stream    bool
	}{{1 << 24, -1, true}, {1 << 24, -1, false}, {1 << 12, -1, false}, {1 << 23, 2, false}, {1 << 12, 2, false}} {
		src := patterned[float32](c.n*abs(c.stride), 1)
		dst := patterned[float32](c.n, 2)
		kernel, name := Strided[float32], fmt.Sprintf("float32/stride%d", c.stride)
		if c.stream {
			kernel, name = StridedStream[float32], name+"/stream"
		}
		soff := 0
		if c.stride < 0 {
			soff = c.n - 1
		}
		b.Run(fmt.Sprintf("%s/n=%d", name, c.n), func(b *testing.B) {
			benchLevels(b, func(b *testing.B) {
				b.SetBytes(int64(2 * c.n * 4))
				for i := 0; i < b.N; i++ {
					_ = kernel(dst, 0, 1, src, soff, c.stride, c.n)
				}
				report(b, 2*c.n*4, c.n*4, dst, src)
			})
		})
	}
	for _, c := range []struct {
		n, stride int
	}{{1 << 24, 2}, {1 << 13, 4096}} {
		src := patterned[float32](c.n*c.stride, 1)
		dst := patterned[float32](c.n, 2)
		moved := 2 * c.n * 4
		b.Run(fmt.Sprintf("float32/stride%d/go", c.stride), func(b *testing.B) {
			b.SetBytes(int64(moved))
			for i := 0; i < b.N; i++ {
				_ = Strided(dst, 0, 1, src, 0, c.stride, c.n)
			}
			report(b, moved, moved/2, dst, src)
		})
		b.Run(fmt.Sprintf("float32/stride%d/ref", c.stride), func(b *testing.B) {
			b.SetBytes(int64(moved))
			for i := 0; i < b.N; i++ {
				refStrided(dst, 0, 1, src, 0, c.stride, c.n)
			}
			report(b, moved, moved/2, dst, src)
		})
	}
}

// BenchmarkFill runs Fill at each level (Generic is the Go loop) and the
// naive reference loop. Fill reads nothing; its bytes are the bytes written.
func BenchmarkFill(b *testing.B) {
	for _, n := range []int{1 << 10, 1 << 14, 1 << 24} {
		dst := patterned[float32](n, 1)
		src := patterned[float32](n, 2)
		b.Run(fmt.Sprintf("float32/%d", n), func(b *testing.B) {
			benchLevels(b, func(b *testing.B) {
				b.SetBytes(int64(4 * n))
				for i := 0; i < b.N; i++ {
					_ = Fill(dst, 0, 1, 1.5, n)
				}
				report(b, 4*n, 4*n, dst, src)
			})
		})
		b.Run(fmt.Sprintf("float32/%d/ref", n), func(b *testing.B) {
			b.SetBytes(int64(4 * n))
			for i := 0; i < b.N; i++ {
				refFill(dst, 0, 1, 1.5, n)
			}
			report(b, 4*n, 4*n, dst, src)
		})
	}
}

// BenchmarkCopy copies 256 MiB with Copy at each level (Generic is the
// builtin copy) and with the builtin copy split into pieces of several
// sizes, to pick copyChunk.
func BenchmarkCopy(b *testing.B) {
	const n = 256 << 20
	src := patterned[byte](n, 1)
	dst := patterned[byte](n, 2)
	b.Run("256MiB", func(b *testing.B) {
		benchLevels(b, func(b *testing.B) {
			b.SetBytes(2 * n)
			Copy(dst, src)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				Copy(dst, src)
			}
			report(b, 2*n, n, dst, src)
		})
	})
	for _, chunk := range []int{64 << 10, 256 << 10, 512 << 10, 1<<20 - 4096, 1 << 20} {
		b.Run(fmt.Sprintf("256MiB/chunk%dKiB", chunk>>10), func(b *testing.B) {
			b.SetBytes(2 * n)
			for i := 0; i < b.N; i++ {
				for lo := 0; lo < n; lo += chunk {
					copy(dst[lo:min(lo+chunk, n)], src[lo:])
				}
			}
			report(b, 2*n, n, dst, src)
		})
	}
}

// BenchmarkBinary times Binary(Add) on float32 runs in L1 (4 KiB a slice),
// in L2 (64 KiB) and in memory (64 MiB, with and without Stream, and
// starting 16 bytes past a 64-byte boundary), at every level; x_copy compares with copy() of the bytes written.
func BenchmarkBinary(b *testing.B) {
	for _, c := range []struct {
		name string
		n    int
		op   Op
		off  int // first element of each slice
	}{
		{"f32-4KiB", 1 << 10, Add, 0},
		{"f32-64KiB", 1 << 14, Add, 0},
		{"f32-64MiB", 1 << 24, Add, 0},
		{"f32-64MiB-off16", 1 << 24, Add, 4},
		{"f32-64MiB-stream", 1 << 24, Add | Stream, 0},
	} {
		x, y, d := make([]float32, c.off+c.n)[c.off:], make([]float32, c.off+c.n)[c.off:], make([]float32, c.off+c.n)[c.off:]
		b.Run(c.name, func(b *testing.B) {
			benchLevels(b, func(b *testing.B) {
				b.SetBytes(int64(12 * c.n))
				for range b.N {
					_ = Binary(c.op, d, x, y)
				}
				report(b, 12*c.n, 4*c.n, d, x)
			})
		})
	}
}

// BenchmarkStreamRuns writes a 64 MiB float32 matrix row by row, one
// BinaryScalar call per row, as a broadcast operation over short rows
// does, with and without the Stream flag: GB/s of bytes read and written.
// Below streamMin bytes a row is written with ordinary stores either way,
// so the two agree there; from it on the flag streams.
func BenchmarkStreamRuns(b *testing.B) {
	const total = 4096 * 4096
	x, y := make([]float32, total), make([]float32, total)
	for i := range x { // pages of their own, not the zero page
		x[i], y[i] = float32(i), 1
	}
	for _, n := range []int{16, 256, 1023, 1024, 4096} {
		for _, op := range []Op{Sub, Sub | Stream} {
			b.Run(fmt.Sprintf("n=%d/%v", n, op), func(b *testing.B) {
				benchLevels(b, func(b *testing.B) {
					b.SetBytes(2 * 4 * total)
					for range b.N {
						for r := 0; r+n <= total; r += n {
							_ = BinaryScalar(op, y[r:r+n], x[r:r+n], 1)
						}
					}
				})
			})
		}
	}
}

// BenchmarkCopyRows gathers rows of a 64 MiB float32 matrix, taken at
// random with repeats (a row Take): 4096 rows of 16 KiB into a 64 MiB
// destination with CopyRowsStream, and 4096 rows of 1 KiB and 16384 of 256
// bytes into a 4 MiB one with CopyRows, at each level; "one" copies row
// by row (CopyStream, or the builtin copy). Each call takes other rows
// (16 sets of indices in turn), so that they come from memory, not from
// the caches of the previous call. GB/s counts the bytes read and
// written; x_copy compares with copy() of the same bytes from one
// contiguous buffer.
func BenchmarkCopyRows(b *testing.B) {
	const total, sets = 1 << 24, 16
	src := patterned[float32](total, 1)
	for _, c := range []struct {
		n, rows int
		stream  bool
	}{{4096, 4096, true}, {256, 4096, false}, {64, 16384, false}} {
		dst := patterned[float32](c.rows*c.n, 2)
		r := rand.New(rand.NewPCG(52, 3))
		dstAt := make([]int, c.rows)
		srcAt := make([][]int, sets)
		for i := range c.rows {
			dstAt[i] = i * c.n
		}
		for k := range srcAt {
			srcAt[k] = make([]int, c.rows)
			for i := range c.rows {
				srcAt[k][i] = r.IntN(total/c.n) * c.n
			}
		}
		rows, one := CopyRows[float32], func(d, s []float32) { copy(d, s) }
		if c.stream {
			rows, one = CopyRowsStream[float32], func(d, s []float32) { CopyStream(d, s) }
		}
		bytes := 8 * c.rows * c.n
		name := fmt.Sprintf("%dB", 4*c.n)
		b.Run(name+"/rows", func(b *testing.B) {
			benchLevels(b, func(b *testing.B) {
				for i := range b.N {
					_ = rows(dst, src, dstAt, srcAt[i%sets], c.n)
				}
				report(b, bytes, bytes/2, dst, src)
			})
		})
		b.Run(name+"/one", func(b *testing.B) {
			benchLevels(b, func(b *testing.B) {
				for i := range b.N {
					for j, s := range srcAt[i%sets] {
						one(dst[dstAt[j]:dstAt[j]+c.n], src[s:s+c.n])
					}
				}
				report(b, bytes, bytes/2, dst, src)
			})
		})
	}
}

// BenchmarkSortNetwork sorts runs of random 4- and 8-byte keys of several
// lengths with SortNetwork at each level and with slices.Sort (ref), each
// run copied from a pool of unsorted runs first: ns-per-key includes that
// copy in both.
func BenchmarkSortNetwork(b *testing.B) {
	b.Run("uint32", func(b *testing.B) { benchSortNetwork[uint32](b) })
	b.Run("uint64", func(b *testing.B) { benchSortNetwork[uint64](b) })
}

func benchSortNetwork[K Key](b *testing.B) {
	r := rand.New(rand.NewPCG(53, 41))
	for _, n := range []int{16, 64, 100, SortNetworkMax[K]()} {
		if n > SortNetworkMax[K]() {
			continue
		}
		const runs = 64
		pool := make([]K, runs*n)
		for i := range pool {
			pool[i] = K(r.Uint64())
		}
		x := make([]K, n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			benchLevels(b, func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					j := i % runs
					copy(x, pool[j*n:(j+1)*n])
					_ = SortNetwork(x, KeyMap[K]{})
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/key")
			})
		})
		b.Run(fmt.Sprint(n, "/ref"), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				j := i % runs
				copy(x, pool[j*n:(j+1)*n])
				slices.Sort(x)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/key")
		})
	}
}
