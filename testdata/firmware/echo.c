/*
 * echo - UART input: echo every line back upper-cased, exit 0 on "quit".
 *
 * Built twice: echo.elf polls the line status register for data-ready;
 * echo_irq.elf (-DECHO_IRQ) takes the UART receive interrupt through the
 * PLIC (irq 10, context 0 = hart 0 machine mode) and sleeps in wfi.
 */
#include "board.h"

#define LINE_MAX 80

#ifdef ECHO_IRQ
#define UART_IRQ         10u
#define PLIC_BASE        0x0c000000u
#define PLIC_PRIORITY(i) (PLIC_BASE + 4u * (i))
#define PLIC_ENABLE0     (PLIC_BASE + 0x2000u)
#define PLIC_THRESHOLD0  (PLIC_BASE + 0x200000u)
#define PLIC_CLAIM0      (PLIC_BASE + 0x200004u)
#define MIE_MEIE         (1u << 11)
#define MSTATUS_MIE      (1u << 3)

static volatile uint8_t rx_ring[256];
static volatile uint32_t rx_head, rx_tail;

static __attribute__((interrupt("machine"), aligned(4))) void trap_handler(void)
{
	uint32_t irq = REG32(PLIC_CLAIM0);
	if (irq == UART_IRQ) {
		while (REG8(UART_BASE + UART_LSR) & UART_LSR_DR) {
			rx_ring[rx_head & 0xff] = REG8(UART_BASE + UART_RBR);
			rx_head = rx_head + 1;
		}
	}
	if (irq != 0)
		REG32(PLIC_CLAIM0) = irq;
}

static void input_init(void)
{
	__asm__ volatile("csrw mtvec, %0" : : "r"(trap_handler));
	REG32(PLIC_PRIORITY(UART_IRQ)) = 1;
	REG32(PLIC_ENABLE0) = 1u << UART_IRQ;
	REG32(PLIC_THRESHOLD0) = 0;
	REG8(UART_BASE + UART_IER) = 0x01; /* received data available */
	__asm__ volatile("csrs mie, %0" : : "r"(MIE_MEIE));
	__asm__ volatile("csrs mstatus, %0" : : "r"(MSTATUS_MIE));
}

static char uart_getc(void)
{
	for (;;) {
		/* Check and sleep with interrupts masked: a pending interrupt
		 * still ends wfi, and none is taken between the two. */
		__asm__ volatile("csrc mstatus, %0" : : "r"(MSTATUS_MIE));
		if (rx_tail != rx_head) {
			char c = (char)rx_ring[rx_tail & 0xff];
			rx_tail = rx_tail + 1;
			__asm__ volatile("csrs mstatus, %0" : : "r"(MSTATUS_MIE));
			return c;
		}
		__asm__ volatile("wfi");
		__asm__ volatile("csrs mstatus, %0" : : "r"(MSTATUS_MIE));
	}
}
#else
static void input_init(void)
{
}

static char uart_getc(void)
{
	while ((REG8(UART_BASE + UART_LSR) & UART_LSR_DR) == 0)
		;
	return (char)REG8(UART_BASE + UART_RBR);
}
#endif

static int is_quit(const char *s)
{
	return s[0] == 'q' && s[1] == 'u' && s[2] == 'i' && s[3] == 't' && s[4] == 0;
}

int main(void)
{
	char line[LINE_MAX + 1];
	uint32_t n = 0, lines = 0;

	input_init();
	uart_puts("echo: type lines, \"quit\" ends\n");
	for (;;) {
		char c = uart_getc();
		if (c == '\r')
			continue;
		if (c != '\n') {
			if (n < LINE_MAX)
				line[n++] = c;
			continue;
		}
		line[n] = 0;
		n = 0;
		if (is_quit(line))
			break;
		lines++;
		for (char *p = line; *p; p++)
			uart_putc(*p >= 'a' && *p <= 'z' ? (char)(*p - 'a' + 'A') : *p);
		uart_putc('\n');
	}
	uart_puts("echo: ");
	uart_dec(lines);
	uart_puts(" lines, bye\n");
	return 0;
}
