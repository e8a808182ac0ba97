package vm

// armState is the whole state of a Cortex-M core and of the core
// peripherals in its System Control Space (NVIC, SCB, SysTick). It is plain
// data: a Snapshot copies it with the Hart that holds it.
type armState struct {
	r      [16]uint32 // r[13] is the active stack pointer; r[15] is the executor's scratch pc+4 (Hart.pc is the PC)
	spAlt  uint32     // the inactive stack pointer (PSP in handler mode or with SPSEL=0, else MSP)
	nzcv   uint8      // APSR.NZCV: N bit 3, Z bit 2, C bit 1, V bit 0
	q      bool
	ge     uint8  // APSR.GE (DSP)
	it     uint8  // ITSTATE: firstcond<<4 | mask, 0 outside an IT block
	ipsr   uint16 // exception number being handled, 0 in Thread mode
	tFault bool   // EPSR.T is 0: the next instruction raises INVSTATE
	lockup bool   // the core is locked up (fault with no way to escalate)

	primask, faultmask bool
	basepri            uint8
	control            uint8 // bit 0 nPRIV, bit 1 SPSEL

	excl     bool // local exclusive monitor: open
	exclAddr uint32
	exclVal  uint32

	// NVIC: external interrupts (up to armMaxIRQ).
	irqEnable, irqPending, irqActive, irqLevel [armIRQWords]uint32
	irqPrio                                    [armMaxIRQ]uint8
	// System exceptions 1-15: pending and active bits by number, priorities
	// of 4-15 (SHPR1-3).
	sysPending, sysActive uint16
	shpr                  [12]uint8

	// SCB.
	vtor, prigroup, scr, ccr, shcsr uint32
	cfsr, hfsr, mmfar, bfar, cpacr  uint32

	// SysTick: CSR, reload value, and the counter as (value at start, time
	// of start in ticks of the selected clock).
	stCSR, stRVR, stV0 uint32
	stStart            uint64 // virtual ns when the counter was last (re)started
	stFired            uint64 // count of wraps already signalled since stStart

	// FPv4-SP floating-point unit (Cortex-M4F).
	s                    [32]uint32
	fpscr                uint32
	fpccr, fpcar, fpdscr uint32
}

const (
	armMaxIRQ   = 64
	armIRQWords = armMaxIRQ / 32
)

// Exception numbers.
const (
	excReset      = 1
	excNMI        = 2
	excHardFault  = 3
	excMemManage  = 4
	excBusFault   = 5
	excUsageFault = 6
	excSVCall     = 11
	excDebugMon   = 12
	excPendSV     = 14
	excSysTick    = 15
	excIRQ0       = 16
)

// CFSR bits.
const (
	cfsrIACCVIOL   = 1 << 0
	cfsrDACCVIOL   = 1 << 1
	cfsrMUNSTKERR  = 1 << 3
	cfsrMSTKERR    = 1 << 4
	cfsrMMARVALID  = 1 << 7
	cfsrIBUSERR    = 1 << 8
	cfsrPRECISERR  = 1 << 9
	cfsrUNSTKERR   = 1 << 11
	cfsrSTKERR     = 1 << 12
	cfsrBFARVALID  = 1 << 15
	cfsrUNDEFINSTR = 1 << 16
	cfsrINVSTATE   = 1 << 17
	cfsrINVPC      = 1 << 18
	cfsrNOCP       = 1 << 19
	cfsrUNALIGNED  = 1 << 24
	cfsrDIVBYZERO  = 1 << 25

	hfsrVECTTBL  = 1 << 1
	hfsrFORCED   = 1 << 30
	hfsrDEBUGEVT = 1 << 31

	ccrUNALIGNTRP = 1 << 3
	ccrDIV0TRP    = 1 << 4
	ccrSTKALIGN   = 1 << 9
)

// xpsr assembles the xPSR.
func (a *armState) xpsr() uint32 {
	var v uint32
	v |= uint32(a.nzcv&15) << 28
	if a.q {
		v |= 1 << 27
	}
	if !a.tFault {
		v |= 1 << 24
	}
	v |= uint32(a.it&3)<<25 | uint32(a.it>>2)<<10 | uint32(a.ge&15)<<16
	return v | uint32(a.ipsr)
}

