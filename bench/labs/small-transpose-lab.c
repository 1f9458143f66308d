// small-transpose-lab measures what one core allows for a hot, small
// transpose: a float32 [64,64] (16 KiB) transposed into another 16 KiB
// buffer against memcpy of the same 16 KiB between two others, timed in
// the same loop. The four buffers (64 KiB) may exceed L1, so each batch of
// calls starts partly from L2, the copies' as the transposes'. It is the
// ceiling of issue 14's Small-T2 target (CopyTo of a transposed float32
// [64,64] at most 3x copy() of its bytes): whatever the library does
// around the kernel comes on top of the fastest kernel here. Not part of
// the library or of CI; it needs a C compiler with the Intel intrinsics
// (gcc, as below) and a processor with AVX2 and AVX-512 (F). With
// -march=native the compiler may encode the AVX2 kernels with AVX-512
// instructions, and fold some of their loads into the shuffles (ROWS8's
// odd rows are then loaded twice): the table measures what it emits.
//
//   gcc -O2 -march=native -o small-transpose-lab bench/labs/small-transpose-lab.c
//   ./small-transpose-lab [trials]
//
// Each trial runs every variant 64 times in a row (as BenchmarkSmallT2 runs
// CopyTo), the variants in turn; the table gives per call the median and
// the quartiles over the trials, and the medians of the per-trial ratios to
// memcpy and to a C loop of the shape of Go's copy() (BenchmarkSmallT2
// divides by the builtin itself). Every kernel is checked against the
// scalar loop first.
#include <immintrin.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { N = 64, REPS = 64 };

static double now(void) {
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e9 + t.tv_nsec;
}

static int cmp(const void *a, const void *b) {
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

// copy_avx2 has the shape of Go's copy() loop for this size on AVX2: 128
// bytes an iteration, four 32-byte loads and four 32-byte stores.
static void copy_avx2(float *d, const float *s) {
	for (int i = 0; i < N * N; i += 32) {
		__m256 a = _mm256_loadu_ps(s + i), b = _mm256_loadu_ps(s + i + 8);
		__m256 c = _mm256_loadu_ps(s + i + 16), e = _mm256_loadu_ps(s + i + 24);
		_mm256_storeu_ps(d + i, a);
		_mm256_storeu_ps(d + i + 8, b);
		_mm256_storeu_ps(d + i + 16, c);
		_mm256_storeu_ps(d + i + 24, e);
	}
}

static void copy_memcpy(float *d, const float *s) { memcpy(d, s, N * N * 4); }

static void scalar(float *d, const float *s) {
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			d[j * N + i] = s[i * N + j];
}

// IN4OF transposes 4x4 blocks within each 128-bit lane of a0-a3, vectors
// of type T, with eight shufps (SHUF, the type's intrinsic; two a cycle on
// the Intel cores measured for 256 bits, where unpcklps is one). IN4 is it
// for AVX2 registers, IN4Z for AVX-512 ones.
#define IN4OF(T, SHUF, a0, a1, a2, a3)          \
	do {                                    \
		T t0 = SHUF(a0, a1, 0x44);      \
		T t1 = SHUF(a0, a1, 0xEE);      \
		T t2 = SHUF(a2, a3, 0x44);      \
		T t3 = SHUF(a2, a3, 0xEE);      \
		a0 = SHUF(t0, t2, 0x88);        \
		a1 = SHUF(t0, t2, 0xDD);        \
		a2 = SHUF(t1, t3, 0x88);        \
		a3 = SHUF(t1, t3, 0xDD);        \
	} while (0)
#define IN4(a0, a1, a2, a3) IN4OF(__m256, _mm256_shuffle_ps, a0, a1, a2, a3)
#define IN4Z(a0, a1, a2, a3) IN4OF(__m512, _mm512_shuffle_ps, a0, a1, a2, a3)

// pair loads columns c..c+3 of row r into lane 0 and of row r+4 into lane 1.
static inline __m256 pair(const float *s, int r, int c) {
	return _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(s + r * N + c)),
	                            _mm_loadu_ps(s + (r + 4) * N + c), 1);
}

