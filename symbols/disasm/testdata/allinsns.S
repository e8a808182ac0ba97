# Every RV32IMAC + Zicsr + Zifencei instruction form, plus the privileged
# instructions the Rewind CPU executes, for the objdump golden test of
# package disasm. Built by gen.sh; rebuild with it after editing.
	.option norelax
	.option norvc
	.text
	.globl _start
_start:
	# RV32I: upper immediates and jumps
	lui	a0, 0x12345
	lui	t6, 0xfffff
	auipc	s1, 0x1
	auipc	zero, 0
	jal	ra, func
	jal	zero, back
back:
	jal	t0, _start
	jalr	ra, 0(a5)
	jalr	zero, 0(ra)
	jalr	zero, 12(t1)
	jalr	ra, -4(a1)
	jalr	t2, 8(s2)
	jalr	t2, 0(s2)
	# branches (all with and without zero operands)
	beq	a0, a1, back
	bne	a2, a3, forward
	blt	a4, a5, back
	bge	a6, a7, forward
	bltu	s2, s3, back
	bgeu	s4, s5, forward
	beq	a0, zero, back
	bne	a0, zero, forward
	blt	a0, zero, back
	bge	a0, zero, forward
	blt	zero, a0, back
	bge	zero, a0, forward
forward:
	# loads and stores
	lb	a0, 0(sp)
	lh	a1, -2(s0)
	lw	a2, 2047(t0)
	lbu	a3, -2048(t1)
	lhu	a4, 6(gp)
	sb	a0, 1(sp)
	sh	a1, -6(s0)
	sw	a2, 2044(tp)
	sw	zero, -2048(t3)
	# immediate arithmetic
	addi	a0, a1, 1
	addi	a0, zero, 5
	addi	a0, zero, -1
	addi	a0, a1, 0
	addi	zero, zero, 0
	addi	s11, t6, -2048
	slti	a0, a1, -3
	sltiu	a0, a1, 1
	sltiu	a0, a1, 7
	xori	a0, a1, -1
	xori	a0, a1, 0x55
	ori	a0, a1, 0x7ff
	andi	a0, a1, 255
	andi	a0, a1, -16
	slli	a0, a1, 1
	slli	a0, a1, 31
	srli	a0, a1, 31
	srai	a0, a1, 7
	# register arithmetic
	add	a0, a1, a2
	add	a0, zero, a2
	sub	a0, a1, a2
	sub	a0, zero, a2
	sll	a0, a1, a2
	slt	a0, a1, a2
	slt	a0, a1, zero
	slt	a0, zero, a2
	sltu	a0, a1, a2
	sltu	a0, zero, a2
	xor	a0, a1, a2
	srl	a0, a1, a2
	sra	a0, a1, a2
	or	a0, a1, a2
	and	a0, a1, a2
	# fences and system
	fence
	fence	rw, rw
	fence	r, w
	fence	iorw, o
	.insn i 0x0f, 0, zero, zero, 0x010  # pause (fence w,0)
	fence.tso
	fence.i
	ecall
	ebreak
	# Zicsr
	csrrw	a0, mstatus, a1
	csrrw	zero, mtvec, a1
	csrrs	a0, mcause, zero
	csrrs	a0, mepc, a2
	csrrs	zero, mie, a2
	csrrc	a0, mip, a1
	csrrc	zero, mstatus, a1
	csrrwi	a0, mscratch, 5
	csrrwi	zero, mscratch, 31
	csrrsi	a0, mstatus, 8
	csrrsi	zero, mstatus, 8
	csrrci	a0, mstatus, 8
	csrrci	zero, mstatus, 8
	csrrs	a0, cycle, zero
	csrrs	a0, cycleh, zero
	csrrs	a0, time, zero
	csrrs	a0, timeh, zero
	csrrs	a0, instret, zero
	csrrs	a0, instreth, zero
	csrrs	a0, mhartid, zero
	csrrs	a0, misa, zero
	csrrs	a0, mtval, zero
	csrrs	a0, 0x7c0, zero
	csrrs	a0, mcycle, zero
	csrrs	a0, mcycleh, zero
	csrrs	a0, mvendorid, zero
	csrrs	a0, marchid, zero
	csrrs	a0, mimpid, zero
	csrrs	a0, satp, zero
	csrrs	a0, sstatus, zero
	csrrs	a0, sepc, zero
	csrrs	a0, pmpcfg0, zero
	csrrs	a0, pmpaddr0, zero
	csrrs	a0, mcounteren, zero
	csrrs	a0, medeleg, zero
	csrrs	a0, mideleg, zero
	csrrs	a0, mstatush, zero
	csrrs	a0, dcsr, zero
	csrrs	a0, dpc, zero
	csrrs	a0, tselect, zero
	csrrw	a0, fcsr, a1
	csrrs	a0, fflags, zero
	csrrs	a0, frm, zero
	# privileged
	mret
	sret
	wfi
	sfence.vma
	sfence.vma	a0
	sfence.vma	a0, a1
	dret
	# M
	mul	a0, a1, a2
	mulh	a0, a1, a2
	mulhsu	a0, a1, a2
	mulhu	a0, a1, a2
	div	a0, a1, a2
	divu	a0, a1, a2
	rem	a0, a1, a2
	remu	a0, a1, a2
	# A
	lr.w	a0, (a1)
	lr.w.aq	a0, (a1)
	lr.w.aqrl	a0, (a1)
	sc.w	a0, a2, (a1)
	sc.w.rl	a0, a2, (a1)
	amoswap.w	a0, a2, (a1)
	amoswap.w.aq	a0, a2, (a1)
	amoswap.w.rl	a0, a2, (a1)
	amoswap.w.aqrl	a0, a2, (a1)
	amoadd.w	a0, a2, (a1)
	amoxor.w	a0, a2, (a1)
	amoand.w	a0, a2, (a1)
	amoor.w	a0, a2, (a1)
	amomin.w	a0, a2, (a1)
	amomax.w	a0, a2, (a1)
	amominu.w	a0, a2, (a1)
	amomaxu.w	a0, a2, (a1)
	amoadd.w	zero, a2, (a1)
	.option rvc
	# C (written explicitly so the assembler keeps them compressed)
	c.addi4spn	s0, sp, 4
	c.addi4spn	a5, sp, 1020
	c.lw	a0, 0(a1)
	c.lw	s1, 124(a5)
	c.sw	a0, 4(a1)
	c.sw	a4, 124(s0)
	c.nop
	c.addi	a0, 1
	c.addi	sp, -32
	c.addi	t0, 31
	c.jal	func
	c.jal	back
	c.li	a0, 0
	c.li	a0, -32
	c.li	s10, 31
	c.addi16sp	sp, -512
	c.addi16sp	sp, 496
	c.lui	a0, 1
	c.lui	t0, 0x1f
	c.lui	s11, 0xfffe0
	c.srli	a0, 1
	c.srli	s1, 31
	c.srai	a5, 4
	c.andi	a0, -1
	c.andi	s0, 15
	c.sub	a0, a1
	c.xor	a2, a3
	c.or	a4, a5
	c.and	s0, s1
	c.j	forward
	c.j	func
	c.beqz	a0, back2
	c.bnez	s1, back2
back2:
	c.slli	a0, 1
	c.slli	t6, 31
	c.lwsp	a0, 0(sp)
	c.lwsp	ra, 252(sp)
	c.jr	ra
	c.jr	a0
	c.mv	a0, a1
	c.mv	t6, ra
	c.ebreak
	c.jalr	a0
	c.jalr	ra
	c.add	a0, a1
	c.add	sp, t0
	c.swsp	ra, 252(sp)
	c.swsp	a0, 0(sp)
	.globl func
	.type func, @function
func:
	addi	sp, sp, -16
	sw	ra, 12(sp)
	lw	ra, 12(sp)
	addi	sp, sp, 16
	jalr	zero, 0(ra)
	.size func, .-func
	.option norvc
	unimp
	.option rvc
	c.unimp
	.option norvc
	addi	a0, a0, 1
