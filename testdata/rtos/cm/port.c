/*
 * port.c - the Cortex-M port of the test kernel on mps2-an385/an386, laid
 * out as FreeRTOS's ARM_CM3 and ARM_CM4F ports document it: tasks run in
 * Thread mode on the process stack (PSP); PendSV switches context at the
 * lowest priority, pushing r4-r11 (ARM_CM4F: then EXC_RETURN, and s16-s31
 * first when the task's frame holds FP state) below the frame the hardware
 * stacked on exception entry; SysTick is the tick; SVC starts the first
 * task. Also the vector table and reset.
 */
#include "kernel.h"
#include "board.h"

#if defined(__ARM_FP)
#define PORT_FPU 1 /* the ARM_CM4F layout: EXC_RETURN saved with r4-r11 */
#else
#define PORT_FPU 0
#endif

#define SYST_CSR  0xe000e010u
#define SYST_RVR  0xe000e014u
#define SYST_CVR  0xe000e018u
#define SCB_SHPR3 0xe000ed20u /* PendSV priority [23:16], SysTick [31:24] */
#define SCB_CPACR 0xe000ed88u

/* configTICK_RELOAD is one kernel tick in SysTick counts: 100 us at the
 * mps2 boards' 25 MHz processor clock, as the RISC-V port's tick. */
#define configTICK_RELOAD 2500u

/* pxPortInitialiseStack builds the context PendSV restores: the hardware
 * frame (r0 = param, r1-r3, r12, lr = prvTaskExitError, pc = fn, xPSR with
 * the Thumb bit) with, below it, ARM_CM4F's EXC_RETURN (thread mode,
 * process stack, no FP frame) and r4-r11. */
StackType_t *pxPortInitialiseStack(StackType_t *top, TaskFunction_t fn, void *param)
{
	StackType_t *sp = top;
	*--sp = 0x01000000u;                                    /* xPSR */
	*--sp = (StackType_t)(uintptr_t)fn & ~1u;               /* pc */
	*--sp = (StackType_t)(uintptr_t)prvTaskExitError;       /* lr */
	for (int i = 0; i < 4; i++)
		*--sp = 0;                                      /* r12, r3, r2, r1 */
	*--sp = (StackType_t)(uintptr_t)param;                  /* r0 */
	if (PORT_FPU)
		*--sp = 0xfffffffdu;                            /* EXC_RETURN */
	for (int i = 0; i < 8; i++)
		*--sp = 0;                                      /* r11..r4 */
	return sp;
}

/* xPortStartScheduler gives PendSV and SysTick the lowest priority, starts
 * the tick and the first task (interrupts are off until then). */
void xPortStartScheduler(void)
{
	REG32(SCB_SHPR3) |= 0xffff0000u;
	REG32(SYST_RVR) = configTICK_RELOAD - 1;
	REG32(SYST_CVR) = 0;
	REG32(SYST_CSR) = 7; /* processor clock, interrupt, enable */
	vPortStartFirstTask();
}

/* vPortStartFirstTask resets the main stack (handlers use it from now on)
 * and asks SVC to restore the first task. */
__attribute__((naked, noreturn)) void vPortStartFirstTask(void)
{
	__asm__ volatile(
		"	ldr r0, =0\n"
		"	ldr r0, [r0]\n" /* the initial MSP, vector 0 */
		"	msr msp, r0\n"
		"	cpsie i\n"
		"	dsb\n"
		"	isb\n"
		"	svc 0\n"
		"	.ltorg\n");
}

/* SVC_Handler restores pxCurrentTCB's context and returns to it in
 * Thread mode on the process stack. */
__attribute__((naked)) void SVC_Handler(void)
{
	__asm__ volatile(
		"	ldr r3, =pxCurrentTCB\n"
		"	ldr r1, [r3]\n"
		"	ldr r0, [r1]\n"
#if PORT_FPU
		"	ldmia r0!, {r4-r11, r14}\n"
#else
		"	ldmia r0!, {r4-r11}\n"
		"	orr r14, r14, #0xd\n" /* thread mode, process stack */
#endif
		"	msr psp, r0\n"
		"	isb\n"
		"	bx r14\n"
		"	.ltorg\n");
}

/* PendSV_Handler saves the running task's context on its stack, lets the
 * kernel choose the next task and restores that one's. */
__attribute__((naked)) void PendSV_Handler(void)
{
	__asm__ volatile(
		"	mrs r0, psp\n"
		"	isb\n"
		"	ldr r3, =pxCurrentTCB\n"
		"	ldr r2, [r3]\n"
#if PORT_FPU
		"	tst r14, #0x10\n"
		"	it eq\n"
		"	vstmdbeq r0!, {s16-s31}\n"
		"	stmdb r0!, {r4-r11, r14}\n"
#else
		"	stmdb r0!, {r4-r11}\n"
#endif
		"	str r0, [r2]\n"
		"	stmdb sp!, {r3, r14}\n"
		"	cpsid i\n"
		"	bl vTaskSwitchContext\n"
		"	cpsie i\n"
		"	ldmia sp!, {r3, r14}\n"
		"	ldr r1, [r3]\n"
		"	ldr r0, [r1]\n"
#if PORT_FPU
		"	ldmia r0!, {r4-r11, r14}\n"
		"	tst r14, #0x10\n"
		"	it eq\n"
		"	vldmiaeq r0!, {s16-s31}\n"
#else
		"	ldmia r0!, {r4-r11}\n"
#endif
		"	msr psp, r0\n"
		"	isb\n"
		"	bx r14\n"
		"	.ltorg\n");
}

/* SysTick_Handler is the kernel tick: a switch is pended for PendSV. */
void SysTick_Handler(void)
{
	portDISABLE_INTERRUPTS();
	if (xTaskIncrementTick())
		portYIELD();
	portENABLE_INTERRUPTS();
}

/* ---- vectors and reset ---- */

extern uint32_t __stack_top[], __bss_start__[], __bss_end__[];
extern int main(void);

static void Fault_Handler(void)
{
	uart_puts("kernel: fault\n");
	board_exit(3);
}

void _start(void)
{
	for (uint32_t *p = __bss_start__; p < __bss_end__; p++)
		*p = 0;
	if (PORT_FPU)
		REG32(SCB_CPACR) |= 0xfu << 20; /* CP10, CP11: full access */
	__asm__ volatile("dsb\n\tisb");
	REG32(UART0_BAUDDIV) = 16;
	REG32(UART0_CTRL) = 1; /* transmitter on */
	main();
	board_exit(4);
}

__attribute__((section(".vectors"), used)) static void (*const vectors[16])(void) = {
	(void (*)(void))__stack_top, _start, Fault_Handler, Fault_Handler,
	Fault_Handler, Fault_Handler, Fault_Handler, 0, 0, 0, 0,
	SVC_Handler, Fault_Handler, 0, PendSV_Handler, SysTick_Handler,
};
