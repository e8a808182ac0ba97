/* tests_exc.c - the exception model: SVC, priorities and nesting with
 * PRIMASK and BASEPRI, tail-chaining, faults and their status registers,
 * escalation to HardFault, SysTick, unprivileged Thread mode, and a PendSV
 * context switch between stacks. */
#include "isa.h"

static u32 log_[32];
static int nlog;

static void rec(u32 v)
{
	if (nlog < 32)
		log_[nlog++] = v;
}

static void show(const char *name)
{
	puts_(name);
	for (int i = 0; i < nlog; i++) {
		puts_(" ");
		put_hex(log_[i]);
	}
	puts_("\n");
	nlog = 0;
}

static u32 get_ipsr(void) { u32 v; __asm__ volatile("mrs %0, ipsr" : "=r"(v)); return v; }

/* SVC: the handler reads the immediate from the instruction before the
 * stacked pc and returns r0 + r1 + imm in r0. */
static void svc_hook(u32 *f, u32 excret)
{
	u32 imm = *(unsigned short *)(f[6] - 2) & 0xff;
	rec(imm);
	rec(excret);
	rec(f[7] & 0xff0001ff);
	f[0] = f[0] + f[1] + imm;
}

static u32 svc_call(u32 a, u32 b)
{
	register u32 r0 __asm__("r0") = a;
	register u32 r1 __asm__("r1") = b;
	__asm__ volatile("svc #42" : "+r"(r0) : "r"(r1) : "memory");
	return r0;
}

static void irq_hook(u32 *f, u32 excret)
{
	(void)f;
	u32 n = get_ipsr() - 16;
	rec(n);
	rec(excret);
	/* IRQ 1 pends IRQ 0 (higher priority: preempts) and IRQ 2 (lower:
	 * waits, then tail-chains). */
	if (n == 1) {
		NVIC_ISPR0 = 1 << 0 | 1 << 2;
		rec(0x100 | get_ipsr());
	}
}

static void priorities(void)
{
	for (int i = 0; i < 4; i++)
		hooks[16 + i] = irq_hook;
	NVIC_IPR(0) = 0x20;
	NVIC_IPR(1) = 0x40;
	NVIC_IPR(2) = 0x80;
	NVIC_IPR(3) = 0x40;
	line("ipr", 2, REG(0xE000E400), REG(0xE000E404));
	NVIC_ISER0 = 0xf;
	__asm__ volatile("cpsid i");
	NVIC_ISPR0 = 1 << 3 | 1 << 2;
	line("pending", 3, NVIC_ISPR0, SCB_ICSR, NVIC_ISER0);
	__asm__ volatile("cpsie i\n\tisb");
	show("order");
	NVIC_ISPR0 = 1 << 1;
	__asm__ volatile("isb");
	show("nesting");
	/* BASEPRI blocks priority 0x40 and below. */
	__asm__ volatile("msr basepri, %0" : : "r"(0x40));
	NVIC_ISPR0 = 1 << 3 | 1 << 0;
	__asm__ volatile("isb");
	show("basepri");
	line("basepri_pending", 2, NVIC_ISPR0, SCB_ICSR & 0x1ff000);
	__asm__ volatile("msr basepri_max, %0" : : "r"(0x80));
	u32 bp;
	__asm__ volatile("mrs %0, basepri" : "=r"(bp));
	rec(bp);
	bp = 0x20;
	__asm__ volatile("msr basepri_max, %0\n\tmrs %0, basepri" : "+r"(bp));
	rec(bp);
	__asm__ volatile("msr basepri, %0\n\tisb" : : "r"(0));
	show("basepri_max");
	/* PRIGROUP 5: group priority is bits 7:6, so 0x40 and 0x60 do not
	 * preempt each other. */
	SCB_AIRCR = 0x05fa0000 | 5 << 8;
	NVIC_IPR(3) = 0x60;
	line("aircr", 1, SCB_AIRCR);
	NVIC_ISPR0 = 1 << 1;
	__asm__ volatile("isb");
	show("prigroup");
	SCB_AIRCR = 0x05fa0000;
	NVIC_ICER0 = 0xf;
	line("iser_after", 1, NVIC_ISER0);
}

static u32 fault_skip;

static void fault_hook(u32 *f, u32 excret)
{
	rec(get_ipsr());
	rec(SCB_CFSR);
	rec(SCB_HFSR);
	if (SCB_CFSR & (1 << 15))
		rec(SCB_BFAR);
	rec(excret);
	SCB_CFSR = SCB_CFSR;
	SCB_HFSR = SCB_HFSR;
	f[6] += fault_skip;
}

static u32 vol_div(u32 a, u32 b)
{
	u32 r;
	__asm__ volatile("udiv %0, %1, %2" : "=r"(r) : "r"(a), "r"(b));
	return r;
}

