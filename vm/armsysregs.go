package vm

// ARMSystemRegister reads a Cortex-M special register by its gdb name
// ("msp", "psp", "primask", "basepri", "faultmask", "control"), or
// "vtor", the vector table base; ok is false
// on a RISC-V hart or for another name.
func (h *Hart) ARMSystemRegister(name string) (v uint32, ok bool) {
	if h.m == nil || !h.m.arm {
		return 0, false
	}
	a := &h.arm
	switch name {
	case "msp":
		return a.msp(), true
	case "psp":
		return a.psp(), true
	case "primask":
		return b2u(a.primask), true
	case "faultmask":
		return b2u(a.faultmask), true
	case "basepri":
		return uint32(a.basepri), true
	case "control":
		return uint32(a.control), true
	case "vtor":
		return a.vtor, true
	}
	return 0, false
}
