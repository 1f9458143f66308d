//go:build amd64 && !purego

#include "textflag.h"

// Transpose kernels; see arch_amd64.go for the reference loop each one
// implements. They only move bits, so the PS forms serve every 4- and 8-byte
// element type.
//
// Registers shared by all kernels:
//	DI  destination of the current row of tiles   SI  source of it
//	DX  dld in bytes, R8 = 3*DX                     BX  sld in bytes, R9 = 3*BX
//	R10 destination tile                            R11 source tile
//	CX  columns left in this row of tiles           rows+32(FP) rows left

#define PROLOGUE(SHIFT) \
	MOVQ dst+0(FP), DI; \
	MOVQ dld+8(FP), DX; \
	MOVQ src+16(FP), SI; \
	MOVQ sld+24(FP), BX; \
	SHLQ $SHIFT, DX; \
	SHLQ $SHIFT, BX; \
	LEAQ (DX)(DX*2), R8; \
	LEAQ (BX)(BX*2), R9

// IN4X4F32 transposes each 128-bit lane of A0-A3 (Y or Z registers), four
// rows of four 4-byte elements, as a 4×4 tile in place, with temps T0-T3:
// 8 in-lane unpacks and shuffles.
#define IN4X4F32(A0, A1, A2, A3, T0, T1, T2, T3) \
	VUNPCKLPS A1, A0, T0; \
	VUNPCKHPS A1, A0, T1; \
	VUNPCKLPS A3, A2, T2; \
	VUNPCKHPS A3, A2, T3; \
	VSHUFPS $0x44, T2, T0, A0; \
	VSHUFPS $0xEE, T2, T0, A1; \
	VSHUFPS $0x44, T3, T1, A2; \
	VSHUFPS $0xEE, T3, T1, A3

// ROWS4 loads 32 bytes of each of the four source rows at S, S+BX, S+2*BX
// and S+R9 into A0-A3.
#define ROWS4(S, A0, A1, A2, A3) \
	VMOVUPS (S), A0; \
	VMOVUPS (S)(BX*1), A1; \
	VMOVUPS (S)(BX*2), A2; \
	VMOVUPS (S)(R9*1), A3

// R4X8F32 loads the four whole source rows of 4-byte elements at S,
// S+BX, S+2*BX and S+R9 (eight elements each) into A0-A3 and transposes
// each 128-bit lane as a 4×4 tile, with temps T0-T3: afterwards A[j]'s low
// lane holds column j of the four rows, its high lane column j+4.
#define R4X8F32(S, A0, A1, A2, A3, T0, T1, T2, T3) \
	ROWS4(S, A0, A1, A2, A3); \
	IN4X4F32(A0, A1, A2, A3, T0, T1, T2, T3)

// W2HALVES stores the 128-bit lanes of A and B (XA and XB their low lanes)
// as 16-byte halves of two destination rows: A's low lane at D and B's at
// D16 (D+16 bytes), A's high lane at H and B's at H16. After R4X8F32 of
// source rows 0-3 into A and of rows 4-7 into B, those are destination
// rows j and j+4.
#define W2HALVES(D, D16, H, H16, XA, XB, A, B) \
	VMOVUPS XA, D; \
	VMOVUPS XB, D16; \
	VEXTRACTF128 $1, A, H; \
	VEXTRACTF128 $1, B, H16

// T8X8F32 transposes an 8×8 tile of 4-byte elements from S to D: whole
// source rows are loaded and transposed in 128-bit lanes, four rows at a
// time (R4X8F32), and each destination row is stored as two 16-byte
// halves (W2HALVES), which sorts the lanes out in the store unit instead of
// with shuffles or lane inserts; pairing 128-bit loads across lanes
// issues twice the loads and measured slower (figures in BENCHMARKS.md).
#define T8X8F32(S, D) \
	LEAQ (S)(BX*4), R12; \
	LEAQ (D)(DX*4), R13; \
	R4X8F32(S, Y0, Y1, Y2, Y3, Y8, Y9, Y10, Y11); \
	R4X8F32(R12, Y4, Y5, Y6, Y7, Y12, Y13, Y14, Y15); \
	W2HALVES((D), 16(D), (R13), 16(R13), X0, X4, Y0, Y4); \
	W2HALVES((D)(DX*1), 16(D)(DX*1), (R13)(DX*1), 16(R13)(DX*1), X1, X5, Y1, Y5); \
	W2HALVES((D)(DX*2), 16(D)(DX*2), (R13)(DX*2), 16(R13)(DX*2), X2, X6, Y2, Y6); \
	W2HALVES((D)(R8*1), 16(D)(R8*1), (R13)(R8*1), 16(R13)(R8*1), X3, X7, Y3, Y7)

