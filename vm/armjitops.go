package vm

import (
	x86 "github.com/rewind-debugger/rewind/vm/amd64"
	"github.com/rewind-debugger/rewind/vm/thumb"
)

// op lowers operation i of the block; false when it has no lowering.
func (g *armJitGen) op(i int) bool {
	in := &g.b.ops[i]
	a := g.a
	switch in.X {
	case xMOVi:
		g.setI(in.Rd, in.Imm)
	case xMOVr:
		if hm, ok := g.mapped(in.Rm); ok {
			g.store(in.Rd, hm)
			break
		}
		h := g.dest(in.Rd)
		g.load(h, in.Rm)
		g.done(in.Rd, h)
	case xMOVSi:
		g.setI(in.Rd, in.Imm)
		if g.need&8 != 0 {
			a.MovMI8(ajFlag[0], uint8(in.Imm>>31))
		}
		if g.need&4 != 0 {
			a.MovMI8(ajFlag[1], b2u8(in.Imm == 0))
		}
	case xMOVSr, xMVNSr:
		h := g.dest(in.Rd)
		g.load(h, in.Rm)
		if in.X == xMVNSr {
			a.NotR32(h)
		}
		g.done(in.Rd, h)
		if g.need != 0 {
			a.TestRR32(h, h)
			g.setNZ()
		}
	case xLSL, xLSR, xASR, xLSLS, xLSRS, xASRS:
		h := g.dest(in.Rd)
		g.load(h, in.Rm)
		a.ShiftRI32([...]x86.Shift{x86.SHL, x86.SHR, x86.SAR}[(in.X-xLSL)%3], h, in.ShN)
		g.done(in.Rd, h)
		if in.X >= xLSLS {
			g.setNZ()
			g.setC(x86.CB)
		}
	case xADDi, xSUBi, xADDSi, xSUBSi, xCMPi:
		g.binopI(ajArith(in.X), in.Rd, in.Rn, in.Imm)
		g.arithFlags(in)
	case xADDr, xSUBr, xADDSr, xSUBSr, xCMPr:
		g.binopR(ajArith(in.X), in.Rd, in.Rn, in.Rm)
		g.arithFlags(in)
	case xRSBSi:
		a.MovRI32(x86.RAX, in.Imm)
		g.aluR(x86.SUB, x86.RAX, in.Rn)
		g.store(in.Rd, x86.RAX)
		g.setNZCVsub()
	case xANDr, xORRr, xEORr, xANDSr, xORRSr, xEORSr:
		g.binopR(ajLogic(in.X), in.Rd, in.Rn, in.Rm)
		if in.X >= xANDSr {
			g.setNZ()
		}
	case xBICr, xBICSr:
		g.load(x86.RCX, in.Rm)
		a.NotR32(x86.RCX)
		g.binopH(x86.AND, in.Rd, in.Rn, x86.RCX)
		if in.X == xBICSr {
			g.setNZ()
		}
	case xTSTr:
		g.load(x86.RAX, in.Rn)
		g.aluR(x86.AND, x86.RAX, in.Rm)
		g.setNZ()
	case xADDsh, xSUBsh, xRSBsh, xANDsh, xORRsh, xEORsh, xBICsh:
		if in.X == xADDsh && in.ShT == thumb.ShLSL && in.ShN <= 3 {
			hn, ok := g.mapped(in.Rn)
			if !ok {
				hn = x86.RAX
				g.load(x86.RAX, in.Rn)
			}
			hm, ok := g.mapped(in.Rm)
			if !ok {
				hm = x86.RCX
				g.load(x86.RCX, in.Rm)
			}
			h := g.dest(in.Rd)
			a.Lea32(h, x86.MX(hn, hm, 1<<in.ShN, 0))
			g.done(in.Rd, h)
			break
		}
		g.load(x86.RCX, in.Rm)
		a.ShiftRI32([...]x86.Shift{x86.SHL, x86.SHR, x86.SAR}[in.ShT%3], x86.RCX, in.ShN)
		switch in.X {
		case xRSBsh:
			g.aluR(x86.SUB, x86.RCX, in.Rn)
			g.store(in.Rd, x86.RCX)
		case xBICsh:
			a.NotR32(x86.RCX)
			g.binopH(x86.AND, in.Rd, in.Rn, x86.RCX)
		default:
			g.binopH(ajShifted(in.X), in.Rd, in.Rn, x86.RCX)
		}
	case xDP:
		g.dp(in)
	case xSBFX, xUBFX:
		w := uint32(in.ShN)
		h := g.dest(in.Rd)
		g.load(h, in.Rn)
		if sh := uint8(32 - in.Imm - w); sh != 0 {
			a.ShiftRI32(x86.SHL, h, sh)
		}
		if sh := uint8(32 - w); sh != 0 {
			a.ShiftRI32([2]x86.Shift{x86.SAR, x86.SHR}[in.X-xSBFX], h, sh)
		}
		g.done(in.Rd, h)
	case xUXTB:
		h := g.dest(in.Rd)
		g.extend(h, in.Rm, 8, false)
		g.done(in.Rd, h)
	case xUXTH:
		h := g.dest(in.Rd)
		g.extend(h, in.Rm, 16, false)
		g.done(in.Rd, h)
	case xSXTB:
		h := g.dest(in.Rd)
		g.extend(h, in.Rm, 8, true)
		g.done(in.Rd, h)
	case xSXTH:
		h := g.dest(in.Rd)
		g.extend(h, in.Rm, 16, true)
		g.done(in.Rd, h)
	case xMUL, xMULS, xMLA, xMLS:
		g.load(x86.RAX, in.Rn)
		a.ImulRR32(x86.RAX, g.operand(x86.RCX, in.Rm))
		switch in.X {
		case xMLA:
			g.aluR(x86.ADD, x86.RAX, in.Ra)
		case xMLS:
			g.load(x86.RCX, in.Ra)
			a.ALURR32(x86.SUB, x86.RCX, x86.RAX)
			a.MovRR32(x86.RAX, x86.RCX)
		}
		g.store(in.Rd, x86.RAX)
		if in.X == xMULS && g.need != 0 {
			a.TestRR32(x86.RAX, x86.RAX)
			g.setNZ()
		}
	case xUMULL, xSMULL, xUMLAL, xSMLAL:
		g.load(x86.RAX, in.Rn)
		hm := g.operand(x86.RCX, in.Rm)
		if in.X == xUMULL || in.X == xUMLAL {
			a.MulR32(hm)
		} else {
			a.ImulR32(hm)
		}
		if in.X == xUMLAL || in.X == xSMLAL {
			g.aluR(x86.ADD, x86.RAX, in.Rd)
			g.aluR(x86.ADC, x86.RDX, in.Ra)
		}
		g.store(in.Rd, x86.RAX)
		g.store(in.Ra, x86.RDX)
	case xUDIV, xSDIV:
		g.div(i, in)
	case xMOVT:
		g.extend(x86.RAX, in.Rd, 16, false)
		a.ALURI32(x86.OR, x86.RAX, int32(in.Imm<<16))
		g.store(in.Rd, x86.RAX)
	case xCLZ:
		g.load(x86.RAX, in.Rm)
		a.MovRI32(x86.RCX, 63)
		a.BsrRR32(x86.RDX, x86.RAX)
		a.Cmov32(x86.CE, x86.RDX, x86.RCX)
		a.ALURI32(x86.XOR, x86.RDX, 31)
		g.store(in.Rd, x86.RDX)
	case xADR:
		g.setI(in.Rd, (in.pc+4)&^3+in.Imm)
	case xNOP:
	default:
		return g.term(i, in) || g.mem(i, in)
	}
	return true
}

