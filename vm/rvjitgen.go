package vm

import (
	"unsafe"

	x86 "github.com/rewind-debugger/rewind/vm/amd64"
)

// The host registers of compiled RISC-V code. RDI holds the context
// (rvjitCtx); RAX, RCX and RDX are scratch; the rjCache registers hold
// guest registers.
const (
	rjX    = x86.RSI // &x[0]
	rjFP   = x86.R8  // &fp[0]
	rjLeft = x86.R10 // steps left (ctx.left while the code runs)
)

// rjNCache is the number of host registers that hold a block's most used
// guest registers while it runs (rjCache).
const rjNCache = 5

// rjCache is the k-th host register that holds a guest register.
func rjCache(k int8) x86.Reg {
	return [rjNCache]x86.Reg{x86.RBX, x86.R9, x86.R11, x86.R12, x86.R13}[k]
}

// Field offsets the generated code uses.
const (
	rjOffX     = int32(unsafe.Offsetof(rvjitCtx{}.x))
	rjOffFP    = int32(unsafe.Offsetof(rvjitCtx{}.fp))
	rjOffLeft  = int32(unsafe.Offsetof(rvjitCtx{}.left))
	rjOffLines = int32(unsafe.Offsetof(rvjitCtx{}.lines))
	rjOffLast  = int32(unsafe.Offsetof(rvjitCtx{}.last))
	rjOffPC    = int32(unsafe.Offsetof(rvjitCtx{}.pc))
	rjOffExit  = int32(unsafe.Offsetof(rvjitCtx{}.exit))
)

// rvjitGen compiles one block.
type rvjitGen struct {
	a       *x86.Asm
	b       *block
	cp      *codePage // b's page, at base
	base    uint32
	nfp     uint32      // pages in RAM: len(memory.fast), fixed for a machine
	head    x86.Label   // the body, after the entry's marks and loads (a loop's target)
	tail    x86.Label   // the common exit: stores the registers, records the block and the steps left
	stubs   []rvjitStub // exits placed after the body
	host    [256]int8   // guest register r is in rjCache(host[r]-1), or in memory (0)
	dirty   [256]bool   // cached guest registers the block writes
	onEntry [256]bool   // cached guest registers loaded on entry
	nc      int         // cached registers
	pend    []uint32    // the pcs jumpTo looks blocks up for
	memo    rvjitMemo   // what the operation before left in RAX and RDX
	slow    []rvjitSlowPage
}

// rvjitStub is an out-of-line exit: to pc (exit < 0) or at operation exit,
// with the block's steps uncounted (undo: they were counted on entry).
type rvjitStub struct {
	l    x86.Label
	pc   uint32
	exit int32
	undo bool
}

// rvjitCompile assembles block b of page cp (at cpBase), in a memory of
// nfp pages, into a (reset first) and reports the offset of its chained
// entry (after the prologue Go's call runs) and the pcs of the page whose
// blocks it looks up (not compiled yet: it would go to their code
// directly), or false when b holds an operation it does not lower.
func rvjitCompile(a *x86.Asm, cp *codePage, cpBase uint32, b *block, nfp uint32) (jin int, pend [2]uint32, ok bool) {
	for i := range b.ops {
		if !rvjitLowers(b.ops[i].op) {
			return 0, pend, false
		}
	}
	a.Reset()
	g := rvjitGen{a: a, b: b, cp: cp, base: cpBase, nfp: nfp, head: a.NewLabel(), tail: a.NewLabel()}
	a.MovRM64(rjX, x86.M(x86.RDI, rjOffX))
	a.MovRM64(rjFP, x86.M(x86.RDI, rjOffFP))
	a.MovRM64(rjLeft, x86.M(x86.RDI, rjOffLeft))
	jin = a.Len()
	// The block's steps are counted on entry (a chained block checks its
	// own fit); an exit that leaves them uncounted adds them back.
	entryOut := a.NewLabel()
	a.ALURI64(x86.SUB, rjLeft, int32(b.n))
	a.Jcc(x86.CB, entryOut)
	if b.lines < 1<<31 {
		a.ALUMI64(x86.OR, x86.M(x86.RDI, rjOffLines), int32(b.lines))
	} else {
		a.MovRI64(x86.RAX, b.lines)
		a.ALUMR64(x86.OR, x86.M(x86.RDI, rjOffLines), x86.RAX)
	}
	g.allocate()
	for r, h := range g.host {
		if h > 0 && g.onEntry[r] {
			a.MovRM32(rjCache(h-1), gx(uint8(r)))
		}
	}
	a.Bind(g.head)
	for i := range b.ops {
		g.op(int32(i), &b.ops[i])
	}
	g.slowPages()
	for _, s := range g.stubs {
		a.Bind(s.l)
		if s.undo {
			a.ALURI64(x86.ADD, rjLeft, int32(b.n))
		}
		if s.exit < 0 {
			a.MovMI32(x86.M(x86.RDI, rjOffPC), s.pc)
		}
		a.MovMI32(x86.M(x86.RDI, rjOffExit), uint32(s.exit))
		a.Jmp(g.tail)
	}
	a.Bind(g.tail)
	g.flush()
	g.ret()
	// Not entered (its steps do not fit): b ran last, for its own start, as
	// if the block before had returned it; no register was loaded.
	a.Bind(entryOut)
	a.ALURI64(x86.ADD, rjLeft, int32(b.n))
	a.MovMI32(x86.M(x86.RDI, rjOffPC), b.start)
	a.MovMI32(x86.M(x86.RDI, rjOffExit), ^uint32(0))
	g.ret()
	pend = [2]uint32{1, 1}
	copy(pend[:], g.pend)
	return jin, pend, true
}

