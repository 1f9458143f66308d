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

// GATHER2 is the body of every kernel: SETUP once, then per iteration LINE
// gathers the 128 source bytes at SI into the 64-byte destination line at
// DI with non-temporal stores; N is the elements per line. SFENCE orders the
// stores before the return.
#define GATHER2(SETUP, LINE, N) \
	MOVQ dst+0(FP), DI; \
	MOVQ src+8(FP), SI; \
	MOVQ n+16(FP), CX; \
	SETUP; \
loop: \
	LINE; \
	ADDQ $128, SI; \
	ADDQ $64, DI; \
	SUBQ $N, CX; \
	JGT  loop; \
	SFENCE; \
	VZEROUPPER; \
	RET

// The AVX-512 lines: one two-source permute of the even lanes, with the
// lane indices loaded into Z2 once.
#define EVEN32 VMOVDQU32 even32<>(SB), Z2
#define EVEN64 VMOVDQU64 even64<>(SB), Z2

#define LINE32AVX512 \
	VMOVUPS   (SI), Z0; \
	VPERMT2PS 64(SI), Z2, Z0; \
	VMOVNTPS  Z0, (DI)

#define LINE64AVX512 \
	VMOVUPD   (SI), Z0; \
	VPERMT2PD 64(SI), Z2, Z0; \
	VMOVNTPD  Z0, (DI)

// The AVX2 lines, two halves each. VSHUFPS $0x88 takes elements 0 and 2 of
// each 128-bit lane of both sources, and VUNPCKLPD element 0, which leaves
// the halves of the result in the order 0 2 1 3; VPERMPD $0xD8 puts them
// back.
#define HALF32AVX2(OFF, Y) \
	VMOVUPS OFF(SI), Y; \
	VSHUFPS $0x88, OFF+32(SI), Y, Y; \
	VPERMPD $0xd8, Y, Y

#define HALF64AVX2(OFF, Y) \
	VMOVUPD   OFF(SI), Y; \
	VUNPCKLPD OFF+32(SI), Y, Y; \
	VPERMPD   $0xd8, Y, Y

#define LINE32AVX2 \
	HALF32AVX2(0, Y0); \
	HALF32AVX2(64, Y1); \
	VMOVNTPS Y0, (DI); \
	VMOVNTPS Y1, 32(DI)

#define LINE64AVX2 \
	HALF64AVX2(0, Y0); \
	HALF64AVX2(64, Y1); \
	VMOVNTPD Y0, (DI); \
	VMOVNTPD Y1, 32(DI)

// func gather2x32AVX512NT(dst *uint32, src *uint32, n int)
TEXT ·gather2x32AVX512NT(SB), NOSPLIT, $0-24
	GATHER2(EVEN32, LINE32AVX512, 16)

// func gather2x64AVX512NT(dst *uint64, src *uint64, n int)
TEXT ·gather2x64AVX512NT(SB), NOSPLIT, $0-24
	GATHER2(EVEN64, LINE64AVX512, 8)

// func gather2x32AVX2NT(dst *uint32, src *uint32, n int)
TEXT ·gather2x32AVX2NT(SB), NOSPLIT, $0-24
	GATHER2(NOP, LINE32AVX2, 16)

// func gather2x64AVX2NT(dst *uint64, src *uint64, n int)
TEXT ·gather2x64AVX2NT(SB), NOSPLIT, $0-24
	GATHER2(NOP, LINE64AVX2, 8)

// Reversals: dst[i] = src[n-1-i] for 0 <= i < n, the gather of stride -1
// (a flipped run) from src, which points at the lowest element read. n is
// a positive multiple of 16 (4-byte elements) or 8 (8-byte elements): each
// iteration reverses the highest 64 bytes not yet read into the next
// 64-byte destination line. The NT forms store with non-temporal hints
// into a 64-byte aligned dst and end with SFENCE; the others store
// unaligned. They read src[0 : n] and nothing else.

// Lane indices in reverse order, for VPERMD (7, …, 0 and 15, …, 0) and
// VPERMQ (7, …, 0).
DATA rev32<>+0(SB)/8, $0x0000000e0000000f
DATA rev32<>+8(SB)/8, $0x0000000c0000000d
DATA rev32<>+16(SB)/8, $0x0000000a0000000b
DATA rev32<>+24(SB)/8, $0x0000000800000009
DATA rev32<>+32(SB)/8, $0x0000000600000007
DATA rev32<>+40(SB)/8, $0x0000000400000005
DATA rev32<>+48(SB)/8, $0x0000000200000003
DATA rev32<>+56(SB)/8, $0x0000000000000001
GLOBL rev32<>(SB), RODATA|NOPTR, $64

