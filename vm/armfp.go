package vm

// FPCCR bits.
const (
	fpccrASPEN  = 1 << 31
	fpccrLSPEN  = 1 << 30
	fpccrLSPACT = 1 << 0
	fpccrUSER   = 1 << 1
	fpccrTHREAD = 1 << 3
	fpccrHFRDY  = 1 << 4
	fpccrMMRDY  = 1 << 5
	fpccrBFRDY  = 1 << 6
	fpccrMONRDY = 1 << 8

	controlFPCA = 4

	fpscrMask = 0xf7c0009f
)

// fpEnabled reports whether CPACR lets the current privilege use CP10.
func (a *armState) fpEnabled() bool {
	switch a.cpacr >> 20 & 3 {
	case 3:
		return true
	case 1:
		return a.privileged()
	}
	return false
}

// fpPrepare runs ARMv7-M's ExecuteFPCheck before a floating-point
// instruction: the lazily reserved frame is filled, and a new FP context
// starts with FPSCR from FPDSCR. It returns a fault if the lazy save fails.
func (m *Machine) fpPrepare(h *Hart) armFault {
	a := &h.arm
	if a.fpccr&fpccrLSPACT != 0 {
		a.fpccr &^= fpccrLSPACT
		for i := uint32(0); i < 16; i++ {
			if f := m.armStore(h, a.fpcar+4*i, 4, a.s[i], 0, false); f.exc != 0 {
				return f
			}
		}
		if f := m.armStore(h, a.fpcar+64, 4, a.fpscr, 0, false); f.exc != 0 {
			return f
		}
	}
	if a.fpccr&fpccrASPEN != 0 && a.control&controlFPCA == 0 {
		a.control |= controlFPCA
		a.fpscr = a.fpscr&^0x07c00000 | a.fpdscr&0x07c00000
	}
	return armFault{}
}

// armVFP executes a floating-point instruction (raw halfwords hw1<<16|hw2).
func (m *Machine) armVFP(h *Hart, raw, pc uint32, n uint64) (armDone, armFault) {
	a := &h.arm
	if !m.armCfg.fpu || !a.fpEnabled() {
		return armFaulted, armFault{exc: excUsageFault, cfsr: cfsrNOCP, ret: pc, counted: true}
	}
	if f := m.fpPrepare(h); f.exc != 0 {
		f.ret = pc
		return armFaulted, f
	}
	h1, h2 := raw>>16, raw&0xffff
	if m.armCfg.fpv5 {
		if ok, known := a.fpv5(h1, h2); known {
			if !ok {
				return m.armUndef(pc)
			}
			return armNext, armFault{}
		}
	} else if h1&0x1000 != 0 { // FPv5's unconditional space: no coprocessor before FPv5
		return armFaulted, armFault{exc: excUsageFault, cfsr: cfsrNOCP, ret: pc, counted: true}
	}
	op1 := h1 >> 4 & 0x3f
	switch {
	case op1&0x3e == 0x04: // 64-bit transfers
		if !a.fpMove64(h1, h2) {
			return m.armUndef(pc)
		}
	case op1&0x20 == 0 && op1&0x3a != 0: // extension register load/store
		return m.fpLoadStore(h, h1, h2, pc, n)
	case op1&0x30 == 0x20 && h2&0x10 != 0: // 8/16/32-bit transfers
		if !m.fpTransfer(a, h1, h2) {
			return m.armUndef(pc)
		}
	case op1&0x30 == 0x20:
		if h2&0x100 != 0 || !a.fpData(h1, h2) {
			return m.armUndef(pc) // double precision is not in FPv4-SP
		}
	default:
		return m.armUndef(pc)
	}
	return armNext, armFault{}
}

// sreg is a single-precision register number from a 4-bit field and a bit.
func sreg(v, bit uint32) uint32 { return v<<1 | bit }

// fpMove64 is VMOV between two core registers and two singles or a double.
func (a *armState) fpMove64(h1, h2 uint32) bool {
	rt, rt2 := h2>>12&15, h1&15
	vm, mbit := h2&15, h2>>5&1
	var s0 uint32
	if h2&0x100 != 0 { // double D[M:Vm]
		s0 = (mbit<<4 | vm) * 2
	} else {
		s0 = sreg(vm, mbit)
	}
	if s0 >= 31 || h2&0xd0 != 0x10 || rt == 15 || rt2 == 15 {
		return false
	}
	if h1&0x10 != 0 { // to core registers
		a.r[rt], a.r[rt2] = a.s[s0], a.s[s0+1]
	} else {
		a.s[s0], a.s[s0+1] = a.r[rt], a.r[rt2]
	}
	return true
}

