package thumb

import "fmt"

// loadStoreMultiple decodes the 1110 100x group: ldm/stm, ldrd/strd,
// exclusives, table branches, and the ARMv8-M additions objdump knows.
func (d *decoder) loadStoreMultiple(w uint32) {
	rn, rt, rt2 := r(w>>16), r(w>>12), r(w>>8)
	switch {
	case w == 0xe97fe97f:
		d.set("sg")
	case w&0xfff0f03f == 0xe840f000:
		d.set([]string{"tt", "ttt", "tta", "ttat"}[bits(w, 6, 2)], rt2, rn)
	case w&0xffff2000 == 0xe89f0000:
		d.set("clrm"+d.c(), clrmList(w&0xffff))
	case w&0xfff0ffe0 == 0xe8d0f000:
		lsl := ""
		if bit(w, 4) {
			lsl = ", lsl #1"
		}
		d.in.Text = fmt.Sprintf("tb%s%s\t[%s, %s%s]%s", []string{"b", "h"}[w>>4&1], d.c(), rn, r(w), lsl, d.branchInIT())
		d.in.Branch = true
	case d.acquireRelease(w):
	case d.exclusive(w):
	case w&0xffd0ffff == 0xe810c000 || w&0xffd0ffff == 0xe990c000:
		d.set("rfe"+[]string{"db", "ia"}[w>>24&1]+d.c(), rn+wback(w))
	case w&0xffd0ffe0 == 0xe800c000 || w&0xffd0ffe0 == 0xe980c000:
		d.set("srs"+[]string{"db", "ia"}[w>>24&1]+d.c(), rn+wback(w), imm(w&0x1f))
	case w&0xffc00000 == 0xe8800000 || w&0xffc00000 == 0xe9000000:
		d.ldmStm(w)
	case w&0xffc000ff == 0xe9c00000:
		d.set([]string{"strd", "ldrd"}[w>>20&1]+d.c(), rt, rt2, "["+rn+"]")
	case w&0xff400000 == 0xe9400000 || w&0xff600000 == 0xe8600000:
		d.dual(w)
	default:
		d.undefined32(w)
	}
}

// wback is "!" when the writeback bit 21 is set.
func wback(w uint32) string {
	if bit(w, 21) {
		return "!"
	}
	return ""
}

// clrmList renders the register list of clrm.
func clrmList(mask uint32) string {
	s := "{"
	for i := uint32(0); i < 16; i++ {
		if mask&(1<<i) == 0 {
			continue
		}
		if s != "{" {
			s += ", "
		}
		switch i {
		case 13:
			s += "(invalid: sp)"
		case 15:
			s += "APSR"
		default:
			s += regNames[i]
		}
	}
	return s + "}"
}

// ldmStm decodes ldmia.w/stmia.w/ldmdb/stmdb.
func (d *decoder) ldmStm(w uint32) {
	list := regList(w & 0xffff)
	db := bits(w, 23, 2) == 2
	load := bit(w, 20)
	mn, wide := "stm", ".w"
	if load {
		mn = "ldm"
	}
	if db {
		mn, wide = mn+"db", ""
	} else {
		mn += "ia"
	}
	d.set(mn+d.c()+wide, r(w>>16)+wback(w), list)
	if load && bit(w, 15) {
		if bits(w, 16, 4) == 13 {
			d.in.Return = true
		} else {
			d.in.Branch = true
		}
	}
}

// dual decodes ldrd/strd with an immediate offset.
func (d *decoder) dual(w uint32) {
	mn := []string{"strd", "ldrd"}[w>>20&1] + d.c()
	off := (w & 0xff) * 4
	neg := ""
	if !bit(w, 23) {
		neg = "-"
	}
	var addr string
	if bit(w, 24) {
		addr = fmt.Sprintf("[%s, #%s%d]%s", r(w>>16), neg, off, wback(w))
	} else {
		addr = fmt.Sprintf("[%s], #%s%d", r(w>>16), neg, off)
	}
	d.set(mn, r(w>>12), r(w>>8), addr)
	if bits(w, 16, 4) == 15 {
		o := off
		if neg != "" {
			o = -off
		}
		d.in.Text += "\t@ " + d.addrText(d.addr&^3+4+o)
	}
	d.comment(int64(off))
}

// exclusive decodes ldrex/strex and their byte, halfword and
// doubleword forms.
func (d *decoder) exclusive(w uint32) bool {
	rn, rt, rt2 := r(w>>16), r(w>>12), r(w>>8)
	switch {
	case w&0xfff00fff == 0xe8500f00:
		d.set("ldrex"+d.c(), rt, "["+rn+"]")
	case w&0xfff00fef == 0xe8d00f4f:
		d.set("ldrex"+[]string{"b", "h"}[w>>4&1]+d.c(), rt, "["+rn+"]")
	case w&0xfff000ff == 0xe8400000:
		d.set("strex"+d.c(), rt2, rt, "["+rn+"]")
	case w&0xfff000ff == 0xe8d0007f:
		d.set("ldrexd"+d.c(), rt, rt2, "["+rn+"]")
	case w&0xfff00fe0 == 0xe8c00f40:
		d.set("strex"+[]string{"b", "h"}[w>>4&1]+d.c(), r(w), rt, "["+rn+"]")
	case w&0xfff000f0 == 0xe8c00070:
		d.set("strexd"+d.c(), r(w), rt, rt2, "["+rn+"]")
	case w&0xfff00f00 == 0xe8500f00:
		d.set("ldrex"+d.c(), rt, fmt.Sprintf("[%s, #%d]", rn, (w&0xff)*4))
		d.comment(int64(w&0xff) * 4)
	case w&0xfff00000 == 0xe8400000:
		d.set("strex"+d.c(), rt2, rt, fmt.Sprintf("[%s, #%d]", rn, (w&0xff)*4))
		d.comment(int64(w&0xff) * 4)
	default:
		return false
	}
	return true
}

// acquireRelease decodes the ARMv8 load-acquire/store-release
// instructions, which objdump decodes whatever the architecture.
func (d *decoder) acquireRelease(w uint32) bool {
	rn, rt := r(w>>16), r(w>>12)
	unpred := ""
	if bits(w, 16, 4) == 15 {
		unpred = "\t@ <UNPREDICTABLE>"
	}
	switch {
	case w&0xffe00fff == 0xe8c00f8f, w&0xffe00fff == 0xe8c00f9f, w&0xffe00fff == 0xe8c00faf:
		base := []string{"stl", "lda"}[w>>20&1]
		d.set(base+[]string{"b", "h", ""}[bits(w, 4, 2)]+d.c(), rt, "["+rn+"]")
	case w&0xfff00ff0 == 0xe8c00fc0, w&0xfff00ff0 == 0xe8c00fd0, w&0xfff00ff0 == 0xe8c00fe0:
		d.set("stlex"+[]string{"b", "h", ""}[bits(w, 4, 4)-0xc]+d.c(), r(w), rt, "["+rn+"]")
	case w&0xfff000f0 == 0xe8c000f0:
		d.set("stlexd"+d.c(), r(w), rt, r(w>>8), "["+rn+"]")
	case w&0xfff00fff == 0xe8d00fcf, w&0xfff00fff == 0xe8d00fdf, w&0xfff00fff == 0xe8d00fef:
		d.set("ldaex"+[]string{"b", "h", ""}[bits(w, 4, 4)-0xc]+d.c(), rt, "["+rn+"]")
	case w&0xfff000ff == 0xe8d000ff:
		d.set("ldaexd"+d.c(), rt, r(w>>8), "["+rn+"]")
	default:
		return false
	}
	d.in.Text += unpred
	return true
}
