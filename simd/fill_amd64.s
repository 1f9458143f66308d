//go:build amd64 && !purego

#include "textflag.h"

// func fillAVX2(dst *byte, n int, pat *byte)
TEXT ·fillAVX2(SB), NOSPLIT, $0-24
	MOVQ    dst+0(FP), DI
	MOVQ    n+8(FP), CX
	MOVQ    pat+16(FP), SI
	TESTQ   CX, CX
	JLE     done
	VMOVDQU (SI), Y0

loop:
	VMOVDQU Y0, (DI)
	VMOVDQU Y0, 32(DI)
	VMOVDQU Y0, 64(DI)
	VMOVDQU Y0, 96(DI)
	ADDQ    $128, DI
	SUBQ    $128, CX
	JGT     loop

done:
	VZEROUPPER
	RET

// func fillAVX512(dst *byte, n int, pat *byte)
TEXT ·fillAVX512(SB), NOSPLIT, $0-24
	MOVQ      dst+0(FP), DI
	MOVQ      n+8(FP), CX
	MOVQ      pat+16(FP), SI
	TESTQ     CX, CX
	JLE       done
	VMOVDQU64 (SI), Z0

loop:
	VMOVDQU64 Z0, (DI)
	VMOVDQU64 Z0, 64(DI)
	VMOVDQU64 Z0, 128(DI)
	VMOVDQU64 Z0, 192(DI)
	ADDQ      $256, DI
	SUBQ      $256, CX
	JGT       loop

done:
	VZEROUPPER
	RET
