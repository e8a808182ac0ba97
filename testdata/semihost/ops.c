/*
 * ops - exercises semihosting operations one by one and prints what they
 * return, with direct calls (semihost.h), so the output is the same on
 * QEMU -semihosting and on Rewind. Values that depend on the host on QEMU
 * (SYS_TIME, SYS_CLOCK, SYS_ELAPSED; SYS_ISTTY, SYS_FLEN and input on :tt,
 * which QEMU maps to its own stdin and stdout) are left out or only
 * checked for consistency; input.c covers input on Rewind.
 */
#include "semihost.h"

static int32_t sh_open(const char *name, uint32_t mode)
{
	uint32_t len = 0;
	while (name[len])
		len++;
	uintptr_t args[3] = {(uintptr_t)name, mode, len};
	return (int32_t)sh_call(SYS_OPEN, args);
}

static int32_t sh_write(int32_t fd, const char *p, uint32_t n)
{
	uintptr_t args[3] = {(uintptr_t)fd, (uintptr_t)p, n};
	return (int32_t)sh_call(SYS_WRITE, args);
}

static int32_t sh_1(uintptr_t op, int32_t fd)
{
	uintptr_t args[1] = {(uintptr_t)fd};
	return (int32_t)sh_call(op, args);
}

int main(void)
{
	sh_call(SYS_WRITEC, "W");
	sh_call(SYS_WRITEC, "\n");
	sh_puts("write0: hello\n");

	int32_t in = sh_open(":tt", 0), out = sh_open(":tt", 4), err = sh_open(":tt", 8);
	sh_show("open :tt r/w/a distinct", in > 0 && out > 0 && err > 0 && in != out && out != err);
	sh_show("write stdout returns", sh_write(out, "write: to stdout\n", 17));
	sh_show("write stderr returns", sh_write(err, "write: to stderr\n", 17));
	sh_show("close stdin", sh_1(SYS_CLOSE, in));
	sh_show("close it again", sh_1(SYS_CLOSE, in));
	sh_show("write to closed handle", sh_write(in, "x", 1));
	sh_show("errno is set", sh_call(SYS_ERRNO, 0) != 0);

	int32_t c1 = (int32_t)sh_call(SYS_CLOCK, 0);
	uint32_t t[2] = {0, 0};
	sh_show("elapsed returns", (int32_t)sh_call(SYS_ELAPSED, t));
	for (volatile int i = 0; i < 100000; i++)
		;
	int32_t c2 = (int32_t)sh_call(SYS_CLOCK, 0);
	uint32_t t2[2] = {0, 0};
	sh_call(SYS_ELAPSED, t2);
	sh_show("clock monotonic", c1 >= 0 && c2 >= c1);
	sh_show("elapsed advances", t2[1] > t[1] || (t2[1] == t[1] && t2[0] > t[0]));
	sh_show("tickfreq positive", (int32_t)sh_call(SYS_TICKFREQ, 0) > 0);
	sh_show("time positive", (int32_t)sh_call(SYS_TIME, 0) > 0);

	uint32_t block[4] = {0, 0, 0, 0};
	uint32_t *pblock = block;
	sh_call(SYS_HEAPINFO, &pblock);
	sh_show("heapinfo 0", (int32_t)block[0]);
	sh_show("heapinfo 1", (int32_t)block[1]);
	sh_show("heapinfo 2", (int32_t)block[2]);
	sh_show("heapinfo 3", (int32_t)block[3]);

	uintptr_t ext[2] = {ADP_Stopped_ApplicationExit, 5};
	sh_call(SYS_EXIT_EXTENDED, ext);
	sh_puts("not reached\n");
	return 1;
}