// T4X4F64 transposes a 4×4 tile of 8-byte elements from S to D as
// T8X8F32 does: whole source rows, in-lane unpacks of rows 0-1 and of rows
// 2-3 (VUNPCKLPD leaves column 0 of the two rows in lane 0 and column 2 in
// lane 1, VUNPCKHPD columns 1 and 3), and 16-byte stores of the halves.
#define T4X4F64(S, D) \
	ROWS4(S, Y0, Y1, Y2, Y3); \
	VUNPCKLPD Y1, Y0, Y4; \
	VUNPCKHPD Y1, Y0, Y5; \
	VUNPCKLPD Y3, Y2, Y6; \
	VUNPCKHPD Y3, Y2, Y7; \
	W2HALVES((D), 16(D), (D)(DX*2), 16(D)(DX*2), X4, X6, Y4, Y6); \
	W2HALVES((D)(DX*1), 16(D)(DX*1), (D)(R8*1), 16(D)(R8*1), X5, X7, Y5, Y7)

// PAIRS4 loads 16 bytes at OFF of four source rows from S (S, S+BX,
// S+2*BX, S+R9) into the low lanes of A0-A3 (XA0-XA3) and of the four
// rows from P into their high lanes.
#define PAIRS4(S, P, OFF, XA0, XA1, XA2, XA3, A0, A1, A2, A3) \
	VMOVUPS OFF(S), XA0; \
	VINSERTF128 $1, OFF(P), A0, A0; \
	VMOVUPS OFF(S)(BX*1), XA1; \
	VINSERTF128 $1, OFF(P)(BX*1), A1, A1; \
	VMOVUPS OFF(S)(BX*2), XA2; \
	VINSERTF128 $1, OFF(P)(BX*2), A2, A2; \
	VMOVUPS OFF(S)(R9*1), XA3; \
	VINSERTF128 $1, OFF(P)(R9*1), A3, A3

// H8X4F32 transposes four columns, OFF/4 to OFF/4+3, of the eight rows of
// 4-byte elements at S: rows k and k+4 are loaded as 128-bit pieces paired
// across lanes (pointer R12 = S+4 rows), then an in-lane 4×4 transpose with temps
// T0-T3 leaves in A0-A3 four destination rows of eight elements.
#define H8X4F32(S, OFF, XA0, XA1, XA2, XA3, A0, A1, A2, A3, T0, T1, T2, T3) \
	LEAQ (S)(BX*4), R12; \
	PAIRS4(S, R12, OFF, XA0, XA1, XA2, XA3, A0, A1, A2, A3); \
	IN4X4F32(A0, A1, A2, A3, T0, T1, T2, T3)

// L4 stores four whole destination lines at D: the left halves from
// A0-A3, the right halves from B0-B3, each line's halves back to back.
#define L4(D, A0, A1, A2, A3, B0, B1, B2, B3) \
	VMOVNTPS A0, (D); \
	VMOVNTPS B0, 32(D); \
	VMOVNTPS A1, (D)(DX*1); \
	VMOVNTPS B1, 32(D)(DX*1); \
	VMOVNTPS A2, (D)(DX*2); \
	VMOVNTPS B2, 32(D)(DX*2); \
	VMOVNTPS A3, (D)(R8*1); \
	VMOVNTPS B3, 32(D)(R8*1)

