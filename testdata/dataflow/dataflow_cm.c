/*
 * dataflow_cm - dataflow.c's history on a Cortex-M4F (mps2-an386), for the
 * origin tests on ARM: a byte typed into the CMSDK UART is read by the
 * receive interrupt handler, scaled through the FPU, offset by a value
 * held in r3 across the interrupt (so it is stacked at exception entry
 * and unstacked at the return), stored in a struct, copied by a byte-wise
 * memcpy, passed to a function as an argument, spilled to the stack
 * there, and its result stored in `final_value`; the exit is semihosting's.
 * Type one character (the tests send "A").
 */
#include "mps2.h"
#include "semihost.h"

struct reading {
	uint32_t id;
	uint32_t scaled;
	uint32_t flags;
};

static volatile uint32_t rx_byte;
static volatile uint32_t rx_ready;
static struct reading src, dst;
uint32_t final_value;

static void rx_handler(void)
{
	REG32(UART_INT) = UART_RX_INT >> 2; /* INTCLEAR RX */
	rx_byte = REG32(UART_DATA) & 0xff;
	rx_ready = 1;
}

/* hold_across_irq keeps bias in r3 while it enables the receive
 * interrupt and waits for the handler (in wfi, with interrupts masked
 * while it tests the flag): the interrupt is taken with bias in r3, which
 * the hardware stacks and the exception return restores. */
static __attribute__((noinline)) uint32_t hold_across_irq(uint32_t bias)
{
	uint32_t out;
	__asm__ volatile(
		"mov r3, %[bias]\n\t"
		"str %[bit], [%[iser]]\n\t"
		"1: cpsid i\n\t"
		"ldr r2, [%[ready]]\n\t"
		"cbnz r2, 2f\n\t"
		"wfi\n\t"
		"cpsie i\n\t"
		"b 1b\n\t"
		"2: cpsie i\n\t"
		"mov %[out], r3"
		: [out] "=r"(out)
		: [bias] "r"(bias), [bit] "r"(1u << IRQ_UART0RX), [iser] "r"(NVIC_ISER0), [ready] "r"(&rx_ready)
		: "r2", "r3", "cc", "memory");
	return out;
}

static __attribute__((noinline)) void copy_bytes(void *to, const void *from, uint32_t n)
{
	uint8_t *d = to;
	const uint8_t *s = from;
	while (n--)
		*d++ = *s++;
}

static __attribute__((noinline)) uint32_t finish(uint32_t scaled)
{
	volatile uint32_t spilled = scaled; /* through the stack */
	return spilled + 1000;
}

int main(void)
{
	install_vectors();
	irq_handler(IRQ_UART0RX, rx_handler);
	REG32(UART_BAUD) = 16;
	REG32(UART_CTRL) = UART_TX_EN | UART_RX_EN | UART_RX_INT;
	uart_puts("dataflow: type a character\n");
	uint32_t bias = hold_across_irq(7u);
	uint32_t b = rx_byte;
	float f = (float)b * 3.0f;
	uint32_t scaled = (uint32_t)f + bias;
	src.id = 42;
	src.scaled = scaled;
	src.flags = 1;
	copy_bytes(&dst, &src, sizeof dst);
	final_value = finish(dst.scaled);
	uart_puts("final_value ");
	uart_dec(final_value);
	uart_putc('\n');
	uintptr_t ext[2] = {ADP_Stopped_ApplicationExit, 0};
	sh_call(SYS_EXIT_EXTENDED, ext);
	return 0;
}
