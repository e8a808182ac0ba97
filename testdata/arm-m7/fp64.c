/* fp64.c - the Cortex-M7's FPv5-D16 unit beyond FPv4-SP: double-precision
 * arithmetic with NaNs, infinities, subnormals and every rounding mode, FZ
 * and DN, the cumulative flags, comparisons and VSEL, conversions between
 * doubles, singles, halves and integers, VRINT*, VCVTA/N/P/M, VMAXNM and
 * VMINNM (single and double), D register moves, loads, stores and their
 * aliasing of S register pairs, and lazy stacking around double use. */
#include "../arm/isa/isa.h"

static const u64 dvals[] = {
	0x0000000000000000ull, 0x8000000000000000ull, 0x3ff0000000000000ull, 0xbff8000000000000ull,
	0x4008000000000000ull, 0x3fb999999999999aull, 0x3fd5555555555555ull, 0x7fefffffffffffffull,
	0x0010000000000000ull, 0x0000000000000001ull, 0x800fffffffffffffull, 0x7ff0000000000000ull,
	0xfff0000000000000ull, 0x7ff8000000000001ull, 0x7ff0000000000005ull, 0x4330000000000001ull,
	0xc1e0000000000000ull, 0x4004000000000000ull, 0xbfe0000000000000ull, 0x41dfffffffc00000ull,
};
#define ND (sizeof dvals / sizeof dvals[0])
static const u32 fvals[] = {
	0x00000000, 0x80000000, 0x3f800000, 0xbfc00000, 0x40200000, 0x3f000000, 0xbf400000, 0x3dcccccd,
	0x7f7fffff, 0x00000001, 0x806fffff, 0x7f800000, 0xff800000, 0x7fc00001, 0x7f800005, 0x4b000001,
};
#define NF (sizeof fvals / sizeof fvals[0])
static const u32 modes[] = {0, 0x00400000, 0x00800000, 0x00c00000, 0x01000000, 0x02000000};
static const u32 ints[] = {0, 1, 0xffffffff, 0x7fffffff, 0x80000000, 0x01000001, 0x12345678, 0x3c00bc00, 0x7c01fc00, 0x00017bff};
#define NI (sizeof ints / sizeof ints[0])

#define HI(v) ((u32)((v) >> 32))
#define LO(v) ((u32)(v))