// T8X16F32NT transposes two 8×8 tiles of 4-byte elements side by side, the
// 16 source rows at R11 into the 8 destination rows at R10, with
// non-temporal stores: each destination row gets one whole 64-byte line,
// written as two adjacent stores so that few lines are open at once.
#define T8X16F32NT \
	LEAQ (R11)(BX*8), R14; \
	LEAQ (R10)(DX*4), R13; \
	H8X4F32(R11, 0, X0, X1, X2, X3, Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7); \
	H8X4F32(R14, 0, X8, X9, X10, X11, Y8, Y9, Y10, Y11, Y12, Y13, Y14, Y15); \
	L4(R10, Y0, Y1, Y2, Y3, Y8, Y9, Y10, Y11); \
	H8X4F32(R11, 16, X0, X1, X2, X3, Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7); \
	H8X4F32(R14, 16, X8, X9, X10, X11, Y8, Y9, Y10, Y11, Y12, Y13, Y14, Y15); \
	L4(R13, Y0, Y1, Y2, Y3, Y8, Y9, Y10, Y11)

// H4X4F64 transposes the 4×4 tile of 8-byte elements at S into the
// registers O0-O3 (one destination row each), loading through XA-XD
// (YA-YD): rows k and k+2 are paired across lanes, leaving 4 in-lane
// unpacks.
#define H4X4F64(S, XA, XB, XC, XD, YA, YB, YC, YD, O0, O1, O2, O3) \
	VMOVUPS (S), XA; \
	VINSERTF128 $1, (S)(BX*2), YA, YA; \
	VMOVUPS (S)(BX*1), XB; \
	VINSERTF128 $1, (S)(R9*1), YB, YB; \
	VMOVUPS 16(S), XC; \
	VINSERTF128 $1, 16(S)(BX*2), YC, YC; \
	VMOVUPS 16(S)(BX*1), XD; \
	VINSERTF128 $1, 16(S)(R9*1), YD, YD; \
	VUNPCKLPD YB, YA, O0; \
	VUNPCKHPD YB, YA, O1; \
	VUNPCKLPD YD, YC, O2; \
	VUNPCKHPD YD, YC, O3

// T4X8F64NT transposes a 4×8 tile of 8-byte elements from R11 to R10 as
// two 4×4 tiles side by side, then stores each destination line's two
// halves back to back with non-temporal stores, so no line is left half
// written while the next one is started.
#define T4X8F64NT \
	H4X4F64(R11, X0, X1, X2, X3, Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7); \
	LEAQ (R11)(BX*4), R12; \
	H4X4F64(R12, X8, X9, X10, X11, Y8, Y9, Y10, Y11, Y12, Y13, Y14, Y15); \
	VMOVNTPD Y4, (R10); \
	VMOVNTPD Y12, 32(R10); \
	VMOVNTPD Y5, (R10)(DX*1); \
	VMOVNTPD Y13, 32(R10)(DX*1); \
	VMOVNTPD Y6, (R10)(DX*2); \
	VMOVNTPD Y14, 32(R10)(DX*2); \
	VMOVNTPD Y7, (R10)(R8*1); \
	VMOVNTPD Y15, 32(R10)(R8*1)

// Q16 builds four rows 4q..4q+3 of a 16×16 tile of 4-byte elements: source
// rows k, k+4, k+8, k+12 fill the four 128-bit lanes of one register
// (pointers R11, R12, R13, R14), then an in-lane 4×4 transpose; the rows are
// stored at AX, which then advances by four rows.
#define Q16(OFF, ST, XA, XB, XC, XD, ZA, ZB, ZC, ZD, T0, T1, T2, T3) \
	VMOVUPS OFF(R11), XA; \
	VINSERTF32X4 $1, OFF(R12), ZA, ZA; \
	VINSERTF32X4 $2, OFF(R13), ZA, ZA; \
	VINSERTF32X4 $3, OFF(R14), ZA, ZA; \
	VMOVUPS OFF(R11)(BX*1), XB; \
	VINSERTF32X4 $1, OFF(R12)(BX*1), ZB, ZB; \
	VINSERTF32X4 $2, OFF(R13)(BX*1), ZB, ZB; \
	VINSERTF32X4 $3, OFF(R14)(BX*1), ZB, ZB; \
	VMOVUPS OFF(R11)(BX*2), XC; \
	VINSERTF32X4 $1, OFF(R12)(BX*2), ZC, ZC; \
	VINSERTF32X4 $2, OFF(R13)(BX*2), ZC, ZC; \
	VINSERTF32X4 $3, OFF(R14)(BX*2), ZC, ZC; \
	VMOVUPS OFF(R11)(R9*1), XD; \
	VINSERTF32X4 $1, OFF(R12)(R9*1), ZD, ZD; \
	VINSERTF32X4 $2, OFF(R13)(R9*1), ZD, ZD; \
	VINSERTF32X4 $3, OFF(R14)(R9*1), ZD, ZD; \
	IN4X4F32(ZA, ZB, ZC, ZD, T0, T1, T2, T3); \
	ST ZA, (AX); \
	ST ZB, (AX)(DX*1); \
	ST ZC, (AX)(DX*2); \
	ST ZD, (AX)(R8*1); \
	LEAQ (AX)(DX*4), AX

