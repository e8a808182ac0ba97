/*
 * wildjump - a call through a corrupted function pointer.
 *
 * dispatch() calls a handler whose pointer holds an address with no
 * memory behind it. The jump itself succeeds and the fetch at the wild
 * address faults with no trap handler, so the board halts there: the pc
 * names no function, but ra still names the caller, and a backtrace must
 * show dispatch and main above the wild frame. QEMU loops forever on this
 * one, so it has no golden output.
 */
#include "board.h"

typedef void (*handler_fn)(uint32_t event);

static volatile uintptr_t g_handler = 0x00060000u;

static __attribute__((noinline)) void dispatch(uint32_t event)
{
	handler_fn handler = (handler_fn)g_handler;

	handler(event);
	uart_puts("handled\n");
}

int main(void)
{
	uart_puts("wildjump: calling a bad handler\n");
	dispatch(7);
	return 0;
}
