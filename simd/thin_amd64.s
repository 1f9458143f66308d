//go:build amd64 && !purego

#include "textflag.h"

// The thin transposes (thin.go), two per element size: PERM permutes
// elements of that size (VPERMB needs AVX512_VBMI, VPERMW and the byte and
// word moves AVX512BW), KMOV loads a mask of one bit per lane, STORE
// stores an output, END fences the NT kernels' stores. For each block,
// each output vector is assembled by masked permutes (PERM) of the source
// vectors its code names, into two zeroed registers in turn (Z0 and Z2,
// so that each permute waits for the one two before it, not the one
// before) whose lanes are disjoint and ORed, and stored.
//
// Registers: DI and SI the block's destination and source, CX the blocks
// left, BX and DX the program's indices and code, R12 and R13 the byte
// scales of source vectors and outputs, R8 the code and R9 the indices
// read, R10 the outputs and R11 the entries left, AX an offset.

// The stores: under the output's store mask, or (the NT kernels) whole
// and non-temporal, to a 64-byte aligned vector.
#define MSTORE8 KMOVQ 8(R8), K2; VMOVDQU8 Z0, K2, (DI)(AX*1)
#define MSTORE16 KMOVD 8(R8), K2; VMOVDQU16 Z0, K2, (DI)(AX*1)
#define MSTORE32 KMOVW 8(R8), K2; VMOVDQU32 Z0, K2, (DI)(AX*1)
#define MSTORE64 KMOVW 8(R8), K2; VMOVDQU64 Z0, K2, (DI)(AX*1)
#define NTSTORE VMOVNTDQ Z0, (DI)(AX*1)
#define NOFENCE
#define FENCE SFENCE

// THINARGS loads the arguments every thin kernel keeps in registers.
#define THINARGS \
	MOVQ dst+0(FP), DI; \
	MOVQ src+8(FP), SI; \
	MOVQ blocks+16(FP), CX; \
	MOVQ inScale+40(FP), R12; \
	MOVQ outScale+48(FP), R13; \
	MOVQ idx+64(FP), BX; \
	MOVQ code+72(FP), DX

#define THIN(PERM, KMOV, STORE, END) \
	THINARGS; \
	TESTQ CX, CX; \
	JLE done; \
block: \
	MOVQ DX, R8; \
	MOVQ BX, R9; \
	MOVQ outs+56(FP), R10; \
out: \
	VMOVDQU64 (R9), Z1; \
	VPXORQ Z0, Z0, Z0; \
	VPXORQ Z2, Z2, Z2; \
	MOVQ (R8), R11; \
	ADDQ $8, R8; \
	CMPQ R11, $2; \
	JLT one; \
pair: \
	MOVQ (R8), AX; \
	IMULQ R12, AX; \
	KMOV 8(R8), K1; \
	PERM (SI)(AX*1), Z1, K1, Z0; \
	MOVQ 16(R8), AX; \
	IMULQ R12, AX; \
	KMOV 24(R8), K3; \
	PERM (SI)(AX*1), Z1, K3, Z2; \
	ADDQ $32, R8; \
	SUBQ $2, R11; \
	CMPQ R11, $2; \
	JGE pair; \
one: \
	TESTQ R11, R11; \
	JZ merged; \
	MOVQ (R8), AX; \
	IMULQ R12, AX; \
	KMOV 8(R8), K1; \
	PERM (SI)(AX*1), Z1, K1, Z0; \
	ADDQ $16, R8; \
merged: \
	VPORQ Z2, Z0, Z0; \
	MOVQ (R8), AX; \
	IMULQ R13, AX; \
	STORE; \
	ADDQ $16, R8; \
	ADDQ $64, R9; \
	DECQ R10; \
	JNZ out; \
	ADDQ dstep+24(FP), DI; \
	ADDQ sstep+32(FP), SI; \
	DECQ CX; \
	JNZ block; \
done: \
	END; \
	VZEROUPPER; \
	RET

// func thin8AVX512(dst, src unsafe.Pointer, blocks, dstep, sstep, inScale, outScale, outs int, idx unsafe.Pointer, code *int64)
TEXT ·thin8AVX512(SB), NOSPLIT, $0-80
	THIN(VPERMB, KMOVQ, MSTORE8, NOFENCE)

// func thin16AVX512(dst, src unsafe.Pointer, blocks, dstep, sstep, inScale, outScale, outs int, idx unsafe.Pointer, code *int64)
TEXT ·thin16AVX512(SB), NOSPLIT, $0-80
	THIN(VPERMW, KMOVD, MSTORE16, NOFENCE)

// func thin32AVX512(dst, src unsafe.Pointer, blocks, dstep, sstep, inScale, outScale, outs int, idx unsafe.Pointer, code *int64)
TEXT ·thin32AVX512(SB), NOSPLIT, $0-80
	THIN(VPERMPS, KMOVW, MSTORE32, NOFENCE)

// func thin64AVX512(dst, src unsafe.Pointer, blocks, dstep, sstep, inScale, outScale, outs int, idx unsafe.Pointer, code *int64)
TEXT ·thin64AVX512(SB), NOSPLIT, $0-80
	THIN(VPERMPD, KMOVW, MSTORE64, NOFENCE)

// func thin8AVX512NT(dst, src unsafe.Pointer, blocks, dstep, sstep, inScale, outScale, outs int, idx unsafe.Pointer, code *int64)
TEXT ·thin8AVX512NT(SB), NOSPLIT, $0-80
	THIN(VPERMB, KMOVQ, NTSTORE, FENCE)

