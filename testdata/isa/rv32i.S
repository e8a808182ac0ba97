/* rv32i.S - every RV32I computational, memory and control instruction. */
#include "isa.h"

TEST_BEGIN

	/* add / sub */
	TEST_RR(1, add, 0x00000000, 0x00000000, 0x00000000)
	TEST_RR(2, add, 0x00000003, 0x00000001, 0x00000002)
	TEST_RR(3, add, 0x80000000, 0x7fffffff, 0x00000001)
	TEST_RR(4, add, 0x00000000, 0xffffffff, 0x00000001)
	TEST_RR(5, add, 0xfffffffe, 0xffffffff, 0xffffffff)
	TEST_RR_SRC1_EQ_DEST(6, add, 30, 13, 17)
	TEST_RR_SRC2_EQ_DEST(7, add, 31, 14, 17)
	TEST_RR_ZERODEST(8, add, 5, 6)
	TEST_RR(10, sub, 0x00000000, 0x00000005, 0x00000005)
	TEST_RR(11, sub, 0xffffffff, 0x00000000, 0x00000001)
	TEST_RR(12, sub, 0x7fffffff, 0x80000000, 0x00000001)
	TEST_RR(13, sub, 0x80000001, 0x00000000, 0x7fffffff)
	TEST_RR_SRC1_EQ_DEST(14, sub, 2, 13, 11)

	/* logic */
	TEST_RR(20, and, 0x0f000f00, 0xff00ff00, 0x0f0f0f0f)
	TEST_RR(21, or,  0xff0fff0f, 0xff00ff00, 0x0f0f0f0f)
	TEST_RR(22, xor, 0xf00ff00f, 0xff00ff00, 0x0f0f0f0f)
	TEST_IMM(23, andi, 0x00000700, 0xff00ff00, 0x70f)
	TEST_IMM(24, andi, 0xff00ff00, 0xff00ff00, -1)
	TEST_IMM(25, ori,  0xff00ff0f, 0xff00ff00, 0x00f)
	TEST_IMM(26, ori,  0xfffff80f, 0x0000000f, -2048)
	TEST_IMM(27, xori, 0x00ff00f0, 0xff00ff0f, -0x1)
	TEST_IMM(28, xori, 0xff00f800, 0xff00ff0f, 0x70f)

	/* comparisons */
	TEST_RR(30, slt,  1, 0xffffffff, 0x00000000)
	TEST_RR(31, slt,  0, 0x00000000, 0xffffffff)
	TEST_RR(32, slt,  0, 0x7fffffff, 0x80000000)
	TEST_RR(33, slt,  0, 0x00000005, 0x00000005)
	TEST_RR(34, sltu, 0, 0xffffffff, 0x00000000)
	TEST_RR(35, sltu, 1, 0x00000000, 0xffffffff)
	TEST_RR(36, sltu, 1, 0x7fffffff, 0x80000000)
	TEST_IMM(37, slti,  1, 0xfffffffe, -1)
	TEST_IMM(38, slti,  0, 0x00000000, -2048)
	TEST_IMM(39, slti,  1, 0x80000000, 2047)
	TEST_IMM(40, sltiu, 1, 0x00000000, -1)    /* imm sign-extends to 0xffffffff */
	TEST_IMM(41, sltiu, 0, 0xffffffff, 1)
	TEST_IMM(42, sltiu, 1, 0x00000000, 1)     /* seqz */
	TEST_IMM(43, sltiu, 0, 0x00000007, 1)

	/* shifts (only the low 5 bits of rs2 count) */
	TEST_RR(50, sll, 0x00000001, 0x00000001, 0)
	TEST_RR(51, sll, 0x80000000, 0x00000001, 31)
	TEST_RR(52, sll, 0x00000002, 0x00000001, 33)
	TEST_RR(53, sll, 0x21212121, 0x21212121, 0xffffffe0)
	TEST_RR(54, srl, 0x7fffffff, 0xffffffff, 1)
	TEST_RR(55, srl, 0x00000001, 0x80000000, 31)
	TEST_RR(56, srl, 0x40000000, 0x80000000, 0xffffffe1)
	TEST_RR(57, sra, 0xffffffff, 0x80000000, 31)
	TEST_RR(58, sra, 0xc0000000, 0x80000000, 1)
	TEST_RR(59, sra, 0x3fffffff, 0x7fffffff, 0x21)
	TEST_IMM(60, slli, 0x00000080, 0x00000001, 7)
	TEST_IMM(61, slli, 0x80000000, 0xffffffff, 31)
	TEST_IMM(62, srli, 0x01ffffff, 0xffffffff, 7)
	TEST_IMM(63, srli, 0x00000001, 0x80000001, 31)
	TEST_IMM(64, srai, 0xff000000, 0x80000000, 7)
	TEST_IMM(65, srai, 0x00ffffff, 0x7fffffff, 7)
	TEST_IMM(66, srai, 0xffffffff, 0x80000001, 31)

	/* addi */
	TEST_IMM(70, addi, 0x00000000, 0x00000000, 0)
	TEST_IMM(71, addi, 0x000007ff, 0x00000000, 2047)
	TEST_IMM(72, addi, 0xfffff800, 0x00000000, -2048)
	TEST_IMM(73, addi, 0x80000000, 0x7fffffff, 1)
	TEST_IMM(74, addi, 0x7fffffff, 0x80000000, -1)
	TEST_CASE(75, x0, 0, addi x0, x0, 77)

	/* lui / auipc */
	TEST_CASE(80, x14, 0x12345000, lui x14, 0x12345)
	TEST_CASE(81, x14, 0xfffff000, lui x14, 0xfffff)
	TEST_CASE(82, x14, 0x00000000, lui x14, 0)
	TEST_CASE(83, x14, 0, 1: auipc x14, 0; la x15, 1b; sub x14, x14, x15)
	TEST_CASE(84, x14, 0x3000, 1: auipc x14, 3; la x15, 1b; sub x14, x14, x15)
	TEST_CASE(85, x14, 0xfffff000, 1: auipc x14, 0xfffff; la x15, 1b; sub x14, x14, x15)

	/* jal / jalr: link values and targets */
	li TESTNUM, 90
	.option push
	.option norvc
	jal x1, 1f
