package vm

// SysTick counts in ticks of the core clock (CLKSOURCE=1) or of the
// reference clock (CLKSOURCE=0). Virtual time on Cortex-M boards is in
// nanoseconds: the boards run InstructionsPerSecond 1e9, so one step is one
// nanosecond (QEMU's -icount shift=0), and the time WFI skips counts as
// idle steps (armFastForward, idleToTimed). The counter is kept as the value it had when it
// was last started and the time of that start, like a QEMU ptimer: it
// counts down to 0, signals, and reloads RVR one tick later.

const (
	stEnable    = 1 << 0
	stTickInt   = 1 << 1
	stClkSource = 1 << 2
	stCountFlag = 1 << 16
)

// armNow is the virtual time in nanoseconds as of the step running now.
// During a device or SCS access the accessing instruction counts as done,
// as with QEMU's -icount (an I/O instruction ends its block).
func (m *Machine) armNow() uint64 { return m.time + m.inflight + m.armIO }

// stPeriod is the length of one SysTick tick in nanoseconds.
func (m *Machine) stPeriod(a *armState) uint64 {
	if a.stCSR&stClkSource != 0 {
		if m.armCfg.cpuClock != nil {
			return m.armCfg.cpuClock()
		}
		return m.armCfg.cpuTick
	}
	return m.armCfg.refTick
}

// stTicks is the number of ticks since the counter started.
func (m *Machine) stTicks(a *armState, now uint64) uint64 {
	if now < a.stStart {
		return 0
	}
	return (now - a.stStart) / m.stPeriod(a)
}

// stValue is the counter value after k ticks.
func stValue(a *armState, k uint64) uint32 {
	v0 := uint64(a.stV0)
	switch {
	case k <= v0:
		return uint32(v0 - k)
	case a.stRVR == 0:
		return 0
	}
	p := uint64(a.stRVR) + 1
	return a.stRVR - uint32((k-v0-1)%p)
}

// stWraps is the number of times the counter reached 0 within k ticks.
func stWraps(a *armState, k uint64) uint64 {
	v0 := uint64(a.stV0)
	p := uint64(a.stRVR) + 1
	if v0 == 0 {
		if a.stRVR == 0 {
			return 0
		}
		return k / p
	}
	if k < v0 {
		return 0
	}
	if a.stRVR == 0 {
		return 1
	}
	return 1 + (k-v0)/p
}

// sysTickUpdate signals the wraps that happened up to now.
func (m *Machine) sysTickUpdate(a *armState) {
	if a.stCSR&stEnable == 0 {
		return
	}
	if w := stWraps(a, m.stTicks(a, m.armNow())); w > a.stFired {
		a.stFired = w
		a.stCSR |= stCountFlag
		if a.stCSR&stTickInt != 0 {
			a.setPending(excSysTick, true)
		}
	}
}

// sysTickNext is the virtual time of the next wrap, or false if none.
func (m *Machine) sysTickNext(a *armState) (uint64, bool) {
	if a.stCSR&stEnable == 0 {
		return 0, false
	}
	v0, p := uint64(a.stV0), uint64(a.stRVR)+1
	var k uint64
	j := a.stFired // index of the next wrap
	switch {
	case v0 == 0 && a.stRVR == 0:
		return 0, false
	case v0 == 0:
		k = (j + 1) * p
	case j == 0:
		k = v0
	case a.stRVR == 0:
		return 0, false
	default:
		k = v0 + j*p
	}
	return a.stStart + k*m.stPeriod(a), true
}

// sysTickRebase restarts the counter at its current value, keeping the
// phase of the tick in progress.
func (m *Machine) sysTickRebase(a *armState) {
	now := m.armNow()
	if a.stCSR&stEnable == 0 {
		a.stStart = now
		a.stFired = 0
		return
	}
	m.sysTickUpdate(a)
	k := m.stTicks(a, now)
	a.stV0 = stValue(a, k)
	a.stStart += k * m.stPeriod(a)
	a.stFired = 0
}

func (m *Machine) sysTickRead(a *armState, off uint32, sideEffects bool) uint32 {
	m.sysTickUpdate(a)
	switch off {
	case 0x10:
		v := a.stCSR
		if sideEffects {
			a.stCSR &^= stCountFlag
		}
		return v
	case 0x14:
		return a.stRVR
	case 0x18:
		if a.stCSR&stEnable == 0 {
			return a.stV0
		}
		return stValue(a, m.stTicks(a, m.armNow()))
	default:
		return m.armCfg.calib
	}
}

func (m *Machine) sysTickWrite(a *armState, off, v uint32) {
	switch off {
	case 0x10:
		m.sysTickRebase(a)
		was := a.stCSR & stEnable
		if m.armCfg.noRef {
			v |= stClkSource // no reference clock: CLKSOURCE is RAO/WI, as on QEMU
		}
		a.stCSR = a.stCSR&stCountFlag | v&(stEnable|stTickInt|stClkSource)
		if was == 0 && v&stEnable != 0 {
			a.stStart, a.stFired = m.armNow(), 0
		}
	case 0x14:
		m.sysTickRebase(a)
		a.stRVR = v & 0xffffff
	case 0x18:
		m.sysTickRebase(a)
		a.stV0, a.stFired = 0, 0
		a.stCSR &^= stCountFlag
	}
}
