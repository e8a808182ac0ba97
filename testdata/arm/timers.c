/*
 * timers - interrupts from SysTick (exception 15), the CMSDK timer 0
 * (IRQ 8) and the dual timer's first half (IRQ 10), taken while spinning;
 * the FPGA I/O LEDs; then how many periods of timer 0 (RELOAD 99) and of
 * the dual timer (LOAD 199) fit in 220050 ticks of the FPGA I/O COUNTER
 * (all at 25 MHz): a period is RELOAD+1 ticks, so 2200 and 1100, with 50
 * ticks of margin either side. Nothing printed depends on how many
 * instructions a tick takes. Exits 0 through semihosting.
 */
#include "mps2.h"
#include "semihost.h"

static volatile unsigned systicks, timer0, dual;

static void systick_handler(void)
{
	if (++systicks == 5)
		REG32(SYST_CSR) = 0;
}

static void timer0_handler(void)
{
	REG32(TIMER_INT) = 1;
	if (++timer0 == 3)
		REG32(TIMER_CTRL) = 0;
}

static void dual_handler(void)
{
	REG32(DUAL1_INTCLR) = 1;
	if (++dual == 2)
		REG32(DUAL1_CONTROL) = 0;
}

static void count_timer0(void)
{
	REG32(TIMER_INT) = 1;
	timer0++;
}

static void count_dual(void)
{
	REG32(DUAL1_INTCLR) = 1;
	dual++;
}

static void report(const char *what, unsigned n)
{
	uart_puts(what);
	uart_dec(n);
	uart_putc('\n');
}

int main(void)
{
	install_vectors();
	vectors[VECTOR_SYSTICK] = systick_handler;
	irq_handler(IRQ_TIMER0, timer0_handler);
	irq_handler(IRQ_DUAL, dual_handler);
	REG32(UART_BAUD) = 16;
	REG32(UART_CTRL) = UART_TX_EN;

	REG32(SYST_RVR) = 24999; /* 1 ms at the 25 MHz core clock */
	REG32(SYST_CVR) = 0;
	REG32(SYST_CSR) = 7; /* enable, interrupt, core clock */
	while (systicks < 5)
		;
	report("systick interrupts: ", systicks);

	irq_enable(IRQ_TIMER0);
	REG32(TIMER_RELOAD) = 2500;
	REG32(TIMER_CTRL) = 9; /* enable, interrupt */
	while (timer0 < 3)
		;
	report("timer0 interrupts: ", timer0);
	report("timer0 INTSTATUS after clear: ", REG32(TIMER_INT));

	irq_enable(IRQ_DUAL);
	REG32(DUAL1_LOAD) = 1000;
	REG32(DUAL1_CONTROL) = 0x80 | 0x40 | 0x20 | 0x02; /* enable, periodic, interrupt, 32-bit */
	while (dual < 2)
		;
	report("dual timer interrupts: ", dual);

	REG32(FPGAIO_LED0) = 0xff;
	report("LEDs lit: ", REG32(FPGAIO_LED0));

	timer0 = dual = 0;
	irq_handler(IRQ_TIMER0, count_timer0);
	irq_handler(IRQ_DUAL, count_dual);
	REG32(FPGAIO_PRESCALE) = 0;
	uint32_t start = REG32(FPGAIO_COUNTER);
	REG32(TIMER_RELOAD) = 99;
	REG32(TIMER_CTRL) = 9;
	REG32(DUAL1_LOAD) = 199;
	REG32(DUAL1_CONTROL) = 0x80 | 0x40 | 0x20 | 0x02;
	while (REG32(FPGAIO_COUNTER) - start < 220050)
		;
	REG32(TIMER_CTRL) = 0;
	REG32(DUAL1_CONTROL) = 0;
	report("timer0 periods in 220050 ticks: ", timer0);
	report("dual timer periods in 220050 ticks: ", dual);

	uintptr_t ext[2] = {ADP_Stopped_ApplicationExit, 0};
	sh_call(SYS_EXIT_EXTENDED, ext);
	return 1;
}
