/*
 * longrun - one write to `marker`, then about 10^8 instructions that touch
 * no memory, then a call to done(). The gdbserver tests time gdb's
 * reverse-continue from done() back to the write of a watched `marker`.
 */
#include "board.h"

#define SPIN 20000000u /* loop iterations of five instructions: 10^8 */

volatile uint32_t marker;
volatile uint32_t sink;

static void __attribute__((noinline)) done(uint32_t v)
{
	sink = v;
}

int main(void)
{
	marker = 0x1234;
	uint32_t acc = 1;
	for (uint32_t i = 0; i < SPIN; i++)
		acc = acc * 3u + i;
	done(acc);
	return 0;
}