// fpLoadStore runs VLDR, VSTR, VLDM, VSTM, VPUSH and VPOP.
func (m *Machine) fpLoadStore(h *Hart, h1, h2, pc uint32, n uint64) (armDone, armFault) {
	a := &h.arm
	p, u, w, l := h1>>8&1, h1>>7&1, h1>>5&1, h1>>4&1
	rn := h1 & 15
	imm8 := h2 & 0xff
	var first, count uint32
	if h2&0x100 != 0 {
		first, count = (h1>>6&1<<4|h2>>12&15)*2, imm8&^1
	} else {
		first, count = sreg(h2>>12&15, h1>>6&1), imm8
	}
	base := a.r[rn]
	if rn == 15 {
		base = (pc + 4) &^ 3
	}
	var addr uint32
	switch {
	case p == 1 && w == 0: // VLDR/VSTR
		if h2&0x100 == 0 {
			count = 1
		} else {
			count = 2
		}
		addr = base - imm8*4
		if u == 1 {
			addr = base + imm8*4
		}
	case p == 0 && u == 1: // increment after
		addr = base
	case p == 1 && u == 0 && w == 1: // decrement before
		addr = base - 4*count
	default:
		return m.armUndef(pc)
	}
	if count == 0 || first+count > 32 {
		return m.armUndef(pc)
	}
	if addr&3 != 0 {
		return armFaulted, armFault{exc: excUsageFault, cfsr: cfsrUNALIGNED, ret: pc}
	}
	var vals [32]uint32
	for i := uint32(0); i < count; i++ {
		var f armFault
		if l == 1 {
			vals[i], f = m.armLoad(h, addr+4*i, 4, n, false)
		} else {
			f = m.armStore(h, addr+4*i, 4, a.s[first+i], n, false)
		}
		if f.exc != 0 {
			f.ret = pc
			return armFaulted, f
		}
	}
	if l == 1 {
		copy(a.s[first:first+count], vals[:count])
	}
	if w == 1 {
		if u == 1 {
			a.r[rn] = base + 4*count
		} else {
			a.r[rn] = base - 4*count
		}
	}
	return m.armAfterAccess(), armFault{}
}

// fpTransfer runs VMOV core<->single, VMOV scalar, VMRS and VMSR.
func (m *Machine) fpTransfer(a *armState, h1, h2 uint32) bool {
	l, c, op := h1>>4&1, h2>>8&1, h1>>5&7
	rt := h2 >> 12 & 15
	if h2&0x6f != 0 { // (0) bits set: QEMU raises UNDEFINSTR
		return false
	}
	switch {
	case c == 0 && op == 0: // VMOV Sn <-> Rt
		sn := sreg(h1&15, h2>>7&1)
		if l == 1 {
			a.r[rt] = a.s[sn]
		} else {
			a.s[sn] = a.r[rt]
		}
	case c == 0 && op == 7 && h2&0x80 != 0:
		return false
	case c == 0 && op == 7 && h1&15 == 1: // VMRS / VMSR FPSCR
		if l == 0 {
			a.fpscr = a.r[rt] & fpscrMask
		} else if rt == 15 {
			a.nzcv = uint8(a.fpscr >> 28)
		} else {
			a.r[rt] = a.fpscr
		}
	case c == 0 && op == 7 && l == 1 && (h1&15 == 6 || h1&15 == 7): // MVFR1, MVFR0
		a.r[rt] = m.armCfg.mvfr[7-h1&15]
	case c == 1 && h1>>6&3 == 0: // VMOV.32 Dd[x], Rt and back
		s := (h2>>7&1<<4|h1&15)*2 + h1>>5&1
		if s >= 32 {
			return false
		}
		if l == 1 {
			a.r[rt] = a.s[s]
		} else {
			a.s[s] = a.r[rt]
		}
	default:
		return false
	}
	return true
}

// fpStack fills or, with lazy preservation, reserves the FP part of an
// exception frame at addr (S0-S15, FPSCR, reserved).
func (m *Machine) fpStack(h *Hart, addr uint32) {
	a := &h.arm
	if a.fpccr&fpccrLSPEN != 0 {
		a.fpcar = addr
		a.fpccr |= fpccrLSPACT
		a.fpccr &^= fpccrUSER | fpccrTHREAD | fpccrHFRDY | fpccrMMRDY | fpccrBFRDY | fpccrMONRDY
		if !a.privileged() {
			a.fpccr |= fpccrUSER
		}
		if a.ipsr == 0 {
			a.fpccr |= fpccrTHREAD
		}
		prio := a.execPriority(false)
		a.fpccr |= fpccrHFRDY
		if a.excEnabled(excMemManage) && a.group(a.excPrio(excMemManage)) < prio {
			a.fpccr |= fpccrMMRDY
		}
		if a.excEnabled(excBusFault) && a.group(a.excPrio(excBusFault)) < prio {
			a.fpccr |= fpccrBFRDY
		}
		return
	}
	for i := uint32(0); i < 16; i++ {
		_ = m.armStore(h, addr+4*i, 4, a.s[i], 0, false)
	}
	_ = m.armStore(h, addr+64, 4, a.fpscr, 0, false)
}

// fpUnstack restores the FP part of a frame at addr unless its lazy save
// never happened (the registers still hold the state).
func (m *Machine) fpUnstack(h *Hart, addr uint32) bool {
	a := &h.arm
	if a.fpccr&fpccrLSPACT != 0 {
		a.fpccr &^= fpccrLSPACT
		return true
	}
	var v [17]uint32
	for i := range v {
		w, f := m.armLoad(h, addr+4*uint32(i), 4, 0, false)
		if f.exc != 0 {
			a.cfsr |= cfsrUNSTKERR
			m.armSyncException(h, armFault{exc: excBusFault, ret: h.pc}, 0)
			return false
		}
		v[i] = w
	}
	copy(a.s[:16], v[:16])
	a.fpscr = v[16] & fpscrMask
	return true
}