#define T16X16F32(ST) \
	LEAQ (R11)(BX*4), R12; \
	LEAQ (R11)(BX*8), R13; \
	LEAQ (R13)(BX*4), R14; \
	MOVQ R10, AX; \
	Q16(0, ST, X0, X1, X2, X3, Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7); \
	Q16(16, ST, X8, X9, X10, X11, Z8, Z9, Z10, Z11, Z12, Z13, Z14, Z15); \
	Q16(32, ST, X0, X1, X2, X3, Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7); \
	Q16(48, ST, X8, X9, X10, X11, Z8, Z9, Z10, Z11, Z12, Z13, Z14, Z15)

// Q8 builds rows 2q and 2q+1 of an 8×8 tile of 8-byte elements: even source
// rows fill the lanes of one register, odd rows the other (pointers R11 and
// R12 = R11+4 rows), then two in-lane unpacks.
#define Q8(OFF, ST, XA, XB, ZA, ZB, T0, T1) \
	VMOVUPS OFF(R11), XA; \
	VINSERTF32X4 $1, OFF(R11)(BX*2), ZA, ZA; \
	VINSERTF32X4 $2, OFF(R12), ZA, ZA; \
	VINSERTF32X4 $3, OFF(R12)(BX*2), ZA, ZA; \
	VMOVUPS OFF(R11)(BX*1), XB; \
	VINSERTF32X4 $1, OFF(R11)(R9*1), ZB, ZB; \
	VINSERTF32X4 $2, OFF(R12)(BX*1), ZB, ZB; \
	VINSERTF32X4 $3, OFF(R12)(R9*1), ZB, ZB; \
	VUNPCKLPD ZB, ZA, T0; \
	VUNPCKHPD ZB, ZA, T1; \
	ST T0, (AX); \
	ST T1, (AX)(DX*1); \
	LEAQ (AX)(DX*2), AX

#define T8X8F64(ST) \
	LEAQ (R11)(BX*4), R12; \
	MOVQ R10, AX; \
	Q8(0, ST, X0, X1, Z0, Z1, Z2, Z3); \
	Q8(16, ST, X4, X5, Z4, Z5, Z6, Z7); \
	Q8(32, ST, X8, X9, Z8, Z9, Z10, Z11); \
	Q8(48, ST, X12, X13, Z12, Z13, Z14, Z15)

// B8LOADAT loads the 16 source rows of a 16×16 tile of 1-byte elements,
// or of a 16×8 tile of 2-byte ones, from S: 16 bytes of each, paired
// across lanes. Y0-Y7 get source rows k (low lane) and k+8 (high lane),
// from S (rows 0-3), R12 (4-7), R13 (8-11) and R14 (12-15).
#define B8LOADAT(S) \
	LEAQ (S)(BX*4), R12; \
	LEAQ (S)(BX*8), R13; \
	LEAQ (R13)(BX*4), R14; \
	PAIRS4(S, R13, 0, X0, X1, X2, X3, Y0, Y1, Y2, Y3); \
	PAIRS4(R12, R14, 0, X4, X5, X6, X7, Y4, Y5, Y6, Y7)

