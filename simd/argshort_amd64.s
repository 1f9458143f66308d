//go:build amd64 && !purego

#include "textflag.h"

// The short-row arg kernels (AVX-512) find the first index of each row's
// extreme in one pass over the row and a short search: the pass folds
// each block of four vectors into the lanes' best by OP (VMAXPS, VMINPS;
// VMAXPD, VMINPD), then the vectors after the blocks one at a time, and
// keeps, in each lane, the index of the block (its first element) where
// the lane's best last rose strictly (CMP with BETTER: GT_OQ for Max,
// LT_OQ for Min; -0 and +0 are equal), the lanes past the row's end
// holding FILL (-Inf for Max, +Inf for Min, which can be the extreme only
// where every element is it). It gathers in K2 whether a lane met a NaN.
// The halving then spreads the extreme over every lane; the first block
// holding it is the least index of the lanes whose best equals it (for
// rows of more than one block), and the search from there (EQ_OQ, four
// vectors with one branch, then the vector that holds it, K3-K6) finds
// its first element, from L1. A row holding a NaN is searched from its
// start for the first unordered lane instead: NumPy's argmax and argmin.
// Rows of n elements (1 <= n < 2^31), stride bytes apart (DX), rows of
// them (BX), the indices to idx (DI). K1 holds tail, the lanes of the
// row's last partial vector (none when n is a multiple of W, the lanes
// of a vector).
//
// The row loop and the loops of the pass and of the search start on 32-byte
// boundaries (PCALIGN): on short rows, whose time goes mostly to their
// branches, the loops' placement alone moved the kernel's speed by up to
// half (figures in BENCHMARKS.md).
//
// Registers: SI the row, R8 the pointer within it, R9 the elements left,
// R10 the index of the vector at R8; Z0 the lanes' best, Z1 FILL in every
// lane, Z2 and Z7-Z9 vectors of the row, Z3 the index of the block at R8
// in every lane, Z4 the block of each lane's best, Z5 and Z6 4*W and W in
// every lane (the steps of Z3), Z10-Z12 the first block's search.

// ARGSHORT is a kernel's body: W lanes of S bytes; BCAST broadcasts FILL;
// CMP, OP and MOV the compare, fold and move of the element type, BETTER
// the predicate of CMP by which a lane's best rises; IBCAST, IADD and
// IMOV the broadcast, add and masked move of indices as wide as the
// elements; HALVE spreads the extreme of Z0 over its lanes and FIRST puts
// the least index of Z11's lanes in R10.
#define ARGSHORT(W, S, FILL, BCAST, CMP, OP, MOV, BETTER, IBCAST, IADD, IMOV, HALVE, FIRST) \
	MOVQ idx+0(FP), DI; \
	MOVQ x+8(FP), SI; \
	MOVQ stride+16(FP), DX; \
	MOVQ rows+24(FP), BX; \
	MOVQ n+32(FP), CX; \
	MOVQ tail+40(FP), R11; \
	KMOVW R11, K1; \
	MOVQ $FILL, AX; \
	MOVQ AX, X1; \
	BCAST X1, Z1; \
	MOVQ $(4*W), AX; \
	MOVQ AX, X5; \
	IBCAST X5, Z5; \
	TESTQ BX, BX; \
	JZ done; \
	PCALIGN $32; \
row: \
	MOVQ SI, R8; \
	MOVQ CX, R9; \
	MOV Z1, Z0; \
	KXORW K2, K2, K2; \
	CMPQ R9, $(4*W); \
	JB fold; \
	VPXORD Z3, Z3, Z3; \
	VPXORD Z4, Z4, Z4; \
