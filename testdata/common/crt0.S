/*
 * crt0.S - start-up code shared by Rewind's test firmware.
 *
 * Every hart enters _start with a0 = hart id (QEMU's -bios none reset
 * vector and Rewind both do this; mhartid is read anyway to be safe).
 * Each hart gets its own 4 KiB stack, up to MAX_HARTS harts; extra harts
 * park in wfi. Hart 0 zeroes .bss and then releases the other harts,
 * which spin on a flag kept in .data (the loader puts it there as 0).
 * main(hartid) is called on every hart; when hart 0's main returns,
 * its value becomes the exit code through the SiFive test device.
 * Other harts park when main returns.
 */

	.file "crt0.S"

#define MAX_HARTS    4
#define TEST_DEVICE  0x00100000

	.section .text.init, "ax", @progbits
	.globl _start
	.type _start, @function
_start:
	.option push
	.option norelax
	la	gp, __global_pointer$
	.option pop
	csrr	a0, mhartid
	li	t0, MAX_HARTS
	bgeu	a0, t0, park

	/* sp = __stack_top - hartid * 4096 */
	la	sp, __stack_top
	slli	t0, a0, 12
	sub	sp, sp, t0

	bnez	a0, wait_for_bss

	/* hart 0: zero .bss (word aligned by the linker script) */
	la	t0, __bss_start
	la	t1, __bss_end
1:	bgeu	t0, t1, 2f
	sw	zero, 0(t0)
	addi	t0, t0, 4
	j	1b
2:	fence	rw, rw
	la	t0, crt0_bss_ready
	li	t1, 1
	sw	t1, 0(t0)
	j	call_main

wait_for_bss:
	la	t0, crt0_bss_ready
1:	lw	t1, 0(t0)
	beqz	t1, 1b
	fence	rw, rw

call_main:
	csrr	s0, mhartid
	mv	a0, s0
	call	main
	bnez	s0, park
	/* hart 0 returned: exit with main's value */
	.globl crt0_exit
crt0_exit:
	li	t0, TEST_DEVICE
	bnez	a0, 1f
	li	t1, 0x5555
	sw	t1, 0(t0)
	j	park
1:	slli	t1, a0, 16
	li	t2, 0x3333
	or	t1, t1, t2
	sw	t1, 0(t0)

park:
	wfi
	j	park
	.size _start, . - _start

	.section .data.crt0, "aw", @progbits
	.balign 4
	.globl crt0_bss_ready
crt0_bss_ready:
	.word 0
