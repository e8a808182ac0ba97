/*
 * demo_start.c - reset for the Cortex-M demo on mps2-an385/an386: the
 * vector table, .bss cleared, UART0's transmitter enabled, then main. A
 * fault spins where a debugger can see it.
 */
#include <stdint.h>

extern int main(void);
extern uint32_t __stack_top[], __bss_start__[], __bss_end__[];

#define UART0_CTRL     (*(volatile uint32_t *)0x40004008)
#define UART0_BAUDDIV  (*(volatile uint32_t *)0x40004010)

static void fault(void)
{
	for (;;)
		;
}

void _start(void)
{
	for (uint32_t *p = __bss_start__; p < __bss_end__; p++)
		*p = 0;
	UART0_BAUDDIV = 16;
	UART0_CTRL = 1; /* TX enable */
	main();
	for (;;)
		;
}

__attribute__((section(".vectors"), used)) static void (*const vectors[16])(void) = {
	(void (*)(void))__stack_top, _start, fault, fault, fault, fault, fault,
	0, 0, 0, 0, fault, fault, 0, fault, fault,
};