fold4: \
	CMPQ R9, $(4*W); \
	JB blocked; \
	MOV (R8), Z2; \
	MOV (W*S)(R8), Z7; \
	MOV (2*W*S)(R8), Z8; \
	MOV (3*W*S)(R8), Z9; \
	CMP $3, Z7, Z2, K3; \
	CMP $3, Z9, Z8, K4; \
	KORW K3, K2, K2; \
	KORW K4, K2, K2; \
	OP Z7, Z2, Z2; \
	OP Z9, Z8, Z8; \
	OP Z8, Z2, Z2; \
	CMP $BETTER, Z0, Z2, K5; \
	OP Z2, Z0, Z0; \
	IMOV Z3, K5, Z4; \
	IADD Z5, Z3, Z3; \
	ADDQ $(4*W*S), R8; \
	SUBQ $(4*W), R9; \
	JMP fold4; \
blocked: \
	MOV Z0, Z10; \
	PCALIGN $32; \
fold: \
	CMPQ R9, $W; \
	JB foldtail; \
	MOV (R8), Z2; \
	CMP $3, Z2, Z2, K3; \
	KORW K3, K2, K2; \
	OP Z2, Z0, Z0; \
	ADDQ $(W*S), R8; \
	SUBQ $W, R9; \
	JMP fold; \
foldtail: \
	TESTQ R9, R9; \
	JZ folded; \
	MOV Z1, Z2; \
	MOV (R8), K1, Z2; \
	CMP $3, Z2, Z2, K3; \
	KORW K3, K2, K2; \
	OP Z2, Z0, Z0; \
folded: \
	MOVQ SI, R8; \
	MOVQ CX, R9; \
	XORQ R10, R10; \
	KORTESTW K2, K2; \
	JNZ nan; \
	HALVE; \
	CMPQ CX, $(64*W); \
	JB find4; \
	CMP $0, Z0, Z10, K3; \
	KORTESTW K3, K3; \
	JZ rest; \
	VPTERNLOGD $0xff, Z11, Z11, Z11; \
	IMOV Z4, K3, Z11; \
	FIRST; \
	JMP from; \
rest: \
	MOVQ CX, R10; \
	ANDQ $-(4*W), R10; \
from: \
	SUBQ R10, R9; \
	LEAQ (R8)(R10*S), R8; \
	PCALIGN $32; \
find4: \
	CMPQ R9, $(4*W); \
	JB find; \
	CMP $0, (R8), Z0, K3; \
	CMP $0, (W*S)(R8), Z0, K4; \
	CMP $0, (2*W*S)(R8), Z0, K5; \
	CMP $0, (3*W*S)(R8), Z0, K6; \
	KORW K3, K4, K4; \
	KORW K5, K6, K6; \
	KORTESTW K4, K6; \
	JNZ find; \
	ADDQ $(4*W*S), R8; \
	ADDQ $(4*W), R10; \
	SUBQ $(4*W), R9; \
	JMP find4; \
	PCALIGN $32; \
find: \
	CMPQ R9, $W; \
	JB findtail; \
	CMP $0, (R8), Z0, K3; \
	KORTESTW K3, K3; \
	JNZ found; \
	ADDQ $(W*S), R8; \
	ADDQ $W, R10; \
	SUBQ $W, R9; \
	JMP find; \
findtail: \
	MOV Z1, Z2; \
	MOV (R8), K1, Z2; \
	CMP $0, Z2, Z0, K1, K3; \
	JMP found; \
nan: \
	CMPQ R9, $W; \
	JB nantail; \
	MOV (R8), Z2; \
	CMP $3, Z2, Z2, K3; \
	KORTESTW K3, K3; \
	JNZ found; \
	ADDQ $(W*S), R8; \
	ADDQ $W, R10; \
	SUBQ $W, R9; \
	JMP nan; \
nantail: \
	MOV Z1, Z2; \
	MOV (R8), K1, Z2; \
	CMP $3, Z2, Z2, K1, K3; \
found: \
	KMOVW K3, AX; \
	BSFL AX, AX; \
	ADDQ R10, AX; \
	MOVQ AX, (DI); \
	ADDQ $8, DI; \
	ADDQ DX, SI; \
	DECQ BX; \
	JNZ row; \
done: \
	VZEROUPPER; \
	RET

