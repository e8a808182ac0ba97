/*
 * loop.S - endless test program for the checkpoint package.
 *
 * It calls "once" one time (on its own code page), then loops forever:
 * each iteration (about 150 steps) bumps a counter in RAM, spins in a
 * delay loop, every 1024th iteration stores to "rare", and calls "hot".
 * Addresses (see loop.dis): once, hot, the counter and rare are found
 * through the symbol table by the tests.
 */
	.file "loop.S" /* a fixed name: without it the assembler records its temporary file name */
	.section .text.init
	.globl _start
_start:
	la	s0, counter
	li	s1, 0
	li	t1, 0
	jal	ra, once
loop:
	addi	s1, s1, 1
	sw	s1, 0(s0)
	li	t2, 70
delay:
	addi	t2, t2, -1
	bnez	t2, delay
	andi	t0, s1, 1023
	bnez	t0, skip
	la	t3, rare
	sw	s1, 0(t3)
skip:
	jal	ra, hot
	j	loop

	.globl hot
hot:
	addi	t1, t1, 3
	sw	t1, 4(s0)
	ret

	.section .text.once, "ax"
	.balign 4096
	.globl once
once:
	li	t4, 0x5a
	la	t3, onceval
	sw	t4, 0(t3)
	ret

	.data
	.balign 4096
	.globl counter
counter:
	.word 0, 0
	.balign 4096
	.globl rare
rare:
	.word 0
	.balign 4096
	.globl onceval
onceval:
	.word 0
