package simd

// familyRules are the kernel choices that depend on the processor family
// rather than the vendor alone: rulesFor gives them for a
// vendor and family, machineRules for this processor, and each starts one
// of the package's variables (whole4Rows, argShortLong, wideBands,
// seqRows, cachedBands, tallBands, farShortRows, unalignedWide,
// hotNarrow), which tests set both ways.
type familyRules struct {
	// whole4Rows lets ReduceRows run its four-row kernels on rows of 512
	// bytes or more (eachRowBytes): everywhere but on AMD family 25,
	// where such rows take one Reduce each (BENCHMARKS.md, reductions of
	// rows one at a time).
	whole4Rows bool
	// argShortLong makes ArgRows take the short-row kernel for rows of
	// every length, not only those up to 4 KiB (argShortBytes): on AMD
	// family 25, as ReduceRows takes one Reduce per long row there
	// (whole4Rows); elsewhere rows up to 4 KiB, and the four-row kernels,
	// which read four rows at once, the longer ones (see BENCHMARKS.md).
	argShortLong bool
	// wideBands makes the streaming bands of 8-byte elements 16 source
	// rows tall, two destination lines: on AMD family 25 and on Intel
	// processors. Elsewhere one line (8 rows). See BENCHMARKS.md,
	// transpose order by family, and taller and wider bands.
	wideBands bool
	// seqRows makes FoldRows combine rows that follow each other in
	// memory, wider than 512 bytes and at most 2 KiB (seqRowsBytes), into
	// dst in row order, each row read whole, rather than strip by strip
	// down the rows: on AMD family 25, as the rows kernels' strips of
	// 512 bytes go down eight rows and back up for the next strip, where
	// the row order reads memory in order. Elsewhere the strips (see
	// BENCHMARKS.md).
	seqRows bool
	// cachedBands makes Transpose (not TransposeHot, whose transposes are
	// small) walk, with the AVX-512 tiles, the blocks of TransposeStream's
	// Bands (see streamedFor: a page of each of a destination line's worth
	// of source rows, so each source row is read once, as one run) rather
	// than squares sized to L1 (see cachedBlock), which read a source row
	// narrower than a page in pieces of 128 bytes (32 KiB L1), one pass per
	// piece, when the source or the destination rows span 8 MiB or more
	// (bandSpanBytes): on AMD family 25. Operands that large are in
	// memory, where the bands read each source row once, while in cache
	// the squares stay in L1; hence the span. Elsewhere the squares. See
	// BENCHMARKS.md, and "Figures moved from simd's comments (issue 49)".
	cachedBands bool
	// tallBands makes TransposeStream's bands of 4-byte elements with the
	// AVX-512 tiles 64 source rows tall (four destination lines, each
	// written by the four quarters of a tile in turn) rather than 16, in
	// transposes of at least 256 source rows: on AMD family 25 and on
	// Intel processors. The bands stay a page long (256 KiB a call); the
	// AVX2 tiles, the bands of Transpose that ops stages operands through
	// (cachedBands) and float64 bands (16 rows, wideBands) keep their
	// height. Elsewhere 16 rows, one destination line. See BENCHMARKS.md,
	// taller and wider bands.
	tallBands bool
	// farShortRows lets TransposeStream's bands of 1024 source rows (see
	// shortRowBytes and tallFor) take source rows further apart than the
	// 512 bytes every processor's do: at the AVX2 level up to a quarter
	// page, at AVX512 up to a page for 4-byte elements and half a page for
	// 8-byte ones, on AMD family 25. Elsewhere 512 bytes (BENCHMARKS.md,
	// "The short source rows: bands of 1024 rows on every processor", and
	// "Figures moved from simd's comments (issue 49)").
	farShortRows bool
	// unalignedWide lets a level's kernels of each kind read operands
	// that do not start on a 64-byte line (see forLoads): on Intel
	// processors the folds and searches read them at AVX-512 and the
	// arithmetic gives them to AVX2; on AMD processors and other vendors
	// both kinds give them to AVX2 (see BENCHMARKS.md).
	unalignedWide [numLoadKinds]bool
	// hotNarrow makes TransposeHot run the AVX2 tiles at the AVX512 level
	// (see forHot): on Intel processors; on AMD processors and other
	// vendors not (BENCHMARKS.md, "Small transposes: `simd.TransposeHot`").
	hotNarrow bool
}
