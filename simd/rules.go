package simd

// familyRules are the kernel choices that depend on the processor family
// rather than the vendor alone, as measured: rulesFor gives them for a
// vendor and family, machineRules for this processor, and each starts one
// of the package's variables (whole4Rows, argShortLong, wideBands,
// seqRows, cachedBands, tallBands, farShortRows), which tests set both
// ways.
type familyRules struct {
	// whole4Rows lets ReduceRows run its four-row kernels on rows of 512
	// bytes or more (eachRowBytes): everywhere but on AMD family 25. On
	// the Zen 4 they read such rows from memory slower than one Reduce
	// per row (shorter ones faster; as fast in L2), in simd's benchmarks
	// and in ops.Sum along rows timed with NumPy's and PyTorch's; on an
	// Intel Xeon they were faster than Reduce (BENCHMARKS.md,
	// "Reductions: rows one at a time on Zen 4").
	whole4Rows bool
	// argShortLong makes ArgRows take the short-row kernel for rows of
	// every length, not only those up to 4 KiB (argShortBytes): on AMD
	// family 25, where the four-row kernels, which read four rows at
	// once, lose to it from memory as ReduceRows's do to Reduce, and a row
	// as four parts loses to it in L3; elsewhere rows up to 4 KiB (on an
	// Intel Xeon the four-row kernels read long rows faster than the
	// two-pass short-row kernel this one replaced).
	argShortLong bool
	// wideBands makes the streaming bands of 8-byte elements 16 source
	// rows tall, two destination lines: on AMD family 25 and on Intel,
	// where a transposed float64 [4096,4096] copied faster with them than
	// with bands one line (8 rows) tall (on the Zen 4 on one goroutine,
	// where float32 bands of 32 rows were no faster than of 16, and slower
	// on narrow transposes; on an Intel Xeon at both levels, on one and
	// two goroutines). Elsewhere one line: not measured against them. See
	// BENCHMARKS.md, "The transpose order by family" and "Taller and wider
	// bands on Intel".
	wideBands bool
	// seqRows makes FoldRows combine rows that follow each other in
	// memory, wider than 512 bytes and at most 2 KiB (seqRowsBytes), into
	// dst in row order, each row read whole, rather than strip by strip
	// down the rows: on AMD family 25, where the rows kernels' strips of
	// 512 bytes, going down eight rows and back up for the next strip,
	// read such rows from memory slower than the row-order kernel (and in
	// L3 too; in L2 the strips were faster). Elsewhere the strips: on an
	// Intel Xeon the row order lost, on ops' column sums of a float32
	// [65536,256] (BENCHMARKS.md, "Taller and wider bands on Intel").
	seqRows bool
	// cachedBands makes Transpose (not TransposeHot, whose transposes are
	// small) walk, with the AVX-512 tiles, the blocks of TransposeStream's
	// Bands (see streamedFor: a page of each of a destination line's worth
	// of source rows, so each source row is read once, as one run) rather
	// than squares sized to L1 (see cachedBlock), which read a source row
	// narrower than a page in pieces of 128 bytes (32 KiB L1), one pass per
	// piece, when the source or the destination rows span 8 MiB or more
	// (bandSpanBytes): on AMD family 25. There the slabs that ops
	// transposes for an operation on a transposed float32 [4096,4096] (64
	// rows, each source row read 256 bytes at a time) ran faster in bands
	// from memory, and so did ops.AddInto with a transposed operand, while
	// whole transposes in cache ran faster in squares and large ones (16
	// MiB each side) faster in bands, hence the span. Elsewhere the
	// squares: on an Intel Xeon neither won everywhere. See BENCHMARKS.md,
	// "Third session on the Zen 4 EPYC (2026-11-26, from commit
	// `51f285e`)", and "Figures moved from simd's comments (issue 49)".
	cachedBands bool
	// tallBands makes TransposeStream's bands of 4-byte elements with the
	// AVX-512 tiles 64 source rows tall (four destination lines, each
	// written by the four quarters of a tile in turn) rather than 16, in
	// transposes of at least 256 source rows: on AMD family 25 and on
	// Intel, where a transposed float32 [8192,8192] ran faster in them (on
	// Intel the [256,256,256] permutation too; on the Zen 4 it was the same
	// within the noise). On the Zen 4, bands of a quarter page (64 KiB a
	// call) ran slower than page-long ones (256 KiB a call), and the AVX2
	// tiles lost with the taller bands, as did the bands of Transpose that
	// ops stages operands through (cachedBands) and float64 bands of 32 or
	// 64 rows (the 16 of wideBands ran fastest). Elsewhere 16 rows, one
	// destination line. See BENCHMARKS.md, "Fourth session on the Zen 4
	// EPYC (2026-11-26, from commit `c9ad981`)" and "Taller and wider bands
	// on Intel".
	tallBands bool
	// farShortRows lets TransposeStream's bands of 1024 source rows (see
	// shortRowBytes and tallFor) take source rows further apart than the
	// 512 bytes every processor's do: at the AVX2 level up to a quarter
	// page, at AVX512 up to a page for 4-byte elements and half a page for
	// 8-byte ones, on AMD family 25, where such transposes ran faster in
	// them (rows 8 KiB apart lost with them, as did float64 rows a page
	// apart, and at the AVX2 level rows a page apart). On an Intel Xeon
	// rows 1 KiB apart lost with them at both levels and both sizes, where
	// rows up to 512 bytes apart gained (BENCHMARKS.md, "The short source
	// rows: bands of 1024 rows on every processor", and "Figures moved
	// from simd's comments (issue 49)").
	farShortRows bool
}
