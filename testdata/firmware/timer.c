/*
 * timer - machine timer interrupts with wfi.
 *
 * Programs the CLINT's mtimecmp for hart 0, enables MTIE and MIE, and
 * sleeps in wfi. The trap handler counts interrupts and re-arms the timer
 * 1 ms (10000 ticks of the 10 MHz timebase) later; after five it disarms
 * the timer. All output is independent of how fast time passes.
 */
#include "board.h"

#define TICKS_PER_INTERRUPT 10000u
#define INTERRUPTS          5u
#define MCAUSE_MTI          0x80000007u
#define MIE_MTIE            (1u << 7)
#define MSTATUS_MIE         (1u << 3)

static volatile uint32_t ticks;
static volatile uint32_t bad_cause;

static uint64_t mtime(void)
{
	uint32_t hi, lo;
	do {
		hi = REG32(CLINT_MTIME + 4);
		lo = REG32(CLINT_MTIME);
	} while (hi != REG32(CLINT_MTIME + 4));
	return ((uint64_t)hi << 32) | lo;
}

static void set_mtimecmp(uint64_t when)
{
	REG32(CLINT_MTIMECMP(0) + 4) = 0xffffffffu; /* no spurious match while split */
	REG32(CLINT_MTIMECMP(0)) = (uint32_t)when;
	REG32(CLINT_MTIMECMP(0) + 4) = (uint32_t)(when >> 32);
}

static __attribute__((interrupt("machine"), aligned(4))) void trap_handler(void)
{
	uint32_t cause;
	__asm__ volatile("csrr %0, mcause" : "=r"(cause));
	if (cause != MCAUSE_MTI) {
		bad_cause = cause;
		set_mtimecmp(~0ull);
		return;
	}
	ticks = ticks + 1;
	uart_puts("tick ");
	uart_dec(ticks);
	uart_puts(", mcause ");
	uart_hex(cause);
	uart_putc('\n');
	if (ticks < INTERRUPTS)
		set_mtimecmp(mtime() + TICKS_PER_INTERRUPT);
	else
		set_mtimecmp(~0ull);
}

int main(void)
{
	uint32_t wakeups = 0;

	uart_puts("timer: arming the CLINT\n");
	__asm__ volatile("csrw mtvec, %0" : : "r"(trap_handler));
	set_mtimecmp(mtime() + TICKS_PER_INTERRUPT);
	__asm__ volatile("csrs mie, %0" : : "r"(MIE_MTIE));
	__asm__ volatile("csrs mstatus, %0" : : "r"(MSTATUS_MIE));

	while (ticks < INTERRUPTS && bad_cause == 0) {
		__asm__ volatile("wfi");
		wakeups++;
	}
	__asm__ volatile("csrc mstatus, %0" : : "r"(MSTATUS_MIE));
	if (bad_cause != 0) {
		uart_puts("unexpected mcause ");
		uart_hex(bad_cause);
		uart_putc('\n');
		return 1;
	}
	uart_puts("timer: ");
	uart_dec(ticks);
	uart_puts(" interrupts, woke up at least that often: ");
	uart_puts(wakeups >= INTERRUPTS ? "yes" : "no");
	uart_putc('\n');
	return 0;
}
