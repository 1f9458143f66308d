//go:build amd64 && !purego

#include "textflag.h"

// The CopyRows kernels copy rows runs of n bytes each, n a multiple of
// 64: run r from x+soff[r] to dst+doff[r]. The runs advance together, 256
// bytes of each in turn while 256 are left, then 64, so that the reads of
// all of them are in flight at once. copyRowsAVX512 and copyRowsAVX2 store
// as usual; copyRowsNTAVX512 and copyRowsNTAVX2 need each doff 64-byte
// aligned in dst, store non-temporally and end with an SFENCE.
//
// Registers: DI dst, SI x, R8 doff, R9 soff, R10 rows, CX n, AX the byte
// offset in every run, R11 n-256, BX the run, DX and R12 the run's source
// and destination.

// ROWS is every CopyRows kernel: CP4 copies 256 bytes and CP1 64 bytes
// from DX to R12 at offset AX; FENCE ends it.
#define ROWS(CP4, CP1, FENCE) \
	MOVQ dst+0(FP), DI; \
	MOVQ x+8(FP), SI; \
	MOVQ doff+16(FP), R8; \
	MOVQ soff+24(FP), R9; \
	MOVQ rows+32(FP), R10; \
	MOVQ n+40(FP), CX; \
	XORQ AX, AX; \
	MOVQ CX, R11; \
	SUBQ $256, R11; \
chunk4: \
	CMPQ AX, R11; \
	JG chunk1; \
	XORQ BX, BX; \
row4: \
	MOVQ (R9)(BX*8), DX; \
	ADDQ SI, DX; \
	MOVQ (R8)(BX*8), R12; \
	ADDQ DI, R12; \
	CP4; \
	INCQ BX; \
	CMPQ BX, R10; \
	JB row4; \
	ADDQ $256, AX; \
	JMP chunk4; \
chunk1: \
	CMPQ AX, CX; \
	JAE done; \
	XORQ BX, BX; \
row1: \
	MOVQ (R9)(BX*8), DX; \
	ADDQ SI, DX; \
	MOVQ (R8)(BX*8), R12; \
	ADDQ DI, R12; \
	CP1; \
	INCQ BX; \
	CMPQ BX, R10; \
	JB row1; \
	ADDQ $64, AX; \
	JMP chunk1; \
done: \
	FENCE; \
	VZEROUPPER; \
	RET

// CP4Z and CP1Z copy with 64-byte vectors, CP4Y and CP1Y with 32-byte
// ones, storing with ST.
#define CP4Z(ST) \
	VMOVDQU64 (DX)(AX*1), Z0; \
	VMOVDQU64 64(DX)(AX*1), Z1; \
	VMOVDQU64 128(DX)(AX*1), Z2; \
	VMOVDQU64 192(DX)(AX*1), Z3; \
	ST Z0, (R12)(AX*1); \
	ST Z1, 64(R12)(AX*1); \
	ST Z2, 128(R12)(AX*1); \
	ST Z3, 192(R12)(AX*1)

#define CP1Z(ST) \
	VMOVDQU64 (DX)(AX*1), Z0; \
	ST Z0, (R12)(AX*1)

#define CP4Y(ST) \
	VMOVDQU (DX)(AX*1), Y0; \
	VMOVDQU 32(DX)(AX*1), Y1; \
	VMOVDQU 64(DX)(AX*1), Y2; \
	VMOVDQU 96(DX)(AX*1), Y3; \
	VMOVDQU 128(DX)(AX*1), Y4; \
	VMOVDQU 160(DX)(AX*1), Y5; \
	VMOVDQU 192(DX)(AX*1), Y6; \
	VMOVDQU 224(DX)(AX*1), Y7; \
	ST Y0, (R12)(AX*1); \
	ST Y1, 32(R12)(AX*1); \
	ST Y2, 64(R12)(AX*1); \
	ST Y3, 96(R12)(AX*1); \
	ST Y4, 128(R12)(AX*1); \
	ST Y5, 160(R12)(AX*1); \
	ST Y6, 192(R12)(AX*1); \
	ST Y7, 224(R12)(AX*1)

#define CP1Y(ST) \
	VMOVDQU (DX)(AX*1), Y0; \
	VMOVDQU 32(DX)(AX*1), Y1; \
	ST Y0, (R12)(AX*1); \
	ST Y1, 32(R12)(AX*1)

#define NOFENCE

// copyNTAVX512 and copyNTAVX2 copy n bytes, a multiple of 64, from x to
// dst, 64-byte aligned, with non-temporal stores (AVX-512: four vectors
// while 256 bytes are left, then one; AVX2: two a line), and an SFENCE at
// the end.

// func copyNTAVX512(dst, x *byte, n int)
TEXT ·copyNTAVX512(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ x+8(FP), SI
	MOVQ n+16(FP), CX
	XORQ AX, AX
	MOVQ CX, R8
	SUBQ $256, R8
loop4:
	CMPQ AX, R8
	JG loop
	VMOVDQU64 (SI)(AX*1), Z0
	VMOVDQU64 64(SI)(AX*1), Z1
	VMOVDQU64 128(SI)(AX*1), Z2
	VMOVDQU64 192(SI)(AX*1), Z3
	VMOVNTDQ Z0, (DI)(AX*1)
	VMOVNTDQ Z1, 64(DI)(AX*1)
	VMOVNTDQ Z2, 128(DI)(AX*1)
	VMOVNTDQ Z3, 192(DI)(AX*1)
	ADDQ $256, AX
	JMP loop4
loop:
	CMPQ AX, CX
	JAE done
	VMOVDQU64 (SI)(AX*1), Z0
	VMOVNTDQ Z0, (DI)(AX*1)
	ADDQ $64, AX
	JMP loop
done:
	SFENCE
	VZEROUPPER
	RET

// func copyNTAVX2(dst, x *byte, n int)
TEXT ·copyNTAVX2(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ x+8(FP), SI
	MOVQ n+16(FP), CX
	XORQ AX, AX
loopy:
	CMPQ AX, CX
	JAE doney
	VMOVDQU (SI)(AX*1), Y0
	VMOVDQU 32(SI)(AX*1), Y1
	VMOVNTDQ Y0, (DI)(AX*1)
	VMOVNTDQ Y1, 32(DI)(AX*1)
	ADDQ $64, AX
	JMP loopy
doney:
	SFENCE
	VZEROUPPER
	RET

// func copyRowsNTAVX512(dst, x *byte, doff, soff *int, rows, n int)
TEXT ·copyRowsNTAVX512(SB), NOSPLIT, $0-48
	ROWS(CP4Z(VMOVNTDQ), CP1Z(VMOVNTDQ), SFENCE)

// func copyRowsAVX512(dst, x *byte, doff, soff *int, rows, n int)
TEXT ·copyRowsAVX512(SB), NOSPLIT, $0-48
	ROWS(CP4Z(VMOVDQU64), CP1Z(VMOVDQU64), NOFENCE)

// func copyRowsNTAVX2(dst, x *byte, doff, soff *int, rows, n int)
TEXT ·copyRowsNTAVX2(SB), NOSPLIT, $0-48
	ROWS(CP4Y(VMOVNTDQ), CP1Y(VMOVNTDQ), SFENCE)

// func copyRowsAVX2(dst, x *byte, doff, soff *int, rows, n int)
TEXT ·copyRowsAVX2(SB), NOSPLIT, $0-48
	ROWS(CP4Y(VMOVDQU), CP1Y(VMOVDQU), NOFENCE)
