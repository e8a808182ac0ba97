package vm

import (
	"unsafe"

	x86 "github.com/rewind-debugger/rewind/vm/amd64"
)

// Host registers of compiled Thumb code. RDI holds the context for the
// whole call, and more values live in registers from the Go entry to the
// return: the memory's page tables (jittab.go), the steps left, the activity
// lines and eight guest registers (armjitregs.go). RAX, RCX and RDX are
// scratch within one operation.
const (
	ajCtx    = x86.RDI
	ajFastR  = x86.R11
	ajLeftR  = x86.R14 // armJitCtx.left while the code runs
	ajLinesR = x86.R15 // armJitCtx.lines while the code runs
)

// armJitGen lowers one block to host code.
type armJitGen struct {
	a       *x86.Asm
	b       *armBlock
	ap      *armPage
	apBase  uint32
	top     x86.Label // the chain entry (budget check)
	exits   []ajExit
	cold    []func()    // out-of-line paths, emitted after the block
	needs   []uint8     // flags each operation must store (ajNeeds)
	liveIn  uint8       // flags the block reads before writing them or leaving
	elide   bool        // a loop on itself whose back edge stores no flag (armjitedge.go)
	elideTo int         // the exits of its second copy before this operation compute them
	host    [16]x86.Reg // the page's guest-to-host register map (armjitregs.go)
	at      uintptr     // where the code will be placed (0: unknown)
	nofit   x86.Label   // the exit when the block does not fit
	body2   x86.Label   // a loop on itself: the second copy of its code
	pass    int         // which copy is lowered
	need    uint8       // those of the operation lowered
	wr      bool        // the access lowered is a store (armjitmem.go)
	lazy    []ajLazy    // the sites that look a link up, at offsets
	out     x86.Label   // common tail: store the registers kept, return
	opExit  x86.Label   // common tail of operation exits
	brExit  x86.Label   // common tail of branch exits
}

// ajExit is an exit stub to emit after the block's code.
type ajExit struct {
	l    x86.Label
	kind uint32
	pc   uint32
	back uint32 // steps to give back (operation exits)
}

// gr is guest register r's slot in the context.
func gr(r uint8) x86.Mem { return x86.M(ajCtx, ajR+4*int32(r&15)) }

// Offsets of the Go structures compiled code reads.
const (
	abTkE   = int32(unsafe.Offsetof(armBlock{}.tkE))
	abNtE   = int32(unsafe.Offsetof(armBlock{}.ntE))
	abEntry = int32(unsafe.Offsetof(armBlock{}.entry))
	pgData  = int32(unsafe.Offsetof(page{}.data))
	pgWl    = int32(unsafe.Offsetof(page{}.wl))
)

// armJitGen compiles b (built on ap, address apBase). It returns the code
// (valid until the machine's assembler is used again), the offsets of the
// chain entry in it (the Go entry is at 0) and of the body past the
// budget check, and ok false when some operation of b has no lowering.
func (m *Machine) armJitGen(ap *armPage, apBase uint32, b *armBlock) ([]byte, ajOffsets, bool) {
	if m.mem.base&pageMask != 0 {
		return nil, ajOffsets{}, false // access assumes a page-aligned base
	}
	a := &m.jit.asm
	a.Reset()
	g := armJitGen{a: a, b: b, ap: ap, apBase: apBase, host: ap.jmap}
	if code := m.jitCode(); code != nil {
		g.at = code.Next()
	}
	g.top, g.out, g.opExit, g.brExit = a.NewLabel(), a.NewLabel(), a.NewLabel(), a.NewLabel()
	// Go entry: the values kept in registers.
	a.MovRM64(ajFastR, x86.M(ajCtx, ajFast))
	a.MovRM64(ajLeftR, x86.M(ajCtx, ajLeft))
	a.MovRM64(ajLinesR, x86.M(ajCtx, ajLines))
	g.loadRegs()
	goOff := a.Len()
	a.Bind(g.top)
	g.nofit = g.exit(armJitNoFit, b.ops[0].pc, 0)
	a.ALURI64(x86.SUB, ajLeftR, int32(b.n))
	a.Jcc(x86.CB, g.nofit)
	bodyOff := a.Len()
	g.needs, g.liveIn = ajNeeds(b, nil)
	g.body2 = a.NewLabel()
	passes := 1
	if t := &b.ops[len(b.ops)-1]; t.t == b.ops[0].pc && t.X != xFall {
		// A loop on itself runs a second copy of its code once the first
		// went round: its lines are marked then, so the copy's back edge is
		// the budget check alone.
		passes = 2
		g.elideTo, g.elide = selfElision(b)
	}
	for g.pass = 1; g.pass <= passes; g.pass++ {
		if g.pass == 2 {
			a.Bind(g.body2)
		}
		for i := range b.ops {
			g.need = g.needs[i]
			if !g.op(i) {
				return nil, ajOffsets{}, false
			}
		}
	}
	g.stubs()
	fn, err := a.Finish()
	if err != nil {
		return nil, ajOffsets{}, false
	}
	b.liveIn = g.liveIn
	return fn, ajOffsets{chain: goOff, body: bodyOff, lazy: g.lazy}, true
}

// ajOffsets are the offsets of a block's code entries past its Go entry.
type ajOffsets struct {
	chain int      // the chain entry (budget check)
	body  int      // the body, past the budget check
	lazy  []ajLazy // the sites that look a link up
}

// exit returns the label of a new exit stub.
func (g *armJitGen) exit(kind, pc, back uint32) x86.Label {
	l := g.a.NewLabel()
	g.exits = append(g.exits, ajExit{l: l, kind: kind, pc: pc, back: back})
	return l
}