// ajArith is the host operation of an add, subtract or compare form.
func ajArith(x uint8) x86.ALU {
	switch x {
	case xADDi, xADDr, xADDSi, xADDSr:
		return x86.ADD
	case xCMPi, xCMPr:
		return x86.CMP
	}
	return x86.SUB
}

// ajLogic is the host operation of a logical register form.
func ajLogic(x uint8) x86.ALU {
	switch x {
	case xANDr, xANDSr:
		return x86.AND
	case xORRr, xORRSr:
		return x86.OR
	}
	return x86.XOR
}

// ajShifted is the host operation of a shifted-register form but RSB and BIC.
func ajShifted(x uint8) x86.ALU {
	switch x {
	case xADDsh:
		return x86.ADD
	case xSUBsh:
		return x86.SUB
	case xANDsh:
		return x86.AND
	case xORRsh:
		return x86.OR
	}
	return x86.XOR
}

// arithFlags stores the flags of an add, subtract or compare form with S.
func (g *armJitGen) arithFlags(in *armOp) {
	switch in.X {
	case xADDSi, xADDSr:
		g.setNZCVadd()
	case xSUBSi, xSUBSr, xCMPi, xCMPr:
		g.setNZCVsub()
	}
}

// div lowers UDIV and SDIV; a divisor of 0 leaves them to the interpreter.
func (g *armJitGen) div(i int, in *armOp) {
	a := g.a
	g.load(x86.RCX, in.Rm)
	a.TestRR32(x86.RCX, x86.RCX)
	a.Jcc(x86.CE, g.opExitAt(i))
	g.load(x86.RAX, in.Rn)
	if in.X == xUDIV {
		a.ALURR32(x86.XOR, x86.RDX, x86.RDX)
		a.DivR32(x86.RCX)
	} else {
		neg, done := a.NewLabel(), a.NewLabel()
		a.ALURI32(x86.CMP, x86.RCX, -1)
		a.Jcc(x86.CE, neg)
		a.Cdq()
		a.IdivR32(x86.RCX)
		a.Jmp(done)
		a.Bind(neg) // x / -1 is -x, MinInt32 included, without the host's fault
		a.NegR32(x86.RAX)
		a.Bind(done)
	}
	g.store(in.Rd, x86.RAX)
}

