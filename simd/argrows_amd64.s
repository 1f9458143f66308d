//go:build amd64 && !purego

#include "textflag.h"

// The arg kernels find, in each of four rows, the first index of its
// extreme per lane: lane l of row r tracks the best element among
// elements l, l+W, l+2W, ... of the row and the index of its first
// occurrence. A step of the exact loop replaces a lane's best where the
// lane's best is not NaN and the new element is better (PRED: NLE_US for
// Max, v > best or unordered; NGE_US for Min), so a lane keeps its first
// NaN and, among equal elements (-0 and +0 included), its first. The rows
// start at the four pointers of p, hold n elements (a positive multiple
// of W) and are read in one loop with their loads interleaved, as
// ReduceRows reads its rows. The lanes go to vals and idxs, 64 bytes per
// row (AVX2 fills the first 32); ArgRows combines them: the best of the
// lanes, the first of equal ones.
//
// The kernels skip the exact step where it cannot matter. They
// read a row four vectors (a block) at a time, and hold in G the best of
// the row's lanes so far in every lane. A block with no element better
// than G (by GT_OQ or LT_OQ, the CMPG predicate) and no NaN cannot hold
// the row's first extreme, which would be better than every element
// before it, and a later equal element has a larger index: such a block
// costs three VMAXPS and three compares (the NaN compares take two vectors
// each), where the exact step takes two compares and two masked moves
// per vector, all on the two ports that run 512-bit operations on Intel.
// Other blocks take the exact step and update G. A lane's best may then
// lag behind an element the lane skipped, but never behind the row's
// extreme or its first NaN, which is all that the combination reads.
//
// Registers (AVX-512): Z0-Z3 the rows' best elements, Z4-Z7 the indices
// (32- or 64-bit integers, as wide as the elements), Z8-Z11 the rows' G,
// Z12 the indices of the vector at AX, Z13 4W and Z14 W in every lane.
// AVX2 uses Y0-Y7 and Y12 alike, Y13 W and Y14 4W, and keeps G in vals.
//
// Macro parameters: S is the element size, IOTA the table 0, 1, ..., W-1
// of index lanes, BINC broadcasts a register into index lanes, PADD adds
// index lanes, OP is VMAXPS/VMAXPD (VMIN for Min), HMAX spreads the best
// of a register's lanes over all of them.

// ARGS loads the four rows' pointers into R8-R11 and n into CX.
#define ARGS \
	MOVQ p+0(FP), DI; \
	MOVQ 0(DI), R8; \
	MOVQ 8(DI), R9; \
	MOVQ 16(DI), R10; \
	MOVQ 24(DI), R11; \
	MOVQ n+8(FP), CX

// STEPZ is the exact step of the vector of row P at AX; STEPV that of the
// vector already in V, with indices CUR.
#define STEPV(V, B, I, CUR, CMP, PRED, MOVV, MOVI) \
	CMP $7, B, B, K2; \
	CMP $PRED, B, V, K2, K1; \
	MOVV V, K1, B; \
	MOVI CUR, K1, I

#define STEPZ(P, B, I, S, CMP, PRED, MOVV, MOVI) \
	VMOVUPS (P)(AX*S), Z8; \
	STEPV(Z8, B, I, Z12, CMP, PRED, MOVV, MOVI)

// HMAX32 and HMAX64 set G to OP of the lanes of B in every lane.
#define HMAX32(B, G, OP) \
	VSHUFF32X4 $0x4e, B, B, G; \
	OP B, G, G; \
	VSHUFF32X4 $0xb1, G, G, Z22; \
	OP Z22, G, G; \
	VPERMILPS $0x4e, G, Z22; \
	OP Z22, G, G; \
	VPERMILPS $0xb1, G, Z22; \
	OP Z22, G, G

#define HMAX64(B, G, OP) \
	VSHUFF64X2 $0x4e, B, B, G; \
	OP B, G, G; \
	VSHUFF64X2 $0xb1, G, G, Z22; \
	OP Z22, G, G; \
	VPERMILPD $0x55, G, Z22; \
	OP Z22, G, G

