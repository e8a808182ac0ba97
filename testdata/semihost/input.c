/*
 * input - semihosting console input on Rewind: SYS_READC and SYS_READ on
 * ":tt" take bytes from the input log (here "xyz\nrest\n"), and the
 * console is a terminal of no length. QEMU maps these to its own host
 * stdin and stdout, so this program has no QEMU counterpart; its expected
 * output is golden/input.out, written by hand.
 */
#include "semihost.h"

static int32_t sh_3(uintptr_t op, uintptr_t a, uintptr_t b, uintptr_t c)
{
	uintptr_t args[3] = {a, b, c};
	return (int32_t)sh_call(op, args);
}

int main(void)
{
	static const char tt[] = ":tt";
	int32_t in = sh_3(SYS_OPEN, (uintptr_t)tt, 0, 3);
	int32_t out = sh_3(SYS_OPEN, (uintptr_t)tt, 4, 3);
	sh_show("istty stdin", sh_3(SYS_ISTTY, (uintptr_t)in, 0, 0));
	sh_show("flen stdout", sh_3(SYS_FLEN, (uintptr_t)out, 0, 0));
	sh_show("readc", (int32_t)sh_call(SYS_READC, 0));
	char buf[16] = {0};
	int32_t left = sh_3(SYS_READ, (uintptr_t)in, (uintptr_t)buf, 3);
	sh_show("read 3, not read", left);
	sh_3(SYS_WRITE, (uintptr_t)out, (uintptr_t)buf, 3 - (uint32_t)left);
	sh_puts("|\n");
	left = sh_3(SYS_READ, (uintptr_t)in, (uintptr_t)buf, sizeof buf);
	sh_show("read 16, not read", left);
	sh_3(SYS_WRITE, (uintptr_t)out, (uintptr_t)buf, sizeof buf - (uint32_t)left);
	static const char secret[] = "/etc/passwd";
	sh_show("open a host file", sh_3(SYS_OPEN, (uintptr_t)secret, 0, sizeof secret - 1));
	sh_show("errno", (int32_t)sh_call(SYS_ERRNO, 0));
	sh_call(SYS_EXIT, (void *)ADP_Stopped_ApplicationExit);
	return 1;
}
