//go:build amd64 && !purego

#include "textflag.h"

// The ReplaceNaN kernels: each vector of x is compared with itself
// (predicate 3, unordered: true for NaN) and v is blended into the lanes
// that are NaN (AVX-512: a masked move; AVX2: VBLENDVPS/PD by the compare's
// lanes), then stored to dst. n is a multiple of the vector's lanes.
//
// REPLACE is every kernel: BCAST broadcasts v into V, ONE does the vector
// at (SI)(AX*S) into (DI)(AX*S); W is the vector's lanes.
#define REPLACE(BCAST, V, ONE, W) \
	MOVQ dst+0(FP), DI; \
	MOVQ x+8(FP), SI; \
	MOVQ n+16(FP), CX; \
	BCAST v+24(FP), V; \
	XORQ AX, AX; \
loop: \
	CMPQ AX, CX; \
	JAE done; \
	ONE; \
	ADDQ $W, AX; \
	JMP loop; \
done: \
	VZEROUPPER; \
	RET

#define ONEY(MOV, CMP, BLEND, S) \
	MOV (SI)(AX*S), Y1; \
	CMP $3, Y1, Y1, Y2; \
	BLEND Y2, Y3, Y1, Y1; \
	MOV Y1, (DI)(AX*S)

#define ONEZ(MOV, CMP, S) \
	MOV (SI)(AX*S), Z1; \
	CMP $3, Z1, Z1, K1; \
	MOV Z3, K1, Z1; \
	MOV Z1, (DI)(AX*S)

// func replaceNaN32AVX2(dst, x *float32, n int, v float32)
TEXT ·replaceNaN32AVX2(SB), NOSPLIT, $0-28
	REPLACE(VBROADCASTSS, Y3, ONEY(VMOVUPS, VCMPPS, VBLENDVPS, 4), 8)

// func replaceNaN64AVX2(dst, x *float64, n int, v float64)
TEXT ·replaceNaN64AVX2(SB), NOSPLIT, $0-32
	REPLACE(VBROADCASTSD, Y3, ONEY(VMOVUPD, VCMPPD, VBLENDVPD, 8), 4)

// func replaceNaN32AVX512(dst, x *float32, n int, v float32)
TEXT ·replaceNaN32AVX512(SB), NOSPLIT, $0-28
	REPLACE(VBROADCASTSS, Z3, ONEZ(VMOVUPS, VCMPPS, 4), 16)

// func replaceNaN64AVX512(dst, x *float64, n int, v float64)
TEXT ·replaceNaN64AVX512(SB), NOSPLIT, $0-32
	REPLACE(VBROADCASTSD, Z3, ONEZ(VMOVUPD, VCMPPD, 8), 8)