// BLOCKZ checks the block of row P at AX against G and jumps to SLOW,
// which returns to BACK, when it holds a NaN or an element better than G.
#define BLOCKZ(P, G, S, OP, CMP, CMPG, SLOW, BACK) \
	VMOVUPS (P)(AX*S), Z16; \
	VMOVUPS 64(P)(AX*S), Z17; \
	VMOVUPS 128(P)(AX*S), Z18; \
	VMOVUPS 192(P)(AX*S), Z19; \
	OP Z17, Z16, Z20; \
	OP Z19, Z18, Z21; \
	OP Z21, Z20, Z20; \
	CMP $CMPG, G, Z20, K1; \
	CMP $3, Z17, Z16, K2; \
	CMP $3, Z19, Z18, K3; \
	KORW K2, K1, K1; \
	KORTESTW K3, K1; \
	JNZ SLOW; \
BACK:

// SLOWZ takes the exact step over the block in Z16-Z19 and updates G.
// A block without NaN (K2 and K3 clear, as BLOCKZ left them) takes the
// step without the NaN compare, STEPG: where neither is NaN, better is
// CMPG, and a lane whose best is NaN keeps it.
#define STEPG(V, B, I, CUR, CMP, CMPG, MOVV, MOVI) \
	CMP $CMPG, B, V, K1; \
	MOVV V, K1, B; \
	MOVI CUR, K1, I

#define SLOWZ(B, I, G, PADD, CMP, PRED, CMPG, MOVV, MOVI, HMAX, OP, NAN, BACK) \
	KORTESTW K2, K3; \
	JNZ NAN; \
	STEPG(Z16, B, I, Z12, CMP, CMPG, MOVV, MOVI); \
	PADD Z14, Z12, Z15; \
	STEPG(Z17, B, I, Z15, CMP, CMPG, MOVV, MOVI); \
	PADD Z14, Z15, Z15; \
	STEPG(Z18, B, I, Z15, CMP, CMPG, MOVV, MOVI); \
	PADD Z14, Z15, Z15; \
	STEPG(Z19, B, I, Z15, CMP, CMPG, MOVV, MOVI); \
	HMAX(B, G, OP); \
	JMP BACK; \
NAN: \
	STEPV(Z16, B, I, Z12, CMP, PRED, MOVV, MOVI); \
	PADD Z14, Z12, Z15; \
	STEPV(Z17, B, I, Z15, CMP, PRED, MOVV, MOVI); \
	PADD Z14, Z15, Z15; \
	STEPV(Z18, B, I, Z15, CMP, PRED, MOVV, MOVI); \
	PADD Z14, Z15, Z15; \
	STEPV(Z19, B, I, Z15, CMP, PRED, MOVV, MOVI); \
	HMAX(B, G, OP); \
	JMP BACK

#define ARGZ(W, S, IOTA, BINC, PADD, CMP, PRED, CMPG, MOVV, MOVI, OP, HMAX) \
	ARGS; \
	VMOVDQU64 IOTA(SB), Z12; \
	MOVQ $(4*W), AX; \
	BINC AX, Z13; \
	MOVQ $W, AX; \
	BINC AX, Z14; \
	VMOVUPS (R8), Z0; \
	VMOVUPS (R9), Z1; \
	VMOVUPS (R10), Z2; \
	VMOVUPS (R11), Z3; \
	VMOVDQU64 Z12, Z4; \
	VMOVDQU64 Z12, Z5; \
	VMOVDQU64 Z12, Z6; \
	VMOVDQU64 Z12, Z7; \
	HMAX(Z0, Z8, OP); \
	HMAX(Z1, Z9, OP); \
	HMAX(Z2, Z10, OP); \
	HMAX(Z3, Z11, OP); \
	PADD Z14, Z12, Z12; \
	MOVQ CX, DX; \
	SUBQ $(4*W), DX; \
block: \
	CMPQ AX, DX; \
	JGT tail; \
	BLOCKZ(R8, Z8, S, OP, CMP, CMPG, slow0, back0); \
	BLOCKZ(R9, Z9, S, OP, CMP, CMPG, slow1, back1); \
	BLOCKZ(R10, Z10, S, OP, CMP, CMPG, slow2, back2); \
	BLOCKZ(R11, Z11, S, OP, CMP, CMPG, slow3, back3); \
	PADD Z13, Z12, Z12; \
	ADDQ $(4*W), AX; \
	JMP block; \
