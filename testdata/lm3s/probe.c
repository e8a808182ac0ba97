/*
 * probe - the lm3s6965evb registers firmware reads at start: the system
 * control block's identification and clock registers (RCC, RCC2, PLLCFG
 * for every crystal setting, the PLL lock bit in RIS), the PL011's reset
 * state and ID block, the core's CPUID, ICTR and SysTick calibration;
 * SysTick's CLKSOURCE (the board has no reference clock) and its rate as
 * RCC's and RCC2's system clock dividers change.
 * Printed on UART0, exit through semihosting.
 */
#include "lm3s.h"
#include "../semihost/semihost.h"

/* systick_count is how many SysTick ticks a fixed loop takes. */
static uint32_t systick_count(void)
{
	REG32(SYST_RVR) = 0xffffff;
	REG32(SYST_CVR) = 0;
	REG32(SYST_CSR) = 1;
	uint32_t a = REG32(SYST_CVR);
	for (volatile int i = 0; i < 10000; i++)
		;
	uint32_t b = REG32(SYST_CVR);
	REG32(SYST_CSR) = 0;
	return (a - b) & 0xffffff;
}

int main(void)
{
	uart_show("syst csr at reset", REG32(SYST_CSR));
	static const uint32_t ssys[] = {0x000, 0x004, 0x008, 0x010, 0x014, 0x018, 0x01c, 0x030, 0x034, 0x040,
		0x050, 0x054, 0x058, 0x05c, 0x060, 0x064, 0x070, 0x100, 0x104, 0x108, 0x110, 0x114, 0x118,
		0x120, 0x124, 0x128, 0x150, 0x160, 0x1e0, 0x1e4};
	for (unsigned i = 0; i < sizeof ssys / sizeof ssys[0]; i++) {
		uart_puts("sysctl ");
		uart_hex(ssys[i]);
		uart_show("", REG32(SYSCTL + ssys[i]));
	}
	uint32_t rcc = REG32(SYSCTL_RCC);
	for (uint32_t x = 0; x < 16; x++) {
		REG32(SYSCTL_RCC) = (rcc & ~(0xfu << 6)) | x << 6;
		uart_show("pllcfg", REG32(SYSCTL_PLLCFG));
	}
	REG32(SYSCTL_RCC) = rcc & ~(1u << 13); /* PWRDN clear: the PLL starts */
	uart_show("ris after pll on", REG32(SYSCTL_RIS));
	REG32(SYSCTL + 0x054) = 0x7f;
	uart_show("misc", REG32(SYSCTL_MISC));
	REG32(SYSCTL_MISC) = 1u << 6;
	uart_show("ris after clear", REG32(SYSCTL_RIS));
	REG32(SYSCTL + 0x054) = 0xffffffff;
	uart_show("imc", REG32(SYSCTL + 0x054));
	REG32(SYSCTL + 0x054) = 0;
	REG32(SYSCTL_RCC) = rcc;
	REG32(SYSCTL_RCC2) = 0x12345678;
	uart_show("rcc2", REG32(SYSCTL_RCC2));
	REG32(SYSCTL_RCC2) = 0x07802810;
	REG32(SYSCTL + 0x030) = 0xffffffff;
	REG32(SYSCTL + 0x034) = 0xffffffff;
	REG32(SYSCTL + 0x05c) = 0xffffffff;
	uart_show("pborctl", REG32(SYSCTL + 0x030));
	uart_show("ldopctl", REG32(SYSCTL + 0x034));
	uart_show("resc", REG32(SYSCTL + 0x05c));
	REG32(SYSCTL_RCGC1) = 0xffffffff;
	uart_show("rcgc1", REG32(SYSCTL_RCGC1));
	for (uint32_t off = 0; off < 0x50; off += 4) {
		uart_puts("uart ");
		uart_hex(off);
		uart_show("", REG32(UART0 + off));
	}
	for (uint32_t off = 0xfe0; off < 0x1000; off += 4)
		uart_show("uart id", REG32(UART0 + off));
	REG32(UART_LCRH) = 0x70;
	REG32(UART_IFLS) = 0x3f;
	REG32(UART_IMSC) = 0x7ff;
	REG32(UART_ICR) = 0xffff;
	uart_show("uart lcrh", REG32(UART_LCRH));
	uart_show("uart ifls", REG32(UART_IFLS));
	uart_show("uart imsc", REG32(UART_IMSC));
	uart_show("uart ris", REG32(UART_RIS));
	uart_show("uart mis", REG32(UART_MIS));
	uart_show("uart fr", REG32(UART_FR));
	REG32(UART_IMSC) = 0;
	uart_show("cpuid", REG32(0xe000ed00));
	uart_show("ictr", REG32(0xe000e004));
	uart_show("syst calib", REG32(SYST_CALIB));
	REG32(SYST_CSR) = 0;
	uart_show("syst csr written 0", REG32(SYST_CSR));
	uart_show("systick at reset clock", systick_count());
	uint32_t rcc0 = REG32(SYSCTL_RCC), rcc20 = REG32(SYSCTL_RCC2);
	REG32(SYSCTL_RCC) = (rcc0 & ~(0xfu << 23)) | 3u << 23 | 1u << 22; /* SYSDIV /4: 50 MHz */
	uart_show("systick at 50 MHz", systick_count());
	REG32(SYST_RVR) = 0xffffff;
	REG32(SYST_CVR) = 0;
	REG32(SYST_CSR) = 1;
	for (volatile int i = 0; i < 1000; i++)
		;
	REG32(SYSCTL_RCC2) = 0x80000000u | 1u << 23; /* USERCC2, SYSDIV2 /2 while counting */
	for (volatile int i = 0; i < 1000; i++)
		;
	REG32(SYSCTL_RCC) = rcc0;
	REG32(SYSCTL_RCC2) = rcc20; /* back to 12.5 MHz */
	for (volatile int i = 0; i < 1000; i++)
		;
	uart_show("systick across clock changes", 0xffffff - REG32(SYST_CVR));
	REG32(SYST_CSR) = 0;
	sh_call(SYS_EXIT, (void *)ADP_Stopped_ApplicationExit);
	return 0;
}
