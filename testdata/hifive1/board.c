/*
 * board.c - HiFive1 Rev B test firmware: brings up the PLL the way SiFive's
 * start-up code does, drives the GPIO pins of the RGB LED, takes CLINT
 * timer interrupts, and reads lines from UART0 through its receive
 * watermark interrupt (PLIC source 3) until "quit", then exits with the
 * number of lines read. Every line it prints follows from the program's
 * logic, not from timing, so QEMU and Rewind print the same.
 */
#include "fe310.h"

static volatile uint32_t ticks;
static volatile uint32_t gpio_irqs, gpio_last;
static volatile char rx[64]; /* bytes the UART interrupt took, in order */
static volatile uint32_t rx_head, rx_tail;

static void pll_setup(void)
{
	PRCI_HFROSCCFG |= ROSC_EN;
	while (!(PRCI_HFROSCCFG & ROSC_RDY))
		;
	PRCI_PLLCFG &= ~PLL_SEL; /* run from the ring oscillator meanwhile */
	PRCI_HFXOSCCFG |= XOSC_EN;
	while (!(PRCI_HFXOSCCFG & XOSC_RDY))
		;
	/* 16 MHz crystal: /2, x64, /2 = 256 MHz; bypass while changing it */
	PRCI_PLLCFG = PLL_REFSEL | PLL_BYPASS;
	PRCI_PLLCFG = PLL_REFSEL | PLL_BYPASS | PLL_R(1) | PLL_F(31) | PLL_Q(1);
	PRCI_PLLOUTDIV = PLLOUT_DIV_BY_1;
	PRCI_PLLCFG &= ~PLL_BYPASS;
	uint32_t start = CLINT_MTIME; /* the lock bit is valid after 100 us */
	while (CLINT_MTIME - start < 4)
		;
	while (!(PRCI_PLLCFG & PLL_LOCK))
		;
	PRCI_PLLCFG |= PLL_SEL;
	PRCI_HFROSCCFG &= ~ROSC_EN;
	show("hfrosccfg", PRCI_HFROSCCFG);
	show("hfxosccfg", PRCI_HFXOSCCFG);
	show("pllcfg", PRCI_PLLCFG);
	show("plloutdiv", PRCI_PLLOUTDIV);
}

static void gpio_test(void)
{
	const uint32_t red = 1u << 22, green = 1u << 19, blue = 1u << 21;
	GPIO_OUTPUT_EN = red | green | blue;
	GPIO_OUT_XOR = red | green | blue; /* the LEDs are active low */
	GPIO_PORT = green;
	GPIO_INPUT_EN = red | green | blue | (1u << 9) | (1u << 10);
	show("value", GPIO_VALUE);
	GPIO_PUE = 1u << 10;
	show("value+pue", GPIO_VALUE);
	show("rise_ip", GPIO_RISE_IP);
	show("high_ip", GPIO_HIGH_IP);
	show("low_ip", GPIO_LOW_IP);
	GPIO_LOW_IP = 0xffffffff;
	GPIO_RISE_IP = 1u << 10;
	show("rise_ip after clear", GPIO_RISE_IP);
	GPIO_PORT = red | blue;
	show("value red+blue", GPIO_VALUE);
	show("fall_ip", GPIO_FALL_IP);
	show("low_ip", GPIO_LOW_IP);

	/* pin 9 rises when its pull-up is enabled: an interrupt through the PLIC */
	GPIO_RISE_IP = 0xffffffff;
	PLIC_PRIORITY(IRQ_GPIO(9)) = 2;
	PLIC_ENABLE = 1u << IRQ_GPIO(9);
	GPIO_RISE_IE = 1u << 9;
	__asm__ volatile("csrs mie, %0" ::"r"(MIE_MEIE));
	__asm__ volatile("csrs mstatus, %0" ::"r"(MSTATUS_MIE));
	GPIO_PUE = (1u << 10) | (1u << 9);
	while (gpio_irqs == 0)
		__asm__ volatile("wfi");
	show("gpio irq source", gpio_last);
	show("rise_ip after irq", GPIO_RISE_IP);
	GPIO_RISE_IE = 0;
	PLIC_ENABLE = 0;
}

static void timer_test(void)
{
	uint32_t now = CLINT_MTIME;
	CLINT_MTIMECMPH = 0xffffffff;
	CLINT_MTIMECMP = now + 1000;
	CLINT_MTIMECMPH = CLINT_MTIMEH;
	__asm__ volatile("csrs mie, %0" ::"r"(MIE_MTIE));
	while (ticks < 3)
		__asm__ volatile("wfi");
	__asm__ volatile("csrc mie, %0" ::"r"(MIE_MTIE));
	show("timer ticks", ticks);
}

static uint32_t uart_rx(void)
{
	char line[64];
	uint32_t len = 0, lines = 0;

	UART0(UART_RXCTRL) = 1; /* rxen, watermark 0: interrupt on any byte */
	UART0(UART_IE) = UART_RXWM;
	PLIC_PRIORITY(IRQ_UART0) = 1;
	PLIC_THRESHOLD = 0;
	PLIC_ENABLE = 1u << IRQ_UART0;
	puts_uart("type lines, quit to end\n");
	for (;;) {
		while (rx_tail == rx_head)
			__asm__ volatile("wfi");
		char c = rx[rx_tail % sizeof rx];
		rx_tail++;
		if (c != '\n' && c != '\r') {
			if (len < sizeof line - 1)
				line[len++] = c;
			continue;
		}
		line[len] = 0;
		len = 0;
		lines++;
		puts_uart("got: ");
		puts_uart(line);
		putc_uart('\n');
		if (line[0] == 'q' && line[1] == 'u' && line[2] == 'i' && line[3] == 't' && line[4] == 0)
			break;
	}
	show("ip", UART0(UART_IP));
	show("rxdata", UART0(UART_RXDATA));
	return lines;
}

/* trap handles the machine timer and the PLIC's external interrupt. */
void trap(uint32_t mcause)
{
	if (mcause == 0x80000007u) {
		ticks++;
		uint32_t next = CLINT_MTIMECMP + 1000;
		CLINT_MTIMECMPH = 0xffffffff;
		CLINT_MTIMECMP = next;
		CLINT_MTIMECMPH = CLINT_MTIMEH;
		return;
	}
	if (mcause != 0x8000000bu) {
		show("unexpected mcause", mcause);
		sh_exit(99);
	}
	uint32_t src = PLIC_CLAIM;
	if (src == IRQ_UART0) {
		uint32_t c;
		while (!((c = UART0(UART_RXDATA)) & UART_EMPTY)) {
			if (rx_head - rx_tail < sizeof rx)
				rx[rx_head++ % sizeof rx] = (char)c;
		}
	} else if (src == IRQ_GPIO(9)) {
		gpio_irqs++;
		gpio_last = src;
		GPIO_RISE_IP = 1u << 9;
	}
	PLIC_CLAIM = src;
}

void exit_with(uint32_t code) { sh_exit(code); }

int main(void)
{
	UART0(UART_DIV) = 138; /* 115200 baud from 16 MHz */
	UART0(UART_TXCTRL) = 1;
	sh_puts("semihosting console: hello\n");
	puts_uart("hifive1 board test\n");
	show("txctrl", UART0(UART_TXCTRL));
	show("div", UART0(UART_DIV));
	pll_setup();
	gpio_test();
	timer_test();
	return (int)uart_rx();
}
