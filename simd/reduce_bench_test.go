package simd

import (
	"fmt"
	"testing"
)

// BenchmarkReduce folds float32 runs at every level: one call on 2 KiB and
// 64 KiB (in cache: the fixed cost and the kernel's rate), and 16 KiB rows
// of a 64 MiB matrix one call each, as a reduction along the last axis
// runs, also starting 16 bytes past a 64-byte boundary (as NumPy's arrays
// do). GB/s of input read.
func BenchmarkReduce(b *testing.B) {
	big := make([]float32, 1<<24+4)
	for i := range big {
		big[i] = float32(i % 1000)
	}
	for _, op := range []Op{Add, Max} {
		for _, c := range []struct {
			name   string
			n, row int // elements, and elements per call
			off    int // first element
		}{
			{"2KiB", 512, 512, 0},
			{"64KiB", 1 << 14, 1 << 14, 0},
			{"64KiB-off16", 1 << 14, 1 << 14, 4},
			{"rows-64MiB", 1 << 24, 4096, 0},
			{"rows-64MiB-off16", 1 << 24, 4096, 4},
		} {
			x := big[c.off : c.off+c.n]
			b.Run(op.String()+"/"+c.name, func(b *testing.B) {
				benchLevels(b, func(b *testing.B) {
					b.SetBytes(int64(4 * c.n))
					for range b.N {
						for r := 0; r < c.n; r += c.row {
							_, _ = Reduce(op, x[r:r+c.row])
						}
					}
				})
			})
		}
	}
}

// BenchmarkIndex searches a 16 KiB run in L1 for a value found only in its
// last element (the whole run is compared), as ArgMax's second pass over
// a block does, at every level. GB/s of input read.
func BenchmarkIndex(b *testing.B) {
	b.Run("float32/16KiB", func(b *testing.B) { benchIndex[float32](b, 4096) })
	b.Run("float64/16KiB", func(b *testing.B) { benchIndex[float64](b, 2048) })
}

func benchIndex[T Float](b *testing.B, n int) {
	x := make([]T, n)
	for i := range x {
		x[i] = T(i % 1000)
	}
	x[n-1] = -1
	benchLevels(b, func(b *testing.B) {
		b.SetBytes(int64(n) * int64(sizeOf[T]()))
		for range b.N {
			if Index(x, -1) != n-1 {
				b.Fatal("Index did not find the last element")
			}
		}
	})
}

// BenchmarkFoldRows sums the columns of a [4096,4096] float32 matrix (64
// MiB; aligned and 16 bytes past a line, as NumPy's arrays start) in
// leaves of 32 rows, as a reduction down the first axis runs: "rows"
// combines each leaf with FoldRows, "binary" with one Binary call per row
// (the accumulator read and written per row), and "max-rows" takes the
// columns' maxima with FoldRows. "L1" folds 8 rows of 1024 elements (32
// KiB, in L1) by Add and by Max, where the kernels' own rate shows. The
// alignment rule is off while it runs, so each level runs its own kernels
// on every alignment. GB/s of input read.
func BenchmarkFoldRows(b *testing.B) {
	const n, leaf = 4096, 32
	big := make([]float32, n*n+16)
	for i := range big {
		big[i] = float32(i % 1000)
	}
	acc := make([]float32, n+16)
	prev := unalignedWide
	for k := range unalignedWide {
		unalignedWide[k] = true
	}
	defer func() { unalignedWide = prev }()
	for _, off := range []int{0, 4} {
		x := big[off : off+n*n]
		for _, how := range []string{"rows", "binary", "max-rows"} {
			b.Run(fmt.Sprintf("%s/off%d", how, 4*off), func(b *testing.B) {
				benchLevels(b, func(b *testing.B) {
					d := acc[:n] // 64-byte aligned: a large allocation
					b.SetBytes(4 * n * n)
					for range b.N {
						for r := 0; r < n; r += leaf {
							switch how {
							case "rows":
								_ = FoldRows(Add, d, x[r*n:], x, (r+1)*n, n, leaf-1)
								continue
							case "max-rows":
								_ = FoldRows(Max, d, x[r*n:], x, (r+1)*n, n, leaf-1)
								continue
							}
							copy(d, x[r*n:])
							for k := 1; k < leaf; k++ {
								_ = Binary(Add, d, d, x[(r+k)*n:])
							}
						}
					}
				})
			})
		}
	}
	for _, op := range []Op{Add, Max} {
		b.Run("L1/"+op.String(), func(b *testing.B) {
			const m, rows = 1024, 8
			x := big[:m*rows]
			d := acc[:m]
			benchLevels(b, func(b *testing.B) {
				b.SetBytes(4 * m * rows)
				for range b.N {
					_ = FoldRows(op, d, x, x, m, m, rows-1)
				}
			})
		})
	}
}

