package vm

// setStop records the stop the current Run call will return (first wins).
func (m *Machine) setStop(s Stop) {
	if !m.pending {
		m.pending = true
		m.stop = s
	}
}

// usableHandler reports whether a trap handler at target can be fetched.
func (m *Machine) usableHandler(target uint32) bool { return m.mem.contains(target, 2) }

// exception takes a synchronous trap for the instruction at pc (step
// inflight of the batch). It returns false when the machine stopped with
// StopFatal instead, leaving the hart before the faulting instruction.
//
// With FatalTraps, only a trap that cannot make progress is fatal: the
// handler cannot be fetched, or the faulting instruction is the handler's
// own first instruction (the trap would return to it with nothing
// changed, forever). A fault elsewhere inside a handler is a normal trap,
// as on hardware: firmware and test suites rely on nested exceptions.
func (m *Machine) exception(h *Hart, pc, cause, tval uint32, inflight uint64) bool {
	target := h.mtvec &^ 3
	if m.cfg.FatalTraps && (pc == target || !m.usableHandler(target)) {
		m.setStop(Stop{Reason: StopFatal, Hart: h.id, PC: pc, Time: m.time + inflight, Cause: cause, Tval: tval})
		return false
	}
	h.enterTrap(pc, cause, tval, target)
	m.noteTrap(h, cause)
	if m.trapStops {
		m.setStop(Stop{Reason: StopTrap, Hart: h.id, PC: pc, Time: m.time + inflight, Cause: cause, Tval: tval})
	}
	return true
}

// enterTrap performs the machine-mode trap entry.
func (h *Hart) enterTrap(pc, cause, tval, target uint32) {
	h.mepc = pc
	h.mcause = cause
	h.mtval = tval
	mpie := uint32(0)
	if h.mstatus&mstatusMIE != 0 {
		mpie = mstatusMPIE
	}
	h.mstatus = mpie
	h.pc = target
	h.inTrap = true
	h.resValid = false
}

// mret returns from a machine-mode trap (the caller jumps to mepc).
func (h *Hart) mret() {
	mie := uint32(0)
	if h.mstatus&mstatusMPIE != 0 {
		mie = mstatusMIE
	}
	h.mstatus = mie | mstatusMPIE
	h.inTrap = false
}

// interrupt takes the highest-priority pending and enabled interrupt of h
// (MEI > MSI > MTI), if interrupts are enabled. It reports whether it did.
func (m *Machine) interrupt(h *Hart) bool {
	if m.arm {
		return m.armInterrupt(h)
	}
	if h.mstatus&mstatusMIE == 0 {
		return false
	}
	p := h.mip & h.mie
	var code uint32
	switch {
	case p&mipMEIP != 0:
		code = 11
	case p&mipMSIP != 0:
		code = 3
	case p&mipMTIP != 0:
		code = 7
	default:
		return false
	}
	target := h.mtvec &^ 3
	if h.mtvec&3 == 1 {
		target += 4 * code
	}
	cause := 1<<31 | code
	if m.cfg.FatalTraps && !m.usableHandler(target) {
		m.setStop(Stop{Reason: StopFatal, Hart: h.id, PC: h.pc, Time: m.time, Cause: cause})
		return true
	}
	h.waiting = false
	h.enterTrap(h.pc, cause, 0, target)
	m.noteTrap(h, cause)
	if m.trapStops {
		m.setStop(Stop{Reason: StopTrap, Hart: h.id, PC: h.mepc, Time: m.time, Cause: cause})
	}
	return true
}
