/*
 * vec.c - the vector table for newlib rdimon programs on mps2: reset runs
 * rdimon's _start (which sets up the heap and stack with SYS_HEAPINFO);
 * every fault spins.
 */
#include <stdint.h>

extern void _start(void);
extern char __stack_top[];

static void fault(void)
{
	for (;;)
		;
}

__attribute__((section(".vectors"), used)) static void (*const vectors[16])(void) = {
	(void (*)(void))__stack_top, _start, fault, fault, fault, fault, fault,
	0, 0, 0, 0, fault, fault, 0, fault, fault,
};
