package vm

// noExcPrio is the execution priority with nothing active and no mask.
const noExcPrio = 0x100

// excPrio is the raw priority of exception exc (-3 to 255).
func (a *armState) excPrio(exc int) int {
	switch {
	case exc == excReset:
		return -3
	case exc == excNMI:
		return -2
	case exc == excHardFault:
		return -1
	case exc < excIRQ0:
		return int(a.shpr[exc-4])
	case exc-excIRQ0 < armMaxIRQ:
		return int(a.irqPrio[exc-excIRQ0])
	}
	return noExcPrio
}

// group masks a raw priority to its group priority (PRIGROUP).
func (a *armState) group(p int) int {
	if p < 0 {
		return p
	}
	return p &^ (2<<a.prigroup - 1)
}

// excEnabled reports whether exception exc can be taken without
// escalation: configurable faults need their SHCSR enable bit, the debug
// monitor is never enabled (no DEMCR.MON_EN).
func (a *armState) excEnabled(exc int) bool {
	switch exc {
	case excMemManage:
		return a.shcsr&(1<<16) != 0
	case excBusFault:
		return a.shcsr&(1<<17) != 0
	case excUsageFault:
		return a.shcsr&(1<<18) != 0
	case excDebugMon:
		return false
	}
	return true
}

// activePrio is the group priority of the highest-priority active exception.
func (a *armState) activePrio() int {
	best := noExcPrio
	for e := 1; e < excIRQ0; e++ {
		if a.sysActive&(1<<e) != 0 {
			best = min(best, a.excPrio(e))
		}
	}
	for w, bitsv := range a.irqActive {
		for bitsv != 0 {
			i := trailingZeros(bitsv)
			bitsv &= bitsv - 1
			best = min(best, a.excPrio(excIRQ0+32*w+i))
		}
	}
	return a.group(best)
}

// execPriority is the current execution priority; ignoreMasks leaves out
// PRIMASK, FAULTMASK and BASEPRI (for WFI wake-up, as QEMU does).
func (a *armState) execPriority(ignoreMasks bool) int {
	running := noExcPrio
	if !ignoreMasks {
		switch {
		case a.faultmask:
			running = -1
		case a.primask:
			running = 0
		case a.basepri != 0:
			running = a.group(int(a.basepri))
		}
	}
	return min(running, a.activePrio())
}

// bestPending returns the pending exception that would be taken next and
// its group priority, or 0.
func (a *armState) bestPending() (exc, prio int) {
	best, bestP := 0, noExcPrio
	for e := 1; e < excIRQ0; e++ {
		if a.sysPending&(1<<e) != 0 && a.excEnabled(e) {
			if p := a.excPrio(e); p < bestP {
				best, bestP = e, p
			}
		}
	}
	for w := range a.irqPending {
		bitsv := a.irqPending[w] & a.irqEnable[w]
		for bitsv != 0 {
			i := trailingZeros(bitsv)
			bitsv &= bitsv - 1
			if p := a.excPrio(excIRQ0 + 32*w + i); p < bestP {
				best, bestP = excIRQ0+32*w+i, p
			}
		}
	}
	if best == 0 {
		return 0, noExcPrio
	}
	return best, a.group(bestP)
}

func trailingZeros(v uint32) int {
	n := 0
	for v&1 == 0 && n < 32 {
		v >>= 1
		n++
	}
	return n
}

// setPending and clearPending change an exception's pending bit.
func (a *armState) setPending(exc int, on bool) {
	if exc < excIRQ0 {
		if on {
			a.sysPending |= 1 << exc
		} else {
			a.sysPending &^= 1 << exc
		}
		return
	}
	i := exc - excIRQ0
	if i >= armMaxIRQ {
		return
	}
	if on {
		a.irqPending[i/32] |= 1 << (i % 32)
	} else {
		a.irqPending[i/32] &^= 1 << (i % 32)
	}
}

func (a *armState) isActive(exc int) bool {
	if exc < excIRQ0 {
		return a.sysActive&(1<<exc) != 0
	}
	i := exc - excIRQ0
	return i < armMaxIRQ && a.irqActive[i/32]&(1<<(i%32)) != 0
}

