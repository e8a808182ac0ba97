package vm

import "github.com/rewind-debugger/rewind/vm/device"

// orGate drives one interrupt input from several sources (MPS2 ORs the
// UARTs' overrun interrupts onto one line). Its input levels are derived
// state: every source re-signals its level when restored.
type orGate struct {
	out    device.IRQLine
	levels map[*orInput]bool
}

// orInput is one input of an orGate.
type orInput struct{ g *orGate }

// SetLevel implements device.IRQLine.
func (i *orInput) SetLevel(high bool) {
	g := i.g
	g.levels[i] = high
	on := false
	for _, l := range g.levels {
		on = on || l
	}
	if g.out != nil {
		g.out.SetLevel(on)
	}
}

// orLine returns a new input of the OR gate in front of irq.
func (m *Machine) orLine(irq int) device.IRQLine {
	if m.orGates == nil {
		m.orGates = map[int]*orGate{}
	}
	g := m.orGates[irq]
	if g == nil {
		g = &orGate{out: m.irqLine(irq), levels: map[*orInput]bool{}}
		m.orGates[irq] = g
	}
	in := &orInput{g: g}
	g.levels[in] = false
	return in
}
