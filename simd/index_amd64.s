//go:build amd64 && !purego

#include "textflag.h"

// The index kernels compare x with v (EQ_OQ: equal and ordered, so -0
// equals +0 and NaN equals nothing) and stop at the first vector with a
// match: they return the index of its first matching element, or n. n is
// a multiple of the vector's elements. While four vectors or more are
// left they compare four per iteration and test the four results at once,
// one branch per 128 (AVX2) or 256 bytes (AVX-512), which in L1 runs
// faster than one vector per iteration (figures in BENCHMARKS.md). A
// group with a match, and the last vectors, are searched a vector at a
// time.
//
// INDEX is every kernel: BCAST broadcasts v into V; GROUP compares the
// four vectors at (SI)(AX*SHIFT) and sets the flags (ZF: no match); ONE
// compares the vector there and leaves its mask in DX; W is the vector's
// elements.
#define INDEX(BCAST, V, GROUP, ONE, W) \
	MOVQ x+0(FP), SI; \
	MOVQ n+8(FP), CX; \
	BCAST v+16(FP), V; \
	XORQ AX, AX; \
	MOVQ CX, R8; \
	SUBQ $(4*W), R8; \
loop4: \
	CMPQ AX, R8; \
	JG loop; \
	GROUP; \
	JNZ loop; \
	ADDQ $(4*W), AX; \
	JMP loop4; \
loop: \
	CMPQ AX, CX; \
	JAE done; \
	ONE; \
	TESTL DX, DX; \
	JNZ found; \
	ADDQ $W, AX; \
	JMP loop; \
found: \
	BSFL DX, DX; \
	ADDQ DX, AX; \
done: \
	VZEROUPPER; \
	MOVQ AX, ret+24(FP); \
	RET

// GROUP and ONE with AVX2 (CMP is VCMPPS or VCMPPD, MSK the matching
// VMOVMSK, S the element size) and with AVX-512.
#define GROUPY(CMP, S) \
	CMP $0, (SI)(AX*S), Y1, Y2; \
	CMP $0, 32(SI)(AX*S), Y1, Y3; \
	CMP $0, 64(SI)(AX*S), Y1, Y4; \
	CMP $0, 96(SI)(AX*S), Y1, Y5; \
	VORPS Y3, Y2, Y2; \
	VORPS Y5, Y4, Y4; \
	VORPS Y4, Y2, Y2; \
	VPTEST Y2, Y2
#define ONEY(CMP, MSK, S) \
	CMP $0, (SI)(AX*S), Y1, Y2; \
	MSK Y2, DX
#define GROUPZ(CMP, S) \
	CMP $0, (SI)(AX*S), Z1, K1; \
	CMP $0, 64(SI)(AX*S), Z1, K2; \
	CMP $0, 128(SI)(AX*S), Z1, K3; \
	CMP $0, 192(SI)(AX*S), Z1, K4; \
	KORW K2, K1, K1; \
	KORW K4, K3, K3; \
	KORTESTW K3, K1
#define ONEZ(CMP, S) \
	CMP $0, (SI)(AX*S), Z1, K1; \
	KMOVW K1, DX

// func indexEq32AVX2(x *float32, n int, v float32) int
TEXT ·indexEq32AVX2(SB), NOSPLIT, $0-32
	INDEX(VBROADCASTSS, Y1, GROUPY(VCMPPS, 4), ONEY(VCMPPS, VMOVMSKPS, 4), 8)

// func indexEq32AVX512(x *float32, n int, v float32) int
TEXT ·indexEq32AVX512(SB), NOSPLIT, $0-32
	INDEX(VBROADCASTSS, Z1, GROUPZ(VCMPPS, 4), ONEZ(VCMPPS, 4), 16)

// func indexEq64AVX2(x *float64, n int, v float64) int
TEXT ·indexEq64AVX2(SB), NOSPLIT, $0-32
	INDEX(VBROADCASTSD, Y1, GROUPY(VCMPPD, 8), ONEY(VCMPPD, VMOVMSKPD, 8), 4)

// func indexEq64AVX512(x *float64, n int, v float64) int
TEXT ·indexEq64AVX512(SB), NOSPLIT, $0-32
	INDEX(VBROADCASTSD, Z1, GROUPZ(VCMPPD, 8), ONEZ(VCMPPD, 8), 8)