// UNPACK8 interleaves the eight registers S0-S7 pairwise, (S0,S1),
// (S2,S3), (S4,S5), (S6,S7), in units of LO/HI (VPUNPCKL/H of bytes,
// words, doublewords or quadwords) into D0-D7: D0, D1 the low and high
// halves of (S0,S1), and so on.
#define UNPACK8(LO, HI, S0, S1, S2, S3, S4, S5, S6, S7, D0, D1, D2, D3, D4, D5, D6, D7) \
	LO S1, S0, D0; \
	HI S1, S0, D1; \
	LO S3, S2, D2; \
	HI S3, S2, D3; \
	LO S5, S4, D4; \
	HI S5, S4, D5; \
	LO S7, S6, D6; \
	HI S7, S6, D7

// ROUNDSB transposes the 16 source rows of bytes that B8LOADAT leaves in
// Y0-Y7 with three rounds of in-lane unpacks (bytes, words, doublewords):
// Y8-Y15, register j, hold columns 2j and 2j+1 of each lane's eight rows,
// 8 bytes each. ROUNDSW does the same for 2-byte elements (words,
// doublewords, quadwords): Y8-Y15 hold the columns of both lanes' rows,
// low lane rows 0-7 and high lane rows 8-15, one destination row each.
#define ROUNDSB \
	UNPACK8(VPUNPCKLBW, VPUNPCKHBW, Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7, Y8, Y9, Y10, Y11, Y12, Y13, Y14, Y15); \
	UNPACK8(VPUNPCKLWD, VPUNPCKHWD, Y8, Y10, Y9, Y11, Y12, Y14, Y13, Y15, Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7); \
	UNPACK8(VPUNPCKLDQ, VPUNPCKHDQ, Y0, Y4, Y1, Y5, Y2, Y6, Y3, Y7, Y8, Y9, Y10, Y11, Y12, Y13, Y14, Y15)

#define ROUNDSW \
	UNPACK8(VPUNPCKLWD, VPUNPCKHWD, Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7, Y8, Y9, Y10, Y11, Y12, Y13, Y14, Y15); \
	UNPACK8(VPUNPCKLDQ, VPUNPCKHDQ, Y8, Y10, Y9, Y11, Y12, Y14, Y13, Y15, Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7); \
	UNPACK8(VPUNPCKLQDQ, VPUNPCKHQDQ, Y0, Y4, Y1, Y5, Y2, Y6, Y3, Y7, Y8, Y9, Y10, Y11, Y12, Y13, Y14, Y15)

// T16X16B transposes a 16×16 tile of 1-byte elements from R11 to R10.
// Each lane of Y0-Y7 (B8LOADAT) holds eight source rows of 16 bytes; three
// rounds of in-lane unpacks (bytes, words, doublewords) leave in Y8-Y15,
// register j, columns 2j and 2j+1 of the lane's eight rows, 8 bytes each;
// VPERMQ then puts column 2j of all 16 rows in the low lane and column
// 2j+1 in the high lane: destination rows 2j and 2j+1, one 16-byte store
// each.
#define T16X16B \
	B8LOADAT(R11); \
	ROUNDSB; \
	MOVQ R10, AX; \
	W2ROWS(Y8, X8, Y9, X9); \
	W2ROWS(Y10, X10, Y11, X11); \
	W2ROWS(Y12, X12, Y13, X13); \
	W2ROWS(Y14, X14, Y15, X15)

// S2ROWS stores the 16-byte pieces of destination rows 2j and 2j+1 (in
// A, as T16X16B leaves them) at OFF in the stack scratch, whose rows are
// 64 bytes apart: R0 and R1 the rows' offsets plus OFF.
#define S2ROWS(A, XA, R0, R1) \
	VPERMQ $0xD8, A, A; \
	VMOVDQU XA, R0(SP); \
	VEXTRACTI128 $1, A, R1(SP)

