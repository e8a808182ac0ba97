@ Functions on one page calling each other, for TestReview6bFunctions (vm/jitreview6b_test.go holds the assembled bytes).
    .syntax unified
    .cpu cortex-m4
    .thumb
    .text
_start:
    movs r7, #0
    ldr r6, =0x20000100
main_loop:
    mov r0, r7
    bl sum_loop
    str r0, [r6, #0]
    and r0, r7, #7
    bl even
    str r0, [r6, #4]
    mov r0, r7
    bl hi_regs
    str r0, [r6, #8]
    ldr r3, =ptr_fn+1
    mov r0, r7
    blx r3
    str r0, [r6, #12]
    mov r0, r7
    bl shared
    str r0, [r6, #16]
    mov r0, r7
    bl cond_tail
    str r0, [r6, #20]
    adds r7, r7, #1
    cmp r7, #60
    bne main_loop
    movs r7, #0
    b main_loop

sum_loop:
    and r1, r0, #15
    movs r2, #0
1:  cbz r1, 2f
    mul r3, r1, r1
    add r2, r2, r3
    subs r1, r1, #1
    b 1b
2:  mov r0, r2
    bx lr

even:
    cbz r0, 3f
    push {r4, r5, lr}
    mov r4, r0
    subs r0, r0, #1
    bl odd
    eor r0, r0, r4
    pop {r4, r5, pc}
3:  movs r0, #1
    bx lr
odd:
    cbz r0, 4f
    push {r5, r6, lr}
    mov r5, r0
    subs r0, r0, #1
    bl even
    add r0, r0, r5
    pop {r5, r6, pc}
4:  movs r0, #0
    bx lr

hi_regs:
    mov r8, r0
    mov r9, #3
    mov r10, #0
5:  add r10, r10, r8
    eor r11, r10, r9, lsl #3
    ror r12, r11, #5
    add r8, r8, r12
    subs r9, r9, #1
    bne 5b
    mov r0, r10
    b shared

shared:
    ldr r1, =0x20000200
    movs r2, #4
6:  ldr r3, [r1, r2, lsl #2]
    add r3, r3, r0
    str r3, [r1, r2, lsl #2]
    ldrb r12, [r1, r2]
    add r0, r0, r12
    subs r2, r2, #1
    bpl 6b
    mov r0, r3
    bx lr

ptr_fn:
    push {r4, lr}
    mov r4, r0
    bl sum_loop
    add r0, r0, r4
    pop {r4, lr}
    and r0, r0, #3
    b even

cond_tail:
    push {r4, lr}
    ands r4, r0, #3
    pop {r4, lr}
    beq shared
    tst r0, #4
    bne sum_loop
    add r0, r0, #1
    bx lr
    .ltorg
