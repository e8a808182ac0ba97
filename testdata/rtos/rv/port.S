/*
 * port.S - the test kernel's trap entry and first-task start for RV32.
 *
 * A task's context is saved on its own stack in the RISC-V port frame of
 * FreeRTOS V11: 31 words at pxTopOfStack holding mepc (word 0), x1 (1),
 * x5..x31 (2..28), the critical nesting count (29) and mstatus (30). x2 is
 * pxTopOfStack plus the frame; gp and tp are never switched. The trap
 * handler then runs on its own stack (xISRStackTop).
 */
	.file "port.S"
	.equ FRAME, 31 * 4

	.section .text
	.balign 4
	.globl freertos_risc_v_trap_handler
	.type freertos_risc_v_trap_handler, @function
freertos_risc_v_trap_handler:
	addi	sp, sp, -FRAME
	sw	x1, 1*4(sp)
	sw	x5, 2*4(sp)
	sw	x6, 3*4(sp)
	sw	x7, 4*4(sp)
	sw	x8, 5*4(sp)
	sw	x9, 6*4(sp)
	sw	x10, 7*4(sp)
	sw	x11, 8*4(sp)
	sw	x12, 9*4(sp)
	sw	x13, 10*4(sp)
	sw	x14, 11*4(sp)
	sw	x15, 12*4(sp)
	sw	x16, 13*4(sp)
	sw	x17, 14*4(sp)
	sw	x18, 15*4(sp)
	sw	x19, 16*4(sp)
	sw	x20, 17*4(sp)
	sw	x21, 18*4(sp)
	sw	x22, 19*4(sp)
	sw	x23, 20*4(sp)
	sw	x24, 21*4(sp)
	sw	x25, 22*4(sp)
	sw	x26, 23*4(sp)
	sw	x27, 24*4(sp)
	sw	x28, 25*4(sp)
	sw	x29, 26*4(sp)
	sw	x30, 27*4(sp)
	sw	x31, 28*4(sp)
	lw	t0, xCriticalNesting
	sw	t0, 29*4(sp)
	csrr	t0, mstatus
	sw	t0, 30*4(sp)
	lw	t0, pxCurrentTCB
	sw	sp, 0(t0)
	csrr	a0, mcause
	csrr	a1, mepc
	bltz	a0, 1f		/* interrupt: resume at mepc */
	addi	a1, a1, 4	/* ecall: resume after it */
1:	sw	a1, 0(sp)
	lw	sp, xISRStackTop
	call	vPortTrapHandler
	j	restore_context
	.size freertos_risc_v_trap_handler, . - freertos_risc_v_trap_handler

	.globl vPortStartFirstTask
	.type vPortStartFirstTask, @function
vPortStartFirstTask:
	la	t0, freertos_risc_v_trap_handler
	csrw	mtvec, t0
restore_context:
	lw	t1, pxCurrentTCB
	lw	sp, 0(t1)
	lw	t0, 0(sp)
	csrw	mepc, t0
	lw	t0, 30*4(sp)
	csrw	mstatus, t0
	lw	t0, 29*4(sp)
	sw	t0, xCriticalNesting, t1
	lw	x1, 1*4(sp)
	lw	x5, 2*4(sp)
	lw	x6, 3*4(sp)
	lw	x7, 4*4(sp)
	lw	x8, 5*4(sp)
	lw	x9, 6*4(sp)
	lw	x10, 7*4(sp)
	lw	x11, 8*4(sp)
	lw	x12, 9*4(sp)
	lw	x13, 10*4(sp)
	lw	x14, 11*4(sp)
	lw	x15, 12*4(sp)
	lw	x16, 13*4(sp)
	lw	x17, 14*4(sp)
	lw	x18, 15*4(sp)
	lw	x19, 16*4(sp)
	lw	x20, 17*4(sp)
	lw	x21, 18*4(sp)
	lw	x22, 19*4(sp)
	lw	x23, 20*4(sp)
	lw	x24, 21*4(sp)
	lw	x25, 22*4(sp)
	lw	x26, 23*4(sp)
	lw	x27, 24*4(sp)
	lw	x28, 25*4(sp)
	lw	x29, 26*4(sp)
	lw	x30, 27*4(sp)
	lw	x31, 28*4(sp)
	addi	sp, sp, FRAME
	mret
	.size vPortStartFirstTask, . - vPortStartFirstTask