// dp lowers xDP: any data-processing operation on an immediate, a
// register or a register shifted by a constant.
func (g *armJitGen) dp(in *armOp) {
	a := g.a
	s := in.Flags&thumb.FS != 0
	// The second operand in ECX; the shifter's carry, when it has one, in DL.
	carry := 0 // 0: C unchanged; 1: C = DL; 2: C = the immediate's
	if in.ShT == thumb.ShImm {
		a.MovRI32(x86.RCX, in.Imm)
		if in.Flags&thumb.FImmC != 0 {
			carry = 2
		}
	} else {
		g.load(x86.RCX, in.Rm)
		if sh := in.ShN; sh != 0 {
			a.ShiftRI32([...]x86.Shift{x86.SHL, x86.SHR, x86.SAR, x86.ROR}[in.ShT&3], x86.RCX, sh)
			a.Setcc(x86.CB, x86.RDX)
			carry = 1
		}
	}
	op := in.Op
	if op != thumb.OpMOV && op != thumb.OpMVN {
		g.load(x86.RAX, in.Rn)
	}
	res := x86.RAX
	switch op {
	case thumb.OpADD, thumb.OpCMN:
		a.ALURR32(x86.ADD, x86.RAX, x86.RCX)
	case thumb.OpSUB, thumb.OpCMP:
		a.ALURR32(x86.SUB, x86.RAX, x86.RCX)
	case thumb.OpRSB:
		a.ALURR32(x86.SUB, x86.RCX, x86.RAX)
		res = x86.RCX
	case thumb.OpADC:
		g.carryIn(false)
		a.ALURR32(x86.ADC, x86.RAX, x86.RCX)
	case thumb.OpSBC:
		g.carryIn(true)
		a.ALURR32(x86.SBB, x86.RAX, x86.RCX)
	default:
		g.logic(op, s, carry, in)
		return
	}
	if s {
		if op == thumb.OpADD || op == thumb.OpCMN || op == thumb.OpADC {
			g.setNZCVadd()
		} else {
			g.setNZCVsub()
		}
	}
	if op != thumb.OpCMP && op != thumb.OpCMN {
		g.store(in.Rd, res)
	}
}

