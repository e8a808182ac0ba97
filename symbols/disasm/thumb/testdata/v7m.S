@ Every instruction class of ARMv7-M, ARMv7E-M (DSP) and the FPv4-SP /
@ FPv5-D16 floating-point units, in 16- and 32-bit encodings, inside and
@ outside IT blocks, for the disassembler's golden test.
	.file "v7m.S"
	.syntax unified
	.thumb
	.text
	.global v7m_all
	.type v7m_all, %function
	.thumb_func
v7m_all:
	@ 16-bit data processing
	movs r0, #0
	movs r7, #255
	mov r8, r12
	mov sp, r7
	adds r1, r2, r3
	subs r1, r2, #7
	adds r4, #200
	subs r5, #1
	cmp r3, #77
	cmp r9, r10
	cmn r1, r2
	tst r3, r4
	ands r0, r1
	eors r0, r1
	orrs r0, r1
	bics r0, r1
	mvns r0, r1
	negs r0, r1
	muls r0, r1, r0
	adcs r2, r3
	sbcs r2, r3
	lsls r0, r1, #3
	lsrs r0, r1, #32
	asrs r0, r1, #17
	lsls r0, r1
	lsrs r0, r1
	asrs r0, r1
	rors r0, r1
	add r0, r8
	add sp, #16
	sub sp, #508
	add r1, sp, #1020
	adr r2, lit
	sxtb r0, r1
	sxth r0, r1
	uxtb r0, r1
	uxth r0, r1
	rev r0, r1
	rev16 r0, r1
	revsh r0, r1
	nop
	yield
	wfe
	wfi
	sev
	cpsie i
	cpsid f
	bkpt #0xab
	svc #17
	udf #3
	@ 16-bit loads and stores
	ldr r0, [r1, #124]
	str r0, [r1]
	ldrb r2, [r3, #31]
	strb r2, [r3, #5]
	ldrh r4, [r5, #62]
	strh r4, [r5, #2]
	ldr r0, [r1, r2]
	str r0, [r1, r2]
	ldrb r0, [r1, r2]
	strb r0, [r1, r2]
	ldrh r0, [r1, r2]
	strh r0, [r1, r2]
	ldrsb r0, [r1, r2]
	ldrsh r0, [r1, r2]
	ldr r6, [sp, #1020]
	str r6, [sp, #4]
	ldr r3, lit
	ldmia r0!, {r1, r2, r3}
	ldmia r0, {r0, r1}
	stmia r4!, {r0, r7}
	push {r0, r4-r7, lr}
	pop {r0, r4-r7, pc}
	@ IT blocks
	cmp r0, #1
	it eq
	moveq r0, #2
	ite ne
	addne r1, r2, r3
	subeq r1, r2, r3
	itete gt
	movgt r0, r1
	movle r0, r2
	lslgt r0, r1, #2
	asrle r0, r1
	ittt cs
	ldrcs r0, [r1]
	strcs.w r0, [r1, #2048]
	addcs.w r0, r1, #0x10000
	itt lo
	vaddlo.f32 s0, s1, s2
	bxlo lr
	it mi
	blmi v7m_all
	ite pl
	movpl r0, #1
	bmi.w far
	@ branches
	b v7m_all
	b.w far
	beq v7m_all
	bne.w far
	cbz r0, 1f
	cbnz r7, 1f
1:	bl v7m_all
	blx r3
	bx lr
	tbb [r0, r1]
	tbh [pc, r2, lsl #1]
	@ 32-bit data processing, immediate
	mov.w r0, #0x00ab00ab
	mvn r1, #0xff000000
	movs.w r2, #1
	movw r3, #0xbeef
	movt r3, #0xdead
	add.w r0, r1, #4
	adds.w r0, r1, #0x3fc
	addw r0, r1, #4095
	subw r2, sp, #12
	sub.w sp, sp, #256
	and r0, r1, #0xf0
	bic r0, r1, #1
	orr r0, r1, #0x80000000
	orn r0, r1, #0x55555555
	eor r0, r1, #0x10
	adc r0, r1, #3
	sbc r0, r1, #3
	rsb r0, r1, #0
	tst.w r0, #0x100
	teq r0, #8
	cmp.w r0, #0x1000
	cmn.w r0, #1
	@ 32-bit data processing, register
	add.w r0, r1, r2, lsl #4
	adds r8, r9, r10, asr #31
	sub.w r0, r1, r2, lsr #1
	and.w r0, r1, r2, ror #9
	orr.w r0, r1, r2
	orn r0, r1, r2, lsl #1
	eor.w r0, r1, r2
	bic.w r0, r1, r2
	adc.w r0, r1, r2
	sbc.w r0, r1, r2
	rsb r0, r1, r2, lsl #2
	mov.w r0, r1, lsl #7
	movs r8, r1, lsr #31
	mvn.w r0, r1
	mov r0, r1, rrx
	tst.w r0, r1, lsl #3
	teq r0, r1
	cmp.w r8, r9
	cmn.w r0, r1
	lsl.w r0, r1, r2
	lsrs.w r0, r1, r2
	asr.w r0, r1, r2
	ror.w r0, r1, r2
	ror r0, r1, #5
	mul r8, r9, r10
	mla r0, r1, r2, r3
	mls r0, r1, r2, r3
	umull r0, r1, r2, r3
	smull r0, r1, r2, r3
	umlal r0, r1, r2, r3
	smlal r0, r1, r2, r3
	sdiv r0, r1, r2
	udiv r0, r1, r2
	clz r0, r1
	rbit r0, r1
	rev.w r8, r9
	rev16.w r8, r9
	revsh.w r8, r9
	sxtb.w r8, r9
	sxth r0, r1, ror #16
	uxtb.w r0, r1, ror #24
	uxth.w r8, r9
	bfc r0, #4, #8
	bfi r0, r1, #0, #32
	sbfx r0, r1, #3, #5
	ubfx r0, r1, #31, #1
	ssat r0, #16, r1, lsl #4
	usat r0, #31, r1, asr #2
	@ 32-bit loads and stores
	ldr.w r0, [r1, #4095]
	ldr r0, [r1, #-255]
	ldr r0, [r1, #8]!
	ldr r0, [r1], #-8
	ldr.w r0, [r1, r2, lsl #3]
	ldrb.w r0, [r1, #1]
	ldrsb.w r0, [r1, #-1]
	ldrh.w r0, [r1, #100]
	ldrsh.w r0, [r1, r2]
	ldrbt r0, [r1, #3]
	ldrht r0, [r1]
	ldrsbt r0, [r1, #4]
	ldrsht r0, [r1, #6]
	ldrt r0, [r1, #255]
	strt r0, [r1]
	strbt r0, [r1, #1]
	strht r0, [r1, #2]
	str.w r0, [r1, #4]
	str r0, [r1, #-4]!
	strb.w r0, [r1], #1
	strh.w r0, [r1, r2, lsl #1]
	ldr.w r0, lit
	ldr.w pc, [sp], #4
	ldrd r0, r1, [r2]
	ldrd r0, r1, [r2, #-1020]
	strd r0, r1, [sp, #8]!
	strd r0, r1, [r2], #-16
	ldrd r2, r3, lit
	ldmia.w r0!, {r1, r2, r8}
	ldmdb r0, {r1, r2, r8}
	stmia.w r0, {r1, r2, r8}
	stmdb r0!, {r1, r2, r8}
	push.w {r4-r11, lr}
	pop.w {r4-r11, pc}
	push.w {r4}
	pop.w {r4}
	pld [r0, #4]
	pld [r0, #-4]
	pld [r0, r1, lsl #2]
	pli [r0, #12]
	pld lit
	ldrex r0, [r1]
	ldrex r0, [r1, #1020]
	strex r2, r0, [r1, #4]
	ldrexb r0, [r1]
	ldrexh r0, [r1]
	strexb r2, r0, [r1]
	strexh r2, r0, [r1]
	clrex
	@ system
	mrs r0, apsr
	mrs r0, ipsr
	mrs r0, msp
	mrs r0, psp
	mrs r0, primask
	mrs r0, basepri
	mrs r0, faultmask
	mrs r0, control
	msr apsr_nzcvq, r0
	msr msp, r0
	msr psp, r0
	msr primask, r0
	msr basepri, r0
	msr basepri_max, r0
	msr faultmask, r0
	msr control, r0
	dmb sy
	dmb ish
	dsb sy
	dsb #0
	isb sy
	nop.w
	wfi.w
	sev.w
	@ DSP (ARMv7E-M)
	qadd r0, r1, r2
	qsub r0, r1, r2
	qdadd r0, r1, r2
	qdsub r0, r1, r2
	sadd8 r0, r1, r2
	sadd16 r0, r1, r2
	sasx r0, r1, r2
	ssax r0, r1, r2
	ssub8 r0, r1, r2
	ssub16 r0, r1, r2
	qadd8 r0, r1, r2
	qadd16 r0, r1, r2
	qasx r0, r1, r2
	qsax r0, r1, r2
	qsub8 r0, r1, r2
	qsub16 r0, r1, r2
	shadd8 r0, r1, r2
	shadd16 r0, r1, r2
	shsub16 r0, r1, r2
	uadd8 r0, r1, r2
	uadd16 r0, r1, r2
	uasx r0, r1, r2
	usax r0, r1, r2
	usub8 r0, r1, r2
	usub16 r0, r1, r2
	uqadd8 r0, r1, r2
	uqsub16 r0, r1, r2
	uhadd8 r0, r1, r2
	uhsub16 r0, r1, r2
	sel r0, r1, r2
	usad8 r0, r1, r2
	usada8 r0, r1, r2, r3
	ssat16 r0, #8, r1
	usat16 r0, #15, r1
	sxtab r0, r1, r2
	sxtah r0, r1, r2, ror #8
	sxtab16 r0, r1, r2
	sxtb16 r0, r1
	uxtab r0, r1, r2, ror #16
	uxtah r0, r1, r2
	uxtab16 r0, r1, r2
	uxtb16 r0, r1, ror #24
	pkhbt r0, r1, r2, lsl #8
	pkhtb r0, r1, r2, asr #16
	smulbb r0, r1, r2
	smulbt r0, r1, r2
	smultb r0, r1, r2
	smultt r0, r1, r2
	smulwb r0, r1, r2
	smulwt r0, r1, r2
	smlabb r0, r1, r2, r3
	smlatt r0, r1, r2, r3
	smlawb r0, r1, r2, r3
	smlawt r0, r1, r2, r3
	smlalbb r0, r1, r2, r3
	smlaltb r0, r1, r2, r3
	smuad r0, r1, r2
	smuadx r0, r1, r2
	smusd r0, r1, r2
	smusdx r0, r1, r2
	smlad r0, r1, r2, r3
	smladx r0, r1, r2, r3
	smlsd r0, r1, r2, r3
	smlsdx r0, r1, r2, r3
	smlald r0, r1, r2, r3
	smlaldx r0, r1, r2, r3
	smlsld r0, r1, r2, r3
	smlsldx r0, r1, r2, r3
	smmul r0, r1, r2
	smmulr r0, r1, r2
	smmla r0, r1, r2, r3
	smmlar r0, r1, r2, r3
	smmls r0, r1, r2, r3
	smmlsr r0, r1, r2, r3
	umaal r0, r1, r2, r3
	@ floating point (FPv4-SP, FPv5-D16)
	vadd.f32 s0, s1, s2
	vsub.f32 s31, s30, s29
	vmul.f32 s0, s1, s2
	vnmul.f32 s0, s1, s2
	vdiv.f32 s0, s1, s2
	vmla.f32 s0, s1, s2
	vmls.f32 s0, s1, s2
	vnmla.f32 s0, s1, s2
	vnmls.f32 s0, s1, s2
	vfma.f32 s0, s1, s2
	vfms.f32 s0, s1, s2
	vfnma.f32 s0, s1, s2
	vfnms.f32 s0, s1, s2
	vabs.f32 s0, s1
	vneg.f32 s0, s1
	vsqrt.f32 s0, s1
	vmov.f32 s0, s1
	vmov.f32 s0, #1.0
	vmov.f32 s3, #-0.1875
	vmov.f32 s3, #31.0
	vmov s0, r1
	vmov r1, s31
	vmov s0, s1, r2, r3
	vmov r2, r3, s4, s5
	vcmp.f32 s0, s1
	vcmpe.f32 s0, #0
	vcvt.s32.f32 s0, s1
	vcvtr.u32.f32 s0, s1
	vcvt.f32.s32 s0, s1
	vcvt.f32.u32 s0, s1
	vcvt.s16.f32 s0, s0, #8
	vcvt.f32.u32 s0, s0, #32
	vcvtb.f32.f16 s0, s1
	vcvtt.f16.f32 s0, s1
	vmrs r0, fpscr
	vmrs APSR_nzcv, fpscr
	vmsr fpscr, r0
	vmrs r0, mvfr0
	vmrs r0, fpexc
	vldr s0, [r0, #1020]
	vldr s1, [r0, #-4]
	vstr s2, [sp]
	vldr s3, lit
	vldmia r0!, {s0-s7}
	vstmdb sp!, {s16-s31}
	vpush {s16-s17}
	vpop {s16-s17}
	vadd.f64 d0, d1, d2
	vmul.f64 d15, d14, d13
	vdiv.f64 d0, d1, d2
	vfma.f64 d0, d1, d2
	vsqrt.f64 d0, d1
	vmov.f64 d0, d1
	vmov.f64 d0, #-2.0
	vmov d0, r0, r1
	vmov r0, r1, d15
	vmov.32 d0[1], r2
	vmov.32 r2, d0[0]
	vcmp.f64 d0, d1
	vcmpe.f64 d0, #0
	vcvt.f64.f32 d0, s1
	vcvt.f32.f64 s0, d1
	vcvt.s32.f64 s0, d1
	vcvt.f64.u32 d0, s1
	vcvtb.f64.f16 d0, s1
	vcvtt.f16.f64 s0, d1
	vldr d0, [r0, #8]
	vstr d1, [r0, #-8]
	vldr d2, lit
	vpush {d8-d15}
	vpop {d8-d15}
	vldmia r0, {d0-d3}
	vstmia r0!, {d4}
	vseleq.f32 s0, s1, s2
	vselge.f64 d0, d1, d2
	vselvs.f32 s0, s1, s2
	vselgt.f64 d0, d1, d2
	vmaxnm.f32 s0, s1, s2
	vminnm.f64 d0, d1, d2
	vrinta.f32 s0, s1
	vrintn.f64 d0, d1
	vrintp.f32 s0, s1
	vrintm.f64 d0, d1
	vrintr.f32 s0, s1
	vrintz.f64 d0, d1
	vrintx.f32 s0, s1
	vcvta.s32.f32 s0, s1
	vcvtn.u32.f64 s0, d1
	vcvtp.s32.f32 s0, s1
	vcvtm.u32.f64 s0, d1
	it ne
	vmovne.f32 s0, s1
	bx lr
	.p2align 2
lit:	.word 0x12345678
	.word 0x9abcdef0
	.space 256
far:	bx lr
	.size v7m_all, . - v7m_all
