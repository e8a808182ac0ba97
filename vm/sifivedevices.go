package vm

import "github.com/rewind-debugger/rewind/vm/device"

// Device kinds of SiFive's E-series chips (the HiFive1's FE310).
const (
	KindSiFiveUART = "sifive-uart" // IRQ: its PLIC source; the first UART on a board is the console
	KindSiFiveGPIO = "sifive-gpio" // IRQ: pin 0's PLIC source; pin n interrupts on IRQ+n
	KindSiFivePRCI = "sifive-prci" // no interrupt
	// KindFE310PLIC is the FE310's PLIC as QEMU 7.2's sifive_e models it:
	// 127 sources, one machine-mode context per hart, QEMU's pending rule.
	KindFE310PLIC = "fe310-plic"
)

// sifiveKind reports whether kind is one of the SiFive device kinds.
func sifiveKind(kind string) bool {
	return kind == KindSiFiveUART || kind == KindSiFiveGPIO || kind == KindSiFivePRCI
}

// newSiFive builds a SiFive device (kind checked by sifiveKind).
func (m *Machine) newSiFive(d BoardDevice) device.Device {
	switch d.Kind {
	case KindSiFiveUART:
		u := device.NewSiFiveUART(m.irqLine(d.IRQ))
		if m.uart == nil { // the first UART is the console
			u.SetOutput(m.uartByte)
			m.uart = u
		}
		if d.Clock != 0 { // line timing (QEMU has none)
			u.SetClock(machineTicker{m}, d.Clock)
			m.addTimed(u)
		}
		return u
	case KindSiFiveGPIO:
		return device.NewSiFiveGPIO(func(pin int) device.IRQLine {
			if d.IRQ == 0 {
				return nil
			}
			return m.irqLine(d.IRQ + pin)
		})
	}
	return device.NewSiFivePRCI()
}
