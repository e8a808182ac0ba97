package vm

// Decoded blocks: straight-line runs of RISC-V instructions of one code page
// that the executor runs as a unit (runBlocks), with the limit and page
// checks once per block and the step count added once per block. A block
// holds only operations that cannot end a batch or trap except through a
// load or store, and a load or store whose fast path does not apply leaves
// the block before it, with pc and the step count of that instruction, so
// the per-instruction executor runs it exactly as before. Stops, interrupts
// and device time are therefore the same instruction for instruction.

// maxBlockLen bounds the instructions of one block.
const maxBlockLen = 64

// bop is one operation of a block: a predecoded instruction with its
// address and its position in the block. Constants are folded at build
// time: auipc and li become lui with the value, lui+addi on the same
// register one lui, and a jump's link value is a lui.
type bop struct {
	op           uint8
	rd, rs1, rs2 uint8
	imm          int32
	pc           uint32 // address of the instruction (a terminator: the next one)
	k            uint32 // instructions of the block before this one
}

// block is a decoded run of instructions starting at start. Unconditional
// jumps to the same page are followed, so a block may span several runs of
// the page. The last operation may be a branch or jump (a terminator):
// its imm is the absolute taken target (jalr: the offset), its pc the link
// value and fall-through, end.
//
// fall and jump link a block to the blocks that followed it (at end, and at
// jumpPC) once they were seen, so that runChain goes from block to block
// without a lookup. Until then they are the page's unlinked block, whose
// step count never fits a budget, and jumpPC is 1, no instruction's address. Links stay within the page: its blocks are dropped all
// together (dropBlocks), so a link never outlives its target.
type block struct {
	ops    []bop
	n      uint64 // instructions of the block
	start  uint32
	end    uint32 // address after the last instruction
	jumpPC uint32
	lines  uint64 // the page's 64-byte lines its instructions lie in (bit k: line k)
	fall   *block
	jump   *block
	jit    uintptr   // compiled code's entry from Go (rvjit.go), 0 if none
	jin    uintptr   // compiled code's entry from a chained block
	pend   [2]uint32 // pcs of the page the code looks blocks up for (1: none)
	runs   uint8     // runs before compiling (rvjitHot; rvjitNever: never)
}

// link records that block nb (at pc) followed b.
func (b *block) link(pc uint32, nb *block) {
	if pc == b.end {
		b.fall = nb
	} else {
		b.jump, b.jumpPC = nb, pc
	}
}

// blockOK reports whether op may be part of a block: it cannot trap, end
// the batch or touch anything but registers, except for a load or store,
// whose slow path is left to the per-instruction executor.
func blockOK(op uint8) bool {
	switch {
	case op >= opLUI && op <= opAND, op == opFENCE, op == opFENCEI, op >= opMUL && op <= opREMU:
		return true
	}
	return false
}

// isTerminator reports whether op ends a block: a branch or a jump.
func isTerminator(op uint8) bool { return op >= opJAL && op <= opBGEU }

// slotInsn returns the predecoded instruction at pc of page cp (address
// cpBase), decoding and caching it as the executor does. It returns nil for
// a breakpoint slot, an instruction that crosses the page end (never
// cached) or a failed fetch.
func (m *Machine) slotInsn(cp *codePage, cpBase, pc uint32) *insn {
	off := pc - cpBase
	in := &cp.s[off>>1]
	switch in.op {
	case opBreak:
		return nil
	case opUndecoded:
		w, ok := m.fetch(pc)
		if !ok || off == pageSize-2 && w&3 == 3 {
			return nil
		}
		*in = decode(w)
	}
	return in
}

