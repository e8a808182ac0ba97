/*
 * spin - a polling loop on one source line that never ends, for reverse
 * stepping deep into a long loop (a benchmark of the debugger runs it for
 * up to 10^10 instructions and steps back one line).
 */
#include "board.h"

volatile uint32_t counter;

int main(int hartid)
{
	if (hartid != 0)
		return 0;
	uart_puts("spinning\n");
	for (;;) counter++;
}