// logic ends dp for the logical operations (x in EAX, y in ECX).
func (g *armJitGen) logic(op thumb.Op, s bool, carry int, in *armOp) {
	a := g.a
	switch op {
	case thumb.OpMOV:
		a.MovRR32(x86.RAX, x86.RCX)
	case thumb.OpMVN:
		a.NotR32(x86.RCX)
		a.MovRR32(x86.RAX, x86.RCX)
	case thumb.OpAND, thumb.OpTST:
		a.ALURR32(x86.AND, x86.RAX, x86.RCX)
	case thumb.OpBIC:
		a.NotR32(x86.RCX)
		a.ALURR32(x86.AND, x86.RAX, x86.RCX)
	case thumb.OpORR:
		a.ALURR32(x86.OR, x86.RAX, x86.RCX)
	case thumb.OpORN:
		a.NotR32(x86.RCX)
		a.ALURR32(x86.OR, x86.RAX, x86.RCX)
	default: // EOR, TEQ
		a.ALURR32(x86.XOR, x86.RAX, x86.RCX)
	}
	if s && g.need != 0 {
		a.TestRR32(x86.RAX, x86.RAX)
		g.setNZ()
		switch {
		case g.need&2 == 0:
		case carry == 1:
			a.MovMR8(ajFlag[2], x86.RDX)
		case carry == 2:
			a.MovMI8(ajFlag[2], in.Flags>>3&1)
		}
	}
	if op != thumb.OpTST && op != thumb.OpTEQ {
		g.store(in.Rd, x86.RAX)
	}
}

// term lowers the block terminators; false for any other operation.
func (g *armJitGen) term(i int, in *armOp) bool {
	a := g.a
	switch in.X {
	case xB:
		g.branch(in.t, true)
	case xBL:
		g.setI(14, (in.pc+4)|1)
		g.branch(in.t, true)
	case xFall:
		g.branch(in.nt, false)
	case xBcc, xCBZ, xCBNZ:
		if in.X == xBcc && in.Cond >= 14 {
			return false
		}
		taken := a.NewLabel()
		switch in.X {
		case xBcc:
			g.condJump(in.Cond, taken)
		case xCBZ, xCBNZ:
			g.load(x86.RAX, in.Rn)
			a.TestRR32(x86.RAX, x86.RAX)
			a.Jcc([2]x86.Cond{x86.CE, x86.CNE}[in.X-xCBZ], taken)
		}
		g.branch(in.nt, false)
		a.Bind(taken)
		g.branch(in.t, true)
	case xCMPiB, xCMPrB, xSUBSiB:
		if in.Cond >= 14 {
			return false
		}
		switch in.X {
		case xCMPiB:
			g.binopI(x86.CMP, 0, in.Rn, in.Imm)
		case xCMPrB:
			g.binopR(x86.CMP, 0, in.Rn, in.Rm)
		default:
			g.binopI(x86.SUB, in.Rd, in.Rn, in.Imm)
		}
		taken := a.NewLabel()
		a.Jcc(ajHostCond[in.Cond], taken)
		g.fusedEdge(in, in.nt, false)
		a.Bind(taken)
		g.fusedEdge(in, in.t, true)
	case xBX, xBLX:
		g.load(x86.RAX, in.Rm)
		exit := g.opExitAt(i)
		a.TestRI32(x86.RAX, 1)
		a.Jcc(x86.CE, exit)
		a.ALURI32(x86.CMP, x86.RAX, -0x10000000)
		a.Jcc(x86.CAE, exit)
		a.ALURI32(x86.AND, x86.RAX, -2)
		if in.X == xBLX {
			g.setI(14, (in.pc+2)|1)
		}
		g.dynBranch()
	default:
		return false
	}
	return true
}
