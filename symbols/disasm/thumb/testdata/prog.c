/* Compiled C for the disassembler's golden tests: loops, switches (tbb,
 * tbh), 64-bit and floating-point arithmetic, bit fields, saturation,
 * DSP intrinsics and atomics, so that gcc emits the instruction mix real
 * firmware has. */
#include <stdint.h>
#if defined(__ARM_FEATURE_DSP)
#include <arm_acle.h>
#endif

volatile uint32_t sink;
struct regs {
	uint32_t en : 1, mode : 3, div : 8, : 4, prio : 5;
};

uint32_t bitfields(struct regs *r, uint32_t v)
{
	r->mode = v;
	r->div = v >> 4;
	r->prio = v >> 9;
	return r->mode + r->div + r->prio;
}

int classify(int x)
{
	switch (x) {
	case 0: return 10;
	case 1: return 27;
	case 2: return -4;
	case 3: return 99;
	case 4: return 5;
	case 5: return 1000;
	case 6: return 31;
	case 8: return 7;
	default: return x * 3;
	}
}

int wide_switch(int x)
{
	switch (x) {
	case 0: sink = 1; return classify(x + 1);
	case 1: sink = 2; return classify(x * 3);
	case 2: sink = 3; return classify(x - 7) + 1;
	case 3: sink = 5; return bitfields(0, x);
	case 4: sink = 8; return classify(x << 2) * 3;
	case 5: sink = 13; return classify(x ^ 0x55) + 9;
	case 6: sink = 21; return classify(x | 0x100) - 4;
	case 7: sink = 34; return classify(x & 0x3f) * 7;
	case 200: sink = 55; return classify(x / 3);
	default: return -1;
	}
}

uint64_t mul64(uint64_t a, uint64_t b) { return a * b + (a >> 7); }
int64_t smul64(int32_t a, int32_t b) { return (int64_t)a * b; }
uint64_t div64(uint64_t a, uint64_t b) { return b ? a / b + a % b : 0; }
int32_t sdiv(int32_t a, int32_t b) { return b ? a / b : a % 7; }
uint32_t udiv(uint32_t a, uint32_t b) { return b ? a / b : 0; }

int clamp(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }
uint32_t minmax(uint32_t a, uint32_t b, uint32_t c) { return (a > b ? a : b) < c ? c : a; }
int sign(int v) { return (v > 0) - (v < 0); }

uint32_t bits(uint32_t v)
{
	return __builtin_clz(v | 1) + __builtin_popcount(v) + __builtin_bswap32(v) + __builtin_ctz(v | 0x80000000);
}

int16_t sat16(int32_t v) { return v > 32767 ? 32767 : v < -32768 ? -32768 : v; }

uint32_t checksum(const uint8_t *p, int n)
{
	uint32_t s = 0;
	for (int i = 0; i < n; i++)
		s = (s << 5) + s + p[i];
	return s;
}

void copy_words(uint32_t *d, const uint32_t *s, int n)
{
	while (n-- > 0)
		*d++ = *s++;
}

int16_t halves(const int16_t *p, int i) { return p[i] + p[i + 1] - (int8_t)p[i + 2]; }

float fmix(float a, float b, float t) { return a + (b - a) * t; }
float fpoly(float x) { return ((0.5f * x - 1.25f) * x + 3.0f) * x - 0.125f; }
int fcmp(float a, float b) { return a < b ? -1 : a > b ? 1 : 0; }
int f2i(float f) { return (int)f; }
unsigned f2u(float f) { return (unsigned)f; }
float i2f(int i) { return (float)i; }
float fabs_(float f) { return __builtin_fabsf(f); }
#if defined(__ARM_FP) && (__ARM_FP & 4)
float fsqrt(float f) { return __builtin_sqrtf(f); }
float ffma(float a, float b, float c) { return __builtin_fmaf(a, b, c); }
#else
float fsqrt(float f) { return f * 0.5f; }
float ffma(float a, float b, float c) { return a * b + c; }
#endif
double dmix(double a, double b, double t) { return a + (b - a) * t; }
double dconv(float f, int i) { return (double)f * i + 0.5; }
float dnarrow(double d) { return (float)d; }
int dcmp(double a, double b) { return a <= b; }
#if defined(__ARM_FP) && (__ARM_FP & 8)
double dsqrt(double d) { return __builtin_sqrt(d); }
#else
double dsqrt(double d) { return d * 0.25; }
#endif

#if defined(__ARM_FEATURE_DSP)
int32_t dsp(int32_t a, int32_t b, int32_t c)
{
	int32_t r = __qadd(a, b) + __qsub(a, c);
	r += __smlad(a, b, c) + __smuad(a, b) + __smlabb(a, b, c);
	r += __ssat(a, 12) + __usat(b, 9);
	r += __sadd16(a, b) + __uqsub8(a, c) + __sel(a, b);
	r += (int32_t)__smlald(a, b, (int64_t)c << 20) + __usada8(a, b, c);
	r += __smlawb(a, b, c) + __smlsd(a, b, c) + __qasx(a, c);
	return r;
}
#endif

#if __ARM_ARCH_PROFILE == 'M' && __ARM_ARCH >= 7
uint32_t atomic_add(uint32_t *p, uint32_t v) { return __atomic_fetch_add(p, v, __ATOMIC_SEQ_CST); }
int atomic_cas(int *p, int old, int nw) { return __atomic_compare_exchange_n(p, &old, nw, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST); }
uint32_t rbit(uint32_t v) { uint32_t r; __asm__("rbit %0, %1" : "=r"(r) : "r"(v)); return r; }
#endif

void irq_off(void) { __asm__ volatile("cpsid i" ::: "memory"); }
void irq_on(void) { __asm__ volatile("cpsie i" ::: "memory"); }

int main(void)
{
	static uint8_t buf[16] = {1, 2, 3};
	struct regs r = {0};
	uint32_t s = checksum(buf, sizeof buf) + bitfields(&r, sink);
	s += wide_switch(sink) + classify(sink) + (uint32_t)mul64(s, sink) + (uint32_t)div64(s, 3);
	s += sdiv(s, sink) + udiv(s, 5) + clamp(s, 1, 9) + minmax(s, 2, 3) + sign(s) + bits(s) + sat16(s);
	s += f2i(fmix(1.0f, 2.0f, i2f(s))) + fcmp(fpoly(s), 2.5f) + f2u(fabs_(fsqrt(ffma(s, 2, 3))));
	s += dcmp(dmix(1, 2, s), dsqrt(dconv(dnarrow(s), s)));
#if defined(__ARM_FEATURE_DSP)
	s += dsp(s, sink, 3);
#endif
#if __ARM_ARCH_PROFILE == 'M' && __ARM_ARCH >= 7
	s += atomic_add((uint32_t *)&sink, 1) + atomic_cas((int *)&sink, 1, 2) + rbit(s);
#endif
	irq_off();
	sink = s;
	irq_on();
	return 0;
}

void reset(void)
{
	main();
	for (;;)
		__asm__ volatile("wfi");
}

__attribute__((section(".vectors"), used)) static void (*const vectors[])(void) = {
	(void (*)(void))0x20010000, reset,
};