static void faults(void)
{
	hooks[3] = hooks[4] = hooks[5] = hooks[6] = fault_hook;
	/* Disabled: everything escalates to HardFault. */
	fault_skip = 2;
	__asm__ volatile("udf #7");
	show("udf_hard");
	SCB_SHCSR = 7 << 16;
	line("shcsr", 1, SCB_SHCSR);
	__asm__ volatile("udf #7");
	show("udf_usage");
	fault_skip = 4;
	SCB_CCR |= 1 << 4;
	rec(vol_div(10, 0));
	show("div0_trap");
	SCB_CCR &= ~(1u << 4);
	rec(vol_div(10, 0));
	show("div0_notrap");
	SCB_CCR |= 1 << 3;
	fault_skip = 2;
	u32 v = 0;
	__asm__ volatile("ldr %0, [%1]" : "+l"(v) : "l"(0x20000001));
	rec(v);
	show("unaligned_trap");
	SCB_CCR &= ~(1u << 3);
	fault_skip = 4;
	__asm__ volatile("ldrd %0, %0, [%1]" : "+r"(v) : "r"(0x20000002));
	show("ldrd_unaligned");
	fault_skip = 2;
	__asm__ volatile("ldr %0, [%1]" : "+l"(v) : "l"(0x30000000));
	show("bus_read");
	__asm__ volatile("str %0, [%1]" : : "l"(v), "l"(0x30000010) : "memory");
	show("bus_write");
	SCB_SHCSR = 0;
	__asm__ volatile("ldr %0, [%1]" : "+l"(v) : "l"(0x30000020));
	show("bus_forced");
	/* Fault priority above the handler's own: a fault inside a handler. */
	SCB_SHCSR = 7 << 16;
	line("ccr", 1, SCB_CCR);
	/* Coprocessor instruction with no FPU: NOCP. */
	fault_skip = 4;
	__asm__ volatile(".inst.w 0xee000a10"); /* vmov s0, r0 */
	show("nocp");
	/* BKPT other than semihosting: debug event, HardFault. */
	fault_skip = 2;
	__asm__ volatile("bkpt 0x12");
	show("bkpt");
	SCB_SHCSR = 0;
}

static volatile u32 ticks;

static void tick_hook(u32 *f, u32 excret)
{
	(void)f;
	(void)excret;
	ticks++;
}

static void systick(void)
{
	hooks[15] = tick_hook;
	SYST_CVR = 0;
	SYST_RVR = 999;
	line("systick_regs", 3, SYST_RVR, SYST_CSR, REG(0xE000E01C));
	SYST_CSR = 7;
	while (ticks < 5)
		;
	SYST_CSR = 0;
	line("systick_ticks", 2, ticks, SYST_CSR & 0x10000);
	/* Polling COUNTFLAG without interrupts, on the reference clock. */
	SYST_RVR = 50;
	SYST_CVR = 0;
	SYST_CSR = 1;
	u32 spins = 0;
	while (!(SYST_CSR & 0x10000))
		spins++;
	u32 cvr = SYST_CVR;
	SYST_CSR = 0;
	line("systick_poll", 2, spins, cvr);
	/* WFI waits for the next tick. */
	ticks = 0;
	SYST_RVR = 99999;
	SYST_CVR = 0;
	SYST_CSR = 7;
	__asm__ volatile("wfi");
	u32 after = SYST_CVR;
	SYST_CSR = 0;
	line("systick_wfi", 2, ticks, after);
}

/* Exact timing: where in a straight line of NOPs the SysTick interrupt
 * lands, and what CVR reads at fixed distances from the enable. */
static u32 tick_pc;

static void tick_pc_hook(u32 *f, u32 excret)
{
	(void)excret;
	tick_pc = f[6];
	SYST_CSR = 0;
}

extern char sled1[], sled2[];
void sled_run1(u32 en, volatile u32 *csr, u32 *out);
void sled_run2(u32 en, volatile u32 *csr);

/* The sleds: enable SysTick, read CVR after 20 and 40 more NOPs, then NOPs
 * for the interrupt to land in. */
__asm__(
	".text\n.thumb\n.syntax unified\n"
	".global sled_run1\n.type sled_run1, %function\n.thumb_func\n"
	"sled_run1:\n"
	"	str r0, [r1]\n"
	"	.rept 20\n	nop\n	.endr\n"
	"	ldr r3, [r1, #8]\n"
	"	str r3, [r2]\n"
	"	.rept 40\n	nop\n	.endr\n"
	"	ldr r3, [r1, #8]\n"
	"	str r3, [r2, #4]\n"
	".global sled1\nsled1:\n"
	"	.rept 1600\n	nop\n	.endr\n"
	"	bx lr\n"
	".global sled_run2\n.type sled_run2, %function\n.thumb_func\n"
	"sled_run2:\n"
	"	str r0, [r1]\n"
	".global sled2\nsled2:\n"
	"	.rept 2100\n	nop\n	.endr\n"
	"	bx lr\n");

