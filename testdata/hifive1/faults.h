/*
 * faults.h - the trap handler of the HiFive1 bus tests: it notes an
 * access fault (load or store) and skips the faulting instruction, so a
 * program can try an access and report what it gave. Any other trap ends
 * the run with exit code 99. Include once, after fe310.h.
 */
#ifndef FAULTS_H
#define FAULTS_H

static volatile uint32_t faults, fault_cause, fault_addr;

/* trap notes an access fault and skips the faulting instruction. */
void trap(uint32_t mcause)
{
	uint32_t epc, tval;
	if (mcause != 5 && mcause != 7) {
		show("unexpected mcause", mcause);
		sh_exit(99);
	}
	__asm__ volatile("csrr %0, mepc" : "=r"(epc));
	__asm__ volatile("csrr %0, mtval" : "=r"(tval));
	faults++;
	fault_cause = mcause;
	fault_addr = tval;
	epc += (*(volatile uint16_t *)epc & 3) == 3 ? 4 : 2;
	__asm__ volatile("csrw mepc, %0" ::"r"(epc));
}

#endif
