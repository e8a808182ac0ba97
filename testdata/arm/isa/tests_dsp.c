/* tests_dsp.c - ARMv7E-M DSP instructions (Cortex-M4): SIMD add and
 * subtract in every flavour with the GE flags, SEL, saturating
 * arithmetic, the DSP multiplies, packing and 16-bit extends. */
#include "isa.h"

#ifdef __ARM_FEATURE_DSP
static const u32 dvals[] = {0, 0x00010001, 0x7fff8000, 0x80007fff, 0xffffffff, 0x12345678, 0x7f80ff01, 0xfedcba98, 0x00ff7f80};
#define ND (sizeof dvals / sizeof dvals[0])

#define D3(name, insn) \
	static void d_##name(u32 a, u32 b) \
	{ \
		u32 r = 0x5a5a5a5a, f, g; \
		__asm__ volatile("msr apsr_nzcvqg, %[z]\n\t" insn "\n\tmrs %[f], apsr\n\tsel %[g], %[a], %[b]" \
			: [r] "+&r"(r), [f] "=&r"(f), [g] "=&r"(g) : [a] "r"(a), [b] "r"(b), [z] "r"(0) : "cc"); \
		line(#name, 5, a, b, r, f, g); \
	}

D3(sadd16, "sadd16 %[r], %[a], %[b]")
D3(sasx, "sasx %[r], %[a], %[b]")
D3(ssax, "ssax %[r], %[a], %[b]")
D3(ssub16, "ssub16 %[r], %[a], %[b]")
D3(sadd8, "sadd8 %[r], %[a], %[b]")
D3(ssub8, "ssub8 %[r], %[a], %[b]")
D3(qadd16, "qadd16 %[r], %[a], %[b]")
D3(qasx, "qasx %[r], %[a], %[b]")
D3(qsax, "qsax %[r], %[a], %[b]")
D3(qsub16, "qsub16 %[r], %[a], %[b]")
D3(qadd8, "qadd8 %[r], %[a], %[b]")
D3(qsub8, "qsub8 %[r], %[a], %[b]")
D3(shadd16, "shadd16 %[r], %[a], %[b]")
D3(shasx, "shasx %[r], %[a], %[b]")
D3(shsax, "shsax %[r], %[a], %[b]")
D3(shsub16, "shsub16 %[r], %[a], %[b]")
D3(shadd8, "shadd8 %[r], %[a], %[b]")
D3(shsub8, "shsub8 %[r], %[a], %[b]")
D3(uadd16, "uadd16 %[r], %[a], %[b]")
D3(uasx, "uasx %[r], %[a], %[b]")
D3(usax, "usax %[r], %[a], %[b]")
D3(usub16, "usub16 %[r], %[a], %[b]")
D3(uadd8, "uadd8 %[r], %[a], %[b]")
D3(usub8, "usub8 %[r], %[a], %[b]")
D3(uqadd16, "uqadd16 %[r], %[a], %[b]")
D3(uqasx, "uqasx %[r], %[a], %[b]")
D3(uqsax, "uqsax %[r], %[a], %[b]")
D3(uqsub16, "uqsub16 %[r], %[a], %[b]")
D3(uqadd8, "uqadd8 %[r], %[a], %[b]")
D3(uqsub8, "uqsub8 %[r], %[a], %[b]")
D3(uhadd16, "uhadd16 %[r], %[a], %[b]")
D3(uhasx, "uhasx %[r], %[a], %[b]")
D3(uhsax, "uhsax %[r], %[a], %[b]")
D3(uhsub16, "uhsub16 %[r], %[a], %[b]")
D3(uhadd8, "uhadd8 %[r], %[a], %[b]")
D3(uhsub8, "uhsub8 %[r], %[a], %[b]")
D3(qadd, "qadd %[r], %[a], %[b]")
D3(qsub, "qsub %[r], %[a], %[b]")
D3(qdadd, "qdadd %[r], %[a], %[b]")
D3(qdsub, "qdsub %[r], %[a], %[b]")
D3(smulbb, "smulbb %[r], %[a], %[b]")
D3(smulbt, "smulbt %[r], %[a], %[b]")
D3(smultb, "smultb %[r], %[a], %[b]")
D3(smultt, "smultt %[r], %[a], %[b]")
D3(smlabb, "smlabb %[r], %[a], %[b], %[a]")
D3(smlatt, "smlatt %[r], %[a], %[b], %[b]")
D3(smulwb, "smulwb %[r], %[a], %[b]")
D3(smulwt, "smulwt %[r], %[a], %[b]")
D3(smlawb, "smlawb %[r], %[a], %[b], %[a]")
D3(smuad, "smuad %[r], %[a], %[b]")
D3(smuadx, "smuadx %[r], %[a], %[b]")
D3(smlad, "smlad %[r], %[a], %[b], %[a]")
D3(smladx, "smladx %[r], %[a], %[b], %[b]")
D3(smusd, "smusd %[r], %[a], %[b]")
D3(smusdx, "smusdx %[r], %[a], %[b]")
D3(smlsd, "smlsd %[r], %[a], %[b], %[a]")
D3(smlsdx, "smlsdx %[r], %[a], %[b], %[b]")
D3(smmul, "smmul %[r], %[a], %[b]")
D3(smmulr, "smmulr %[r], %[a], %[b]")
D3(smmla, "smmla %[r], %[a], %[b], %[a]")
D3(smmlar, "smmlar %[r], %[a], %[b], %[b]")
D3(smmls, "smmls %[r], %[a], %[b], %[a]")
D3(smmlsr, "smmlsr %[r], %[a], %[b], %[b]")
D3(usad8, "usad8 %[r], %[a], %[b]")
D3(usada8, "usada8 %[r], %[a], %[b], %[a]")
D3(pkhbt, "pkhbt %[r], %[a], %[b], lsl #8")
D3(pkhtb, "pkhtb %[r], %[a], %[b], asr #12")
D3(pkhtb32, "pkhtb %[r], %[a], %[b], asr #32")
D3(sxtab16, "sxtab16 %[r], %[a], %[b], ror #8")
D3(sxtb16, "sxtb16 %[r], %[b]")
D3(uxtab16, "uxtab16 %[r], %[a], %[b]")
D3(uxtb16, "uxtb16 %[r], %[b], ror #24")
D3(ssat16, "ssat16 %[r], #9, %[a]")
D3(usat16, "usat16 %[r], #7, %[b]")

typedef void (*d2)(u32, u32);
static const d2 alld[] = {
	d_sadd16, d_sasx, d_ssax, d_ssub16, d_sadd8, d_ssub8, d_qadd16, d_qasx, d_qsax, d_qsub16, d_qadd8, d_qsub8,
	d_shadd16, d_shasx, d_shsax, d_shsub16, d_shadd8, d_shsub8, d_uadd16, d_uasx, d_usax, d_usub16, d_uadd8,
	d_usub8, d_uqadd16, d_uqasx, d_uqsax, d_uqsub16, d_uqadd8, d_uqsub8, d_uhadd16, d_uhasx, d_uhsax,
	d_uhsub16, d_uhadd8, d_uhsub8, d_qadd, d_qsub, d_qdadd, d_qdsub, d_smulbb, d_smulbt, d_smultb, d_smultt,
	d_smlabb, d_smlatt, d_smulwb, d_smulwt, d_smlawb, d_smuad, d_smuadx, d_smlad, d_smladx, d_smusd, d_smusdx,
	d_smlsd, d_smlsdx, d_smmul, d_smmulr, d_smmla, d_smmlar, d_smmls, d_smmlsr, d_usad8, d_usada8, d_pkhbt,
	d_pkhtb, d_pkhtb32, d_sxtab16, d_sxtb16, d_uxtab16, d_uxtb16, d_ssat16, d_usat16,
};

static void dsp_long(u32 a, u32 b)
{
	u32 lo = 0x89abcdef, hi = 0x01234567;
	__asm__ volatile("smlalbb %0, %1, %2, %3" : "+r"(lo), "+r"(hi) : "r"(a), "r"(b));
	line("smlalbb", 4, a, b, lo, hi);
	__asm__ volatile("smlaltb %0, %1, %2, %3" : "+r"(lo), "+r"(hi) : "r"(a), "r"(b));
	line("smlaltb", 4, a, b, lo, hi);
	__asm__ volatile("smlald %0, %1, %2, %3" : "+r"(lo), "+r"(hi) : "r"(a), "r"(b));
	line("smlald", 4, a, b, lo, hi);
	__asm__ volatile("smlaldx %0, %1, %2, %3" : "+r"(lo), "+r"(hi) : "r"(a), "r"(b));
	line("smlaldx", 4, a, b, lo, hi);
	__asm__ volatile("smlsld %0, %1, %2, %3" : "+r"(lo), "+r"(hi) : "r"(a), "r"(b));
	line("smlsld", 4, a, b, lo, hi);
	__asm__ volatile("smlsldx %0, %1, %2, %3" : "+r"(lo), "+r"(hi) : "r"(a), "r"(b));
	line("smlsldx", 4, a, b, lo, hi);
	__asm__ volatile("umaal %0, %1, %2, %3" : "+r"(lo), "+r"(hi) : "r"(a), "r"(b));
	line("umaal", 4, a, b, lo, hi);
}

void tests_dsp(void)
{
	for (unsigned k = 0; k < sizeof alld / sizeof alld[0]; k++)
		for (unsigned i = 0; i < ND; i++)
			for (unsigned j = 0; j < ND; j++)
				alld[k](dvals[i], dvals[j]);
	for (unsigned i = 0; i < ND; i++)
		for (unsigned j = 0; j < ND; j += 2)
			dsp_long(dvals[i], dvals[j]);
}
#endif
