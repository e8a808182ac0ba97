// Package rtos reads the tasks of a FreeRTOS kernel (V10 and V11) out of a
// stopped target, for showing them as threads: which task runs, every other
// task with its state (ready, blocked on a delay or on a queue, semaphore
// or mutex, suspended, deleted), priority, stack range and stack use, and
// the registers a switched-out task left on its stack.
//
// Everything comes from the firmware's own symbols and DWARF types: the
// kernel's globals (pxCurrentTCB, pxReadyTasksLists, xDelayedTaskList1/2,
// xPendingReadyList, xSuspendedTaskList, xTasksWaitingTermination,
// xSchedulerRunning, xTickCount) and the field offsets of TCB_t, List_t
// and ListItem_t as the compiler laid them out, so other configurations of
// the kernel work unchanged. The reader only reads memory; it never writes.
//
// What it assumes:
//   - Symbols and DWARF for the kernel's tasks.c are present (the lists
//     are file-static there, so a stripped or LTO-renamed build is not
//     recognised; Detect says what is missing).
//   - TCB_t's pxTopOfStack, xStateListItem, xEventListItem, uxPriority,
//     pxStack and pcTaskName exist (they always do). uxTCBNumber
//     (configUSE_TRACE_FACILITY) orders tasks by creation, otherwise they
//     are ordered by TCB address; pxEndOfStack
//     (configRECORD_STACK_HIGH_ADDRESS) gives the stack's size, otherwise
//     only the used part is known; uxBasePriority (configUSE_MUTEXES)
//     shows an inherited priority.
//   - ListItem_t names its list pxContainer (V10 and V11) or pvContainer
//     (V9).
//   - Queues named through the queue registry (configQUEUE_REGISTRY_SIZE,
//     xQueueRegistry) are shown by name, others by the data symbol that
//     holds them or by address.
//   - The saved-context layout is the port's: Port says where each
//     register lies (RISC-V: the 31-word frame of V11 or the 30-word frame
//     of V10; Cortex-M3 and Cortex-M4F: software-saved r4-r11 (and
//     EXC_RETURN, s16-s31) below the hardware exception frame).
//   - Stacks grow down and are filled with tskSTACK_FILL_BYTE (0xa5) at
//     creation (configCHECK_FOR_STACK_OVERFLOW > 1 or
//     INCLUDE_uxTaskGetStackHighWaterMark); otherwise the high-water mark
//     reads as the whole stack used.
//
// Before the scheduler starts (xSchedulerRunning is 0 or pxCurrentTCB is
// NULL) Tasks returns ErrNotStarted, and the debugger shows harts as for
// firmware without an RTOS.
package rtos