// buildBlock decodes the block starting at pc of page cp and records it.
// A slot where no block can start gets the page's empty block.
func (m *Machine) buildBlock(cp *codePage, cpBase, pc uint32) *block {
	b := &block{start: pc, fall: &cp.unlinked, jump: &cp.unlinked, jumpPC: 1}
	slot := (pc - cpBase) >> 1
	var k uint32
	for k < maxBlockLen && pc-cpBase < pageSize {
		in := m.slotInsn(cp, cpBase, pc)
		if in == nil || !blockOK(in.op) {
			break
		}
		cp.cover(pc-cpBase, uint32(in.ln))
		b.lines |= 1<<((pc-cpBase)>>LineShift) | 1<<((pc-cpBase+uint32(in.ln)-1)>>LineShift)
		o := bop{op: in.op, rd: in.rd, rs1: in.rs1, rs2: in.rs2, imm: in.imm, pc: pc, k: k}
		next := pc + uint32(in.ln)
		k++
		if o.op == opJALR {
			o = b.foldCall(o)
		}
		switch {
		case o.op == opJAL && uint32(o.imm)+pc-cpBase < pageSize:
			// A jump within the page: follow it, keeping only the link.
			if o.rd != regSink {
				b.ops = append(b.ops, bop{op: opLUI, rd: o.rd, imm: int32(next), pc: pc, k: o.k})
			}
			pc += uint32(o.imm)
			continue
		case o.op >= opBEQ && o.op <= opBGEU:
			b.fuseBranch(o, pc+uint32(o.imm))
			pc = next
			b.end = pc
			return cp.addBlock(slot, b, k)
		case isTerminator(o.op):
			if o.op == opJAL {
				o.imm = int32(pc + uint32(o.imm))
			}
			o.pc = next // the link value
			b.ops = append(b.ops, o)
			pc = next
			b.end = pc
			return cp.addBlock(slot, b, k)
		case o.op == opFENCE, o.op == opFENCEI:
			// Nothing to do: predecoded code is invalidated on every store.
		case o.op >= opLB && o.op <= opSW:
			o.imm = int32(uint32(o.imm) - m.mem.base) // runChain indexes the memory from its base
			b.ops = append(b.ops, o)
		default:
			b.fold(o)
		}
		pc = next
	}
	b.end = pc
	return cp.addBlock(slot, b, k)
}

// foldCall turns jalr whose base register was just set to a constant
// (auipc+jalr, the call sequence) into a jal to the constant target.
func (b *block) foldCall(o bop) bop {
	if len(b.ops) == 0 {
		return o
	}
	prev := &b.ops[len(b.ops)-1]
	if prev.op != opLUI || prev.rd != o.rs1 || o.rs1 == 0 {
		return o
	}
	target := (uint32(prev.imm) + uint32(o.imm)) &^ 1
	if o.rd == prev.rd {
		b.ops = b.ops[:len(b.ops)-1] // the link overwrites the constant
	}
	return bop{op: opJAL, rd: o.rd, imm: int32(target - o.pc), pc: o.pc, k: o.k}
}

// fold appends a non-terminator operation, folding constants.
func (b *block) fold(o bop) {
	switch o.op {
	case opAUIPC:
		o.op, o.imm = opLUI, int32(o.pc+uint32(o.imm))
	case opADDI:
		if o.rs1 == 0 {
			o.op = opLUI
			break
		}
		if n := len(b.ops); n > 0 {
			if prev := &b.ops[n-1]; prev.op == opLUI && prev.rd == o.rs1 && prev.rd == o.rd {
				prev.imm += o.imm
				return
			}
		}
		if b.fusePair(o) {
			return
		}
	case opADD:
		if b.fusePair(o) {
			return
		}
	}
	b.ops = append(b.ops, o)
}

// addBlock records block b of k instructions at slot. A block that does
// not end with a terminator gets opFall: runChain walks the operations
// until one that ends the block.
func (cp *codePage) addBlock(slot uint32, b *block, k uint32) *block {
	b.n = uint64(k)
	if k == 0 {
		b = &cp.none
	} else if n := len(b.ops); n == 0 || !endsBlock(b.ops[n-1].op) {
		b.ops = append(b.ops, bop{op: opFall, pc: b.end, k: k})
	}
	cp.blk[slot] = b
	cp.nblk++
	return b
}
