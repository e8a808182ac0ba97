/*
 * demo_exit.h - how the Cortex-M demo ends its run: Arm semihosting's
 * SYS_EXIT_EXTENDED (0x20) with "application exit" and the exit code, which
 * QEMU (-semihosting) and Rewind both turn into the process's exit status.
 */
#include <stdint.h>

static inline void test_exit(uint32_t code)
{
	static uint32_t block[2];

	block[0] = 0x20026; /* ADP_Stopped_ApplicationExit */
	block[1] = code;
	register uint32_t r0 __asm__("r0") = 0x20;
	register uint32_t *r1 __asm__("r1") = block;
	__asm__ volatile("bkpt 0xab" : : "r"(r0), "r"(r1) : "memory");
}
