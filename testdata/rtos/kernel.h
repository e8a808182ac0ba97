/*
 * kernel.h - a small preemptive kernel for Rewind's RTOS-awareness tests.
 *
 * Its data structures carry the names and the layout FreeRTOS V11 documents
 * for its kernel objects (TCB_t, List_t, ListItem_t, MiniListItem_t, the
 * ready/delayed/suspended/pending/terminating lists, pxCurrentTCB) with
 * configUSE_TRACE_FACILITY and configRECORD_STACK_HIGH_ADDRESS on, so a
 * debugger that understands FreeRTOS understands this kernel. The code is
 * our own and much smaller: static task creation, priorities with
 * round-robin inside a priority, tick-driven delays, queues and binary
 * semaphores with blocking. Its ports save a task's registers the way
 * FreeRTOS's do: rv/ on the RISC-V virt board (CLINT tick, ecall yield, the
 * RISC-V port's frame), cm/ on Cortex-M mps2 boards (SysTick, PendSV
 * switch on the process stack, the ARM_CM3 and ARM_CM4F frames).
 */
#ifndef REWIND_KERNEL_H
#define REWIND_KERNEL_H

#include <stdint.h>
#include "portmacro.h"

#define configMAX_PRIORITIES     5
#define configMAX_TASK_NAME_LEN  12
#define configMINIMAL_STACK_SIZE 256 /* words */
#define configTICK_MTIME         1000u /* mtime ticks (10 MHz) per kernel tick */
#define tskSTACK_FILL_BYTE       0xa5u
#define portMAX_DELAY            0xffffffffu

typedef uint32_t StackType_t;
typedef int32_t BaseType_t;
typedef uint32_t UBaseType_t;
typedef uint32_t TickType_t;
typedef void (*TaskFunction_t)(void *);

struct xLIST;

/* ListItem_t: an item of a kernel list, owned by a TCB. */
struct xLIST_ITEM {
	TickType_t xItemValue;
	struct xLIST_ITEM *pxNext;
	struct xLIST_ITEM *pxPrevious;
	void *pvOwner;
	struct xLIST *pxContainer;
};
typedef struct xLIST_ITEM ListItem_t;

/* MiniListItem_t: a list's end marker. */
struct xMINI_LIST_ITEM {
	TickType_t xItemValue;
	struct xLIST_ITEM *pxNext;
	struct xLIST_ITEM *pxPrevious;
};
typedef struct xMINI_LIST_ITEM MiniListItem_t;

/* List_t: a circular doubly linked list sorted by xItemValue. */
typedef struct xLIST {
	volatile UBaseType_t uxNumberOfItems;
	ListItem_t *pxIndex;
	MiniListItem_t xListEnd;
} List_t;

/* TCB_t: a task. pxTopOfStack must stay the first member. */
typedef struct tskTaskControlBlock {
	volatile StackType_t *pxTopOfStack;
	ListItem_t xStateListItem;
	ListItem_t xEventListItem;
	UBaseType_t uxPriority;
	StackType_t *pxStack;
	char pcTaskName[configMAX_TASK_NAME_LEN];
	StackType_t *pxEndOfStack;
	UBaseType_t uxTCBNumber;
	UBaseType_t uxTaskNumber;
	UBaseType_t uxBasePriority;
	UBaseType_t uxMutexesHeld;
	volatile uint32_t ulNotifiedValue[1];
	volatile uint8_t ucNotifyState[1];
	uint8_t ucDelayAborted;
} tskTCB;
typedef tskTCB TCB_t;
typedef TCB_t *TaskHandle_t;

/* Queue_t: a queue of fixed-size items; a semaphore has item size 0. */
typedef struct QueueDefinition {
	int8_t *pcHead;
	int8_t *pcWriteTo;
	int8_t *pcTail;
	int8_t *pcReadFrom;
	List_t xTasksWaitingToSend;
	List_t xTasksWaitingToReceive;
	volatile UBaseType_t uxMessagesWaiting;
	UBaseType_t uxLength;
	UBaseType_t uxItemSize;
} Queue_t;
typedef Queue_t *QueueHandle_t;
typedef Queue_t *SemaphoreHandle_t;

/* The kernel's lists and state, named as in FreeRTOS's tasks.c. */
extern TCB_t *volatile pxCurrentTCB;
extern List_t pxReadyTasksLists[configMAX_PRIORITIES];
extern List_t xDelayedTaskList1, xDelayedTaskList2;
extern List_t *volatile pxDelayedTaskList, *volatile pxOverflowDelayedTaskList;
extern List_t xPendingReadyList, xSuspendedTaskList, xTasksWaitingTermination;
extern volatile UBaseType_t uxCurrentNumberOfTasks;
extern volatile TickType_t xTickCount;
extern volatile BaseType_t xSchedulerRunning;

/* Tasks are created from static storage (xTaskCreateStatic's shape). */
TaskHandle_t xTaskCreateStatic(TaskFunction_t fn, const char *name, uint32_t depth,
			       void *param, UBaseType_t prio, StackType_t *stack, TCB_t *tcb);
void vTaskStartScheduler(void) __attribute__((noreturn));
void vTaskDelay(TickType_t ticks);
void vTaskSuspend(TaskHandle_t task);
void vTaskDelete(TaskHandle_t task);
void taskYIELD(void);

QueueHandle_t xQueueCreateStatic(UBaseType_t length, UBaseType_t itemSize,
				 uint8_t *storage, Queue_t *q);
BaseType_t xQueueSend(QueueHandle_t q, const void *item, TickType_t wait);
BaseType_t xQueueReceive(QueueHandle_t q, void *item, TickType_t wait);
#define xSemaphoreCreateBinaryStatic(q) xQueueCreateStatic(1, 0, 0, (q))
#define xSemaphoreGive(s) xQueueSend((s), 0, 0)
#define xSemaphoreTake(s, w) xQueueReceive((s), 0, (w))

/* Port interface (rv/, cm/ and kernel.c). */
StackType_t *pxPortInitialiseStack(StackType_t *top, TaskFunction_t fn, void *param);
void xPortStartScheduler(void) __attribute__((noreturn));
void prvTaskExitError(void);
void vPortStartFirstTask(void) __attribute__((noreturn));
void vTaskSwitchContext(void);
BaseType_t xTaskIncrementTick(void);
void vPortEnterCritical(void);
void vPortExitCritical(void);
extern volatile UBaseType_t xCriticalNesting;
extern StackType_t *xISRStackTop;

#endif
