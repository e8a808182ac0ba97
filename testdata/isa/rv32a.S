/* rv32a.S - atomics: every AMO, lr.w/sc.w, ordering bits, misaligned
 * lr.w (misaligned AMOs are in amo-misaligned.S). */
#include "isa.h"

/* TEST_AMO: memory holds `mem`, op with rs2 = src must return mem in rd
 * and leave `result` in memory. */
#define TEST_AMO(n, op, result, mem, src)                               \
	li TESTNUM, n;                                                  \
	la x1, adata;                                                   \
	li x2, mem;                                                     \
	sw x2, 0(x1);                                                   \
	li x4, src;                                                     \
	op x14, x4, (x1);                                               \
	CHECK(x14, mem);                                                \
	lw x15, 0(x1);                                                  \
	CHECK(x15, result)

TEST_BEGIN

	TEST_AMO(1,  amoswap.w, 0xcafef00d, 0x12345678, 0xcafef00d)
	TEST_AMO(2,  amoadd.w,  0x00000000, 0xffffffff, 0x00000001)
	TEST_AMO(3,  amoadd.w,  0x80000000, 0x7fffffff, 0x00000001)
	TEST_AMO(4,  amoxor.w,  0xf00ff00f, 0xff00ff00, 0x0f0f0f0f)
	TEST_AMO(5,  amoand.w,  0x0f000f00, 0xff00ff00, 0x0f0f0f0f)
	TEST_AMO(6,  amoor.w,   0xff0fff0f, 0xff00ff00, 0x0f0f0f0f)
	TEST_AMO(7,  amomin.w,  0xffffffff, 0x00000001, 0xffffffff)
	TEST_AMO(8,  amomin.w,  0x80000000, 0x80000000, 0x7fffffff)
	TEST_AMO(9,  amomax.w,  0x00000001, 0x00000001, 0xffffffff)
	TEST_AMO(10, amomax.w,  0x7fffffff, 0x80000000, 0x7fffffff)
	TEST_AMO(11, amominu.w, 0x00000001, 0x00000001, 0xffffffff)
	TEST_AMO(12, amominu.w, 0x7fffffff, 0x80000000, 0x7fffffff)
	TEST_AMO(13, amomaxu.w, 0xffffffff, 0x00000001, 0xffffffff)
	TEST_AMO(14, amomaxu.w, 0x80000000, 0x80000000, 0x7fffffff)
	TEST_AMO(15, amoadd.w.aq,   0x00000005, 0x00000002, 0x00000003)
	TEST_AMO(16, amoadd.w.rl,   0x00000005, 0x00000002, 0x00000003)
	TEST_AMO(17, amoswap.w.aqrl, 0x00000009, 0x00000002, 0x00000009)

	/* rd == x0 still performs the AMO */
	TEST_CASE(18, x15, 0x00000007, la x1, adata; li x2, 3; sw x2, 0(x1);
		  li x4, 4; amoadd.w x0, x4, (x1); lw x15, 0(x1))
	/* rd == rs2: rd gets the old value, memory gets the old rs2 */
	TEST_CASE(19, x15, 0x00000010, la x1, adata; li x2, 6; sw x2, 0(x1);
		  li x4, 10; amoadd.w x4, x4, (x1); lw x15, 0(x1); CHECK(x4, 6))

	/* sc.w without a reservation fails and does not write */
	TEST_CASE(20, x14, 1, la x1, adata; li x2, 0x11; sw x2, 0(x1);
		  li x4, 0x22; sc.w x14, x4, (x1); snez x14, x14;
		  lw x15, 0(x1); CHECK(x15, 0x11))
	/* lr.w then sc.w succeeds (rd = 0) and writes */
	TEST_CASE(21, x15, 0x33, la x1, adata; lr.w x14, (x1); CHECK(x14, 0x11);
		  li x4, 0x33; sc.w x14, x4, (x1); CHECK(x14, 0); lw x15, 0(x1))
	/* the reservation is used up: a second sc.w fails */
	TEST_CASE(22, x15, 0x33, la x1, adata; li x4, 0x44; sc.w x14, x4, (x1);
		  snez x14, x14; CHECK(x14, 1); lw x15, 0(x1))
	/* ordering bits */
	TEST_CASE(23, x15, 0x55, la x1, adata; lr.w.aq x14, (x1); CHECK(x14, 0x33);
		  li x4, 0x55; sc.w.rl x14, x4, (x1); CHECK(x14, 0); lw x15, 0(x1))
	TEST_CASE(24, x15, 0x66, la x1, adata; lr.w.aqrl x14, (x1);
		  li x4, 0x66; sc.w.aqrl x14, x4, (x1); CHECK(x14, 0); lw x15, 0(x1))
	/* an lr/sc increment loop */
	TEST_CASE(25, x15, 0x67, la x1, adata;
		  1: lr.w x14, (x1); addi x14, x14, 1; sc.w x5, x14, (x1); bnez x5, 1b;
		  lw x15, 0(x1))

	/* misaligned lr.w traps (load address misaligned); mtval is the address */
	TEST_TRAP(30, 4, la x1, adata + 2; 88: lr.w x14, (x1))
	CHECK_TVAL_ADDR(adata + 2)
	TEST_TRAP(31, 4, la x1, adata + 1; 88: lr.w x14, (x1))
	CHECK_TVAL_ADDR(adata + 1)
	/* memory is unchanged */
	TEST_CASE(34, x15, 0x67, la x1, adata; lw x15, 0(x1))

	j pass

TEST_END

	.data
	.balign 16
adata:	.word 0, 0, 0, 0
