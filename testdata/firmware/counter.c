/*
 * counter - a transmit counter incremented 12000 times: a value with a
 * long history, more changes than a debugger lists by default (10000).
 * `history g_tx` must count every one of them.
 */
#include "board.h"

#define SENT 12000u

static volatile uint32_t g_tx;

int main(void)
{
	for (uint32_t i = 0; i < SENT; i++)
		g_tx++;
	uart_puts(g_tx == SENT ? "counter: 12000 sent\n" : "counter: wrong count\n");
	return 0;
}
