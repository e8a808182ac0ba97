/*
 * faults - Cortex-M exceptions and faults, one after another, each taken
 * and survived, for the debugger's exception breakpoints and fault report:
 * SysTick interrupts, a software-pended IRQ 7, then UsageFaults for a
 * divide by zero (CCR.DIV_0_TRP), an unaligned load (CCR.UNALIGN_TRP), an
 * undefined instruction and a branch with the Thumb bit clear (invalid
 * state), a precise BusFault on a load from an unmapped address, and an
 * undefined instruction with UsageFault disabled, which escalates to
 * HardFault (HFSR.FORCED). The fault handler prints the exception number,
 * CFSR, HFSR, BFAR when valid and the stacked pc, clears the status bits and
 * resumes after the faulting instruction. Exits 0 through semihosting.
 * The same output on QEMU's mps2-an385 and on Rewind checks the fault bits.
 */
#include "../arm/mps2.h"
#include "semihost.h"

#define SCB_ICSR  0xe000ed04u
#define SCB_CCR   0xe000ed14u
#define SCB_SHCSR 0xe000ed24u
#define SCB_CFSR  0xe000ed28u
#define SCB_HFSR  0xe000ed2cu
#define SCB_BFAR  0xe000ed38u
#define NVIC_ISPR0 0xe000e200u

#define CCR_UNALIGN_TRP (1u << 3)
#define CCR_DIV_0_TRP   (1u << 4)
#define SHCSR_BUSFAULTENA (1u << 17)
#define SHCSR_USGFAULTENA (1u << 18)
#define CFSR_BFARVALID  (1u << 15)
#define CFSR_INVSTATE   (1u << 17)
#define IRQ_SOFT 7
#define UNMAPPED 0x50000000u

static volatile unsigned systicks, soft_irqs, faults;
volatile uint32_t fault_cfsr, fault_hfsr;

static void put_hex(uint32_t v)
{
	char buf[9];
	for (int i = 7; i >= 0; i--, v >>= 4)
		buf[i] = "0123456789abcdef"[v & 15];
	buf[8] = 0;
	sh_puts(buf);
}

static void systick_handler(void)
{
	if (++systicks == 3)
		REG32(SYST_CSR) = 0;
}

static void soft_irq_handler(void) { soft_irqs++; }

/* fault_report prints and clears the fault and moves the stacked pc past
 * the faulting instruction (or, for an invalid state, back to the caller
 * with the Thumb bit set). */
__attribute__((used)) static void fault_report(uint32_t *frame)
{
	uint32_t exc = REG32(SCB_ICSR) & 0x1ff, pc = frame[6];
	uint32_t cfsr = REG32(SCB_CFSR), hfsr = REG32(SCB_HFSR);
	sh_puts("fault: exception ");
	put_hex(exc);
	sh_puts(" cfsr ");
	put_hex(cfsr);
	sh_puts(" hfsr ");
	put_hex(hfsr);
	if (cfsr & CFSR_BFARVALID) {
		sh_puts(" bfar ");
		put_hex(REG32(SCB_BFAR));
	}
	sh_puts(" pc ");
	put_hex(pc);
	sh_puts("\n");
	fault_cfsr = cfsr;
	fault_hfsr = hfsr;
	REG32(SCB_CFSR) = cfsr;
	REG32(SCB_HFSR) = hfsr;
	faults++;
	if (cfsr & CFSR_INVSTATE) {
		frame[6] = frame[5] & ~1u;
		frame[7] |= 1u << 24;
		return;
	}
	uint16_t hw = *(const uint16_t *)(uintptr_t)pc;
	frame[6] = pc + ((hw & 0xf800u) >= 0xe800u ? 4 : 2);
}

/* fault_entry passes the stacked frame (MSP or PSP, from EXC_RETURN) to
 * fault_report. */
__attribute__((naked)) static void fault_entry(void)
{
	__asm__ volatile("tst lr, #4\n\t"
			 "ite eq\n\t"
			 "mrseq r0, msp\n\t"
			 "mrsne r0, psp\n\t"
			 "b fault_report");
}

static __attribute__((noinline)) int divide(int a, int b) { return a / b; }

static __attribute__((noinline)) uint32_t load_word(uintptr_t addr)
{
	return *(volatile uint32_t *)addr;
}

/* aligned: a branch to an even address that is not a multiple of 4 is an
 * unaligned pc on QEMU before it is an invalid state */
static __attribute__((noinline, aligned(4))) void undefined(void) { __asm__ volatile("udf #1"); }

static __attribute__((noinline)) void arm_state_call(void)
{
	void (*even)(void) = (void (*)(void))((uintptr_t)undefined & ~1u);
	even();
}

static void check(const char *what, unsigned want)
{
	sh_puts(what);
	sh_puts(faults == want ? ": taken\n" : ": NOT taken\n");
}

int main(void)
{
	install_vectors();
	vectors[VECTOR_SYSTICK] = systick_handler;
	for (int i = 3; i <= 6; i++)
		vectors[i] = fault_entry;
	irq_handler(IRQ_SOFT, soft_irq_handler);

	REG32(SYST_RVR) = 999;
	REG32(SYST_CVR) = 0;
	REG32(SYST_CSR) = 7;
	while (systicks < 3)
		;
	sh_show("systick interrupts", systicks);

	irq_enable(IRQ_SOFT);
	REG32(NVIC_ISPR0) = 1u << IRQ_SOFT;
	__asm__ volatile("dsb\n\tisb" ::: "memory");
	sh_show("soft interrupts", soft_irqs);

	REG32(SCB_SHCSR) |= SHCSR_USGFAULTENA | SHCSR_BUSFAULTENA;
	REG32(SCB_CCR) |= CCR_DIV_0_TRP;
	sh_show("divide", divide(7, (int)faults));
	check("divide by zero", 1);

	REG32(SCB_CCR) |= CCR_UNALIGN_TRP;
	load_word(0x20000001u);
	check("unaligned", 2);

	load_word(UNMAPPED);
	check("bus error", 3);

	undefined();
	check("undefined instruction", 4);

	arm_state_call();
	check("invalid state", 5);

	REG32(SCB_SHCSR) &= ~SHCSR_USGFAULTENA;
	undefined();
	check("escalated", 6);

	sh_call(SYS_EXIT, (void *)ADP_Stopped_ApplicationExit);
	return 0;
}