// ret records the block as the one run last and the steps left, and
// returns to Go.
func (g *rvjitGen) ret() {
	g.a.MovMI32(x86.M(x86.RDI, rjOffLast), g.b.start)
	g.a.MovMR64(x86.M(x86.RDI, rjOffLeft), rjLeft)
	g.a.Ret()
}

// rvjitLowers reports whether the compiler lowers op.
func rvjitLowers(op uint8) bool {
	switch {
	case op >= opLUI && op <= opAND && op != opAUIPC, op >= opMUL && op <= opREMU,
		op >= opADDIBEQ && op <= opFall:
		return true
	}
	return false
}

// exitTo returns a label that leaves the code for pc, the block's steps
// counted unless undo.
func (g *rvjitGen) exitTo(pc uint32, undo bool) x86.Label {
	l := g.a.NewLabel()
	g.stubs = append(g.stubs, rvjitStub{l: l, pc: pc, exit: -1, undo: undo})
	return l
}

// exitAt returns a label that leaves the code at operation i, nothing of
// it done and the block's steps not counted.
func (g *rvjitGen) exitAt(i int32) x86.Label {
	l := g.a.NewLabel()
	g.stubs = append(g.stubs, rvjitStub{l: l, exit: i, undo: true})
	return l
}

// gx is guest register r's memory operand.
func gx(r uint8) x86.Mem { return x86.M(rjX, 4*int32(r)) }

// reg returns the host register holding guest register r, if any.
func (g *rvjitGen) reg(r uint8) (x86.Reg, bool) {
	if h := g.host[r]; h > 0 {
		return rjCache(h - 1), true
	}
	return 0, false
}

// get copies guest register r into host register h (x0 is always 0: it
// is never written, writes to it go to regSink).
func (g *rvjitGen) get(h x86.Reg, r uint8) {
	if c, ok := g.reg(r); r == 0 {
		g.a.MovRI32(h, 0)
	} else if !ok {
		g.a.MovRM32(h, gx(r))
	} else if c != h {
		g.a.MovRR32(h, c)
	}
}

// set copies host register h into guest register r. Writes to x0 (to
// regSink, which nothing reads) are dropped.
func (g *rvjitGen) set(r uint8, h x86.Reg) {
	if c, ok := g.reg(r); r == regSink {
		return
	} else if !ok {
		g.a.MovMR32(gx(r), h)
	} else if c != h {
		g.a.MovRR32(c, h)
	}
}

// setImm sets guest register r to v.
func (g *rvjitGen) setImm(r uint8, v uint32) {
	if c, ok := g.reg(r); r == regSink {
		return
	} else if ok {
		g.a.MovRI32(c, v)
	} else {
		g.a.MovMI32(gx(r), v)
	}
}

// flush stores the cached registers the block writes back to memory (the
// flags are kept).
func (g *rvjitGen) flush() {
	for r, h := range g.host {
		if h > 0 && g.dirty[r] {
			g.a.MovMR32(gx(uint8(r)), rjCache(h-1))
		}
	}
}

