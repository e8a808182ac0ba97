/*
 * atomic - two harts increment shared counters, run with 2 harts.
 *
 * Each hart adds 1 to one counter ITERATIONS times with amoadd.w and to
 * another with an lr.w/sc.w loop, then announces it is done with an AMO.
 * Hart 0 waits for both harts and prints the totals; hart 1 never prints,
 * so the output does not depend on how the harts interleave.
 */
#include "board.h"

#define HARTS      2
#define ITERATIONS 100000u

static volatile uint32_t amo_counter;
static volatile uint32_t lrsc_counter;
static volatile uint32_t finished;
static volatile uint32_t sc_failures[HARTS];

static void amo_add(volatile uint32_t *p, uint32_t v)
{
	__asm__ volatile("amoadd.w zero, %1, (%0)" : : "r"(p), "r"(v) : "memory");
}

/* lrsc_add adds v to *p and returns how many times sc.w failed. */
static uint32_t lrsc_add(volatile uint32_t *p, uint32_t v)
{
	uint32_t old, fail, failures = 0;
	for (;;) {
		__asm__ volatile("lr.w %0, (%2)\n\t"
				 "add %0, %0, %3\n\t"
				 "sc.w %1, %0, (%2)"
				 : "=&r"(old), "=&r"(fail)
				 : "r"(p), "r"(v)
				 : "memory");
		if (fail == 0)
			return failures;
		failures++;
	}
}

int main(int hartid)
{
	uint32_t failures = 0;

	if (hartid >= HARTS)
		return 0;
	for (uint32_t i = 0; i < ITERATIONS; i++) {
		amo_add(&amo_counter, 1);
		failures += lrsc_add(&lrsc_counter, 1);
	}
	sc_failures[hartid] = failures;
	amo_add(&finished, 1);
	if (hartid != 0)
		return 0;

	while (finished != HARTS)
		;
	uart_puts("atomic: amoadd.w total ");
	uart_dec(amo_counter);
	uart_puts(", lr/sc total ");
	uart_dec(lrsc_counter);
	uart_putc('\n');
	if (amo_counter != HARTS * ITERATIONS || lrsc_counter != HARTS * ITERATIONS) {
		uart_puts("atomic: FAILED\n");
		return 1;
	}
	uart_puts("atomic: ok\n");
	return 0;
}
