@ The ARMv6-M instruction set (Cortex-M0/M0+/M1) for the disassembler's
@ golden test.
	.file "v6m.S"
	.syntax unified
	.thumb
	.text
	.global v6m_all
	.type v6m_all, %function
	.thumb_func
v6m_all:
	movs r0, #1
	mov r8, r0
	adds r0, r1, #2
	adds r0, r1, r2
	add r0, sp, #16
	add sp, #8
	sub sp, #8
	subs r0, r1, r2
	subs r0, #200
	adcs r0, r1
	sbcs r0, r1
	rsbs r0, r1, #0
	muls r0, r1, r0
	cmp r0, r1
	cmp r8, r9
	cmn r0, r1
	ands r0, r1
	orrs r0, r1
	eors r0, r1
	bics r0, r1
	mvns r0, r1
	tst r0, r1
	lsls r0, r1, #31
	lsrs r0, r1, #1
	asrs r0, r1, #32
	lsls r0, r1
	rors r0, r1
	sxtb r0, r1
	uxth r0, r1
	rev r0, r1
	rev16 r0, r1
	revsh r0, r1
	ldr r0, [r1, #4]
	ldr r0, [sp, #8]
	ldr r0, 2f
	ldrb r0, [r1, r2]
	ldrsh r0, [r1, r2]
	str r0, [r1, #4]
	strh r0, [r1, #2]
	push {r4, lr}
	pop {r4, pc}
	ldm r0!, {r1, r2}
	stm r0!, {r1, r2}
	beq 1f
	bgt 1f
	b 1f
1:	bl v6m_all
	blx r0
	bx lr
	mrs r0, primask
	msr primask, r0
	mrs r0, control
	msr msp, r0
	dmb sy
	dsb sy
	isb sy
	cpsid i
	cpsie i
	svc #0
	bkpt #1
	nop
	wfi
	wfe
	sev
	yield
	udf #255
	.p2align 2
2:	.word 0xdeadbeef
	.size v6m_all, . - v6m_all
