/*
 * board.h - the ARM (mps2) stand-in for testdata/common/board.h, so that
 * testdata/firmware/bench.c builds unchanged for Cortex-M: output goes
 * through semihosting (SYS_WRITEC), exit through SYS_EXIT.
 */
#ifndef REWIND_BOARD_H
#define REWIND_BOARD_H

#include <stdint.h>

static inline uint32_t semihost(uint32_t op, const void *arg)
{
	register uint32_t r0 __asm__("r0") = op;
	register const void *r1 __asm__("r1") = arg;
	__asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
	return r0;
}

static inline void uart_putc(char c) { semihost(0x03, &c); }

static inline void uart_puts(const char *s)
{
	while (*s)
		uart_putc(*s++);
}

static inline void uart_hex(uint32_t v)
{
	for (int shift = 28; shift >= 0; shift -= 4)
		uart_putc("0123456789abcdef"[(v >> shift) & 0xf]);
}

static inline __attribute__((noreturn)) void board_exit(uint32_t code)
{
	semihost(0x18, (const void *)(code == 0 ? 0x20026u : 0x20023u));
	for (;;)
		;
}

#endif
