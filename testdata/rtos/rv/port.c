/*
 * port.c - the RISC-V port of the test kernel on virt: a new task's saved
 * context (the frame port.S restores), the CLINT tick, the scheduler start
 * and the trap dispatch port.S calls.
 */
#include "kernel.h"
#include "board.h"

/* pxPortInitialiseStack lays out the frame port.S restores: mepc, ra,
 * x5..x31, the critical nesting count and mstatus (MPP machine, MPIE). */
StackType_t *pxPortInitialiseStack(StackType_t *top, TaskFunction_t fn, void *param)
{
	StackType_t *sp = top - 31;
	for (int i = 0; i < 31; i++)
		sp[i] = 0;
	sp[0] = (StackType_t)(uintptr_t)fn;
	sp[1] = (StackType_t)(uintptr_t)prvTaskExitError;
	sp[7] = (StackType_t)(uintptr_t)param; /* x10, a0 */
	sp[29] = 0;                            /* xCriticalNesting */
	sp[30] = 0x1880;                       /* MPP = 3, MPIE = 1 */
	return sp;
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

static uint64_t nextTick;

/* vPortSetupTimerInterrupt arms the next kernel tick on the CLINT. */
void vPortSetupTimerInterrupt(void)
{
	if (nextTick == 0)
		nextTick = mtime();
	nextTick += configTICK_MTIME;
	REG32(CLINT_MTIMECMP(0) + 4) = 0xffffffffu;
	REG32(CLINT_MTIMECMP(0)) = (uint32_t)nextTick;
	REG32(CLINT_MTIMECMP(0) + 4) = (uint32_t)(nextTick >> 32);
}

/* xPortStartScheduler starts the tick and the first task (interrupts are
 * off; the first task's saved mstatus turns them on). */
void xPortStartScheduler(void)
{
	vPortSetupTimerInterrupt();
	__asm__ volatile("csrs mie, %0" : : "r"(1u << 7));
	vPortStartFirstTask();
}

/* vPortTrapHandler is called by port.S on the ISR stack with the running
 * task's context saved; it may change pxCurrentTCB. */
void vPortTrapHandler(uint32_t cause, uint32_t epc)
{
	if (cause == 0x80000007u) {
		vPortSetupTimerInterrupt();
		if (xTaskIncrementTick())
			vTaskSwitchContext();
		return;
	}
	if (cause == 11) { /* ecall from machine mode: yield */
		vTaskSwitchContext();
		return;
	}
	uart_puts("kernel: unexpected trap, mcause ");
	uart_hex(cause);
	uart_puts(" mepc ");
	uart_hex(epc);
	uart_putc('\n');
	board_exit(3);
}