// opExit returns the label of an exit before operation i: nothing of it
// done, its steps and the later ones given back.
func (g *armJitGen) opExitAt(i int) x86.Label {
	op := &g.b.ops[i]
	l := g.exit(armJitOp, op.pc, uint32(g.b.n)-uint32(op.k))
	if g.pass == 2 && g.elide && i < g.elideTo {
		return g.refreshFlags(&g.b.ops[len(g.b.ops)-1], 0, 0, l)
	}
	return l
}

// stubs emits the exit stubs and the common tails.
func (g *armJitGen) stubs() {
	a := g.a
	start := g.b.ops[0].pc
	for _, f := range g.cold {
		f()
	}
	for _, e := range g.exits {
		a.Bind(e.l)
		switch e.kind {
		case armJitNoFit:
			a.ALURI64(x86.ADD, ajLeftR, int32(g.b.n))
			a.MovMI32(x86.M(ajCtx, ajPC), e.pc)
			a.MovMI32(x86.M(ajCtx, ajKind), armJitNoFit)
			a.Jmp(g.out)
		case armJitOp:
			if e.back != 0 {
				a.ALURI64(x86.ADD, ajLeftR, int32(e.back))
			}
			a.MovMI32(x86.M(ajCtx, ajPC), e.pc)
			a.Jmp(g.opExit)
		case armJitDyn:
			a.MovMR32(x86.M(ajCtx, ajPC), x86.RAX)
			a.MovMI32(x86.M(ajCtx, ajKind), armJitDyn)
			a.Jmp(g.brExit)
		default:
			a.MovMI32(x86.M(ajCtx, ajPC), e.pc)
			a.MovMI32(x86.M(ajCtx, ajKind), e.kind)
			a.Jmp(g.brExit)
		}
	}
	a.Bind(g.opExit)
	a.MovMI32(x86.M(ajCtx, ajKind), armJitOp)
	a.Bind(g.brExit)
	a.MovMI32(x86.M(ajCtx, ajStart), start)
	a.Bind(g.out)
	a.MovMR64(x86.M(ajCtx, ajLeft), ajLeftR)
	a.MovMR64(x86.M(ajCtx, ajLines), ajLinesR)
	g.saveRegs()
	a.Ret()
}

// markLines adds the block's lines to the activity.
func (g *armJitGen) markLines() {
	if l := g.b.lines; l <= 0x7fffffff {
		g.a.ALURI64(x86.OR, ajLinesR, int32(l))
	} else {
		g.a.MovRI64(x86.RCX, l)
		g.a.ALURR64(x86.OR, ajLinesR, x86.RCX)
	}
}

// branch ends the block with a branch to pc through its link (taken:
// tk, else nt): straight to the target's compiled code once Go has
// linked it, else back to Go.
func (g *armJitGen) branch(pc uint32, taken bool) {
	a := g.a
	if g.pass == 1 || !taken || pc != g.b.ops[0].pc {
		g.markLines()
	}
	if taken && pc == g.b.ops[0].pc { // a loop on itself
		if g.pass == 1 {
			a.ALURI64(x86.SUB, ajLeftR, int32(g.b.n))
			a.Jcc(x86.CB, g.nofit)
			a.Jmp(g.body2)
		} else {
			a.ALURI64(x86.SUB, ajLeftR, int32(g.b.n))
			a.Jcc(x86.CAE, g.body2)
			a.Jmp(g.nofit)
		}
		return
	}
	if o := pc - g.apBase; o < pageSize {
		if nb := g.ap.blk[o>>1]; nb != nil && nb.entry != 0 {
			// Compiled already: its code is dropped with this block's.
			if g.at != 0 {
				a.JmpAbs(nb.entry, g.at)
			} else {
				a.MovRI64(x86.RCX, uint64(nb.entry))
				a.JmpR(x86.RCX)
			}
			return
		}
	}
	kind, field := uint32(armJitNt), &g.b.ntE
	if taken {
		kind, field = armJitTk, &g.b.tkE
	}
	g.lazy = append(g.lazy, ajLazy{at: uintptr(a.Len()), taken: taken})
	a.MovRI64(x86.RCX, uint64(uintptr(unsafe.Pointer(field)))) // 5 bytes at least: patched once linked
	a.MovRM64(x86.RCX, x86.M(x86.RCX, 0))
	a.TestRR64(x86.RCX, x86.RCX)
	a.Jcc(x86.CE, g.exit(kind, pc, 0))
	a.JmpR(x86.RCX)
}

// dynBranch ends the block with a branch to the address in EAX (even):
// through the page's block table when the target is on the page and has
// compiled code, else back to Go.
func (g *armJitGen) dynBranch() {
	a := g.a
	g.markLines()
	l := g.exit(armJitDyn, 0, 0)
	a.MovRR32(x86.RCX, x86.RAX)
	if g.apBase != 0 {
		a.ALURI32(x86.SUB, x86.RCX, int32(g.apBase))
	}
	a.ALURI32(x86.CMP, x86.RCX, pageSize)
	a.Jcc(x86.CAE, l)
	a.MovRI64(x86.RDX, uint64(uintptr(unsafe.Pointer(&g.ap.blk[0]))))
	a.MovRM64(x86.RDX, x86.MX(x86.RDX, x86.RCX, uint8(unsafe.Sizeof(g.ap.blk[0])/2), 0)) // the offset is even: slot o/2
	a.TestRR64(x86.RDX, x86.RDX)
	a.Jcc(x86.CE, l)
	a.MovRM64(x86.RDX, x86.M(x86.RDX, abEntry))
	a.TestRR64(x86.RDX, x86.RDX)
	a.Jcc(x86.CE, l)
	a.JmpR(x86.RDX)
}
