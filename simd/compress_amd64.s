//go:build amd64 && !purego

#include "textflag.h"

// The compress kernels: for each vector of x, the vector's mask bytes are
// widened to lanes and tested, the selected lanes are moved to the front
// of a register (VPCOMPRESSD/Q; AVX2: VPERMD by a permutation from a
// table), the whole register is stored at dst+k, and k advances by the
// number selected (POPCNT), so the next store overwrites the lanes past
// them. Compressing into a register and storing it whole avoids the
// compressing store to memory, which some CPUs run slowly. n is a
// multiple of the vector's lanes; dst has room for n elements.
//
// Registers: DI dst, SI x, DX mask, CX n, AX i, BX k, R8 the mask bits.

// COMPRESS is every kernel: LOAD sets up any register it needs, ONE
// compresses the vector at element AX into R8's count and stores it at
// element BX; W is the vector's lanes.
#define COMPRESS(LOAD, ONE, W) \
	MOVQ dst+0(FP), DI; \
	MOVQ x+8(FP), SI; \
	MOVQ mask+16(FP), DX; \
	MOVQ n+24(FP), CX; \
	LOAD; \
	XORQ AX, AX; \
	XORQ BX, BX; \
loop: \
	CMPQ AX, CX; \
	JAE done; \
	ONE; \
	POPCNTL R8, R8; \
	ADDQ R8, BX; \
	ADDQ $W, AX; \
	JMP loop; \
done: \
	VZEROUPPER; \
	MOVQ BX, ret+32(FP); \
	RET

// ONEZ: the mask bytes widened (WIDEN) and tested (TEST) into K1, x
// compressed (COMP) into Z2 and stored (MOV), K1's bits into R8.
#define ONEZ(WIDEN, TEST, MOV, COMP, S) \
	WIDEN (DX)(AX*1), Z0; \
	TEST Z0, Z0, K1; \
	MOV (SI)(AX*S), Z1; \
	COMP Z1, K1, Z2; \
	MOV Z2, (DI)(BX*S); \
	KMOVW K1, R8

// ONEY: the mask bytes widened into Y0 and shifted into the lanes' sign
// bits (SHIFT), their bits (MSK) into R8, which picks the permutation from the
// table at R9 (32 bytes each), applied to x by VPERMD and stored.
#define ONEY(WIDEN, SHIFT, MSK, S) \
	WIDEN (DX)(AX*1), Y0; \
	SHIFT; \
	MSK Y0, R8; \
	MOVQ R8, R10; \
	SHLQ $5, R10; \
	VMOVDQU (R9)(R10*1), Y3; \
	VPERMD (SI)(AX*S), Y3, Y2; \
	VMOVDQU Y2, (DI)(BX*S)

#define NOLOAD MOVQ $0, R9
#define PERM8 LEAQ ·perm8(SB), R9
#define PERM4 LEAQ ·perm4(SB), R9
#define SHIFT31 VPSLLD $31, Y0, Y0
#define SHIFT63 VPSLLQ $63, Y0, Y0

// func compress32AVX512(dst, x *uint32, mask *bool, n int) int
TEXT ·compress32AVX512(SB), NOSPLIT, $0-40
	COMPRESS(NOLOAD, ONEZ(VPMOVZXBD, VPTESTMD, VMOVDQU32, VPCOMPRESSD.Z, 4), 16)

// func compress64AVX512(dst, x *uint64, mask *bool, n int) int
TEXT ·compress64AVX512(SB), NOSPLIT, $0-40
	COMPRESS(NOLOAD, ONEZ(VPMOVZXBQ, VPTESTMQ, VMOVDQU64, VPCOMPRESSQ.Z, 8), 8)

// func compress32AVX2(dst, x *uint32, mask *bool, n int) int
TEXT ·compress32AVX2(SB), NOSPLIT, $0-40
	COMPRESS(PERM8, ONEY(VPMOVZXBD, SHIFT31, VMOVMSKPS, 4), 8)

// func compress64AVX2(dst, x *uint64, mask *bool, n int) int
TEXT ·compress64AVX2(SB), NOSPLIT, $0-40
	COMPRESS(PERM4, ONEY(VPMOVZXBQ, SHIFT63, VMOVMSKPD, 8), 4)
