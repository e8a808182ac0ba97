/* hello - the smallest test firmware: greet over the UART, exit 0. */
#include "board.h"

int main(int hartid)
{
	if (hartid != 0)
		return 0;
	uart_puts("Hello from Rewind test firmware!\n");
	uart_puts("hart ");
	uart_dec((uint32_t)hartid);
	uart_puts(" says goodbye.\n");
	return 0;
}
