package vm

import (
	"math/bits"

	x86 "github.com/rewind-debugger/rewind/vm/amd64"
	"github.com/rewind-debugger/rewind/vm/thumb"
)

// Loads and stores of compiled Thumb code take the memory's page tables
// for compiled code inline (jittab.go; the copy of the fast page table the
// block interpreter takes): an address off RAM, a page without a fast view
// (untouched, watched, holding code, shared with a snapshot...), a page
// crossing or an unaligned access CCR.UNALIGN_TRP traps leaves the
// operation to the interpreter, nothing of it done.

// Alignment rules of an access.
const (
	ajAny     = iota // no alignment condition (bytes)
	ajUnal           // unaligned only when CCR.UNALIGN_TRP is clear, within the page
	ajAligned        // word aligned always (LDM, STM)
)

// access emits the checks of an access of span bytes at the address in
// EDX through the store view (wr) or the load view, jumping to exit when
// the interpreter must take the operation. A store leaves the page in RCX
// and the offset in it in EDX; a load leaves the address in EDX and the
// load view's entry in RCX, their sum the host address (g.mat covers both).
func (g *armJitGen) access(exit x86.Label, span uint32, wr bool, align int) {
	a := g.a
	g.wr = wr
	var cold, back x86.Label
	switch {
	case align == ajAligned:
		a.TestRI32(x86.RDX, 3)
		a.Jcc(x86.CNE, exit)
	case align == ajUnal && span > 1:
		cold, back = a.NewLabel(), a.NewLabel()
		a.TestRI32(x86.RDX, span-1)
		a.Jcc(x86.CNE, cold)
		a.Bind(back)
	}
	a.MovRR32(x86.RCX, x86.RDX)
	a.ShiftRI32(x86.SHR, x86.RCX, pageShift)
	view := int32(0)
	if wr {
		view = jitWrOff
	}
	a.MovRM64(x86.RCX, x86.MX(ajFastR, x86.RCX, 8, view))
	a.TestRR64(x86.RCX, x86.RCX)
	a.Jcc(x86.CE, exit)
	if wr {
		a.ALURI32(x86.AND, x86.RDX, pageMask)
	}
	switch {
	case align == ajAligned && span > 4:
		off := x86.RDX // within the page
		if !wr {
			off = x86.RAX
			a.MovRR32(x86.RAX, x86.RDX)
			a.ALURI32(x86.AND, x86.RAX, pageMask)
		}
		a.ALURI32(x86.CMP, off, int32(pageSize-span))
		a.Jcc(x86.CA, exit)
	case align == ajUnal && span > 1:
		g.cold = append(g.cold, func() {
			// Unaligned: the interpreter's unless UNALIGN_TRP is clear and
			// the access stays in its page.
			a.Bind(cold)
			a.ALUMI32(x86.CMP, x86.M(ajCtx, ajTrp), 0)
			a.Jcc(x86.CNE, exit)
			a.MovRR32(x86.RCX, x86.RDX)
			a.ALURI32(x86.AND, x86.RCX, pageMask)
			a.ALURI32(x86.CMP, x86.RCX, int32(pageSize-span))
			a.Jcc(x86.CA, exit)
			a.Jmp(back)
		})
	}
}

// mat is the byte disp bytes past the one the access (g.access) reaches.
func (g *armJitGen) mat(disp int32) x86.Mem {
	if g.wr {
		return x86.MX(x86.RCX, x86.RDX, 1, pgData+disp)
	}
	return x86.MX(x86.RCX, x86.RDX, 1, disp)
}

// markWritten marks the line of page offset EDX (plus disp) stored to,
// with EAX as scratch.
func (g *armJitGen) markWritten(disp int32) {
	a := g.a
	a.Lea32(x86.RAX, x86.M(x86.RDX, disp))
	a.ShiftRI32(x86.SHR, x86.RAX, LineShift)
	a.MovMI8(x86.MX(x86.RCX, x86.RAX, 1, pgWl), 1)
}

