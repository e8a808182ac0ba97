package vm

// ARMSysReg names a Cortex-M register beyond r0–r15 and the xPSR, for a
// debugger: the banked stack pointers, the masks, CONTROL, the FPU's
// registers and the SCB's fault status registers. The numbers are part of
// the recording format (a register event stores them) and never change.
type ARMSysReg uint16

// Cortex-M system registers, as ARMSys and SetARMSys take them.
const (
	ARMMSP       ARMSysReg = 8  // main stack pointer (MRS SYSm 8)
	ARMPSP       ARMSysReg = 9  // process stack pointer
	ARMPRIMASK   ARMSysReg = 16 // bit 0
	ARMBASEPRI   ARMSysReg = 17 // bits 7:0
	ARMFAULTMASK ARMSysReg = 19 // bit 0
	ARMCONTROL   ARMSysReg = 20 // nPRIV, SPSEL, FPCA
	ARMFPSCR     ARMSysReg = 0x40
	ARMCFSR      ARMSysReg = 0x80 // SCB 0xE000ED28
	ARMHFSR      ARMSysReg = 0x81 // SCB 0xE000ED2C
	ARMMMFAR     ARMSysReg = 0x82 // SCB 0xE000ED34
	ARMBFAR      ARMSysReg = 0x83 // SCB 0xE000ED38
	ARMSHCSR     ARMSysReg = 0x84 // SCB 0xE000ED24
	// ARMS0 is s0; s0–s31 are ARMS0+0 to ARMS0+31.
	ARMS0 ARMSysReg = 0x100
)

// HasFPU reports whether the machine's core is a Cortex-M with a
// floating-point unit (s0–s31, FPSCR).
func (m *Machine) HasFPU() bool { return m.arm && m.armCfg.fpu }

// ARMSys reads system register r of a Cortex-M core as a debugger sees it
// (no privilege check, no side effect). ok is false on a RISC-V hart, for
// an unknown number, and for the FPU's registers on a core without one.
func (h *Hart) ARMSys(r ARMSysReg) (v uint32, ok bool) {
	if h.m == nil || !h.m.arm {
		return 0, false
	}
	a := &h.arm
	if p := h.armFPReg(r); p != nil {
		return *p, true
	}
	if h.m.armCfg.v6m && (r == ARMBASEPRI || r == ARMFAULTMASK) {
		return 0, false // ARMv6-M has neither
	}
	switch r {
	case ARMMSP:
		return a.msp(), true
	case ARMPSP:
		return a.psp(), true
	case ARMPRIMASK:
		return b2u(a.primask), true
	case ARMBASEPRI:
		return uint32(a.basepri), true
	case ARMFAULTMASK:
		return b2u(a.faultmask), true
	case ARMCONTROL:
		return uint32(a.control), true
	case ARMSHCSR:
		return h.m.shcsrRead(a), true
	}
	if p := a.faultReg(r); p != nil {
		return *p, true
	}
	return 0, false
}

// SetARMSys writes system register r of a Cortex-M core as a debugger
// does: the value is stored as given (fault status bits are set, not
// cleared by ones), limited to the bits the register has. It reports false
// where ARMSys would.
func (h *Hart) SetARMSys(r ARMSysReg, v uint32) bool {
	if h.m == nil || !h.m.arm {
		return false
	}
	a := &h.arm
	if p := h.armFPReg(r); p != nil {
		*p = v
		return true
	}
	if h.m.armCfg.v6m && (r == ARMBASEPRI || r == ARMFAULTMASK) {
		return false
	}
	if p := a.faultReg(r); p != nil {
		*p = v
		return true
	}
	switch r {
	case ARMMSP:
		a.setMSP(v &^ 3)
	case ARMPSP:
		a.setPSP(v &^ 3)
	case ARMPRIMASK:
		a.primask = v&1 != 0
	case ARMBASEPRI:
		a.basepri = uint8(v) & h.m.prioMask()
	case ARMFAULTMASK:
		a.faultmask = v&1 != 0
	case ARMCONTROL:
		mask := uint32(3)
		if h.m.armCfg.fpu {
			mask |= controlFPCA
		}
		a.switchStack(a.ipsr, uint8(v&mask))
	case ARMSHCSR:
		a.shcsr = a.shcsr&^(7<<16) | v&(7<<16) // the enable bits
	default:
		return false
	}
	return true
}

// armFPReg locates an FPU register (nil without an FPU or for another r).
func (h *Hart) armFPReg(r ARMSysReg) *uint32 {
	if !h.m.armCfg.fpu {
		return nil
	}
	switch {
	case r == ARMFPSCR:
		return &h.arm.fpscr
	case r >= ARMS0 && r < ARMS0+32:
		return &h.arm.s[r-ARMS0]
	}
	return nil
}

// faultReg locates an SCB fault status or address register.
func (a *armState) faultReg(r ARMSysReg) *uint32 {
	switch r {
	case ARMCFSR:
		return &a.cfsr
	case ARMHFSR:
		return &a.hfsr
	case ARMMMFAR:
		return &a.mmfar
	case ARMBFAR:
		return &a.bfar
	}
	return nil
}

// peekSCS reads the System Control Space word at addr (NVIC, SCB,
// SysTick, FPU control) as a debugger does: on a copy of the core, so
// that nothing changes (not SysTick's COUNTFLAG, not its pending state).
// ok is false outside the SCS or on a RISC-V machine.
func (m *Machine) peekSCS(addr uint32) (uint32, bool) {
	if !m.arm || addr-scsBase >= scsSize || len(m.harts) == 0 {
		return 0, false
	}
	h := *m.harts[0]
	return m.scsRead(&h, addr&^3-scsBase, 4), true
}
