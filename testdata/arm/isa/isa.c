/* isa.c - output helpers and the test driver. */
#include <stdarg.h>
#include "isa.h"

static int semi(int op, const void *arg)
{
	register int r0 __asm__("r0") = op;
	register const void *r1 __asm__("r1") = arg;
	__asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
	return r0;
}

static char buf[256];
static int blen;

static void flush(void)
{
	buf[blen] = 0;
	if (blen)
		semi(4, buf); /* SYS_WRITE0 */
	blen = 0;
}

static void putc_(char c)
{
	if (blen >= (int)sizeof buf - 1)
		flush();
	buf[blen++] = c;
	if (c == '\n')
		flush();
}

void puts_(const char *s)
{
	while (*s)
		putc_(*s++);
}

void put_hex(u32 v)
{
	for (int i = 28; i >= 0; i -= 4)
		putc_("0123456789abcdef"[(v >> i) & 15]);
}

/* line prints "name v1 v2 ..." with n hexadecimal values. */
void line(const char *name, int n, ...)
{
	va_list ap;
	va_start(ap, n);
	puts_(name);
	for (int i = 0; i < n; i++) {
		putc_(' ');
		put_hex(va_arg(ap, u32));
	}
	va_end(ap);
	putc_('\n');
}

void exit_(int code)
{
	flush();
	semi(0x18, (const void *)(code == 0 ? 0x20026 : 0x20023));
	for (;;)
		;
}

int main(void)
{
	puts_("arm isa suite\n");
	tests_alu();
	tests_mem();
	tests_exc();
#ifdef __ARM_FEATURE_DSP
	tests_dsp();
#endif
#ifdef __ARM_FP
	tests_fp();
#endif
	puts_("done\n");
	return 0;
}
