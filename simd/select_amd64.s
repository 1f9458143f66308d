//go:build amd64 && !purego

#include "textflag.h"
#include "stream_amd64.h"

// The Select kernels: a vector's mask bytes are widened to lanes; AVX-512
// tests them into a mask register, loads y and then x over it under the
// mask; AVX2 shifts each lane's byte into its sign bit and blends x into y
// by it (VBLENDVPS/PD). The vector is stored to dst, with non-temporal
// stores when nt is set (dst is then 64-byte aligned), followed by an
// SFENCE. n is a multiple of the vector's lanes.
//
// SELECT is every kernel: ONE(STORE) selects the vector at AX and stores
// it by STORE; W is the vector's lanes.
#define SELECT(ONE, STORE, NTSTORE, W) \
	MOVQ dst+0(FP), DI; \
	MOVQ x+8(FP), SI; \
	MOVQ y+16(FP), R9; \
	MOVQ mask+24(FP), DX; \
	MOVQ n+32(FP), CX; \
	XORQ AX, AX; \
	STREAMLOOP(nt+40, ONE, STORE, NTSTORE, W)

#define ONE32Z(STORE) \
	VPMOVZXBD (DX)(AX*1), Z0; \
	VPTESTMD Z0, Z0, K1; \
	VMOVDQU32 (R9)(AX*4), Z1; \
	VMOVDQU32 (SI)(AX*4), K1, Z1; \
	STORE Z1, (DI)(AX*4)

#define ONE64Z(STORE) \
	VPMOVZXBQ (DX)(AX*1), Z0; \
	VPTESTMQ Z0, Z0, K1; \
	VMOVDQU64 (R9)(AX*8), Z1; \
	VMOVDQU64 (SI)(AX*8), K1, Z1; \
	STORE Z1, (DI)(AX*8)

#define ONE32Y(STORE) \
	VPMOVZXBD (DX)(AX*1), Y0; \
	VPSLLD $31, Y0, Y0; \
	VMOVDQU (R9)(AX*4), Y1; \
	VMOVDQU (SI)(AX*4), Y2; \
	VBLENDVPS Y0, Y2, Y1, Y1; \
	STORE Y1, (DI)(AX*4)

#define ONE64Y(STORE) \
	VPMOVZXBQ (DX)(AX*1), Y0; \
	VPSLLQ $63, Y0, Y0; \
	VMOVDQU (R9)(AX*8), Y1; \
	VMOVDQU (SI)(AX*8), Y2; \
	VBLENDVPD Y0, Y2, Y1, Y1; \
	STORE Y1, (DI)(AX*8)

// func select32AVX512(dst, x, y *uint32, mask *bool, n int, nt bool)
TEXT ·select32AVX512(SB), NOSPLIT, $0-41
	SELECT(ONE32Z, VMOVDQU32, VMOVNTDQ, 16)

// func select64AVX512(dst, x, y *uint64, mask *bool, n int, nt bool)
TEXT ·select64AVX512(SB), NOSPLIT, $0-41
	SELECT(ONE64Z, VMOVDQU64, VMOVNTDQ, 8)

// func select32AVX2(dst, x, y *uint32, mask *bool, n int, nt bool)
TEXT ·select32AVX2(SB), NOSPLIT, $0-41
	SELECT(ONE32Y, VMOVDQU, VMOVNTDQ, 8)

// func select64AVX2(dst, x, y *uint64, mask *bool, n int, nt bool)
TEXT ·select64AVX2(SB), NOSPLIT, $0-41
	SELECT(ONE64Y, VMOVDQU, VMOVNTDQ, 4)
