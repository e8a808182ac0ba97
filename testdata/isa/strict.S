/* strict.S - behaviours the specification requires where QEMU 7.2 differs,
 * so this ELF runs on Rewind only:
 *  - a misaligned AMO raises store/AMO address misaligned (mcause 6, QEMU
 *    says 4) with the address in mtval, and does not write memory;
 *  - mepc bit 0 always reads 0 (IALIGN = 16; QEMU keeps the bit);
 *  - minstret, minstreth, mcycle, mcycleh are writable: after a write the
 *    counter continues from the written value. */
#include "isa.h"

TEST_BEGIN

	TEST_TRAP(1, 6, la x1, adata + 2; li x4, 5; 88: amoadd.w x14, x4, (x1))
	CHECK_TVAL_ADDR(adata + 2)
	TEST_TRAP(2, 6, la x1, adata + 1; li x4, 5; 88: amoswap.w x14, x4, (x1))
	CHECK_TVAL_ADDR(adata + 1)
	TEST_TRAP(3, 6, la x1, adata + 3; li x4, 5; 88: amomaxu.w x14, x4, (x1))
	CHECK_TVAL_ADDR(adata + 3)
	TEST_CASE(4, x15, 0x01020304, la x1, adata; lw x15, 0(x1))
	TEST_CASE(5, x15, 0x05060708, la x1, adata; lw x15, 4(x1))

	TEST_CASE(10, x14, 0x80000122, li x1, 0x80000123; csrw mepc, x1; csrr x14, mepc)

	/* minstret: write 0, the next instruction reads a small count */
	li TESTNUM, 20
	csrw minstret, zero
	csrr x14, minstret
	sltiu x15, x14, 3
	CHECK(x15, 1)
	li TESTNUM, 21
	li x1, 1000
	csrw minstret, x1
	nop
	nop
	csrr x14, minstret
	sub x14, x14, x1
	sltiu x15, x14, 5
	CHECK(x15, 1)
	TEST_CASE(22, x14, 0x00000123, li x1, 0x123; csrw minstreth, x1; csrr x14, minstreth)
	TEST_CASE(23, x14, 0x00000123, csrr x14, instreth)
	li TESTNUM, 24                  /* carry from minstret into minstreth */
	csrw minstreth, zero
	li x1, -2
	csrw minstret, x1
	nop
	nop
	nop
	csrr x14, minstreth
	CHECK(x14, 1)
	/* mcycle likewise */
	li TESTNUM, 30
	li x1, 5000
	csrw mcycle, x1
	csrr x14, mcycle
	sub x14, x14, x1
	sltiu x15, x14, 100
	CHECK(x15, 1)
	TEST_CASE(31, x14, 0x00000456, li x1, 0x456; csrw mcycleh, x1; csrr x14, mcycleh)

	j pass

TEST_END

	.data
	.balign 16
adata:	.word 0x01020304, 0x05060708
