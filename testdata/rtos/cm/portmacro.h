/*
 * portmacro.h - the Cortex-M port's processor operations for the test
 * kernel (FreeRTOS names): PRIMASK off and on, the yield as a pended
 * PendSV (taken once interrupts are on and no handler runs), and wfi for
 * the idle task.
 */
#ifndef REWIND_PORTMACRO_H
#define REWIND_PORTMACRO_H

#define portNVIC_INT_CTRL   (*(volatile uint32_t *)0xe000ed04u) /* ICSR */
#define portNVIC_PENDSVSET  (1u << 28)

#define portDISABLE_INTERRUPTS() __asm__ volatile("cpsid i" ::: "memory")
#define portENABLE_INTERRUPTS()  __asm__ volatile("cpsie i" ::: "memory")
#define portYIELD()                                                \
	do {                                                       \
		portNVIC_INT_CTRL = portNVIC_PENDSVSET;            \
		__asm__ volatile("dsb\n\tisb" ::: "memory");       \
	} while (0)
#define portWAIT_FOR_INTERRUPT() __asm__ volatile("wfi")

#endif
