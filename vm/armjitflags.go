package vm

import . "github.com/rewind-debugger/rewind/vm/amd64"

// Flags of compiled Thumb code: N, Z, C and V are one byte each in the
// context (0 or 1), set straight from the host flags with SETcc after the
// x86 operation that computes the same result (N=SF, Z=ZF, V=OF; C=CF
// after an add, NOT CF after a subtract or compare). A compare fused with
// its branch jumps on the host flags directly.

// Context slots of the flags.
var ajFlag = [4]Mem{M(ajCtx, ajF), M(ajCtx, ajF+1), M(ajCtx, ajF+2), M(ajCtx, ajF+3)}

// setNZ stores N and Z from the host's SF and ZF.
func (g *armJitGen) setNZ() {
	g.a.SetccM(CS, ajFlag[0])
	g.a.SetccM(CE, ajFlag[1])
}

// setNZCVsub stores the four flags after a host SUB or CMP.
func (g *armJitGen) setNZCVsub() {
	g.setNZ()
	g.a.SetccM(CAE, ajFlag[2])
	g.a.SetccM(CO, ajFlag[3])
}

// setNZCVadd stores the four flags after a host ADD or ADC.
func (g *armJitGen) setNZCVadd() {
	g.setNZ()
	g.a.SetccM(CB, ajFlag[2])
	g.a.SetccM(CO, ajFlag[3])
}

// carryIn sets the host CF to the guest's C (sub false) or to NOT C, the
// borrow SBB takes (sub true).
func (g *armJitGen) carryIn(sub bool) {
	g.a.ALUMI8(CMP, ajFlag[2], 1) // CF = C < 1 = NOT C
	if !sub {
		g.a.Cmc()
	}
}

// ajHostCond is the host condition that holds after a host CMP x, y
// exactly when ARM condition cond holds after CMP x, y.
var ajHostCond = [14]Cond{CE, CNE, CAE, CB, CS, CNS, CO, CNO, CA, CBE, CGE, CL, CG, CLE}

// condJump jumps to l when ARM condition cond (0-14) holds for the
// stored flags.
func (g *armJitGen) condJump(cond uint8, l Label) {
	a := g.a
	flag := [...]int{1, 1, 2, 2, 0, 0, 3, 3}
	switch {
	case cond >= 14:
		a.Jmp(l)
	case cond < 8: // one flag: set (even) or clear (odd)
		a.ALUMI8(CMP, ajFlag[flag[cond]], 0)
		a.Jcc(CNE^Cond(cond&1), l)
	case cond < 10: // HI: C > Z; LS: C <= Z
		a.MovzxRM8(RAX, ajFlag[2])
		a.MovzxRM8(RCX, ajFlag[1])
		a.ALURR32(CMP, RAX, RCX)
		a.Jcc(CA^Cond(cond&1), l)
	case cond < 12: // GE: N == V; LT: N != V
		a.MovzxRM8(RAX, ajFlag[0])
		a.MovzxRM8(RCX, ajFlag[3])
		a.ALURR32(CMP, RAX, RCX)
		a.Jcc(CE^Cond(cond&1), l)
	default: // GT: Z == 0 and N == V; LE: Z == 1 or N != V
		a.MovzxRM8(RAX, ajFlag[0])
		a.MovzxRM8(RCX, ajFlag[3])
		a.ALURR32(XOR, RAX, RCX)
		a.MovzxRM8(RCX, ajFlag[1])
		a.ALURR32(OR, RAX, RCX)
		a.Jcc(CE^Cond(cond&1), l)
	}
}
