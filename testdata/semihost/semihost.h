/*
 * semihost.h - direct semihosting calls for the test firmware, on both
 * architectures: ARM "bkpt 0xab" and the RISC-V sequence
 * "slli zero,zero,0x1f; ebreak; srai zero,zero,7" (uncompressed; the
 * three must not straddle a page boundary), with the operation in r0/a0 and the argument in r1/a1.
 */
#ifndef REWIND_SEMIHOST_H
#define REWIND_SEMIHOST_H

#include <stdint.h>

enum {
	SYS_OPEN = 0x01, SYS_CLOSE = 0x02, SYS_WRITEC = 0x03, SYS_WRITE0 = 0x04,
	SYS_WRITE = 0x05, SYS_READ = 0x06, SYS_READC = 0x07, SYS_ISTTY = 0x09,
	SYS_SEEK = 0x0a, SYS_FLEN = 0x0c, SYS_CLOCK = 0x10, SYS_TIME = 0x11,
	SYS_ERRNO = 0x13, SYS_GET_CMDLINE = 0x15, SYS_HEAPINFO = 0x16,
	SYS_EXIT = 0x18, SYS_EXIT_EXTENDED = 0x20, SYS_ELAPSED = 0x30,
	SYS_TICKFREQ = 0x31,
};

#define ADP_Stopped_ApplicationExit 0x20026u
#define ADP_Stopped_RunTimeErrorUnknown 0x20023u

static inline uintptr_t sh_call(uintptr_t op, const volatile void *arg)
{
#if defined(__arm__)
	register uintptr_t r0 __asm__("r0") = op;
	register const volatile void *r1 __asm__("r1") = arg;
	__asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
	return r0;
#elif defined(__riscv)
	register uintptr_t a0 __asm__("a0") = op;
	register const volatile void *a1 __asm__("a1") = arg;
	__asm__ volatile(".option push\n\t.option norvc\n\t"
			 "slli zero, zero, 0x1f\n\tebreak\n\tsrai zero, zero, 7\n\t"
			 ".option pop"
			 : "+r"(a0) : "r"(a1) : "memory");
	return a0;
#else
#error "no semihosting for this architecture"
#endif
}

/* sh_puts prints a NUL-terminated string with SYS_WRITE0. */
static inline void sh_puts(const char *s) { sh_call(SYS_WRITE0, s); }

/* sh_show prints "what = v" and a newline, v in decimal. */
static inline void sh_show(const char *what, int32_t v)
{
	char buf[12];
	int n = sizeof buf - 1;
	uint32_t u = v < 0 ? -(uint32_t)v : (uint32_t)v;
	buf[n] = 0;
	do {
		buf[--n] = (char)('0' + u % 10);
		u /= 10;
	} while (u != 0);
	if (v < 0)
		buf[--n] = '-';
	sh_puts(what);
	sh_puts(" = ");
	sh_puts(buf + n);
	sh_puts("\n");
}

#endif
