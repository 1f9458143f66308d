//go:build amd64 && !purego

#include "textflag.h"

// The short-row arg kernels (AVX-512) find the first index of each row's
// extreme in two passes over the row, which a short row makes cheap (the
// second reads it from L1): the first folds the row into a register by
// OP (VMAXPS, VMINPS; VMAXPD, VMINPD), the lanes past the row's end
// holding FILL (-Inf for Max, +Inf for Min, which can be the extreme only
// where every element is it), and gathers in K2 whether a lane met a NaN;
// the halving then spreads the extreme over every lane. The second pass
// finds the first lane equal to it (EQ_OQ: -0 equals +0), testing four
// vectors with one branch and then the vector that holds it (K3-K6), or,
// when the row holds a NaN, the first unordered lane: NumPy's argmax and
// argmin. Rows of n elements (n >= 1), stride bytes apart (DX), rows of
// them (BX), the indices to idx (DI). K1 holds tail, the lanes of the
// row's last partial vector (none when n is a multiple of W, the lanes of
// a vector).
//
// Registers: SI the row, R8 the pointer within it, R9 the elements left,
// R10 the index of the vector at R8; Z0 the fold, Z1 FILL in every lane,
// Z2 a vector of the row.

// ARGSHORT is a kernel's body: W lanes of S bytes; BCAST broadcasts FILL;
// CMP, OP and MOV the compare, fold and move of the element type; HALVE
// spreads the extreme of Z0 over its lanes.
#define ARGSHORT(W, S, FILL, BCAST, CMP, OP, MOV, HALVE) \
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
	TESTQ BX, BX; \
	JZ done; \
row: \
	MOVQ SI, R8; \
	MOVQ CX, R9; \
	MOV Z1, Z0; \
	KXORW K2, K2, K2; \
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

// -Inf and +Inf, in the low bits for float32.
#define NEGINF32 0xff800000
#define POSINF32 0x7f800000
#define NEGINF64 0xfff0000000000000
#define POSINF64 0x7ff0000000000000

// func argShortMax32AVX512(idx *int, x *float32, stride, rows, n, tail int)
TEXT ·argShortMax32AVX512(SB), NOSPLIT, $0-48
	ARGSHORT(16, 4, NEGINF32, VPBROADCASTD, VCMPPS, VMAXPS, VMOVUPS, HALVE32(VMAXPS))

// func argShortMin32AVX512(idx *int, x *float32, stride, rows, n, tail int)
TEXT ·argShortMin32AVX512(SB), NOSPLIT, $0-48
	ARGSHORT(16, 4, POSINF32, VPBROADCASTD, VCMPPS, VMINPS, VMOVUPS, HALVE32(VMINPS))

// func argShortMax64AVX512(idx *int, x *float64, stride, rows, n, tail int)
TEXT ·argShortMax64AVX512(SB), NOSPLIT, $0-48
	ARGSHORT(8, 8, NEGINF64, VPBROADCASTQ, VCMPPD, VMAXPD, VMOVUPD, HALVE64(VMAXPD))

// func argShortMin64AVX512(idx *int, x *float64, stride, rows, n, tail int)
TEXT ·argShortMin64AVX512(SB), NOSPLIT, $0-48
	ARGSHORT(8, 8, POSINF64, VPBROADCASTQ, VCMPPD, VMINPD, VMOVUPD, HALVE64(VMINPD))
