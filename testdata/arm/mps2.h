/*
 * mps2.h - the few mps2-an385 registers the test firmware uses: CMSDK
 * UART0, timer 0, the dual timer, the FPGA I/O block, and the Cortex-M
 * NVIC, SysTick and SCB; plus a vector table in RAM for the handlers.
 */
#ifndef REWIND_MPS2_H
#define REWIND_MPS2_H

#include <stdint.h>

#define REG32(a) (*(volatile uint32_t *)(uintptr_t)(a))

#define UART0       0x40004000u
#define UART_DATA   (UART0 + 0x00)
#define UART_STATE  (UART0 + 0x04)
#define UART_CTRL   (UART0 + 0x08)
#define UART_INT    (UART0 + 0x0c) /* INTSTATUS / INTCLEAR */
#define UART_BAUD   (UART0 + 0x10)
#define UART_TX_EN  1u
#define UART_RX_EN  2u
#define UART_TX_INT 4u
#define UART_RX_INT 8u
#define IRQ_UART0RX 0
#define IRQ_UART0TX 1

#define TIMER0        0x40000000u
#define TIMER_CTRL    (TIMER0 + 0x0)
#define TIMER_VALUE   (TIMER0 + 0x4)
#define TIMER_RELOAD  (TIMER0 + 0x8)
#define TIMER_INT     (TIMER0 + 0xc)
#define IRQ_TIMER0    8

#define DUAL          0x40002000u
#define DUAL1_LOAD    (DUAL + 0x00)
#define DUAL1_CONTROL (DUAL + 0x08)
#define DUAL1_INTCLR  (DUAL + 0x0c)
#define DUAL1_RIS     (DUAL + 0x10)
#define IRQ_DUAL      10

#define FPGAIO_LED0     0x40028000u
#define FPGAIO_COUNTER  0x40028018u
#define FPGAIO_PRESCALE 0x4002801cu

#define SYST_CSR   0xe000e010u
#define SYST_RVR   0xe000e014u
#define SYST_CVR   0xe000e018u
#define NVIC_ISER0 0xe000e100u
#define NVIC_ICER0 0xe000e180u
#define SCB_VTOR   0xe000ed08u

#define VECTOR_SYSTICK 15
#define VECTORS (16 + 32)

/* vectors is the firmware's vector table in RAM (VTOR needs 256-byte
 * alignment for 48 entries); install_vectors copies the boot table's first
 * 16 entries there and points VTOR at it. */
static __attribute__((aligned(256))) void (*vectors[VECTORS])(void);

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

/* uart_putc writes one byte by polling (the transmitter must be enabled). */
static inline void uart_putc(char c)
{
	while (REG32(UART_STATE) & 1u)
		;
	REG32(UART_DATA) = (uint8_t)c;
}

static inline void uart_puts(const char *s)
{
	while (*s)
		uart_putc(*s++);
}

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

#endif
