/*
 * crash - a store to an unmapped address with no trap handler at all.
 *
 * mtvec stays 0, so the trap has nowhere useful to go: Rewind must stop
 * and report the faulting pc, the cause (7, store access fault), mtval
 * and the functions for pc (store_sample) and ra (log_reading).
 * QEMU loops forever on this one, so the differential tests skip it.
 */
#include "board.h"

#define UNMAPPED 0x00050000u

struct log {
	uint32_t *samples;
	uint32_t count;
};

static __attribute__((noinline)) void store_sample(struct log *log, uint32_t value)
{
	log->samples[log->count] = value;
	log->count++;
}

static __attribute__((noinline)) void log_reading(struct log *log, uint32_t value)
{
	store_sample(log, value * 2u);
	uart_puts("logged\n");
}

int main(void)
{
	struct log log = {(uint32_t *)(uintptr_t)UNMAPPED, 0};

	uart_puts("crash: about to store through a bad pointer\n");
	log_reading(&log, 21);
	uart_puts("crash: still alive?\n");
	return 0;
}
