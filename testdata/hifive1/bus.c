/*
 * bus.c - HiFive1 Rev B test firmware for the bus: UART1's registers, the
 * access widths the UART takes, the unimplemented always-on block, a hole
 * in the map and the PRCI. Each access that faults is noted by the trap
 * handler and skipped; the program prints what every access gave and
 * exits with the number of faults.
 */
#include "fe310.h"
#include "faults.h"

/* report prints what the last access gave: its value or its fault. */
static void report(const char *what, uint32_t before, uint32_t v)
{
	puts_uart(what);
	if (faults != before) {
		show(": fault, mcause", fault_cause);
		show("  mtval", fault_addr);
	} else {
		show(": value", v);
	}
}

static void load(const char *what, uint32_t addr, int size)
{
	uint32_t before = faults, v;
	if (size == 1)
		v = *(volatile uint8_t *)addr;
	else
		v = *(volatile uint32_t *)addr;
	report(what, before, v);
}

static void store(const char *what, uint32_t addr, uint32_t v)
{
	uint32_t before = faults;
	*(volatile uint32_t *)addr = v;
	report(what, before, v);
}

void exit_with(uint32_t code) { sh_exit(code); }

int main(void)
{
	UART0(UART_TXCTRL) = 1;
	puts_uart("hifive1 bus test\n");
	store("uart1 div store", 0x10023018, 0x1234);
	store("uart1 txctrl store", 0x10023008, 0x00020001);
	load("uart1 div", 0x10023018, 4);
	load("uart1 txctrl", 0x10023008, 4);
	load("uart1 ip", 0x10023014, 4);
	load("uart0 div byte", 0x10013018, 1);
	load("uart0 beyond its registers", 0x10013020, 4);
	load("aon", 0x10000070, 4);
	load("qspi0", 0x10014000, 4);
	load("itim hole", 0x08000000, 4);
	store("store to a hole", 0x40000000, 1);
	load("prci hfrosccfg", 0x10008000, 4);
	load("prci plloutdiv", 0x1000800c, 4);
	load("gpio output_en", 0x10012008, 4);
	load("mask rom reset code", 0x1004, 4);
	load("clint mtimecmp high", 0x02004004, 4);
	load("plic uart0 priority", 0x0c00000c, 4);
	return (int)faults;
}
