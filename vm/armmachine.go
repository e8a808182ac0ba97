package vm

import (
	"fmt"
	"log/slog"

	"github.com/rewind-debugger/rewind/vm/device"
)

// Device kinds of the Cortex-M boards. The CMSDK devices come from the
// device catalog (device.Kinds) by name; a board whose catalog lacks one
// is built without it (with a warning), so a machine still runs.
const (
	KindCMSDKUART      = "cmsdk-uart"      // CMSDK APB UART; IRQ is its RX line (TX is IRQ+1)
	KindCMSDKTimer     = "cmsdk-timer"     // CMSDK APB timer
	KindCMSDKDualTimer = "cmsdk-dualtimer" // CMSDK APB dual timer
	KindFPGAIO         = "mps2-fpgaio"     // MPS2 FPGA I/O block (LEDs, counters)
	KindUnimplemented  = "unimplemented"   // reads 0, ignores writes (QEMU's unimplemented-device); Size bytes
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
}

// armCPUIDs are the CPUID values of the supported cores (QEMU 7.2).
var armCPUIDs = map[string]uint32{"cortex-m0": 0x410cc200, "cortex-m3": 0x410fc231, "cortex-m4f": 0x410fc240}

// isARMCPU reports whether a board's CPU is a Cortex-M core.
func isARMCPU(cpu string) bool { _, ok := armCPUIDs[cpu]; return ok }

// setupARM configures the machine for the board's Cortex-M core.
func (m *Machine) setupARM(b Board) {
	m.arm = true
	m.armCfg = armConfig{
		cpuid:  armCPUIDs[b.CPU],
		numIRQ: max(b.IRQs, 1),
		calib:  b.SysTickCalib,
		fpu:    b.CPU == "cortex-m4f",
		dsp:    b.CPU == "cortex-m4f",
		v6m:    b.CPU == "cortex-m0",
	}
	m.armCfg.numIRQ = min(m.armCfg.numIRQ, armMaxIRQ)
	m.armCfg.cpuTick = max(1, 1_000_000_000/max(b.CPUClockHz, 1))
	m.armCfg.refTick = m.armCfg.cpuTick
	if b.RefClockHz != 0 {
		m.armCfg.refTick = max(1, 1_000_000_000/b.RefClockHz)
	}
	m.mem.acode = make([]*armPage, len(m.mem.pages))
	if len(b.RAM) > 0 {
		m.mem.holes = true
		for i := range m.mem.flags {
			m.mem.flags[i] |= pfHole
		}
		for _, r := range b.RAM {
			for a := uint64(r.Base); a < uint64(r.Base)+uint64(r.Size); a += pageSize {
				m.mem.flags[(uint32(a)-b.RAMBase)>>pageShift] &^= pfHole
			}
		}
	}
	for _, h := range m.harts {
		m.armResetCore(h)
	}
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

// timedDevice is implemented by Cortex-M board devices that act on time
// (timers): the machine ends a batch at the device's next event, and at
// every batch boundary calls Advance so the device raises its interrupt
// lines on time. Times are virtual nanoseconds (armClock).
type timedDevice interface {
	// NextEvent is the virtual time of the device's next event, if any.
	NextEvent() (ns uint64, ok bool)
	// Advance brings the device up to virtual time now.
	Advance(now uint64)
}

// nextDeviceEvent is the earliest next event of the timed devices.
func (m *Machine) nextDeviceEvent() (uint64, bool) {
	best, found := ^uint64(0), false
	for _, d := range m.devs {
		if td, ok := d.dev.(timedDevice); ok {
			if t, ok := td.NextEvent(); ok && t < best {
				best, found = t, true
			}
		}
	}
	return best, found
}

// armUpdate brings SysTick and the timed devices up to date and wakes a
// core in WFI. It reports whether any pending exception changed.
func (m *Machine) armUpdate() bool {
	changed := false
	now := m.time + m.inflight + m.mtimeOffset
	for _, h := range m.harts {
		a := &h.arm
		before := a.pendingSig()
		for _, d := range m.devs {
			if td, ok := d.dev.(timedDevice); ok {
				td.Advance(now)
			}
		}
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
	now := m.time + m.mtimeOffset
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
	if t, ok := m.nextDeviceEvent(); ok {
		next(t)
	}
	return max(best, 1)
}

// armFastForward moves virtual time to the next SysTick wrap while every
// core sleeps (QEMU's -icount sleep=off). It reports false when none is due.
func (m *Machine) armFastForward() bool {
	now := m.time + m.mtimeOffset
	best, found := ^uint64(0), false
	for _, h := range m.harts {
		if t, ok := m.sysTickNext(&h.arm); ok && t < best {
			best, found = t, true
		}
	}
	if t, ok := m.nextDeviceEvent(); ok && t < best {
		best, found = t, true
	}
	if !found {
		return false
	}
	if best > now {
		m.mtimeOffset += best - now
	}
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

// armClock gives Cortex-M devices the virtual time in nanoseconds.
type armClock struct{ m *Machine }

// MTime returns the virtual time in nanoseconds as of the accessing step.
func (c armClock) MTime() uint64 { return c.m.armNow() }

// SetMTime is not supported on Cortex-M boards (there is no mtime).
func (c armClock) SetMTime(uint64) {}

// buildARMDevices places a Cortex-M board's devices: unimplemented regions
// built in, the others from the device catalog by kind name.
func (m *Machine) buildARMDevices() error {
	catalog := map[string]device.Kind{}
	for _, k := range device.Kinds() {
		catalog[k.Name] = k
	}
	for _, d := range m.board.Devices {
		var dev device.Device
		if d.Kind == KindUnimplemented {
			dev = &unimplemented{size: d.Size}
		} else if k, ok := catalog[d.Kind]; ok {
			dev = k.New(device.Env{Harts: 1, Clock: armClock{m}, IRQ: nvicLine{m, d.IRQ}, Exiter: exiter{m}})
		} else {
			slog.Warn("board device kind not in the device catalog: left out", "board", m.board.Name, "kind", d.Kind, "base", fmt.Sprintf("%#x", d.Base))
			m.missing = append(m.missing, d)
			continue
		}
		if u, ok := dev.(uartDev); ok && m.uart == nil {
			m.uart = u
			u.SetOutput(m.uartByte)
		}
		md := mapped{base: d.Base, size: dev.Size(), dev: dev}
		md.chk, _ = dev.(device.AccessChecker)
		if uint64(md.base)+uint64(md.size) > 1<<32 {
			return fmt.Errorf("board %q: device %s at %#x does not fit below 4 GiB", m.board.Name, d.Kind, d.Base)
		}
		m.devs = append(m.devs, md)
	}
	return nil
}

// MissingDevices lists the board's devices that were left out because the
// device catalog has no such kind.
func (m *Machine) MissingDevices() []BoardDevice { return m.missing }

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