2:	j fail
1:	la x15, 2b
	bne x1, x15, fail
	li TESTNUM, 91
	la x5, 3f
	jalr x1, 0(x5)
4:	j fail
3:	la x15, 4b
	bne x1, x15, fail
	li TESTNUM, 92              /* jalr clears bit 0 of the target, offset applies */
	la x5, 5f
	addi x5, x5, -7
	jalr x1, 8(x5)
	j fail
5:	li TESTNUM, 93              /* rd == rs1: target uses the old value */
	la x5, 6f
	jalr x5, 0(x5)
7:	j fail
6:	la x15, 7b
	bne x5, x15, fail
	li TESTNUM, 94              /* jal x0 / jalr x0 do not link */
	jal x0, 8f
	j fail
8:	la x5, 9f
	jalr x0, 0(x5)
	j fail
9:	.option pop

	/* conditional branches */
	TEST_BR_TAKEN(100, beq, 0, 0)
	TEST_BR_TAKEN(101, beq, -1, -1)
	TEST_BR_NOT_TAKEN(102, beq, 0, 1)
	TEST_BR_TAKEN(103, bne, 0, 1)
	TEST_BR_NOT_TAKEN(104, bne, 7, 7)
	TEST_BR_TAKEN(105, blt, -1, 0)
	TEST_BR_TAKEN(106, blt, 0x80000000, 0x7fffffff)
	TEST_BR_NOT_TAKEN(107, blt, 0, -1)
	TEST_BR_NOT_TAKEN(108, blt, 5, 5)
	TEST_BR_TAKEN(109, bge, 0, -1)
	TEST_BR_TAKEN(110, bge, 5, 5)
	TEST_BR_NOT_TAKEN(111, bge, 0x80000000, 0)
	TEST_BR_TAKEN(112, bltu, 0, -1)
	TEST_BR_TAKEN(113, bltu, 0x7fffffff, 0x80000000)
	TEST_BR_NOT_TAKEN(114, bltu, -1, 0)
	TEST_BR_NOT_TAKEN(115, bltu, 3, 3)
	TEST_BR_TAKEN(116, bgeu, -1, 0)
	TEST_BR_TAKEN(117, bgeu, 3, 3)
	TEST_BR_NOT_TAKEN(118, bgeu, 0, 0x80000000)

	/* loads: sign and zero extension */
	TEST_LOAD(120, lb,  0xffffffef, 0, ldata)
	TEST_LOAD(121, lb,  0x00000001, 4, ldata)
	TEST_LOAD(122, lbu, 0x000000ef, 0, ldata)
	TEST_LOAD(123, lbu, 0x000000de, 3, ldata)
	TEST_LOAD(124, lh,  0xffffbeef, 0, ldata)
	TEST_LOAD(125, lh,  0xffffdead, 2, ldata)
	TEST_LOAD(126, lh,  0x00007f01, 4, ldata)
	TEST_LOAD(127, lhu, 0x0000beef, 0, ldata)
	TEST_LOAD(128, lhu, 0x0000dead, 2, ldata)
	TEST_LOAD(129, lw,  0xdeadbeef, 0, ldata)
	TEST_LOAD(130, lw,  0x12347f01, 4, ldata)
	TEST_LOAD(131, lw,  0xdeadbeef, -4, ldata + 4)
	TEST_LOAD(132, lbu, 0x00000012, -1, ldata + 8)
	/* misaligned loads work */
	TEST_LOAD(133, lw,  0x7f01dead, 2, ldata)
	TEST_LOAD(134, lh,  0x000001de, 3, ldata)
	TEST_LOAD(135, lhu, 0x0000adbe, 1, ldata)

	/* stores */
	TEST_STORE(140, lw,  sw, 0xaabbccdd, 0xaabbccdd, 0, sdata)
	TEST_STORE(141, lw,  sw, 0x01020304, 0x01020304, 4, sdata)
	TEST_STORE(142, lbu, sb, 0x000000a5, 0xffffffa5, 1, sdata)
	TEST_STORE(143, lw,  lw, 0xaabba5dd, 0, 0, sdata)      /* sb changed one byte */
	TEST_STORE(144, lh,  sh, 0xffff8001, 0x12348001, 2, sdata)
	TEST_STORE(145, lw,  lw, 0x8001a5dd, 0, 0, sdata)
	TEST_STORE(146, lw,  sw, 0x55667788, 0x55667788, -4, sdata + 12)
	TEST_STORE(147, lw,  sw, 0xcafef00d, 0xcafef00d, 1, sdata + 16)  /* misaligned */
	TEST_STORE(148, lbu, lbu, 0x0000000d, 0, 1, sdata + 16)
	TEST_STORE(149, lh,  sh, 0xffffbeef, 0xbeef, 3, sdata + 24)      /* misaligned */

	/* fence orders nothing observable on one hart, but must execute */
	TEST_CASE(150, x14, 9, li x14, 9; fence; fence rw, rw; fence iorw, iorw; fence.tso)

	/* x0 stays zero after every kind of write */
	TEST_CASE(151, x0, 0, lui x0, 0x12345; auipc x0, 1; la x5, ldata; lw x0, 0(x5))

	j pass

TEST_END

	.data
	.balign 16
ldata:	.word 0xdeadbeef, 0x12347f01, 0x00000000
	.balign 16
sdata:	.space 32