/* D3: d0 = a, d1 = b, d2 = a, run insn, print d2 and FPSCR. */
#define D3(name, insn) \
	static void d_##name(u64 a, u64 b, u32 fi) \
	{ \
		u32 rl, rh, fs; \
		__asm__ volatile("vmsr fpscr, %[fi]\n\tvmov d0, %Q[a], %R[a]\n\tvmov d1, %Q[b], %R[b]\n\t" \
			"vmov d2, %Q[a], %R[a]\n\t" insn "\n\tvmov %[rl], %[rh], d2\n\tvmrs %[fs], fpscr" \
			: [rl] "=r"(rl), [rh] "=r"(rh), [fs] "=r"(fs) : [a] "r"(a), [b] "r"(b), [fi] "r"(fi) \
			: "d0", "d1", "d2", "cc"); \
		line(#name, 8, HI(a), LO(a), HI(b), LO(b), fi, rh, rl, fs); \
	}

/* S3: the same on singles s0, s1, s2. */
#define S3(name, insn) \
	static void s_##name(u32 a, u32 b, u32 fi) \
	{ \
		u32 r, fs; \
		__asm__ volatile("vmsr fpscr, %[fi]\n\tvmov s0, %[a]\n\tvmov s1, %[b]\n\tvmov s2, %[a]\n\t" insn \
			"\n\tvmov %[r], s2\n\tvmrs %[fs], fpscr" \
			: [r] "=r"(r), [fs] "=r"(fs) : [a] "r"(a), [b] "r"(b), [fi] "r"(fi) : "s0", "s1", "s2", "cc"); \
		line(#name, 5, a, b, fi, r, fs); \
	}

D3(vadd, "vadd.f64 d2, d0, d1")
D3(vsub, "vsub.f64 d2, d0, d1")
D3(vmul, "vmul.f64 d2, d0, d1")
D3(vnmul, "vnmul.f64 d2, d0, d1")
D3(vdiv, "vdiv.f64 d2, d0, d1")
D3(vmla, "vmla.f64 d2, d0, d1")
D3(vmls, "vmls.f64 d2, d0, d1")
D3(vnmla, "vnmla.f64 d2, d0, d1")
D3(vnmls, "vnmls.f64 d2, d0, d1")
D3(vfma, "vfma.f64 d2, d0, d1")
D3(vfms, "vfms.f64 d2, d0, d1")
D3(vfnma, "vfnma.f64 d2, d0, d1")
D3(vfnms, "vfnms.f64 d2, d0, d1")
D3(vcmp, "vcmp.f64 d0, d1\n\tvmrs APSR_nzcv, fpscr\n\tmrs %[rl], apsr\n\tvmov d2, %[rl], %[rl]")
D3(vcmpe, "vcmpe.f64 d0, d1")
D3(vmaxnm, "vmaxnm.f64 d2, d0, d1")
D3(vminnm, "vminnm.f64 d2, d0, d1")
D3(vsel, "vcmp.f64 d0, d1\n\tvmrs APSR_nzcv, fpscr\n\tvseleq.f64 d2, d0, d1\n\tvselvs.f64 d3, d0, d1\n\t"
	"vselge.f64 d4, d0, d1\n\tvselgt.f64 d5, d0, d1\n\tvadd.f64 d2, d2, d3\n\tvadd.f64 d4, d4, d5\n\tvsub.f64 d2, d2, d4")
D3(vsqrt, "vsqrt.f64 d2, d1")
D3(vabs, "vabs.f64 d2, d1")
D3(vneg, "vneg.f64 d2, d1")
D3(vcmpz, "vcmp.f64 d1, #0")
D3(vcmpez, "vcmpe.f64 d1, #0")
D3(vcvt_s32, "vcvt.s32.f64 s4, d1")
D3(vcvt_u32, "vcvt.u32.f64 s4, d1")
D3(vcvtr_s32, "vcvtr.s32.f64 s4, d1")
D3(vcvtr_u32, "vcvtr.u32.f64 s4, d1")
D3(vcvta_s32, "vcvta.s32.f64 s4, d1")
D3(vcvtn_u32, "vcvtn.u32.f64 s4, d1")
D3(vcvtp_s32, "vcvtp.s32.f64 s4, d1")
D3(vcvtm_u32, "vcvtm.u32.f64 s4, d1")
D3(vcvt_f32, "vcvt.f32.f64 s5, d1")
D3(vcvtb_f16, "vcvtb.f16.f64 s4, d1")
D3(vcvtt_f16, "vcvtt.f16.f64 s5, d1")
D3(vrintr, "vrintr.f64 d2, d1")
D3(vrintz, "vrintz.f64 d2, d1")
D3(vrintx, "vrintx.f64 d2, d1")
D3(vrinta, "vrinta.f64 d2, d1")
D3(vrintn, "vrintn.f64 d2, d1")
D3(vrintp, "vrintp.f64 d2, d1")
D3(vrintm, "vrintm.f64 d2, d1")
D3(vcvt_fix16, "vmov.f64 d2, d1\n\tvcvt.s16.f64 d2, d2, #4")
D3(vcvt_ufix32, "vmov.f64 d2, d1\n\tvcvt.u32.f64 d2, d2, #20")
D3(vcvt_fix32, "vmov.f64 d2, d1\n\tvcvt.s32.f64 d2, d2, #1")
D3(vmov_imm, "vmov.f64 d2, #-1.875\n\tvmov.f64 d1, #0.125\n\tvadd.f64 d2, d2, d1")
/* From integers and narrower formats: the input is in s2 (the low half of d1). */
D3(vcvt_f64s, "vcvt.f64.s32 d2, s2")
D3(vcvt_f64u, "vcvt.f64.u32 d2, s2")
D3(vcvt_f64f32, "vcvt.f64.f32 d2, s2")
D3(vcvtb_f64, "vcvtb.f64.f16 d2, s2")
D3(vcvtt_f64, "vcvtt.f64.f16 d2, s2")
D3(vcvt_from_fix, "vmov.f64 d2, d1\n\tvcvt.f64.s32 d2, d2, #8")
D3(vcvt_from_ufix16, "vmov.f64 d2, d1\n\tvcvt.f64.u16 d2, d2, #3")

S3(vmaxnm, "vmaxnm.f32 s2, s0, s1")
S3(vminnm, "vminnm.f32 s2, s0, s1")
S3(vsel, "vcmp.f32 s0, s1\n\tvmrs APSR_nzcv, fpscr\n\tvselge.f32 s2, s0, s1\n\tvselvs.f32 s3, s0, s1\n\t"
	"vseleq.f32 s4, s0, s1\n\tvselgt.f32 s5, s0, s1\n\tvadd.f32 s2, s2, s3\n\tvadd.f32 s4, s4, s5\n\tvsub.f32 s2, s2, s4")
S3(vrinta, "vrinta.f32 s2, s1")
S3(vrintn, "vrintn.f32 s2, s1")
S3(vrintp, "vrintp.f32 s2, s1")
S3(vrintm, "vrintm.f32 s2, s1")
S3(vrintr, "vrintr.f32 s2, s1")
S3(vrintz, "vrintz.f32 s2, s1")
S3(vrintx, "vrintx.f32 s2, s1")
S3(vcvta_u32, "vcvta.u32.f32 s2, s1")
S3(vcvtn_s32, "vcvtn.s32.f32 s2, s1")
S3(vcvtp_u32, "vcvtp.u32.f32 s2, s1")
S3(vcvtm_s32, "vcvtm.s32.f32 s2, s1")

typedef void (*d3)(u64, u64, u32);
typedef void (*s3)(u32, u32, u32);
static const d3 binops[] = {d_vadd, d_vsub, d_vmul, d_vdiv, d_vfma, d_vcmp, d_vcmpe, d_vmaxnm, d_vminnm, d_vsel};
static const d3 moreops[] = {d_vnmul, d_vmla, d_vmls, d_vnmla, d_vnmls, d_vfms, d_vfnma, d_vfnms};
static const d3 unops[] = {
	d_vsqrt, d_vabs, d_vneg, d_vcmpz, d_vcmpez, d_vcvt_s32, d_vcvt_u32, d_vcvtr_s32, d_vcvtr_u32,
	d_vcvta_s32, d_vcvtn_u32, d_vcvtp_s32, d_vcvtm_u32, d_vcvt_f32, d_vcvtb_f16, d_vcvtt_f16,
	d_vrintr, d_vrintz, d_vrintx, d_vrinta, d_vrintn, d_vrintp, d_vrintm, d_vcvt_fix16,
	d_vcvt_ufix32, d_vcvt_fix32, d_vmov_imm,
};
static const d3 fromops[] = {
	d_vcvt_f64s, d_vcvt_f64u, d_vcvt_f64f32, d_vcvtb_f64, d_vcvtt_f64, d_vcvt_from_fix, d_vcvt_from_ufix16,
};
static const s3 sbinops[] = {s_vmaxnm, s_vminnm, s_vsel};
static const s3 sunops[] = {
	s_vrinta, s_vrintn, s_vrintp, s_vrintm, s_vrintr, s_vrintz, s_vrintx,
	s_vcvta_u32, s_vcvtn_s32, s_vcvtp_u32, s_vcvtm_s32,
};

/* Loads, stores, pushes and pops of D registers, and S/D aliasing. */
static void loads_stores(void)
{
	static u64 buf[8] __attribute__((aligned(8))) = {0x3ff0000000000000ull, 0x4000000000000000ull,
		0x4008000000000000ull, 0x4010000000000000ull};
	u32 r[6], sp0, sp1;
	__asm__ volatile(
		"vldr d4, [%[b]]\n\t"
		"vldr d5, [%[b], #24]\n\t"
		"vldmia %[b], {d8-d11}\n\t"
		"vadd.f64 d8, d8, d11\n\t"
		"vstr d8, [%[b], #32]\n\t"
		"mov %[s0], sp\n\t"
		"vpush {d8-d10}\n\t"
		"vpop {d12-d14}\n\t"
		"mov %[s1], sp\n\t"
		"vstmdb %[e]!, {d12-d13}\n\t"
		"vmov %[r0], %[r1], d5\n\t"
		"vmov %[r2], s24\n\t"
		"vmov %[r3], s25\n\t"
		"vmov s30, s31, %[r1], %[r0]\n\t"
		"vmov %[r4], %[r5], d15\n\t"
		: [r0] "=&r"(r[0]), [r1] "=&r"(r[1]), [r2] "=&r"(r[2]), [r3] "=&r"(r[3]), [r4] "=&r"(r[4]), [r5] "=&r"(r[5]),
		  [s0] "=&r"(sp0), [s1] "=&r"(sp1)
		: [b] "r"(buf), [e] "r"(buf + 8)
		: "d4", "d5", "d8", "d9", "d10", "d11", "d12", "d13", "d14", "d15", "memory");
	line("d_ldst", 8, r[0], r[1], r[2], r[3], r[4], r[5], sp0 - sp1, HI(buf[4]));
	line("d_ldst_mem", 4, HI(buf[6]), LO(buf[6]), HI(buf[7]), LO(buf[7]));
	u32 lo, hi, x;
	__asm__ volatile("vmov.f64 d7, #3.0\n\tvmov %0, s14\n\tvmov %1, s15\n\tvmov.32 d6[1], %1\n\tvmov %2, s13"
		: "=&r"(lo), "=&r"(hi), "=&r"(x) : : "d6", "d7");
	line("d_alias", 3, lo, hi, x);
}

/* Lazy stacking: an interrupt handler that uses doubles while the thread's
 * double context is live in d0-d7. */
static u32 seen[6];

static void fp_irq(u32 *fr, u32 excret)
{
	volatile u32 *f = fr;
	seen[0] = excret;
	seen[1] = REG(0xE000EF34);
	seen[2] = f[8] | f[9];
	u32 lo, hi;
	__asm__ volatile("vmov.f64 d0, #5.0\n\tvmov.f64 d7, #-0.5\n\tvadd.f64 d0, d0, d7\n\tvmov %0, %1, d0"
		: "=r"(lo), "=r"(hi) : : "d0", "d7");
	seen[3] = f[8];
	seen[4] = f[9];
	seen[5] = hi;
}

static void lazy(void)
{
	hooks[16 + 5] = fp_irq;
	NVIC_ISER0 = 1 << 5;
	u32 l0, h0, l7, h7;
	__asm__ volatile(
		"vmov.f64 d0, #1.5\n\t"
		"vmov.f64 d7, #-3.0\n\t"
		"str %4, [%5]\n\t"
		"dsb\n\tisb\n\t"
		"vmov %0, %1, d0\n\t"
		"vmov %2, %3, d7\n\t"
		: "=r"(l0), "=r"(h0), "=r"(l7), "=r"(h7) : "r"(1 << 5), "r"(&NVIC_ISPR0) : "d0", "d7", "memory");
	line("d_lazy_thread", 4, l0, h0, l7, h7);
	line("d_lazy_handler", 6, seen[0], seen[1], seen[2], seen[3], seen[4], seen[5]);
	NVIC_ICER0 = 1 << 5;
}

int main(void)
{
	puts_("fpv5 double suite\n");
	line("ids", 4, REG(0xE000ED00), REG(0xE000EF40), REG(0xE000EF44), REG(0xE000EF48));
	for (unsigned k = 0; k < sizeof binops / sizeof binops[0]; k++)
		for (unsigned i = 0; i < ND; i++)
			for (unsigned j = 0; j < ND; j++)
				binops[k](dvals[i], dvals[j], modes[(i + j + k) % 6]);
	for (unsigned k = 0; k < sizeof moreops / sizeof moreops[0]; k++)
		for (unsigned i = 0; i < ND; i += 3)
			for (unsigned j = 0; j < ND; j++)
				moreops[k](dvals[i], dvals[j], modes[(i + j) % 6]);
	for (unsigned k = 0; k < sizeof unops / sizeof unops[0]; k++)
		for (unsigned i = 0; i < ND; i++)
			for (unsigned f = 0; f < 6; f++)
				unops[k](dvals[(i + 3) % ND], dvals[i], modes[f]);
	for (unsigned k = 0; k < sizeof fromops / sizeof fromops[0]; k++) {
		for (unsigned i = 0; i < NI; i++)
			fromops[k](0, ints[i], modes[i % 6]);
		for (unsigned i = 0; i < NF; i++)
			fromops[k](0, fvals[i] | (u64)ints[i % NI] << 32, modes[(i + k) % 6]);
	}
	for (unsigned k = 0; k < sizeof sbinops / sizeof sbinops[0]; k++)
		for (unsigned i = 0; i < NF; i++)
			for (unsigned j = 0; j < NF; j++)
				sbinops[k](fvals[i], fvals[j], modes[(i + j) % 6]);
	for (unsigned k = 0; k < sizeof sunops / sizeof sunops[0]; k++)
		for (unsigned i = 0; i < NF; i++)
			for (unsigned f = 0; f < 6; f++)
				sunops[k](0, fvals[i], modes[f]);
	loads_stores();
	lazy();
	puts_("done\n");
	return 0;
}