// func thin16AVX512NT(dst, src unsafe.Pointer, blocks, dstep, sstep, inScale, outScale, outs int, idx unsafe.Pointer, code *int64)
TEXT ·thin16AVX512NT(SB), NOSPLIT, $0-80
	THIN(VPERMW, KMOVD, NTSTORE, FENCE)

// func thin32AVX512NT(dst, src unsafe.Pointer, blocks, dstep, sstep, inScale, outScale, outs int, idx unsafe.Pointer, code *int64)
TEXT ·thin32AVX512NT(SB), NOSPLIT, $0-80
	THIN(VPERMPS, KMOVW, NTSTORE, FENCE)

// func thin64AVX512NT(dst, src unsafe.Pointer, blocks, dstep, sstep, inScale, outScale, outs int, idx unsafe.Pointer, code *int64)
TEXT ·thin64AVX512NT(SB), NOSPLIT, $0-80
	THIN(VPERMPD, KMOVW, NTSTORE, FENCE)

// func thin32AVX2(dst, src unsafe.Pointer, blocks, dstep, sstep, inScale, outScale, outs int, idx unsafe.Pointer, code *int64)
//
// THIN's loop with 32-byte vectors and no mask registers: idx is the
// program's vecs (maskStream), which R9 walks: each output's indices, then
// each entry's mask vector, which clears the lanes of its permute (VPERMD)
// that the entry does not give, before it is ORed into Y0 or Y2, then the
// store mask. An output with a whole store mask (0xff in the code) is
// stored whole, any other under VPMASKMOVD.
TEXT ·thin32AVX2(SB), NOSPLIT, $0-80
	THINARGS
	TESTQ CX, CX
	JLE a2done

a2block:
	MOVQ DX, R8
	MOVQ BX, R9
	MOVQ outs+56(FP), R10

a2out:
	VMOVDQU (R9), Y1
	ADDQ $32, R9
	VPXOR Y0, Y0, Y0
	VPXOR Y2, Y2, Y2
	MOVQ (R8), R11
	ADDQ $8, R8
	CMPQ R11, $2
	JLT a2one

a2pair:
	MOVQ (R8), AX
	IMULQ R12, AX
	VPERMD (SI)(AX*1), Y1, Y3
	VPAND (R9), Y3, Y3
	VPOR Y3, Y0, Y0
	MOVQ 16(R8), AX
	IMULQ R12, AX
	VPERMD (SI)(AX*1), Y1, Y5
	VPAND 32(R9), Y5, Y5
	VPOR Y5, Y2, Y2
	ADDQ $32, R8
	ADDQ $64, R9
	SUBQ $2, R11
	CMPQ R11, $2
	JGE a2pair

a2one:
	TESTQ R11, R11
	JZ a2merged
	MOVQ (R8), AX
	IMULQ R12, AX
	VPERMD (SI)(AX*1), Y1, Y3
	VPAND (R9), Y3, Y3
	VPOR Y3, Y0, Y0
	ADDQ $16, R8
	ADDQ $32, R9

a2merged:
	VPOR Y2, Y0, Y0
	MOVQ (R8), AX
	IMULQ R13, AX
	CMPQ 8(R8), $0xff
	JNE a2masked
	VMOVDQU Y0, (DI)(AX*1)
	JMP a2stored

a2masked:
	VMOVDQU (R9), Y4
	VPMASKMOVD Y0, Y4, (DI)(AX*1)

a2stored:
	ADDQ $16, R8
	ADDQ $32, R9
	DECQ R10
	JNZ a2out
	ADDQ dstep+24(FP), DI
	ADDQ sstep+32(FP), SI
	DECQ CX
	JNZ a2block

a2done:
	VZEROUPPER
	RET

// func thin8AVX2(dst, src unsafe.Pointer, blocks, dstep, sstep, inScale, outScale, outs int, idx unsafe.Pointer, code *int64)
//
// The AVX2 thin transpose of 1- and 2-byte elements: idx is the program's
// vecs (shuffleStream), which R9 walks, two index vectors an entry. Each
// entry's source vector (Y3) and the same with its halves swapped (Y4,
// VPERMQ) are shuffled with VPSHUFB, which zeroes the bytes the entry does
// not give, and ORed into Y0 and Y2. Every output is stored whole.
TEXT ·thin8AVX2(SB), NOSPLIT, $0-80
	THINARGS
	TESTQ CX, CX
	JLE b2done

b2block:
	MOVQ DX, R8
	MOVQ BX, R9
	MOVQ outs+56(FP), R10

b2out:
	VPXOR Y0, Y0, Y0
	VPXOR Y2, Y2, Y2
	MOVQ (R8), R11
	ADDQ $8, R8

b2entry:
	MOVQ (R8), AX
	IMULQ R12, AX
	VMOVDQU (SI)(AX*1), Y3
	VPERMQ $0x4e, Y3, Y4
	VPSHUFB (R9), Y3, Y3
	VPSHUFB 32(R9), Y4, Y4
	VPOR Y3, Y0, Y0
	VPOR Y4, Y2, Y2
	ADDQ $16, R8
	ADDQ $64, R9
	DECQ R11
	JNZ b2entry
	VPOR Y2, Y0, Y0
	MOVQ (R8), AX
	IMULQ R13, AX
	VMOVDQU Y0, (DI)(AX*1)
	ADDQ $16, R8
	DECQ R10
	JNZ b2out
	ADDQ dstep+24(FP), DI
	ADDQ sstep+32(FP), SI
	DECQ CX
	JNZ b2block

b2done:
	VZEROUPPER
	RET
