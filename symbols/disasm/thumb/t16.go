package thumb

import "fmt"

// decode16 decodes a 16-bit instruction.
func (d *decoder) decode16(hw uint16) {
	w := uint32(hw)
	switch {
	case w>>13 == 0:
		d.shiftAddSub16(w)
	case w>>13 == 1:
		d.immediate16(w)
	case w>>10 == 0x10:
		d.dataProc16(w)
	case w>>10 == 0x11:
		d.special16(w)
	case w>>11 == 9:
		a := (d.addr+4)&^3 + (w&0xff)*4
		d.in.Text = fmt.Sprintf("ldr%s\t%s, [pc, #%d]\t@ (%s)", d.c(), r3(w>>8), (w&0xff)*4, d.addrText(a))
	case w>>12 == 5:
		d.loadStoreReg16(w)
	case w>>13 == 3 || w>>12 == 8:
		d.loadStoreImm16(w)
	case w>>12 == 9:
		d.set([]string{"str", "ldr"}[w>>11&1]+d.c(), r3(w>>8), fmt.Sprintf("[sp, #%d]", (w&0xff)*4))
		d.comment(int64(w&0xff) * 4)
	case w>>11 == 0x14:
		a := (d.addr+4)&^3 + (w&0xff)*4
		d.in.Text = fmt.Sprintf("add%s\t%s, pc, #%d\t@ (adr %s, %s)", d.c(), r3(w>>8), (w&0xff)*4, r3(w>>8), d.addrText(a))
	case w>>11 == 0x15:
		d.set("add"+d.c(), r3(w>>8), "sp", imm((w&0xff)*4))
		d.comment(int64(w&0xff) * 4)
	case w>>12 == 0xb:
		d.misc16(w)
	case w>>12 == 0xc:
		d.multiple16(w)
	default:
		d.branchSvc16(w)
	}
}

// shiftAddSub16 decodes the shifts by immediate and the three-operand
// add/sub group (000x xxxx).
func (d *decoder) shiftAddSub16(w uint32) {
	lo, mid := r3(w), r3(w>>3)
	n := bits(w, 6, 5)
	switch {
	case w>>11 == 0 && n == 0:
		d.set("mov"+d.cs(), lo, mid)
	case w>>11 == 0:
		d.set("lsl"+d.cs(), lo, mid, imm(n))
	case w>>11 == 1 || w>>11 == 2:
		if n == 0 {
			n = 32
		}
		d.set([]string{"", "lsr", "asr"}[w>>11]+d.cs(), lo, mid, imm(n))
	case w>>10 == 6:
		d.set([]string{"add", "sub"}[w>>9&1]+d.cs(), lo, mid, r3(w>>6))
	default:
		d.set([]string{"add", "sub"}[w>>9&1]+d.cs(), lo, mid, imm(bits(w, 6, 3)))
	}
}

// immediate16 decodes mov/cmp/add/sub with an 8-bit immediate.
func (d *decoder) immediate16(w uint32) {
	rd, n := r3(w>>8), imm(w&0xff)
	switch bits(w, 11, 2) {
	case 0:
		d.set("mov"+d.cs(), rd, n)
	case 1:
		d.set("cmp"+d.c(), rd, n)
	case 2:
		d.set("add"+d.cs(), rd, n)
	default:
		d.set("sub"+d.cs(), rd, n)
	}
	d.comment(int64(w & 0xff))
}

// multiple16 decodes stmia/ldmia (1100 xxxx).
func (d *decoder) multiple16(w uint32) {
	if !bit(w, 11) {
		d.set("stmia"+d.c(), r3(w>>8)+"!", regList(w&0xff))
		return
	}
	wb := ""
	if w&(1<<bits(w, 8, 3)) == 0 {
		wb = "!"
	}
	d.set("ldmia"+d.c(), r3(w>>8)+wb, regList(w&0xff))
}

// branchSvc16 decodes b, b<cond>, svc and udf (1101 and 1110 xxxx).
func (d *decoder) branchSvc16(w uint32) {
	switch {
	case w>>8 == 0xdf:
		d.set("svc"+d.c(), fmt.Sprint(w&0xff))
		d.comment(int64(w & 0xff))
	case w>>8 == 0xde:
		d.set("udf"+d.c(), imm(w&0xff))
		d.comment(int64(w & 0xff))
		d.in.Undefined = true
	case w>>12 == 0xd:
		t := d.addr + 4 + uint32(signExtend(w&0xff, 8)*2)
		d.in.Text = fmt.Sprintf("b%s.n\t%s%s", condNames[bits(w, 8, 4)], d.target(t), d.unpredIT())
		d.in.Branch = true
	case w>>11 == 0x1c:
		t := d.addr + 4 + uint32(signExtend(w&0x7ff, 11)*2)
		d.in.Text = fmt.Sprintf("b%s.n\t%s%s", d.c(), d.target(t), d.branchInIT())
		d.in.Branch = true
	default:
		d.undefined16(uint16(w))
	}
}

// dataProc16 decodes the register-register data-processing group
// (0100 00xx).
func (d *decoder) dataProc16(w uint32) {
	names := [16]string{"and", "eor", "lsl", "lsr", "asr", "adc", "sbc", "ror",
		"tst", "neg", "cmp", "cmn", "orr", "mul", "bic", "mvn"}
	op := bits(w, 6, 4)
	suffix := d.cs()
	if op == 8 || op == 10 || op == 11 {
		suffix = d.c()
	}
	d.set(names[op]+suffix, r3(w), r3(w>>3))
}

// special16 decodes add/cmp/mov with high registers and bx/blx
// (0100 01xx).
func (d *decoder) special16(w uint32) {
	rd := w&7 | (w&0x80)>>4
	rm := bits(w, 3, 4)
	switch bits(w, 8, 2) {
	case 0:
		d.set("add"+d.c(), r(rd), r(rm))
		d.markPCWrite(rd, rm)
	case 1:
		d.set("cmp"+d.c(), r(rd), r(rm))
	case 2:
		if w == 0x46c0 {
			d.in.Text = "nop" + d.c() + "\t\t\t@ (mov r8, r8)"
			return
		}
		d.set("mov"+d.c(), r(rd), r(rm))
		d.markPCWrite(rd, rm)
	default:
		if w&0xff87 == 0x4704 || w&0xff87 == 0x4784 {
			d.set([]string{"bxns", "blxns"}[w>>7&1], r(rm))
			return
		}
		if bit(w, 7) && w&7 != 0 {
			d.undefined16(uint16(w))
			return
		}
		if bit(w, 7) {
			d.in.Text = "blx" + d.c() + "\t" + r(rm) + d.branchInIT()
			d.in.Call = true
			return
		}
		d.in.Text = "bx" + d.c() + "\t" + r(rm) + d.branchInIT()
		if rm == 14 {
			d.in.Return = true
		} else {
			d.in.Branch = true
		}
	}
}

// markPCWrite classifies add/mov to pc: "mov pc, lr" returns.
func (d *decoder) markPCWrite(rd, rm uint32) {
	if rd != 15 {
		return
	}
	if rm == 14 {
		d.in.Return = true
	} else {
		d.in.Branch = true
	}
}

// loadStoreReg16 decodes loads and stores with a register offset.
func (d *decoder) loadStoreReg16(w uint32) {
	names := [8]string{"str", "strh", "strb", "ldrsb", "ldr", "ldrh", "ldrb", "ldrsh"}
	d.set(names[bits(w, 9, 3)]+d.c(), r3(w), fmt.Sprintf("[%s, %s]", r3(w>>3), r3(w>>6)))
}

// loadStoreImm16 decodes loads and stores with a 5-bit immediate offset.
func (d *decoder) loadStoreImm16(w uint32) {
	n := bits(w, 6, 5)
	var mn string
	switch w >> 11 {
	case 0xc:
		mn, n = "str", n*4
	case 0xd:
		mn, n = "ldr", n*4
	case 0xe:
		mn = "strb"
	case 0xf:
		mn = "ldrb"
	case 0x10:
		mn, n = "strh", n*2
	default:
		mn, n = "ldrh", n*2
	}
	d.set(mn+d.c(), r3(w), fmt.Sprintf("[%s, #%d]", r3(w>>3), n))
	d.comment(int64(n))
}
