// take-lab.c: the ceiling of gathering whole rows at random (issue 52's
// row Take), one core, AVX-512.
//
// out[i,:] = x[idx[i],:] for a float32 [R,C] matrix x and R random row
// indices (repeats allowed, as in ops' BenchmarkMask), against a copy of the
// same bytes from one contiguous buffer. Strategies for the gather:
//
//   memcpy      glibc's memcpy per row
//   nt          64-byte loads, non-temporal stores, one row after the other
//   nt+pf D     as nt, and each line of row i+D prefetched while row i is
//               copied (software prefetch of rows known in advance)
//   nt x2       two rows copied in one loop, their lines interleaved (two
//               read streams in flight)
//   nt+sfence   as nt, with an SFENCE after each row (as a kernel that
//               fences before it returns)
//   nt x2+pf    as nt x2, and the first KiB of the next pair prefetched
//   nt xK       K = 4 and 8 rows interleaved
//
//     gcc -O3 -march=icelake-server -o take-lab take-lab.c && ./take-lab 4096 4096
//
// The matrix and the destination are allocated with mmap; a third argument
// "huge" advises 2 MiB pages on both before they are first touched.
#define _GNU_SOURCE
#include <immintrin.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

static double now(void) {
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + 1e-9 * t.tv_nsec;
}

static int huge;

static void *alloc(size_t n) {
	void *p = mmap(0, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED) {
		perror("mmap");
		exit(1);
	}
	if (huge)
		madvise(p, n, MADV_HUGEPAGE);
	memset(p, 1, n);
	return p;
}

// ntrow copies n bytes (a multiple of 256) with non-temporal stores.
static inline void ntrow(char *d, const char *s, size_t n) {
	for (size_t j = 0; j < n; j += 256) {
		__m512i a = _mm512_loadu_si512(s + j), b = _mm512_loadu_si512(s + j + 64);
		__m512i c = _mm512_loadu_si512(s + j + 128), e = _mm512_loadu_si512(s + j + 192);
		_mm512_stream_si512((void *)(d + j), a);
		_mm512_stream_si512((void *)(d + j + 64), b);
		_mm512_stream_si512((void *)(d + j + 128), c);
		_mm512_stream_si512((void *)(d + j + 192), e);
	}
}

// ntrowpf is ntrow with each 256 bytes' four lines of p prefetched; p
// advances as fast as s and covers pn bytes.
static inline void ntrowpf(char *d, const char *s, size_t n, const char *p, size_t pn) {
	for (size_t j = 0; j < n; j += 256) {
		if (j < pn)
			for (int q = 0; q < 256; q += 64)
				_mm_prefetch(p + j + q, _MM_HINT_T0);
		ntrow(d + j, s + j, 256);
	}
}

int main(int argc, char **argv) {
	size_t R = argc > 1 ? atol(argv[1]) : 4096, C = argc > 2 ? atol(argv[2]) : 4096;
	huge = argc > 3 && !strcmp(argv[3], "huge");
	size_t row = C * 4, total = R * row;
	char *x = alloc(total), *out = alloc(total), *src = alloc(total);
	int *idx = malloc(R * sizeof(int));
	srand(52);
	for (size_t i = 0; i < R; i++)
		idx[i] = rand() % R;
	const int reps = 15;
	for (int strat = 0; strat < 13; strat++) {
		double best[2] = {1e9, 1e9}; // gather, contiguous copy
		for (int r = 0; r < reps; r++) {
			double t0 = now();
			switch (strat) {
			case 0:
				for (size_t i = 0; i < R; i++)
					memcpy(out + i * row, x + idx[i] * row, row);
				break;
			case 1:
				for (size_t i = 0; i < R; i++)
					ntrow(out + i * row, x + idx[i] * row, row);
				break;
			case 2: case 3: case 4: case 5: case 6: {
				// prefetch distance in rows (2..3), or the first part of
				// the next row only (4: 1 KiB, 5: 4 KiB, 6: whole at D=1)
				size_t D = strat == 3 ? 2 : 1, pn = row;
				if (strat == 4)
					pn = 1024;
				if (strat == 5)
					pn = 4096;
				if (strat == 6)
					D = 4, pn = 1024;
				for (size_t i = 0; i < R; i++) {
					const char *p = i + D < R ? x + idx[i + D] * row : x;
					ntrowpf(out + i * row, x + idx[i] * row, row, p, i + D < R ? pn : 0);
				}
				break;
			}
			case 7:
				for (size_t i = 0; i + 1 < R; i += 2) {
					const char *s0 = x + idx[i] * row, *s1 = x + idx[i + 1] * row;
					char *d0 = out + i * row, *d1 = d0 + row;
					for (size_t j = 0; j < row; j += 256) {
						ntrow(d0 + j, s0 + j, 256);
						ntrow(d1 + j, s1 + j, 256);
					}
				}
				break;
			case 9:
				for (size_t i = 0; i < R; i++) {
					ntrow(out + i * row, x + idx[i] * row, row);
					_mm_sfence();
				}
				break;
			case 10:
				for (size_t i = 0; i + 1 < R; i += 2) {
					const char *s0 = x + idx[i] * row, *s1 = x + idx[i + 1] * row;
					const char *p0 = i + 3 < R ? x + idx[i + 2] * row : x, *p1 = i + 3 < R ? x + idx[i + 3] * row : x;
					char *d0 = out + i * row, *d1 = d0 + row;
					for (size_t j = 0; j < row; j += 256) {
						if (j < 1024) {
							for (int q = 0; q < 256; q += 64) {
								_mm_prefetch(p0 + j + q, _MM_HINT_T0);
								_mm_prefetch(p1 + j + q, _MM_HINT_T0);
							}
						}
						ntrow(d0 + j, s0 + j, 256);
						ntrow(d1 + j, s1 + j, 256);
					}
				}
				break;
			case 11: case 12: {
				size_t K = strat == 11 ? 4 : 8, i = 0;
				for (; i + K <= R; i += K) {
					const char *sk[8];
					for (size_t k = 0; k < K; k++)
						sk[k] = x + idx[i + k] * row;
					char *d0 = out + i * row;
					for (size_t j = 0; j < row; j += 256)
						for (size_t k = 0; k < K; k++)
							ntrow(d0 + k * row + j, sk[k] + j, 256);
				}
				for (; i < R; i++)
					ntrow(out + i * row, x + idx[i] * row, row);
				break;
			}
			case 8:
				for (size_t i = 0; i < R; i++)
					memcpy(out + i * row, x + idx[i] * row, row);
				break;
			}
			double t1 = now();
			if (strat == 8)
				memcpy(out, src, total);
			else
				ntrow(out, src, total);
			double t2 = now();
			if (t1 - t0 < best[0])
				best[0] = t1 - t0;
			if (t2 - t1 < best[1])
				best[1] = t2 - t1;
		}
		static const char *names[] = {"memcpy", "nt", "nt+pf 1", "nt+pf 2", "nt+pf 1 (1 KiB)",
			"nt+pf 1 (4 KiB)", "nt+pf 4 (1 KiB)", "nt x2", "memcpy vs memcpy", "nt+sfence", "nt x2+pf", "nt x4", "nt x8"};
		double g = 2.0 * total / best[0] / 1e9, c = 2.0 * total / best[1] / 1e9;
		printf("%-18s gather %6.2f GB/s  copy %6.2f GB/s  ratio %.2f\n", names[strat], g, c, g / c);
	}
	return 0;
}
