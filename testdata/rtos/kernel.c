/*
 * kernel.c - lists, tasks, the scheduler and queues of the test kernel
 * (see kernel.h). Interrupts are off inside vPortEnterCritical/Exit. What
 * depends on the processor (interrupt masking, the yield, a new task's
 * saved context, the tick and the context switch itself) is the port's:
 * portmacro.h and port*.c in rv/ (RISC-V) and cm/ (Cortex-M).
 */
#include "kernel.h"
#include "board.h"

TCB_t *volatile pxCurrentTCB;
List_t pxReadyTasksLists[configMAX_PRIORITIES];
List_t xDelayedTaskList1, xDelayedTaskList2;
List_t *volatile pxDelayedTaskList, *volatile pxOverflowDelayedTaskList;
List_t xPendingReadyList, xSuspendedTaskList, xTasksWaitingTermination;
volatile UBaseType_t uxCurrentNumberOfTasks;
volatile TickType_t xTickCount;
volatile BaseType_t xSchedulerRunning;
volatile UBaseType_t uxTopReadyPriority;
volatile UBaseType_t xCriticalNesting = 0xaaaaaaaau; /* none until the scheduler runs */
static UBaseType_t uxTaskNumber;
static TickType_t xNextTaskUnblockTime = portMAX_DELAY;

static TCB_t idleTCB;
static StackType_t idleStack[configMINIMAL_STACK_SIZE];
static StackType_t isrStack[512];
StackType_t *xISRStackTop = &isrStack[512];

/* ---- lists ---- */

static void vListInitialise(List_t *l)
{
	l->pxIndex = (ListItem_t *)&l->xListEnd;
	l->xListEnd.xItemValue = portMAX_DELAY;
	l->xListEnd.pxNext = (ListItem_t *)&l->xListEnd;
	l->xListEnd.pxPrevious = (ListItem_t *)&l->xListEnd;
	l->uxNumberOfItems = 0;
}

static void vListInitialiseItem(ListItem_t *it)
{
	it->pxContainer = 0;
}

/* vListInsertEnd puts it just before pxIndex: last in round-robin order. */
static void vListInsertEnd(List_t *l, ListItem_t *it)
{
	ListItem_t *idx = l->pxIndex;
	it->pxNext = idx;
	it->pxPrevious = idx->pxPrevious;
	idx->pxPrevious->pxNext = it;
	idx->pxPrevious = it;
	it->pxContainer = l;
	l->uxNumberOfItems++;
}

/* vListInsert keeps l sorted by xItemValue, after equal values. */
static void vListInsert(List_t *l, ListItem_t *it)
{
	ListItem_t *at = (ListItem_t *)&l->xListEnd;
	if (it->xItemValue != portMAX_DELAY)
		while (at->pxNext->xItemValue <= it->xItemValue)
			at = at->pxNext;
	else
		at = l->xListEnd.pxPrevious;
	it->pxNext = at->pxNext;
	it->pxNext->pxPrevious = it;
	it->pxPrevious = at;
	at->pxNext = it;
	it->pxContainer = l;
	l->uxNumberOfItems++;
}

static UBaseType_t uxListRemove(ListItem_t *it)
{
	List_t *l = it->pxContainer;
	it->pxNext->pxPrevious = it->pxPrevious;
	it->pxPrevious->pxNext = it->pxNext;
	if (l->pxIndex == it)
		l->pxIndex = it->pxPrevious;
	it->pxContainer = 0;
	return --l->uxNumberOfItems;
}

static ListItem_t *listFirst(List_t *l) { return l->xListEnd.pxNext; }

/* ---- critical sections ---- */

void vPortEnterCritical(void)
{
	portDISABLE_INTERRUPTS();
	xCriticalNesting++;
}

void vPortExitCritical(void)
{
	if (--xCriticalNesting == 0)
		portENABLE_INTERRUPTS();
}

void taskYIELD(void)
{
	portYIELD();
}

/* ---- tasks ---- */

static void prvAddTaskToReadyList(TCB_t *t)
{
	if (t->uxPriority > uxTopReadyPriority)
		uxTopReadyPriority = t->uxPriority;
	vListInsertEnd(&pxReadyTasksLists[t->uxPriority], &t->xStateListItem);
}

/* prvTaskExitError is where a task function that returns goes (its
 * saved return address, pxPortInitialiseStack). */
void prvTaskExitError(void)
{
	uart_puts("kernel: a task returned\n");
	board_exit(2);
}

