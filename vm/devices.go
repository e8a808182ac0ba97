package vm

import "github.com/rewind-debugger/rewind/vm/device"

// The machine talks to its interrupt controllers and UART through these
// small views, only on slow paths (MMIO accesses, batch boundaries).
type clintDev interface {
	device.Device
	MSIP(hart int) bool
	MTimeCmp(hart int) uint64
}

type plicDev interface {
	device.Device
	Line(irq int) device.IRQLine
	Pending(context int) bool
}

type uartDev interface {
	device.Device
	SetOutput(func(byte))
	Input([]byte)
}

// mapped is a device placed on the bus.
type mapped struct {
	base, size uint32
	dev        device.Device
	chk        device.AccessChecker // nil: every access inside the window is valid
}

// valid reports whether the device takes an access of size bytes at addr
// (inside its window); QEMU answers the others with an access fault.
func (d *mapped) valid(addr uint32, size int, write bool) bool {
	return d.chk == nil || d.chk.ValidAccess(addr-d.base, size, write)
}

func newCLINT(harts int, clk device.Clock) clintDev { return device.NewCLINT(harts, clk) }
func newPLIC(harts int) plicDev                     { return device.NewPLIC(harts) }

// newPLICKind builds a PLIC of kind KindPLIC or KindFE310PLIC.
func newPLICKind(harts int, kind string) plicDev {
	if kind == KindFE310PLIC {
		return device.NewPLICWith(harts, device.FE310PLIC())
	}
	return newPLIC(harts)
}
func newUART(irq device.IRQLine) uartDev          { return device.NewUART(irq) }
func newTestDevice(e device.Exiter) device.Device { return device.NewTestDevice(e) }
