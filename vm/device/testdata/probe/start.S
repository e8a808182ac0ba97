# Entry point and trap handler of the device probe firmware.
	.section .text.start
	.globl _start
_start:
	la	sp, stack_top
	la	t0, trap
	csrw	mtvec, t0
	call	main
1:	j	1b

# trap records mcause in trap_cause and skips the faulting instruction
# (every probed access is a 4-byte instruction).
	.align	2
trap:
	csrw	mscratch, t0
	csrr	t0, mcause
	sw	t0, trap_cause, t1
	csrr	t0, mepc
	addi	t0, t0, 4
	csrw	mepc, t0
	csrr	t0, mscratch
	mret

	.bss
	.align	4
	.space	4096
stack_top:
