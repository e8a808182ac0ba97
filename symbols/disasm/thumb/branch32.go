package thumb

import "fmt"

// branchMisc decodes branches and miscellaneous control (11110, hw2
// bit 15 set).
func (d *decoder) branchMisc(w uint32) {
	switch {
	case w&0xd000 == 0xd000: // bl
		d.in.Text = "bl" + d.c() + "\t" + d.target(branchTarget24(d.addr, w)) + d.branchInIT()
		d.in.Call = true
	case w&0xd001 == 0xc000: // blx to ARM
		d.in.Text = "blx" + d.c() + "\t" + d.target(branchTarget24(d.addr, w)&^3) + d.branchInIT()
		d.in.Call = true
	case w&0xd000 == 0x9000:
		d.in.Text = "b" + d.c() + ".w\t" + d.target(branchTarget24(d.addr, w)) + d.branchInIT()
		d.in.Branch = true
	case w&0xd000 == 0x8000 && bits(w, 23, 3) != 7:
		off := signExtend(bits(w, 26, 1)<<20|bits(w, 11, 1)<<19|bits(w, 13, 1)<<18|bits(w, 16, 6)<<12|(w&0x7ff)<<1, 21)
		d.in.Text = "b" + condNames[bits(w, 22, 4)] + ".w\t" + d.target(d.addr+4+uint32(off)) + d.unpredIT()
		d.in.Branch = true
	case w&0xd000 == 0x8000:
		if !d.miscControl(w) {
			d.set(fmt.Sprintf("undefined (bcc, cond=0x%X)", bits(w, 22, 4)))
			d.in.Undefined = true
		}
	default:
		d.undefined32(w)
	}
}

// branchTarget24 computes the target of b.w/bl/blx (objdump's %B).
func branchTarget24(addr, w uint32) uint32 {
	s := bits(w, 26, 1)
	i1 := ^(bits(w, 13, 1) ^ s) & 1
	i2 := ^(bits(w, 11, 1) ^ s) & 1
	off := signExtend(s<<24|i1<<23|i2<<22|bits(w, 16, 10)<<12|(w&0x7ff)<<1, 25)
	return addr + 4 + uint32(off)
}

// hintNames are the 32-bit hints by their number (f3af 80xx).
var hintNames = map[uint32]string{0: "nop", 1: "yield", 2: "wfe", 3: "wfi", 4: "sev", 5: "sevl"}

// miscControl decodes the hint, barrier, mrs/msr and exception-return
// instructions in the Bcc space with condition 111x.
func (d *decoder) miscControl(w uint32) bool {
	switch {
	case w == 0xf3af8014:
		d.set("csdb")
	case w == 0xf3af8010:
		d.set("esb")
	case w == 0xf3af800f:
		d.set("bti")
	case w == 0xf3af801d || w == 0xf3af800d || w == 0xf3af802d:
		d.set(map[uint32]string{0x1d: "pac", 0xd: "pacbti", 0x2d: "aut"}[w&0xff], "r12", "lr", "sp")
	case w == 0xf3bf8f4c:
		d.set("dfb" + d.c())
	case w == 0xf3bf8f40:
		d.set("ssbb")
	case w == 0xf3bf8f44:
		d.set("pssbb")
	case w == 0xf3bf8f70:
		d.set("sb")
	case w == 0xf3bf8f2f:
		d.set("clrex" + d.c())
	case w&0xfffffff0 == 0xf3af80f0:
		d.set("dbg"+d.c(), imm(w&0xf))
	case w&0xffffff00 == 0xf3af8000:
		if n, ok := hintNames[w&0xff]; ok {
			d.set(n + d.c() + ".w")
		} else {
			d.set("nop"+d.c()+".w", fmt.Sprintf("{%d}", w&0xff))
			d.comment(int64(w & 0xff))
		}
	case w&0xffffff00 == 0xf3bf8f00 && bits(w, 4, 4) >= 4 && bits(w, 4, 4) <= 6:
		d.set([]string{"dsb", "dmb", "isb"}[bits(w, 4, 4)-4]+d.c(), barrierOption(w))
	case w&0xfffff000 == 0xf78f8000 && w&0xffc == 0:
		d.set(fmt.Sprintf("dcps%d", w&3))
	case w&0xfff0f000 == 0xf7f0a000:
		v := bits(w, 16, 4)<<12 | w&0xfff
		d.set("udf"+d.c()+".w", imm(v))
		d.comment(int64(v))
		d.in.Undefined = true
	case w&0xfff0f000 == 0xf7f08000:
		v := bits(w, 16, 4) | w&0xff0 | (w&0xf)<<12
		d.set("smc"+d.c(), imm(v))
		d.comment(int64(v))
	case w&0xfff0f000 == 0xf7e08000:
		v := w&0xfff | bits(w, 16, 4)<<12
		d.set("hvc"+d.c(), imm(v))
		d.comment(int64(v))
	default:
		return d.miscControl2(w)
	}
	return true
}

// miscControl2 continues miscControl: cps, bxj, subs pc, lr, mrs, msr.
func (d *decoder) miscControl2(w uint32) bool {
	switch {
	case w&0xffffff1f == 0xf3af8400 || w&0xffffff1f == 0xf3af8600:
		d.in.Text = []string{"cpsie", "cpsid"}[w>>9&1] + ".w\t" + cpsFlags(w) + d.unpredIT()
	case w&0xffffffe0 == 0xf3af8100:
		d.in.Text = "cps\t" + imm(w&0x1f) + d.unpredIT()
	case w&0xffffff00 == 0xf3af8500 || w&0xffffff00 == 0xf3af8700:
		d.in.Text = []string{"cpsie", "cpsid"}[w>>9&1] + "\t" + cpsFlags(w) + ", " + imm(w&0x1f) + d.unpredIT()
	case w&0xfff0ffff == 0xf3c08f00:
		d.in.Text = "bxj" + d.c() + "\t" + r(w>>16) + d.branchInIT()
	case w&0xffffff00 == 0xf3de8f00:
		d.set("subs"+d.c(), "pc", "lr", imm(w&0xff))
		d.comment(int64(w & 0xff))
		d.in.Return = true
	case w&0xffe0f000 == 0xf3e08000:
		d.set("mrs"+d.c(), r(w>>8), mrsName(w))
	case w&0xffe0f000 == 0xf3808000:
		d.set("msr"+d.c(), msrName(w), r(w>>16))
	default:
		return false
	}
	return true
}

// cpsFlags renders the a/i/f flags of a 32-bit cps.
func cpsFlags(w uint32) string {
	s := ""
	for i, f := range []string{"a", "i", "f"} {
		if bit(w, uint(7-i)) {
			s += f
		}
	}
	return s
}

// barrierNames are the named options of dmb and dsb.
var barrierNames = map[uint32]string{0xf: "sy", 0xe: "st", 0xd: "ld", 0xb: "ish", 0xa: "ishst", 0x9: "ishld",
	0x7: "un", 0x6: "unst", 0x5: "nshld", 0x3: "osh", 0x2: "oshst", 0x1: "oshld"}

// barrierOption renders the option of dmb/dsb/isb (objdump's %U).
func barrierOption(w uint32) string {
	o := w & 0xf
	if w&0xf0 == 0x60 {
		if o == 0xf {
			return "sy"
		}
		return fmt.Sprintf("#%d", o)
	}
	if n, ok := barrierNames[o]; ok {
		return n
	}
	return fmt.Sprintf("#%d", o)
}
