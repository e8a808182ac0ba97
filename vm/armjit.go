package vm

import (
	"unsafe"

	"github.com/rewind-debugger/rewind/vm/amd64"
)

// Compiled Thumb blocks (armjitgen.go lowers a block to x86-64): each
// block gets host code that does what armRunChain does for it, and jumps
// straight to the compiled code of the block its branch reaches once Go
// has linked the two (tkE, ntE) or, for a register branch, through the
// page's block table. The code runs with the context armJitCtx in RDI and
// a few values kept in host registers for the whole call (armjitgen.go);
// it returns to armBlocks at any exit: an operation it leaves to the
// interpreter (nothing of it done), a block that does not fit in the
// steps left, or a branch whose target Go must find, build or link.

// armJitCap is the most steps one call into compiled code may run: the
// goroutine cannot be preempted inside, so it comes back to Go often.
const armJitCap = 1 << 20

// armJitCtx is the context compiled Thumb code runs with (RDI points at
// it). It lives on armBlocks' stack during a call; generated code writes
// only its plain fields.
type armJitCtx struct {
	r     [16]uint32 // the core registers (r15 unused)
	f     [4]uint8   // N, Z, C, V, each 0 or 1
	trp   uint32     // non-zero when CCR.UNALIGN_TRP is set
	left  uint64     // steps left
	lines uint64     // activity: lines of the page run (bit k: line k)
	fast  uintptr    // the memory's page tables for compiled code (jittab.go)
	pc    uint32     // exit: the pc
	start uint32     // exit: the first pc of the block that exited
	kind  uint32     // exit: one of the armJit* kinds
}

// Exit kinds of compiled code.
const (
	armJitOp    = iota // the operation at pc is left to the interpreter, nothing of it done
	armJitNoFit        // the block at pc does not fit in the steps left
	armJitTk           // the branch of the block at start was taken to pc, not linked
	armJitNt           // it fell through to pc, not linked
	armJitDyn          // it branched to a register's value pc with no compiled block there
)

// Offsets of armJitCtx's fields for the generated code.
const (
	ajR     = int32(unsafe.Offsetof(armJitCtx{}.r))
	ajF     = int32(unsafe.Offsetof(armJitCtx{}.f))
	ajTrp   = int32(unsafe.Offsetof(armJitCtx{}.trp))
	ajLeft  = int32(unsafe.Offsetof(armJitCtx{}.left))
	ajLines = int32(unsafe.Offsetof(armJitCtx{}.lines))
	ajFast  = int32(unsafe.Offsetof(armJitCtx{}.fast))
	ajPC    = int32(unsafe.Offsetof(armJitCtx{}.pc))
	ajStart = int32(unsafe.Offsetof(armJitCtx{}.start))
	ajKind  = int32(unsafe.Offsetof(armJitCtx{}.kind))
)

// setFlags unpacks NZCV (bits 3-0) into x.f.
func (x *armJitCtx) setFlags(f uint8) {
	x.f = [4]uint8{f >> 3 & 1, f >> 2 & 1, f >> 1 & 1, f & 1}
}

// flags packs x.f into NZCV (bits 3-0).
func (x *armJitCtx) flags() uint8 {
	return x.f[0]&1<<3 | x.f[1]&1<<2 | x.f[2]&1<<1 | x.f[3]&1
}

// armJitRun runs compiled block b (b.gentry != 0), which fits in c.left,
// and the compiled blocks it chains to, with the registers and flags in
// x. It returns the pc where the run stopped and whether armBlocks must
// stop there too (the interpreter runs the operation at pc); otherwise pc
// is where the blocks continue.
func (m *Machine) armJitRun(x *armJitCtx, c *armChain, b *armBlock) (uint32, bool) {
	run := min(c.left, armJitCap)
	x.left, x.lines = run, 0
	amd64.Call(b.gentry, unsafe.Pointer(x))
	c.left -= run - x.left
	c.lines |= x.lines
	pc := x.pc
	switch x.kind {
	case armJitOp:
		if start := x.start; pc != start {
			c.ap.lines.set(start-c.apBase, pc-start) // activity: the lines before the exit
		}
		return pc, true
	case armJitNoFit:
		// armBlocks checks the block again against all the steps left
		// (the call had at most armJitCap).
	case armJitTk, armJitNt:
		m.armJitLink(c, x.start, pc, x.kind == armJitTk)
	}
	return pc, false
}

