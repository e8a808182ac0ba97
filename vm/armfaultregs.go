package vm

// FaultRegisters are a Cortex-M core's System Control Block registers a
// fault report decodes: the configurable and HardFault status registers,
// the two fault address registers, SHCSR (which faults are enabled, active
// and pending) and ICSR (the active and pending exception numbers).
type FaultRegisters struct {
	CFSR, HFSR, MMFAR, BFAR, SHCSR, ICSR uint32
}

// FaultRegisters returns the hart's SCB fault registers as a debugger
// reads them (no side effects); ok is false on a RISC-V machine, whose trap
// state is in CSRs (ReadCSR).
func (h *Hart) FaultRegisters() (FaultRegisters, bool) {
	if h.m == nil || !h.m.arm {
		return FaultRegisters{}, false
	}
	a := &h.arm
	return FaultRegisters{CFSR: a.cfsr, HFSR: a.hfsr, MMFAR: a.mmfar, BFAR: a.bfar,
		SHCSR: h.m.shcsrRead(a), ICSR: h.m.icsrRead(a)}, true
}