func (a *armState) setActive(exc int, on bool) {
	if exc < excIRQ0 {
		if on {
			a.sysActive |= 1 << exc
		} else {
			a.sysActive &^= 1 << exc
		}
		return
	}
	i := exc - excIRQ0
	if i >= armMaxIRQ {
		return
	}
	if on {
		a.irqActive[i/32] |= 1 << (i % 32)
	} else {
		a.irqActive[i/32] &^= 1 << (i % 32)
	}
}

// armSyncException raises the fault f of the instruction at h.pc: it
// records the status bits, escalates to HardFault when the fault cannot be
// taken (disabled, or not above the current priority), and enters the
// handler; a HardFault that cannot be taken locks the core up.
func (m *Machine) armSyncException(h *Hart, f armFault, inflight uint64) {
	a := &h.arm
	if m.armCfg.v6m { // no configurable faults, no fault status registers
		f.cfsr, f.hfsr, f.exc = 0, 0, excHardFault
	}
	a.cfsr |= f.cfsr
	a.hfsr |= f.hfsr
	if f.cfsr&cfsrBFARVALID != 0 {
		a.bfar = f.addr
	}
	if f.cfsr&cfsrMMARVALID != 0 {
		a.mmfar = f.addr
	}
	exc := f.exc
	at := m.time + inflight // the stop's time: before the faulting instruction
	if f.counted && at > 0 {
		at-- // inflight already counts it as a step
	}
	running := a.execPriority(false)
	if exc != excHardFault && (a.group(a.excPrio(exc)) >= running || !a.excEnabled(exc)) {
		exc = excHardFault
		a.hfsr |= hfsrFORCED
	}
	if exc == excHardFault && running <= -1 {
		a.lockup = true
		m.setStop(Stop{Reason: StopFatal, Hart: h.id, PC: h.pc, Time: m.time + inflight, Cause: uint32(f.exc)})
		return
	}
	m.armEnter(h, exc, f.ret)
	m.noteTrap(h, uint32(exc))
	if m.trapStops {
		m.setStop(Stop{Reason: StopTrap, Hart: h.id, PC: f.ret, Time: at, Cause: uint32(exc)})
	}
	m.stackingWatch(f.ret, at)
}

// stackingWatch stops at once when the frame an exception entry just
// stacked wrote a watched address (the entry clears the batch's break
// flag, which would report the hit at a later instruction): at the
// entry's moment, the pc the frame returns to.
func (m *Machine) stackingWatch(ret uint32, at uint64) {
	if m.watchHit {
		m.watchHit = false
		s := m.watchStop
		s.Time, s.PC = at, ret
		m.setStop(s)
	}
}

// armInterrupt takes the best pending exception if it preempts the current
// execution priority. It reports whether it did.
func (m *Machine) armInterrupt(h *Hart) bool {
	a := &h.arm
	if a.lockup {
		return false
	}
	exc, p := a.bestPending()
	if exc == 0 || p >= a.execPriority(false) {
		return false
	}
	h.waiting = false
	ret := h.pc
	m.armEnter(h, exc, ret)
	m.noteTrap(h, uint32(exc))
	if m.trapStops { // PC: where the interrupt was taken (r15 may be stale here)
		m.setStop(Stop{Reason: StopTrap, Hart: h.id, PC: ret, Time: m.time, Cause: uint32(exc)})
	}
	m.stackingWatch(ret, m.time)
	return true
}

// armWakeReady reports whether WFI would return at once: an exception is
// pending that would preempt if the masks were clear.
func (m *Machine) armWakeReady(a *armState) bool {
	_, p := a.bestPending()
	return p < a.execPriority(true)
}

