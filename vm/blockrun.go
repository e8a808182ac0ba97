package vm

import "math/bits"

// runBlocks runs the decoded blocks of page cp (address cpBase) from pc,
// one after another, while a whole block fits in limit-n steps. It returns
// the pc and step count at the first instruction it leaves to the
// per-instruction executor: one no block can hold (a CSR access, a trap,
// a breakpoint, ...), a load or store whose fast path does not apply, an
// address outside the page, or the steps left before limit.
func (m *Machine) runBlocks(h *Hart, cp *codePage, cpBase, pc uint32, n, limit uint64) (uint32, uint64) {
	x := &h.x
	base := m.mem.base
	fp := m.mem.fast
	var last *block // the block run last, whose link to the next is not known
	for {
		off := pc - cpBase
		if off >= pageSize {
			return pc, n
		}
		b := cp.blk[off>>1]
		if b == nil {
			if limit-n < maxBlockLen {
				return pc, n // the end of a batch: not worth a block
			}
			b = m.buildBlock(cp, cpBase, pc)
		}
		if b.n == 0 || b.n > limit-n {
			return pc, n
		}
		if last != nil {
			last.link(pc, b)
		}
		var used uint64
		var exit int
		last, pc, used, exit = runChain(x, b, limit-n, fp, base, &cp.blkLines)
		n += used
		if exit >= 0 {
			o := &last.ops[exit]
			return o.pc, n + uint64(o.k)
		}
	}
}