// armJitLink links the block at from, on the chain's page, to the block
// at its branch target to (taken, or the next pc when !taken) once that
// is built on the same page, so that their compiled code chains directly.
func (m *Machine) armJitLink(c *armChain, from, to uint32, taken bool) {
	fo, to0 := from-c.apBase, to-c.apBase
	if fo >= pageSize || to0 >= pageSize {
		return
	}
	a, nb := c.ap.blk[fo>>1], c.ap.blk[to0>>1]
	if a == nil || a == armNoBlock || a.entry == 0 {
		return
	}
	if nb == nil {
		nb = m.armBlockAt(c.ap, c.apBase, to0)
		if a.entry == 0 { // building nb emptied the code memory
			return
		}
	}
	if taken {
		a.tk, a.tkE = nb, nb.entry
	} else {
		a.nt, a.ntE = nb, nb.entry
	}
	m.armJitPatch(a, taken, nb.entry)
}

// ajLazy is a site of a block's code that looks one of its links up (tkE
// when taken, else ntE) and jumps there, or exits when it is 0.
type ajLazy struct {
	at    uintptr // its address (an offset from the code's start while compiling)
	taken bool
}

// armJitPatch turns a's sites that look its taken (or not taken) link up
// into jumps straight to entry, the code the link now holds: the links
// of a block change only when its page's blocks are dropped, a's code
// with them. The flags stored before each site stay stored.
func (m *Machine) armJitPatch(a *armBlock, taken bool, entry uintptr) {
	code := m.jit.code
	if entry == 0 || code == nil {
		return
	}
	keep := a.lazy[:0]
	for _, s := range a.lazy {
		if s.taken != taken || !code.PatchJmp(s.at, entry) {
			keep = append(keep, s)
		}
	}
	a.lazy = keep
}

// armJitCompile compiles b, built on ap (address apBase), when the
// machine compiles blocks; b keeps no entry otherwise (its interpreter
// runs it). flushed reports that the code memory was full and emptied,
// dropping every block (b is compiled again after that).
func (m *Machine) armJitCompile(ap *armPage, apBase uint32, b *armBlock) (flushed bool) {
	if b == armNoBlock || m.jitCode() == nil {
		return false
	}
	for try := 0; try < 2; try++ {
		if !ap.jmapOK {
			ap.armJitMap()
		}
		fn, off, ok := m.armJitGen(ap, apBase, b)
		if !ok {
			return flushed
		}
		if e, ok := m.jitPlace(fn); ok {
			b.gentry, b.entry, b.bodyE = e, e+uintptr(off.chain), e+uintptr(off.body)
			b.lazy = b.lazy[:0]
			for _, s := range off.lazy {
				b.lazy = append(b.lazy, ajLazy{at: e + s.at, taken: s.taken})
			}
			return flushed
		}
		flushed = true
	}
	return flushed
}

// armJitBuild builds the block at page offset o of ap (address apBase)
// and the blocks its branches reach on the page, as far as they go, then
// compiles them, the ones branched to first so that the code of a block
// jumps straight to theirs. It returns the block at o.
func (m *Machine) armJitBuild(ap *armPage, apBase, o uint32) *armBlock {
	ap.armJitRemap()
	built := m.armJitReach(ap, apBase, o, nil)
	b := built[len(built)-1]
	if !ap.jmapOK {
		ap.armJitMap()
	}
	for _, nb := range built {
		if nb != armNoBlock && m.armJitCompile(ap, apBase, nb) {
			break // the code memory was emptied, and the page's blocks with it
		}
	}
	if b.entry == 0 {
		m.armJitCompile(ap, apBase, b)
	}
	if ap.blk[o>>1] != b {
		ap.blk[o>>1] = b
		ap.nblk++
		ap.coverBlock(b, apBase)
	}
	return b
}

// armJitReach builds the block at page offset o, unless built, after the
// blocks its terminator branches to on the page (and the return point of
// a BL), and appends each block it builds to built.
func (m *Machine) armJitReach(ap *armPage, apBase, o uint32, built []*armBlock) []*armBlock {
	b := m.armBuildBlock(ap, apBase, o)
	ap.blk[o>>1] = b
	ap.nblk++
	if b != armNoBlock {
		t := &b.ops[len(b.ops)-1]
		var to [2]uint32
		switch t.X {
		case xB:
			to = [2]uint32{t.t, t.t}
		case xBL, xBcc, xCBZ, xCBNZ, xCMPiB, xCMPrB, xSUBSiB:
			to = [2]uint32{t.t, t.nt}
		case xFall:
			to = [2]uint32{t.nt, t.nt}
		}
		for _, pc := range to {
			if no := pc - apBase; pc != 0 && no < pageSize && ap.blk[no>>1] == nil {
				built = m.armJitReach(ap, apBase, no, built)
			}
		}
	}
	return append(built, b)
}
