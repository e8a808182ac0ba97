package vm

// Run runs the machine until Time reaches until or a stop condition. A
// breakpoint at the very first step of the call is not reported, so Run
// resumes from a breakpoint stop. Run(until) is RunFrom(until, true).
func (m *Machine) Run(until uint64) Stop { return m.RunFrom(until, true) }

// RunFrom is Run with a choice for the first step of the call: with
// skipFirst false a breakpoint there is reported too (Stop.Time = Time()),
// so a caller that splits one logical run into several calls misses no
// breakpoint at a split point. The first step is the one the scheduler
// picks: the hart whose turn it is, after any interrupt it takes at this
// boundary (the breakpoint is then the handler's first instruction).
func (m *Machine) RunFrom(until uint64, skipFirst bool) Stop {
	m.skipBP = skipFirst
	return m.run(until)
}

// Step executes exactly one step (breakpoints are not reported) unless
// another stop condition intervenes.
func (m *Machine) Step() Stop {
	m.noBP = true
	defer func() { m.noBP = false }()
	return m.run(m.time + 1)
}

// run is the scheduler: it gives each hart batches bounded by the time
// limit, the hart's quantum and the next timer deadline, and evaluates
// interrupts between batches.
func (m *Machine) run(until uint64) Stop {
	m.pending = false
	bpfp := bpFingerprint(m.bps)
	defer func() {
		m.skipBP = false
		m.updateMIP() // at rest mip is current (a batch may end at a timer deadline)
	}()
	for {
		if m.exit.done {
			return m.exit.stop(m.time)
		}
		if m.time >= until {
			h := m.harts[m.cur]
			return Stop{Reason: StopLimit, Hart: h.id, PC: h.pc, Time: m.time}
		}
		if m.paused.CompareAndSwap(true, false) {
			h := m.harts[m.cur]
			return Stop{Reason: StopPause, Hart: h.id, PC: h.pc, Time: m.time}
		}
		m.updateMIP()
		h := m.harts[m.cur]
		if h.waiting {
			if m.allWaiting() {
				if !m.fastForward(until) && !m.idleToTimed(until) {
					return Stop{Reason: StopIdle, Hart: h.id, PC: h.pc, Time: m.time}
				}
				continue
			}
			m.nextHart()
			continue
		}
		if m.interrupt(h) && m.pending {
			return m.stop
		}
		limit := min(until-m.time, m.timerSteps(), m.timedSteps(), maxBatch)
		if len(m.harts) > 1 {
			limit = min(limit, m.qleft)
		}
		n := m.exec(h, limit, bpfp)
		m.time += n
		if len(m.harts) > 1 {
			m.qleft -= min(n, m.qleft)
			if m.qleft == 0 {
				m.nextHart()
			}
		}
		if m.pending {
			return m.stop
		}
	}
}

// nextHart passes the turn to the next hart.
func (m *Machine) nextHart() {
	m.cur = (m.cur + 1) % len(m.harts)
	m.qleft = HartQuantum
}

func (m *Machine) allWaiting() bool {
	for _, h := range m.harts {
		if !h.waiting {
			return false
		}
	}
	return true
}

// timerSteps is the number of steps until mtime reaches the nearest
// mtimecmp that is still in the future (at least 1).
func (m *Machine) timerSteps() uint64 {
	if m.arm {
		return m.armTimerSteps()
	}
	best := ^uint64(0)
	if m.clint == nil {
		return best
	}
	mt := m.mtimeAt(m.time)
	for i := range m.harts {
		cmp := m.clint.MTimeCmp(i)
		if cmp <= mt {
			continue
		}
		ticks := cmp - m.mtimeOffset // the step count t where t/stepsPerTick reaches ticks
		if ticks > (^uint64(0))/m.stepsPerTick {
			continue
		}
		t := ticks * m.stepsPerTick
		if t > m.time {
			best = min(best, t-m.time)
		}
	}
	return max(best, 1)
}

// fastForward raises mtime to the earliest timer deadline that can wake a
// waiting hart (on a Cortex-M board: to SysTick's next wrap, at most to
// until). It reports false when there is none.
func (m *Machine) fastForward(until uint64) bool {
	if m.arm {
		return m.armFastForward(until)
	}
	if m.clint == nil {
		return false
	}
	mt := m.mtimeAt(m.time)
	best, found := ^uint64(0), false
	for i, h := range m.harts {
		if h.mie&mipMTIP == 0 {
			continue
		}
		if cmp := m.clint.MTimeCmp(i); cmp > mt && cmp <= best {
			best, found = cmp, true
		}
	}
	if !found {
		return false
	}
	m.mtimeOffset += best - mt
	return true
}

// endBatch finishes a batch of n steps of either core: counters,
// watchpoint and exit stops (skipBP applies to the first batch of a Run only).
func (m *Machine) endBatch(h *Hart, n uint64) {
	m.skipBP = false
	m.brk = false
	h.retire(n)
	if m.watchHit {
		m.watchHit = false
		s := m.watchStop
		s.Time = m.time + n - 1
		s.PC = m.brkPC
		m.setStop(s)
	}
	if m.exitReq {
		m.exitReq = false
		m.exit = exitState{done: true, hart: h.id, pc: m.brkPC, code: m.exitCode}
		m.setStop(m.exit.stop(m.time + n))
	}
}