// op lowers operation i of the block.
func (g *rvjitGen) op(i int32, o *bop) {
	if o.op < opLB || o.op > opSW {
		g.memo.ok = false // RAX and RDX are scratch
	}
	switch o.op {
	case opLB, opLH, opLW, opLBU, opLHU:
		g.load(i, o)
		return
	case opSB, opSH, opSW:
		g.store(i, o)
		return
	case opMUL, opMULH, opMULHSU, opMULHU:
		g.mul(o)
	case opDIV, opDIVU, opREM, opREMU:
		g.div(o)
	case opADDIADDI, opADDIADD, opADDADDI, opADDADD:
		g.alu(o.op-opADDIADDI < 2, o.rd, o.rs1, o.rs2, o.imm, opADDI)
		rd, rs1, rs2 := uint8(o.k), uint8(o.k>>8), uint8(o.k>>16)
		if o.op == opADDIADDI || o.op == opADDADDI {
			g.alu(true, rd, rs1, 0, int32(o.pc), opADDI)
		} else {
			g.alu(false, rd, rs1, rs2, 0, opADD)
		}
	default:
		if o.op >= opJAL && o.op <= opBGEU || o.op >= opADDIBEQ && o.op <= opFall {
			g.flow(o)
			return
		}
		g.alu(o.op == opLUI || o.op >= opADDI && o.op <= opSRAI, o.rd, o.rs1, o.rs2, o.imm, o.op)
	}
}

// alu lowers a register operation: with the immediate imm when isImm (op
// is then lui or an I-type operation, or opADDI for an add), else on rs2
// (op an R-type operation, or opADD).
func (g *rvjitGen) alu(isImm bool, rd, rs1, rs2 uint8, imm int32, op uint8) {
	a := g.a
	switch op {
	case opLUI:
		g.setImm(rd, uint32(imm))
	case opSLTI, opSLTIU, opSLT, opSLTU:
		a.ALURR32(x86.XOR, x86.RDX, x86.RDX)
		g.cmp(rs1, isImm, rs2, imm)
		c := x86.CL
		if op == opSLTIU || op == opSLTU {
			c = x86.CB
		}
		a.Setcc(c, x86.RDX)
		g.set(rd, x86.RDX)
	case opSLLI, opSRLI, opSRAI:
		h := g.dest(rd, rs1, rs2, true)
		a.ShiftRI32(rvjitShift(op), h, uint8(imm&31))
		g.set(rd, h)
	case opSLL, opSRL, opSRA:
		g.get(x86.RCX, rs2)
		h := g.dest(rd, rs1, rs2, false)
		a.ShiftRCL32(rvjitShift(op), h)
		g.set(rd, h)
	default:
		alu := rvjitALU(op)
		if _, ok := g.reg(rd); !ok && rd == rs1 { // in memory: op [rd], src
			if isImm {
				a.ALUMI32(alu, gx(rd), imm)
				return
			}
			if c, ok := g.reg(rs2); ok {
				a.ALUMR32(alu, gx(rd), c)
				return
			}
		}
		if !isImm && rs2 == 0 {
			isImm, imm = true, 0
		}
		if op == opSUB && rs1 == 0 && !isImm { // neg
			h := g.dest(rd, rs2, rs2, true)
			a.NegR32(h)
			g.set(rd, h)
			return
		}
		h := g.dest(rd, rs1, rs2, isImm)
		switch c, ok := g.reg(rs2); {
		case isImm && (imm == 0 && alu != x86.AND || imm == -1 && alu == x86.AND):
			// a move (mv): nothing to compute
		case isImm:
			a.ALURI32(alu, h, imm)
		case ok:
			a.ALURR32(alu, h, c)
		default:
			a.ALURM32(alu, h, gx(rs2))
		}
		g.set(rd, h)
	}
}

// dest returns the host register to compute rd = rs1 op src in, holding
// rs1: rd's own when rd is cached and src (rs2, unless isImm) is not rd
// after all, else RAX.
func (g *rvjitGen) dest(rd, rs1, rs2 uint8, isImm bool) x86.Reg {
	h := x86.RAX
	if c, ok := g.reg(rd); ok && (isImm || rd != rs2 || rd == rs1) {
		h = c
	}
	g.get(h, rs1)
	return h
}