tail: \
	CMPQ AX, CX; \
	JAE done; \
	STEPZ(R8, Z0, Z4, S, CMP, PRED, MOVV, MOVI); \
	STEPZ(R9, Z1, Z5, S, CMP, PRED, MOVV, MOVI); \
	STEPZ(R10, Z2, Z6, S, CMP, PRED, MOVV, MOVI); \
	STEPZ(R11, Z3, Z7, S, CMP, PRED, MOVV, MOVI); \
	PADD Z14, Z12, Z12; \
	ADDQ $W, AX; \
	JMP tail; \
done: \
	MOVQ vals+16(FP), DI; \
	VMOVUPS Z0, (DI); \
	VMOVUPS Z1, 64(DI); \
	VMOVUPS Z2, 128(DI); \
	VMOVUPS Z3, 192(DI); \
	MOVQ idxs+24(FP), DI; \
	VMOVDQU64 Z4, (DI); \
	VMOVDQU64 Z5, 64(DI); \
	VMOVDQU64 Z6, 128(DI); \
	VMOVDQU64 Z7, 192(DI); \
	VZEROUPPER; \
	RET; \
slow0: \
	SLOWZ(Z0, Z4, Z8, PADD, CMP, PRED, CMPG, MOVV, MOVI, HMAX, OP, nan0, back0); \
slow1: \
	SLOWZ(Z1, Z5, Z9, PADD, CMP, PRED, CMPG, MOVV, MOVI, HMAX, OP, nan1, back1); \
slow2: \
	SLOWZ(Z2, Z6, Z10, PADD, CMP, PRED, CMPG, MOVV, MOVI, HMAX, OP, nan2, back2); \
slow3: \
	SLOWZ(Z3, Z7, Z11, PADD, CMP, PRED, CMPG, MOVV, MOVI, HMAX, OP, nan3, back3)

// The AVX2 kernels skip blocks the same way, with the rows' G kept in
// the upper 32 bytes of each row's 64 in vals (the lanes go to the lower
// 32 at the end): sixteen registers hold the bests, the indices, the
// current indices, W and 4W in every lane (Y12-Y14) and five temporaries.
// The exact step is STEPY; STEPYO takes the vector OFF bytes past AX with
// indices CUR.
#define STEPYO(P, OFF, B, I, CUR, S, CMP, PRED, AND, BLEND) \
	VMOVUPS OFF(P)(AX*S), Y8; \
	CMP $7, B, B, Y9; \
	CMP $PRED, B, Y8, Y10; \
	AND Y9, Y10, Y10; \
	BLEND Y10, Y8, B, B; \
	BLEND Y10, CUR, I, I

#define STEPY(P, B, I, S, CMP, PRED, AND, BLEND) \
	STEPYO(P, 0, B, I, Y12, S, CMP, PRED, AND, BLEND)

// HMAXY32 and HMAXY64 store OP of the lanes of B, in every lane, at G.
#define HMAXY32(B, G, OP) \
	VPERM2F128 $1, B, B, Y8; \
	OP Y8, B, Y8; \
	VPERMILPS $0x4e, Y8, Y9; \
	OP Y9, Y8, Y8; \
	VPERMILPS $0xb1, Y8, Y9; \
	OP Y9, Y8, Y8; \
	VMOVUPS Y8, G

#define HMAXY64(B, G, OP) \
	VPERM2F128 $1, B, B, Y8; \
	OP Y8, B, Y8; \
	VPERMILPD $5, Y8, Y9; \
	OP Y9, Y8, Y8; \
	VMOVUPS Y8, G

// BLOCKY checks the block of row P at AX against the G at GM, as BLOCKZ.
#define BLOCKY(P, GM, S, OP, CMP, CMPG, OR, SLOW, BACK) \
	VMOVUPS (P)(AX*S), Y8; \
	VMOVUPS 32(P)(AX*S), Y9; \
	OP Y9, Y8, Y10; \
	CMP $3, Y9, Y8, Y11; \
	VMOVUPS 64(P)(AX*S), Y8; \
	VMOVUPS 96(P)(AX*S), Y9; \
	OP Y9, Y8, Y15; \
	CMP $3, Y9, Y8, Y8; \
	OR Y8, Y11, Y11; \
	OP Y15, Y10, Y10; \
	CMP $CMPG, GM, Y10, Y10; \
	OR Y10, Y11, Y11; \
	VPTEST Y11, Y11; \
	JNZ SLOW; \
