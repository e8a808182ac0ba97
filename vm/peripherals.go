package vm

import (
	"fmt"

	"github.com/rewind-debugger/rewind/vm/device"
)

// Device kinds of the MPS2 boards (Arm CMSDK peripherals), and regions
// QEMU maps as "unimplemented-device".
const (
	KindCMSDKUART      = "cmsdk-uart"      // IRQ: RX interrupt; TX is IRQ+1; OverflowIRQ: combined overrun (0: none)
	KindCMSDKTimer     = "cmsdk-timer"     // IRQ: timer interrupt
	KindCMSDKDualTimer = "cmsdk-dualtimer" // IRQ: combined interrupt of both halves
	KindMPS2FPGAIO     = "mps2-fpgaio"     // no interrupt; LEDs: BoardDevice.Count (default 2)
	KindUnimplemented  = "unimplemented"   // Size bytes that read 0 and ignore writes, reported once per address
)

// peripheralKind reports whether kind is built by newPeripheral; these
// kinds may appear several times on one board.
func peripheralKind(kind string) bool {
	switch kind {
	case KindCMSDKUART, KindCMSDKTimer, KindCMSDKDualTimer, KindMPS2FPGAIO, KindUnimplemented:
		return true
	}
	return sifiveKind(kind) || lm3sKind(kind)
}

// machineTicker gives devices virtual time from the step count.
type machineTicker struct{ m *Machine }

// Ticks returns the whole periods of a hz clock since reset, at the step
// running now.
func (t machineTicker) Ticks(hz uint64) uint64 {
	if t.m.arm {
		return t.m.virtualTicks(t.m.armNow(), hz) // an I/O access counts its instruction as done, as QEMU's -icount
	}
	return t.m.virtualTicks(t.m.time+t.m.inflight, hz)
}

// irqLine returns input irq of the board's interrupt controller: the
// core's (Machine.irqLines, set by a board with an NVIC) or the PLIC's.
func (m *Machine) irqLine(irq int) device.IRQLine {
	switch {
	case m.irqLines != nil:
		return m.irqLines(irq)
	case m.plic != nil:
		return m.plic.Line(irq)
	}
	return nil
}

// newPeripheral builds a device of one of the peripheral kinds.
func (m *Machine) newPeripheral(d BoardDevice) (device.Device, error) {
	clk := machineTicker{m}
	switch d.Kind {
	case KindCMSDKUART:
		var ovf device.IRQLine
		if d.OverflowIRQ != 0 {
			ovf = m.orLine(d.OverflowIRQ)
		}
		u := device.NewCMSDKUART(m.irqLine(d.IRQ+1), m.irqLine(d.IRQ), ovf, ovf)
		if m.uart == nil { // the first UART is the console
			u.SetOutput(m.uartByte)
			m.uart = u
		}
		if d.Clock != 0 { // line timing (QEMU has none)
			u.SetClock(clk, d.Clock)
			m.addTimed(u)
		}
		return u, nil
	case KindCMSDKTimer:
		return m.addTimed(device.NewCMSDKTimer(m.irqLine(d.IRQ), clk, deviceClock(d))), nil
	case KindCMSDKDualTimer:
		return m.addTimed(device.NewCMSDKDualTimer(m.irqLine(d.IRQ), clk, deviceClock(d))), nil
	case KindMPS2FPGAIO:
		leds := d.Count
		if leds == 0 {
			leds = 2
		}
		return device.NewMPS2FPGAIO(clk, deviceClock(d), leds), nil
	}
	if sifiveKind(d.Kind) {
		return m.newSiFive(d), nil
	}
	if lm3sKind(d.Kind) {
		return m.newLM3S(d), nil
	}
	return nil, fmt.Errorf("board %q: unknown device kind %q", m.board.Name, d.Kind)
}

// buildPeripherals places the board's peripheral-kind devices on the bus
// (after the interrupt controllers exist).
func (m *Machine) buildPeripherals() error {
	for _, d := range m.board.Devices {
		if !peripheralKind(d.Kind) || d.Kind == KindUnimplemented {
			continue
		}
		dev, err := m.newPeripheral(d)
		if err != nil {
			return err
		}
		md := mapped{base: d.Base, size: dev.Size(), dev: dev}
		md.chk, _ = dev.(device.AccessChecker)
		if uint64(md.base)+uint64(md.size) > 1<<32 {
			return fmt.Errorf("board %q: device %s at %#x does not fit below 4 GiB", m.board.Name, d.Kind, d.Base)
		}
		m.devs = append(m.devs, md)
	}
	m.buildAliases()
	return nil
}

// addUnimplemented places the board's unimplemented regions on the bus
// behind every device: like QEMU's (priority -1000), they may overlap
// devices, which take the accesses they cover.
func (m *Machine) addUnimplemented() error {
	for _, d := range m.board.Devices {
		if d.Kind != KindUnimplemented {
			continue
		}
		if d.Size == 0 || uint64(d.Base)+uint64(d.Size) > 1<<32 {
			return fmt.Errorf("board %q: unimplemented region %#x+%#x is empty or exceeds 4 GiB", m.board.Name, d.Base, d.Size)
		}
		u := newUnimplemented(m, d.Base, d.Size)
		m.devs = append(m.devs, mapped{base: d.Base, size: d.Size, dev: u, chk: u})
	}
	return nil
}

// addTimed registers a device whose outputs change with time.
func (m *Machine) addTimed(d interface {
	device.Device
	device.Timed
}) device.Device {
	m.timed = append(m.timed, d)
	return d
}

// syncTimed brings time-driven devices' interrupt lines up to now.
func (m *Machine) syncTimed() {
	for _, d := range m.timed {
		d.Sync()
	}
}

// timedSteps is the number of steps until the next time-driven device
// event (at least 1; the maximum when there is none).
func (m *Machine) timedSteps() uint64 {
	best := ^uint64(0)
	ips := m.ips
	for _, d := range m.timed {
		hz, tick, ok := d.NextEvent()
		if !ok || hz == 0 {
			continue
		}
		at, ok := stepOfTick(tick, hz, ips)
		if ok && at > m.time {
			best = min(best, at-m.time)
		} else if ok {
			best = 1
		}
	}
	return max(best, 1)
}

// idleToTimed lets time pass while every hart waits, up to the next event
// of a time-driven device or until, whichever is first: the steps count
// as idle time (as QEMU's -icount sleep=off warps to the next deadline).
// It reports false when no device event is ahead.
func (m *Machine) idleToTimed(until uint64) bool {
	steps := m.timedSteps()
	if steps == ^uint64(0) {
		return false
	}
	m.time = min(m.time+steps, until)
	return true
}