// loadSized loads the operand of load op at [RCX+RDX] into guest
// register r.
func (g *armJitGen) loadSized(r uint8, op thumb.Op) {
	h, ok := g.mapped(r)
	if !ok {
		h = x86.RCX
	}
	switch op {
	case thumb.OpLDR:
		g.a.MovRM32(h, g.mat(0))
	case thumb.OpLDRH:
		g.a.MovzxRM16(h, g.mat(0))
	case thumb.OpLDRSH:
		g.a.MovsxRM16(h, g.mat(0))
	case thumb.OpLDRB:
		g.a.MovzxRM8(h, g.mat(0))
	default:
		g.a.MovsxRM8(h, g.mat(0))
	}
	if !ok {
		g.store(r, x86.RCX)
	}
}

// storeSized stores the low size bytes of guest register r at [RCX+RDX]
// (EAX is scratch).
func (g *armJitGen) storeSized(size uint32, r uint8) {
	h, ok := g.mapped(r)
	if !ok {
		g.load(x86.RAX, r)
		h = x86.RAX
	}
	switch size {
	case 4:
		g.a.MovMR32(g.mat(0), h)
	case 2:
		g.a.MovMR16(g.mat(0), h)
	default:
		g.a.MovMR8(g.mat(0), h)
	}
}

// addr sets EDX to guest register rn plus imm.
func (g *armJitGen) addr(rn uint8, imm int32) {
	if h, ok := g.mapped(rn); ok {
		g.a.Lea32(x86.RDX, x86.M(h, imm))
		return
	}
	g.load(x86.RDX, rn)
	if imm != 0 {
		g.a.ALURI32(x86.ADD, x86.RDX, imm)
	}
}

// addrIndexed sets EDX to guest register rn plus (rm << sh), or minus it
// when sub.
func (g *armJitGen) addrIndexed(rn, rm, sh uint8, sub bool) {
	a := g.a
	hn, okn := g.mapped(rn)
	hm, okm := g.mapped(rm)
	if !sub && sh <= 3 {
		if !okm {
			g.load(x86.RCX, rm)
			hm = x86.RCX
		}
		if !okn {
			g.load(x86.RDX, rn)
			hn = x86.RDX
		}
		a.Lea32(x86.RDX, x86.MX(hn, hm, 1<<sh, 0))
		return
	}
	g.load(x86.RDX, rn)
	if okm && sh == 0 {
		a.ALURR32(x86.SUB, x86.RDX, hm)
		return
	}
	g.load(x86.RCX, rm)
	if sh != 0 {
		a.ShiftRI32(x86.SHL, x86.RCX, sh)
	}
	op := [2]x86.ALU{x86.ADD, x86.SUB}[b2u8(sub)]
	a.ALURR32(op, x86.RDX, x86.RCX)
}

// mem lowers the loads and stores; false for any other operation.
func (g *armJitGen) mem(i int, in *armOp) bool {
	switch in.X {
	case xLDRi, xLDRBi, xSTRi, xSTRBi, xLDRr, xLDRBr, xSTRr, xSTRBr:
		op := in.Op
		if in.X >= xLDRr {
			g.addrIndexed(in.Rn, in.Rm, in.ShN, false)
		} else {
			g.addr(in.Rn, int32(in.Imm))
			op = [...]thumb.Op{thumb.OpLDR, thumb.OpLDRB, thumb.OpSTR, thumb.OpSTRB}[in.X-xLDRi]
		}
		g.single(i, in, op, false, 0)
	case xLDRiw, xLDRBiw, xSTRiw, xSTRBiw, xLD, xST:
		off := int32(in.Imm)
		if in.Flags&thumb.FAdd == 0 {
			off = -off
		}
		wb := in.Flags&thumb.FWback != 0
		switch {
		case in.Rn == 15:
			g.a.MovRI32(x86.RDX, (in.pc+4)&^3+uint32(off))
		case in.ShT != thumb.ShImm:
			if in.Flags&thumb.FIndex == 0 || wb {
				return false // no such encoding has a fast form
			}
			g.addrIndexed(in.Rn, in.Rm, in.ShN, in.Flags&thumb.FAdd == 0)
		case in.Flags&thumb.FIndex != 0:
			g.addr(in.Rn, off)
		default:
			g.addr(in.Rn, 0)
		}
		op := in.Op
		switch in.X {
		case xLDRiw, xLDRBiw, xSTRiw, xSTRBiw:
			op = [...]thumb.Op{thumb.OpLDR, thumb.OpLDRB, thumb.OpSTR, thumb.OpSTRB}[in.X-xLDRiw]
		}
		g.single(i, in, op, wb, off)
	case xLDM, xLDMpc, xSTMDB:
		g.multiple(i, in)
	default:
		return false
	}
	return true
}

