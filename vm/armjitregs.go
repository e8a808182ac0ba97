package vm

import (
	"math/bits"

	x86 "github.com/rewind-debugger/rewind/vm/amd64"
)

// Guest registers in host registers: the eight guest registers the
// blocks of a page use most live in eight host registers from the Go
// entry of compiled code to its return (loaded from and stored to the
// context there); the others stay in the context. A call runs the blocks
// of one page only, so each page has its own map, chosen when its first
// block is compiled and kept until its blocks are dropped. Operations
// take their operands through these helpers, so that either place works.

// ajPool is the host registers guest registers may live in.
var ajPool = [...]x86.Reg{x86.RBX, x86.RSI, x86.R8, x86.R9, x86.R10, x86.R12, x86.R13, x86.RBP}

// ajNone marks a guest register kept in the context.
const ajNone x86.Reg = 0xff

// armJitMap chooses the page's register map from the registers its
// blocks name, those of loops (a block branching back) first.
func (ap *armPage) armJitMap() {
	var use [16]int
	for _, b := range ap.blk {
		if b == nil || b == armNoBlock {
			continue
		}
		w := 1
		if t := &b.ops[len(b.ops)-1]; t.t != 0 && t.t <= b.ops[0].pc && t.X != xBL && t.X != xFall {
			// A loop, most likely: the shorter, the hotter.
			w = 1000 / (int(t.pc-t.t)/2 + 2)
		}
		for k := range b.ops {
			op := &b.ops[k]
			use[op.Rd&15] += w
			use[op.Rn&15] += w
			use[op.Rm&15] += w
			switch op.X {
			case xLDM, xLDMpc, xSTMDB:
				for l := op.Imm & 0x7fff; l != 0; l &= l - 1 {
					use[bits.TrailingZeros32(l)] += w
				}
			case xMLA, xMLS, xUMULL, xSMULL, xUMLAL, xSMLAL:
				use[op.Ra&15] += w
			}
		}
	}
	use[15] = -1
	for r := range ap.jmap {
		ap.jmap[r] = ajNone
	}
	for _, h := range ajPool {
		best := 0
		for r := range use {
			if use[r] > use[best] || use[best] < 0 {
				best = r
			}
		}
		if use[best] < 0 {
			break
		}
		ap.jmap[best], use[best] = h, -1
	}
	ap.jmapOK, ap.jmapN = true, ap.nblk
}

// armJitRemaps is how many times a page's blocks may be dropped so that
// its register map is chosen again from the blocks built since.
const armJitRemaps = 2

// armJitRemap drops the page's blocks, and with them its register map,
// when the page has many more blocks than when the map was chosen: the
// first blocks built often stop at an operation without a fast form
// (a semihosting BKPT in a program's start), so that the page's loops
// were not among them. The next blocks built choose the map again.
func (ap *armPage) armJitRemap() {
	if ap.jmapOK && ap.remaps < armJitRemaps && ap.nblk >= 2*ap.jmapN+16 {
		ap.remaps++
		ap.dropBlocks()
	}
}

// mapped reports the host register of guest register r, if it has one.
func (g *armJitGen) mapped(r uint8) (x86.Reg, bool) {
	h := g.host[r&15]
	return h, h != ajNone
}

// load sets host register h to guest register r.
func (g *armJitGen) load(h x86.Reg, r uint8) {
	if hr, ok := g.mapped(r); ok {
		if hr != h {
			g.a.MovRR32(h, hr)
		}
		return
	}
	g.a.MovRM32(h, gr(r))
}

// store sets guest register r to host register h.
func (g *armJitGen) store(r uint8, h x86.Reg) {
	if hr, ok := g.mapped(r); ok {
		if hr != h {
			g.a.MovRR32(hr, h)
		}
		return
	}
	g.a.MovMR32(gr(r), h)
}

// setI sets guest register r to v.
func (g *armJitGen) setI(r uint8, v uint32) {
	if hr, ok := g.mapped(r); ok {
		g.a.MovRI32(hr, v)
		return
	}
	g.a.MovMI32(gr(r), v)
}

// aluR is op h, guest register r.
func (g *armJitGen) aluR(op x86.ALU, h x86.Reg, r uint8) {
	if hr, ok := g.mapped(r); ok {
		g.a.ALURR32(op, h, hr)
		return
	}
	g.a.ALURM32(op, h, gr(r))
}

