package vm

import (
	x86 "github.com/rewind-debugger/rewind/vm/amd64"
	"github.com/rewind-debugger/rewind/vm/thumb"
)

// Flags of compiled Thumb code: N, Z, C and V are one byte each in the
// context (0 or 1), set straight from the host flags with SETcc after the
// x86 operation that computes the same result (N=SF, Z=ZF, V=OF; C=CF
// after an add, NOT CF after a subtract or compare). A compare fused with
// its branch jumps on the host flags directly.

// Context slots of the flags.
var ajFlag = [4]x86.Mem{x86.M(ajCtx, ajF), x86.M(ajCtx, ajF+1), x86.M(ajCtx, ajF+2), x86.M(ajCtx, ajF+3)}

// setNZ stores N and Z from the host's SF and ZF, those of them a later
// reader needs (g.need).
func (g *armJitGen) setNZ() {
	if g.need&8 != 0 {
		g.a.SetccM(x86.CS, ajFlag[0])
	}
	if g.need&4 != 0 {
		g.a.SetccM(x86.CE, ajFlag[1])
	}
}

// setC stores C as host condition c, if needed.
func (g *armJitGen) setC(c x86.Cond) {
	if g.need&2 != 0 {
		g.a.SetccM(c, ajFlag[2])
	}
}

// setNZCVsub stores the four flags after a host SUB or CMP.
func (g *armJitGen) setNZCVsub() {
	g.setNZ()
	g.setC(x86.CAE)
	if g.need&1 != 0 {
		g.a.SetccM(x86.CO, ajFlag[3])
	}
}

// setNZCVadd stores the four flags after a host ADD or ADC.
func (g *armJitGen) setNZCVadd() {
	g.setNZ()
	g.setC(x86.CB)
	if g.need&1 != 0 {
		g.a.SetccM(x86.CO, ajFlag[3])
	}
}

// ajFlagUse is which flags (NZCV, bits 3-0) operation op writes and
// reads, and whether it may leave the block before it runs (an exit to
// the interpreter, which then needs every flag in the context).
func ajFlagUse(op *armOp) (writes, reads uint8, exits bool) {
	switch op.X {
	case xMOVSi, xMOVSr, xMVNSr, xANDSr, xORRSr, xEORSr, xBICSr, xTSTr, xMULS:
		return 12, 0, false
	case xLSLS, xLSRS, xASRS:
		return 14, 0, false
	case xADDSi, xADDSr, xSUBSi, xSUBSr, xCMPi, xCMPr, xRSBSi, xCMPiB, xCMPrB, xSUBSiB:
		return 15, 0, false
	case xBcc:
		return 0, 15, false
	case xDP:
		switch op.Op {
		case thumb.OpADC, thumb.OpSBC:
			reads = 2
		}
		if op.Flags&thumb.FS == 0 {
			return 0, reads, false
		}
		switch op.Op {
		case thumb.OpADD, thumb.OpCMN, thumb.OpSUB, thumb.OpCMP, thumb.OpRSB, thumb.OpADC, thumb.OpSBC:
			return 15, reads, false
		}
		if op.ShT == thumb.ShImm && op.Flags&thumb.FImmC != 0 || op.ShT != thumb.ShImm && op.ShN != 0 {
			return 14, reads, false
		}
		return 12, reads, false
	case xUDIV, xSDIV, xBX, xBLX, xLDRi, xLDRBi, xSTRi, xSTRBi, xLDRr, xLDRBr, xSTRr, xSTRBr,
		xLDRiw, xLDRBiw, xSTRiw, xSTRBiw, xLD, xST, xLDM, xLDMpc, xSTMDB:
		return 0, 0, true
	}
	return 0, 0, false
}

// ajNeeds computes, for each operation of b, which of the flags it writes
// a later reader needs: one in the block, or anything after the block or
// at an exit (every flag is then in the context), and which flags the
// block may read before writing them or leaving (its live-in flags).
func ajNeeds(b *armBlock, need []uint8) ([]uint8, uint8) {
	need = need[:0]
	for range b.ops {
		need = append(need, 0)
	}
	live := uint8(15)
	for i := len(b.ops) - 1; i >= 0; i-- {
		w, r, exits := ajFlagUse(&b.ops[i])
		need[i] = w & live
		live = live&^w | r
		if exits {
			live = 15
		}
	}
	return need, live
}

// carryIn sets the host CF to the guest's C (sub false) or to NOT C, the
// borrow SBB takes (sub true).
func (g *armJitGen) carryIn(sub bool) {
	g.a.ALUMI8(x86.CMP, ajFlag[2], 1) // CF = C < 1 = NOT C
	if !sub {
		g.a.Cmc()
	}
}

// ajHostCond is the host condition that holds after a host CMP x, y
// exactly when ARM condition cond holds after CMP x, y.
var ajHostCond = [14]x86.Cond{x86.CE, x86.CNE, x86.CAE, x86.CB, x86.CS, x86.CNS, x86.CO, x86.CNO, x86.CA, x86.CBE, x86.CGE, x86.CL, x86.CG, x86.CLE}

// condJump jumps to l when ARM condition cond (0-14) holds for the
// stored flags.
func (g *armJitGen) condJump(cond uint8, l x86.Label) {
	a := g.a
	flag := [...]int{1, 1, 2, 2, 0, 0, 3, 3}
	switch {
	case cond >= 14:
		a.Jmp(l)
	case cond < 8: // one flag: set (even) or clear (odd)
		a.ALUMI8(x86.CMP, ajFlag[flag[cond]], 0)
		a.Jcc(x86.CNE^x86.Cond(cond&1), l)
	case cond < 10: // HI: C > Z; LS: C <= Z
		a.MovzxRM8(x86.RAX, ajFlag[2])
		a.MovzxRM8(x86.RCX, ajFlag[1])
		a.ALURR32(x86.CMP, x86.RAX, x86.RCX)
		a.Jcc(x86.CA^x86.Cond(cond&1), l)
	case cond < 12: // GE: N == V; LT: N != V
		a.MovzxRM8(x86.RAX, ajFlag[0])
		a.MovzxRM8(x86.RCX, ajFlag[3])
		a.ALURR32(x86.CMP, x86.RAX, x86.RCX)
		a.Jcc(x86.CE^x86.Cond(cond&1), l)
	default: // GT: Z == 0 and N == V; LE: Z == 1 or N != V
		a.MovzxRM8(x86.RAX, ajFlag[0])
		a.MovzxRM8(x86.RCX, ajFlag[3])
		a.ALURR32(x86.XOR, x86.RAX, x86.RCX)
		a.MovzxRM8(x86.RCX, ajFlag[1])
		a.ALURR32(x86.OR, x86.RAX, x86.RCX)
		a.Jcc(x86.CE^x86.Cond(cond&1), l)
	}
}