BACK:

// SLOWY takes the exact step over the block of row P and updates its G.
#define SLOWY(P, B, I, GM, S, PADD, CMP, PRED, AND, BLEND, HMAX, OP, BACK) \
	STEPYO(P, 0, B, I, Y12, S, CMP, PRED, AND, BLEND); \
	PADD Y13, Y12, Y15; \
	STEPYO(P, 32, B, I, Y15, S, CMP, PRED, AND, BLEND); \
	PADD Y13, Y15, Y15; \
	STEPYO(P, 64, B, I, Y15, S, CMP, PRED, AND, BLEND); \
	PADD Y13, Y15, Y15; \
	STEPYO(P, 96, B, I, Y15, S, CMP, PRED, AND, BLEND); \
	HMAX(B, GM, OP); \
	JMP BACK

#define ARGY(W, S, IOTA, BINC, PADD, CMP, PRED, CMPG, AND, OR, BLEND, OP, HMAX) \
	ARGS; \
	MOVQ vals+16(FP), DI; \
	VMOVDQU IOTA(SB), Y12; \
	MOVQ $(4*W), AX; \
	MOVQ AX, X14; \
	BINC X14, Y14; \
	MOVQ $W, AX; \
	MOVQ AX, X13; \
	BINC X13, Y13; \
	VMOVUPS (R8), Y0; \
	VMOVUPS (R9), Y1; \
	VMOVUPS (R10), Y2; \
	VMOVUPS (R11), Y3; \
	VMOVDQU Y12, Y4; \
	VMOVDQU Y12, Y5; \
	VMOVDQU Y12, Y6; \
	VMOVDQU Y12, Y7; \
	HMAX(Y0, 32(DI), OP); \
	HMAX(Y1, 96(DI), OP); \
	HMAX(Y2, 160(DI), OP); \
	HMAX(Y3, 224(DI), OP); \
	PADD Y13, Y12, Y12; \
	MOVQ CX, DX; \
	SUBQ $(4*W), DX; \
block: \
	CMPQ AX, DX; \
	JGT tail; \
	BLOCKY(R8, 32(DI), S, OP, CMP, CMPG, OR, slow0, back0); \
	BLOCKY(R9, 96(DI), S, OP, CMP, CMPG, OR, slow1, back1); \
	BLOCKY(R10, 160(DI), S, OP, CMP, CMPG, OR, slow2, back2); \
	BLOCKY(R11, 224(DI), S, OP, CMP, CMPG, OR, slow3, back3); \
	PADD Y14, Y12, Y12; \
	ADDQ $(4*W), AX; \
	JMP block; \
tail: \
	CMPQ AX, CX; \
	JAE done; \
	STEPY(R8, Y0, Y4, S, CMP, PRED, AND, BLEND); \
	STEPY(R9, Y1, Y5, S, CMP, PRED, AND, BLEND); \
	STEPY(R10, Y2, Y6, S, CMP, PRED, AND, BLEND); \
	STEPY(R11, Y3, Y7, S, CMP, PRED, AND, BLEND); \
	PADD Y13, Y12, Y12; \
	ADDQ $W, AX; \
	JMP tail; \
done: \
	VMOVUPS Y0, (DI); \
	VMOVUPS Y1, 64(DI); \
	VMOVUPS Y2, 128(DI); \
	VMOVUPS Y3, 192(DI); \
	MOVQ idxs+24(FP), DI; \
	VMOVDQU Y4, (DI); \
	VMOVDQU Y5, 64(DI); \
	VMOVDQU Y6, 128(DI); \
	VMOVDQU Y7, 192(DI); \
	VZEROUPPER; \
	RET; \
slow0: \
	SLOWY(R8, Y0, Y4, 32(DI), S, PADD, CMP, PRED, AND, BLEND, HMAX, OP, back0); \
slow1: \
	SLOWY(R9, Y1, Y5, 96(DI), S, PADD, CMP, PRED, AND, BLEND, HMAX, OP, back1); \
slow2: \
	SLOWY(R10, Y2, Y6, 160(DI), S, PADD, CMP, PRED, AND, BLEND, HMAX, OP, back2); \
