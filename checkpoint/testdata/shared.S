/*
 * shared.S - test program for segment summaries finer than a page.
 *
 * Like loop.S, but "once" (called one time) lies on the same code page as
 * the loop and "hot", in a 64-byte line of its own, and "onceval" (stored
 * to one time, by once) lies on the same data page as the counters the
 * loop stores to in every iteration, in a line of its own. "once" also
 * writes the CLINT's mtimecmp (hart 0's, interrupts stay off) one time,
 * while "hot" reads mtime in every iteration: a device register written
 * once among device accesses all the time.
 */
	.file "shared.S"
	.section .text.init
	.globl _start
_start:
	la	s0, counter
	li	s1, 0
	li	t1, 0
	li	s2, 0x0200bff8	/* CLINT mtime */
	jal	ra, once
loop:
	addi	s1, s1, 1
	sw	s1, 0(s0)
	li	t2, 70
delay:
	addi	t2, t2, -1
	bnez	t2, delay
	jal	ra, hot
	j	loop

	.globl hot
hot:
	lw	t5, 0(s2)
	addi	t1, t1, 3
	sw	t1, 4(s0)
	ret

	.balign 64
	.globl once
once:
	li	t4, 0x5a
	la	t3, onceval
	sw	t4, 0(t3)
	li	t3, 0x02004000	/* CLINT mtimecmp, hart 0 */
	sw	t4, 0(t3)
	ret

	.data
	.balign 4096
	.globl counter
counter:
	.word 0, 0
	.balign 256
	.globl onceval
onceval:
	.word 0
