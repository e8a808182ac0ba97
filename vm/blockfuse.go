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