// HALVE32 and HALVE64 spread OP of Z0's lanes over all of them.
#define HALVE32(OP) \
	VSHUFF32X4 $0x4e, Z0, Z0, Z2; \
	OP Z2, Z0, Z0; \
	VSHUFF32X4 $0xb1, Z0, Z0, Z2; \
	OP Z2, Z0, Z0; \
	VPERMILPS $0x4e, Z0, Z2; \
	OP Z2, Z0, Z0; \
	VPERMILPS $0xb1, Z0, Z2; \
	OP Z2, Z0, Z0

#define HALVE64(OP) \
	VSHUFF64X2 $0x4e, Z0, Z0, Z2; \
	OP Z2, Z0, Z0; \
	VSHUFF64X2 $0xb1, Z0, Z0, Z2; \
	OP Z2, Z0, Z0; \
	VPERMILPD $0x55, Z0, Z2; \
	OP Z2, Z0, Z0

// FIRST32 and FIRST64 put the least (unsigned) of Z11's lanes in R10.
#define FIRST32 \
	VSHUFI32X4 $0x4e, Z11, Z11, Z12; \
	VPMINUD Z12, Z11, Z11; \
	VSHUFI32X4 $0xb1, Z11, Z11, Z12; \
	VPMINUD Z12, Z11, Z11; \
	VPSHUFD $0x4e, Z11, Z12; \
	VPMINUD Z12, Z11, Z11; \
	VPSHUFD $0xb1, Z11, Z12; \
	VPMINUD Z12, Z11, Z11; \
	VMOVD X11, R10

#define FIRST64 \
	VSHUFI64X2 $0x4e, Z11, Z11, Z12; \
	VPMINUQ Z12, Z11, Z11; \
	VSHUFI64X2 $0xb1, Z11, Z11, Z12; \
	VPMINUQ Z12, Z11, Z11; \
	VPSHUFD $0x4e, Z11, Z12; \
	VPMINUQ Z12, Z11, Z11; \
	VMOVQ X11, R10

// -Inf and +Inf, in the low bits for float32.
#define NEGINF32 0xff800000
#define POSINF32 0x7f800000
#define NEGINF64 0xfff0000000000000
#define POSINF64 0x7ff0000000000000

// func argShortMax32AVX512(idx *int, x *float32, stride, rows, n, tail int)
TEXT ·argShortMax32AVX512(SB), NOSPLIT, $0-48
	ARGSHORT(16, 4, NEGINF32, VPBROADCASTD, VCMPPS, VMAXPS, VMOVUPS, 0x1e, VPBROADCASTD, VPADDD, VMOVDQA32, HALVE32(VMAXPS), FIRST32)

// func argShortMin32AVX512(idx *int, x *float32, stride, rows, n, tail int)
TEXT ·argShortMin32AVX512(SB), NOSPLIT, $0-48
	ARGSHORT(16, 4, POSINF32, VPBROADCASTD, VCMPPS, VMINPS, VMOVUPS, 0x11, VPBROADCASTD, VPADDD, VMOVDQA32, HALVE32(VMINPS), FIRST32)

// func argShortMax64AVX512(idx *int, x *float64, stride, rows, n, tail int)
TEXT ·argShortMax64AVX512(SB), NOSPLIT, $0-48
	ARGSHORT(8, 8, NEGINF64, VPBROADCASTQ, VCMPPD, VMAXPD, VMOVUPD, 0x1e, VPBROADCASTQ, VPADDQ, VMOVDQA64, HALVE64(VMAXPD), FIRST64)

// func argShortMin64AVX512(idx *int, x *float64, stride, rows, n, tail int)
TEXT ·argShortMin64AVX512(SB), NOSPLIT, $0-48
	ARGSHORT(8, 8, POSINF64, VPBROADCASTQ, VCMPPD, VMINPD, VMOVUPD, 0x11, VPBROADCASTQ, VPADDQ, VMOVDQA64, HALVE64(VMINPD), FIRST64)
