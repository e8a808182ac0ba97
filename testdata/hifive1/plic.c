/*
 * plic.c - HiFive1 Rev B test firmware for the FE310's PLIC and the UART's
 * watermark interrupts: which priority, pending, enable, threshold and
 * claim registers exist (53 sources, one machine-mode context), what they
 * keep of a write, and when UART1's interrupt reaches the PLIC with ie.txwm
 * set (QEMU raises it whatever the transmit watermark). Accesses that
 * fault are noted by the trap handler and skipped; the program prints what
 * every access gave and exits with the number of faults.
 */
#include "fe310.h"
#include "faults.h"

#define IRQ_UART1 4
#define UART1(off) REG(0x10023000 + (off))
#define PLIC(off) (0x0c000000u + (off))

/* load prints the word at addr, or its fault. */
static uint32_t load(const char *what, uint32_t addr)
{
	uint32_t before = faults, v = REG(addr);
	puts_uart(what);
	if (faults != before) {
		show(": fault, mcause", fault_cause);
		return 0;
	}
	show(": value", v);
	return v;
}

/* poke writes all ones to addr and prints what reads back. */
static void poke(const char *what, uint32_t addr)
{
	REG(addr) = 0xffffffffu;
	load(what, addr);
	REG(addr) = 0;
}

/* meip reads the machine external interrupt pending bit. */
static uint32_t meip(void)
{
	uint32_t mip;
	__asm__ volatile("csrr %0, mip" : "=r"(mip));
	return (mip >> 11) & 1;
}

/* uart1_irq prints how the PLIC sees UART1's line, claims and completes it. */
static void uart1_irq(const char *what)
{
	puts_uart(what);
	putc_uart('\n');
	load("  uart1 ip", 0x10023014);
	load("  pending", PLIC(0x1000));
	show("  meip", meip());
	uint32_t src = load("  claim", PLIC(0x200004));
	if (src)
		REG(PLIC(0x200004)) = src;
}

void exit_with(uint32_t code) { sh_exit(code); }

int main(void)
{
	UART0(UART_TXCTRL) = 1;
	puts_uart("hifive1 plic test\n");
	poke("priority 1", PLIC(0x04));
	poke("priority 52", PLIC(4 * 52));
	poke("priority 53", PLIC(4 * 53));
	poke("priority 63", PLIC(4 * 63));
	poke("priority 95", PLIC(4 * 95));
	poke("priority 127", PLIC(4 * 127));
	poke("priority 128", PLIC(4 * 128));
	poke("priority 1023", PLIC(4 * 1023));
	poke("priority 0", PLIC(0));
	load("pending 0", PLIC(0x1000));
	load("pending 1", PLIC(0x1004));
	load("pending 2", PLIC(0x1008));
	load("pending 4", PLIC(0x1010));
	poke("enable 0", PLIC(0x2000));
	poke("enable 1", PLIC(0x2004));
	poke("enable 2", PLIC(0x2008));
	poke("enable 3", PLIC(0x200c));
	poke("enable 4", PLIC(0x2010));
	poke("enable 31", PLIC(0x207c));
	poke("context 1 enable 0", PLIC(0x2080));
	poke("threshold", PLIC(0x200000));
	load("claim", PLIC(0x200004));
	poke("context 1 threshold", PLIC(0x201000));
	load("context 1 claim", PLIC(0x201004));
	load("beyond the contexts", PLIC(0x3fffffc));

	PLIC_PRIORITY(IRQ_UART1) = 1;
	PLIC_THRESHOLD = 0;
	PLIC_ENABLE = 1u << IRQ_UART1;
	UART1(UART_IE) = UART_TXWM; /* txctrl.txcnt is 0: ip.txwm stays clear */
	uart1_irq("uart1 ie.txwm, txcnt 0");
	UART1(UART_TXCTRL) = 1u << 16;
	uart1_irq("uart1 ie.txwm, txcnt 1");
	UART1(UART_IE) = 0;
	uart1_irq("uart1 ie 0");
	UART1(UART_IE) = UART_RXWM; /* nothing received */
	uart1_irq("uart1 ie.rxwm");
	UART1(UART_IE) = 0xffffffffu;
	load("uart1 ie all ones", 0x10023010);
	UART1(UART_IE) = 0;
	uart1_irq("uart1 ie 0 again");
	poke("uart1 txctrl", 0x10023008);
	poke("uart1 rxctrl", 0x1002300c);
	poke("uart1 div", 0x10023018);

	/* a byte sent while the source is claimed re-signals the line */
	UART1(UART_IE) = UART_TXWM;
	load("claim with ie.txwm", PLIC(0x200004));
	UART1(UART_TXDATA) = 0;
	load("pending after a byte while claimed", PLIC(0x1000));
	REG(PLIC(0x200004)) = IRQ_UART1;
	load("pending after completion", PLIC(0x1000));
	UART1(UART_TXDATA) = 0;
	uart1_irq("after another byte");
	UART1(UART_IE) = 0;
	PLIC_PRIORITY(IRQ_UART1) = 0;
	UART1(UART_IE) = UART_TXWM;
	uart1_irq("priority 0");
	UART1(UART_IE) = 0;
	return (int)faults;
}
