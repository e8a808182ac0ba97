/* rv32c.S - every RV32C instruction, written with explicit c. mnemonics
 * (the assembler would otherwise pick 16- or 32-bit forms on its own). */
#include "isa.h"

TEST_BEGIN

	la sp, cstack_top

	/* immediates and register moves */
	TEST_CASE(1, x10, 31, c.li x10, 31)
	TEST_CASE(2, x10, 0xffffffe0, c.li x10, -32)
	TEST_CASE(3, x10, 0x0001f000, c.lui x10, 0x1f)
	TEST_CASE(4, x10, 0xfffe0000, c.lui x10, 0xfffe0)
	TEST_CASE(5, x10, 0x00000020, c.li x10, 1; c.addi x10, 31)
	TEST_CASE(6, x10, 0xffffffe1, c.li x10, 1; c.addi x10, -32)
	TEST_CASE(7, x10, 7, c.li x10, 7; c.nop)
	TEST_CASE(8, x12, 0x12345678, li x11, 0x12345678; c.mv x12, x11)
	TEST_CASE(9, x12, 0x12345679, li x11, 0x12345678; li x12, 1; c.add x12, x11)

	/* stack-pointer forms */
	TEST_CASE(10, x8, 16, c.addi4spn x8, sp, 16; sub x8, x8, sp)
	TEST_CASE(11, x8, 1020, c.addi4spn x8, sp, 1020; sub x8, x8, sp)
	TEST_CASE(12, x9, 0xfffffe00, mv x9, sp; c.addi16sp sp, -512; sub x9, sp, x9; c.addi16sp sp, 496; c.addi16sp sp, 16)
	TEST_CASE(13, x9, 0x1e0, mv x9, sp; c.addi16sp sp, 480; sub x9, sp, x9; addi sp, sp, -480)
	TEST_CASE(14, x10, 0xa5a55a5a, li x11, 0xa5a55a5a; c.swsp x11, 12(sp); c.lwsp x10, 12(sp))
	TEST_CASE(15, x10, 0x0badf00d, li x11, 0x0badf00d; c.swsp x11, 252(sp); lw x10, 252(sp))
	TEST_CASE(16, x10, 0x600dcafe, li x11, 0x600dcafe; sw x11, 0(sp); c.lwsp x10, 0(sp))

	/* register-based loads and stores */
	TEST_CASE(20, x10, 0x11223344, la x8, cdata; li x9, 0x11223344; c.sw x9, 0(x8); c.lw x10, 0(x8))
	TEST_CASE(21, x10, 0x55667788, la x8, cdata; li x9, 0x55667788; c.sw x9, 124(x8); c.lw x10, 124(x8))
	TEST_CASE(22, x10, 0x55667788, la x8, cdata + 124; lw x10, 0(x8))

	/* shifts and logic */
	TEST_CASE(30, x10, 0x80000000, c.li x10, 1; c.slli x10, 31)
	TEST_CASE(31, x10, 0x00000010, c.li x10, 1; c.slli x10, 4)
	TEST_CASE(32, x10, 0x00000001, li x10, 0x80000000; c.srli x10, 31)
	TEST_CASE(33, x10, 0x0fffffff, li x10, 0xffffffff; c.srli x10, 4)
	TEST_CASE(34, x10, 0xffffffff, li x10, 0x80000000; c.srai x10, 31)
	TEST_CASE(35, x10, 0x07ffffff, li x10, 0x7fffffff; c.srai x10, 4)
	TEST_CASE(36, x10, 0x0000000c, li x10, 0xff0c; c.andi x10, 15)
	TEST_CASE(37, x10, 0xffffff00, li x10, 0xffffff0f; c.andi x10, -16)
	TEST_CASE(38, x10, 0x0f000f00, li x10, 0xff00ff00; li x11, 0x0f0f0f0f; c.and x10, x11)
	TEST_CASE(39, x10, 0xff0fff0f, li x10, 0xff00ff00; li x11, 0x0f0f0f0f; c.or x10, x11)
	TEST_CASE(40, x10, 0xf00ff00f, li x10, 0xff00ff00; li x11, 0x0f0f0f0f; c.xor x10, x11)
	TEST_CASE(41, x10, 0xfffffffe, li x10, 1; li x11, 3; c.sub x10, x11)

	/* jumps and branches */
	li TESTNUM, 50
	c.j 1f
	j fail
1:	li TESTNUM, 51
	c.jal 2f
3:	j 4f
2:	la x15, 3b
	bne ra, x15, fail
	ret
4:	li TESTNUM, 52
	la x5, 5f
	c.jr x5
	j fail
5:	li TESTNUM, 53
	la x5, 6f
	c.jalr x5
7:	j 8f
6:	la x15, 7b
	bne ra, x15, fail
	c.jr ra
8:	li TESTNUM, 54
	c.li x8, 0
	c.beqz x8, 9f
	j fail
9:	c.li x8, 1
	c.beqz x8, fail_far
	li TESTNUM, 55
	c.bnez x8, 10f
	j fail
10:	c.li x8, 0
	c.bnez x8, fail_far
	li TESTNUM, 56          /* backward compressed branch */
	c.li x8, 3
11:	c.addi x8, -1
	c.bnez x8, 11b
	CHECK(x8, 0)

	/* c.ebreak traps with cause 3 at its own address */
	TEST_TRAP(60, 3, c.nop; 88: c.ebreak)

	j pass
fail_far:
	j fail

TEST_END

	.data
	.balign 16
cdata:	.space 128
	.balign 16
cstack:	.space 1024
cstack_top:
	.space 1024
