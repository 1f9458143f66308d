//go:build amd64 && !purego

#include "textflag.h"

// The index kernels compare one vector of x with v per iteration (EQ_OQ:
// equal and ordered, so -0 equals +0 and NaN equals nothing) and stop at
// the first vector with a match: they return the index of its first
// matching element, or n. n is a multiple of the vector's elements.

// func indexEq32AVX2(x *float32, n int, v float32) int
TEXT ·indexEq32AVX2(SB), NOSPLIT, $0-32
	MOVQ x+0(FP), SI
	MOVQ n+8(FP), CX
	VBROADCASTSS v+16(FP), Y1
	XORQ AX, AX

loop:
	CMPQ AX, CX
	JAE done
	VCMPPS $0, (SI)(AX*4), Y1, Y2
	VMOVMSKPS Y2, DX
	TESTL DX, DX
	JNZ found
	ADDQ $8, AX
	JMP loop

found:
	BSFL DX, DX
	ADDQ DX, AX

done:
	VZEROUPPER
	MOVQ AX, ret+24(FP)
	RET

// func indexEq32AVX512(x *float32, n int, v float32) int
TEXT ·indexEq32AVX512(SB), NOSPLIT, $0-32
	MOVQ x+0(FP), SI
	MOVQ n+8(FP), CX
	VBROADCASTSS v+16(FP), Z1
	XORQ AX, AX

loop:
	CMPQ AX, CX
	JAE done
	VCMPPS $0, (SI)(AX*4), Z1, K1
	KMOVW K1, DX
	TESTL DX, DX
	JNZ found
	ADDQ $16, AX
	JMP loop

found:
	BSFL DX, DX
	ADDQ DX, AX

done:
	VZEROUPPER
	MOVQ AX, ret+24(FP)
	RET

// func indexEq64AVX2(x *float64, n int, v float64) int
TEXT ·indexEq64AVX2(SB), NOSPLIT, $0-32
	MOVQ x+0(FP), SI
	MOVQ n+8(FP), CX
	VBROADCASTSD v+16(FP), Y1
	XORQ AX, AX

loop:
	CMPQ AX, CX
	JAE done
	VCMPPD $0, (SI)(AX*8), Y1, Y2
	VMOVMSKPD Y2, DX
	TESTL DX, DX
	JNZ found
	ADDQ $4, AX
	JMP loop

found:
	BSFL DX, DX
	ADDQ DX, AX

done:
	VZEROUPPER
	MOVQ AX, ret+24(FP)
	RET

// func indexEq64AVX512(x *float64, n int, v float64) int
TEXT ·indexEq64AVX512(SB), NOSPLIT, $0-32
	MOVQ x+0(FP), SI
	MOVQ n+8(FP), CX
	VBROADCASTSD v+16(FP), Z1
	XORQ AX, AX

loop:
	CMPQ AX, CX
	JAE done
	VCMPPD $0, (SI)(AX*8), Z1, K1
	KMOVW K1, DX
	TESTL DX, DX
	JNZ found
	ADDQ $8, AX
	JMP loop

found:
	BSFL DX, DX
	ADDQ DX, AX

done:
	VZEROUPPER
	MOVQ AX, ret+24(FP)
	RET
