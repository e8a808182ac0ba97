package vm

import "github.com/rewind-debugger/rewind/vm/device"

// Device kinds of the Stellaris LM3S6965 (QEMU's lm3s6965evb).
const (
	KindPL011           = "pl011"            // IRQ: its NVIC interrupt (QEMU's combined line); the first UART on a board is the console
	KindStellarisSysCtl = "stellaris-sysctl" // no interrupt
)

// lm3sKind reports whether kind is one of the Stellaris device kinds.
func lm3sKind(kind string) bool { return kind == KindPL011 || kind == KindStellarisSysCtl }

// newLM3S builds a Stellaris device (kind checked by lm3sKind).
func (m *Machine) newLM3S(d BoardDevice) device.Device {
	if d.Kind == KindStellarisSysCtl {
		s := device.NewStellarisSysCtl(device.LM3S6965)
		s.SetClockHook(func() {
			for _, h := range m.harts {
				m.sysTickClockChange(&h.arm)
			}
		})
		if m.armCfg.cpuClock == nil {
			m.armCfg.cpuClock = s.SysClockPeriod
		}
		return s
	}
	u := device.NewPL011(m.irqLine(d.IRQ), device.PL011LuminaryID)
	if m.uart == nil { // the first UART is the console
		u.SetOutput(m.uartByte)
		m.uart = u
	}
	return u
}

// sysTickClockChange brings SysTick up to now before its clock's period
// changes. Like QEMU's ptimer, the counter keeps its value and the tick
// in progress starts again at the new rate.
func (m *Machine) sysTickClockChange(a *armState) {
	m.sysTickRebase(a)
	if a.stCSR&stEnable != 0 {
		a.stStart = m.armNow()
	}
}
