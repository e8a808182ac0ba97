package vm

import (
	"math/bits"

	"github.com/rewind-debugger/rewind/vm/thumb"
)

// armDone says how an instruction run by armSlow ended.
type armDone uint8

const (
	armNext    armDone = iota // continue with the next instruction
	armFaulted                // raise the returned fault
	armBranch                 // branch to r[15] (no interworking)
	armBX                     // interworking branch to r[15]
	armEnd                    // end the batch after this instruction
	armStop                   // a stop condition was recorded: end the batch before it
	armRetry                  // count the step but stay on the instruction (the core waits)
)

// armSlow executes the instructions the executor's switch does not inline.
// pc is the instruction's address and r[15] reads pc+4.
func (m *Machine) armSlow(h *Hart, in *thumb.Inst, pc uint32, n uint64) (armDone, armFault) {
	a := &h.arm
	r := &a.r
	switch in.Op {
	case thumb.OpMOVW:
		r[in.Rd] = in.Imm
	case thumb.OpMOVT:
		r[in.Rd] = r[in.Rd]&0xffff | in.Imm<<16
	case thumb.OpADR:
		r[in.Rd] = (pc+4)&^3 + in.Imm
	case thumb.OpSXTB, thumb.OpSXTH, thumb.OpUXTB, thumb.OpUXTH:
		v := bits.RotateLeft32(r[in.Rm], -int(in.ShN))
		switch in.Op {
		case thumb.OpSXTB:
			v = uint32(int32(int8(v)))
		case thumb.OpSXTH:
			v = uint32(int32(int16(v)))
		case thumb.OpUXTB:
			v &= 0xff
		default:
			v &= 0xffff
		}
		if in.Rn != 15 {
			v += r[in.Rn]
		}
		r[in.Rd] = v
	case thumb.OpSBFX, thumb.OpUBFX:
		w := uint32(in.ShN)
		if in.Imm+w > 32 {
			return m.armUndef(pc)
		}
		v := r[in.Rn] << (32 - in.Imm - w)
		if in.Op == thumb.OpSBFX {
			r[in.Rd] = uint32(int32(v) >> (32 - w))
		} else {
			r[in.Rd] = v >> (32 - w)
		}
	case thumb.OpBFI, thumb.OpBFC:
		msk := (^uint32(0) >> (31 - uint32(in.ShN))) &^ (1<<in.Imm - 1)
		v := uint32(0)
		if in.Op == thumb.OpBFI {
			v = r[in.Rn] << in.Imm
		}
		r[in.Rd] = r[in.Rd]&^msk | v&msk
	case thumb.OpSSAT, thumb.OpUSAT:
		v, _ := shiftC(r[in.Rn], in.ShT, in.ShN, a.carry())
		var res uint32
		var sat bool
		if in.Op == thumb.OpSSAT {
			res, sat = ssat(int64(int32(v)), in.Imm)
		} else {
			res, sat = usat(int64(int32(v)), in.Imm)
		}
		r[in.Rd] = res
		if sat {
			a.q = true
		}
	case thumb.OpCLZ:
		r[in.Rd] = uint32(bits.LeadingZeros32(r[in.Rm]))
	case thumb.OpRBIT:
		r[in.Rd] = bits.Reverse32(r[in.Rm])
	case thumb.OpREV:
		r[in.Rd] = bits.ReverseBytes32(r[in.Rm])
	case thumb.OpREV16:
		v := r[in.Rm]
		r[in.Rd] = v>>8&0x00ff00ff | v<<8&0xff00ff00
	case thumb.OpREVSH:
		v := r[in.Rm]
		r[in.Rd] = uint32(int32(int8(v)))<<8 | v>>8&0xff
	case thumb.OpLDM, thumb.OpLDMDB, thumb.OpSTM, thumb.OpSTMDB:
		return m.armMultiple(h, in, pc, n)
	case thumb.OpLDRD, thumb.OpSTRD:
		return m.armDual(h, in, pc, n)
	case thumb.OpLDREX, thumb.OpLDREXB, thumb.OpLDREXH, thumb.OpSTREX, thumb.OpSTREXB, thumb.OpSTREXH, thumb.OpCLREX:
		return m.armExclusive(h, in, pc, n)
	case thumb.OpTBB, thumb.OpTBH:
		addr := r[in.Rn] + r[in.Rm]
		size := uint32(1)
		if in.Op == thumb.OpTBH {
			addr += r[in.Rm]
			size = 2
		}
		v, f := m.armLoad(h, addr, size, n, false)
		if f.exc != 0 {
			f.ret = pc
			return armFaulted, f
		}
		r[15] = pc + 4 + 2*v
		return armBranch, armFault{}
	case thumb.OpMRS:
		r[in.Rd] = m.armReadSpecial(a, in.Imm)
	case thumb.OpMSR:
		m.armWriteSpecial(a, in.Imm, r[in.Rn])
		return armEnd, armFault{}
	case thumb.OpCPS:
		if a.privileged() {
			dis := in.Imm&0x10 != 0
			if in.Imm&2 != 0 {
				a.primask = dis
			}
			if in.Imm&1 != 0 && (!dis || a.ipsr != excNMI) {
				a.faultmask = dis && a.execPriority(true) > -1
			}
		}
		return armEnd, armFault{}
	case thumb.OpWFI:
		if !m.armWakeReady(a) {
			h.waiting = true
		}
		return armEnd, armFault{}
	case thumb.OpSVC:
		return armFaulted, armFault{exc: excSVCall, ret: pc + 2, counted: true}
	case thumb.OpBKPT:
		return m.armBKPT(h, in, pc, n)
	case thumb.OpDSP:
		if !m.armCfg.dsp || !a.armDSP(in.Imm) {
			return m.armUndef(pc)
		}
	case thumb.OpVFP:
		return m.armVFP(h, in.Imm, pc, n)
	case thumb.OpCoproc:
		return armFaulted, armFault{exc: excUsageFault, cfsr: cfsrNOCP, ret: pc, counted: true}
	default: // OpUndef, OpUDF
		return m.armUndef(pc)
	}
	return armNext, armFault{}
}