// Q16B transposes the 16 source rows from AX into the pieces at OFF of
// the scratch's 16 rows, then points AX at the next 16 source rows.
#define Q16B(OFF) \
	B8LOADAT(AX); \
	ROUNDSB; \
	S2ROWS(Y8, X8, OFF+0, OFF+64); \
	S2ROWS(Y9, X9, OFF+128, OFF+192); \
	S2ROWS(Y10, X10, OFF+256, OFF+320); \
	S2ROWS(Y11, X11, OFF+384, OFF+448); \
	S2ROWS(Y12, X12, OFF+512, OFF+576); \
	S2ROWS(Y13, X13, OFF+640, OFF+704); \
	S2ROWS(Y14, X14, OFF+768, OFF+832); \
	S2ROWS(Y15, X15, OFF+896, OFF+960); \
	LEAQ (R14)(BX*4), AX

// NT4LINES stores scratch rows ROW..ROW+3 (64 bytes each) as whole
// destination lines at AX, AX+DX, AX+2*DX and AX+R8, each with two
// adjacent non-temporal stores (L4: VMOVNTPS moves the bytes as they
// are), then advances AX by four rows.
#define NT4LINES(ROW) \
	VMOVDQU (ROW*64)(SP), Y0; \
	VMOVDQU (ROW*64+32)(SP), Y1; \
	VMOVDQU (ROW*64+64)(SP), Y2; \
	VMOVDQU (ROW*64+96)(SP), Y3; \
	VMOVDQU (ROW*64+128)(SP), Y4; \
	VMOVDQU (ROW*64+160)(SP), Y5; \
	VMOVDQU (ROW*64+192)(SP), Y6; \
	VMOVDQU (ROW*64+224)(SP), Y7; \
	L4(AX, Y0, Y2, Y4, Y6, Y1, Y3, Y5, Y7); \
	LEAQ (AX)(DX*4), AX

// T64X16BNT transposes 64 source rows of 16 bytes from R11 into 16
// destination rows of 64 bytes (one whole line each) at R10: four 16×16
// byte tiles (Q16B) write their rows' 16-byte pieces into a 1 KiB scratch
// on the stack, in L1, and each destination line is then stored whole,
// non-temporally, from it: a 16×16 tile alone writes a quarter line per
// row, and the lines of four tiles in flight at once are more than the
// core's write-combining buffers hold.
#define T64X16BNT \
	MOVQ R11, AX; \
	Q16B(0); \
	Q16B(16); \
	Q16B(32); \
	Q16B(48); \
	MOVQ R10, AX; \
	NT4LINES(0); \
	NT4LINES(4); \
	NT4LINES(8); \
	NT4LINES(12)

// W2ROWS stores destination rows 4q..4q+3 at AX from A (rows 4q, 4q+1)
// and B (4q+2, 4q+3) as T16X16B leaves them, then advances AX by four rows.
#define W2ROWS(A, XA, B, XB) \
	VPERMQ $0xD8, A, A; \
	VPERMQ $0xD8, B, B; \
	VMOVDQU XA, (AX); \
	VEXTRACTI128 $1, A, (AX)(DX*1); \
	VMOVDQU XB, (AX)(DX*2); \
	VEXTRACTI128 $1, B, (AX)(R8*1); \
	LEAQ (AX)(DX*4), AX

// T8X16W transposes a tile of 2-byte elements from R11 to R10: 16 source
// rows of 8 elements into 8 destination rows of 16. Each lane of Y0-Y7
// (B8LOADAT) holds eight source rows of 8 elements; three rounds of in-lane
// unpacks (words, doublewords, quadwords) leave in Y8-Y15 the columns of
// both lanes' rows, low lane rows 0-7 and high lane rows 8-15: each
// register a whole destination row of 32 bytes, one store each.
#define T8X16W \
	B8LOADAT(R11); \
	ROUNDSW; \
	LEAQ (R10)(DX*4), AX; \
	VMOVDQU Y8, (R10); \
	VMOVDQU Y9, (R10)(DX*1); \
	VMOVDQU Y10, (R10)(DX*2); \
	VMOVDQU Y11, (R10)(R8*1); \
	VMOVDQU Y12, (AX); \
	VMOVDQU Y13, (AX)(DX*1); \
	VMOVDQU Y14, (AX)(DX*2); \
	VMOVDQU Y15, (AX)(R8*1)