// BenchmarkFoldRowsWidth times FoldRows down the columns of a float32
// matrix of 64 MiB in leaves of 32 rows, as ops folds them, by the width
// of its rows, with the rows kernels' strips (strips) and in row order
// (row-order): the two settings of familyRules' seqRows, whatever this
// processor's default. Rows of at most 512 bytes take the strips either
// way, and rows of more than 2 KiB too.
func BenchmarkFoldRowsWidth(b *testing.B) {
	const leaf = 32
	big := make([]float32, 16<<20)
	for i := range big {
		big[i] = float32(i % 1000)
	}
	for _, n := range []int{256, 512, 1024, 4096} {
		rows := len(big) / n / leaf * leaf
		x := big[:rows*n]
		d := make([]float32, n)
		for _, how := range []string{"strips", "row-order"} {
			b.Run(fmt.Sprintf("n=%d/%s", n, how), func(b *testing.B) {
				defer func(s bool) { seqRows = s }(seqRows)
				seqRows = how == "row-order"
				benchLevels(b, func(b *testing.B) {
					b.SetBytes(int64(4 * len(x)))
					for range b.N {
						for r := 0; r < rows; r += leaf {
							_ = FoldRows(Add, d, x[r*n:], x, (r+1)*n, n, leaf-1)
						}
					}
				})
			})
		}
	}
}

// BenchmarkReduceRows sums the rows of a [4096,4096] float32 matrix (64
// MiB, aligned and 16 bytes past a line) with ReduceRows's four-row
// kernels ("rows", four rows per kernel call, whatever whole4Rows's
// default on this processor) and with one Reduce per row ("reduce"), and
// takes their maxima the same two ways ("max-rows", "max-reduce"), at
// every level: GB/s of input read. The pairs are what familyRules' whole4Rows
// weighs on a new processor.
func BenchmarkReduceRows(b *testing.B) {
	const n = 4096
	big := make([]float32, n*n+4)
	for i := range big {
		big[i] = float32(i % 1000)
	}
	dst := make([]float32, n)
	for _, off := range []int{0, 4} {
		x := big[off : off+n*n]
		for _, how := range []string{"rows", "reduce", "max-rows", "max-reduce"} {
			op := Add
			if how[0] == 'm' {
				op = Max
			}
			b.Run(fmt.Sprintf("%s/off%d", how, 4*off), func(b *testing.B) {
				defer func(w bool) { whole4Rows = w }(whole4Rows)
				whole4Rows = true
				benchLevels(b, func(b *testing.B) {
					b.SetBytes(4 * n * n)
					for range b.N {
						if how == "rows" || how == "max-rows" {
							_ = ReduceRows(op, dst, x, 0, n, n)
							continue
						}
						for r := range n {
							dst[r], _ = Reduce(op, x[r*n:(r+1)*n])
						}
					}
				})
			})
		}
	}
}

