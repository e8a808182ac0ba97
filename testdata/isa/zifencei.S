/* zifencei.S - self-modifying code made visible with fence.i: code copied
 * into a data page and patched there, and an instruction patched in place
 * in the text section. Each routine is run before and after patching. */
#include "isa.h"

	.option arch, +zifencei

#define ADDI_A0(imm)  (((imm) << 20) | 0x00000513)  /* addi a0, x0, imm */
#define RET           0x00008067                    /* jalr x0, 0(ra) */
#define C_LI_A0(imm)  (0x4501 | ((imm) << 2))       /* c.li a0, imm (0..31) */
#define C_JR_RA       0x8082                        /* c.jr ra */

TEST_BEGIN

	/* 1: build "addi a0, x0, 1; ret" in a data buffer and call it */
	li TESTNUM, 1
	la x8, jitbuf
	li x9, ADDI_A0(1)
	sw x9, 0(x8)
	li x9, RET
	sw x9, 4(x8)
	fence.i
	jalr ra, 0(x8)
	CHECK(a0, 1)

	/* 2: patch the immediate, fence.i, call again */
	li TESTNUM, 2
	li x9, ADDI_A0(2)
	sw x9, 0(x8)
	fence.i
	jalr ra, 0(x8)
	CHECK(a0, 2)

	/* 3: rewrite it as compressed code: c.li a0, 27; c.jr ra */
	li TESTNUM, 3
	li x9, C_LI_A0(27)
	sh x9, 0(x8)
	li x9, C_JR_RA
	sh x9, 2(x8)
	fence.i
	jalr ra, 0(x8)
	CHECK(a0, 27)

	/* 4: a byte store that changes the instruction (immediate 27 -> 5) */
	li TESTNUM, 4
	li x9, C_LI_A0(5)
	sb x9, 0(x8)
	fence.i
	jalr ra, 0(x8)
	CHECK(a0, 5)

	/* 5: a routine run many times, then patched: the new code must run */
	li TESTNUM, 5
	li x9, ADDI_A0(100)
	sw x9, 0(x8)
	li x9, RET
	sw x9, 4(x8)
	fence.i
	li x10, 0
	li x11, 0
	li x12, 50
1:	mv x13, x10
	jalr ra, 0(x8)
	add x11, x11, a0
	addi x12, x12, -1
	bnez x12, 1b
	CHECK(x11, 5000)
	li x9, ADDI_A0(-3)
	sw x9, 0(x8)
	fence.i
	jalr ra, 0(x8)
	CHECK(a0, -3)

	/* 6: patch an instruction in the text section itself */
	li TESTNUM, 6
	call patchme
	CHECK(a0, 7)
	la x8, patchme
	li x9, ADDI_A0(9)
	sw x9, 0(x8)
	fence.i
	call patchme
	CHECK(a0, 9)

	/* 7: a store into the next instruction, then fence.i, runs the new one */
	li TESTNUM, 7
	la x8, 2f
	li x9, ADDI_A0(42)
	li a0, 0
	sw x9, 0(x8)
	fence.i
	.option push
	.option norvc
2:	addi a0, x0, 1
	.option pop
	CHECK(a0, 42)

	j pass

	.balign 4
	.option push
	.option norvc
patchme:
	addi a0, x0, 7
	ret
	.option pop

TEST_END

	.data
	.balign 64
jitbuf:	.space 64
