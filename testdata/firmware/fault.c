/*
 * fault - a deliberate load access fault, caught by a trap handler.
 *
 * Loads from UNMAPPED, an address no device answers on QEMU virt (nor on
 * Rewind's virt board). The handler prints mcause, mepc relative to the
 * faulting instruction (label fault_insn) and mtval, then exits with 3.
 */
#include "board.h"

#define UNMAPPED 0x00050000u

extern const char fault_insn[];

static __attribute__((interrupt("machine"), aligned(4))) void trap_handler(void)
{
	uint32_t cause, epc, tval;
	__asm__ volatile("csrr %0, mcause" : "=r"(cause));
	__asm__ volatile("csrr %0, mepc" : "=r"(epc));
	__asm__ volatile("csrr %0, mtval" : "=r"(tval));
	uart_puts("trap: mcause ");
	uart_hex(cause);
	uart_puts(" mepc fault_insn+");
	uart_hex(epc - (uint32_t)(uintptr_t)fault_insn);
	uart_puts(" mtval ");
	uart_hex(tval);
	uart_putc('\n');
	board_exit(3);
}

int main(void)
{
	uint32_t value;

	__asm__ volatile("csrw mtvec, %0" : : "r"(trap_handler));
	uart_puts("fault: loading from ");
	uart_hex(UNMAPPED);
	uart_putc('\n');
	__asm__ volatile(".globl fault_insn\n"
			 "fault_insn:\n\t"
			 "lw %0, 0(%1)"
			 : "=r"(value)
			 : "r"(UNMAPPED)
			 : "memory");
	uart_puts("fault: no trap, read ");
	uart_hex(value);
	uart_putc('\n');
	return 0;
}
