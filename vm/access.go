package vm

// codeAt returns the predecoded page holding pc and the page's address,
// creating it on first use; nil when pc is not in RAM.
func (m *Machine) codeAt(pc uint32) (*codePage, uint32) {
	mem := m.mem
	if !mem.contains(pc, 2) {
		return nil, 0
	}
	i := (pc - mem.base) >> pageShift
	cp := mem.code[i]
	if cp == nil {
		cp = newCodePage()
		mem.code[i] = cp
		mem.setWr(i, nil) // stores to a code page take the slow path
		pageAddr := mem.base + i<<pageShift
		for a := range m.bps {
			if a-pageAddr < pageSize {
				cp.s[(a-pageAddr)>>1].op = opBreak
			}
		}
	}
	mem.markExec(i)
	return cp, mem.base + i<<pageShift
}

// fetch reads the instruction at pc (16 or 32 bits) from RAM.
func (m *Machine) fetch(pc uint32) (uint32, bool) {
	mem := m.mem
	if !mem.contains(pc, 2) {
		return 0, false
	}
	w := mem.readRAM(pc-mem.base, 2)
	if w&3 != 3 {
		return w, true
	}
	if !mem.contains(pc+2, 2) {
		return 0, false
	}
	return w | mem.readRAM(pc+2-mem.base, 2)<<16, true
}

// rawAt returns the instruction bits at pc (for mtval), 0 if unreadable.
func (m *Machine) rawAt(pc uint32) uint32 {
	w, _ := m.fetch(pc)
	if w&3 != 3 {
		w &= 0xffff
	}
	return w
}

// load is the slow path of a guest load of size bytes: RAM pages that are
// untouched or watched, accesses that cross a page, and MMIO. ok is false
// on an access fault: nothing mapped, or an access the device rejects
// (device.AccessChecker), which then has no effect. inflight is the hart's position in its batch.
func (m *Machine) load(h *Hart, addr uint32, size int, inflight uint64) (uint32, bool) {
	mem := m.mem
	if mem.contains(addr, uint32(size)) {
		if len(m.watches) > 0 {
			m.checkWatch(h, addr, size, AccessRead)
		}
		mem.noteRead(addr-mem.base, uint32(size))
		return mem.readRAM(addr-mem.base, size), true
	}
	d := m.findDev(addr, size)
	if d == nil || !d.valid(addr, size, false) {
		return 0, false
	}
	m.inflight = inflight
	m.noteDevice(addr, size, AccessRead)
	v := d.dev.Read(addr-d.base, size)
	if len(m.watches) > 0 {
		m.checkWatch(h, addr, size, AccessRead)
	}
	m.afterMMIO(false)
	return uint32(v), true
}

// store is the slow path of a guest store.
func (m *Machine) store(h *Hart, addr uint32, size int, v uint32, inflight uint64) bool {
	mem := m.mem
	if mem.contains(addr, uint32(size)) {
		if mem.readOnly(addr, uint32(size)) {
			return false
		}
		if len(m.watches) > 0 {
			m.checkWatch(h, addr, size, AccessWrite)
		}
		off := addr - mem.base
		if mem.flags[off>>pageShift]&pfResv != 0 || mem.flags[(off+uint32(size)-1)>>pageShift]&pfResv != 0 {
			m.breakReservations(h, addr, size)
		}
		mem.writeRAM(off, size, v)
		return true
	}
	d := m.findDev(addr, size)
	if d == nil || !d.valid(addr, size, true) {
		return false
	}
	m.inflight = inflight
	m.noteDevice(addr, size, AccessWrite)
	d.dev.Write(addr-d.base, size, uint64(v))
	if len(m.watches) > 0 {
		m.checkWatch(h, addr, size, AccessWrite)
	}
	m.afterMMIO(true)
	return true
}

// afterMMIO re-evaluates interrupts. It ends the batch after every store
// (a store may move a timer deadline or raise an interrupt) and after a load
// only when it changed some hart's pending interrupts (reading a UART byte,
// claiming at the PLIC), so polling loops on device registers stay in the
// batch.
func (m *Machine) afterMMIO(write bool) {
	if m.updateMIP() || write {
		m.brk = true
	}
	m.inflight = 0
}

// breakReservations cancels other harts' reservations on the stored bytes
// and clears the page flag when no reservation remains there.
func (m *Machine) breakReservations(h *Hart, addr uint32, size int) {
	lo, hi := uint64(addr), uint64(addr)+uint64(size)
	for _, o := range m.harts {
		if o != h && o.resValid && uint64(o.resAddr) < hi && lo < uint64(o.resAddr)+4 {
			o.resValid = false
		}
	}
	m.refreshResvFlags()
}

// refreshResvFlags sets pfResv exactly on pages where a hart holds a
// reservation (only with several harts).
func (m *Machine) refreshResvFlags() {
	mem := m.mem
	for _, i := range m.resvPages {
		mem.flags[i] &^= pfResv
	}
	m.resvPages = m.resvPages[:0]
	if len(m.harts) < 2 {
		return
	}
	for _, o := range m.harts {
		if o.resValid && mem.contains(o.resAddr, 4) {
			i := (o.resAddr - mem.base) >> pageShift
			mem.flags[i] |= pfResv
			mem.setWr(i, nil)
			m.resvPages = append(m.resvPages, i)
		}
	}
}
