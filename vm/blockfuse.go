package vm

// Fused block operations: an addi or add followed by the conditional
// branch that ends the block, in one dispatch. The branch's registers are
// in k (rs1 in the low byte, rs2 in the next) and its taken target in pc;
// the fall-through is the block's end.
const (
	opADDIBEQ = opCount + iota
	opADDIBNE
	opADDIBLT
	opADDIBGE
	opADDIBLTU
	opADDIBGEU
	opADDBEQ
	opADDBNE
	opADDBLT
	opADDBGE
	opADDBLTU
	opADDBGEU
)

// Fused pairs of adds, the commonest neighbours in compiled loops: the
// first operation as usual (rd, rs1, and imm or rs2), the second with its
// rd, rs1 and rs2 in the bytes of k (low first) and its immediate in pc.
const (
	opADDIADDI = opADDBGEU + 1 + iota
	opADDIADD
	opADDADDI
	opADDADD
)

// opFall ends a block that does not end with a branch or jump: the block
// falls through to its end address.
const opFall = opADDADD + 1

// runChain switches on op&127: every operation must fit in 7 bits.
const _ = uint8(127 - opFall)

// endsBlock reports whether op leaves runChain's walk of a block's
// operations: a branch or jump, an add fused with a branch, or opFall.
func endsBlock(op uint8) bool {
	return op >= opJAL && op <= opBGEU || op >= opADDIBEQ && op <= opADDBGEU || op == opFall
}

// fusePair fuses the addi or add o with the operation before it when that
// is an unfused addi or add of the instruction just before, and reports
// whether it did.
func (b *block) fusePair(o bop) bool {
	n := len(b.ops)
	if n == 0 {
		return false
	}
	prev := &b.ops[n-1]
	if prev.k+1 != o.k || prev.op != opADDI && prev.op != opADD {
		return false
	}
	switch {
	case prev.op == opADDI && o.op == opADDI:
		prev.op = opADDIADDI
	case prev.op == opADDI:
		prev.op = opADDIADD
	case o.op == opADDI:
		prev.op = opADDADDI
	default:
		prev.op = opADDADD
	}
	prev.k = uint32(o.rd) | uint32(o.rs1)<<8 | uint32(o.rs2)<<16
	prev.pc = uint32(o.imm)
	return true
}

// fuseBranch appends the branch terminator br to b, fused with the
// operation before it when that is an addi or add. target is the taken
// address.
func (b *block) fuseBranch(br bop, target uint32) {
	if n := len(b.ops); n > 0 {
		prev := &b.ops[n-1]
		var first uint8
		switch prev.op {
		case opADDI:
			first = opADDIBEQ
		case opADD:
			first = opADDBEQ
		}
		if first != 0 && prev.k+1 == br.k {
			prev.op = first + br.op - opBEQ
			prev.pc = target
			prev.k = uint32(br.rs1) | uint32(br.rs2)<<8
			return
		}
	}
	br.imm = int32(target)
	b.ops = append(b.ops, br)
}
