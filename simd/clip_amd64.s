//go:build amd64 && !purego

#include "textflag.h"
#include "stream_amd64.h"

// The Clip kernels: t = VMAXPS with x first (the larger, or lo where they
// are equal or x is NaN), u = VMINPS of t and hi (the smaller, or hi where
// equal), then the lanes where x is NaN (an unordered self-compare) take
// x back: Min(Max(x, lo), hi) of loops, for lo and hi not NaN. Stored to
// dst, with non-temporal stores when nt is set (dst then 64-byte aligned),
// followed by an SFENCE. n is a multiple of the vector's lanes.
//
// CLIP is every kernel: BCAST broadcasts lo into LO and hi into HI, ONE
// clips the vector at AX and stores it by its argument; W is the lanes.
#define CLIP(BCAST, LO, HI, LOOFF, HIOFF, NTOFF, ONE, STORE, W) \
	MOVQ dst+0(FP), DI; \
	MOVQ x+8(FP), SI; \
	MOVQ n+16(FP), CX; \
	BCAST LOOFF(FP), LO; \
	BCAST HIOFF(FP), HI; \
	XORQ AX, AX; \
	STREAMLOOP(NTOFF, ONE, STORE, VMOVNTDQ, W)

#define ONE32Z(STORE) \
	VMOVUPS (SI)(AX*4), Z0; \
	VMAXPS Z3, Z0, Z1; \
	VMINPS Z4, Z1, Z1; \
	VCMPPS $3, Z0, Z0, K1; \
	VMOVAPS Z0, K1, Z1; \
	STORE Z1, (DI)(AX*4)

#define ONE64Z(STORE) \
	VMOVUPD (SI)(AX*8), Z0; \
	VMAXPD Z3, Z0, Z1; \
	VMINPD Z4, Z1, Z1; \
	VCMPPD $3, Z0, Z0, K1; \
	VMOVAPD Z0, K1, Z1; \
	STORE Z1, (DI)(AX*8)

#define ONE32Y(STORE) \
	VMOVUPS (SI)(AX*4), Y0; \
	VMAXPS Y3, Y0, Y1; \
	VMINPS Y4, Y1, Y1; \
	VCMPPS $3, Y0, Y0, Y2; \
	VBLENDVPS Y2, Y0, Y1, Y1; \
	STORE Y1, (DI)(AX*4)

#define ONE64Y(STORE) \
	VMOVUPD (SI)(AX*8), Y0; \
	VMAXPD Y3, Y0, Y1; \
	VMINPD Y4, Y1, Y1; \
	VCMPPD $3, Y0, Y0, Y2; \
	VBLENDVPD Y2, Y0, Y1, Y1; \
	STORE Y1, (DI)(AX*8)

// func clip32AVX512(dst, x *float32, n int, lo, hi float32, nt bool)
TEXT ·clip32AVX512(SB), NOSPLIT, $0-33
	CLIP(VBROADCASTSS, Z3, Z4, lo+24, hi+28, nt+32, ONE32Z, VMOVUPS, 16)

// func clip64AVX512(dst, x *float64, n int, lo, hi float64, nt bool)
TEXT ·clip64AVX512(SB), NOSPLIT, $0-41
	CLIP(VBROADCASTSD, Z3, Z4, lo+24, hi+32, nt+40, ONE64Z, VMOVUPD, 8)

// func clip32AVX2(dst, x *float32, n int, lo, hi float32, nt bool)
TEXT ·clip32AVX2(SB), NOSPLIT, $0-33
	CLIP(VBROADCASTSS, Y3, Y4, lo+24, hi+28, nt+32, ONE32Y, VMOVUPS, 8)

// func clip64AVX2(dst, x *float64, n int, lo, hi float64, nt bool)
TEXT ·clip64AVX2(SB), NOSPLIT, $0-41
	CLIP(VBROADCASTSD, Y3, Y4, lo+24, hi+32, nt+40, ONE64Y, VMOVUPD, 4)
