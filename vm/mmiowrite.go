package vm

import "fmt"

// writeIO writes buf to one device register the way a guest store of
// len(buf) bytes (1, 2, 4 or 8, little-endian) would, side effects
// included: writing a UART's transmit register sends the byte, writing
// mtimecmp moves the timer deadline. Interrupt lines are re-evaluated
// after it. handled is false when no device maps the address (the caller
// reports it); err is set when a device maps it but refuses the access.
func (m *Machine) writeIO(addr uint32, buf []byte) (handled bool, err error) {
	size := len(buf)
	switch size {
	case 1, 2, 4, 8:
	default:
		if m.findDev(addr, 1) == nil {
			return false, nil
		}
		return true, fmt.Errorf("write %d bytes at device address %#x: a device register is written 1, 2, 4 or 8 bytes at a time", size, addr)
	}
	d := m.findDev(addr, size)
	if d == nil {
		return false, nil
	}
	if !d.valid(addr, size, true) {
		return true, fmt.Errorf("write %d bytes at %#x: the device refuses that access", size, addr)
	}
	var v uint64
	for k := size - 1; k >= 0; k-- {
		v = v<<8 | uint64(buf[k])
	}
	d.dev.Write(addr-d.base, size, v)
	m.updateMIP()
	return true, nil
}
