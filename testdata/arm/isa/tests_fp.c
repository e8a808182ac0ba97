/* tests_fp.c - the FPv4-SP floating-point unit (Cortex-M4F): arithmetic
 * with NaNs, infinities, subnormals and every rounding mode, FZ and DN,
 * the cumulative exception flags, comparisons, conversions, loads and
 * stores, lazy state preservation across exceptions, and NOCP. */
#include "isa.h"

#ifdef __ARM_FP
static const u32 fvals[] = {
	0x00000000, 0x80000000, 0x3f800000, 0xbfc00000, 0x40400000, 0x3dcccccd, 0x3eaaaaab,
	0x7f7fffff, 0x00800000, 0x00000001, 0x806fffff, 0x7f800000, 0xff800000, 0x7fc00001, 0x7f800005,
	0x4b000001, 0xcf000000,
};
#define NF (sizeof fvals / sizeof fvals[0])
static const u32 modes[] = {0, 0x00400000, 0x00800000, 0x00c00000, 0x01000000, 0x02000000};

#define F3(name, insn) \
	static void f_##name(u32 a, u32 b, u32 fi) \
	{ \
		u32 r, fs; \
		__asm__ volatile("vmsr fpscr, %[fi]\n\tvmov s0, %[a]\n\tvmov s1, %[b]\n\tvmov s2, %[a]\n\t" insn \
			"\n\tvmov %[r], s2\n\tvmrs %[fs], fpscr" \
			: [r] "=r"(r), [fs] "=r"(fs) : [a] "r"(a), [b] "r"(b), [fi] "r"(fi) : "s0", "s1", "s2"); \
		line(#name, 5, a, b, fi, r, fs); \
	}

F3(vadd, "vadd.f32 s2, s0, s1")
F3(vsub, "vsub.f32 s2, s0, s1")
F3(vmul, "vmul.f32 s2, s0, s1")
F3(vnmul, "vnmul.f32 s2, s0, s1")
F3(vdiv, "vdiv.f32 s2, s0, s1")
F3(vmla, "vmla.f32 s2, s0, s1")
F3(vmls, "vmls.f32 s2, s0, s1")
F3(vnmla, "vnmla.f32 s2, s0, s1")
F3(vnmls, "vnmls.f32 s2, s0, s1")
F3(vfma, "vfma.f32 s2, s0, s1")
F3(vfms, "vfms.f32 s2, s0, s1")
F3(vfnma, "vfnma.f32 s2, s0, s1")
F3(vfnms, "vfnms.f32 s2, s0, s1")
F3(vsqrt, "vsqrt.f32 s2, s1")
F3(vabs, "vabs.f32 s2, s1")
F3(vneg, "vneg.f32 s2, s1")
F3(vcmp, "vcmp.f32 s0, s1\n\tvmrs APSR_nzcv, fpscr\n\tmrs %[a], apsr\n\tvmov s2, %[a]")
F3(vcmpe, "vcmpe.f32 s0, s1")
F3(vcmpz, "vcmp.f32 s1, #0")
F3(vcvt_s32, "vcvt.s32.f32 s2, s1")
F3(vcvt_u32, "vcvt.u32.f32 s2, s1")
F3(vcvtr_s32, "vcvtr.s32.f32 s2, s1")
F3(vcvtr_u32, "vcvtr.u32.f32 s2, s1")
F3(vcvt_f32s, "vcvt.f32.s32 s2, s1")
F3(vcvt_f32u, "vcvt.f32.u32 s2, s1")
F3(vcvt_fix16, "vmov s2, s1\n\tvcvt.s16.f32 s2, s2, #4")
F3(vcvt_ufix32, "vmov s2, s1\n\tvcvt.u32.f32 s2, s2, #20")
F3(vcvt_from_fix, "vmov s2, s1\n\tvcvt.f32.s32 s2, s2, #8")
F3(vcvt_from_ufix16, "vmov s2, s1\n\tvcvt.f32.u16 s2, s2, #3")
F3(vcvtb_f16, "vcvtb.f16.f32 s2, s1")
F3(vcvtt_f16, "vcvtt.f16.f32 s2, s1")
F3(vcvtb_f32, "vcvtb.f32.f16 s2, s1")
F3(vcvtt_f32, "vcvtt.f32.f16 s2, s1")
F3(vmov_imm, "vmov.f32 s2, #-1.875\n\tvmov.f32 s1, #0.125\n\tvadd.f32 s2, s2, s1")

typedef void (*f3)(u32, u32, u32);
static const f3 binops[] = {f_vadd, f_vsub, f_vmul, f_vnmul, f_vdiv, f_vmla, f_vfma, f_vcmp, f_vcmpe};
static const f3 moreops[] = {f_vmls, f_vnmla, f_vnmls, f_vfms, f_vfnma, f_vfnms};
static const f3 unops[] = {
	f_vsqrt, f_vabs, f_vneg, f_vcmpz, f_vcvt_s32, f_vcvt_u32, f_vcvtr_s32, f_vcvtr_u32, f_vcvt_f32s,
	f_vcvt_f32u, f_vcvt_fix16, f_vcvt_ufix32, f_vcvt_from_fix, f_vcvt_from_ufix16, f_vcvtb_f16,
	f_vcvtt_f16, f_vcvtb_f32, f_vcvtt_f32, f_vmov_imm,
};

static const u32 ints[] = {0, 1, 0xffffffff, 0x7fffffff, 0x80000000, 0x01000001, 0x12345678, 0x3c00bc00, 0x7c01fc00, 0x00017bff};

static void loads_stores(void)
{
	static u32 buf[8] __attribute__((aligned(8))) = {0x3f800000, 0x40000000, 0x40400000, 0x40800000};
	u32 r[4], sp0, sp1;
	__asm__ volatile(
		"vldr s4, [%[b]]\n\t"
		"vldr s5, [%[b], #12]\n\t"
		"vldmia %[b], {s8-s11}\n\t"
		"vadd.f32 s8, s8, s11\n\t"
		"vstr s8, [%[b], #16]\n\t"
		"mov %[s0], sp\n\t"
		"vpush {s8-s11}\n\t"
		"vpop {s12-s15}\n\t"
		"mov %[s1], sp\n\t"
		"vstmdb %[e]!, {s12-s13}\n\t"
		"vmov %[r0], %[r1], s4, s5\n\t"
		"vmov %[r2], s15\n\t"
		"vmov s0, s1, %[r2], %[r0]\n\t"
		"vmov %[r3], s1\n\t"
		: [r0] "=&r"(r[0]), [r1] "=&r"(r[1]), [r2] "=&r"(r[2]), [r3] "=&r"(r[3]), [s0] "=&r"(sp0), [s1] "=&r"(sp1)
		: [b] "r"(buf), [e] "r"(buf + 8)
		: "s0", "s1", "s4", "s5", "s8", "s9", "s10", "s11", "s12", "s13", "s14", "s15", "memory");
	line("fp_ldst", 8, r[0], r[1], r[2], r[3], buf[4], buf[6], buf[7], sp0 - sp1);
	u32 d0, d1;
	__asm__ volatile("vldr d3, [%2]\n\tvmov %0, %1, d3" : "=r"(d0), "=r"(d1) : "r"(buf) : "s6", "s7");
	line("fp_double_move", 2, d0, d1);
}

/* Lazy stacking: an interrupt handler that uses FP while the thread's FP
 * context is live. */
static u32 seen[8];

static void fp_irq(u32 *fr, u32 excret)
{
	volatile u32 *f = fr;
	seen[0] = excret;
	seen[1] = REG(0xE000EF34); /* FPCCR */
	seen[2] = REG(0xE000EF38) - (u32)fr; /* FPCAR relative to the frame */
	seen[3] = f[8];           /* stacked s0 before the handler's FP use */
	float x = (float)(f[0] + 1);
	__asm__ volatile("" : "+t"(x));
	seen[4] = f[8];           /* after: the lazy save filled it */
	seen[5] = REG(0xE000EF34);
	u32 c;
	__asm__ volatile("mrs %0, control" : "=r"(c));
	seen[6] = c;
	seen[7] = *(u32 *)&x;
}

static void lazy(void)
{
	hooks[16 + 5] = fp_irq;
	NVIC_ISER0 = 1 << 5;
	u32 before, after, ctl;
	__asm__ volatile(
		"vmov.f32 s0, #1.5\n\t"
		"vmov.f32 s15, #-3.0\n\t"
		"mrs %2, control\n\t"
		"mov r0, #7\n\t"
		"str %3, [%4]\n\t"
		"dsb\n\tisb\n\t"
		"vmov %0, s0\n\t"
		"vmov %1, s15\n\t"
		: "=r"(before), "=r"(after), "=r"(ctl) : "r"(1 << 5), "r"(&NVIC_ISPR0) : "r0", "s0", "s15", "memory");
	line("fp_lazy_thread", 3, before, after, ctl);
	line("fp_lazy_handler", 8, seen[0], seen[1], seen[2], seen[3], seen[4], seen[5], seen[6], seen[7]);
	line("fp_lazy_after", 3, REG(0xE000EF34), REG(0xE000EF3C), get_apsr() & 0);
	/* Without lazy stacking the frame is filled at entry. */
	REG(0xE000EF34) = 1u << 31;
	__asm__ volatile("vmov.f32 s0, #2.5\n\tstr %0, [%1]\n\tdsb\n\tisb" : : "r"(1 << 5), "r"(&NVIC_ISPR0) : "s0", "memory");
	line("fp_eager_handler", 4, seen[0], seen[1], seen[3], seen[4]);
	REG(0xE000EF34) = 3u << 30;
	NVIC_ICER0 = 1 << 5;
}

static u32 nocp_cfsr;

static void nocp_hook(u32 *f, u32 excret)
{
	(void)excret;
	nocp_cfsr = SCB_CFSR;
	SCB_CFSR = SCB_CFSR;
	REG(0xE000ED88) |= 0xf << 20;
	f[6] += 4;
}

static void nocp(void)
{
	hooks[6] = nocp_hook;
	SCB_SHCSR = 7 << 16;
	REG(0xE000ED88) &= ~(0xf << 20);
	__asm__ volatile("dsb\n\tisb\n\tvmov.f32 s3, #1.0" : : : "s3");
	u32 v;
	__asm__ volatile("vmov %0, s3" : "=r"(v));
	line("fp_nocp", 3, nocp_cfsr, REG(0xE000ED88), v);
	line("fp_ids", 3, REG(0xE000EF40), REG(0xE000EF44), REG(0xE000EF3C));
	SCB_SHCSR = 0;
}

void tests_fp(void)
{
	for (unsigned k = 0; k < sizeof binops / sizeof binops[0]; k++)
		for (unsigned i = 0; i < NF; i++)
			for (unsigned j = 0; j < NF; j++)
				binops[k](fvals[i], fvals[j], modes[(i + j) % 6]);
	for (unsigned k = 0; k < sizeof moreops / sizeof moreops[0]; k++)
		for (unsigned i = 0; i < NF; i += 2)
			for (unsigned j = 0; j < NF; j++)
				moreops[k](fvals[i], fvals[j], modes[(i + j) % 6]);
	for (unsigned k = 0; k < sizeof unops / sizeof unops[0]; k++) {
		for (unsigned i = 0; i < NF; i++)
			for (unsigned f = 0; f < 6; f++)
				unops[k](fvals[(i + 3) % NF], fvals[i], modes[f]);
		for (unsigned i = 0; i < sizeof ints / sizeof ints[0]; i++)
			unops[k](0, ints[i], modes[i % 6]);
	}
	loads_stores();
	lazy();
	nocp();
}
#endif
