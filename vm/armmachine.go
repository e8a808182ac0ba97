package vm

import (
	"github.com/rewind-debugger/rewind/vm/device"
)

// armConfig is the fixed configuration of a Cortex-M core (not state).
type armConfig struct {
	cpuid   uint32
	numIRQ  int
	cpuTick uint64 // ns per SysTick tick, CLKSOURCE=1
	refTick uint64 // ns per tick, CLKSOURCE=0
	calib   uint32
	fpu     bool
	dsp     bool // ARMv7E-M DSP instructions
	v6m     bool // ARMv6-M: Thumb-1 plus a few 32-bit instructions, HardFault only
	fpv5    bool // FPv5-D16 (Cortex-M7): double precision and the FPv5 additions
	noRef   bool // no SysTick reference clock: CLKSOURCE reads as one (QEMU)
	// cpuClock, when set, gives the core clock's period in ns from a
	// device's state (a Stellaris system control block's RCC), instead of
	// cpuTick.
	cpuClock func() uint64
	mvfr     [3]uint32
}

// armCPUIDs are the CPUID values of the supported cores (QEMU 7.2).
var armCPUIDs = map[string]uint32{"cortex-m0": 0x410cc200, "cortex-m3": 0x410fc231, "cortex-m4f": 0x410fc240, "cortex-m7": 0x411fc272}

// armMVFR are the media and VFP feature registers MVFR0-2 of the FPU
// cores (QEMU 7.2's values).
var armMVFR = map[string][3]uint32{
	"cortex-m4f": {0x10110021, 0x11000011, 0},
	"cortex-m7":  {0x10110221, 0x12000011, 0x00000040},
}

// isARMCPU reports whether a board's CPU is a Cortex-M core.
func isARMCPU(cpu string) bool { _, ok := armCPUIDs[cpu]; return ok }

// setupARM configures the machine for the board's Cortex-M core.
func (m *Machine) setupARM(b Board) {
	m.arm = true
	m.armCfg = armConfig{
		cpuid:  armCPUIDs[b.CPU],
		numIRQ: max(b.IRQs, 1),
		calib:  b.SysTickCalib,
		fpu:    b.CPU == "cortex-m4f" || b.CPU == "cortex-m7",
		dsp:    b.CPU == "cortex-m4f" || b.CPU == "cortex-m7",
		v6m:    b.CPU == "cortex-m0",
		fpv5:   b.CPU == "cortex-m7",
		mvfr:   armMVFR[b.CPU],
	}
	m.armCfg.numIRQ = min(m.armCfg.numIRQ, armMaxIRQ)
	m.armCfg.cpuTick = max(1, 1_000_000_000/max(b.CPUClockHz, 1))
	m.armCfg.refTick = m.armCfg.cpuTick
	m.armCfg.noRef = b.RefClockHz == 0
	if b.RefClockHz != 0 {
		m.armCfg.refTick = max(1, 1_000_000_000/b.RefClockHz)
	}
	m.mem.acode = make([]*armPage, len(m.mem.pages))
	for _, h := range m.harts {
		m.armResetCore(h)
	}
	m.irqLines = func(irq int) device.IRQLine { return nvicLine{m, irq} }
}

// armResetCore resets the core and the FPU's control registers.
func (m *Machine) armResetCore(h *Hart) {
	h.armReset()
	if m.armCfg.v6m {
		h.arm.ccr = ccrSTKALIGN | ccrUNALIGNTRP // fixed on ARMv6-M
	}
	if m.armCfg.fpu {
		h.arm.fpccr = fpccrASPEN | fpccrLSPEN
	}
	if m.armCfg.noRef {
		h.arm.stCSR = stClkSource // no reference clock: CLKSOURCE reads as one
	}
}

// armReset puts the core in its reset state, without reading the vector
// table (see armBoot).
func (h *Hart) armReset() {
	h.arm = armState{ccr: ccrSTKALIGN}
	h.pc = 0
	h.waiting = false
}

