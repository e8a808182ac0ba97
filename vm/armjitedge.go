package vm

import (
	x86 "github.com/rewind-debugger/rewind/vm/amd64"
)

// Edges of a fused compare and branch: the compare leaves its flags in
// the host flags, and each way out stores only the flags its target
// block reads before writing them or leaving (armBlock.liveIn), when the
// target's code is known at compile time (the block itself, or a block
// of the page compiled already). The target's own budget check is an
// exit that needs every flag, so such an edge checks the target's steps
// itself and enters its body past the check; when they do not fit, a
// cold stub computes the compare's flags again from its operands (still
// in the registers), stores all four and leaves as the target's check
// would have. Any other edge stores the four flags and branches as usual.

// fusedEdge ends the block of fused compare in (operation i, host flags
// set by it) towards pc (taken or not).
func (g *armJitGen) fusedEdge(in *armOp, pc uint32, taken bool) {
	a := g.a
	start := g.b.ops[0].pc
	self := taken && pc == start
	live, body, steps := uint8(15), uintptr(0), uint64(0)
	switch o := pc - g.apBase; {
	case self && g.elide:
		live = 0
	case self:
		live = g.liveIn
	case o < pageSize:
		if nb := g.ap.blk[o>>1]; nb != nil && nb != armNoBlock && nb.entry != 0 && nb.bodyE != 0 {
			live, body, steps = nb.liveIn, nb.bodyE, nb.n
		}
	}
	g.need = live
	g.setNZCVsub()
	if live == 15 || !self && steps > 0x7fffffff {
		g.branch(pc, taken)
		return
	}
	if !self || g.pass == 1 {
		g.markLines()
	}
	if self {
		refl := g.refreshFlags(in, 0, 0, g.nofit)
		a.ALURI64(x86.SUB, ajLeftR, int32(g.b.n))
		if g.pass == 1 {
			a.Jcc(x86.CB, refl)
			a.Jmp(g.body2)
		} else {
			a.Jcc(x86.CAE, g.body2)
			a.Jmp(refl)
		}
		return
	}
	refl := g.refreshFlags(in, steps, pc, g.out)
	a.ALURI64(x86.SUB, ajLeftR, int32(steps))
	a.Jcc(x86.CB, refl)
	if g.at != 0 {
		a.JmpAbs(body, g.at)
	} else {
		a.MovRI64(x86.RCX, uint64(body))
		a.JmpR(x86.RCX)
	}
}

// refreshFlags returns the label of a cold stub that stores the four
// flags of fused compare in again (after its operation ran) and goes on
// to next; with steps, it first gives them back and reports that the
// block at pc did not fit.
func (g *armJitGen) refreshFlags(in *armOp, steps uint64, pc uint32, next x86.Label) x86.Label {
	a := g.a
	l := a.NewLabel()
	g.cold = append(g.cold, func() {
		a.Bind(l)
		if steps != 0 {
			a.ALURI64(x86.ADD, ajLeftR, int32(steps))
		}
		switch in.X {
		case xCMPiB:
			g.load(x86.RAX, in.Rn)
			a.ALURI32(x86.CMP, x86.RAX, int32(in.Imm))
		case xCMPrB:
			g.load(x86.RAX, in.Rn)
			g.aluR(x86.CMP, x86.RAX, in.Rm)
		default: // SUBS Rd, Rn, #imm: Rn is Rd + imm when they are one
			if in.Rd&15 == in.Rn&15 {
				g.load(x86.RAX, in.Rd)
				a.ALURI32(x86.ADD, x86.RAX, int32(in.Imm))
			} else {
				g.load(x86.RAX, in.Rn)
			}
			a.ALURI32(x86.CMP, x86.RAX, int32(in.Imm))
		}
		g.need = 15
		g.setNZCVsub()
		if steps != 0 {
			a.MovMI32(x86.M(ajCtx, ajPC), pc)
			a.MovMI32(x86.M(ajCtx, ajKind), armJitNoFit)
		}
		a.Jmp(next)
	})
	return l
}

// A loop on itself ending in a fused compare enters its second copy
// (armJitGen.body2) only from its own back edge, so the flags there are
// those of its compare, whose operands stay in their registers until an
// operation writes one. When no operation before the first one writing
// all four flags reads a flag, writes only some, or leaves after one of
// those operands changed, the back edge stores no flag: the exits before
// that operation compute them again (armJitGen.elideTo).

// selfElision reports whether b's back edge may leave the flags in the
// host flags alone, and before which operation its exits must compute
// them again.
func selfElision(b *armBlock) (int, bool) {
	last := len(b.ops) - 1
	t := &b.ops[last]
	var regs uint32
	switch t.X {
	case xCMPrB:
		regs = 1<<(t.Rn&15) | 1<<(t.Rm&15)
	case xCMPiB, xSUBSiB:
		regs = 1 << (t.Rn & 15)
	default:
		return 0, false
	}
	if t.Cond >= 14 || t.t != b.ops[0].pc {
		return 0, false
	}
	dirty := false
	for i := range last {
		op := &b.ops[i]
		w, r, exits := ajFlagUse(op)
		switch {
		case r != 0, exits && dirty, w != 0 && w != 15:
			return 0, false
		case w == 15:
			return i, true
		}
		if ajNames(op)&regs != 0 {
			dirty = true
		}
	}
	return last, true
}

// ajNames is the set of guest registers op names (bit r: register r), a
// superset of those it writes.
func ajNames(op *armOp) uint32 {
	m := uint32(1)<<(op.Rd&15) | 1<<(op.Rn&15) | 1<<(op.Rm&15) | 1<<(op.Ra&15)
	switch op.X {
	case xLDM, xLDMpc, xSTMDB:
		m |= op.Imm & 0xffff
	}
	return m
}