// extend is h = guest register r zero- or sign-extended from its low 8
// or 16 bits.
func (g *armJitGen) extend(h x86.Reg, r uint8, bits int, signed bool) {
	a := g.a
	if hr, ok := g.mapped(r); ok {
		switch {
		case bits == 8 && signed:
			a.MovsxRR8(h, hr)
		case bits == 8:
			a.MovzxRR8(h, hr)
		case signed:
			a.MovsxRR16(h, hr)
		default:
			a.MovzxRR16(h, hr)
		}
		return
	}
	switch {
	case bits == 8 && signed:
		a.MovsxRM8(h, gr(r))
	case bits == 8:
		a.MovzxRM8(h, gr(r))
	case signed:
		a.MovsxRM16(h, gr(r))
	default:
		a.MovzxRM16(h, gr(r))
	}
}

// loadRegs and saveRegs move the mapped guest registers between the
// context and their host registers.
func (g *armJitGen) loadRegs() {
	for r, h := range g.host {
		if h != ajNone {
			g.a.MovRM32(h, gr(uint8(r)))
		}
	}
}

func (g *armJitGen) saveRegs() {
	for r, h := range g.host {
		if h != ajNone {
			g.a.MovMR32(gr(uint8(r)), h)
		}
	}
}

// addI adds v to guest register r (flags are not kept).
func (g *armJitGen) addI(r uint8, v int32) {
	if hr, ok := g.mapped(r); ok {
		g.a.ALURI32(x86.ADD, hr, v)
		return
	}
	g.a.ALUMI32(x86.ADD, gr(r), v)
}

// dest returns the host register to compute guest register rd's new
// value in: rd's own when it has one and none of the operands read after
// the first (which is moved in first) is rd, else EAX. done ends it.
func (g *armJitGen) dest(rd uint8, later ...uint8) x86.Reg {
	h, ok := g.mapped(rd)
	if !ok {
		return x86.RAX
	}
	for _, r := range later {
		if r&15 == rd&15 {
			return x86.RAX
		}
	}
	return h
}

// done stores a value computed in h (from dest) to guest register rd.
func (g *armJitGen) done(rd uint8, h x86.Reg) {
	if h == x86.RAX {
		g.store(rd, x86.RAX)
	}
}

// binopI is rd = rn op imm (op CMP: the flags only); the host flags are
// op's.
func (g *armJitGen) binopI(op x86.ALU, rd, rn uint8, imm uint32) {
	if _, ok := g.mapped(rn); !ok && (op == x86.CMP || rd&15 == rn&15) {
		g.a.ALUMI32(op, gr(rn), int32(imm)) // in the context, read-modify-write
		return
	}
	h := g.first(op, rd, rn)
	g.a.ALURI32(op, h, int32(imm))
	if op != x86.CMP {
		g.done(rd, h)
	}
}

// binopR is rd = rn op rm.
func (g *armJitGen) binopR(op x86.ALU, rd, rn, rm uint8) {
	if rd&15 == rm&15 && rd&15 != rn&15 && (op == x86.ADD || op == x86.AND || op == x86.OR || op == x86.XOR) {
		rn, rm = rm, rn // commutative: rd = rd op rn
	}
	_, okn := g.mapped(rn)
	if hm, okm := g.mapped(rm); !okn && okm && (op == x86.CMP || rd&15 == rn&15) {
		g.a.ALUMR32(op, gr(rn), hm) // in the context, read-modify-write
		return
	}
	var h x86.Reg
	if op == x86.CMP {
		h = g.first(op, rd, rn)
	} else {
		h = g.dest(rd, rm)
		g.load(h, rn)
	}
	g.aluR(op, h, rm)
	if op != x86.CMP {
		g.done(rd, h)
	}
}

// binopH is rd = rn op h2 (h2 a scratch register but EAX).
func (g *armJitGen) binopH(op x86.ALU, rd, rn uint8, h2 x86.Reg) {
	h := g.dest(rd)
	g.load(h, rn)
	g.a.ALURR32(op, h, h2)
	g.done(rd, h)
}

// first loads rn where op rd, rn, ... computes: rd's host register, or
// for a compare rn's own (read only), else EAX.
func (g *armJitGen) first(op x86.ALU, rd, rn uint8) x86.Reg {
	if op == x86.CMP {
		if h, ok := g.mapped(rn); ok {
			return h
		}
		g.load(x86.RAX, rn)
		return x86.RAX
	}
	h := g.dest(rd)
	g.load(h, rn)
	return h
}

// operand returns the host register holding guest register r: its own,
// or h loaded with it.
func (g *armJitGen) operand(h x86.Reg, r uint8) x86.Reg {
	if hr, ok := g.mapped(r); ok {
		return hr
	}
	g.load(h, r)
	return h
}
