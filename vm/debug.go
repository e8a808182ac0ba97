package vm

import (
	"fmt"
	"slices"
)

// watch is one watchpoint.
type watch struct {
	addr, size uint32
	acc        Access
}

// SetBreakpoint makes Run stop before executing the instruction at pc on any hart.
func (m *Machine) SetBreakpoint(pc uint32) {
	pc &^= 1
	m.bps[pc] = true
	if cp, slot := m.slotOf(pc); cp != nil {
		cp.s[slot].op = opBreak
	}
	m.armMarkBreak(pc, true)
}

// ClearBreakpoint removes the breakpoint at pc.
func (m *Machine) ClearBreakpoint(pc uint32) {
	pc &^= 1
	delete(m.bps, pc)
	if cp, slot := m.slotOf(pc); cp != nil {
		cp.s[slot].op = opUndecoded
	}
	m.armMarkBreak(pc, false)
}

// slotOf returns the predecoded page and slot for pc, if the page has one.
func (m *Machine) slotOf(pc uint32) (*codePage, uint32) {
	if !m.mem.contains(pc, 2) {
		return nil, 0
	}
	off := pc - m.mem.base
	return m.mem.code[off>>pageShift], off & pageMask >> 1
}

// SetWatchpoint makes Run stop after an instruction that accesses
// [addr, addr+size) in the given way (RAM or MMIO).
func (m *Machine) SetWatchpoint(addr, size uint32, a Access) {
	if size == 0 || a&AccessRW == 0 {
		return
	}
	m.watches = append(m.watches, watch{addr, size, a & AccessRW})
	m.refreshWatchFlags()
}

// ClearWatchpoint removes a watchpoint set with the same arguments.
func (m *Machine) ClearWatchpoint(addr, size uint32, a Access) {
	i := slices.Index(m.watches, watch{addr, size, a & AccessRW})
	if i >= 0 {
		m.watches = slices.Delete(m.watches, i, i+1)
	}
	m.refreshWatchFlags()
}

// refreshWatchFlags recomputes the per-page watch flags and fast paths.
func (m *Machine) refreshWatchFlags() {
	mem := m.mem
	for i := range mem.flags {
		mem.flags[i] &^= pfWatchR | pfWatchW
	}
	for _, w := range m.watches {
		for a := uint64(w.addr) &^ pageMask; a < uint64(w.addr)+uint64(w.size); a += pageSize {
			if a < uint64(mem.base) || a >= uint64(mem.base)+uint64(mem.size) {
				continue
			}
			i := (uint32(a) - mem.base) >> pageShift
			if w.acc&AccessRead != 0 {
				mem.flags[i] |= pfWatchR
			}
			if w.acc&AccessWrite != 0 {
				mem.flags[i] |= pfWatchW
			}
		}
	}
	for i := range mem.pages {
		mem.refreshRead(uint32(i))
	}
	mem.clearFastWrites()
}

// checkWatch records a watchpoint hit for an access, if one matches.
func (m *Machine) checkWatch(h *Hart, addr uint32, size int, a Access) {
	if m.watchHit {
		return
	}
	for _, w := range m.watches {
		if w.acc&a != 0 && uint64(addr) < uint64(w.addr)+uint64(w.size) && uint64(w.addr) < uint64(addr)+uint64(size) {
			m.watchHit = true
			m.watchStop = Stop{Reason: StopWatchpoint, Hart: h.id, Addr: addr, Size: size, Access: a}
			m.brk = true
			return
		}
	}
}

// ReadMemory reads guest memory as a debugger sees it: RAM, or device
// registers through Peek (no side effects). Unmapped bytes are an error.
func (m *Machine) ReadMemory(addr uint32, buf []byte) error {
	for k := range buf {
		a := addr + uint32(k)
		if m.mem.contains(a, 1) {
			buf[k] = m.mem.readByte(a - m.mem.base)
			continue
		}
		if w, ok := m.peekSCS(a); ok { // Cortex-M: FPCCR, CFSR... (gdb reads FPCCR to unwind)
			buf[k] = byte(w >> (8 * (a & 3)))
			continue
		}
		d := m.findDev(a, 1)
		if d == nil {
			return fmt.Errorf("read memory at %#x: address not mapped", a)
		}
		buf[k] = peekByte(d, a)
	}
	return nil
}

// peekByte peeks the byte at a of a device without side effects. A device
// that answers only wider accesses (a PLIC or CLINT register is 32-bit)
// is peeked a whole aligned word at a time, so the debugger sees the
// register's bytes rather than 0.
func peekByte(d *mapped, a uint32) byte {
	if d.valid(a, 1, false) {
		return byte(d.dev.Peek(a-d.base, 1))
	}
	w := a &^ 3
	if w >= d.base && d.valid(w, 4, false) {
		return byte(d.dev.Peek(w-d.base, 4) >> (8 * (a & 3)))
	}
	return 0
}

// WriteMemory writes guest RAM (debugger view); predecoded code for the
// written bytes is invalidated. A write of 1, 2, 4 or 8 bytes to a device
// register is that register's write, side effects included (writeIO).
func (m *Machine) WriteMemory(addr uint32, buf []byte) error {
	if len(buf) == 0 {
		return nil
	}
	if t, ok := m.aliasTarget(addr, len(buf)); ok {
		addr = t
	}
	if ok, err := m.writeIO(addr, buf); ok {
		return err
	}
	if !m.mem.contains(addr, uint32(len(buf))) || uint64(len(buf)) > 1<<32 {
		return fmt.Errorf("write memory at %#x (+%d): not inside RAM", addr, len(buf))
	}
	off := addr - m.mem.base
	for k := 0; k < len(buf); {
		i := (off + uint32(k)) >> pageShift
		o := (off + uint32(k)) & pageMask
		n := min(len(buf)-k, int(pageSize-o))
		p := m.mem.writable(i, o, uint32(n))
		copy(p.data[o:], buf[k:k+n])
		k += n
	}
	return nil
}

// ResetActivity starts a new activity summary.
func (m *Machine) ResetActivity() {
	m.mem.resetActivity()
	m.act.devices = m.act.devices[:0]
	m.act.devicesAll = false
	m.act.traps = m.act.traps[:0]
}

// Activity returns the RAM page numbers (address>>12) from which code was
// fetched and to which stores landed since ResetActivity, in ascending order.
func (m *Machine) Activity() (execPages, writtenPages []uint32) {
	conv := func(l []uint32) []uint32 {
		out := make([]uint32, len(l))
		for k, i := range l {
			out[k] = m.mem.base>>pageShift + i
		}
		slices.Sort(out)
		return out
	}
	return conv(m.mem.exec), conv(m.mem.written)
}

// findDev returns the device mapping covering [addr, addr+size), or nil.
func (m *Machine) findDev(addr uint32, size int) *mapped {
	for i := range m.devs {
		d := &m.devs[i]
		if addr-d.base < d.size && uint32(size) <= d.size-(addr-d.base) {
			return d
		}
	}
	return nil
}