// cmp compares guest register r1 with r2 (or imm when isImm), setting the
// flags of cmp r1, r2.
func (g *rvjitGen) cmp(r1 uint8, isImm bool, r2 uint8, imm int32) {
	a := g.a
	if !isImm && r2 == 0 {
		isImm, imm = true, 0
	}
	if r1 == 0 {
		a.MovRI32(x86.RAX, 0)
	}
	c1, ok1 := g.reg(r1)
	if r1 == 0 {
		c1, ok1 = x86.RAX, true
	}
	c2, ok2 := g.reg(r2)
	switch {
	case ok1 && isImm:
		a.ALURI32(x86.CMP, c1, imm)
	case ok1 && ok2:
		a.ALURR32(x86.CMP, c1, c2)
	case ok1:
		a.ALURM32(x86.CMP, c1, gx(r2))
	case isImm:
		a.ALUMI32(x86.CMP, gx(r1), imm)
	case ok2:
		a.ALUMR32(x86.CMP, gx(r1), c2)
	default:
		a.MovRM32(x86.RAX, gx(r1))
		a.ALURM32(x86.CMP, x86.RAX, gx(r2))
	}
}

// rvjitALU is the x86 operation of an add, sub, xor, or, and (immediate
// or register form).
func rvjitALU(op uint8) x86.ALU {
	switch op {
	case opADDI, opADD:
		return x86.ADD
	case opSUB:
		return x86.SUB
	case opXORI, opXOR:
		return x86.XOR
	case opORI, opOR:
		return x86.OR
	}
	return x86.AND // opANDI, opAND
}

// rvjitShift is the x86 shift of a RISC-V shift.
func rvjitShift(op uint8) x86.Shift {
	switch op {
	case opSLLI, opSLL:
		return x86.SHL
	case opSRLI, opSRL:
		return x86.SHR
	}
	return x86.SAR
}

// mul lowers mul, mulh, mulhsu and mulhu.
func (g *rvjitGen) mul(o *bop) {
	a := g.a
	if o.op == opMUL {
		c, ok := g.reg(o.rs2)
		if !ok {
			c = x86.RCX
			a.MovRM32(c, gx(o.rs2))
		}
		h := g.dest(o.rd, o.rs1, o.rs2, false)
		a.ImulRR32(h, c)
		g.set(o.rd, h)
		return
	}
	g.get(x86.RAX, o.rs1)
	g.get(x86.RCX, o.rs2)
	switch o.op {
	case opMULH:
		a.ImulR32(x86.RCX)
		g.set(o.rd, x86.RDX)
	case opMULHU:
		a.MulR32(x86.RCX)
		g.set(o.rd, x86.RDX)
	default: // mulhsu: a signed 33x32-bit product fits 64 bits
		a.MovsxdRR(x86.RAX, x86.RAX)
		a.ImulRR64(x86.RAX, x86.RCX)
		a.ShiftRI64(x86.SHR, x86.RAX, 32)
		g.set(o.rd, x86.RAX)
	}
}

// div lowers div, divu, rem and remu: a zero divisor gives -1 (div, divu)
// or the dividend (rem, remu), and MinInt32 / -1 gives MinInt32 with
// remainder 0, as RISC-V defines, without reaching x86's faulting cases.
func (g *rvjitGen) div(o *bop) {
	a := g.a
	rem := o.op == opREM || o.op == opREMU
	res := x86.RAX
	if rem {
		res = x86.RDX
	}
	done, zero := a.NewLabel(), a.NewLabel()
	g.get(x86.RAX, o.rs1)
	g.get(x86.RCX, o.rs2)
	a.TestRR32(x86.RCX, x86.RCX)
	a.Jcc(x86.CE, zero)
	if o.op == opDIV || o.op == opREM {
		do := a.NewLabel()
		a.ALURI32(x86.CMP, x86.RCX, -1)
		a.Jcc(x86.CNE, do)
		if rem { // x % -1 is 0
			a.MovRI32(x86.RDX, 0)
		} else { // x / -1 is -x, MinInt32 included
			a.NegR32(x86.RAX)
		}
		a.Jmp(done)
		a.Bind(do)
		a.Cdq()
		a.IdivR32(x86.RCX)
	} else {
		a.MovRI32(x86.RDX, 0)
		a.DivR32(x86.RCX)
	}
	a.Jmp(done)
	a.Bind(zero)
	if rem {
		a.MovRR32(x86.RDX, x86.RAX)
	} else {
		a.MovRI32(x86.RAX, ^uint32(0))
	}
	a.Bind(done)
	g.set(o.rd, res)
}