// runChain runs block b on registers x, then the blocks linked after it,
// while each fits in the steps left of budget, marking the lines each
// block covers in lines (the page's executed-lines activity; a block left
// at a load or store marks its lines all the same, which only makes a
// reverse search scan a segment it could have skipped). It returns the block it ran
// last, the next pc and the steps run. exit is -1, or the index of the
// load or store of last whose fast path did not apply: nothing of it and
// after it was done, and the steps of last are not counted in used.
func runChain(x *[256]uint32, b *block, budget uint64, fp []fastPage, base uint32, lines *uint64) (last *block, pc uint32, used uint64, exit int) {
next:
	*lines |= b.lines // activity: the lines of b (all its runs, followed jumps included)
	pc = b.end
	ops := b.ops
	for i := 0; i < len(ops); i++ {
		o := &ops[i]
		switch o.op {
		case opLUI:
			x[o.rd] = uint32(o.imm)
		case opJAL:
			x[o.rd] = o.pc
			pc = uint32(o.imm)
		case opJALR:
			t := (x[o.rs1] + uint32(o.imm)) &^ 1
			x[o.rd] = o.pc
			pc = t
		case opBEQ:
			if x[o.rs1] == x[o.rs2] {
				pc = uint32(o.imm)
			}
		case opBNE:
			if x[o.rs1] != x[o.rs2] {
				pc = uint32(o.imm)
			}
		case opBLT:
			if int32(x[o.rs1]) < int32(x[o.rs2]) {
				pc = uint32(o.imm)
			}
		case opBGE:
			if int32(x[o.rs1]) >= int32(x[o.rs2]) {
				pc = uint32(o.imm)
			}
		case opBLTU:
			if x[o.rs1] < x[o.rs2] {
				pc = uint32(o.imm)
			}
		case opBGEU:
			if x[o.rs1] >= x[o.rs2] {
				pc = uint32(o.imm)
			}
		case opLW:
			a := x[o.rs1] + uint32(o.imm) - base
			if i := a >> pageShift; i < uint32(len(fp)) {
				if p := fp[i].rd; p != nil && a&pageMask <= pageSize-4 {
					x[o.rd] = le.Uint32(p.data[a&pageMask:])
					continue
				}
			}
			return b, pc, used, i
		case opLBU:
			a := x[o.rs1] + uint32(o.imm) - base
			if i := a >> pageShift; i < uint32(len(fp)) {
				if p := fp[i].rd; p != nil {
					x[o.rd] = uint32(p.data[a&pageMask])
					continue
				}
			}
			return b, pc, used, i
		case opLB:
			a := x[o.rs1] + uint32(o.imm) - base
			if i := a >> pageShift; i < uint32(len(fp)) {
				if p := fp[i].rd; p != nil {
					x[o.rd] = uint32(int32(int8(p.data[a&pageMask])))
					continue
				}
			}
			return b, pc, used, i
		case opLHU:
			a := x[o.rs1] + uint32(o.imm) - base
			if i := a >> pageShift; i < uint32(len(fp)) {
				if p := fp[i].rd; p != nil && a&pageMask <= pageSize-2 {
					x[o.rd] = uint32(le.Uint16(p.data[a&pageMask:]))
					continue
				}
			}
			return b, pc, used, i
		case opLH:
			a := x[o.rs1] + uint32(o.imm) - base
			if i := a >> pageShift; i < uint32(len(fp)) {
				if p := fp[i].rd; p != nil && a&pageMask <= pageSize-2 {
					x[o.rd] = uint32(int32(int16(le.Uint16(p.data[a&pageMask:]))))
					continue
				}
			}
			return b, pc, used, i
		case opSW:
			a := x[o.rs1] + uint32(o.imm) - base
			if i := a >> pageShift; i < uint32(len(fp)) {
				if p := fp[i].wr; p != nil && a&pageMask <= pageSize-4 {
					le.PutUint32(p.data[a&pageMask:], x[o.rs2])
					p.wl[a&pageMask>>LineShift] = 1 // activity: a line stored to
					continue
				}
			}
			return b, pc, used, i
		case opSB:
			a := x[o.rs1] + uint32(o.imm) - base
			if i := a >> pageShift; i < uint32(len(fp)) {
				if p := fp[i].wr; p != nil {
					p.data[a&pageMask] = byte(x[o.rs2])
					p.wl[a&pageMask>>LineShift] = 1 // activity: a line stored to
					continue
				}
			}
			return b, pc, used, i
		case opSH:
			a := x[o.rs1] + uint32(o.imm) - base
			if i := a >> pageShift; i < uint32(len(fp)) {
				if p := fp[i].wr; p != nil && a&pageMask <= pageSize-2 {
					le.PutUint16(p.data[a&pageMask:], uint16(x[o.rs2]))
					p.wl[a&pageMask>>LineShift] = 1 // activity: a line stored to
					continue
				}
			}
			return b, pc, used, i
		case opADDI:
			x[o.rd] = x[o.rs1] + uint32(o.imm)
		case opSLTI:
			x[o.rd] = b2u(int32(x[o.rs1]) < o.imm)
		case opSLTIU:
			x[o.rd] = b2u(x[o.rs1] < uint32(o.imm))
		case opXORI:
			x[o.rd] = x[o.rs1] ^ uint32(o.imm)
		case opORI:
			x[o.rd] = x[o.rs1] | uint32(o.imm)
		case opANDI:
			x[o.rd] = x[o.rs1] & uint32(o.imm)
		case opSLLI:
			x[o.rd] = x[o.rs1] << (uint32(o.imm) & 31)
		case opSRLI:
			x[o.rd] = x[o.rs1] >> (uint32(o.imm) & 31)
		case opSRAI:
			x[o.rd] = uint32(int32(x[o.rs1]) >> (uint32(o.imm) & 31))
		case opADD:
			x[o.rd] = x[o.rs1] + x[o.rs2]
		case opSUB:
			x[o.rd] = x[o.rs1] - x[o.rs2]
		case opSLL:
			x[o.rd] = x[o.rs1] << (x[o.rs2] & 31)
		case opSLT:
			x[o.rd] = b2u(int32(x[o.rs1]) < int32(x[o.rs2]))
		case opSLTU:
			x[o.rd] = b2u(x[o.rs1] < x[o.rs2])
		case opXOR:
			x[o.rd] = x[o.rs1] ^ x[o.rs2]
		case opSRL:
			x[o.rd] = x[o.rs1] >> (x[o.rs2] & 31)
		case opSRA:
			x[o.rd] = uint32(int32(x[o.rs1]) >> (x[o.rs2] & 31))
		case opOR:
			x[o.rd] = x[o.rs1] | x[o.rs2]
		case opAND:
			x[o.rd] = x[o.rs1] & x[o.rs2]
		case opMUL:
			x[o.rd] = x[o.rs1] * x[o.rs2]
		case opMULH:
			x[o.rd] = uint32(int64(int32(x[o.rs1])) * int64(int32(x[o.rs2])) >> 32)
		case opMULHSU:
			x[o.rd] = uint32(int64(int32(x[o.rs1])) * int64(x[o.rs2]) >> 32)
		case opMULHU:
			x[o.rd], _ = bits.Mul32(x[o.rs1], x[o.rs2])
		case opDIV:
			x[o.rd] = div(x[o.rs1], x[o.rs2])
		case opDIVU:
			a, d := x[o.rs1], x[o.rs2]
			if d == 0 {
				x[o.rd] = ^uint32(0)
			} else {
				x[o.rd] = a / d
			}
		case opREM:
			x[o.rd] = rem(x[o.rs1], x[o.rs2])
		case opADDIBEQ:
			x[o.rd] = x[o.rs1] + uint32(o.imm)
			if b1, b2 := uint8(o.k), uint8(o.k>>8); x[b1] == x[b2] {
				pc = o.pc
			}
		case opADDIBNE:
			x[o.rd] = x[o.rs1] + uint32(o.imm)
			if b1, b2 := uint8(o.k), uint8(o.k>>8); x[b1] != x[b2] {
				pc = o.pc
			}
		case opADDIBLT:
			x[o.rd] = x[o.rs1] + uint32(o.imm)
			if b1, b2 := uint8(o.k), uint8(o.k>>8); int32(x[b1]) < int32(x[b2]) {
				pc = o.pc
			}
		case opADDIBGE:
			x[o.rd] = x[o.rs1] + uint32(o.imm)
			if b1, b2 := uint8(o.k), uint8(o.k>>8); int32(x[b1]) >= int32(x[b2]) {
				pc = o.pc
			}
		case opADDIBLTU:
			x[o.rd] = x[o.rs1] + uint32(o.imm)
			if b1, b2 := uint8(o.k), uint8(o.k>>8); x[b1] < x[b2] {
				pc = o.pc
			}
		case opADDIBGEU:
			x[o.rd] = x[o.rs1] + uint32(o.imm)
			if b1, b2 := uint8(o.k), uint8(o.k>>8); x[b1] >= x[b2] {
				pc = o.pc
			}
		case opADDBEQ:
			x[o.rd] = x[o.rs1] + x[o.rs2]
			if b1, b2 := uint8(o.k), uint8(o.k>>8); x[b1] == x[b2] {
				pc = o.pc
			}
		case opADDBNE:
			x[o.rd] = x[o.rs1] + x[o.rs2]
			if b1, b2 := uint8(o.k), uint8(o.k>>8); x[b1] != x[b2] {
				pc = o.pc
			}
		case opADDBLT:
			x[o.rd] = x[o.rs1] + x[o.rs2]
			if b1, b2 := uint8(o.k), uint8(o.k>>8); int32(x[b1]) < int32(x[b2]) {
				pc = o.pc
			}
		case opADDBGE:
			x[o.rd] = x[o.rs1] + x[o.rs2]
			if b1, b2 := uint8(o.k), uint8(o.k>>8); int32(x[b1]) >= int32(x[b2]) {
				pc = o.pc
			}
		case opADDBLTU:
			x[o.rd] = x[o.rs1] + x[o.rs2]
			if b1, b2 := uint8(o.k), uint8(o.k>>8); x[b1] < x[b2] {
				pc = o.pc
			}
		case opADDBGEU:
			x[o.rd] = x[o.rs1] + x[o.rs2]
			if b1, b2 := uint8(o.k), uint8(o.k>>8); x[b1] >= x[b2] {
				pc = o.pc
			}
		case opADDIADDI:
			x[o.rd] = x[o.rs1] + uint32(o.imm)
			x[uint8(o.k)] = x[uint8(o.k>>8)] + o.pc
		case opADDIADD:
			x[o.rd] = x[o.rs1] + uint32(o.imm)
			x[uint8(o.k)] = x[uint8(o.k>>8)] + x[uint8(o.k>>16)]
		case opADDADDI:
			x[o.rd] = x[o.rs1] + x[o.rs2]
			x[uint8(o.k)] = x[uint8(o.k>>8)] + o.pc
		case opADDADD:
			x[o.rd] = x[o.rs1] + x[o.rs2]
			x[uint8(o.k)] = x[uint8(o.k>>8)] + x[uint8(o.k>>16)]
		case opREMU:
			a, d := x[o.rs1], x[o.rs2]
			if d != 0 {
				a %= d
			}
			x[o.rd] = a
		}
	}
	used += b.n
	nb := b.fall
	if pc != b.end {
		nb = nil
		if pc == b.jumpPC {
			nb = b.jump
		}
	}
	if nb == nil || nb.n > budget-used {
		return b, pc, used, -1
	}
	b = nb
	goto next
}