// tile8_ins: an 8x8 tile by lane-paired loads (sixteen 16-byte loads, 8 of
// them as inserts into the high lanes), 16 shufps and eight 32-byte
// stores, one per destination row.
static inline void tile8_ins(float *d, const float *s) {
	for (int c = 0; c < 8; c += 4) {
		__m256 a0 = pair(s, 0, c), a1 = pair(s, 1, c), a2 = pair(s, 2, c), a3 = pair(s, 3, c);
		IN4(a0, a1, a2, a3);
		_mm256_storeu_ps(d + (c + 0) * N, a0);
		_mm256_storeu_ps(d + (c + 1) * N, a1);
		_mm256_storeu_ps(d + (c + 2) * N, a2);
		_mm256_storeu_ps(d + (c + 3) * N, a3);
	}
}

static void t8_ins(float *d, const float *s) {
	for (int i = 0; i < N; i += 8)
		for (int j = 0; j < N; j += 8)
			tile8_ins(d + j * N + i, s + i * N + j);
}

// t8_ins_lines: the same tiles, two across the destination: each
// destination line (16 float32) is written by two adjacent 32-byte stores.
static void t8_ins_lines(float *d, const float *s) {
	for (int j = 0; j < N; j += 8)
		for (int i = 0; i < N; i += 16)
			for (int c = 0; c < 8; c += 4) {
				const float *s0 = s + i * N + j, *s1 = s + (i + 8) * N + j;
				__m256 a0 = pair(s0, 0, c), a1 = pair(s0, 1, c), a2 = pair(s0, 2, c), a3 = pair(s0, 3, c);
				__m256 b0 = pair(s1, 0, c), b1 = pair(s1, 1, c), b2 = pair(s1, 2, c), b3 = pair(s1, 3, c);
				IN4(a0, a1, a2, a3);
				IN4(b0, b1, b2, b3);
				float *dd = d + (j + c) * N + i;
				_mm256_storeu_ps(dd, a0), _mm256_storeu_ps(dd + 8, b0);
				_mm256_storeu_ps(dd + N, a1), _mm256_storeu_ps(dd + N + 8, b1);
				_mm256_storeu_ps(dd + 2 * N, a2), _mm256_storeu_ps(dd + 2 * N + 8, b2);
				_mm256_storeu_ps(dd + 3 * N, a3), _mm256_storeu_ps(dd + 3 * N + 8, b3);
			}
}

// ROWS8 declares r0-r7, the eight source rows of a tile at p, each
// 128-bit lane transposed as a 4x4 block: r[k]'s low lane holds column k
// of rows 0-3, its high lane column k+4; r[k+4] the same of rows 4-7.
#define ROWS8(p)                                                                                 \
	__m256 r0 = _mm256_loadu_ps(p), r1 = _mm256_loadu_ps(p + N), r2 = _mm256_loadu_ps(p + 2 * N); \
	__m256 r3 = _mm256_loadu_ps(p + 3 * N), r4 = _mm256_loadu_ps(p + 4 * N);                      \
	__m256 r5 = _mm256_loadu_ps(p + 5 * N), r6 = _mm256_loadu_ps(p + 6 * N);                      \
	__m256 r7 = _mm256_loadu_ps(p + 7 * N);                                                       \
	IN4(r0, r1, r2, r3);                                                                          \
	IN4(r4, r5, r6, r7)

// ROWTILES defines a kernel that walks the 8x8 tiles along the source
// rows, loads each with ROWS8 and writes it with STORE(q), q its
// destination.
#define ROWTILES(name, STORE)                                   \
	static void name(float *d, const float *s) {            \
		for (int i = 0; i < N; i += 8)                  \
			for (int j = 0; j < N; j += 8) {        \
				const float *p = s + i * N + j; \
				ROWS8(p);                       \
				float *q = d + j * N + i;       \
				STORE(q);                       \
			}                                       \
	}

