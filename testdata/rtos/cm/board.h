/*
 * board.h - what the test kernel needs of an mps2 board (an385/an386):
 * CMSDK UART0 output and an exit through semihosting.
 */
#ifndef REWIND_RTOS_CM_BOARD_H
#define REWIND_RTOS_CM_BOARD_H

#include <stdint.h>

#define REG32(a) (*(volatile uint32_t *)(uintptr_t)(a))

#define UART0_DATA    0x40004000u
#define UART0_STATE   0x40004004u
#define UART0_CTRL    0x40004008u
#define UART0_BAUDDIV 0x40004010u

static inline void uart_putc(char c)
{
	while (REG32(UART0_STATE) & 1u) /* transmit buffer full */
		;
	REG32(UART0_DATA) = (uint8_t)c;
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

/* board_exit ends the run through semihosting's SYS_EXIT_EXTENDED. */
static inline __attribute__((noreturn)) void board_exit(uint32_t code)
{
	static uint32_t block[2];

	block[0] = 0x20026; /* ADP_Stopped_ApplicationExit */
	block[1] = code;
	register uint32_t r0 __asm__("r0") = 0x20;
	register uint32_t *r1 __asm__("r1") = block;
	__asm__ volatile("bkpt 0xab" : : "r"(r0), "r"(r1) : "memory");
	for (;;)
		;
}

#endif
