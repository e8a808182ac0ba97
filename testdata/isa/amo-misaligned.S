/* amo-misaligned.S - a misaligned AMO raises store/AMO address misaligned
 * (mcause 6) with the address in mtval and does not write memory.
 * QEMU 7.2 reports cause 4 instead, so this ELF is not run on QEMU. */
#include "isa.h"

TEST_BEGIN

	TEST_TRAP(1, 6, la x1, adata + 2; li x4, 5; 88: amoadd.w x14, x4, (x1))
	CHECK_TVAL_ADDR(adata + 2)
	TEST_TRAP(2, 6, la x1, adata + 1; li x4, 5; 88: amoswap.w x14, x4, (x1))
	CHECK_TVAL_ADDR(adata + 1)
	TEST_TRAP(3, 6, la x1, adata + 3; li x4, 5; 88: amomaxu.w x14, x4, (x1))
	CHECK_TVAL_ADDR(adata + 3)
	/* nothing was written */
	TEST_CASE(4, x15, 0x01020304, la x1, adata; lw x15, 0(x1))
	TEST_CASE(5, x15, 0x05060708, la x1, adata; lw x15, 4(x1))

	j pass

TEST_END

	.data
	.balign 16
adata:	.word 0x01020304, 0x05060708
