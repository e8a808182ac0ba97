package debugger

// Cortex-M exception numbers the trap filters select (a vm.Stop's Cause
// on a Cortex-M core is the exception number, not an mcause value).
const (
	cmHardFault  = 3
	cmMemManage  = 4
	cmBusFault   = 5
	cmUsageFault = 6
)

// cortexMTrapWanted applies the exception filters on a Cortex-M core:
// the faults (HardFault, MemManage, BusFault, UsageFault) stop a run,
// "illegal" selects UsageFault (undefined instruction, invalid state);
// interrupts, SysTick, PendSV and SVC (an RTOS's yield and start) never
// count as faults.
func cortexMTrapWanted(f map[string]bool, exc uint32) bool {
	switch {
	case exc >= cmHardFault && exc <= cmUsageFault && f[FilterAllFaults]:
		return true
	case exc == cmUsageFault && f[FilterIllegal]:
		return true
	}
	return false
}
