//go:build amd64 && !purego

#include "textflag.h"

// Stride-2 gathers with non-temporal stores: dst[i] = src[2*i] for
// 0 <= i < n. n is a positive multiple of 16 (4-byte elements) or 8
// (8-byte elements), so that each iteration writes one whole 64-byte line;
// dst is 64-byte aligned; the kernels read src[0 : 2*n]. See gather.go.

// Lane indices of the even elements of two concatenated registers, for
// VPERMT2PS (0, 2, …, 30) and VPERMT2PD (0, 2, …, 14).
DATA even32<>+0(SB)/8, $0x0000000200000000
DATA even32<>+8(SB)/8, $0x0000000600000004
DATA even32<>+16(SB)/8, $0x0000000a00000008
DATA even32<>+24(SB)/8, $0x0000000e0000000c
DATA even32<>+32(SB)/8, $0x0000001200000010
DATA even32<>+40(SB)/8, $0x0000001600000014
DATA even32<>+48(SB)/8, $0x0000001a00000018
DATA even32<>+56(SB)/8, $0x0000001e0000001c
GLOBL even32<>(SB), RODATA|NOPTR, $64

DATA even64<>+0(SB)/8, $0
DATA even64<>+8(SB)/8, $2
DATA even64<>+16(SB)/8, $4
DATA even64<>+24(SB)/8, $6
DATA even64<>+32(SB)/8, $8
DATA even64<>+40(SB)/8, $10
DATA even64<>+48(SB)/8, $12
DATA even64<>+56(SB)/8, $14
GLOBL even64<>(SB), RODATA|NOPTR, $64

// func gather2x32AVX512NT(dst *uint32, src *uint32, n int)
TEXT ·gather2x32AVX512NT(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	VMOVDQU32 even32<>(SB), Z2

loop:
	VMOVUPS   (SI), Z0
	VPERMT2PS 64(SI), Z2, Z0
	VMOVNTPS  Z0, (DI)
	ADDQ      $128, SI
	ADDQ      $64, DI
	SUBQ      $16, CX
	JGT       loop
	SFENCE
	VZEROUPPER
	RET

// func gather2x64AVX512NT(dst *uint64, src *uint64, n int)
TEXT ·gather2x64AVX512NT(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	VMOVDQU64 even64<>(SB), Z2

loop:
	VMOVUPD   (SI), Z0
	VPERMT2PD 64(SI), Z2, Z0
	VMOVNTPD  Z0, (DI)
	ADDQ      $128, SI
	ADDQ      $64, DI
	SUBQ      $8, CX
	JGT       loop
	SFENCE
	VZEROUPPER
	RET

// func gather2x32AVX2NT(dst *uint32, src *uint32, n int)
//
// VSHUFPS $0x88 takes elements 0 and 2 of each 128-bit lane of both
// sources, which leaves the halves of the result in the order 0 2 1 3;
// VPERMPD $0xD8 puts them back.
TEXT ·gather2x32AVX2NT(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX

loop:
	VMOVUPS  (SI), Y0
	VSHUFPS  $0x88, 32(SI), Y0, Y0
	VPERMPD  $0xd8, Y0, Y0
	VMOVUPS  64(SI), Y1
	VSHUFPS  $0x88, 96(SI), Y1, Y1
	VPERMPD  $0xd8, Y1, Y1
	VMOVNTPS Y0, (DI)
	VMOVNTPS Y1, 32(DI)
	ADDQ     $128, SI
	ADDQ     $64, DI
	SUBQ     $16, CX
	JGT      loop
	SFENCE
	VZEROUPPER
	RET

// func gather2x64AVX2NT(dst *uint64, src *uint64, n int)
//
// VUNPCKLPD takes element 0 of each 128-bit lane of both sources (order
// 0 2 1 3 again); VPERMPD $0xD8 puts them back.
TEXT ·gather2x64AVX2NT(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX

loop:
	VMOVUPD   (SI), Y0
	VUNPCKLPD 32(SI), Y0, Y0
	VPERMPD   $0xd8, Y0, Y0
	VMOVUPD   64(SI), Y1
	VUNPCKLPD 96(SI), Y1, Y1
	VPERMPD   $0xd8, Y1, Y1
	VMOVNTPD  Y0, (DI)
	VMOVNTPD  Y1, 32(DI)
	ADDQ      $128, SI
	ADDQ      $64, DI
	SUBQ      $8, CX
	JGT       loop
	SFENCE
	VZEROUPPER
	RET
