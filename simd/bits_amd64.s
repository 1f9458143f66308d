//go:build amd64 && !purego

#include "textflag.h"

// The Bitwise kernels: a vector of x combined with one of y by the op
// (VPAND, VPOR, VPXOR; their Q forms with AVX-512) and stored, with
// non-temporal stores when nt is set (dst is then 64-byte aligned),
// followed by an SFENCE. One loop per op and store; n is a multiple of the
// vector's bytes.
//
// LOOP is one loop: L its label, OP the instruction, STORE the store, V
// a register of the vector's width, W its bytes, END where it exits to.
#define LOOP(L, OP, STORE, V1, V2, MOV, W, END) \
L: \
	CMPQ AX, CX; \
	JAE END; \
	MOV (SI)(AX*1), V1; \
	OP (R9)(AX*1), V1, V2; \
	STORE V2, (DI)(AX*1); \
	ADDQ $W, AX; \
	JMP L

#define BITS(ANDI, ORI, XORI, STORE, V1, V2, MOV, W) \
	MOVQ dst+0(FP), DI; \
	MOVQ x+8(FP), SI; \
	MOVQ y+16(FP), R9; \
	MOVQ n+24(FP), CX; \
	MOVBQZX op+32(FP), R8; \
	XORQ AX, AX; \
	CMPB nt+33(FP), $0; \
	JNE nt; \
	CMPQ R8, $0; \
	JEQ and; \
	CMPQ R8, $1; \
	JEQ or; \
	JMP xor; \
nt: \
	CMPQ R8, $0; \
	JEQ andnt; \
	CMPQ R8, $1; \
	JEQ ornt; \
	JMP xornt; \
	LOOP(and, ANDI, MOV, V1, V2, MOV, W, done); \
	LOOP(or, ORI, MOV, V1, V2, MOV, W, done); \
	LOOP(xor, XORI, MOV, V1, V2, MOV, W, done); \
	LOOP(andnt, ANDI, STORE, V1, V2, MOV, W, fence); \
	LOOP(ornt, ORI, STORE, V1, V2, MOV, W, fence); \
	LOOP(xornt, XORI, STORE, V1, V2, MOV, W, fence); \
fence: \
	SFENCE; \
done: \
	VZEROUPPER; \
	RET

// func bitsAVX2(dst, x, y *byte, n int, op BitOp, nt bool)
TEXT ·bitsAVX2(SB), NOSPLIT, $0-34
	BITS(VPAND, VPOR, VPXOR, VMOVNTDQ, Y1, Y2, VMOVDQU, 32)

// func bitsAVX512(dst, x, y *byte, n int, op BitOp, nt bool)
TEXT ·bitsAVX512(SB), NOSPLIT, $0-34
	BITS(VPANDQ, VPORQ, VPXORQ, VMOVNTDQ, Z1, Z2, VMOVDQU64, 64)
