package vm

// atomic executes LR, SC and the AMOs (slow path: they are rare). On an
// exception it returns the cause and mtval with ok false.
func (m *Machine) atomic(h *Hart, in *insn, inflight uint64) (cause, tval uint32, ok bool) {
	x := &h.x
	addr := x[in.rs1]
	if addr&3 != 0 {
		if in.op == opLR {
			return causeLoadMisaligned, addr, false
		}
		return causeStoreMisaligned, addr, false
	}
	switch in.op {
	case opLR:
		v, ok := m.load(h, addr, 4, inflight)
		if !ok {
			return causeLoadFault, addr, false
		}
		x[in.rd] = v
		h.resValid, h.resAddr = true, addr
		if len(m.harts) > 1 {
			m.refreshResvFlags()
		}
		return 0, 0, true
	case opSC:
		if !m.mapped(addr, false) {
			return causeStoreFault, addr, false
		}
		held := h.resValid && h.resAddr == addr
		h.resValid = false
		if len(m.harts) > 1 {
			m.refreshResvFlags()
		}
		if !held {
			x[in.rd] = 1
			return 0, 0, true
		}
		if !m.store(h, addr, 4, x[in.rs2], inflight) {
			return causeStoreFault, addr, false
		}
		x[in.rd] = 0
		return 0, 0, true
	}
	if !m.mapped(addr, true) {
		return causeStoreFault, addr, false
	}
	old, _ := m.load(h, addr, 4, inflight)
	src := x[in.rs2]
	if !m.store(h, addr, 4, amo(in.op, old, src), inflight) {
		return causeStoreFault, addr, false
	}
	x[in.rd] = old
	return 0, 0, true
}

// mapped reports whether a 32-bit store (and, with read, a load) at addr
// reaches RAM or a device that accepts it.
func (m *Machine) mapped(addr uint32, read bool) bool {
	if m.mem.contains(addr, 4) {
		return !m.mem.readOnly(addr, 4)
	}
	d := m.findDev(addr, 4)
	return d != nil && d.valid(addr, 4, true) && (!read || d.valid(addr, 4, false))
}

// amo computes the value an AMO stores.
func amo(op uint8, old, src uint32) uint32 {
	switch op {
	case opAMOSWAP:
		return src
	case opAMOADD:
		return old + src
	case opAMOXOR:
		return old ^ src
	case opAMOAND:
		return old & src
	case opAMOOR:
		return old | src
	case opAMOMIN:
		return uint32(min(int32(old), int32(src)))
	case opAMOMAX:
		return uint32(max(int32(old), int32(src)))
	case opAMOMINU:
		return min(old, src)
	case opAMOMAXU:
		return max(old, src)
	}
	return old
}

// csrInsn executes a CSR instruction. wrote reports a CSR write (which ends
// the batch so interrupts are re-evaluated); ok false means illegal.
func (m *Machine) csrInsn(h *Hart, in *insn, inflight uint64) (wrote, ok bool) {
	n := uint16(in.imm) & 0xfff
	old, exists := h.readCSR(n, inflight)
	if !exists {
		return false, false
	}
	var v uint32
	doWrite := true
	switch in.op {
	case opCSRRW:
		v = h.x[in.rs1]
	case opCSRRS:
		v, doWrite = old|h.x[in.rs1], in.rs1 != 0
	case opCSRRC:
		v, doWrite = old&^h.x[in.rs1], in.rs1 != 0
	case opCSRRWI:
		v = uint32(in.rs1)
	case opCSRRSI:
		v, doWrite = old|uint32(in.rs1), in.rs1 != 0
	case opCSRRCI:
		v, doWrite = old&^uint32(in.rs1), in.rs1 != 0
	}
	if doWrite {
		if n>>10 == 3 || !h.writeCSR(n, v, inflight+1) {
			return false, false
		}
	}
	h.x[in.rd] = old
	return doWrite, true
}
