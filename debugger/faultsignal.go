package debugger

// Signal names a fault as the POSIX signal a gdb user expects for it
// ("SIGILL", "SIGFPE", "SIGBUS", "SIGSEGV", "SIGTRAP"), so a front-end that
// speaks in signals (the GDB remote protocol) needs no table of causes per
// architecture. Cortex-M faults are classified by their CFSR bits (a
// forced HardFault by the fault it escalated).
func (r *FaultReport) Signal() string {
	var cfsr uint32
	cortexM := false
	for _, g := range r.Registers {
		if g.Name == "CFSR" {
			cfsr, cortexM = g.Value, true
		}
	}
	if !cortexM {
		return riscvSignal(r.Cause)
	}
	const undef, invstate, invpc, nocp, unaligned, divzero = 1 << 16, 1 << 17, 1 << 18, 1 << 19, 1 << 24, 1 << 25
	switch {
	case cfsr&divzero != 0:
		return "SIGFPE"
	case cfsr&(undef|invstate|invpc|nocp) != 0:
		return "SIGILL"
	case cfsr&unaligned != 0, cfsr&0xff00 != 0: // UsageFault unaligned, BusFault status
		return "SIGBUS"
	}
	return "SIGSEGV"
}

// riscvSignal classifies a RISC-V exception cause.
func riscvSignal(cause uint32) string {
	switch cause {
	case causeIllegal:
		return "SIGILL"
	case 0, 4, 6: // misaligned fetch, load, store
		return "SIGBUS"
	case causeBreakpoint, 8, 9, 11: // ebreak, ecall
		return "SIGTRAP"
	}
	return "SIGSEGV"
}
