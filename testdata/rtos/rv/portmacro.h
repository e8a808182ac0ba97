/*
 * portmacro.h - the RISC-V port's processor operations for the test kernel
 * (FreeRTOS names): machine interrupts off and on through mstatus.MIE, the
 * yield as an ecall that traps into port.S, and wfi for the idle task.
 */
#ifndef REWIND_PORTMACRO_H
#define REWIND_PORTMACRO_H

#define portDISABLE_INTERRUPTS() __asm__ volatile("csrc mstatus, 8" ::: "memory")
#define portENABLE_INTERRUPTS()  __asm__ volatile("csrs mstatus, 8" ::: "memory")
#define portYIELD()              __asm__ volatile("ecall" ::: "memory")
#define portWAIT_FOR_INTERRUPT() __asm__ volatile("wfi")

#endif
