// Package simd holds the kernels of Tessera: strided gathers, broadcast
// fills and blocked transposes that move data, the elementwise arithmetic
// of float32 and float64 runs, and the micro-kernels of matrix products,
// in plain Go and, on amd64, in AVX2 and AVX-512 assembly.
//
// # Overview
//
// The kernels work on flat slices; they know nothing about shapes. Package
// layout plans how a strided view is walked and packages tensor and ops run
// that plan with these kernels. The data-movement kernels are generic over
// [Number], every Go numeric type, and only move bits: they never compare
// or compute with the elements they copy. The arithmetic kernels ([Binary],
// [BinaryScalar], [ScalarBinary], [Reduce], [ReduceRows], [FoldRows]) and
// the searches ([Index], [ArgRows]) are generic over [Float] and compute
// exactly what the plain Go operators compute, in an order fixed for every
// level; so do the comparisons ([Compare], [CompareScalar]), which write
// one bool per element, and [ReplaceNaN]. [Compress] moves the elements
// under a mask and [Select] (with [SelectStream]) chooses between two
// slices by one, of any element type; [CopyRows] (with [CopyRowsStream])
// gathers rows at any offsets, eight at a time so that their reads
// overlap; [Bitwise] combines bytes (masks),
// [Clip] clips floats to a range in one pass, and [Exp] computes e**x of
// float32 by a polynomial whose Go twin (internal/loops' Exp32) gives the
// same bits at every level. The matrix-product kernels ([Gemm]: [GemmKernel.Tile] on packed
// slivers, [GemmKernel.Rows] on rows of few columns) accumulate with fused
// multiply-adds in k order, the same bits at every level as their Go twin
// with math.FMA; the tile's size differs by level, which only changes
// which elements are computed together. [SortNetwork] sorts up to 16
// vectors of bit patterns by the unsigned keys a [KeyMap] maps them to
// (internal/sorts's maps, which order every real type), by a bitonic
// network in registers at the AVX-512 level; sorted keys are the same
// whatever sorts them.
//
// Offsets, strides and leading dimensions are counted in elements, not
// bytes, and may be negative where the kernel says so. The element i of a
// strided run is at offset+i*stride.
//
// # Dispatch
//
// Each kernel exists once per level ([ISA]): Generic (plain Go), AVX2 and
// AVX512 (amd64 assembly). Every assembly kernel has a Go twin, the loop it
// implements, which the Generic level runs and which finishes the edges and
// tails the assembly leaves. At program start the package asks the CPU,
// through github.com/klauspost/cpuid/v2, which levels it can run (AVX512
// needs AVX-512 F and VL, and the OS saving the ZMM state) and selects the
// best. The environment variable TESSERA_SIMD, read once at that point,
// caps the level: "generic" (also "go" or "purego"), "avx2" or "avx512",
// case insensitive. A level the CPU cannot run falls back to the best
// supported level below it; an empty or unknown value leaves the best level
// selected. A binary built with -race runs at Generic whatever TESSERA_SIMD
// says: the race detector cannot see the memory accesses of assembly.
// [Level] reports the level in use and [Supported] the levels available.
//
// The kernels of a level form one immutable table published through an
// atomic pointer, so each call runs entirely at one level. Tests switch
// levels with internal/simdhook. A table holds its level's kernels as
// function values, and the levels it gives way to (the narrower level
// for operands off a line, the tiles of small transposes) as pointers to
// their tables, so the architecture-neutral files name no level. The
// exceptions are the reduction kernels whose operands are the caller's
// local arrays (the fold accumulators, the row-by-row masks, the arg
// kernels' row pointers and results): Go counts every pointer passed
// through a function value as escaping to the heap, so these are called
// directly, by one dispatch function per kernel family in the
// architecture's file (arith_amd64.go, argrows_amd64.go),
// with an empty one in arch_other.go for builds without assembly. A port
// to another architecture fills a table per level in its archInit, writes
// those dispatch functions, and adds its .s files.
//
// One rule refines the level per call, set per vendor from what cpuid
// reports: at AVX512, a call may run the AVX2 kernel instead when an
// operand does not start on a 64-byte line boundary, where every 64-byte
// load straddles two lines (NumPy's arrays start 16 bytes past a
// boundary). On AMD processors and other vendors [Binary],
// [BinaryScalar], [ScalarBinary], [Reduce] and [Index] all do. On Intel
// processors only the arithmetic kernels do; [Reduce] and [Index] keep
// AVX-512, as AVX2's Max fold is bound by its NaN blends there, and
// [FoldRows], which reads rows and writes one, follows them. The rule
// favours data streamed from memory over data in cache (see
// BENCHMARKS.md, "In one process"). The two levels' kernels give the same
// bits, so the rule changes speed only; Go's large allocations start on a
// page, and package ops aligns its accumulators.
//
// Data of 4 bytes (int32, uint32, float32, and int, uint, uintptr on 32-bit
// platforms) runs through the uint32 kernels, data of 8 bytes (int64,
// uint64, float64, complex64, and int, uint, uintptr on 64-bit platforms)
// through the uint64 kernels, by reinterpreting the slices. Transposes of
// elements of 16 bytes, and of 2- or 8-byte data not aligned to its size
// (possible for complex64), always take the Go loops; the fill kernels work
// on a byte pattern and serve every element size.
//
// # Transpose strategy
//
// The streaming transpose ([TransposeStream], which the copier runs for
// large outputs) runs the same tile kernels in one of two orders
// ([TransposeStrategy]), and the faster one depends on the machine: [Bands]
// writes a band of destination rows one cache line tall, reading a page of
// each source row, and [Blocks] writes squares of 256 bytes a side. The
// rule, from what cpuid reports (vendor and family): Bands on Intel
// processors and AMD family 25, Blocks on AMD family 26, and [Calibrate] on
// other vendors and families, which have no order of their own
// (BENCHMARKS.md, transpose order by family). On Intel processors and AMD
// family 25 the bands of 8-byte elements are two lines tall, 16 source
// rows, and with the AVX-512 tiles the float32 bands of transposes of 256
// source rows or more are four lines tall, 64 source rows (BENCHMARKS.md,
// taller and wider bands); the AVX2 tiles keep bands of 16 rows. Under
// Calibrate, the first streaming transpose of at least 4 MiB runs its
// quarters as Bands, Blocks, Bands, Blocks, and the order of the faster
// pair is kept for the process. The transpose timed is the caller's own, so
// this costs four clock readings and nothing else, and small copies never
// calibrate. Under Blocks, a transpose with a side shorter than four
// squares (1 KiB of elements) still runs in bands, which measured faster
// for the narrow [64,3136] slices of an NCHW to NHWC permutation: the bands
// Bands would walk, taller ones included, so the pixels of an image of few
// channels, moved to channels-first, take the bands of 1024 source rows
// under either order (BENCHMARKS.md, "Blocks on short source rows"). The
// environment variable TESSERA_TRANSPOSE ("bands", "blocks" or "calibrate",
// read once at start) and [SetTransposeStrategy] override the rule;
// [ActiveTransposeStrategy] reports the one in use. The results never
// depend on it: both orders, and the calibration, are tested at every level
// on every machine.
//
// # Kernels
//
//   - [Transpose], [TransposeStream] and [TransposeHot] have assembly at
//     both levels: a register transpose of 8×8 tiles (4-byte elements) or
//     4×4 tiles (8-byte) with AVX2, 16×16 or 8×8 tiles with AVX-512 (1- and
//     2-byte elements: below). Transpose's AVX2 tiles load whole source
//     rows, transpose them in 128-bit lanes and store each destination row
//     as 16-byte halves, which sorts the lanes out without shuffles: half
//     the loads of pairing 128-bit pieces across lanes, which the AVX-512
//     tiles and TransposeStream's AVX2 tiles do (leaving in-lane unpacks
//     and shuffles). TransposeHot, for a small transpose on data in L1,
//     runs Transpose's tiles, except on Intel processors at the AVX512
//     level, where it runs the AVX2 ones (see BENCHMARKS.md); Transpose
//     keeps the AVX-512 tiles. The Go code walks blocks and calls the
//     assembly once per block; the ragged right and bottom edges go to the
//     Go twin. The blocks are sized from the cache geometry: the L1 data
//     cache and L2 sizes cpuid reports and the operating system's page size
//     (defaults where cpuid reports none: 48 KiB, 2 MiB). Transpose's
//     blocks are square, as large as fits two thirds of L1D with a float32
//     block's source and destination rows: 256 bytes of each of 64 source
//     rows on a 48 KiB L1D, so one non-preemptible call moves at most 16
//     KiB. On AMD family 25, a Transpose whose source or destination rows
//     span 8 MiB or more (their number times their leading dimension) walks
//     TransposeStream's bands instead, with ordinary stores and the AVX-512
//     tiles (the AVX2 ones keep the squares): such an operand is in memory,
//     where squares visit a row narrower than a page in pieces of 128
//     bytes, one pass per piece, and the bands read it in one (other
//     vendors and families keep the squares everywhere; see BENCHMARKS.md).
//     TransposeStream uses non-temporal stores (VMOVNTPS) on whole, aligned
//     destination cache lines and ends every call with SFENCE; its blocks
//     are bands one destination line tall (16 source rows of float32; for
//     float64 two lines, 16 rows, with wideBands, on Intel and AMD family
//     25) and one page (4 KiB) long, so the source is read as 16 sequential
//     runs that the hardware prefetcher follows, where it does not follow
//     the rows of square blocks, and one call moves at most 64 KiB (with
//     tallBands, on Intel and AMD family 25, 64 float32 rows and 256 KiB:
//     bands of a quarter page, 64 KiB a call, measured slower; with
//     farShortRows, on AMD family 25, where the source rows are at most a
//     page apart, half a page for float64, bands of 1024 source rows, each
//     call one destination line down the band, 64 KiB at most, and the
//     calls go source rows first, so each destination row gets up to 4 KiB
//     (8 KiB for float64) in a run; at the AVX2 level, where rows of either
//     size are at most a quarter page apart, the same). On every processor,
//     source rows at most 512 bytes apart (an image's pixels, a few
//     channels each) take those bands of 1024 rows at both levels: in
//     16-row bands each call moved only a tile or two. Source rows of 1-
//     and 2-byte elements take them at most 32 elements apart
//     (smallShortRows in transpose.go; further apart they lost). At the
//     AVX2 level its kernels transpose two tiles side by side (8×8 for
//     4-byte, 4×4 for 8-byte elements) and store the two halves of each
//     destination line back to back: storing one whole tile after the other
//     leaves lines half written, which measured slower. The Go twin (the
//     Generic level, and every edge) reads source rows that are 4 KiB or
//     more apart in the same bands, 16 rows over page-long runs, and closer
//     rows in square blocks whose 4-byte source and destination rows fill a
//     quarter of L2 (256 elements on a side for 2 MiB): 256 rows 32 KiB
//     apart would all fall into one L1 set. Where rows 4 KiB or more apart
//     make a transpose of at least 1 KiB a side and 4 MiB in all, the bands
//     go into a scratch buffer of at most 272 KiB (from a pool: one per
//     goroutine transposing), blocks of 1 KiB of each destination row, and
//     copy moves them out: plain Go has no non-temporal store, and its
//     bands wrote each destination line with 16 scalar stores (float32)
//     that each wait for the line's fetch, where copy writes 1 KiB runs
//     that the prefetchers follow (BENCHMARKS.md, "The generic level:
//     staged transposes").
//   - Transposes of 1- and 2-byte elements have AVX2 tiles, which both
//     levels run: 16×16 tiles of bytes (source rows paired across the lanes
//     of a Y register, three rounds of in-lane unpacks, then VPERMQ joins
//     the two halves of each pair of destination rows) and tiles of 16
//     source rows by 8 columns of 2-byte elements (three rounds of unpacks
//     leave each destination row whole in a register). TransposeStream of
//     1- and 2-byte elements, where the destination rows are a whole number
//     of lines apart, runs non-temporal forms in the streaming strategy's
//     blocks: four 16×16 byte tiles write their 16-byte pieces of 16
//     destination rows into a 1 KiB scratch on the stack, and each row's
//     whole line is stored from it (VMOVNTPS; its bands, a page of 64
//     source rows, move 256 KiB a call); two 2-byte tiles write the halves
//     of 8 lines into 512 bytes, the same way. Elsewhere (Transpose, rows
//     not line-aligned) a large transpose (where the Go twin would stage
//     it: source rows a page or more apart, 4 MiB or more) goes through the
//     Go twin's scratch buffer, the tiles writing its blocks: written
//     directly, each destination line, written in pieces, took its fetch
//     from memory. Outside the streaming form the tiles walk cached's
//     squares whatever the level's blocks of 4- and 8-byte elements
//     (TransposeStream's bands measured slower for them). See
//     BENCHMARKS.md, "Transposes of 1- and 2-byte elements" and "Bytes
//     streamed: whole lines, non-temporally".
//   - Thin transposes, with fewer rows or columns than a tile (the channels
//     of an image moved between channels-last and channels-first order: 3
//     rows of H*W columns, or H*W rows of 3 columns), have no whole tile,
//     and the Go twin moves them an element at a time. At the AVX512 level,
//     elements of 1 (with AVX512_VBMI), 2 (AVX512BW), 4 and 8 bytes run
//     thin kernels instead (1- and 2-byte ones without those extensions run
//     the AVX2 level's): a block of one vector's worth of columns of few
//     rows (64, 32, 16 or 8) reads the source vectors that hold them (from
//     source rows at most a vector or 16 elements apart), and builds each
//     destination row's vector with one masked permute (VPERMB, VPERMW,
//     VPERMPS, VPERMPD) per source vector it takes lanes from; a block of
//     as many rows of few columns reads one vector of each source row and
//     builds the destination's vectors the same way, stored under a mask
//     where destination rows are further apart than their length (at most a
//     vector or 16 elements), so that the elements between them are not
//     written. The lane indices, masks and offsets depend only on the
//     block's shape, and are computed once per shape. TransposeStream
//     stores them non-temporally (VMOVNTDQ, then SFENCE) where every vector
//     is whole and 64-byte aligned: rows of few rows a whole number of
//     lines apart (the columns before the first line boundary peeled to the
//     Go twin), or rows of few columns end to end. Where the AVX2 tiles
//     cover the thin side whole (8 rows or columns of 4-byte elements, 4 of
//     8-byte ones, 16 of 1-byte ones, 8 or 16 rows or 16 columns of 2-byte
//     ones) they run instead: the thin kernel's permutes per element grow
//     with the thin side, and the tiles measured faster there
//     (BENCHMARKS.md, "Narrow transposes of 1- and 2-byte elements"). The
//     AVX2 level has thin kernels of its own, on 32-byte vectors, with no
//     non-temporal form. For 4- and 8-byte elements (8 and 4 lanes, so thin
//     below its 8x8 and 4x4 tiles) VPERMD permutes 8-byte elements as pairs
//     of 4-byte halves, and, with no mask registers, the program carries a
//     mask vector per permute (VPAND, then VPOR into the output) and per
//     masked store (VPMASKMOVD). For 1- and 2-byte elements (32 and 16
//     lanes) VPSHUFB, which moves bytes only within 16-byte halves,
//     shuffles each source vector and the same with its halves swapped
//     (VPERMQ), its indices zeroing the bytes it does not give; having no
//     byte-masked store, it takes few columns only where the destination
//     rows lie end to end. [TransposeMinRows] tells the copier from how
//     many rows a block's transpose at the active level beats strided runs,
//     given its columns and the distance between its source rows.
//   - [Fill] with unit stride, and [Strided] with unit destination stride
//     and zero source stride (a broadcast), run an assembly fill at both
//     levels: the value is written into a 64-byte pattern which 256-bit
//     (AVX2) or 512-bit (AVX-512) stores repeat, at most 64 KiB per call,
//     after a Go head that aligns the stores to 64 bytes. This works for
//     every element size. Runs under 256 bytes and other strides use the Go
//     loop.
//   - [Strided] gathers are plain Go at every level (a unit source stride
//     is the builtin copy): the Go loop already runs at the memory-bound
//     rate of the naive loop, and a stride-2 kernel with ordinary stores
//     measured slower than it on data from memory, though faster in L1. A
//     zero destination stride stores only the element that wins. The
//     exception is a flipped run (source stride -1 into a contiguous run of
//     4- or 8-byte elements), which has assembly at both levels: one load
//     and one permute by reversed lane indices (VPERMD or VPERMQ) per
//     64-byte line, walking the source down as the destination goes up, at
//     most 64 KiB per call. [StridedStream] has assembly at both levels for
//     the gathers where non-temporal stores pay, every other element
//     (source stride 2) and flipped runs (stride -1), into a contiguous run
//     of 4- or 8-byte elements: for stride 2 two loads, one permute
//     (VPERMT2PS/PD; VSHUFPS or VUNPCKLPD and VPERMPD with AVX2) and one
//     whole-line VMOVNTPS per 64 bytes written; for stride -1 the reversal
//     above with VMOVNTDQ; at most 64 KiB per call; other strides are
//     Strided.
//   - [Copy] is the builtin copy at every level.
//   - [Binary], [BinaryScalar] and [ScalarBinary] compute Add, Sub, Mul,
//     Div, Max and Min ([Op]) of two unit-stride runs, or of a run and a
//     scalar, at both levels: four vectors per iteration (32 float32 with
//     AVX2, 64 with AVX-512), then one, and the Go twin for the tail
//     shorter than a vector. Max and Min fix up the NaN rule of VMAXPS
//     (which returns its second operand when either is NaN) with a compare
//     and a blend, so that a NaN in either operand propagates exactly as in
//     the Go twin. With the [Stream] flag they store with VMOVNTPS/PD after
//     a Go head that aligns the destination to 64 bytes. One call writes at
//     most 16384 elements.
//   - [Compare] and [CompareScalar] compute Equal, NotEqual, Less,
//     LessEqual, Greater and GreaterEqual ([CmpOp]) of two unit-stride runs,
//     or of a run and a scalar, with VCMPPS/PD and the ordered quiet
//     predicates (NotEqual's unordered one), as Go's operators treat NaN.
//     AVX-512 narrows the mask to bytes (a zeroing masked move of 1s, then
//     VPMOVDB/VPMOVQB) and stores 64 bytes per 64 elements, non-temporally
//     with [CmpStream] after a Go head that aligns dst to 64 bytes; AVX2
//     looks up the bytes of VMOVMSKPS/PD's bits in a table and ignores
//     CmpStream. One call writes at most 16384 elements.
//   - [Convert] and [ConvertStream] convert float32 to float64 (VCVTPS2PD)
//     and float64 to float32 (VCVTPD2PS) at both levels, 16 (AVX2) or 32
//     (AVX-512) elements per iteration, ConvertStream with non-temporal
//     stores; other pairs of float types are the Go loop.
//   - [Reduce] folds a run by Add, Mul, Max or Min into 128 bytes of lane
//     accumulators held in registers (four Y with AVX2, two Z with
//     AVX-512), then halves the lanes, in a kernel when all are full: the
//     same order, and the same bits, at every level. A run of whole groups
//     (up to a chunk) is reduced by one kernel call that starts from its
//     first group and halves in registers: the accumulators never go
//     through memory, which measurably slowed rows streamed from memory.
//     Max and Min keep a NaN accumulator with a blend (AVX2) or a mask of
//     the ordered lanes (AVX-512); their compare-and-select chain would
//     bound the loop, so they first combine four groups of the input lane
//     by lane, which the twin's selection (the last of the largest, the
//     first NaN) makes give the same bits. The AVX2 blend is three
//     micro-operations on Intel's cores, so AVX2's Max and Min fold a run
//     first with plain VMAXPS/VMINPS, which give the twin's bits when no
//     operand is NaN, while unordered compares record whether one was; only
//     then is the run folded again with the blends (a NaN costs a second
//     pass; BENCHMARKS.md, "AVX2 Max and Min without the NaN blend").
//     Add|SkipNaN ([SkipNaN], NumPy's nansum) has kernels of its own for
//     Reduce, ReduceRows (AVX-512's four-row kernel) and FoldRows: each
//     vector of x is loaded, compared with itself (ordered) and ANDed with
//     the compare (AVX2) or moved onto itself under it with zeroing
//     (AVX-512), which sets its NaN lanes to +0, before the add; the
//     accumulators and init are not touched. The NaN are skipped in the
//     pass that reads x, with no temporary.
//   - [ReduceRows] reduces several rows, each to Reduce's value for it, bit
//     for bit. For every op at both levels a kernel reduces four rows of
//     whole groups (n a multiple of the lanes, at most a chunk), each row
//     exactly as Reduce's whole-run kernel does, with the rows' loads
//     interleaved: one core reads four streams faster than one. AVX-512's
//     32 registers hold four rows' accumulators and a regrouped step's
//     groups; AVX2's sixteen hold two rows' Max or Min accumulators, so
//     that kernel reads its rows in two pairs, by the first pass of the
//     one-row fold (no NaN fix), and leaves the rows in which it met a NaN
//     to Reduce. Rows shorter than the lanes, with AVX-512, are loaded by
//     masked loads and halved under the step masks of Reduce; float32 rows
//     of at most 16 elements sixteen rows at a time, float64 rows of at
//     most 8 eight at a time, so that the steps, a chain of dependent
//     shuffles and adds within one row, run independent of each other: each
//     step packs the lanes two registers' rows keep into one register and
//     the lanes they take into another, and one VPERMPS (VPERMPD) puts a
//     group's results in row order. On AMD family 25 rows of 512 bytes or
//     more take a Reduce each; shorter rows, where a call per row costs
//     more than it saves, keep the four-row kernels (BENCHMARKS.md,
//     reductions of rows one at a time).
//   - [FoldRows] combines rows into one by Add, Mul, Max or Min, element by
//     element: a strip of eight vectors of the result stays in registers
//     while up to 8 rows are combined into it, so the result is read and
//     written once per 8 rows rather than once per row (the order of the
//     operations on each element, and so the bits, are those of repeated
//     Binary calls). AVX2's Max and Min try each strip without the NaN
//     blends first, as Reduce's kernels do, and redo it exactly from init
//     when a NaN was met. Rows of at most 512 bytes that follow each other
//     in memory are one stream in the kernels' order, and a call takes up
//     to 64 Ki elements of them; wider rows go 8 to a call, so that no more
//     than 8 rows stream in at once. On AMD family 25, rows back to back
//     of more than 512 bytes and at most 2 KiB go to row-order kernels
//     instead, which read each row whole, in memory order, and combine it
//     into the result in L1 (read and written once per row), rather than
//     strips going down eight rows and back up for the next (see
//     BENCHMARKS.md).
//   - [Index] compares four vectors at a time with the value (EQ_OQ: -0
//     equals +0, NaN nothing), tests the four results with one branch, and
//     searches the group that holds the first match, and the last vectors,
//     a vector at a time; a NaN is searched by the Go loop.
//   - [Compress] widens a vector's mask bytes to lanes, moves the
//     selected lanes to the front of a register (AVX-512 VPCOMPRESSD/Q;
//     AVX2 VPERMD by a table of the 256 (16) permutations), stores the
//     register whole and advances by the count (POPCNT), the next store
//     overwriting the lanes past it; it runs only while dst has room for
//     a whole chunk's vectors, the Go twin after that. The compressing
//     store to memory is not used: some CPUs run it slowly.
//   - [ReplaceNaN] compares a vector with itself (unordered) and blends
//     the value into its NaN lanes.
//   - [Exp] (float32) widens a vector to float64, clamps it, rounds
//     x·log2(e) to the even integer k (VRNDSCALEPD; AVX2 VROUNDPD), reduces
//     r = x - k·ln(2) by one fused multiply-add, evaluates the degree-9
//     polynomial by Horner's fused multiply-adds, scales by 2^k (VSCALEFPD;
//     AVX2 builds 2^k's bits) and narrows to float32, NaN lanes taking x
//     back: each step the one loops.Exp32 takes, so the bits are the
//     twin's. float64 is math.Exp at every level.
//   - [SortNetwork] loads the bit patterns into 1, 2, 4, 8 or 16
//     registers under masks, maps them to keys (five instructions a
//     vector; the lanes past the end then all ones, the largest key),
//     runs the bitonic network with every comparator ascending (a mirror
//     step, then half-cleaners): between registers a VPMINU and a VPMAXU
//     (a mirror reverses the partner first, by VPERMD or VPERMQ, and the
//     larger half after), within one a permutation (VPSHUFD, VSHUFI32X4
//     or VSHUFI64X2 by an immediate, VPERMD or VPERMQ by a constant
//     index), a VPMINU, and a VPMAXU into the upper lanes under a mask;
//     then maps the keys back and stores under the same masks. At AVX2
//     (4-byte patterns only: it has no unsigned minimum of 8-byte lanes)
//     the vectors are 32 bytes, at most 8 of them (64 patterns) beside
//     the temporaries in its 16 registers: VPMASKMOVD loads and stores,
//     the key map's vectors read from memory, and the upper lanes of a
//     comparator taken by VPBLENDD from a VPMAXUD. Fourteen kernels (two
//     key sizes and five register counts at AVX512, four counts at AVX2),
//     written by simd/internal/gensort (go generate), whose test fails
//     when the committed sort_amd64.s differs from its output.
//   - [Clip] takes VMAXPS with lo (x first, so equal elements give lo)
//     and VMINPS with hi, then moves the NaN elements back in (the
//     maxima would have made them lo): Min(Max(x, lo), hi) of Go's rules
//     in four instructions a vector, with streaming stores on request.
//   - [Select] widens the mask bytes as Compress does; AVX-512 loads y,
//     then x over it under the mask, AVX2 blends by the bytes shifted into
//     the lanes' sign bits; SelectStream stores from dst's first 64-byte
//     line on with non-temporal stores, the head before it by the Go twin.
//   - [ArgRows] finds the index of each row's extreme in one pass, four
//     rows at once with their loads interleaved (one row as four parts):
//     each lane keeps its best element and the index where it first met it
//     (a masked compare keeps a lane's first NaN), and the lanes are
//     combined at the end, the first of equal ones. The kernels skip that
//     step for a block of four vectors with no NaN and nothing better than
//     the row's best so far (three VMAXPS and three compares, against eight
//     operations per vector, all on the two ports that run 512-bit
//     operations on Intel); a block that may hold the row's new extreme
//     takes the exact step. The skip pays on rows whose extreme rarely
//     rises and costs on rows that rise throughout, where no block is
//     skipped (with AVX2 the exact step, two blends a vector, bounds
//     those). Rows of at most 4 KiB (of every length on AMD family 25; see
//     BENCHMARKS.md) go, at the AVX512 level, to a short-row kernel that
//     does as many as read 64 Ki elements in one call, one pass a row and a
//     short search: the pass folds each block of four vectors by VMAXPS
//     (VMINPS; masked loads take the row's last partial vector) into the
//     lanes' extremes, notes in each lane the block where its extreme last
//     rose (VCMPPS GT_OQ and a masked move of the block's index) and notes
//     a NaN; the search, from L1, starts at the least block of the lanes
//     that hold the row's extreme (from the row's start for a NaN, or a row
//     shorter than 64 vectors, where the halving of the blocks' indices
//     costs more than it saves) and finds the first element equal to it (or
//     the first NaN).
//
// Each data-movement kernel is documented by the plain-Go loop it
// implements, in the doc comment of its Go declaration; the twins of the
// arithmetic kernels are the loops of internal/loops, which package ops
// runs for every other element type. The data-movement kernels are
// hand-written Go assembly: fourteen short functions (the eight transposes
// are one loop macro over six tile macros), the four of Index and the eight
// of ArgRows (one macro per level), the four each of Compress, Select,
// Clip and ReplaceNaN and the two each of Bitwise and Exp (one loop each;
// Select and Clip share the streaming loop of stream_amd64.h). The 72 arithmetic kernels (six
// operations, three forms, two element types, two levels), the 48 of Reduce
// (a fold, a halving and a whole-run kernel for four operations, two types,
// two levels), the 12 of ReduceRows (Add and Mul at both levels, Max and
// Min with AVX-512) and the 16 of FoldRows differ only in an instruction or
// an operand, so they are written by a generator, simd/internal/genarith
// (go generate), whose test fails when the committed arith_amd64.s and
// arith_amd64.go differ from its output.
//
// # Results
//
// The level, the alignment rule, the transpose strategy and a calibration
// change speed only. The data-movement kernels copy bits, NaN payloads and
// negative zeros included. The arithmetic kernels give the bits of their Go
// twins at every level, except that where both operands of Binary,
// BinaryScalar, ScalarBinary or FoldRows are NaN either may be returned;
// Reduce and ReduceRows fold in the one order Reduce documents, the same
// bits at every level, and Index and ArgRows return the same index at every
// level.
//
// # Bounds
//
// The kernels are exported, so they never trust their arguments. Before
// touching memory each one checks in O(1), without integer overflow, that
// every index it will use lies inside its slice: it checks the first and
// the last element of each strided run (128-bit products guard the
// arithmetic). A negative count returns an error wrapping [ErrArg]; any
// index outside a slice returns an error wrapping [ErrRange]. In both cases
// nothing is written. Messages name the operation and the values, for
// example
//
//	simd: Transpose: rows -1 is negative
//	simd: Strided: src index 35 out of range [0,32)
//
// A count of zero is always valid and does nothing, whatever the offsets.
// Source and destination must not overlap (except for Copy, and the
// arithmetic kernels computing in place, whose dst may be an input):
// overlap cannot corrupt memory, but the result is unspecified.
//
// # Purego
//
// Building with the purego tag (go build -tags purego), or for any
// architecture other than amd64, leaves out the assembly: only the Generic
// level exists and every kernel runs its Go twin. The assembly files and
// their Go declarations carry the constraint amd64 && !purego; the other
// build carries !amd64 || purego.
//
// # Benchmarks
//
// bench_test.go times every kernel at every level against its Go twin and
// the naive loop, and reports GB/s (bytes read plus bytes written per
// second) and x_copy, the time of the builtin copy of as many bytes as the
// kernel writes divided by the kernel's time, both timed in the same
// benchmark; reduce_bench_test.go times the folds. The figures behind the
// rules above, per machine, are in the repository's BENCHMARKS.md; those
// this documentation used to quote are in its section "Figures moved from
// simd's comments (issue 49)".
package simd