// setAPSR sets the N, Z, C, V and Q flags from bits 31-27 of v and the
// GE bits from 19-16.
func (a *armState) setAPSR(v uint32) {
	a.ge = uint8(v >> 16 & 15)
	a.nzcv, a.q = uint8(v>>28), v>>27&1 != 0
}

// usingPSP reports whether r[13] is the process stack pointer now.
func (a *armState) usingPSP() bool { return a.ipsr == 0 && a.control&2 != 0 }

// msp and psp read the banked stack pointers.
func (a *armState) msp() uint32 {
	if a.usingPSP() {
		return a.spAlt
	}
	return a.r[13]
}

func (a *armState) psp() uint32 {
	if a.usingPSP() {
		return a.r[13]
	}
	return a.spAlt
}

func (a *armState) setMSP(v uint32) {
	if a.usingPSP() {
		a.spAlt = v
	} else {
		a.r[13] = v
	}
}

func (a *armState) setPSP(v uint32) {
	if a.usingPSP() {
		a.r[13] = v
	} else {
		a.spAlt = v
	}
}

// switchStack moves to the new mode and SPSEL, swapping the banked stack
// pointers when the active one changes.
func (a *armState) switchStack(ipsr uint16, control uint8) {
	was := a.usingPSP()
	a.ipsr, a.control = ipsr, control
	if a.usingPSP() != was {
		a.r[13], a.spAlt = a.spAlt, a.r[13]
	}
}

// privileged reports whether the core runs privileged now.
func (a *armState) privileged() bool { return a.ipsr != 0 || a.control&1 == 0 }

// condPass evaluates a condition code against the flags.
func (a *armState) condPass(cond uint8) bool { return condTable[cond&15]>>(a.nzcv&15)&1 != 0 }

// condTable[cond] has bit f set when cond passes with NZCV = f.
var condTable = [16]uint16{0xf0f0, 0x0f0f, 0xcccc, 0x3333, 0xff00, 0x00ff, 0xaaaa, 0x5555, 0x0c0c, 0xf3f3, 0xaa55, 0x55aa, 0x0a05, 0xf5fa, 0xffff, 0xffff}

// carry is the C flag.
func (a *armState) carry() bool { return a.nzcv&2 != 0 }

// setNZ sets N and Z from res.
func (a *armState) setNZ(res uint32) { a.nzcv = a.nzcv&3 | uint8(res>>31)<<3 | zbit(res) }

// setNZC sets N, Z and C.
func (a *armState) setNZC(res uint32, c bool) {
	a.nzcv = a.nzcv&1 | uint8(res>>31)<<3 | zbit(res) | b2u8(c)<<1
}

// setNZCV sets all four flags.
func (a *armState) setNZCV(res uint32, c, v bool) {
	a.nzcv = uint8(res>>31)<<3 | zbit(res) | b2u8(c)<<1 | b2u8(v)
}

// zbit is the Z flag of res in place (bit 2).
func zbit(res uint32) uint8 { return b2u8(res == 0) << 2 }

// itAdvance moves ITSTATE to the next instruction of the block.
func (a *armState) itAdvance() {
	if a.it&7 == 0 {
		a.it = 0
	} else {
		a.it = a.it&0xe0 | a.it<<1&0x1f
	}
}

// fpFields lists the floating-point state for encoding.
func (a *armState) fpFields() []any { return []any{&a.s, &a.fpscr, &a.fpccr, &a.fpcar, &a.fpdscr} }

// armReg reads r0-r15 (r15 is the PC) or, for 16, the xPSR.
func (h *Hart) armReg(i int) uint32 {
	switch {
	case i >= 0 && i < 15:
		return h.arm.r[i]
	case i == 15:
		return h.pc
	case i == 16:
		return h.arm.xpsr()
	}
	return 0
}

// armSetReg writes r0-r14, the PC (15) or the APSR flags (16).
func (h *Hart) armSetReg(i int, v uint32) {
	switch {
	case i >= 0 && i < 15:
		h.arm.r[i] = v
	case i == 15:
		h.pc = v &^ 1
	case i == 16:
		h.arm.setAPSR(v)
	}
}
