package debugger

// Signal names a fault as the POSIX signal a gdb user expects for it
// ("SIGILL", "SIGFPE", "SIGBUS", "SIGSEGV", "SIGTRAP"), from its Kind, so
// a front-end that speaks in signals (the GDB remote protocol) needs no
// table of causes per architecture.
func (r *FaultReport) Signal() string {
	switch r.Kind {
	case TrapIllegal:
		return "SIGILL"
	case TrapBus:
		return "SIGBUS"
	case TrapArithmetic:
		return "SIGFPE"
	case TrapBreakpoint, TrapCall:
		return "SIGTRAP"
	}
	return "SIGSEGV"
}
