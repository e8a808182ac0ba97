/*
 * histload - a long history for timing whole-history queries: a loop that
 * touches no memory runs forever; every 2^20 iterations it calls sample()
 * and stores the result in `marker` (a page of its own), and a CLINT timer
 * interrupt bumps `ticks` every TICK timer ticks. sample() sits on a code
 * page of its own, so a segment of history that did not call it or write
 * `marker` is ruled out by its summary.
 */
#include "board.h"

#define TICK        1000000u
#define MIE_MTIE    (1u << 7)
#define MSTATUS_MIE (1u << 3)

volatile uint32_t marker __attribute__((aligned(4096)));
volatile uint32_t ticks __attribute__((aligned(4096)));

uint32_t sample(uint32_t i);

static void set_mtimecmp(uint64_t when)
{
	REG32(CLINT_MTIMECMP(0) + 4) = 0xffffffffu;
	REG32(CLINT_MTIMECMP(0)) = (uint32_t)when;
	REG32(CLINT_MTIMECMP(0) + 4) = (uint32_t)(when >> 32);
}

static uint64_t mtime(void)
{
	uint32_t hi, lo;
	do {
		hi = REG32(CLINT_MTIME + 4);
		lo = REG32(CLINT_MTIME);
	} while (hi != REG32(CLINT_MTIME + 4));
	return ((uint64_t)hi << 32) | lo;
}

static __attribute__((interrupt("machine"), aligned(4))) void trap_handler(void)
{
	ticks = ticks + 1;
	set_mtimecmp(mtime() + TICK);
}

__attribute__((aligned(4096))) int main(void)
{
	uint32_t acc = 1;

	uart_puts("histload: running\n");
	__asm__ volatile("csrw mtvec, %0" : : "r"(trap_handler));
	set_mtimecmp(mtime() + TICK);
	__asm__ volatile("csrs mie, %0" : : "r"(MIE_MTIE));
	__asm__ volatile("csrs mstatus, %0" : : "r"(MSTATUS_MIE));
	for (uint32_t i = 0;; i++) {
		acc = acc * 3u + i;
		if ((i & 0xfffffu) == 0)
			marker = sample(acc);
	}
	return 0;
}

/* sample scrambles its argument (on a code page of its own). */
__attribute__((noinline, aligned(4096))) uint32_t sample(uint32_t i)
{
	uint32_t h = i * 2654435761u;
	return h ^ (h >> 15);
}
