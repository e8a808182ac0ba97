package vm

import (
	"math/bits"

	"github.com/rewind-debugger/rewind/vm/thumb"
)

// armFault is a synchronous exception raised by an instruction.
type armFault struct {
	exc     int
	cfsr    uint32 // CFSR bits to set
	hfsr    uint32 // HFSR bits to set (debug events)
	addr    uint32 // MMFAR or BFAR, when cfsr says it is valid
	ret     uint32 // return address stacked
	counted bool   // the instruction counts as a step (SVC, undefined instructions)
}

// armExec runs the Cortex-M core of h for at most limit steps and returns
// how many it ran. Like exec, it ends the batch early whenever the slow
// path asks (MMIO, special-register writes, exception return, WFI, stops).
func (m *Machine) armExec(h *Hart, limit uint64) (n uint64) {
	a := &h.arm
	r := &a.r
	mem := m.mem
	fp := mem.fast
	base := mem.base
	pc := h.pc
	var (
		f        armFault
		in       *thumb.Inst
		tmp      thumb.Inst
		ap       *armPage
		apBase   uint32
		npc, res uint32
		ok       bool
	)
	if a.tFault {
		f = armFault{exc: excUsageFault, cfsr: cfsrINVSTATE, ret: pc}
		goto fault
	}
loop:
	for n < limit {
		ap, apBase = m.armCodeAt(pc)
		if ap == nil {
			f = armFault{exc: excBusFault, cfsr: cfsrIBUSERR, ret: pc}
			goto fault
		}
		for n < limit {
			if pc-apBase >= pageSize {
				break
			}
			// Decoded blocks of fast forms first (armBlocks), then the full
			// switch for the instruction they stopped at.
			if pc, n = m.armBlocks(a, ap, apBase, pc, n, limit); n >= limit || pc-apBase >= pageSize {
				continue
			}
			in = &ap.s[(pc-apBase)>>1]
			ap.lines[(pc-apBase)>>LineShift] = 1 // activity: executed lines
		dispatch:
			if a.it != 0 && in.Op > thumb.OpBreak && !a.condPass(a.it>>4) && in.Op != thumb.OpBKPT {
				a.itAdvance()
				n++
				pc += uint32(in.Size)
				continue
			}
			r[15] = pc + 4
			switch in.Op {
			case thumb.OpUndecoded, thumb.OpBreak:
				if in.Op == thumb.OpBreak && !m.noBP && !(m.skipBP && n == 0) {
					m.setStop(Stop{Reason: StopBreakpoint, Hart: h.id, PC: pc, Time: m.time + n})
					break loop
				}
				if tmp, ok = m.armDecodeAt(pc); !ok {
					f = armFault{exc: excBusFault, cfsr: cfsrIBUSERR, ret: pc}
					goto fault
				}
				if in.Op == thumb.OpUndecoded && !m.noFast && !(pc&pageMask == pageSize-2 && tmp.Size == 4) {
					*in = tmp
				} else {
					in = &tmp
				}
				goto dispatch
			case thumb.OpMOV, thumb.OpMVN, thumb.OpAND, thumb.OpBIC, thumb.OpORR, thumb.OpORN, thumb.OpEOR, thumb.OpTST, thumb.OpTEQ:
				var op2 uint32
				c := a.carry()
				switch {
				case in.ShT == thumb.ShImm:
					op2 = in.Imm
					if in.Flags&thumb.FImmC != 0 {
						c = in.Flags&thumb.FImmCV != 0
					}
				case in.ShN == 0 && in.ShT == thumb.ShLSL:
					op2 = r[in.Rm&15]
				default:
					op2, c = shiftC(r[in.Rm&15], in.ShT, in.ShN, a.carry())
				}
				switch in.Op {
				case thumb.OpMOV:
					res = op2
				case thumb.OpMVN:
					res = ^op2
				case thumb.OpAND, thumb.OpTST:
					res = r[in.Rn&15] & op2
				case thumb.OpBIC:
					res = r[in.Rn&15] &^ op2
				case thumb.OpORR:
					res = r[in.Rn&15] | op2
				case thumb.OpORN:
					res = r[in.Rn&15] | ^op2
				default: // EOR, TEQ
					res = r[in.Rn&15] ^ op2
				}
				if setsFlags(in, a.it) {
					a.setNZC(res, c)
				}
				if in.Op == thumb.OpTST || in.Op == thumb.OpTEQ {
					break
				}
				if in.Rd == 15 {
					npc = res &^ 1
					goto branch
				}
				r[in.Rd&15] = res
			case thumb.OpADD:
				res = r[in.Rn&15] + a.op2(in)
				if setsFlags(in, a.it) {
					a.nzcv = addNZCV(r[in.Rn&15], a.op2(in), res)
				}
				if in.Rd == 15 {
					npc = res &^ 1
					goto branch
				}
				r[in.Rd&15] = res
			case thumb.OpSUB:
				res = r[in.Rn&15] - a.op2(in)
				if setsFlags(in, a.it) {
					a.nzcv = subNZCV(r[in.Rn&15], a.op2(in), res)
				}
				if in.Rd == 15 {
					npc = res &^ 1
					goto branch
				}
				r[in.Rd&15] = res
			case thumb.OpCMP:
				x, y := r[in.Rn&15], a.op2(in)
				a.nzcv = subNZCV(x, y, x-y)
			case thumb.OpMOVW:
				r[in.Rd&15] = in.Imm
			case thumb.OpMOVT:
				r[in.Rd&15] = r[in.Rd&15]&0xffff | in.Imm<<16
			case thumb.OpUXTB:
				if in.ShN != 0 || in.Rn != 15 {
					goto slow
				}
				r[in.Rd&15] = r[in.Rm&15] & 0xff
			case thumb.OpUXTH:
				if in.ShN != 0 || in.Rn != 15 {
					goto slow
				}
				r[in.Rd&15] = r[in.Rm&15] & 0xffff
			case thumb.OpLDM, thumb.OpSTMDB:
				// Fast path: POP/LDMIA and PUSH/STMDB inside one RAM page.
				cnt := uint32(bits.OnesCount32(in.Imm))
				start := r[in.Rn&15]
				if in.Op == thumb.OpSTMDB {
					start -= 4 * cnt
				}
				off := start - base
				if start&3 != 0 || off>>pageShift >= uint32(len(fp)) || off&pageMask > pageSize-4*cnt {
					goto slow
				}
				if in.Op == thumb.OpLDM {
					p := fp[off>>pageShift].rd
					if p == nil || in.Imm&(1<<in.Rn) != 0 {
						goto slow
					}
					d := p.data[off&pageMask:]
					k := 0
					for l := in.Imm & 0x7fff; l != 0; l &= l - 1 {
						r[bits.TrailingZeros32(l)] = le.Uint32(d[k:])
						k += 4
					}
					if in.Flags&thumb.FWback != 0 {
						r[in.Rn&15] = start + 4*cnt
					}
					if in.Imm&(1<<15) != 0 {
						npc = le.Uint32(d[k:])
						goto bxwrite
					}
					break
				}
				p := fp[off>>pageShift].wr
				if p == nil {
					goto slow
				}
				d := p.data[off&pageMask:]
				k := 0
				for l := in.Imm; l != 0; l &= l - 1 {
					le.PutUint32(d[k:], r[bits.TrailingZeros32(l)])
					k += 4
				}
				p.wl.set(off&pageMask, uint32(max(k, 1))) // activity: lines stored to
				if in.Flags&thumb.FWback != 0 {
					r[in.Rn&15] = start
				}
			case thumb.OpADC, thumb.OpSBC, thumb.OpRSB, thumb.OpCMN:
				op2 := in.Imm
				if in.ShT != thumb.ShImm {
					op2, _ = shiftC(r[in.Rm&15], in.ShT, in.ShN, a.carry())
				}
				x := r[in.Rn&15]
				var c, v bool
				switch in.Op {
				case thumb.OpCMN:
					res, c, v = addC(x, op2, false)
				case thumb.OpADC:
					res, c, v = addC(x, op2, a.carry())
				case thumb.OpSBC:
					res, c, v = addC(x, ^op2, a.carry())
				default: // RSB
					res, c, v = addC(^x, op2, true)
				}
				if setsFlags(in, a.it) {
					a.setNZCV(res, c, v)
				}
				if in.Op == thumb.OpCMN {
					break
				}
				if in.Rd == 15 {
					npc = res &^ 1
					goto branch
				}
				r[in.Rd&15] = res
			case thumb.OpLSLr, thumb.OpLSRr, thumb.OpASRr, thumb.OpRORr:
				var c bool
				res, c = shiftC(r[in.Rn&15], uint8(in.Op-thumb.OpLSLr), uint8(min(r[in.Rm&15]&0xff, 255)), a.carry())
				if in.Op == thumb.OpRORr && r[in.Rm&15]&0xff == 0 {
					c = a.carry()
				}
				if setsFlags(in, a.it) {
					a.setNZC(res, c)
				}
				r[in.Rd&15] = res
			case thumb.OpMUL:
				res = r[in.Rn&15] * r[in.Rm&15]
				if setsFlags(in, a.it) {
					a.setNZ(res)
				}
				r[in.Rd&15] = res
			case thumb.OpMLA:
				r[in.Rd&15] = r[in.Ra&15] + r[in.Rn&15]*r[in.Rm&15]
			case thumb.OpMLS:
				r[in.Rd&15] = r[in.Ra&15] - r[in.Rn&15]*r[in.Rm&15]
			case thumb.OpUMULL:
				hi, lo := bits.Mul32(r[in.Rn&15], r[in.Rm&15])
				r[in.Rd&15], r[in.Ra&15] = lo, hi
			case thumb.OpSMULL:
				p := int64(int32(r[in.Rn&15])) * int64(int32(r[in.Rm&15]))
				r[in.Rd&15], r[in.Ra&15] = uint32(p), uint32(p>>32)
			case thumb.OpUMLAL:
				p := uint64(r[in.Rn&15])*uint64(r[in.Rm&15]) + (uint64(r[in.Ra&15])<<32 | uint64(r[in.Rd&15]))
				r[in.Rd&15], r[in.Ra&15] = uint32(p), uint32(p>>32)
			case thumb.OpSMLAL:
				p := int64(int32(r[in.Rn&15]))*int64(int32(r[in.Rm&15])) + int64(uint64(r[in.Ra&15])<<32|uint64(r[in.Rd&15]))
				r[in.Rd&15], r[in.Ra&15] = uint32(p), uint32(p>>32)
			case thumb.OpSDIV, thumb.OpUDIV:
				d := r[in.Rm&15]
				switch {
				case d == 0:
					if a.ccr&ccrDIV0TRP != 0 {
						f = armFault{exc: excUsageFault, cfsr: cfsrDIVBYZERO, ret: pc}
						goto fault
					}
					res = 0
				case in.Op == thumb.OpUDIV:
					res = r[in.Rn&15] / d
				case r[in.Rn&15] == 0x80000000 && d == ^uint32(0):
					res = 0x80000000
				default:
					res = uint32(int32(r[in.Rn&15]) / int32(d))
				}
				r[in.Rd&15] = res
			case thumb.OpLDR, thumb.OpLDRB, thumb.OpLDRH, thumb.OpLDRSB, thumb.OpLDRSH:
				b := r[in.Rn&15]
				if in.Rn == 15 {
					b = (pc + 4) &^ 3
				}
				o := in.Imm
				if in.ShT != thumb.ShImm {
					o = r[in.Rm&15] << in.ShN
				}
				ea := b - o
				if in.Flags&thumb.FAdd != 0 {
					ea = b + o
				}
				addr := b
				if in.Flags&thumb.FIndex != 0 {
					addr = ea
				}
				size := armSize(in.Op)
				if off := addr - base; off>>pageShift < uint32(len(fp)) && fp[off>>pageShift].rd != nil && off&pageMask <= pageSize-size &&
					(addr&(size-1) == 0 || a.ccr&ccrUNALIGNTRP == 0) {
					d := fp[off>>pageShift].rd.data[off&pageMask:]
					switch size {
					case 4:
						res = le.Uint32(d)
					case 2:
						res = uint32(le.Uint16(d))
					default:
						res = uint32(d[0])
					}
				} else if res, f = m.armLoad(h, addr, size, n, in.Flags&thumb.FUnpriv != 0); f.exc != 0 {
					f.ret = pc
					goto fault
				}
				switch in.Op {
				case thumb.OpLDRSB:
					res = uint32(int32(int8(res)))
				case thumb.OpLDRSH:
					res = uint32(int32(int16(res)))
				}
				if in.Flags&thumb.FWback != 0 {
					r[in.Rn&15] = ea
				}
				if in.Rd == 15 {
					npc = res
					goto bxwrite
				}
				r[in.Rd&15] = res
				if m.brk {
					npc = pc + uint32(in.Size)
					goto brk
				}
			case thumb.OpSTR, thumb.OpSTRB, thumb.OpSTRH:
				b := r[in.Rn&15]
				o := in.Imm
				if in.ShT != thumb.ShImm {
					o = r[in.Rm&15] << in.ShN
				}
				ea := b - o
				if in.Flags&thumb.FAdd != 0 {
					ea = b + o
				}
				addr := b
				if in.Flags&thumb.FIndex != 0 {
					addr = ea
				}
				size := armSize(in.Op)
				v := r[in.Rd&15]
				if off := addr - base; off>>pageShift < uint32(len(fp)) && fp[off>>pageShift].wr != nil && off&pageMask <= pageSize-size &&
					(addr&(size-1) == 0 || a.ccr&ccrUNALIGNTRP == 0) {
					d := fp[off>>pageShift].wr.data[off&pageMask:]
					fp[off>>pageShift].wr.wl[off>>LineShift&63] = 1 // activity
					switch size {
					case 4:
						le.PutUint32(d, v)
					case 2:
						le.PutUint16(d, uint16(v))
					default:
						d[0] = byte(v)
					}
				} else if f = m.armStore(h, addr, size, v, n, in.Flags&thumb.FUnpriv != 0); f.exc != 0 {
					f.ret = pc
					goto fault
				}
				if in.Flags&thumb.FWback != 0 {
					r[in.Rn&15] = ea
				}
				if m.brk {
					npc = pc + uint32(in.Size)
					goto brk
				}
			case thumb.OpB:
				if in.Cond == 14 || a.condPass(in.Cond) {
					npc = pc + 4 + in.Imm
					goto branch
				}
			case thumb.OpBL:
				r[14] = (pc + 4) | 1
				npc = pc + 4 + in.Imm
				goto branch
			case thumb.OpBX:
				npc = r[in.Rm&15]
				goto bxwrite
			case thumb.OpBLX:
				npc = r[in.Rm&15]
				r[14] = (pc + 2) | 1
				goto bxwrite
			case thumb.OpCBZ:
				if r[in.Rn&15] == 0 {
					npc = pc + 4 + in.Imm
					goto branch
				}
			case thumb.OpCBNZ:
				if r[in.Rn&15] != 0 {
					npc = pc + 4 + in.Imm
					goto branch
				}
			case thumb.OpIT:
				a.it = uint8(in.Imm)
				n++
				pc += 2
				continue
			case thumb.OpNOP, thumb.OpWFE, thumb.OpSEV:
			default:
				goto slow
			}
			if a.it != 0 {
				a.itAdvance()
			}
			n++
			if in.Size == 2 {
				pc += 2
				continue
			}
			pc += 4
			continue
		slow:
			switch {
			default:
				var done armDone
				done, f = m.armSlow(h, in, pc, n)
				switch done {
				case armNext:
				case armFaulted:
					goto fault
				case armBranch:
					npc = a.r[15]
					goto branch
				case armBX:
					npc = a.r[15]
					goto bxwrite
				case armEnd:
					npc = pc + uint32(in.Size)
					goto brk
				case armStop:
					break loop
				case armRetry:
					n++
					m.brkPC = pc
					h.pc = pc
					m.endBatch(h, n)
					return n
				}
			}
			if a.it != 0 {
				a.itAdvance()
			}
			n++
			pc += uint32(in.Size)
			continue
		bxwrite:
			// BXWritePC/LoadWritePC: interworking, and exception return in
			// Handler mode.
			if npc >= 0xf0000000 && a.ipsr != 0 {
				a.it = 0
				n++
				m.brkPC = pc
				h.pc = pc
				m.endBatch(h, n)
				m.armExceptionReturn(h, npc, n)
				return n
			}
			if npc&1 == 0 {
				a.tFault = true
				npc &^= 1
				goto brk
			}
			npc &^= 1
		branch:
			if a.it != 0 {
				a.itAdvance()
			}
			n++
			pc = npc
			if m.brk {
				m.brkPC = pc
				break loop
			}
		}
	}
	h.pc = pc
	m.endBatch(h, n)
	return n

brk:
	if a.it != 0 {
		a.itAdvance()
	}
	m.brkPC = pc
	pc = npc
	n++
	h.pc = pc
	m.endBatch(h, n)
	return n

fault:
	if f.counted {
		n++
	}
	h.pc = pc
	m.skipBP = false
	m.brk = false
	m.watchHit = false
	m.exitReq = false
	h.retire(n)
	m.armSyncException(h, f, n)
	return n
}

// armSize is the access size of a single load or store.
func armSize(op thumb.Op) uint32 {
	switch op {
	case thumb.OpLDR, thumb.OpSTR:
		return 4
	case thumb.OpLDRH, thumb.OpLDRSH, thumb.OpSTRH:
		return 2
	}
	return 1
}
