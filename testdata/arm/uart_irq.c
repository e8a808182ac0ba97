/*
 * uart_irq - the CMSDK UART0 with interrupts: a message sent from the TX
 * interrupt handler (IRQ 1, one byte per interrupt), then input echoed in
 * upper case from the RX interrupt handler (IRQ 0) until "quit"; then a
 * write with the transmitter disabled, which leaves TXFULL set for good,
 * and a second one, which overruns (reported through semihosting, the
 * UART being stuck); exit through semihosting with the number of lines.
 */
#include "mps2.h"
#include "semihost.h"

static const char message[] = "uart: sent from the TX interrupt\n";
static volatile unsigned sent;
static volatile char line[64];
static volatile unsigned len, lines, done;

static void tx_handler(void)
{
	REG32(UART_INT) = UART_TX_INT >> 2; /* INTCLEAR TX */
	if (message[sent] != 0)
		REG32(UART_DATA) = (uint8_t)message[sent++];
	else
		REG32(UART_CTRL) &= ~UART_TX_INT;
}

static void rx_handler(void)
{
	REG32(UART_INT) = UART_RX_INT >> 2; /* INTCLEAR RX */
	char c = (char)REG32(UART_DATA);
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

int main(void)
{
	install_vectors();
	irq_handler(IRQ_UART0TX, tx_handler);
	irq_handler(IRQ_UART0RX, rx_handler);
	REG32(UART_BAUD) = 16;
	REG32(UART_CTRL) = UART_TX_EN;
	uart_puts("uart: polled output\n");

	/* The TX interrupt comes when a byte has gone with TXINTEN set: send
	 * the first byte by hand, the handler sends the rest. */
	irq_enable(IRQ_UART0TX);
	REG32(UART_CTRL) = UART_TX_EN | UART_TX_INT;
	REG32(UART_DATA) = (uint8_t)message[sent++];
	while (message[sent] != 0 || (REG32(UART_CTRL) & UART_TX_INT))
		;
	irq_disable(IRQ_UART0TX);
	REG32(UART_INT) = 0xf;

	uart_puts("uart: echo\n");

	irq_enable(IRQ_UART0RX);
	REG32(UART_CTRL) = UART_TX_EN | UART_RX_EN | UART_RX_INT;
	/* QEMU hands over input it buffered while the receiver was off only
	 * when DATA is read: read it once. */
	(void)REG32(UART_DATA);
	while (!done)
		;
	uart_puts("uart: lines ");
	uart_dec(lines);
	uart_putc('\n');

	REG32(UART_CTRL) = 0x10; /* transmitter off, TX overrun interrupt on */
	REG32(UART_DATA) = 'x';
	sh_show("STATE after a write with TX off", (int32_t)REG32(UART_STATE));
	REG32(UART_DATA) = 'y';
	sh_show("STATE after a second write", (int32_t)REG32(UART_STATE));
	sh_show("INTSTATUS", (int32_t)REG32(UART_INT));
	REG32(UART_CTRL) = UART_TX_EN;
	REG32(UART_STATE) = 4;
	sh_show("STATE with TX on, overrun cleared", (int32_t)REG32(UART_STATE));
	uintptr_t ext[2] = {ADP_Stopped_ApplicationExit, lines};
	sh_call(SYS_EXIT_EXTENDED, ext);
	return 1;
}
