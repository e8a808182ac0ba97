/*
 * mtime - prints the machine timer at known points of a deterministic run,
 * to compare virtual time models: on QEMU with -icount shift=0 and on
 * Rewind with 1e9 instructions per virtual second the output must match.
 *
 * QEMU's virtual clock starts at an offset that changes from run to run,
 * so the program first waits for an mtime tick edge and prints only
 * differences from there: mtime and minstret after busy loops of growing
 * length, then when one timer interrupt came, taken while spinning (no
 * wfi: QEMU's icount follows host time during wfi unless sleep=off).
 */
#include "board.h"

#define MIE_MTIE    (1u << 7)
#define MSTATUS_MIE (1u << 3)

static volatile uint32_t fired_at;

static uint32_t mtime_lo(void) { return REG32(CLINT_MTIME); }

static uint32_t instret(void)
{
	uint32_t v;
	__asm__ volatile("csrr %0, minstret" : "=r"(v));
	return v;
}

static __attribute__((noinline)) void spin(uint32_t n)
{
	for (volatile uint32_t i = 0; i < n; i++)
		;
}

static __attribute__((interrupt("machine"), aligned(4))) void trap_handler(void)
{
	fired_at = mtime_lo();
	REG32(CLINT_MTIMECMP(0) + 4) = 0xffffffffu;
}

static void show(const char *what, uint32_t t, uint32_t n)
{
	uart_puts(what);
	uart_puts(": mtime ");
	uart_dec(t);
	uart_puts(" minstret ");
	uart_dec(n);
	uart_putc('\n');
}

int main(void)
{
	static const uint32_t loops[] = {0, 10, 100, 1000, 10000, 100000};
	uint32_t t[6], n[6];

	uint32_t t0 = mtime_lo();
	while (mtime_lo() == t0)
		;
	t0 = mtime_lo();
	uint32_t n0 = instret();
	for (int i = 0; i < 6; i++) {
		spin(loops[i]);
		t[i] = mtime_lo() - t0;
		n[i] = instret() - n0;
	}
	for (int i = 0; i < 6; i++) {
		uart_puts("spin ");
		uart_dec(loops[i]);
		show("", t[i], n[i]);
	}

	t0 = mtime_lo();
	while (mtime_lo() == t0)
		;
	uint32_t deadline = mtime_lo() + 5000;
	n0 = instret();
	__asm__ volatile("csrw mtvec, %0" : : "r"(trap_handler));
	REG32(CLINT_MTIMECMP(0) + 4) = 0xffffffffu;
	REG32(CLINT_MTIMECMP(0)) = deadline;
	REG32(CLINT_MTIMECMP(0) + 4) = 0;
	__asm__ volatile("csrs mie, %0" : : "r"(MIE_MTIE));
	__asm__ volatile("csrs mstatus, %0" : : "r"(MSTATUS_MIE));
	while (fired_at == 0)
		;
	__asm__ volatile("csrc mstatus, %0" : : "r"(MSTATUS_MIE));
	/* Only the tick: QEMU takes the interrupt up to one tick late, by the
	 * sub-tick phase at the time mtimecmp was written (it rounds the
	 * deadline from the current nanosecond), Rewind at the tick itself. */
	(void)n0;
	uart_puts("interrupt 5000 ticks after an edge: fired at mtime deadline+");
	uart_dec(fired_at - deadline);
	uart_putc('\n');
	return 0;
}
