package vm

import (
	"unsafe"

	x86 "github.com/rewind-debugger/rewind/vm/amd64"
)

// Offsets of the memory views compiled loads and stores read.
const (
	rjOffRd   = int32(unsafe.Offsetof(fastPage{}.rd))
	rjOffWr   = int32(unsafe.Offsetof(fastPage{}.wr))
	rjOffData = int32(unsafe.Offsetof(page{}.data))
	rjOffWl   = int32(unsafe.Offsetof(page{}.wl))
	rjFPSize  = uint8(unsafe.Sizeof(fastPage{}))
)

// The fast-page index scales by a shift: a fastPage's size must be a
// power of 2 (else this negates a non-zero unsigned constant: a compile
// error).
const _ = -(unsafe.Sizeof(fastPage{}) & (unsafe.Sizeof(fastPage{}) - 1))

// page looks up the fast view (rd or wr, at off) of the n-byte access of
// operation i, as runChain does: EAX gets the address's page offset and
// RDX the page; the code leaves at i when the fast path does not apply.
func (g *rvjitGen) page(i int32, o *bop, off int32, n uint32) {
	a := g.a
	exit := g.exitAt(i)
	if c, ok := g.reg(o.rs1); ok {
		a.Lea32(x86.RAX, x86.M(c, o.imm))
	} else {
		a.MovRM32(x86.RAX, gx(o.rs1))
		if o.imm != 0 {
			a.ALURI32(x86.ADD, x86.RAX, o.imm)
		}
	}
	a.MovRR32(x86.RCX, x86.RAX)
	a.ShiftRI32(x86.SHR, x86.RCX, pageShift)
	a.ALURI32(x86.CMP, x86.RCX, int32(g.nfp))
	a.Jcc(x86.CAE, exit)
	a.ShiftRI32(x86.SHL, x86.RCX, rvjitLog2(rjFPSize))
	a.MovRM64(x86.RDX, x86.MX(rjFP, x86.RCX, 1, off))
	a.TestRR64(x86.RDX, x86.RDX)
	a.Jcc(x86.CE, exit)
	a.ALURI32(x86.AND, x86.RAX, pageMask)
	if n > 1 {
		a.ALURI32(x86.CMP, x86.RAX, int32(pageSize-n))
		a.Jcc(x86.CA, exit)
	}
}

// rvjitMemo is what the last operation left in RAX and RDX when it was a
// load or store: the page offset of base register base plus imm, and that
// page's view at off (rjOffRd or rjOffWr).
type rvjitMemo struct {
	ok   bool
	base uint8
	imm  int32
	off  int32
}

// rvjitSlowPage is the full lookup (page) of operation i, out of line, for
// a lookup that tried the page before; it goes back to resume.
type rvjitSlowPage struct {
	l, resume x86.Label
	i         int32
	o         *bop
	off       int32
	n         uint32
}

// access sets RAX to the page offset and RDX to the page (view off) of
// the n-byte access of operation i: when the operation before accessed
// the same view from the same base register, the same page if the access
// lies in it (else the full lookup, out of line), else the full lookup.
func (g *rvjitGen) access(i int32, o *bop, off int32, n uint32) {
	a, m := g.a, g.memo
	g.memo = rvjitMemo{ok: true, base: o.rs1, imm: o.imm, off: off}
	if !m.ok || m.base != o.rs1 || m.off != off {
		g.page(i, o, off, n)
		return
	}
	slow, resume := a.NewLabel(), a.NewLabel()
	a.Lea32(x86.RCX, x86.M(x86.RAX, o.imm-m.imm))
	a.ALURI32(x86.CMP, x86.RCX, int32(pageSize-n))
	a.Jcc(x86.CA, slow)
	a.MovRR32(x86.RAX, x86.RCX)
	a.Bind(resume)
	g.slow = append(g.slow, rvjitSlowPage{l: slow, resume: resume, i: i, o: o, off: off, n: n})
}

// slowPages places the out-of-line full lookups.
func (g *rvjitGen) slowPages() {
	for _, s := range g.slow {
		g.a.Bind(s.l)
		g.page(s.i, s.o, s.off, s.n)
		g.a.Jmp(s.resume)
	}
}

// rvjitLog2 is the base-2 logarithm of the power of 2 v.
func rvjitLog2(v uint8) uint8 {
	var k uint8
	for v > 1 {
		v >>= 1
		k++
	}
	return k
}

// rvjitSize is the bytes a load or store accesses.
func rvjitSize(op uint8) uint32 {
	switch op {
	case opLB, opLBU, opSB:
		return 1
	case opLH, opLHU, opSH:
		return 2
	}
	return 4
}

// load lowers a load (its imm is relative to the memory's base).
func (g *rvjitGen) load(i int32, o *bop) {
	a := g.a
	g.access(i, o, rjOffRd, rvjitSize(o.op))
	at := x86.MX(x86.RDX, x86.RAX, 1, rjOffData)
	v, ok := g.reg(o.rd)
	if !ok {
		v = x86.RCX // RAX keeps the page offset for the next access
	}
	if o.rd == o.rs1 {
		g.memo.ok = false // the base changes
	}
	switch o.op {
	case opLW:
		a.MovRM32(v, at)
	case opLH:
		a.MovsxRM16(v, at)
	case opLHU:
		a.MovzxRM16(v, at)
	case opLB:
		a.MovsxRM8(v, at)
	default: // opLBU
		a.MovzxRM8(v, at)
	}
	g.set(o.rd, v)
}

// store lowers a store, marking the line stored to.
func (g *rvjitGen) store(i int32, o *bop) {
	a := g.a
	g.access(i, o, rjOffWr, rvjitSize(o.op))
	v, ok := g.reg(o.rs2)
	if !ok {
		v = x86.RCX
		a.MovRM32(v, gx(o.rs2))
	}
	at := x86.MX(x86.RDX, x86.RAX, 1, rjOffData)
	switch o.op {
	case opSW:
		a.MovMR32(at, v)
	case opSH:
		a.MovMR16(at, v)
	default: // opSB
		a.MovMR8(at, v)
	}
	a.MovRR32(x86.RCX, x86.RAX)
	a.ShiftRI32(x86.SHR, x86.RCX, LineShift)
	a.MovMI8(x86.MX(x86.RDX, x86.RCX, 1, rjOffWl), 1)
}
