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

// func compress32AVX512(dst, x *uint32, mask *bool, n int) int
TEXT ·compress32AVX512(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ x+8(FP), SI
	MOVQ mask+16(FP), DX
	MOVQ n+24(FP), CX
	XORQ AX, AX
	XORQ BX, BX
loop32z:
	CMPQ AX, CX
	JAE done32z
	VPMOVZXBD (DX)(AX*1), Z0
	VPTESTMD Z0, Z0, K1
	VMOVDQU32 (SI)(AX*4), Z1
	VPCOMPRESSD.Z Z1, K1, Z2
	VMOVDQU32 Z2, (DI)(BX*4)
	KMOVW K1, R8
	POPCNTL R8, R8
	ADDQ R8, BX
	ADDQ $16, AX
	JMP loop32z
done32z:
	VZEROUPPER
	MOVQ BX, ret+32(FP)
	RET

// func compress64AVX512(dst, x *uint64, mask *bool, n int) int
TEXT ·compress64AVX512(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ x+8(FP), SI
	MOVQ mask+16(FP), DX
	MOVQ n+24(FP), CX
	XORQ AX, AX
	XORQ BX, BX
loop64z:
	CMPQ AX, CX
	JAE done64z
	VPMOVZXBQ (DX)(AX*1), Z0
	VPTESTMQ Z0, Z0, K1
	VMOVDQU64 (SI)(AX*8), Z1
	VPCOMPRESSQ.Z Z1, K1, Z2
	VMOVDQU64 Z2, (DI)(BX*8)
	KMOVW K1, R8
	POPCNTL R8, R8
	ADDQ R8, BX
	ADDQ $8, AX
	JMP loop64z
done64z:
	VZEROUPPER
	MOVQ BX, ret+32(FP)
	RET

// func compress32AVX2(dst, x *uint32, mask *bool, n int) int
TEXT ·compress32AVX2(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ x+8(FP), SI
	MOVQ mask+16(FP), DX
	MOVQ n+24(FP), CX
	LEAQ ·perm8(SB), R9
	XORQ AX, AX
	XORQ BX, BX
loop32y:
	CMPQ AX, CX
	JAE done32y
	VPMOVZXBD (DX)(AX*1), Y0
	VPSLLD $31, Y0, Y0
	VMOVMSKPS Y0, R8
	MOVQ R8, R10
	SHLQ $5, R10
	VMOVDQU (R9)(R10*1), Y3
	VPERMD (SI)(AX*4), Y3, Y2
	VMOVDQU Y2, (DI)(BX*4)
	POPCNTL R8, R8
	ADDQ R8, BX
	ADDQ $8, AX
	JMP loop32y
done32y:
	VZEROUPPER
	MOVQ BX, ret+32(FP)
	RET

// func compress64AVX2(dst, x *uint64, mask *bool, n int) int
TEXT ·compress64AVX2(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ x+8(FP), SI
	MOVQ mask+16(FP), DX
	MOVQ n+24(FP), CX
	LEAQ ·perm4(SB), R9
	XORQ AX, AX
	XORQ BX, BX
loop64y:
	CMPQ AX, CX
	JAE done64y
	VPMOVZXBQ (DX)(AX*1), Y0
	VPSLLQ $63, Y0, Y0
	VMOVMSKPD Y0, R8
	MOVQ R8, R10
	SHLQ $5, R10
	VMOVDQU (R9)(R10*1), Y3
	VPERMD (SI)(AX*8), Y3, Y2
	VMOVDQU Y2, (DI)(BX*8)
	POPCNTL R8, R8
	ADDQ R8, BX
	ADDQ $4, AX
	JMP loop64y
done64y:
	VZEROUPPER
	MOVQ BX, ret+32(FP)
	RET
