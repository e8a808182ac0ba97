/*
 * probe - reads and writes registers of the mps2-an385 CMSDK UART, timer
 * and dual timer and of the FPGA I/O block, printing every access through
 * semihosting ("W addr value" or "R addr value", 32-bit) so that a test
 * can replay the same accesses on Rewind's device models and compare
 * every value read (vm/device/mps2_probe_test.go). Only values that do
 * not depend on time are read: no running counter is sampled.
 */
#include "semihost.h"

static void hex(char *p, uint32_t v)
{
	for (int i = 7; i >= 0; i--, v >>= 4)
		p[i] = "0123456789abcdef"[v & 0xf];
}

static void record(char op, uint32_t addr, uint32_t v)
{
	char line[] = "? 00000000 00000000\n";
	line[0] = op;
	hex(line + 2, addr);
	hex(line + 11, v);
	sh_puts(line);
}

static void w(uint32_t addr, uint32_t v)
{
	record('W', addr, v);
	*(volatile uint32_t *)addr = v;
}

static void r(uint32_t addr) { record('R', addr, *(volatile uint32_t *)addr); }

/* ids reads the twelve ID registers of a CMSDK block. */
static void ids(uint32_t base)
{
	for (uint32_t off = 0xfd0; off < 0x1000; off += 4)
		r(base + off);
}

static void uart(uint32_t b)
{
	for (uint32_t off = 0; off <= 0x10; off += 4)
		r(b + off);
	ids(b);
	w(b + 0x10, 0xffffffff); /* BAUDDIV keeps 20 bits */
	r(b + 0x10);
	w(b + 0x08, 0xff); /* CTRL keeps 7 bits */
	r(b + 0x08);
	r(b + 0x0c);
	w(b + 0x00, 'a'); /* TX on: sent at once, TX interrupt status */
	r(b + 0x04);
	r(b + 0x0c);
	w(b + 0x0c, 1); /* INTCLEAR TX */
	r(b + 0x0c);
	w(b + 0x08, 0x10); /* TX off, TX overrun interrupt on */
	w(b + 0x00, 'b');
	r(b + 0x04);
	w(b + 0x00, 'c');
	r(b + 0x04);
	r(b + 0x0c);
	w(b + 0x0c, 4); /* INTCLEAR TX overrun */
	r(b + 0x0c);
	r(b + 0x04);
	w(b + 0x00, 'd'); /* overrun again */
	r(b + 0x0c);
	w(b + 0x04, 4); /* STATE: clear the overrun */
	r(b + 0x04);
	r(b + 0x0c);
	w(b + 0x08, 0);
	r(b + 0x20);
}

static void timer(uint32_t b)
{
	for (uint32_t off = 0; off <= 0x0c; off += 4)
		r(b + off);
	ids(b);
	w(b + 0x08, 1234); /* RELOAD also loads VALUE */
	r(b + 0x04);
	r(b + 0x08);
	w(b + 0x04, 77);
	r(b + 0x04);
	r(b + 0x08);
	w(b + 0x00, 0xf6); /* CTRL keeps 4 bits; not enabled */
	r(b + 0x00);
	w(b + 0x0c, 1);
	r(b + 0x0c);
	w(b + 0x00, 0);
}

static void dual(uint32_t b)
{
	for (uint32_t h = 0; h < 0x40; h += 0x20)
		for (uint32_t off = 0; off <= 0x18; off += 4)
			r(b + h + off);
	ids(b);
	r(b + 0xf00);
	w(b + 0x00, 0x12345678); /* LOAD loads the count (16-bit: low half) */
	r(b + 0x00);
	r(b + 0x04);
	w(b + 0x08, 0x22); /* 32-bit, not enabled */
	r(b + 0x04);
	w(b + 0x00, 0x12345678);
	r(b + 0x04);
	w(b + 0x18, 0x1000); /* BGLOAD: LOAD changes, the count does not */
	r(b + 0x00);
	r(b + 0x04);
	r(b + 0x18);
	w(b + 0x08, 0x62); /* periodic */
	r(b + 0x00);
	r(b + 0x04);
	w(b + 0x08, 0xff); /* all bits, not kept: bit 4 */
	w(b + 0x08, 0x7f & 0xef);
	r(b + 0x08);
	r(b + 0x10);
	r(b + 0x14);
	w(b + 0x08, 0x20);
	r(b + 0x28);
}

static void fpgaio(uint32_t b)
{
	r(b + 0x00);
	r(b + 0x08);
	w(b + 0x00, 0xff); /* two LEDs */
	r(b + 0x00);
	w(b + 0x4c, 0x12345678);
	r(b + 0x4c);
	w(b + 0x1c, 99);
	r(b + 0x1c);
	r(b + 0x30);
}

int main(void)
{
	uart(0x40005000); /* UART1: its output goes nowhere on QEMU */
	timer(0x40001000);
	dual(0x40002000);
	fpgaio(0x40028000);
	sh_call(SYS_EXIT, (void *)ADP_Stopped_ApplicationExit);
	return 1;
}