DATA rev64<>+0(SB)/8, $7
DATA rev64<>+8(SB)/8, $6
DATA rev64<>+16(SB)/8, $5
DATA rev64<>+24(SB)/8, $4
DATA rev64<>+32(SB)/8, $3
DATA rev64<>+40(SB)/8, $2
DATA rev64<>+48(SB)/8, $1
DATA rev64<>+56(SB)/8, $0
GLOBL rev64<>(SB), RODATA|NOPTR, $64

// REVERSE is the body of every reversal: SI starts at the source's last 64
// bytes and walks down as DI walks up; SETUP once, LINE per 64-byte line,
// N elements a line, FINISH before the return (SFENCE after non-temporal
// stores).
#define REVERSE(SHIFT, SETUP, LINE, N, FINISH) \
	MOVQ dst+0(FP), DI; \
	MOVQ src+8(FP), SI; \
	MOVQ n+16(FP), CX; \
	MOVQ CX, AX; \
	SHLQ $SHIFT, AX; \
	LEAQ -64(SI)(AX*1), SI; \
	SETUP; \
revloop: \
	LINE; \
	SUBQ $64, SI; \
	ADDQ $64, DI; \
	SUBQ $N, CX; \
	JGT  revloop; \
	FINISH; \
	VZEROUPPER; \
	RET

// The AVX-512 lines: one permute by the reversed indices in Z15.
#define REV32Z VMOVDQU32 rev32<>(SB), Z15
#define REV64Z VMOVDQU64 rev64<>(SB), Z15

#define LINE32Z(ST) \
	VPERMD (SI), Z15, Z0; \
	ST     Z0, (DI)

#define LINE64Z(ST) \
	VPERMQ (SI), Z15, Z0; \
	ST     Z0, (DI)

// The AVX2 lines: each 32-byte half of the source, reversed, goes to the
// other half of the destination line (Y15 holds 7, …, 0 for VPERMD; VPERMQ
// takes the order as its immediate).
#define REV32Y VMOVDQU rev32<>+32(SB), Y15

#define LINE32Y(ST) \
	VPERMD 32(SI), Y15, Y0; \
	VPERMD (SI), Y15, Y1; \
	ST     Y0, (DI); \
	ST     Y1, 32(DI)

#define LINE64Y(ST) \
	VPERMQ $0x1b, 32(SI), Y0; \
	VPERMQ $0x1b, (SI), Y1; \
	ST     Y0, (DI); \
	ST     Y1, 32(DI)

// func reverse32AVX512(dst *uint32, src *uint32, n int)
TEXT ·reverse32AVX512(SB), NOSPLIT, $0-24
	REVERSE(2, REV32Z, LINE32Z(VMOVDQU32), 16, NOP)

// func reverse32AVX512NT(dst *uint32, src *uint32, n int)
TEXT ·reverse32AVX512NT(SB), NOSPLIT, $0-24
	REVERSE(2, REV32Z, LINE32Z(VMOVNTDQ), 16, SFENCE)

// func reverse64AVX512(dst *uint64, src *uint64, n int)
TEXT ·reverse64AVX512(SB), NOSPLIT, $0-24
	REVERSE(3, REV64Z, LINE64Z(VMOVDQU64), 8, NOP)

// func reverse64AVX512NT(dst *uint64, src *uint64, n int)
TEXT ·reverse64AVX512NT(SB), NOSPLIT, $0-24
	REVERSE(3, REV64Z, LINE64Z(VMOVNTDQ), 8, SFENCE)

// func reverse32AVX2(dst *uint32, src *uint32, n int)
TEXT ·reverse32AVX2(SB), NOSPLIT, $0-24
	REVERSE(2, REV32Y, LINE32Y(VMOVDQU), 16, NOP)

// func reverse32AVX2NT(dst *uint32, src *uint32, n int)
TEXT ·reverse32AVX2NT(SB), NOSPLIT, $0-24
	REVERSE(2, REV32Y, LINE32Y(VMOVNTDQ), 16, SFENCE)

// func reverse64AVX2(dst *uint64, src *uint64, n int)
TEXT ·reverse64AVX2(SB), NOSPLIT, $0-24
	REVERSE(3, NOP, LINE64Y(VMOVDQU), 8, NOP)

// func reverse64AVX2NT(dst *uint64, src *uint64, n int)
TEXT ·reverse64AVX2NT(SB), NOSPLIT, $0-24
	REVERSE(3, NOP, LINE64Y(VMOVNTDQ), 8, SFENCE)