// LINES32 joins the lanes with 8 permutes and writes each destination row
// of the tile with one 32-byte store.
#define LINES32(q)                                                                  \
	do {                                                                        \
		_mm256_storeu_ps(q, _mm256_permute2f128_ps(r0, r4, 0x20));          \
		_mm256_storeu_ps(q + N, _mm256_permute2f128_ps(r1, r5, 0x20));      \
		_mm256_storeu_ps(q + 2 * N, _mm256_permute2f128_ps(r2, r6, 0x20));  \
		_mm256_storeu_ps(q + 3 * N, _mm256_permute2f128_ps(r3, r7, 0x20));  \
		_mm256_storeu_ps(q + 4 * N, _mm256_permute2f128_ps(r0, r4, 0x31));  \
		_mm256_storeu_ps(q + 5 * N, _mm256_permute2f128_ps(r1, r5, 0x31));  \
		_mm256_storeu_ps(q + 6 * N, _mm256_permute2f128_ps(r2, r6, 0x31));  \
		_mm256_storeu_ps(q + 7 * N, _mm256_permute2f128_ps(r3, r7, 0x31));  \
	} while (0)

// HALVES stores the low lanes of lo and hi side by side at q and their high
// lanes at q + 4 rows (the extracts to memory are stores, no shuffle);
// LINES16 writes a tile's 8 destination rows so, in 16-byte halves.
#define HALVES(q, lo, hi)                                                   \
	do {                                                                \
		_mm_storeu_ps(q, _mm256_castps256_ps128(lo));               \
		_mm_storeu_ps(q + 4, _mm256_castps256_ps128(hi));           \
		_mm_storeu_ps(q + 4 * N, _mm256_extractf128_ps(lo, 1));     \
		_mm_storeu_ps(q + 4 * N + 4, _mm256_extractf128_ps(hi, 1)); \
	} while (0)
#define LINES16(q)                         \
	do {                               \
		HALVES(q, r0, r4);         \
		HALVES(q + N, r1, r5);     \
		HALVES(q + 2 * N, r2, r6); \
		HALVES(q + 3 * N, r3, r7); \
	} while (0)

// t8_classic: whole-row loads, 16 shufps, 8 lane permutes, eight 32-byte
// stores.
ROWTILES(t8_classic, LINES32)

// t8_halves: Tessera's AVX2 tile: whole-row loads, 16 in-lane shuffles,
// sixteen 16-byte stores (the lanes sorted out by the stores).
ROWTILES(t8_halves, LINES16)

// t16_ins: 16x16 AVX-512 tiles, each register built from four 128-bit
// loads (rows r, r+4, r+8, r+12), 32 in-lane shufps of 512 bits, sixteen
// 64-byte stores (one whole destination line each).
static inline __m512 quad(const float *s, int r, int c) {
	__m512 v = _mm512_castps128_ps512(_mm_loadu_ps(s + r * N + c));
	v = _mm512_insertf32x4(v, _mm_loadu_ps(s + (r + 4) * N + c), 1);
	v = _mm512_insertf32x4(v, _mm_loadu_ps(s + (r + 8) * N + c), 2);
	return _mm512_insertf32x4(v, _mm_loadu_ps(s + (r + 12) * N + c), 3);
}

static void t16_ins(float *d, const float *s) {
	for (int i = 0; i < N; i += 16)
		for (int j = 0; j < N; j += 16)
			for (int c = 0; c < 16; c += 4) {
				const float *p = s + i * N + j;
				__m512 a0 = quad(p, 0, c), a1 = quad(p, 1, c), a2 = quad(p, 2, c), a3 = quad(p, 3, c);
				IN4Z(a0, a1, a2, a3);
				float *q = d + (j + c) * N + i;
				_mm512_storeu_ps(q, a0);
				_mm512_storeu_ps(q + N, a1);
				_mm512_storeu_ps(q + 2 * N, a2);
				_mm512_storeu_ps(q + 3 * N, a3);
			}
}

