package vm

import (
	"unsafe"

	"github.com/rewind-debugger/rewind/vm/amd64"
)

// Compiled RISC-V blocks: where the host runs generated code (jit.go), a
// decoded block entered a second time is compiled to x86-64 code that
// does exactly what runChain does for it, and runBlocks calls that code
// instead of runChain whenever it enters the block at its start. At the
// block's end the code goes on to the page's next block itself, as
// runBlocks would (when that block's steps fit and it has code), so a
// loop runs without returning to Go; it leaves at a load or store whose
// fast path does not apply, as runChain does, and runBlocks goes on
// exactly as after runChain (device loads, the per-instruction executor).
// ARCHITECTURE.md ("The RISC-V executor") has the whole design.

// rvjitHot is how many times runBlocks enters a block (and runs it
// interpreted) before compiling it: code that runs once is not worth it.
const rvjitHot = 1

// rvjitNever marks a block that cannot be compiled (an operation the
// compiler does not lower): its runs count stays there.
const rvjitNever = 255

// rvjitMaxSteps caps the steps one call into compiled code may run (about
// a millisecond): the goroutine cannot be preempted inside it.
const rvjitMaxSteps = 1 << 20

// rvjitCtx is the context compiled code runs with (RDI). Go fills it
// before each call; the code reads x and fp and writes only the plain
// integers after them.
type rvjitCtx struct {
	x     *[256]uint32 // the hart's registers
	fp    *fastPage    // the memory's fast-path views (&fp[0])
	left  uint64       // steps left: lowered by each block entered
	lines uint64       // the page's lines the blocks run cover (bit k: line k)
	last  uint32       // start of the block run last
	pc    uint32       // the next pc, when exit < 0
	exit  int32        // index in last's ops of the operation left at, or -1
}

// rvjitRun runs compiled block b (its steps fit in c.left) and the blocks
// chained after it, as runChain(x, b, c, &b.ops[0]) would, and returns the
// same results.
func rvjitRun(h *Hart, cp *codePage, cpBase uint32, b *block, c *chainState) (last *block, pc uint32, exit *bop) {
	left := min(c.left, rvjitMaxSteps)
	ctx := rvjitCtx{x: &h.x, fp: unsafe.SliceData(c.fp), left: left}
	amd64.Call(b.jit, unsafe.Pointer(&ctx))
	c.left -= left - ctx.left
	c.lines |= ctx.lines
	last = b
	if ctx.last != b.start {
		last = cp.blk[(ctx.last-cpBase)>>1] // chained blocks are the page's own
	}
	if ctx.exit >= 0 {
		return last, 0, &last.ops[ctx.exit]
	}
	return last, ctx.pc, nil
}

// rvjitEnter reports whether block b of page cp (at cpBase), about to run
// from its start after block last (nil if none), runs compiled: it
// compiles b once it is hot, and recompiles last when last's code looks b
// up where it could now go to b's code directly.
func (m *Machine) rvjitEnter(cp *codePage, cpBase uint32, last, b *block) bool {
	if b.jit == 0 {
		if b.runs < rvjitHot {
			b.runs++
			return false
		}
		if b.runs == rvjitNever || !m.rvjitBuild(cp, cpBase, b) {
			return false
		}
	}
	if last != nil && last.jit != 0 && (last.pend[0] == b.start || last.pend[1] == b.start) {
		m.rvjitBuild(cp, cpBase, last) // may flush: every block dropped, b included
	}
	return b.jit != 0
}

// rvjitBuild compiles block b of page cp (at cpBase) and reports whether it has code now. A
// block the compiler cannot lower is never tried again.
func (m *Machine) rvjitBuild(cp *codePage, cpBase uint32, b *block) bool {
	if m.jitCode() == nil {
		b.runs = rvjitNever
		return false
	}
	a := &m.jit.asm
	jin, pend, ok := rvjitCompile(a, cp, cpBase, b, uint32(len(m.mem.fast)))
	if !ok {
		b.runs = rvjitNever
		return false
	}
	fn, err := a.Finish()
	if err != nil {
		b.runs = rvjitNever
		return false
	}
	entry, ok := m.jitPlace(fn)
	if !ok {
		return false // full: every block was dropped, b included
	}
	b.jit, b.jin, b.pend = entry, entry+uintptr(jin), pend
	return true
}