// Q16W transposes the 16 source rows of 8 2-byte elements from AX as
// T8X16W does, stores the 8 destination rows' 32-byte pieces at OFF in the
// stack scratch, whose rows are 64 bytes apart, then points AX at the next
// 16 source rows.
#define Q16W(OFF) \
	B8LOADAT(AX); \
	ROUNDSW; \
	VMOVDQU Y8, (OFF+0)(SP); \
	VMOVDQU Y9, (OFF+64)(SP); \
	VMOVDQU Y10, (OFF+128)(SP); \
	VMOVDQU Y11, (OFF+192)(SP); \
	VMOVDQU Y12, (OFF+256)(SP); \
	VMOVDQU Y13, (OFF+320)(SP); \
	VMOVDQU Y14, (OFF+384)(SP); \
	VMOVDQU Y15, (OFF+448)(SP); \
	LEAQ (R14)(BX*4), AX

// T32X8WNT transposes 32 source rows of 8 2-byte elements from R11 into 8
// destination rows of 64 bytes (one whole line each) at R10: two T8X16W
// tiles (Q16W) write the left and right halves of the rows into a 512-byte
// scratch on the stack, and each line is then stored whole,
// non-temporally, from it (NT4LINES), as T64X16BNT does for bytes.
#define T32X8WNT \
	MOVQ R11, AX; \
	Q16W(0); \
	Q16W(32); \
	MOVQ R10, AX; \
	NT4LINES(0); \
	NT4LINES(4)

// TILES is the body of every kernel: a loop over rows of tiles, TR
// destination rows each, and within a row over tiles of TC columns, calling
// TILE (which reads R11, writes R10, and may use AX and R12-R14, and the
// frame's scratch where the function has one; SNEXT may use AX too). A tile
// advances the destination by TC elements (DCOL bytes) and the source by
// TC rows (SNEXT); a row of tiles advances the destination by TR rows
// (DNEXT) and the source by TR elements (SROW bytes). FINISH runs before
// the return: SFENCE after non-temporal stores, else nothing.
#define TILES(SHIFT, TILE, TC, DCOL, SNEXT, TR, DNEXT, SROW, FINISH) \
	PROLOGUE(SHIFT); \
	CMPQ rows+32(FP), $0; \
	JLE  done; \
	CMPQ cols+40(FP), $0; \
	JLE  done; \
rowloop: \
	MOVQ DI, R10; \
	MOVQ SI, R11; \
	MOVQ cols+40(FP), CX; \
colloop: \
	TILE; \
	ADDQ $DCOL, R10; \
	SNEXT; \
	SUBQ $TC, CX; \
	JGT  colloop; \
	DNEXT; \
	ADDQ $SROW, SI; \
	SUBQ $TR, rows+32(FP); \
	JGT  rowloop; \
done: \
	FINISH; \
	VZEROUPPER; \
	RET

// Steps of the source (by 4, 8, 16, 32 or 64 rows; SNEXTSH by 2^SH rows)
// and of the destination (by 4, 8 or 16 rows) for TILES.
#define SNEXT4 LEAQ (R11)(BX*4), R11
#define SNEXT8 LEAQ (R11)(BX*8), R11
#define SNEXT16 LEAQ (R11)(BX*8), R11; LEAQ (R11)(BX*8), R11
#define DNEXT4 LEAQ (DI)(DX*4), DI
#define DNEXT8 LEAQ (DI)(DX*8), DI
#define DNEXT16 LEAQ (DI)(DX*8), DI; LEAQ (DI)(DX*8), DI
#define NOFENCE NOP
#define SNEXTSH(SH) MOVQ BX, AX; SHLQ $SH, AX; ADDQ AX, R11
#define SNEXT32 SNEXTSH(5)
#define SNEXT64 SNEXTSH(6)

// The tiles, as arguments for TILES.
#define TILE32AVX2 T8X8F32(R11, R10)
#define TILE64AVX2 T4X4F64(R11, R10)
#define TILE32AVX512 T16X16F32(VMOVUPS)
#define TILE32AVX512NT T16X16F32(VMOVNTPS)
#define TILE64AVX512 T8X8F64(VMOVUPS)
#define TILE64AVX512NT T8X8F64(VMOVNTPS)