struct variant {
	const char *name;
	void (*f)(float *, const float *);
	int transpose;
};

static struct variant vs[] = {
	{"memcpy (glibc), 16 KiB", copy_memcpy, 0},
	{"copy loop of Go's copy() shape, 32-byte loads and stores", copy_avx2, 0},
	{"scalar loop (gcc -O2)", scalar, 1},
	{"AVX2 8x8: row loads, 16 shufps, 16 x 16-byte stores (Tessera's tile)", t8_halves, 1},
	{"AVX2 8x8: row loads, 16 shufps, 8 lane permutes, 8 x 32-byte stores", t8_classic, 1},
	{"AVX2 8x8: lane-paired loads, 16 shufps, 8 x 32-byte stores", t8_ins, 1},
	{"AVX2 16x8: lane-paired loads, whole 64-byte lines by two stores", t8_ins_lines, 1},
	{"AVX-512 16x16: quarter loads, 32 shufps, 16 x 64-byte stores", t16_ins, 1},
};
enum { NV = sizeof vs / sizeof vs[0] };

int main(int argc, char **argv) {
	int trials = argc > 1 ? atoi(argv[1]) : 2001;
	if (trials < 1) {
		fprintf(stderr, "usage: %s [trials], trials >= 1\n", argv[0]);
		return 2;
	}
	// Four page-aligned buffers, as in the benchmark: the transposes' source
	// and destination, the copies' own.
	float *s = aligned_alloc(4096, N * N * 4), *d = aligned_alloc(4096, N * N * 4);
	float *cs = aligned_alloc(4096, N * N * 4), *cd = aligned_alloc(4096, N * N * 4);
	float *ref = malloc(N * N * 4);
	for (int i = 0; i < N * N; i++)
		s[i] = cs[i] = (float)i;
	scalar(ref, s);
	for (int v = 0; v < NV; v++) {
		if (!vs[v].transpose)
			continue;
		memset(d, 0, N * N * 4);
		vs[v].f(d, s);
		if (memcmp(d, ref, N * N * 4) != 0) {
			fprintf(stderr, "%s: wrong result\n", vs[v].name);
			return 1;
		}
	}
	double *t = calloc((size_t)NV * trials, sizeof(double));
	double *ratio = calloc((size_t)NV * trials, sizeof(double));
	double *gratio = calloc((size_t)NV * trials, sizeof(double));
	for (int k = 0; k < trials; k++) {
		for (int v = 0; v < NV; v++) {
			float *dd = vs[v].transpose ? d : cd;
			const float *ss = vs[v].transpose ? s : cs;
			double t0 = now();
			for (int r = 0; r < REPS; r++) {
				vs[v].f(dd, ss);
				__asm__ volatile("" ::: "memory");
			}
			t[v * trials + k] = (now() - t0) / REPS;
		}
		for (int v = 0; v < NV; v++) {
			ratio[v * trials + k] = t[v * trials + k] / t[0 * trials + k];
			gratio[v * trials + k] = t[v * trials + k] / t[1 * trials + k];
		}
	}
	printf("| kernel, float32 [64,64] hot in L1 | ns a call (median; quartiles) | x memcpy | x the copy()-shaped loop |\n|---|---:|---:|---:|\n");
	for (int v = 0; v < NV; v++) {
		qsort(t + v * trials, trials, sizeof(double), cmp);
		qsort(ratio + v * trials, trials, sizeof(double), cmp);
		qsort(gratio + v * trials, trials, sizeof(double), cmp);
		double *x = t + v * trials;
		printf("| %s | %.0f (%.0f-%.0f) | %.2f | %.2f |\n", vs[v].name, x[trials / 2], x[trials / 4], x[3 * trials / 4],
		       ratio[v * trials + trials / 2], gratio[v * trials + trials / 2]);
	}
	return 0;
}
