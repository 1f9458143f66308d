package simd

// familyRules are the kernel choices that depend on the processor family
// rather than the vendor alone, as measured: rulesFor gives them for a
// vendor and family, machineRules for this processor, and each starts one
// of the package's variables (whole4Rows, argShortLong, wideBands,
// seqRows, cachedBands, tallBands, farShortRows), which tests set both
// ways.
type familyRules struct {
	// whole4Rows lets ReduceRows run its four-row kernels on rows of 512
	// bytes or more (eachRowBytes): everywhere but on AMD family 25. On a
	// Zen 4 EPYC they read such rows from memory slower than one Reduce
	// per row (shorter ones faster): float32 rows of 16 KiB from 64 MiB,
	// Max 17.8 GB/s against 29.5 (as fast in L2), and ops.Sum along the
	// rows of a [4096,4096] timed with NumPy's and PyTorch's 26-28 GB/s
	// against 32; on an Intel Xeon they were 15-20% faster than Reduce.
	whole4Rows bool
	// argShortLong makes ArgRows take the short-row kernel for rows of
	// every length, not only those up to 4 KiB (argShortBytes): on AMD
	// family 25, where the four-row kernels, which read four rows at
	// once, lose to it from memory as ReduceRows's do to Reduce, and a row
	// as four parts loses to it in L3; elsewhere rows up to 4 KiB (on an
	// Intel Xeon, float32 rows of 16 KiB: 23.9 GB/s with the two-pass
	// short-row kernel this one replaced, 26.0 with the four-row ones).
	argShortLong bool
	// wideBands makes the streaming bands of 8-byte elements 16 source
	// rows tall, two destination lines: on AMD family 25, where a
	// transposed float64 [4096,4096] copied at 0.68-0.72 of copy() with
	// them against 0.58-0.59 with bands one line (8 rows) tall (Zen 4 EPYC,
	// one goroutine; float32 bands of 32 rows were no faster than of 16,
	// and slower on narrow transposes), and on Intel, where on a Xeon of
	// family 6 model 207 the same copy ran at 1.38-1.44 of copy() against
	// 0.98-1.03 at both levels (+41%, p<0.001, benchstat of eight
	// alternating rounds), on two goroutines +29% GB/s (p=0.002). Elsewhere
	// one line: not measured against them.
	wideBands bool
	// seqRows makes FoldRows combine rows that follow each other in
	// memory, wider than 512 bytes and at most 2 KiB (seqRowsBytes), into
	// dst in row order, each row read whole, rather than strip by strip
	// down the rows: on AMD family 25, where the rows kernels' strips of
	// 512 bytes, going down eight rows and back up for the next strip,
	// read float32 rows of 1 KiB from memory at 9-11 GB/s and the
	// row-order kernel at 21-25 (768 bytes: 16 against 22; 2 KiB: 12
	// against 24; in L3 the row order was 10-18% faster too, in L2 15%
	// slower). Elsewhere the strips: on an Intel Xeon (family 6 model 207)
	// the row order lost, ops' column sums of a float32 [65536,256] on one
	// goroutine 18.4 GB/s in strips against 14.9 (-19%, p=0.009, six
	// alternating rounds).
	seqRows bool
	// cachedBands makes Transpose (not TransposeHot, whose transposes are
	// small) walk, with the AVX-512 tiles, the blocks of TransposeStream's
	// Bands (see streamedFor: a page of each of a destination line's worth of
	// source rows, so each source row is read once, as one run) rather than
	// squares sized to L1 (see cachedBlock), which read a source row narrower
	// than a page in pieces of 128 bytes (32 KiB L1), one pass per piece, when
	// the source or the destination rows span 8 MiB or more (bandSpanBytes):
	// on AMD family 25. There, on a Zen 4 EPYC, the slabs that ops transposes
	// for an operation on a transposed float32 [4096,4096] (64 rows, each
	// source row read 256 bytes at a time) ran 2-2.5x faster in bands from
	// memory (BenchmarkTransposeSlabs, 7.4 -> 15-19 GB/s); ops.AddInto(out, a,
	// b.T) went from 0.26-0.30 of the contiguous Add to 0.42-0.44, of a
	// [65536,256] from 0.27 to 0.56, and AddInto(out.T, a, b), whose slabs are
	// transposed into out's columns, from 0.28 to 0.33; whole transposes of
	// [512,512] and [1024,1024] in cache ran about 10% faster in squares, and
	// [2048,2048] (16 MiB each side) 1.9x faster in bands, hence the span.
	// Elsewhere the squares: on an Intel Xeon (family 6 model 207) neither
	// won everywhere (BenchmarkTransposeSlabs, squares against bands: the
	// slabs 64 columns wide 9.3 against 8.0 GB/s, 256 wide 7.1 against 8.4,
	// [2048,2048] 4.9 against 4.3).
	cachedBands bool
	// tallBands makes TransposeStream's bands of 4-byte elements with the
	// AVX-512 tiles 64 source rows tall (four destination lines, each written
	// by the four quarters of a tile in turn) rather than 16, in transposes of
	// at least 256 source rows: on AMD family 25 and on Intel. On a Zen 4
	// EPYC the CopyTo of a transposed float32 [8192,8192] ran at 20.9 GB/s
	// against 18.3 (p=0.009), 0.54 of copy() against 0.48 (p=0.002; benchstat
	// of six alternating rounds; BenchmarkMaterialize, which times copies
	// between the transposes: back to back the gain was 0-4%), and the
	// [256,256,256] permutation at 0.52 against 0.49 (within the noise). Bands
	// of a quarter page (64 KiB a call) ran 6% slower than page-long ones (256
	// KiB a call). The AVX2 tiles lost there (0.42 against 0.52), as did the
	// bands of Transpose that ops stages operands through (cachedBands:
	// AddInto(out, a, b.T) 0.38 of the contiguous Add against 0.44, with b
	// [256,65536] 0.36 against 0.56), and float64 bands of 32 or 64 rows (the
	// 16 of wideBands ran fastest). On an Intel Xeon (family 6 model 207) the
	// float32 [8192,8192] went from 1.05 of copy() to 1.20 (+14%, p=0.002)
	// and the [256,256,256] permutation from 0.91 to 1.00 (+10%, p=0.004),
	// the NCHW to NHWC permutation unchanged (benchstat of six alternating
	// rounds; ten more: +10%, p=0.035, and +12%, p=0.004). Elsewhere 16
	// rows, one destination line.
	tallBands bool
	// farShortRows lets TransposeStream's bands of 1024 source rows (see
	// shortRowBytes and tallFor) take source rows further apart than the 512
	// bytes every processor's do: at the AVX2 level up to a quarter page, at
	// AVX512 up to a page for 4-byte elements and half a page for 8-byte
	// ones, on AMD family 25. On a Zen 4 EPYC at AVX512 the [65536,256]
	// transpose of a [256,256,256] permutation (rows 1 KiB apart) ran at 0.65
	// of copy() against 0.49 (+25% GB/s, p=0.002), float32 [32768,512] and
	// [16384,1024] transposed +61% and +49%, [131072,128] +7% (benchstat of
	// six alternating rounds); rows 8 KiB apart ([8192,2048]) lost with them
	// (0.55 against 0.64). float64 source rows at most half a page apart
	// gained too: a [256,256,128] permutation (2,0,1) +20-29% and [65536,256]
	// transposed +18%, where rows a page apart ([32768,512]) lost 6%. At the
	// AVX2 level they lost on rows a page apart ([16384,1024]) and won on rows
	// at most a quarter page apart. On an Intel Xeon (family 6 model 207)
	// rows 1 KiB apart lost at both levels and both sizes (float32 0.93 of
	// copy() to 0.75 at AVX2, the [256,256,256] permutation 0.85-0.99 to
	// 0.71-0.78 at AVX512), where rows up to 512 bytes apart gained up to 4x.
	farShortRows bool
}
