/*
 * dataflow - a value whose history crosses every kind of move, for the
 * origin tests: a byte typed into the UART is read by the receive
 * interrupt handler, scaled by arithmetic, stored in a struct, copied by a
 * byte-wise memcpy, passed to a function as an argument, and its result
 * stored in `final_value`. Type one character (the tests send "A").
 */
#include "board.h"

#define UART_IRQ        10u
#define PLIC_BASE       0x0c000000u
#define PLIC_PRIORITY   (PLIC_BASE + 4u * UART_IRQ)
#define PLIC_ENABLE0    (PLIC_BASE + 0x2000u)
#define PLIC_THRESHOLD0 (PLIC_BASE + 0x200000u)
#define PLIC_CLAIM0     (PLIC_BASE + 0x200004u)
#define MIE_MEIE        (1u << 11)
#define MSTATUS_MIE     (1u << 3)

struct reading {
	uint32_t id;
	uint32_t scaled;
	uint32_t flags;
};

static volatile uint32_t rx_byte;
static volatile uint32_t rx_ready;
static struct reading src, dst;
uint32_t final_value;

static __attribute__((interrupt("machine"), aligned(4))) void trap_handler(void)
{
	uint32_t irq = REG32(PLIC_CLAIM0);
	if (irq == UART_IRQ && (REG8(UART_BASE + UART_LSR) & UART_LSR_DR)) {
		rx_byte = REG8(UART_BASE + UART_RBR);
		rx_ready = 1;
	}
	if (irq != 0)
		REG32(PLIC_CLAIM0) = irq;
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
	return scaled + 1000;
}

int main(void)
{
	__asm__ volatile("csrw mtvec, %0" : : "r"(trap_handler));
	REG32(PLIC_PRIORITY) = 1;
	REG32(PLIC_ENABLE0) = 1u << UART_IRQ;
	REG32(PLIC_THRESHOLD0) = 0;
	REG8(UART_BASE + UART_IER) = 0x01;
	__asm__ volatile("csrs mie, %0" : : "r"(MIE_MEIE));
	uart_puts("dataflow: type a character\n");
	for (;;) {
		__asm__ volatile("csrc mstatus, %0" : : "r"(MSTATUS_MIE));
		if (rx_ready)
			break;
		__asm__ volatile("wfi");
		__asm__ volatile("csrs mstatus, %0" : : "r"(MSTATUS_MIE));
	}
	uint32_t b = rx_byte;
	uint32_t scaled = b * 3u + 7u;
	src.id = 42;
	src.scaled = scaled;
	src.flags = 1;
	copy_bytes(&dst, &src, sizeof dst);
	final_value = finish(dst.scaled);
	uart_puts("final_value ");
	uart_dec(final_value);
	uart_putc('\n');
	return 0;
}
