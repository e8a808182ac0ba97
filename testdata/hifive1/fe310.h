/*
 * fe310.h - the FE310-G002 registers the HiFive1 test firmware uses
 * (addresses from the FE310-G002 manual), the console on UART0, and
 * semihosting exit.
 */
#ifndef FE310_H
#define FE310_H

#include <stdint.h>

#define REG(a) (*(volatile uint32_t *)(a))

#define CLINT_MSIP REG(0x02000000)
#define CLINT_MTIMECMP REG(0x02004000)
#define CLINT_MTIMECMPH REG(0x02004004)
#define CLINT_MTIME REG(0x0200bff8)
#define CLINT_MTIMEH REG(0x0200bffc)

#define PLIC_PRIORITY(n) REG(0x0c000000 + 4 * (n))
#define PLIC_PENDING REG(0x0c001000)
#define PLIC_ENABLE REG(0x0c002000)
#define PLIC_ENABLE1 REG(0x0c002004)
#define PLIC_THRESHOLD REG(0x0c200000)
#define PLIC_CLAIM REG(0x0c200004)

#define PRCI_HFROSCCFG REG(0x10008000)
#define PRCI_HFXOSCCFG REG(0x10008004)
#define PRCI_PLLCFG REG(0x10008008)
#define PRCI_PLLOUTDIV REG(0x1000800c)
#define ROSC_EN (1u << 30)
#define ROSC_RDY (1u << 31)
#define XOSC_EN (1u << 30)
#define XOSC_RDY (1u << 31)
#define PLL_R(x) ((uint32_t)(x) << 0)
#define PLL_F(x) ((uint32_t)(x) << 4)
#define PLL_Q(x) ((uint32_t)(x) << 10)
#define PLL_SEL (1u << 16)
#define PLL_REFSEL (1u << 17)
#define PLL_BYPASS (1u << 18)
#define PLL_LOCK (1u << 31)
#define PLLOUT_DIV_BY_1 (1u << 8)

#define GPIO(off) REG(0x10012000 + (off))
#define GPIO_VALUE GPIO(0x00)
#define GPIO_INPUT_EN GPIO(0x04)
#define GPIO_OUTPUT_EN GPIO(0x08)
#define GPIO_PORT GPIO(0x0c)
#define GPIO_PUE GPIO(0x10)
#define GPIO_RISE_IE GPIO(0x18)
#define GPIO_RISE_IP GPIO(0x1c)
#define GPIO_FALL_IE GPIO(0x20)
#define GPIO_FALL_IP GPIO(0x24)
#define GPIO_HIGH_IP GPIO(0x2c)
#define GPIO_LOW_IP GPIO(0x34)
#define GPIO_OUT_XOR GPIO(0x40)

#define UART0(off) REG(0x10013000 + (off))
#define UART_TXDATA 0x00
#define UART_RXDATA 0x04
#define UART_TXCTRL 0x08
#define UART_RXCTRL 0x0c
#define UART_IE 0x10
#define UART_IP 0x14
#define UART_DIV 0x18
#define UART_FULL (1u << 31)
#define UART_EMPTY (1u << 31)
#define UART_TXWM 1u
#define UART_RXWM 2u

#define IRQ_UART0 3
#define IRQ_GPIO(pin) (8 + (pin))

#define MIE_MTIE (1u << 7)
#define MIE_MEIE (1u << 11)
#define MSTATUS_MIE (1u << 3)

/* Console output on UART0, polling the full bit. */
static inline void putc_uart(char c)
{
	while (UART0(UART_TXDATA) & UART_FULL)
		;
	UART0(UART_TXDATA) = (uint8_t)c;
}

static inline void puts_uart(const char *s)
{
	while (*s)
		putc_uart(*s++);
}

/* puthex prints v as eight hex digits. */
static inline void puthex(uint32_t v)
{
	for (int i = 28; i >= 0; i -= 4)
		putc_uart("0123456789abcdef"[(v >> i) & 15]);
}

/* show prints "name=0x........" and a newline. */
static inline void show(const char *name, uint32_t v)
{
	puts_uart(name);
	puts_uart("=0x");
	puthex(v);
	putc_uart('\n');
}

/* sh_call makes a semihosting call (the three instructions on one page). */
static inline uint32_t sh_call(uint32_t op, const volatile void *arg)
{
	register uint32_t a0 __asm__("a0") = op;
	register const volatile void *a1 __asm__("a1") = arg;
	__asm__ volatile(".option push\n\t.option norvc\n\t.balign 16\n\t"
			 "slli zero, zero, 0x1f\n\tebreak\n\tsrai zero, zero, 7\n\t"
			 ".option pop"
			 : "+r"(a0) : "r"(a1) : "memory");
	return a0;
}

/* sh_puts writes a string to the semihosting console (SYS_WRITE0). */
static inline void sh_puts(const char *s) { sh_call(0x04, s); }

/* sh_exit ends the run through semihosting SYS_EXIT_EXTENDED. */
static inline void sh_exit(uint32_t code)
{
	volatile uint32_t block[2] = {0x20026u, code};
	sh_call(0x20, block);
}

#endif
