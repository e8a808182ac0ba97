@ wback - single loads and stores with writeback whose base register is
@ also the register loaded or stored (UNPREDICTABLE in the architecture
@ manual). QEMU 7.2 executes them: a load writes the base back first and
@ the loaded value wins, a store stores the old base. Each test prints the
@ base register minus buf, then the words at buf-4, buf and buf+4.
@ A HardFault prints CFSR and exits.
	.syntax unified
	.thumb
	.section .vectors,"a"
	.word 0x20008000
	.word reset+1
	.word hf+1
	.word hf+1
	.word hf+1
	.word hf+1
	.word hf+1
	.text
	.thumb_func
hf:	ldr r0, =0xe000ed28
	ldr r0, [r0]
	bl puthex
	b exit
	.thumb_func
reset:
	ldr r4, =tests
1:	ldr r5, [r4], #4
	cmp r5, #0
	beq exit
	ldr r1, =buf
	ldr r0, =0x11223344
	str r0, [r1]
	str r0, [r1, #4]
	str r0, [r1, #-4]
	mov r6, r1
	orr r5, r5, #1
	blx r5
	mov r7, r1
	mov r0, r7
	sub r0, r0, r6
	bl puthex
	ldr r0, [r6, #-4]
	bl puthex
	ldr r0, [r6]
	bl puthex
	ldr r0, [r6, #4]
	bl puthex
	mov r0, #10
	bl putc
	b 1b
exit:
	mov r0, #0x18
	ldr r1, =0x20026
	bkpt 0xab
puthex: push {r4, r5, lr}
	mov r4, r0
	mov r5, #28
2:	lsr r0, r4, r5
	and r0, r0, #15
	cmp r0, #10
	ite lt
	addlt r0, r0, #48
	addge r0, r0, #87
	bl putc
	subs r5, r5, #4
	bpl 2b
	mov r0, #32
	bl putc
	pop {r4, r5, pc}
putc:	push {r0, r1, lr}
	strb r0, [sp]
	mov r1, sp
	mov r0, #3
	bkpt 0xab
	pop {r0, r1, pc}
	.thumb_func
t1:	.inst.w 0xf8511b04  @ ldr r1,[r1],#4
	bx lr
	.thumb_func
t2:	.inst.w 0xf8511f04  @ ldr r1,[r1,#4]!
	bx lr
	.thumb_func
t3:	.inst.w 0xf8411b04  @ str r1,[r1],#4
	bx lr
	.thumb_func
t4:	.inst.w 0xf8411d04  @ str r1,[r1,#-4]!
	bx lr
	.thumb_func
t5:	.inst.w 0xf8111b04  @ ldrb r1,[r1],#4
	bx lr
	.thumb_func
t6:	.inst.w 0xf8011f04  @ strb r1,[r1,#4]!
	bx lr
	.thumb_func
t7:	.inst.w 0xf8311d04  @ ldrh r1,[r1,#-4]!
	bx lr
	.thumb_func
t8:	.inst.w 0xf8211b04  @ strh r1,[r1],#4
	bx lr
	.thumb_func
t9:	.inst.w 0xf9311b04  @ ldrsh r1,[r1],#4
	bx lr
	.thumb_func
t10:	.inst.w 0xf9111f04  @ ldrsb r1,[r1,#4]!
	bx lr
	.thumb_func
t11:	.inst.w 0xf8511e04  @ ldrt r1,[r1,#4]
	bx lr
	.thumb_func
t12:	.inst.w 0xe8f11101  @ ldrd r1,r1,[r1],#4
	bx lr
	.thumb_func
t13:	.inst.w 0xe9e11201  @ strd r1,r2,[r1,#4]!
	bx lr
	.thumb_func
t14:	.inst.w 0xe8f12101  @ ldrd r2,r1,[r1],#4
	bx lr
	.align 2
tests:	.word t1,t2,t3,t4,t5,t6,t7,t8,t9,t10,t11,t12,t13,t14,0
	.ltorg
	.data
	.align 4
	.space 64
buf:	.space 64
