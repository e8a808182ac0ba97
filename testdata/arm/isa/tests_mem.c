/* tests_mem.c - loads and stores of every form, multiple and dual
 * transfers, exclusives, table branches, compare-and-branch. */
#include "isa.h"

static u32 mem[16] __attribute__((aligned(8)));

static void reset_mem(void)
{
	for (int i = 0; i < 16; i++)
		mem[i] = 0x01020304u * (i + 1) ^ 0x80808080u;
}

static void single(void)
{
	u32 a, b, c, d, p;
	reset_mem();
	p = (u32)mem;
	__asm__ volatile("ldrb %0, [%4, #5]\n\tldrsb %1, [%4, #3]\n\tldrh %2, [%4, #6]\n\tldrsh %3, [%4, #2]"
		: "=&r"(a), "=&r"(b), "=&r"(c), "=&r"(d) : "r"(p));
	line("ld_sizes", 4, a, b, c, d);
	__asm__ volatile("ldr %0, [%2, #4]!\n\tldr %1, [%2], #8" : "=&r"(a), "=&r"(b), "+r"(p));
	line("ld_wback", 3, a, b, p - (u32)mem);
	__asm__ volatile("ldr %0, [%2, #-4]!\n\tldrb %1, [%2], #-3" : "=&r"(a), "=&r"(b), "+r"(p));
	line("ld_wback_neg", 3, a, b, p - (u32)mem);
	p = (u32)mem;
	c = 3;
	__asm__ volatile("ldr %0, [%2, %3, lsl #2]\n\tldrh %1, [%2, %3, lsl #1]" : "=&r"(a), "=&r"(b) : "r"(p), "r"(c));
	line("ld_reg", 2, a, b);
	__asm__ volatile("ldr %0, [%2, #1]\n\tldrh %1, [%2, #3]" : "=&r"(a), "=&r"(b) : "r"(p));
	line("ld_unaligned", 2, a, b);
	__asm__ volatile("ldr %0, =0x13572468\n\tldr.w %1, 1f\n\tb 2f\n\t.align 2\n1:\t.word 0xcafef00d\n2:" : "=&r"(a), "=&r"(b));
	line("ld_literal", 2, a, b);
	__asm__ volatile("strb %2, [%1, #1]\n\tstrh %2, [%1, #6]\n\tstr %2, [%1, #8]!\n\tstr %2, [%1], #4\n\tmov %0, %1"
		: "=&r"(a), "+r"(p) : "r"(0xa1b2c3d4u) : "memory");
	line("st_forms", 5, a - (u32)mem, mem[0], mem[1], mem[2], mem[3]);
	p = (u32)mem + 1;
	__asm__ volatile("str %1, [%0, #2]\n\tstrh %1, [%0, #8]" : : "r"(p), "r"(0x11223344u) : "memory");
	line("st_unaligned", 3, mem[0], mem[1], mem[2]);
}

static void multiple(void)
{
	u32 a, b, c, d, p;
	reset_mem();
	p = (u32)mem;
	__asm__ volatile("ldmia %4!, {r4-r7}\n\tmov %0, r4\n\tmov %1, r5\n\tmov %2, r6\n\tmov %3, r7"
		: "=r"(a), "=r"(b), "=r"(c), "=r"(d), "+r"(p) : : "r4", "r5", "r6", "r7");
	line("ldmia", 5, a, b, c, d, p - (u32)mem);
	__asm__ volatile("ldmdb %4!, {r4-r7}\n\tmov %0, r4\n\tmov %1, r5\n\tmov %2, r6\n\tmov %3, r7"
		: "=r"(a), "=r"(b), "=r"(c), "=r"(d), "+r"(p) : : "r4", "r5", "r6", "r7");
	line("ldmdb", 5, a, b, c, d, p - (u32)mem);
	p = (u32)mem + 32;
	__asm__ volatile("mov r4, #4\n\tmov r5, #5\n\tmov r6, #6\n\tstmdb %0!, {r4-r6}\n\tstmia %0, {r5, r6}"
		: "+r"(p) : : "r4", "r5", "r6", "memory");
	line("stm", 6, p - (u32)mem, mem[5], mem[6], mem[7], mem[8], mem[4]);
	__asm__ volatile("mov r4, #0x44\n\tmov r5, #0x55\n\tpush {r4, r5}\n\tpop {r5, r6}\n\tmov %0, r5\n\tmov %1, r6"
		: "=r"(a), "=r"(b) : : "r4", "r5", "r6", "memory");
	line("push_pop", 2, a, b);
	p = (u32)mem;
	__asm__ volatile("ldrd %0, %1, [%2, #8]\n\tstrd %1, %0, [%2, #16]!" : "=&r"(a), "=&r"(b), "+r"(p) : : "memory");
	line("ldrd_strd", 5, a, b, p - (u32)mem, mem[4], mem[5]);
	__asm__ volatile("ldrd %0, %1, [%2], #-8" : "=&r"(a), "=&r"(b), "+r"(p));
	line("ldrd_post", 3, a, b, p - (u32)mem);
}