static void systick_precise(void)
{
	u32 c[2];
	hooks[15] = tick_pc_hook;
	SYST_CSR = 0;
	SYST_CVR = 0;
	SYST_RVR = 37;
	sled_run1(7, &SYST_CSR, c);
	line("systick_exact_cpu", 3, c[0], c[1], tick_pc - (u32)sled1);
	SYST_CVR = 0;
	SYST_RVR = 1;
	sled_run2(3, &SYST_CSR);
	line("systick_exact_ref", 1, tick_pc - (u32)sled2);
	SYST_CSR = 0;
	hooks[15] = 0;
}

static void unpriv_svc(u32 *f, u32 excret)
{
	(void)f;
	(void)excret;
	u32 c;
	__asm__ volatile("mrs %0, control" : "=r"(c));
	rec(c);
	__asm__ volatile("msr control, %0\n\tisb" : : "r"(c & ~1u));
}

static void unprivileged(void)
{
	hooks[11] = unpriv_svc;
	__asm__ volatile("msr control, %0\n\tisb" : : "r"(1));
	u32 c, pm;
	__asm__ volatile("mrs %0, control" : "=r"(c));
	__asm__ volatile("cpsid i\n\tmrs %0, primask" : "=r"(pm));
	rec(c);
	rec(pm);
	__asm__ volatile("svc #1");
	__asm__ volatile("mrs %0, control" : "=r"(c));
	rec(c);
	show("unpriv");
}

/* PendSV context switch between three threads on the process stack. */
static u32 ctx[3], cur, rounds[3];
static u32 stack1[128] __attribute__((aligned(8))), stack2[128] __attribute__((aligned(8)));
static u32 hstack[256] __attribute__((aligned(8)));
u32 *const ctx_ptr = ctx;
u32 *const cur_ptr = &cur;

__attribute__((naked)) void pendsv_switch(void)
{
	__asm__ volatile(
		"mrs r0, psp\n"
		"stmdb r0!, {r4-r11}\n"
		"ldr r1, =cur_ptr\n ldr r1, [r1]\n"
		"ldr r3, =ctx_ptr\n ldr r3, [r3]\n"
		"ldr r2, [r1]\n"
		"str r0, [r3, r2, lsl #2]\n"
		"adds r2, r2, #1\n"
		"cmp r2, #3\n"
		"it eq\n"
		"moveq r2, #0\n"
		"str r2, [r1]\n"
		"ldr r0, [r3, r2, lsl #2]\n"
		"ldmia r0!, {r4-r11}\n"
		"msr psp, r0\n"
		"bx lr\n");
}

static void yield(void)
{
	SCB_ICSR = 1 << 28;
	__asm__ volatile("dsb\n\tisb");
}

static void task(u32 id)
{
	for (;;) {
		u32 sp;
		__asm__ volatile("mov %0, sp" : "=r"(sp));
		rec(id << 28 | rounds[id]++ << 24 | (sp & 0xfff));
		yield();
	}
}

static void task1(void) { task(1); }
static void task2(void) { task(2); }

static u32 *init_stack(u32 *top, void (*fn)(void))
{
	u32 *sp = top - 16;
	for (int i = 0; i < 16; i++)
		sp[i] = 0x1000 * i;
	sp[8 + 5] = 0xffffffff;        /* lr */
	sp[8 + 6] = (u32)fn & ~1u;     /* pc */
	sp[8 + 7] = 0x01000000;        /* xpsr: Thumb */
	return sp;
}

static u32 ram_vectors[48] __attribute__((aligned(256)));

static void context_switch(void)
{
	const u32 *rom = 0;
	for (int i = 0; i < 48; i++)
		ram_vectors[i] = rom[i];
	ram_vectors[14] = (u32)pendsv_switch;
	SCB_VTOR = (u32)ram_vectors;
	line("vtor", 1, SCB_VTOR == (u32)ram_vectors);
	SCB_SHPR3 = 0xff << 16; /* PendSV lowest */
	ctx[1] = (u32)init_stack(stack1 + 128, task1);
	ctx[2] = (u32)init_stack(stack2 + 128, task2);
	cur = 0;
	/* Move main onto the process stack, and handlers onto their own. */
	__asm__ volatile(
		"mrs r0, msp\n\t"
		"msr psp, r0\n\t"
		"movs r0, #2\n\t"
		"msr control, r0\n\t"
		"isb\n\t"
		"msr msp, %0\n\t"
		: : "r"(hstack + 256) : "r0", "memory");
	for (int i = 0; i < 3; i++) {
		rec(0xa0 + i);
		yield();
	}
	u32 c;
	__asm__ volatile("mrs %0, control" : "=r"(c));
	rec(c);
	show("switch");
	SCB_VTOR = 0;
}

void tests_exc(void)
{
	hooks[11] = svc_hook;
	u32 r = svc_call(100, 23);
	rec(r);
	show("svc");
	priorities();
	faults();
	systick();
	systick_precise();
	unprivileged();
	context_switch();
}
