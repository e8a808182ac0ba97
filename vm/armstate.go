package vm

// armState is the whole state of a Cortex-M core and of the core
// peripherals in its System Control Space (NVIC, SCB, SysTick). It is plain
// data: a Snapshot copies it with the Hart that holds it.
type armState struct {
	r      [16]uint32 // r[13] is the active stack pointer
	spAlt  uint32     // the inactive stack pointer (PSP in handler mode or with SPSEL=0, else MSP)
	n, z   bool
	c, v   bool
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
	if a.n {
		v |= 1 << 31
	}
	if a.z {
		v |= 1 << 30
	}
	if a.c {
		v |= 1 << 29
	}
	if a.v {
		v |= 1 << 28
	}
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
	a.n, a.z, a.c, a.v, a.q = v>>31&1 != 0, v>>30&1 != 0, v>>29&1 != 0, v>>28&1 != 0, v>>27&1 != 0
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
func (a *armState) condPass(cond uint8) bool {
	var r bool
	switch cond >> 1 {
	case 0:
		r = a.z
	case 1:
		r = a.c
	case 2:
		r = a.n
	case 3:
		r = a.v
	case 4:
		r = a.c && !a.z
	case 5:
		r = a.n == a.v
	case 6:
		r = a.n == a.v && !a.z
	default:
		return true
	}
	if cond&1 != 0 {
		return !r
	}
	return r
}

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
