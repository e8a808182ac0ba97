/*
 * startup.c - reset and vector table for the symbols test program on
 * mps2-an385/an386: enables the FPU when compiled for one, zeroes .bss,
 * runs main and ends the run through semihosting (SYS_EXIT).
 */
#include <stdint.h>

extern int main(void);
extern uint32_t __bss_start[], __bss_end[], __stack_top[];
void SysTick_Handler(void);
void PendSV_Handler(void);

/* semihost_exit stops QEMU with "application exit" status. */
static void semihost_exit(void)
{
	register uint32_t op __asm("r0") = 0x18;     /* SYS_EXIT */
	register uint32_t arg __asm("r1") = 0x20026; /* ADP_Stopped_ApplicationExit */
	__asm volatile("bkpt 0xab" : : "r"(op), "r"(arg) : "memory");
	for (;;)
		;
}

/* reset_handler runs at reset from the vector table. */
void reset_handler(void)
{
#ifdef __ARM_FP
	*(volatile uint32_t *)0xE000ED88 |= 0xFu << 20; /* CPACR: CP10, CP11 */
	__asm volatile("dsb\n\tisb" ::: "memory");
#endif
	for (uint32_t *p = __bss_start; p < __bss_end; p++)
		*p = 0;
	main();
	semihost_exit();
}

/* fault_handler catches every other exception. */
static void fault_handler(void)
{
	for (;;)
		;
}

__attribute__((section(".vectors"), used)) static void (*const vectors[16])(void) = {
	(void (*)(void))__stack_top, reset_handler, fault_handler, fault_handler,
	fault_handler, fault_handler, fault_handler, 0, 0, 0, 0, fault_handler,
	fault_handler, 0, PendSV_Handler, SysTick_Handler,
};