// armBoot resets the core and loads SP and PC from the vector table at 0.
func (m *Machine) armBoot(h *Hart) {
	m.armResetCore(h)
	a := &h.arm
	sp, _ := m.armLoad(h, 0, 4, 0, false)
	pc, _ := m.armLoad(h, 4, 4, 0, false)
	a.r[13] = sp &^ 3
	a.r[14] = 0xffffffff
	a.nzcv = 4 // APSR is UNKNOWN at reset; QEMU 7.2 shows Z set (xPSR 0x41000000)
	a.tFault = pc&1 == 0
	h.pc = pc &^ 1
}

// armSystemReset is AIRCR.SYSRESETREQ: the devices and the core reset,
// the loaded image is written again (as QEMU's loader does), and the core
// boots from the vector table.
func (m *Machine) armSystemReset(h *Hart) {
	for _, d := range m.devs {
		d.dev.Reset()
	}
	for _, s := range m.image {
		_ = m.WriteMemory(s.addr, s.data)
		m.zeroRange(s.addr+uint32(len(s.data)), s.memsz-uint32(len(s.data)))
	}
	m.armBoot(h)
}

// armUpdate brings SysTick and the timed devices up to date and wakes a
// core in WFI. It reports whether any pending exception changed.
func (m *Machine) armUpdate() bool {
	changed := false
	for _, h := range m.harts {
		a := &h.arm
		before := a.pendingSig()
		m.syncTimed()
		m.sysTickUpdate(a)
		if h.waiting && m.armWakeReady(a) {
			h.waiting = false
		}
		changed = changed || a.pendingSig() != before
	}
	return changed
}

// pendingSig summarizes the pending bits, to detect a change.
func (a *armState) pendingSig() uint64 {
	s := uint64(a.sysPending)
	for _, w := range a.irqPending {
		s = s*0x9e3779b97f4a7c15 ^ uint64(w)
	}
	return s
}

// armTimerSteps is the number of steps until the next SysTick wrap (at
// least 1), or the largest value when none is due.
func (m *Machine) armTimerSteps() uint64 {
	best := ^uint64(0)
	now := m.time
	next := func(t uint64) {
		if t <= now {
			best = 1
		} else {
			best = min(best, t-now)
		}
	}
	for _, h := range m.harts {
		if t, ok := m.sysTickNext(&h.arm); ok {
			next(t)
		}
	}
	return max(best, 1)
}

// armFastForward lets time pass while the core sleeps, up to the next
// SysTick wrap or until, whichever is first (QEMU's -icount sleep=off):
// the skipped nanoseconds count as idle steps, as idleToTimed counts them
// for the devices' events. It reports false when no SysTick wrap is due.
func (m *Machine) armFastForward(until uint64) bool {
	steps := m.armTimerSteps()
	if steps == ^uint64(0) {
		return false
	}
	m.time = min(m.time+steps, until)
	return true
}

// nvicLine is an external interrupt input of the NVIC: a high level makes
// the interrupt pending (and pends it again after its handler returns
// while the level stays high).
type nvicLine struct {
	m   *Machine
	irq int
}

// SetLevel drives the line.
func (l nvicLine) SetLevel(high bool) {
	if l.irq < 0 || l.irq >= armMaxIRQ || len(l.m.harts) == 0 {
		return
	}
	a := &l.m.harts[0].arm
	bit := uint32(1) << (l.irq % 32)
	if high {
		a.irqLevel[l.irq/32] |= bit
		a.irqPending[l.irq/32] |= bit
	} else {
		a.irqLevel[l.irq/32] &^= bit
	}
}

// IsCortexM reports whether the machine's core is a Cortex-M (Thumb) core.
func (m *Machine) IsCortexM() bool { return m.arm }

// armRun runs one batch and then performs a system reset the batch
// requested.
func (m *Machine) armRun(h *Hart, limit uint64) uint64 {
	n := m.armExec(h, limit)
	if m.armResetReq {
		m.armResetReq = false
		m.armSystemReset(h)
	}
	return n
}
