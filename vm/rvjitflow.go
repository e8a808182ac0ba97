package vm

import (
	"unsafe"

	x86 "github.com/rewind-debugger/rewind/vm/amd64"
)

// rjOffJin is the offset of the block field compiled code reads to chain
// blocks.
const rjOffJin = int32(unsafe.Offsetof(block{}.jin))

// rvjitCond is the x86 condition of a branch (or fused add and branch)
// after cmp rs1, rs2.
func rvjitCond(op uint8) x86.Cond {
	if op >= opADDIBEQ && op <= opADDBGEU {
		op = opBEQ + (op-opADDIBEQ)%6
	}
	return [...]x86.Cond{x86.CE, x86.CNE, x86.CL, x86.CGE, x86.CB, x86.CAE}[op-opBEQ]
}

// flow lowers the operation that ends the block: it goes on to the next
// block as runBlocks would (the steps were counted on entry).
func (g *rvjitGen) flow(o *bop) {
	a, b := g.a, g.b
	switch o.op {
	case opFall:
		g.jumpTo(b.end)
	case opJAL:
		g.setImm(o.rd, o.pc)
		g.jumpTo(uint32(o.imm))
	case opJALR:
		g.get(x86.RDX, o.rs1)
		a.ALURI32(x86.ADD, x86.RDX, o.imm)
		a.ALURI32(x86.AND, x86.RDX, -2)
		g.setImm(o.rd, o.pc)
		g.jumpRDX()
	default: // a branch, fused with an add or not
		var b1, b2 uint8
		target := uint32(o.imm)
		if o.op >= opBEQ && o.op <= opBGEU {
			b1, b2 = o.rs1, o.rs2
		} else {
			isImm, add := o.op < opADDBEQ, opADD
			if isImm {
				add = opADDI
			}
			g.alu(isImm, o.rd, o.rs1, o.rs2, o.imm, add)
			b1, b2, target = uint8(o.k), uint8(o.k>>8), o.pc
		}
		g.cmp(b1, false, b2, 0)
		taken := a.NewLabel()
		a.Jcc(rvjitCond(o.op), taken)
		g.jumpTo(b.end)
		a.Bind(taken)
		g.jumpTo(target)
	}
}

// jumpTo goes to the constant pc: back to the body when it is the block's
// own start and its steps fit again, else to the page's block there
// (straight to its code when it has code already, else through enter), or
// out for a pc off the page.
func (g *rvjitGen) jumpTo(pc uint32) {
	a, b := g.a, g.b
	switch {
	case pc == b.start:
		a.ALURI64(x86.SUB, rjLeft, int32(b.n))
		a.Jcc(x86.CB, g.exitTo(pc, true))
		a.Jmp(g.head)
	case pc-g.base < pageSize:
		if t := g.cp.blk[(pc-g.base)>>1]; t != nil && t.jin != 0 {
			// Its code stays until the page's blocks are dropped, b's
			// with them.
			g.flush()
			a.MovRI64(x86.RCX, uint64(t.jin))
			a.JmpR(x86.RCX)
			return
		}
		g.pend = append(g.pend, pc)
		a.MovRI64(x86.RAX, uint64(uintptr(unsafe.Pointer(&g.cp.blk[(pc-g.base)>>1]))))
		a.MovRM64(x86.RAX, x86.M(x86.RAX, 0))
		g.enter(g.exitTo(pc, false))
	default:
		a.Jmp(g.exitTo(pc, false))
	}
}

// jumpRDX goes to the pc in RDX (even): to the page's block there, through
// enter, or out.
func (g *rvjitGen) jumpRDX() {
	a := g.a
	out := a.NewLabel()
	a.MovRR32(x86.RAX, x86.RDX)
	a.ALURI32(x86.SUB, x86.RAX, int32(g.base))
	a.ALURI32(x86.CMP, x86.RAX, pageSize)
	a.Jcc(x86.CAE, out)
	a.MovRI64(x86.RCX, uint64(uintptr(unsafe.Pointer(&g.cp.blk[0]))))
	a.MovRM64(x86.RAX, x86.MX(x86.RCX, x86.RAX, 4, 0)) // slot off/2, 8 bytes each
	g.enter(out)
	a.Bind(out)
	a.MovMR32(x86.M(x86.RDI, rjOffPC), x86.RDX)
	a.MovMI32(x86.M(x86.RDI, rjOffExit), ^uint32(0))
	a.Jmp(g.tail)
}

// enter runs the block in RAX (the page's entry for the next pc, maybe
// nil) when it has code, which checks that its steps fit, else goes to
// out.
func (g *rvjitGen) enter(out x86.Label) {
	a := g.a
	a.TestRR64(x86.RAX, x86.RAX)
	a.Jcc(x86.CE, out)
	a.MovRM64(x86.RCX, x86.M(x86.RAX, rjOffJin))
	a.TestRR64(x86.RCX, x86.RCX)
	a.Jcc(x86.CE, out)
	g.flush()
	a.JmpR(x86.RCX)
}