func (m *Machine) armUndef(pc uint32) (armDone, armFault) {
	return armFaulted, armFault{exc: excUsageFault, cfsr: cfsrUNDEFINSTR, ret: pc, counted: true}
}

// armBKPT runs BKPT: semihosting for BKPT 0xAB when the hook is set, else a
// debug event that escalates to HardFault (no debugger monitor). A call
// that waits for console input leaves the pc on the BKPT and the core
// waiting, as in WFI (see semihost.go); n is the step's place in the batch.
func (m *Machine) armBKPT(h *Hart, in *thumb.Inst, pc uint32, n uint64) (armDone, armFault) {
	if in.Imm == 0xab && m.semihost != nil {
		m.inflight = n
		ret, err := m.semihost(h.arm.r[0], h.arm.r[1])
		m.inflight = 0
		if err != nil {
			h.waiting = true
			return armRetry, armFault{}
		}
		h.arm.r[0] = ret
		if m.exitReq || m.brk {
			return armEnd, armFault{}
		}
		return armNext, armFault{}
	}
	return armFaulted, armFault{exc: excDebugMon, ret: pc, counted: true} // disabled monitor: escalates (QEMU sets FORCED, not DEBUGEVT)
}

// armSemihostAt reports whether pc holds BKPT 0xAB (a Thumb halfword).
func (m *Machine) armSemihostAt(pc uint32) bool {
	mem := m.mem
	return pc&1 == 0 && mem.contains(pc, 2) && mem.readRAM(pc-mem.base, 2) == 0xbeab
}

// armMultiple runs LDM/STM (and PUSH/POP). Loads complete only when every
// word was read, so a fault leaves the registers as they were.
func (m *Machine) armMultiple(h *Hart, in *thumb.Inst, pc uint32, n uint64) (armDone, armFault) {
	r := &h.arm.r
	cnt := uint32(bits.OnesCount32(in.Imm))
	start := r[in.Rn]
	if in.Op == thumb.OpLDMDB || in.Op == thumb.OpSTMDB {
		start -= 4 * cnt
	}
	if start&3 != 0 {
		return armFaulted, armFault{exc: excUsageFault, cfsr: cfsrUNALIGNED, ret: pc}
	}
	wb := r[in.Rn] + 4*cnt
	if in.Op == thumb.OpLDMDB || in.Op == thumb.OpSTMDB {
		wb = start
	}
	load := in.Op == thumb.OpLDM || in.Op == thumb.OpLDMDB
	var vals [16]uint32
	addr := start
	for i := 0; i < 16; i++ {
		if in.Imm&(1<<i) == 0 {
			continue
		}
		var f armFault
		if load {
			vals[i], f = m.armLoad(h, addr, 4, n, false)
		} else {
			f = m.armStore(h, addr, 4, r[i], n, false)
		}
		if f.exc != 0 {
			f.ret = pc
			return armFaulted, f
		}
		addr += 4
	}
	if in.Flags&thumb.FWback != 0 {
		r[in.Rn] = wb
	}
	if !load {
		return m.armAfterAccess(), armFault{}
	}
	for i := 0; i < 15; i++ {
		if in.Imm&(1<<i) != 0 {
			r[i] = vals[i]
		}
	}
	if in.Imm&(1<<15) != 0 {
		r[15] = vals[15]
		return armBX, armFault{}
	}
	return m.armAfterAccess(), armFault{}
}

