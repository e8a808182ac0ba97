/*
 * uart - UART0 (a PL011) and SysTick on lm3s6965evb: polled output; a
 * message sent from the UART interrupt handler (IRQ 5), one byte per TX
 * interrupt; input echoed in upper case from the RX interrupt until
 * "quit" (with the FIFOs on and off); SysTick interrupts counted while
 * the core sleeps in WFI (QEMU's -icount sleep=off makes this exact), with
 * SYST_CVR read after each wake; exit through semihosting with the
 * number of lines received.
 */
#include "lm3s.h"
#include "../semihost/semihost.h"

static const char message[] = "uart: sent from the TX interrupt\n";
static volatile unsigned sent, lines, done, len, ticks;
static volatile char line[64];
static volatile uint32_t mis_seen;

static void uart_handler(void)
{
	uint32_t mis = REG32(UART_MIS);
	mis_seen |= mis;
	if (mis & UART_INT_TX) {
		REG32(UART_ICR) = UART_INT_TX;
		if (message[sent] != 0)
			REG32(UART_DR) = (uint8_t)message[sent++];
		else
			REG32(UART_IMSC) &= ~UART_INT_TX;
	}
	while (mis & UART_INT_RX && !(REG32(UART_FR) & UART_FR_RXFE)) {
		char c = (char)REG32(UART_DR);
		if (c == '\n') {
			lines++;
			if (len == 4 && line[0] == 'q' && line[1] == 'u' && line[2] == 'i' && line[3] == 't')
				done = 1;
			len = 0;
		} else if (len < sizeof line) {
			line[len++] = c;
		}
		uart_putc(c >= 'a' && c <= 'z' ? (char)(c - 'a' + 'A') : c);
	}
}

static void systick_handler(void) { ticks++; }

int main(void)
{
	install_vectors();
	irq_handler(IRQ_UART0, uart_handler);
	REG32(SYSCTL_RCGC1) |= 1; /* UART0 clock on, as real firmware does */
	REG32(UART_CR) = 0;
	REG32(UART_IBRD) = 6;
	REG32(UART_FBRD) = 8;
	REG32(UART_LCRH) = 0x60; /* 8 bits, FIFOs off */
	REG32(UART_CR) = 0x301;
	uart_puts("uart: polled output\n");
	uart_show("uart: tx raised", REG32(UART_RIS) & UART_INT_TX); /* RX depends on when input comes */

	REG32(UART_ICR) = UART_INT_TX; /* not RX: a byte may wait in the FIFO */
	irq_enable(IRQ_UART0);
	REG32(UART_IMSC) = UART_INT_TX;
	REG32(UART_DR) = (uint8_t)message[sent++];
	while (REG32(UART_IMSC) & UART_INT_TX)
		;
	uart_show("uart: mis seen", mis_seen);

	uart_puts("uart: echo\n");
	REG32(UART_IMSC) = UART_INT_RX;
	while (!done)
		__asm__ volatile("wfi");
	irq_disable(IRQ_UART0);
	uart_show("uart: lines", lines);
	REG32(UART_LCRH) = 0x70; /* FIFOs on: the content is dropped */
	uart_show("uart: fr with FIFOs on", REG32(UART_FR));

	vectors[15] = systick_handler;
	REG32(SYST_RVR) = 12499; /* 1 ms at 12.5 MHz */
	REG32(SYST_CVR) = 0;
	REG32(SYST_CSR) = 7;
	for (int i = 0; i < 5; i++) {
		__asm__ volatile("wfi");
		uart_show("systick: cvr after wake", REG32(SYST_CVR));
	}
	REG32(SYST_CSR) = 0;
	REG32(SYST_RVR) = 1249;
	REG32(SYST_CVR) = 0;
	REG32(SYST_CSR) = 3; /* CLKSOURCE=0: no reference clock, still cpuclk */
	unsigned t0 = ticks;
	for (volatile int i = 0; i < 200000; i++)
		;
	REG32(SYST_CSR) = 0;
	uart_show("systick: ticks in the loop", ticks - t0);
	uart_show("systick: total", ticks);
	uintptr_t ext[2] = {ADP_Stopped_ApplicationExit, lines};
	sh_call(SYS_EXIT_EXTENDED, ext);
	return 1;
}
