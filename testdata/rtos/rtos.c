/*
 * rtos - four tasks on the test kernel (kernel.h): a producer sends
 * numbers through a queue to a higher-priority consumer with delays in
 * between, a monitor blocks on a semaphore the consumer gives every third
 * item, a busy task at low priority runs whenever the others are blocked
 * and is preempted by the tick, and the idle task sleeps in wfi. The
 * output depends only on the kernel's logic, never on how many
 * instructions a tick lasts, so QEMU and Rewind print the same lines.
 */
#include "kernel.h"
#include "board.h"

#ifndef ROUNDS
#define ROUNDS 9
#endif

static TCB_t prodTCB, consTCB, monTCB, busyTCB;
static StackType_t prodStack[configMINIMAL_STACK_SIZE];
static StackType_t consStack[configMINIMAL_STACK_SIZE];
static StackType_t monStack[configMINIMAL_STACK_SIZE];
static StackType_t busyStack[configMINIMAL_STACK_SIZE];

static Queue_t numbersQueue;
static uint8_t numbersStorage[4 * sizeof(uint32_t)];
static QueueHandle_t numbers;
static Queue_t batchSemaphore;
static SemaphoreHandle_t batch;

volatile uint32_t busy_loops;
volatile uint32_t consumed_sum;
volatile uint32_t batches_seen;

static void vProducer(void *param)
{
	uint32_t delay = (uint32_t)(uintptr_t)param;
	for (uint32_t i = 1; i <= ROUNDS; i++) {
		vTaskDelay(delay);
		uart_puts("prod: send ");
		uart_dec(i);
		uart_putc('\n');
		xQueueSend(numbers, &i, portMAX_DELAY);
	}
	uart_puts("prod: done\n");
	vTaskSuspend(pxCurrentTCB);
}

static void vConsumer(void *param)
{
	(void)param;
	for (uint32_t n = 1; n <= ROUNDS; n++) {
		uint32_t v;
		xQueueReceive(numbers, &v, portMAX_DELAY);
		consumed_sum += v;
		uart_puts("cons: got ");
		uart_dec(v);
		uart_putc('\n');
		if (n % 3 == 0)
			xSemaphoreGive(batch);
	}
	uart_puts("cons: sum ");
	uart_dec(consumed_sum);
	uart_puts(", batches ");
	uart_dec(batches_seen);
	uart_puts(", busy task ran: ");
	uart_puts(busy_loops > 0 ? "yes" : "no");
	uart_putc('\n');
	board_exit(consumed_sum == ROUNDS * (ROUNDS + 1) / 2 && batches_seen == ROUNDS / 3 ? 0 : 1);
}

static void vMonitor(void *param)
{
	(void)param;
	for (;;) {
		xSemaphoreTake(batch, portMAX_DELAY);
		batches_seen++;
		uart_puts("mon: batch ");
		uart_dec(batches_seen);
		uart_putc('\n');
	}
}

static void vBusy(void *param)
{
	(void)param;
	for (;;)
		busy_loops++;
}

int main(void)
{
	uart_puts("rtos: starting 4 tasks\n");
	numbers = xQueueCreateStatic(4, sizeof(uint32_t), numbersStorage, &numbersQueue);
	batch = xSemaphoreCreateBinaryStatic(&batchSemaphore);
	xTaskCreateStatic(vProducer, "Prod", configMINIMAL_STACK_SIZE, (void *)3, 2, prodStack, &prodTCB);
	xTaskCreateStatic(vConsumer, "Cons", configMINIMAL_STACK_SIZE, 0, 3, consStack, &consTCB);
	xTaskCreateStatic(vMonitor, "Mon", configMINIMAL_STACK_SIZE, 0, 4, monStack, &monTCB);
	xTaskCreateStatic(vBusy, "Busy", configMINIMAL_STACK_SIZE, 0, 1, busyStack, &busyTCB);
	vTaskStartScheduler();
}