// armAfterAccess ends the batch when a slow access asked for it.
func (m *Machine) armAfterAccess() armDone {
	if m.brk {
		return armEnd
	}
	return armNext
}

// armDual runs LDRD/STRD.
func (m *Machine) armDual(h *Hart, in *thumb.Inst, pc uint32, n uint64) (armDone, armFault) {
	r := &h.arm.r
	b := r[in.Rn]
	if in.Rn == 15 {
		b = (pc + 4) &^ 3
	}
	ea := b - in.Imm
	if in.Flags&thumb.FAdd != 0 {
		ea = b + in.Imm
	}
	addr := b
	if in.Flags&thumb.FIndex != 0 {
		addr = ea
	}
	if addr&3 != 0 {
		return armFaulted, armFault{exc: excUsageFault, cfsr: cfsrUNALIGNED, ret: pc}
	}
	if in.Op == thumb.OpLDRD {
		lo, f := m.armLoad(h, addr, 4, n, false)
		if f.exc == 0 {
			var hi uint32
			if hi, f = m.armLoad(h, addr+4, 4, n, false); f.exc == 0 {
				r[in.Rd], r[in.Ra] = lo, hi
			}
		}
		if f.exc != 0 {
			f.ret = pc
			return armFaulted, f
		}
	} else {
		f := m.armStore(h, addr, 4, r[in.Rd], n, false)
		if f.exc == 0 {
			f = m.armStore(h, addr+4, 4, r[in.Ra], n, false)
		}
		if f.exc != 0 {
			f.ret = pc
			return armFaulted, f
		}
	}
	if in.Flags&thumb.FWback != 0 {
		r[in.Rn] = ea
	}
	return m.armAfterAccess(), armFault{}
}

// armExclusive runs LDREX/STREX and CLREX with the local monitor. Like
// QEMU, STREX succeeds when the monitor is open for the address and the
// memory still holds the value LDREX read.
func (m *Machine) armExclusive(h *Hart, in *thumb.Inst, pc uint32, n uint64) (armDone, armFault) {
	a := &h.arm
	r := &a.r
	if in.Op == thumb.OpCLREX {
		a.excl = false
		return armNext, armFault{}
	}
	addr := r[in.Rn] + in.Imm
	size := uint32(4)
	switch in.Op {
	case thumb.OpLDREXB, thumb.OpSTREXB:
		size = 1
	case thumb.OpLDREXH, thumb.OpSTREXH:
		size = 2
	}
	if addr&(size-1) != 0 {
		return armFaulted, armFault{exc: excUsageFault, cfsr: cfsrUNALIGNED, ret: pc}
	}
	switch in.Op {
	case thumb.OpLDREX, thumb.OpLDREXB, thumb.OpLDREXH:
		v, f := m.armLoad(h, addr, size, n, false)
		if f.exc != 0 {
			f.ret = pc
			return armFaulted, f
		}
		a.excl, a.exclAddr, a.exclVal = true, addr, v
		r[in.Rd] = v
		return m.armAfterAccess(), armFault{}
	}
	status := uint32(1)
	if a.excl && a.exclAddr == addr {
		cur, f := m.armLoad(h, addr, size, n, false)
		if f.exc == 0 && cur == a.exclVal {
			f = m.armStore(h, addr, size, r[in.Rd], n, false)
			status = 0
		}
		if f.exc != 0 {
			f.ret = pc
			return armFaulted, f
		}
	}
	a.excl = false
	r[in.Rm] = status
	return m.armAfterAccess(), armFault{}
}
