package vm

import "fmt"

// PeekIO reads size bytes (1, 2, 4 or 8) at addr the way a guest load of
// that width would, without its side effects: a device register is peeked
// whole (a PLIC or CLINT register answers only word-sized accesses, so
// ReadMemory's byte-wise peeks read it as 0); RAM is read little-endian.
// An address no device or RAM maps, or an access the device refuses (as
// QEMU would with an access fault), is an error.
func (m *Machine) PeekIO(addr uint32, size int) (uint64, error) {
	switch size {
	case 1, 2, 4, 8:
	default:
		return 0, fmt.Errorf("peek %d bytes at %#x: size must be 1, 2, 4 or 8", size, addr)
	}
	if m.mem.contains(addr, uint32(size)) {
		var v uint64
		for k := size - 1; k >= 0; k-- {
			v = v<<8 | uint64(m.mem.readByte(addr+uint32(k)-m.mem.base))
		}
		return v, nil
	}
	d := m.findDev(addr, size)
	if d == nil {
		return 0, fmt.Errorf("peek %d bytes at %#x: address not mapped", size, addr)
	}
	if !d.valid(addr, size, false) {
		return 0, fmt.Errorf("peek %d bytes at %#x: the device refuses that access", size, addr)
	}
	return d.dev.Peek(addr-d.base, size), nil
}
