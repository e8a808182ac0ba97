/* crt0.c - vector table and reset for the mps2 boards: copy .data, clear
 * .bss, run main, exit with its status through semihosting. */
#include "board.h"

extern uint32_t __data_start, __data_end, __data_load, __bss_start, __bss_end, __stack_top;
int main(void);
void Reset_Handler(void);

__attribute__((section(".isr_vector"), used)) void (*const vectors[2])(void) = {
	(void (*)(void))&__stack_top, Reset_Handler,
};

void Reset_Handler(void)
{
	uint32_t *s = &__data_load, *d = &__data_start;
	while (d < &__data_end)
		*d++ = *s++;
	for (d = &__bss_start; d < &__bss_end; d++)
		*d = 0;
	board_exit((uint32_t)main());
}