static void exclusive(void)
{
	u32 v, s1, s2, s3;
	reset_mem();
	__asm__ volatile(
		"ldrex %0, [%4]\n\t"
		"add %0, %0, #1\n\t"
		"strex %1, %0, [%4]\n\t"
		"strex %2, %0, [%4]\n\t"
		"ldrex %0, [%4]\n\t"
		"clrex\n\t"
		"strex %3, %0, [%4]\n\t"
		: "=&r"(v), "=&r"(s1), "=&r"(s2), "=&r"(s3) : "r"(mem) : "memory");
	line("exclusive", 5, v, s1, s2, s3, mem[0]);
	__asm__ volatile(
		"ldrexb %0, [%3]\n\t"
		"strexb %1, %0, [%3, #0]\n\t"
		"ldrexh %0, [%4]\n\t"
		"strexh %2, %0, [%4]\n\t"
		: "=&r"(v), "=&r"(s1), "=&r"(s2) : "r"((u32)mem + 5), "r"((u32)mem + 10) : "memory");
	line("exclusive_bh", 3, v, s1, s2);
}

static u32 table(u32 i)
{
	u32 r;
	__asm__ volatile(
		"tbb [pc, %1]\n"
		"1:\n\t"
		".byte (2f-1b)/2, (3f-1b)/2, (4f-1b)/2, (4f-1b)/2\n"
		"2:\tmov %0, #10\n\tb 5f\n"
		"3:\tmov %0, #20\n\tb 5f\n"
		"4:\tmov %0, #30\n"
		"5:\n"
		: "=r"(r) : "r"(i));
	return r;
}

static u32 table_h(u32 i)
{
	u32 r;
	__asm__ volatile(
		"tbh [pc, %1, lsl #1]\n"
		"1:\n\t"
		".hword (2f-1b)/2, (3f-1b)/2\n"
		"2:\tmov %0, #11\n\tb 5f\n"
		"3:\tmov %0, #22\n"
		"5:\n"
		: "=r"(r) : "r"(i));
	return r;
}

static u32 cbz_test(u32 v)
{
	u32 r;
	__asm__ volatile("mov %0, #1\n\tcbz %1, 1f\n\tmov %0, #2\n1:\tcbnz %1, 2f\n\tadd %0, %0, #4\n2:" : "=&l"(r) : "l"(v));
	return r;
}

void tests_mem(void)
{
	single();
	multiple();
	exclusive();
	line("tbb", 4, table(0), table(1), table(2), table(3));
	line("tbh", 2, table_h(0), table_h(1));
	line("cbz", 2, cbz_test(0), cbz_test(5));
	/* Bit-band alias of SRAM. */
	reset_mem();
	u32 bb = 0x22000000 + ((u32)mem - 0x20000000) * 32;
	REG(bb + 4 * 3) = 1;
	REG(bb + 4 * 7) = 0;
	line("bitband", 3, mem[0], REG(bb + 4 * 3), REG(bb + 4 * 2));
}