// BenchmarkReduceRowsOdd reduces 64 MiB of float32 rows whose length is
// not a whole number of groups (10, 100 and 1000 elements), by Add and
// Max, with ReduceRows ("rows": the row-by-row kernel with AVX-512) and
// with one Reduce per row ("reduce", what ReduceRows did before), at
// every level: GB/s of input read.
func BenchmarkReduceRowsOdd(b *testing.B) {
	const total = 4096 * 4096
	big := make([]float32, total)
	for i := range big {
		big[i] = float32(i % 1000)
	}
	for _, n := range []int{10, 100, 1000} {
		rows := total / n
		x := big[:rows*n]
		dst := make([]float32, rows)
		for _, how := range []string{"rows", "reduce"} {
			for _, op := range []Op{Add, Max} {
				b.Run(fmt.Sprintf("n=%d/%v/%s", n, op, how), func(b *testing.B) {
					benchLevels(b, func(b *testing.B) {
						b.SetBytes(int64(4 * rows * n))
						for range b.N {
							if how == "rows" {
								_ = ReduceRows(op, dst, x, 0, n, n)
								continue
							}
							for r := range rows {
								dst[r], _ = Reduce(op, x[r*n:(r+1)*n])
							}
						}
					})
				})
			}
		}
	}
}

// BenchmarkReduceRowsShort times ReduceRows over rows of 3, 8 and 16
// float32 and float64 elements (points, small vectors) of a 64 MiB matrix,
// the rows shorter than the lanes that the AVX-512 kernels halve in groups
// of rows.
func BenchmarkReduceRowsShort(b *testing.B) {
	benchRowsShort[float32](b)
	benchRowsShort[float64](b)
}

func benchRowsShort[T Float](b *testing.B) {
	total := 64 << 20 / int(sizeOf[T]())
	big := make([]T, total)
	for i := range big {
		big[i] = T(i % 1000)
	}
	for _, n := range []int{3, 8, 16} {
		rows := total / n
		x, dst := big[:rows*n], make([]T, rows)
		b.Run(fmt.Sprintf("%T/n=%d", x[0], n), func(b *testing.B) {
			benchLevels(b, func(b *testing.B) {
				b.SetBytes(int64(int(sizeOf[T]()) * rows * n))
				for range b.N {
					_ = ReduceRows(Add, dst, x, 0, n, n)
				}
			})
		})
	}
}

// BenchmarkArgRows times ArgRows over the rows of a float32 [4096,4096]
// with its four-row kernels (rows) and, at the AVX512 level, its
// short-row kernel (short-row: the two settings of familyRules' argShortLong,
// whatever this processor's default), against the two passes it
// replaces, ReduceRows for the rows' maxima and Index for each
// (reduce-index), and over all of it as one row (one-row); from a line
// boundary and 16 bytes past one. The values
// are pseudo-random, so each row's maximum lies anywhere in it, or rise
// along each row (rising), the AVX-512 kernels' worst case: no block can
// be skipped.
func BenchmarkArgRows(b *testing.B) {
	const n = 4096
	big := make([]float32, n*n+4)
	rising := make([]float32, n*n)
	s := uint64(1)
	for i := range big {
		s = s*6364136223846793005 + 1442695040888963407
		big[i] = float32(s >> 40)
	}
	for i := range rising {
		rising[i] = float32(i % n)
	}
	idx := make([]int, n)
	m := make([]float32, n)
	for _, data := range []string{"off0", "off16", "rising"} {
		x := big[:n*n]
		switch data {
		case "off16":
			x = big[4 : 4+n*n]
		case "rising":
			x = rising
		}
		for _, how := range []string{"rows", "short-row", "reduce-index", "one-row"} {
			b.Run(fmt.Sprintf("%s/%s", how, data), func(b *testing.B) {
				defer func(l bool) { argShortLong = l }(argShortLong)
				argShortLong = how == "short-row"
				benchLevels(b, func(b *testing.B) {
					b.SetBytes(4 * n * n)
					for range b.N {
						switch how {
						case "rows", "short-row":
							_ = ArgRows(Max, idx, x, 0, n, n)
						case "reduce-index":
							_ = ReduceRows(Max, m, x, 0, n, n)
							for r := range n {
								idx[r] = Index(x[r*n:(r+1)*n], m[r])
							}
						case "one-row":
							_ = ArgRows(Max, idx[:1], x, 0, 0, n*n)
						}
					}
				})
			})
		}
	}
}