slow3: \
	SLOWY(R11, Y3, Y7, 224(DI), S, PADD, CMP, PRED, AND, BLEND, HMAX, OP, back3)

DATA iota32<>+0(SB)/8, $0x0000000100000000
DATA iota32<>+8(SB)/8, $0x0000000300000002
DATA iota32<>+16(SB)/8, $0x0000000500000004
DATA iota32<>+24(SB)/8, $0x0000000700000006
DATA iota32<>+32(SB)/8, $0x0000000900000008
DATA iota32<>+40(SB)/8, $0x0000000b0000000a
DATA iota32<>+48(SB)/8, $0x0000000d0000000c
DATA iota32<>+56(SB)/8, $0x0000000f0000000e
GLOBL iota32<>(SB), RODATA|NOPTR, $64

DATA iota64<>+0(SB)/8, $0
DATA iota64<>+8(SB)/8, $1
DATA iota64<>+16(SB)/8, $2
DATA iota64<>+24(SB)/8, $3
DATA iota64<>+32(SB)/8, $4
DATA iota64<>+40(SB)/8, $5
DATA iota64<>+48(SB)/8, $6
DATA iota64<>+56(SB)/8, $7
GLOBL iota64<>(SB), RODATA|NOPTR, $64

// func argMax32AVX512(p *[4]*float32, n int, vals *float32, idxs *int32)
TEXT ·argMax32AVX512(SB), NOSPLIT, $0-32
	ARGZ(16, 4, iota32<>, VPBROADCASTD, VPADDD, VCMPPS, 6, 30, VMOVAPS, VMOVDQA32, VMAXPS, HMAX32)

// func argMin32AVX512(p *[4]*float32, n int, vals *float32, idxs *int32)
TEXT ·argMin32AVX512(SB), NOSPLIT, $0-32
	ARGZ(16, 4, iota32<>, VPBROADCASTD, VPADDD, VCMPPS, 9, 17, VMOVAPS, VMOVDQA32, VMINPS, HMAX32)

// func argMax64AVX512(p *[4]*float64, n int, vals *float64, idxs *int64)
TEXT ·argMax64AVX512(SB), NOSPLIT, $0-32
	ARGZ(8, 8, iota64<>, VPBROADCASTQ, VPADDQ, VCMPPD, 6, 30, VMOVAPD, VMOVDQA64, VMAXPD, HMAX64)

// func argMin64AVX512(p *[4]*float64, n int, vals *float64, idxs *int64)
TEXT ·argMin64AVX512(SB), NOSPLIT, $0-32
	ARGZ(8, 8, iota64<>, VPBROADCASTQ, VPADDQ, VCMPPD, 9, 17, VMOVAPD, VMOVDQA64, VMINPD, HMAX64)

// func argMax32AVX2(p *[4]*float32, n int, vals *float32, idxs *int32)
TEXT ·argMax32AVX2(SB), NOSPLIT, $0-32
	ARGY(8, 4, iota32<>, VPBROADCASTD, VPADDD, VCMPPS, 6, 30, VANDPS, VORPS, VBLENDVPS, VMAXPS, HMAXY32)

// func argMin32AVX2(p *[4]*float32, n int, vals *float32, idxs *int32)
TEXT ·argMin32AVX2(SB), NOSPLIT, $0-32
	ARGY(8, 4, iota32<>, VPBROADCASTD, VPADDD, VCMPPS, 9, 17, VANDPS, VORPS, VBLENDVPS, VMINPS, HMAXY32)

// func argMax64AVX2(p *[4]*float64, n int, vals *float64, idxs *int64)
TEXT ·argMax64AVX2(SB), NOSPLIT, $0-32
	ARGY(4, 8, iota64<>, VPBROADCASTQ, VPADDQ, VCMPPD, 6, 30, VANDPD, VORPD, VBLENDVPD, VMAXPD, HMAXY64)

// func argMin64AVX2(p *[4]*float64, n int, vals *float64, idxs *int64)
TEXT ·argMin64AVX2(SB), NOSPLIT, $0-32
	ARGY(4, 8, iota64<>, VPBROADCASTQ, VPADDQ, VCMPPD, 9, 17, VANDPD, VORPD, VBLENDVPD, VMINPD, HMAXY64)
