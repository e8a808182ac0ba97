/* zicsr.S - the six CSR instructions, their read/write side rules, and
 * the user-level counters. */
#include "isa.h"

TEST_BEGIN

	/* csrrw returns the old value and writes the new one */
	TEST_CASE(1, x14, 0x12345678, li x1, 0x12345678; csrw mscratch, x1; csrr x14, mscratch)
	TEST_CASE(2, x14, 0x12345678, li x1, 0xcafe0000; csrrw x14, mscratch, x1)
	TEST_CASE(3, x14, 0xcafe0000, csrr x14, mscratch)
	/* csrrs sets bits, csrrc clears bits */
	TEST_CASE(4, x14, 0xcafe0000, li x1, 0x0000f00f; csrrs x14, mscratch, x1)
	TEST_CASE(5, x14, 0xcafef00f, csrr x14, mscratch)
	TEST_CASE(6, x14, 0xcafef00f, li x1, 0xca00000f; csrrc x14, mscratch, x1)
	TEST_CASE(7, x14, 0x00fef000, csrr x14, mscratch)
	/* immediate forms: 5-bit zero-extended uimm */
	TEST_CASE(8,  x14, 0x00fef000, csrrwi x14, mscratch, 31)
	TEST_CASE(9,  x14, 0x0000001f, csrr x14, mscratch)
	TEST_CASE(10, x14, 0x0000001f, csrrci x14, mscratch, 0x15)
	TEST_CASE(11, x14, 0x0000000a, csrr x14, mscratch)
	TEST_CASE(12, x14, 0x0000000a, csrrsi x14, mscratch, 0x11)
	TEST_CASE(13, x14, 0x0000001b, csrr x14, mscratch)
	TEST_CASE(14, x14, 0x0000001b, csrrwi x14, mscratch, 0)
	TEST_CASE(15, x14, 0x00000000, csrr x14, mscratch)
	/* rd == rs1: the old value goes to rd, the source is read first */
	TEST_CASE(16, x1, 0x00000000, li x1, 0x55; csrrw x1, mscratch, x1)
	TEST_CASE(17, x14, 0x00000055, csrr x14, mscratch)
	/* rd == x0 still writes */
	TEST_CASE(18, x14, 0x00000077, li x1, 0x77; csrrw x0, mscratch, x1; csrr x14, mscratch)
	TEST_CASE(19, x14, 0x0000007f, csrrsi x0, mscratch, 8; csrr x14, mscratch)
	TEST_CASE(20, x14, 0x0000007e, csrrci x0, mscratch, 1; csrr x14, mscratch)

	/* read-only CSRs: reading (csrrs/csrrc with x0, uimm 0) never traps */
	TEST_CASE(30, x14, 0, csrr x14, mhartid)
	TEST_CASE(31, x14, 0, csrrc x14, mhartid, x0; li x14, 0)
	TEST_CASE(32, x14, 0, csrrsi x14, mhartid, 0; li x14, 0)
	TEST_CASE(33, x14, 0, csrrci x14, mhartid, 0; li x14, 0)
	TEST_CASE(34, x14, 0, csrr x14, mvendorid; csrr x14, marchid; csrr x14, mimpid; li x14, 0)
	/* ... but any write to them is an illegal instruction */
	TEST_TRAP(40, 2, li x1, 1; 88: csrw mhartid, x1)
	TEST_TRAP(41, 2, 88: csrrsi x14, mhartid, 1)
	TEST_TRAP(42, 2, li x1, 1; 88: csrrs x14, mvendorid, x1)
	TEST_TRAP(43, 2, 88: csrrwi x14, mhartid, 0)      /* csrrw always writes */
	TEST_TRAP(44, 2, 88: csrw cycle, x0)                /* user counters are read-only */
	TEST_TRAP(45, 2, 88: csrw instret, x0)
	/* a trapped write did not change rd */
	TEST_CASE(46, x14, 0x99, li x14, 0x99; la t0, 1f; sw t0, trap_resume, t1;
		  csrrsi x14, mhartid, 1; 1: nop)

	/* user-level counters read the machine ones and move forward */
	TEST_CASE(50, x14, 1, rdinstret x4; nop; nop; nop; rdinstret x5; sltu x14, x4, x5)
	TEST_CASE(51, x14, 1, rdcycle x4; nop; nop; nop; rdcycle x5; sltu x14, x4, x5)
	TEST_CASE(52, x14, 1, csrr x4, minstret; nop; nop; csrr x5, minstret; sltu x14, x4, x5)
	TEST_CASE(53, x14, 1, csrr x4, mcycle; nop; nop; csrr x5, mcycle; sltu x14, x4, x5)
	TEST_CASE(54, x14, 0, rdtime x4; rdtimeh x5; rdcycleh x6; rdinstreth x7;
		  csrr x8, mcycleh; csrr x9, minstreth; li x14, 0)
	/* time agrees with the CLINT's mtime (read between two reads of time) */
	li TESTNUM, 55
	rdtime x4
	li x1, 0x0200bff8
	lw x5, 0(x1)
	rdtime x6
	bltu x5, x4, fail
	bltu x6, x5, fail

	j pass

TEST_END