// single ends a single load or store of operation op at the address in
// EDX; with wb, Rn gets off added (Rn != Rd for those forms).
func (g *armJitGen) single(i int, in *armOp, op thumb.Op, wb bool, off int32) {
	a := g.a
	size := lsSize(op)
	store := op == thumb.OpSTR || op == thumb.OpSTRH || op == thumb.OpSTRB
	align := ajUnal
	if size == 1 {
		align = ajAny
	}
	g.access(g.opExitAt(i), size, store, align)
	if store {
		g.storeSized(size, in.Rd)
		a.ShiftRI32(x86.SHR, x86.RDX, LineShift) // activity: the line stored to
		a.MovMI8(x86.MX(x86.RCX, x86.RDX, 1, pgWl), 1)
	} else {
		g.loadSized(in.Rd, op)
	}
	if wb {
		g.addI(in.Rn, off)
	}
}

// multiple lowers LDM (with or without PC) and STMDB.
func (g *armJitGen) multiple(i int, in *armOp) {
	a := g.a
	cnt := uint32(bits.OnesCount32(in.Imm))
	exit := g.opExitAt(i)
	if in.X == xSTMDB {
		g.addr(in.Rn, -int32(4*cnt))
	} else {
		g.addr(in.Rn, 0)
	}
	g.access(exit, 4*cnt, in.X == xSTMDB, ajAligned)
	wb := in.Flags&thumb.FWback != 0
	list := in.Imm
	k := int32(0)
	switch in.X {
	case xSTMDB:
		g.markWritten(0)
		g.markWritten(int32(4*cnt - 1))
		for l := list; l != 0; l &= l - 1 {
			r := uint8(bits.TrailingZeros32(l))
			h, ok := g.mapped(r)
			if !ok {
				g.load(x86.RAX, r)
				h = x86.RAX
			}
			a.MovMR32(g.mat(k), h)
			k += 4
		}
		if wb {
			g.addI(in.Rn, -int32(4*cnt))
		}
		return
	case xLDMpc:
		a.MovRM32(x86.RAX, g.mat(int32(4*cnt-4)))
		a.TestRI32(x86.RAX, 1)
		a.Jcc(x86.CE, exit)
		a.ALURI32(x86.CMP, x86.RAX, -0x10000000)
		a.Jcc(x86.CAE, exit)
		list &= 0x7fff
	}
	for l := list; l != 0; l &= l - 1 {
		r := uint8(bits.TrailingZeros32(l))
		if h, ok := g.mapped(r); ok {
			a.MovRM32(h, g.mat(k))
		} else {
			a.MovRM32(x86.RAX, g.mat(k))
			g.store(r, x86.RAX)
		}
		k += 4
	}
	if wb {
		g.addI(in.Rn, int32(4*cnt))
	}
	if in.X == xLDMpc {
		a.MovRM32(x86.RAX, g.mat(int32(4*cnt-4)))
		a.ALURI32(x86.AND, x86.RAX, -2)
		g.dynBranch()
	}
}
