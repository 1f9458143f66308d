// STREAMLOOP is the loop of the kernels that may store with non-temporal
// stores (Select, Clip): with the byte at NTOFF(FP) zero, ONE(STORE) does
// the vector at element AX and AX advances by W while below CX; with it
// set, ONE(NTSTORE) does, and an SFENCE orders the non-temporal stores
// before the kernel returns. The caller has loaded its registers, AX is 0.
#define STREAMLOOP(NTOFF, ONE, STORE, NTSTORE, W) \
	CMPB NTOFF(FP), $0; \
	JNE loopnt; \
loop: \
	CMPQ AX, CX; \
	JAE done; \
	ONE(STORE); \
	ADDQ $W, AX; \
	JMP loop; \
loopnt: \
	CMPQ AX, CX; \
	JAE fence; \
	ONE(NTSTORE); \
	ADDQ $W, AX; \
	JMP loopnt; \
fence: \
	SFENCE; \
done: \
	VZEROUPPER; \
	RET