// armEnter pushes the exception frame for return address ret and enters
// the handler of exc.
func (m *Machine) armEnter(h *Hart, exc int, ret uint32) {
	a := &h.arm
	xpsr := a.xpsr()
	sp := a.r[13]
	fp := m.armCfg.fpu && a.control&controlFPCA != 0
	frame := uint32(0x20)
	if fp {
		frame = 0x68
	}
	if a.ccr&ccrSTKALIGN != 0 && (sp-frame)&4 != 0 {
		sp -= 4
		xpsr |= 1 << 9
	}
	sp -= frame
	words := [8]uint32{a.r[0], a.r[1], a.r[2], a.r[3], a.r[12], a.r[14], ret, xpsr}
	for k, w := range words {
		if f := m.armStore(h, sp+uint32(4*k), 4, w, 0, false); f.exc != 0 {
			a.cfsr |= cfsrSTKERR
			a.setPending(excBusFault, true)
			break
		}
	}
	if fp {
		m.fpStack(h, sp+0x20)
	}
	a.r[13] = sp
	excret := uint32(0xfffffff1)
	if a.ipsr == 0 {
		excret = 0xfffffff9
		if a.control&2 != 0 {
			excret = 0xfffffffd
		}
	}
	if fp {
		excret &^= 0x10
	}
	a.r[14] = excret
	a.control &^= controlFPCA
	a.setPending(exc, false)
	a.setActive(exc, true)
	a.switchStack(uint16(exc), a.control&^2)
	a.it = 0
	a.excl = false
	vec, _ := m.armLoad(h, a.vtor+4*uint32(exc), 4, 0, false)
	a.tFault = vec&1 == 0
	h.pc = vec &^ 1
	m.brk = false
}

// armExceptionReturn performs the return for EXC_RETURN value excret;
// inflight is the batch's steps so far, the returning instruction's
// included (a fault on the return is taken after it).
func (m *Machine) armExceptionReturn(h *Hart, excret uint32, inflight uint64) {
	a := &h.arm
	exc := int(a.ipsr)
	kind := excret & 0xf
	fp := excret&0x10 == 0
	if excret&0x0fffffe0 != 0x0fffffe0 || (fp && !m.armCfg.fpu) || (kind != 1 && kind != 9 && kind != 0xd) || !a.isActive(exc) {
		a.cfsr |= cfsrINVPC
		m.armSyncException(h, armFault{exc: excUsageFault, ret: excret}, inflight)
		return
	}
	a.setActive(exc, false)
	if exc >= excIRQ0 {
		i := exc - excIRQ0
		if a.irqLevel[i/32]&(1<<(i%32)) != 0 {
			a.setPending(exc, true) // a level still high pends again
		}
	}
	if exc != excNMI {
		a.faultmask = false
	}
	ctl := a.control
	ipsr := uint16(0)
	if kind == 1 {
		ipsr = 1 // a handler; the stacked IPSR says which
	} else if kind == 0xd {
		ctl |= 2
	} else {
		ctl &^= 2
	}
	a.switchStack(ipsr, ctl)
	sp := a.r[13]
	var w [8]uint32
	for k := range w {
		v, f := m.armLoad(h, sp+uint32(4*k), 4, 0, false)
		if f.exc != 0 {
			a.cfsr |= cfsrUNSTKERR
			m.armSyncException(h, armFault{exc: excBusFault, ret: h.pc}, inflight)
			return
		}
		w[k] = v
	}
	a.r[0], a.r[1], a.r[2], a.r[3], a.r[12], a.r[14] = w[0], w[1], w[2], w[3], w[4], w[5]
	xpsr := w[7]
	sp += 0x20
	if fp {
		if !m.fpUnstack(h, sp) {
			return
		}
		sp += 0x48
		a.control |= controlFPCA
	} else {
		a.control &^= controlFPCA
	}
	if xpsr&(1<<9) != 0 && a.ccr&ccrSTKALIGN != 0 {
		sp += 4
	}
	a.r[13] = sp
	a.setAPSR(xpsr)
	a.it = uint8(xpsr>>25&3) | uint8(xpsr>>10&0x3f)<<2
	a.tFault = xpsr&(1<<24) == 0
	a.ipsr = uint16(xpsr & 0x1ff)
	if (kind == 1) != (a.ipsr != 0) {
		a.ipsr = ipsr &^ 1
		if kind == 1 {
			a.ipsr = 1
		}
	}
	a.excl = false
	h.pc = w[6] &^ 1
}
