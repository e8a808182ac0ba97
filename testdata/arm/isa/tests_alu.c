/* tests_alu.c - data processing: every operation with flags in and out,
 * shifted operands, modified immediates, multiply and divide, bit fields,
 * saturation, IT blocks. Each line prints the operands, the result and the
 * APSR after the instruction. */
#include "isa.h"

static const u32 vals[] = {0, 1, 2, 31, 32, 33, 0x7fffffff, 0x80000000, 0xffffffff, 0x12345678, 0xfffffffe, 0x80000001};
#define NV (sizeof vals / sizeof vals[0])
static const u32 flagsin[] = {0, 0x20000000, 0xf8000000};

/* R3: result = insn(a, b) with flags fi set before. */
#define R3(name, insn) \
	static void t_##name(u32 a, u32 b, u32 fi) \
	{ \
		u32 r = 0x5a5a5a5a, f; \
		__asm__ volatile("msr apsr_nzcvq, %[fi]\n\t" insn "\n\tmrs %[f], apsr" \
			: [r] "+&r"(r), [f] "=&r"(f) : [a] "r"(a), [b] "r"(b), [fi] "r"(fi) : "cc"); \
		line(#name, 5, a, b, fi, r, f); \
	}

R3(adds, "adds %[r], %[a], %[b]")
R3(adcs, "adcs.w %[r], %[a], %[b]")
R3(subs, "subs %[r], %[a], %[b]")
R3(sbcs, "sbcs.w %[r], %[a], %[b]")
R3(rsbs, "rsbs.w %[r], %[a], %[b]")
R3(ands, "ands.w %[r], %[a], %[b]")
R3(orrs, "orrs.w %[r], %[a], %[b]")
R3(eors, "eors.w %[r], %[a], %[b]")
R3(bics, "bics.w %[r], %[a], %[b]")
R3(orns, "orns %[r], %[a], %[b]")
R3(mvns, "mvns.w %[r], %[b]")
R3(lsls, "lsls.w %[r], %[a], %[b]")
R3(lsrs, "lsrs.w %[r], %[a], %[b]")
R3(asrs, "asrs.w %[r], %[a], %[b]")
R3(rors, "rors.w %[r], %[a], %[b]")
R3(cmp, "cmp %[a], %[b]")
R3(cmn, "cmn %[a], %[b]")
R3(tst, "tst %[a], %[b]")
R3(teq, "teq %[a], %[b]")
R3(adds_lsl3, "adds.w %[r], %[a], %[b], lsl #3")
R3(subs_lsr1, "subs.w %[r], %[a], %[b], lsr #1")
R3(ands_asr31, "ands.w %[r], %[a], %[b], asr #31")
R3(orrs_ror7, "orrs.w %[r], %[a], %[b], ror #7")
R3(eors_rrx, "eors.w %[r], %[a], %[b], rrx")
R3(movs_lsr32, "lsrs.w %[r], %[b], #32")
R3(movs_asr32, "asrs.w %[r], %[b], #32")
R3(adds_imm, "adds.w %[r], %[a], #0xff00ff00")
R3(ands_imm, "ands.w %[r], %[a], #0x80000000")
R3(orrs_imm, "orrs.w %[r], %[a], #0x3fc")
R3(eors_imm, "eors.w %[r], %[a], #0x00ab00ab")
R3(subs_imm, "subs.w %[r], %[a], #0x10000")
R3(sbcs_imm, "sbcs.w %[r], %[a], #1")
R3(adcs_imm, "adcs.w %[r], %[a], #0xff")
R3(rsbs_imm, "rsbs.w %[r], %[a], #0")
R3(tst_imm, "tst.w %[a], #0xc0000000")
R3(cmp_imm, "cmp.w %[a], #0x80000000")
R3(addw, "addw %[r], %[a], #0xfff")
R3(subw, "subw %[r], %[a], #0xabc")
R3(mul, "mul %[r], %[a], %[b]")
R3(mla, "mla %[r], %[a], %[b], %[a]")
R3(mls, "mls %[r], %[a], %[b], %[b]")
R3(sdiv, "sdiv %[r], %[a], %[b]")
R3(udiv, "udiv %[r], %[a], %[b]")
R3(clz, "clz %[r], %[a]")
R3(rbit, "rbit %[r], %[a]")
R3(rev, "rev %[r], %[a]")
R3(rev16, "rev16 %[r], %[a]")
R3(revsh, "revsh %[r], %[a]")
R3(sxtb, "sxtb.w %[r], %[a], ror #8")
R3(sxth, "sxth %[r], %[a]")
R3(uxtb, "uxtb %[r], %[a]")
R3(uxth, "uxth.w %[r], %[a], ror #16")
R3(ubfx, "ubfx %[r], %[a], #3, #9")
R3(sbfx, "sbfx %[r], %[a], #4, #12")
R3(bfi, "bfi %[r], %[a], #8, #12")
R3(bfc, "mov %[r], %[a]\n\tbfc %[r], #4, #20")
R3(ssat, "ssat %[r], #8, %[a]")
R3(usat, "usat %[r], #8, %[a], asr #4")
R3(ssat_lsl, "ssat %[r], #16, %[a], lsl #4")
R3(movw_movt, "movw %[r], #0xbeef\n\tmovt %[r], #0xdead")
R3(it_eq, "cmp %[a], %[b]\n\tite eq\n\tmoveq %[r], #1\n\tmovne %[r], #2")
R3(it_gt, "cmp %[a], %[b]\n\titttt gt\n\taddgt %[r], %[a], %[b]\n\tsubgt %[r], %[r], #1\n\tlslgt %[r], %[r], #1\n\teorgt %[r], %[r], %[a]")
R3(it_flags, "cmp %[a], %[b]\n\titet lo\n\tmovlo %[r], #7\n\taddhs %[r], %[a], %[b]\n\tmovlo %[r], #9")
R3(it_cc_ls, "cmp %[a], %[b]\n\tit ls\n\tmovls %[r], %[a]")
R3(it_lt_ge, "cmp %[a], %[b]\n\tite lt\n\tmovlt %[r], %[a]\n\tmovge %[r], %[b]")
R3(it_mi_vs, "adds %[r], %[a], %[b]\n\tite vs\n\tmvnvs %[r], %[r]\n\tnegvc %[r], %[r]")

typedef void (*t3)(u32, u32, u32);
static const t3 all3[] = {
	t_adds, t_adcs, t_subs, t_sbcs, t_rsbs, t_ands, t_orrs, t_eors, t_bics, t_orns, t_mvns,
	t_lsls, t_lsrs, t_asrs, t_rors, t_cmp, t_cmn, t_tst, t_teq,
	t_adds_lsl3, t_subs_lsr1, t_ands_asr31, t_orrs_ror7, t_eors_rrx, t_movs_lsr32, t_movs_asr32,
	t_it_eq, t_it_gt, t_it_flags, t_it_cc_ls, t_it_lt_ge, t_it_mi_vs,
};
static const t3 imm3[] = {
	t_adds_imm, t_ands_imm, t_orrs_imm, t_eors_imm, t_subs_imm, t_sbcs_imm, t_adcs_imm, t_rsbs_imm,
	t_tst_imm, t_cmp_imm, t_addw, t_subw, t_clz, t_rbit, t_rev, t_rev16, t_revsh, t_sxtb, t_sxth,
	t_uxtb, t_uxth, t_ubfx, t_sbfx, t_bfi, t_bfc, t_ssat, t_usat, t_ssat_lsl, t_movw_movt,
};
static const t3 mul3[] = {t_mul, t_mla, t_mls, t_sdiv, t_udiv};

static void long_mul(u32 a, u32 b)
{
	u32 lo, hi;
	__asm__ volatile("umull %0, %1, %2, %3" : "=&r"(lo), "=&r"(hi) : "r"(a), "r"(b));
	line("umull", 4, a, b, lo, hi);
	__asm__ volatile("smull %0, %1, %2, %3" : "=&r"(lo), "=&r"(hi) : "r"(a), "r"(b));
	line("smull", 4, a, b, lo, hi);
	lo = 0x11111111, hi = 0x80000000;
	__asm__ volatile("umlal %0, %1, %2, %3" : "+&r"(lo), "+&r"(hi) : "r"(a), "r"(b));
	line("umlal", 4, a, b, lo, hi);
	lo = 0xffffffff, hi = 0x7fffffff;
	__asm__ volatile("smlal %0, %1, %2, %3" : "+&r"(lo), "+&r"(hi) : "r"(a), "r"(b));
	line("smlal", 4, a, b, lo, hi);
}

/* sixteen covers 16-bit encodings that need low registers. */
static void sixteen(void)
{
	u32 r[6];
	__asm__ volatile(
		"movs r0, #200\n\t"
		"movs r1, #100\n\t"
		"adds r2, r0, #7\n\t"
		"subs r3, r1, #3\n\t"
		"adds r0, #255\n\t"
		"subs r1, #101\n\t"
		"lsls r2, r2, #30\n\t"
		"lsrs r3, r3, #2\n\t"
		"asrs r4, r2, #3\n\t"
		"negs r5, r3\n\t"
		"muls r5, r3, r5\n\t"
		"mvns r4, r4\n\t"
		"str r0, [%0]\n\t"
		"str r1, [%0, #4]\n\t"
		"str r2, [%0, #8]\n\t"
		"str r3, [%0, #12]\n\t"
		"str r4, [%0, #16]\n\t"
		"str r5, [%0, #20]\n\t"
		: : "r"(r) : "r0", "r1", "r2", "r3", "r4", "r5", "cc", "memory");
	line("sixteen", 7, r[0], r[1], r[2], r[3], r[4], r[5], get_apsr());
}

void tests_alu(void)
{
	for (unsigned k = 0; k < sizeof all3 / sizeof all3[0]; k++)
		for (unsigned i = 0; i < NV; i++)
			for (unsigned j = 0; j < NV; j++)
				all3[k](vals[i], vals[j], flagsin[(i + j) % 3]);
	for (unsigned k = 0; k < sizeof imm3 / sizeof imm3[0]; k++)
		for (unsigned i = 0; i < NV; i++)
			for (unsigned f = 0; f < 3; f++)
				imm3[k](vals[i], vals[(i + 5) % NV], flagsin[f]);
	for (unsigned k = 0; k < sizeof mul3 / sizeof mul3[0]; k++)
		for (unsigned i = 0; i < NV; i++)
			for (unsigned j = 0; j < NV; j++)
				mul3[k](vals[i], vals[j], 0);
	for (unsigned i = 0; i < NV; i++)
		for (unsigned j = 0; j < NV; j += 3)
			long_mul(vals[i], vals[j]);
	sixteen();
}
