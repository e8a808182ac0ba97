package vm

import "encoding/binary"

var le = binary.LittleEndian

// Exception causes.
const (
	causeFetchMisaligned = 0
	causeFetchFault      = 1
	causeIllegal         = 2
	causeBreakpoint      = 3
	causeLoadMisaligned  = 4
	causeLoadFault       = 5
	causeStoreMisaligned = 6
	causeStoreFault      = 7
	causeECallM          = 11
)

// exec runs hart h for at most limit steps and returns how many it ran.
// It returns early when a slow path asks for the batch to end (MMIO, CSR
// write, trap, wfi, mret, stop conditions). The hot path allocates nothing
// and touches RAM through the fast page table only (memory.fast). Decoded
// blocks (runBlocks) run whatever they can; the switch below runs one
// instruction at a time: what blocks leave (slow paths, system
// instructions, breakpoints, the last steps before limit), and everything
// under the noFast test hook. bpfp is the breakpoint set's bpFingerprint.
func (m *Machine) exec(h *Hart, limit, bpfp uint64) (n uint64) {
	if m.arm {
		return m.armRun(h, limit)
	}
	mem := m.mem
	x := &h.x
	pc := h.pc
	base := mem.base
	fp := mem.fast
	var cause, tval, npc uint32

loop:
	for n < limit { // one iteration per code page entered
		cp, cpBase := m.codeAt(pc)
		if cp == nil {
			cause, tval = causeFetchFault, pc
			goto trap
		}
		cp.syncBlocks(bpfp)
		for n < limit { // instructions of this page
			off := pc - cpBase
			if off >= pageSize {
				break
			}
			if !m.noFast {
				if pc, n = m.runBlocks(h, cp, cpBase, pc, n, limit); m.brk {
					goto done // a device load in a block ended the batch
				}
				if n >= limit {
					break
				}
				if off = pc - cpBase; off >= pageSize {
					break
				}
			}
			cp.lines[off>>LineShift] = 1 // activity: executed lines (a store, no dependency chain)
			in := &cp.s[off>>1]
		dispatch:
			switch in.op {
			case opUndecoded:
				w, ok := m.fetch(pc)
				if !ok {
					cause, tval = causeFetchFault, pc+2
					goto trap
				}
				if pc&pageMask == pageSize-2 && w&3 == 3 || m.noFast {
					// Crosses into the next page, or the noFast test hook
					// keeps every slot undecoded so that each step passes
					// the fast switch by and runs in the full one: never cached.
					h.tmp = decode(w)
					in = &h.tmp
				} else {
					*in = decode(w)
				}
				goto dispatch
			case opBreak:
				if !m.noBP && !(m.skipBP && n == 0) {
					m.setStop(Stop{Reason: StopBreakpoint, Hart: h.id, PC: pc, Time: m.time + n})
					break loop
				}
				w, ok := m.fetch(pc)
				if !ok {
					cause, tval = causeFetchFault, pc
					goto trap
				}
				h.tmp = decode(w)
				in = &h.tmp
				goto dispatch
			case opIllegal:
				cause, tval = causeIllegal, uint32(in.imm)
				goto trap
			case opLUI:
				x[in.rd] = uint32(in.imm)
			case opAUIPC:
				x[in.rd] = pc + uint32(in.imm)
			case opJAL:
				x[in.rd] = pc + uint32(in.ln)
				pc += uint32(in.imm)
				n++
				continue
			case opJALR:
				t := (x[in.rs1] + uint32(in.imm)) &^ 1
				x[in.rd] = pc + uint32(in.ln)
				pc = t
				n++
				continue
			case opBEQ:
				if x[in.rs1] == x[in.rs2] {
					pc += uint32(in.imm)
					n++
					continue
				}
			case opBNE:
				if x[in.rs1] != x[in.rs2] {
					pc += uint32(in.imm)
					n++
					continue
				}
			case opBLT:
				if int32(x[in.rs1]) < int32(x[in.rs2]) {
					pc += uint32(in.imm)
					n++
					continue
				}
			case opBGE:
				if int32(x[in.rs1]) >= int32(x[in.rs2]) {
					pc += uint32(in.imm)
					n++
					continue
				}
			case opBLTU:
				if x[in.rs1] < x[in.rs2] {
					pc += uint32(in.imm)
					n++
					continue
				}
			case opBGEU:
				if x[in.rs1] >= x[in.rs2] {
					pc += uint32(in.imm)
					n++
					continue
				}
			case opLW:
				a := x[in.rs1] + uint32(in.imm)
				if o, i := a-base, (a-base)>>pageShift; i < uint32(len(fp)) {
					if p := fp[i].rd; p != nil && o&pageMask <= pageSize-4 {
						x[in.rd] = le.Uint32(p.data[o&pageMask:])
						break
					}
				}
				v, ok := m.load(h, a, 4, n)
				if !ok {
					cause, tval = causeLoadFault, a
					goto trap
				}
				x[in.rd] = v
				if m.brk {
					npc = pc + uint32(in.ln)
					goto brk
				}
			case opLBU, opLB:
				a := x[in.rs1] + uint32(in.imm)
				var v uint32
				if o, i := a-base, (a-base)>>pageShift; i < uint32(len(fp)) && fp[i].rd != nil {
					v = uint32(fp[i].rd.data[o&pageMask])
				} else {
					var ok bool
					if v, ok = m.load(h, a, 1, n); !ok {
						cause, tval = causeLoadFault, a
						goto trap
					}
				}
				if in.op == opLB {
					v = uint32(int32(int8(v)))
				}
				x[in.rd] = v
				if m.brk {
					npc = pc + uint32(in.ln)
					goto brk
				}
			case opLHU, opLH:
				a := x[in.rs1] + uint32(in.imm)
				var v uint32
				if o, i := a-base, (a-base)>>pageShift; i < uint32(len(fp)) && fp[i].rd != nil && o&pageMask <= pageSize-2 {
					v = uint32(le.Uint16(fp[i].rd.data[o&pageMask:]))
				} else {
					var ok bool
					if v, ok = m.load(h, a, 2, n); !ok {
						cause, tval = causeLoadFault, a
						goto trap
					}
				}
				if in.op == opLH {
					v = uint32(int32(int16(v)))
				}
				x[in.rd] = v
				if m.brk {
					npc = pc + uint32(in.ln)
					goto brk
				}
			case opSW:
				a := x[in.rs1] + uint32(in.imm)
				if o, i := a-base, (a-base)>>pageShift; i < uint32(len(fp)) {
					if p := fp[i].wr; p != nil && o&pageMask <= pageSize-4 {
						le.PutUint32(p.data[o&pageMask:], x[in.rs2])
						p.wl[o&pageMask>>LineShift] = 1 // activity: a line stored to
						break
					}
				}
				if !m.store(h, a, 4, x[in.rs2], n) {
					cause, tval = causeStoreFault, a
					goto trap
				}
				if m.brk {
					npc = pc + uint32(in.ln)
					goto brk
				}
			case opSB:
				a := x[in.rs1] + uint32(in.imm)
				if o, i := a-base, (a-base)>>pageShift; i < uint32(len(fp)) {
					if p := fp[i].wr; p != nil {
						p.data[o&pageMask] = byte(x[in.rs2])
						p.wl[o&pageMask>>LineShift] = 1 // activity: a line stored to
						break
					}
				}
				if !m.store(h, a, 1, x[in.rs2], n) {
					cause, tval = causeStoreFault, a
					goto trap
				}
				if m.brk {
					npc = pc + uint32(in.ln)
					goto brk
				}
			case opSH:
				a := x[in.rs1] + uint32(in.imm)
				if o, i := a-base, (a-base)>>pageShift; i < uint32(len(fp)) {
					if p := fp[i].wr; p != nil && o&pageMask <= pageSize-2 {
						le.PutUint16(p.data[o&pageMask:], uint16(x[in.rs2]))
						p.wl[o&pageMask>>LineShift] = 1 // activity: a line stored to
						break
					}
				}
				if !m.store(h, a, 2, x[in.rs2], n) {
					cause, tval = causeStoreFault, a
					goto trap
				}
				if m.brk {
					npc = pc + uint32(in.ln)
					goto brk
				}
			case opADDI, opSLTI, opSLTIU, opXORI, opORI, opANDI, opSLLI, opSRLI, opSRAI:
				x[in.rd] = alu(in.op, x[in.rs1], uint32(in.imm))
			case opADD, opSUB, opSLL, opSLT, opSLTU, opXOR, opSRL, opSRA, opOR, opAND,
				opMUL, opMULH, opMULHSU, opMULHU, opDIV, opDIVU, opREM, opREMU:
				x[in.rd] = alu(in.op, x[in.rs1], x[in.rs2])
			case opFENCE:
			case opFENCEI:
				// Predecoded code is invalidated on every store, so the cache
				// is always coherent: nothing to flush.
			case opECALL:
				cause, tval = causeECallM, 0
				goto trap
			case opEBREAK:
				if m.semihost != nil && in.ln == 4 && m.semihostAt(pc) {
					npc = m.riscvSemihost(h, pc, n)
					goto brk
				}
				cause, tval = causeBreakpoint, 0 // QEMU 7.2 leaves mtval 0 for ebreak
				goto trap
			case opMRET:
				h.mret()
				npc = h.mepc
				goto brk
			case opWFI:
				if h.mip&h.mie == 0 {
					h.waiting = true
				}
				npc = pc + uint32(in.ln)
				goto brk
			case opCSRRW, opCSRRS, opCSRRC, opCSRRWI, opCSRRSI, opCSRRCI:
				wrote, ok := m.csrInsn(h, in, n)
				if !ok {
					cause, tval = causeIllegal, m.rawAt(pc)
					goto trap
				}
				if wrote {
					npc = pc + uint32(in.ln)
					goto brk
				}
			default: // atomics
				if c, t, ok := m.atomic(h, in, n); !ok {
					cause, tval = c, t
					goto trap
				}
				if m.brk {
					npc = pc + uint32(in.ln)
					goto brk
				}
			}
			n++
			// A branch instead of pc += in.ln: the predicted branch lets the
			// next slot's address be known without waiting for this slot's
			// load, which would otherwise chain every step to the previous.
			if in.ln == 2 {
				pc += 2
				continue
			}
			pc += 4
		}
	}
	goto done

brk:
	m.brkPC = pc
	pc = npc
	n++

done:
	h.pc = pc
	m.endBatch(h, n)
	return n

trap:
	m.skipBP = false
	m.brk = false
	h.pc = pc
	h.retire(n)
	m.watchHit = false
	m.exitReq = false
	if m.exception(h, pc, cause, tval, n) {
		h.cycle += h.counted(inhibitCY, 1) // the trap entry takes a cycle but retires nothing
		n++
	}
	return n
}

func b2u(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}

func div(a, b uint32) uint32 {
	switch {
	case b == 0:
		return ^uint32(0)
	case a == 0x80000000 && b == ^uint32(0):
		return a
	}
	return uint32(int32(a) / int32(b))
}

func rem(a, b uint32) uint32 {
	switch {
	case b == 0:
		return a
	case a == 0x80000000 && b == ^uint32(0):
		return 0
	}
	return uint32(int32(a) % int32(b))
}
