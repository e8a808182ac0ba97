package vm

// System Control Space and bit-band regions of the Cortex-M address map.
const (
	scsBase      = 0xe000e000
	scsSize      = 0x1000
	bitbandSRAM  = 0x22000000 // alias of 0x20000000-0x200FFFFF
	bitbandPeri  = 0x42000000 // alias of 0x40000000-0x400FFFFF
	bitbandAlias = 0x02000000
)

// armLoad is the slow path of a load: RAM not on the fast path, unaligned
// accesses, the SCS, bit-band aliases and devices. A failed access gives a
// precise BusFault (QEMU reports every data bus error as precise).
func (m *Machine) armLoad(h *Hart, addr, size uint32, inflight uint64, unpriv bool) (uint32, armFault) {
	a := &h.arm
	if addr&(size-1) != 0 && a.ccr&ccrUNALIGNTRP != 0 {
		return 0, armFault{exc: excUsageFault, cfsr: cfsrUNALIGNED}
	}
	mem := m.mem
	if mem.contains(addr, size) {
		if len(m.watches) > 0 {
			m.checkWatch(h, addr, int(size), AccessRead)
		}
		mem.noteRead(addr-mem.base, size)
		return mem.readRAM(addr-mem.base, int(size)), armFault{}
	}
	priv := a.privileged() && !unpriv
	switch {
	case addr >= 0xe0000000:
		if addr-scsBase < scsSize && priv {
			m.inflight, m.armIO = inflight, 1
			v := m.scsRead(h, addr-scsBase, size)
			m.inflight, m.armIO = 0, 0
			return v, armFault{}
		}
		if addr < 0xe0100000 && priv && addr-scsBase >= scsSize {
			return 0, armFault{} // other PPB blocks (ITM, DWT, FPB, TPIU) read as zero
		}
	case addr-bitbandSRAM < bitbandAlias || addr-bitbandPeri < bitbandAlias:
		word := addr&0xfe000000 - bitbandAlias + (addr&(bitbandAlias-1))>>5&^3
		v, f := m.armLoad(h, word, 4, inflight, unpriv)
		return v >> (addr >> 2 & 31) & 1, f
	}
	d := m.findDev(addr, int(size))
	if d == nil || !d.valid(addr, int(size), false) {
		return 0, armFault{exc: excBusFault, cfsr: cfsrPRECISERR | cfsrBFARVALID, addr: addr}
	}
	m.inflight, m.armIO = inflight, 1
	m.noteDevice(addr, int(size), AccessRead)
	v := d.dev.Read(addr-d.base, int(size))
	m.armIO = 0
	if len(m.watches) > 0 {
		m.checkWatch(h, addr, int(size), AccessRead)
	}
	m.afterMMIO(false)
	return uint32(v), armFault{}
}

// armStore is the slow path of a store.
func (m *Machine) armStore(h *Hart, addr, size, v uint32, inflight uint64, unpriv bool) armFault {
	a := &h.arm
	if addr&(size-1) != 0 && a.ccr&ccrUNALIGNTRP != 0 {
		return armFault{exc: excUsageFault, cfsr: cfsrUNALIGNED}
	}
	mem := m.mem
	if mem.contains(addr, size) {
		if mem.readOnly(addr, size) {
			return armFault{exc: excBusFault, cfsr: cfsrPRECISERR | cfsrBFARVALID, addr: addr}
		}
		if len(m.watches) > 0 {
			m.checkWatch(h, addr, int(size), AccessWrite)
		}
		mem.writeRAM(addr-mem.base, int(size), v)
		return armFault{}
	}
	priv := a.privileged() && !unpriv
	switch {
	case addr >= 0xe0000000:
		if addr-scsBase < scsSize && priv {
			m.inflight, m.armIO = inflight, 1
			m.scsWrite(h, addr-scsBase, size, v)
			m.inflight, m.armIO = 0, 0
			m.brk = true
			return armFault{}
		}
		if addr < 0xe0100000 && priv && addr-scsBase >= scsSize {
			return armFault{} // other PPB blocks ignore writes
		}
	case addr-bitbandSRAM < bitbandAlias || addr-bitbandPeri < bitbandAlias:
		word := addr&0xfe000000 - bitbandAlias + (addr&(bitbandAlias-1))>>5&^3
		old, f := m.armLoad(h, word, 4, inflight, unpriv)
		if f.exc != 0 {
			return f
		}
		bit := addr >> 2 & 31
		return m.armStore(h, word, 4, old&^(1<<bit)|(v&1)<<bit, inflight, unpriv)
	}
	d := m.findDev(addr, int(size))
	if d == nil || !d.valid(addr, int(size), true) {
		return armFault{exc: excBusFault, cfsr: cfsrPRECISERR | cfsrBFARVALID, addr: addr}
	}
	m.inflight, m.armIO = inflight, 1
	m.noteDevice(addr, int(size), AccessWrite)
	d.dev.Write(addr-d.base, int(size), uint64(v))
	m.armIO = 0
	if len(m.watches) > 0 {
		m.checkWatch(h, addr, int(size), AccessWrite)
	}
	m.afterMMIO(true)
	return armFault{}
}