TaskHandle_t xTaskCreateStatic(TaskFunction_t fn, const char *name, uint32_t depth,
			       void *param, UBaseType_t prio, StackType_t *stack, TCB_t *t)
{
	uint8_t *fill = (uint8_t *)stack;
	for (uint32_t i = 0; i < depth * sizeof(StackType_t); i++)
		fill[i] = tskSTACK_FILL_BYTE;
	int i = 0;
	for (; i < configMAX_TASK_NAME_LEN - 1 && name[i] != 0; i++)
		t->pcTaskName[i] = name[i];
	for (; i < configMAX_TASK_NAME_LEN; i++)
		t->pcTaskName[i] = 0;
	t->pxStack = stack;
	t->pxEndOfStack = stack + depth - 1;
	t->uxPriority = prio;
	t->uxBasePriority = prio;
	t->uxMutexesHeld = 0;
	t->ulNotifiedValue[0] = 0;
	t->ucNotifyState[0] = 0;
	t->ucDelayAborted = 0;
	vListInitialiseItem(&t->xStateListItem);
	vListInitialiseItem(&t->xEventListItem);
	t->xStateListItem.pvOwner = t;
	t->xEventListItem.pvOwner = t;
	t->xEventListItem.xItemValue = configMAX_PRIORITIES - prio;
	t->pxTopOfStack = pxPortInitialiseStack((StackType_t *)((uintptr_t)(stack + depth) & ~15u), fn, param);

	vPortEnterCritical();
	if (uxCurrentNumberOfTasks == 0) {
		for (int p = 0; p < configMAX_PRIORITIES; p++)
			vListInitialise(&pxReadyTasksLists[p]);
		vListInitialise(&xDelayedTaskList1);
		vListInitialise(&xDelayedTaskList2);
		vListInitialise(&xPendingReadyList);
		vListInitialise(&xSuspendedTaskList);
		vListInitialise(&xTasksWaitingTermination);
		pxDelayedTaskList = &xDelayedTaskList1;
		pxOverflowDelayedTaskList = &xDelayedTaskList2;
	}
	uxCurrentNumberOfTasks++;
	t->uxTCBNumber = ++uxTaskNumber;
	t->uxTaskNumber = t->uxTCBNumber;
	if (pxCurrentTCB == 0 || (!xSchedulerRunning && pxCurrentTCB->uxPriority <= prio))
		pxCurrentTCB = t;
	prvAddTaskToReadyList(t);
	vPortExitCritical(); /* before the scheduler runs, interrupts stay off */
	return t;
}

/* vTaskSwitchContext picks the first task of the highest ready priority,
 * rotating within it (listGET_OWNER_OF_NEXT_ENTRY's round robin). */
void vTaskSwitchContext(void)
{
	while (pxReadyTasksLists[uxTopReadyPriority].uxNumberOfItems == 0)
		uxTopReadyPriority--;
	List_t *l = &pxReadyTasksLists[uxTopReadyPriority];
	l->pxIndex = l->pxIndex->pxNext;
	if ((void *)l->pxIndex == (void *)&l->xListEnd)
		l->pxIndex = l->pxIndex->pxNext;
	pxCurrentTCB = l->pxIndex->pvOwner;
}

static void prvResetNextTaskUnblockTime(void)
{
	if (pxDelayedTaskList->uxNumberOfItems == 0)
		xNextTaskUnblockTime = portMAX_DELAY;
	else
		xNextTaskUnblockTime = listFirst(pxDelayedTaskList)->xItemValue;
}

/* xTaskIncrementTick moves tasks whose delay ended to the ready lists and
 * says whether the scheduler must switch (called with interrupts off). */
BaseType_t xTaskIncrementTick(void)
{
	BaseType_t switchNeeded = 0;
	TickType_t now = ++xTickCount;
	if (now == 0) {
		List_t *tmp = pxDelayedTaskList;
		pxDelayedTaskList = pxOverflowDelayedTaskList;
		pxOverflowDelayedTaskList = tmp;
		prvResetNextTaskUnblockTime();
	}
	while (now >= xNextTaskUnblockTime) {
		ListItem_t *it = listFirst(pxDelayedTaskList);
		if (it->xItemValue > now) {
			xNextTaskUnblockTime = it->xItemValue;
			break;
		}
		TCB_t *t = it->pvOwner;
		uxListRemove(&t->xStateListItem);
		if (t->xEventListItem.pxContainer != 0)
			uxListRemove(&t->xEventListItem);
		prvAddTaskToReadyList(t);
		if (t->uxPriority >= pxCurrentTCB->uxPriority)
			switchNeeded = 1;
		prvResetNextTaskUnblockTime();
	}
	if (pxReadyTasksLists[pxCurrentTCB->uxPriority].uxNumberOfItems > 1)
		switchNeeded = 1; /* time slicing */
	return switchNeeded;
}

/* prvAddCurrentTaskToDelayedList blocks the running task until the tick
 * count reaches now+ticks, or for ever (suspended) with portMAX_DELAY. */
static void prvAddCurrentTaskToDelayedList(TickType_t ticks)
{
	TCB_t *t = pxCurrentTCB;
	uxListRemove(&t->xStateListItem);
	if (ticks == portMAX_DELAY) {
		vListInsertEnd(&xSuspendedTaskList, &t->xStateListItem);
		return;
	}
	TickType_t wake = xTickCount + ticks;
	t->xStateListItem.xItemValue = wake;
	if (wake < xTickCount) {
		vListInsert(pxOverflowDelayedTaskList, &t->xStateListItem);
	} else {
		vListInsert(pxDelayedTaskList, &t->xStateListItem);
		if (wake < xNextTaskUnblockTime)
			xNextTaskUnblockTime = wake;
	}
}

