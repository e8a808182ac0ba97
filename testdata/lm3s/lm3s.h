/*
 * lm3s.h - the few lm3s6965evb (Stellaris LM3S6965) registers the test
 * firmware uses: UART0 (a PL011), the system control block, and the
 * Cortex-M3 NVIC, SysTick and SCB; plus a vector table in RAM.
 */
#ifndef REWIND_LM3S_H
#define REWIND_LM3S_H

#include <stdint.h>

#define REG32(a) (*(volatile uint32_t *)(uintptr_t)(a))

#define UART0      0x4000c000u
#define UART_DR    (UART0 + 0x000)
#define UART_FR    (UART0 + 0x018)
#define UART_IBRD  (UART0 + 0x024)
#define UART_FBRD  (UART0 + 0x028)
#define UART_LCRH  (UART0 + 0x02c)
#define UART_CR    (UART0 + 0x030)
#define UART_IFLS  (UART0 + 0x034)
#define UART_IMSC  (UART0 + 0x038)
#define UART_RIS   (UART0 + 0x03c)
#define UART_MIS   (UART0 + 0x040)
#define UART_ICR   (UART0 + 0x044)
#define UART_FR_RXFE 0x10u
#define UART_FR_TXFF 0x20u
#define UART_INT_RX  0x10u
#define UART_INT_TX  0x20u
#define IRQ_UART0    5

#define SYSCTL        0x400fe000u
#define SYSCTL_DID0   (SYSCTL + 0x000)
#define SYSCTL_RIS    (SYSCTL + 0x050)
#define SYSCTL_MISC   (SYSCTL + 0x058)
#define SYSCTL_RCC    (SYSCTL + 0x060)
#define SYSCTL_PLLCFG (SYSCTL + 0x064)
#define SYSCTL_RCC2   (SYSCTL + 0x070)
#define SYSCTL_RCGC1  (SYSCTL + 0x104)

#define SYST_CSR   0xe000e010u
#define SYST_RVR   0xe000e014u
#define SYST_CVR   0xe000e018u
#define SYST_CALIB 0xe000e01cu
#define NVIC_ISER0 0xe000e100u
#define NVIC_ICER0 0xe000e180u
#define SCB_VTOR   0xe000ed08u

#define VECTORS (16 + 64)

/* vectors is the firmware's vector table in RAM (VTOR needs 512-byte
 * alignment for 80 entries); install_vectors copies the boot table's first
 * 16 entries there and points VTOR at it. */
static __attribute__((aligned(512))) void (*vectors[VECTORS])(void);

static inline void install_vectors(void)
{
	void (*const *boot)(void) = 0;
	for (int i = 0; i < 16; i++)
		vectors[i] = boot[i];
	REG32(SCB_VTOR) = (uint32_t)(uintptr_t)vectors;
	__asm__ volatile("dsb\n\tisb" ::: "memory");
}

static inline void irq_handler(int irq, void (*h)(void)) { vectors[16 + irq] = h; }
static inline void irq_enable(int irq) { REG32(NVIC_ISER0) = 1u << irq; }
static inline void irq_disable(int irq) { REG32(NVIC_ICER0) = 1u << irq; }

/* uart_putc writes one byte once the transmit FIFO has room. */
static inline void uart_putc(char c)
{
	while (REG32(UART_FR) & UART_FR_TXFF)
		;
	REG32(UART_DR) = (uint8_t)c;
}

static inline void uart_puts(const char *s)
{
	while (*s)
		uart_putc(*s++);
}

static inline void uart_hex(uint32_t v)
{
	for (int i = 28; i >= 0; i -= 4)
		uart_putc("0123456789abcdef"[(v >> i) & 15]);
}

/* uart_show prints "what v" in hexadecimal and a newline. */
static inline void uart_show(const char *what, uint32_t v)
{
	uart_puts(what);
	uart_putc(' ');
	uart_hex(v);
	uart_putc('\n');
}

#endif
