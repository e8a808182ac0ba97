/*
 * mirrors - QEMU's mps2 RAM mirrors (info mtree): SSRAM1 again at
 * 0x00400000, the 16 KiB block RAM three more times from 0x01004000,
 * SSRAM2/3 again at 0x20400000. Each check writes through one address and
 * reads through the other, both ways, and prints what it read. Exits 0
 * through semihosting.
 */
#include "mps2.h"
#include "semihost.h"

static void report(const char *what, uint32_t v)
{
	uart_puts(what);
	uart_puts("0x");
	for (int i = 28; i >= 0; i -= 4)
		uart_putc("0123456789abcdef"[(v >> i) & 15]);
	uart_putc('\n');
}

/* mirror writes a through lo, reads it at hi, then b through hi, read at lo. */
static void mirror(const char *name, uint32_t lo, uint32_t hi, uint32_t a, uint32_t b)
{
	uart_puts(name);
	uart_putc('\n');
	REG32(lo) = a;
	report("  read through the mirror: ", REG32(hi));
	REG32(hi) = b;
	report("  read at the memory: ", REG32(lo));
}

int main(void)
{
	REG32(UART_BAUD) = 16;
	REG32(UART_CTRL) = UART_TX_EN;
	uart_puts("mps2 mirrors\n");
	mirror("ssram1 at 0x00400000", 0x003ff000u, 0x007ff000u, 0x11111111u, 0x22222222u);
	mirror("block ram at 0x01004000", 0x01000010u, 0x01004010u, 0x33333333u, 0x44444444u);
	mirror("block ram at 0x0100c000", 0x01003ffcu, 0x0100fffcu, 0x55555555u, 0x66666666u);
	mirror("ssram2/3 at 0x20400000", 0x20200000u, 0x20600000u, 0x77777777u, 0x88888888u);
	/* the first code word (main's), read through the mirror */
	report("main's first word through the mirror matches: ",
	       REG32((uintptr_t)main & ~1u) == REG32(((uintptr_t)main & ~1u) + 0x00400000u));

	uintptr_t ext[2] = {ADP_Stopped_ApplicationExit, 0};
	sh_call(SYS_EXIT_EXTENDED, ext);
	return 1;
}
