//go:build amd64 && !purego

#include "textflag.h"

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