// func transpose32AVX2(dst *uint32, dld int, src *uint32, sld int, rows, cols int)
TEXT ·transpose32AVX2(SB), NOSPLIT, $0-48
	TILES(2, TILE32AVX2, 8, 32, SNEXT8, 8, DNEXT8, 32, NOFENCE)

// func transpose32AVX2NT(dst *uint32, dld int, src *uint32, sld int, rows, cols int)
TEXT ·transpose32AVX2NT(SB), NOSPLIT, $0-48
	TILES(2, T8X16F32NT, 16, 64, SNEXT16, 8, DNEXT8, 32, SFENCE)

// func transpose64AVX2(dst *uint64, dld int, src *uint64, sld int, rows, cols int)
TEXT ·transpose64AVX2(SB), NOSPLIT, $0-48
	TILES(3, TILE64AVX2, 4, 32, SNEXT4, 4, DNEXT4, 32, NOFENCE)

// func transpose64AVX2NT(dst *uint64, dld int, src *uint64, sld int, rows, cols int)
TEXT ·transpose64AVX2NT(SB), NOSPLIT, $0-48
	TILES(3, T4X8F64NT, 8, 64, SNEXT8, 4, DNEXT4, 32, SFENCE)

// func transpose32AVX512(dst *uint32, dld int, src *uint32, sld int, rows, cols int)
TEXT ·transpose32AVX512(SB), NOSPLIT, $0-48
	TILES(2, TILE32AVX512, 16, 64, SNEXT16, 16, DNEXT16, 64, NOFENCE)

// func transpose32AVX512NT(dst *uint32, dld int, src *uint32, sld int, rows, cols int)
TEXT ·transpose32AVX512NT(SB), NOSPLIT, $0-48
	TILES(2, TILE32AVX512NT, 16, 64, SNEXT16, 16, DNEXT16, 64, SFENCE)

// func transpose64AVX512(dst *uint64, dld int, src *uint64, sld int, rows, cols int)
TEXT ·transpose64AVX512(SB), NOSPLIT, $0-48
	TILES(3, TILE64AVX512, 8, 64, SNEXT8, 8, DNEXT8, 64, NOFENCE)

// func transpose64AVX512NT(dst *uint64, dld int, src *uint64, sld int, rows, cols int)
TEXT ·transpose64AVX512NT(SB), NOSPLIT, $0-48
	TILES(3, TILE64AVX512NT, 8, 64, SNEXT8, 8, DNEXT8, 64, SFENCE)

// func transpose8AVX2(dst *uint8, dld int, src *uint8, sld int, rows, cols int)
TEXT ·transpose8AVX2(SB), NOSPLIT, $0-48
	TILES(0, T16X16B, 16, 16, SNEXT16, 16, DNEXT16, 16, NOFENCE)

// func transpose16AVX2(dst *uint16, dld int, src *uint16, sld int, rows, cols int)
TEXT ·transpose16AVX2(SB), NOSPLIT, $0-48
	TILES(1, T8X16W, 16, 32, SNEXT16, 8, DNEXT8, 16, NOFENCE)

// func transpose8AVX2NT(dst *uint8, dld int, src *uint8, sld int, rows, cols int)
// A 1 KiB frame holds T64X16BNT's scratch, more than a NOSPLIT function
// may take: the function checks its stack (it calls nothing).
TEXT ·transpose8AVX2NT(SB), $1024-48
	TILES(0, T64X16BNT, 64, 64, SNEXT64, 16, DNEXT16, 16, SFENCE)

// func transpose16AVX2NT(dst *uint16, dld int, src *uint16, sld int, rows, cols int)
// A 512-byte frame holds T32X8WNT's scratch; as transpose8AVX2NT, the
// function checks its stack.
TEXT ·transpose16AVX2NT(SB), $512-48
	TILES(1, T32X8WNT, 32, 64, SNEXT32, 8, DNEXT8, 16, SFENCE)