void vTaskDelay(TickType_t ticks)
{
	vPortEnterCritical();
	prvAddCurrentTaskToDelayedList(ticks);
	vPortExitCritical();
	taskYIELD();
}

void vTaskSuspend(TaskHandle_t t)
{
	vPortEnterCritical();
	uxListRemove(&t->xStateListItem);
	if (t->xEventListItem.pxContainer != 0)
		uxListRemove(&t->xEventListItem);
	vListInsertEnd(&xSuspendedTaskList, &t->xStateListItem);
	vPortExitCritical();
	if (t == pxCurrentTCB)
		taskYIELD();
}

void vTaskDelete(TaskHandle_t t)
{
	vPortEnterCritical();
	uxListRemove(&t->xStateListItem);
	if (t->xEventListItem.pxContainer != 0)
		uxListRemove(&t->xEventListItem);
	vListInsertEnd(&xTasksWaitingTermination, &t->xStateListItem);
	uxCurrentNumberOfTasks--;
	vPortExitCritical();
	if (t == pxCurrentTCB)
		taskYIELD();
}

/* ---- queues ---- */

QueueHandle_t xQueueCreateStatic(UBaseType_t length, UBaseType_t itemSize,
				 uint8_t *storage, Queue_t *q)
{
	q->pcHead = (int8_t *)storage;
	q->pcTail = q->pcHead + length * itemSize;
	q->pcWriteTo = q->pcHead;
	q->pcReadFrom = q->pcHead;
	q->uxMessagesWaiting = 0;
	q->uxLength = length;
	q->uxItemSize = itemSize;
	vListInitialise(&q->xTasksWaitingToSend);
	vListInitialise(&q->xTasksWaitingToReceive);
	return q;
}

static void copyBytes(void *dst, const void *src, UBaseType_t n)
{
	uint8_t *d = dst;
	const uint8_t *s = src;
	while (n--)
		*d++ = *s++;
}

/* prvWakeOne readies the first task waiting on l; returns whether it
 * outranks the running task. */
static BaseType_t prvWakeOne(List_t *l)
{
	if (l->uxNumberOfItems == 0)
		return 0;
	TCB_t *t = listFirst(l)->pvOwner;
	uxListRemove(&t->xEventListItem);
	uxListRemove(&t->xStateListItem);
	prvAddTaskToReadyList(t);
	return t->uxPriority > pxCurrentTCB->uxPriority;
}

/* prvBlockOn puts the running task on waiters (by priority) and in the
 * delayed or suspended list. */
static void prvBlockOn(List_t *waiters, TickType_t wait)
{
	vListInsert(waiters, &pxCurrentTCB->xEventListItem);
	prvAddCurrentTaskToDelayedList(wait);
}

BaseType_t xQueueSend(QueueHandle_t q, const void *item, TickType_t wait)
{
	for (;;) {
		vPortEnterCritical();
		if (q->uxMessagesWaiting < q->uxLength) {
			if (q->uxItemSize != 0) {
				copyBytes(q->pcWriteTo, item, q->uxItemSize);
				q->pcWriteTo += q->uxItemSize;
				if (q->pcWriteTo >= q->pcTail)
					q->pcWriteTo = q->pcHead;
			}
			q->uxMessagesWaiting++;
			BaseType_t yield = prvWakeOne(&q->xTasksWaitingToReceive);
			vPortExitCritical();
			if (yield)
				taskYIELD();
			return 1;
		}
		if (wait == 0) {
			vPortExitCritical();
			return 0;
		}
		prvBlockOn(&q->xTasksWaitingToSend, wait);
		vPortExitCritical();
		taskYIELD();
	}
}

BaseType_t xQueueReceive(QueueHandle_t q, void *item, TickType_t wait)
{
	for (;;) {
		vPortEnterCritical();
		if (q->uxMessagesWaiting > 0) {
			if (q->uxItemSize != 0) {
				copyBytes(item, q->pcReadFrom, q->uxItemSize);
				q->pcReadFrom += q->uxItemSize;
				if (q->pcReadFrom >= q->pcTail)
					q->pcReadFrom = q->pcHead;
			}
			q->uxMessagesWaiting--;
			BaseType_t yield = prvWakeOne(&q->xTasksWaitingToSend);
			vPortExitCritical();
			if (yield)
				taskYIELD();
			return 1;
		}
		if (wait == 0) {
			vPortExitCritical();
			return 0;
		}
		prvBlockOn(&q->xTasksWaitingToReceive, wait);
		vPortExitCritical();
		taskYIELD();
	}
}

/* ---- start-up ---- */

static void prvIdleTask(void *unused)
{
	(void)unused;
	for (;;)
		portWAIT_FOR_INTERRUPT();
}

void vTaskStartScheduler(void)
{
	xTaskCreateStatic(prvIdleTask, "IDLE", configMINIMAL_STACK_SIZE, 0, 0, idleStack, &idleTCB);
	portDISABLE_INTERRUPTS();
	xCriticalNesting = 0;
	xSchedulerRunning = 1;
	xPortStartScheduler();
}
