/*
 * board.h - the few QEMU virt devices our test firmware touches.
 *
 * NS16550A UART at 0x10000000 (byte registers), SiFive test device at
 * 0x00100000 (exit codes), CLINT at 0x02000000 (msip, mtimecmp, mtime).
 */
#ifndef REWIND_BOARD_H
#define REWIND_BOARD_H

#include <stdint.h>

#define UART_BASE     0x10000000u
#define UART_RBR      0 /* receive buffer (read) */
#define UART_THR      0 /* transmit holding (write) */
#define UART_IER      1 /* interrupt enable */
#define UART_LSR      5 /* line status */
#define UART_LSR_DR   0x01 /* data ready */
#define UART_LSR_THRE 0x20 /* transmit holding register empty */

#define TEST_DEVICE   0x00100000u
#define CLINT_BASE    0x02000000u
#define CLINT_MSIP(h)     (CLINT_BASE + 4u * (h))
#define CLINT_MTIMECMP(h) (CLINT_BASE + 0x4000u + 8u * (h))
#define CLINT_MTIME       (CLINT_BASE + 0xbff8u)

#define REG8(a)  (*(volatile uint8_t *)(uintptr_t)(a))
#define REG32(a) (*(volatile uint32_t *)(uintptr_t)(a))

static inline void uart_putc(char c)
{
	while ((REG8(UART_BASE + UART_LSR) & UART_LSR_THRE) == 0)
		;
	REG8(UART_BASE + UART_THR) = (uint8_t)c;
}

static inline void uart_puts(const char *s)
{
	while (*s)
		uart_putc(*s++);
}

/* uart_hex prints v as 8 hex digits. */
static inline void uart_hex(uint32_t v)
{
	for (int shift = 28; shift >= 0; shift -= 4)
		uart_putc("0123456789abcdef"[(v >> shift) & 0xf]);
}

/* uart_dec prints v in decimal. */
static inline void uart_dec(uint32_t v)
{
	char buf[11];
	int n = 0;
	do {
		buf[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v != 0);
	while (n > 0)
		uart_putc(buf[--n]);
}

/* board_exit stops the machine with the given exit code. */
static inline __attribute__((noreturn)) void board_exit(uint32_t code)
{
	REG32(TEST_DEVICE) = code == 0 ? 0x5555u : (code << 16) | 0x3333u;
	for (;;)
		__asm__ volatile("wfi");
}

#endif
