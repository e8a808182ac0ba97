package thumb

import "fmt"

// misc16 decodes the miscellaneous 16-bit group (1011 xxxx).
func (d *decoder) misc16(w uint32) {
	switch {
	case w>>7 == 0x160:
		d.set("add"+d.c(), "sp", imm((w&0x7f)*4))
		d.comment(int64(w&0x7f) * 4)
	case w>>7 == 0x161:
		d.set("sub"+d.c(), "sp", imm((w&0x7f)*4))
		d.comment(int64(w&0x7f) * 4)
	case w&0xf500 == 0xb100: // cbz, cbnz
		t := d.addr + 4 + ((w&0xf8)>>2 | (w&0x200)>>3)
		mn := "cbz"
		if bit(w, 11) {
			mn = "cbnz"
		}
		d.in.Text = mn + "\t" + r3(w) + ", " + d.target(t) + d.unpredIT()
		d.in.Branch = true
	case w>>8 == 0xb2:
		d.set([]string{"sxth", "sxtb", "uxth", "uxtb"}[bits(w, 6, 2)]+d.c(), r3(w), r3(w>>3))
	case w>>9 == 0x5a:
		d.set("push"+d.c(), regList(w&0xff|(w&0x100)<<6))
	case w>>9 == 0x5e:
		d.set("pop"+d.c(), regList(w&0xff|(w&0x100)<<7))
		if bit(w, 8) {
			d.in.Return = true
		}
	case w&0xfff0 == 0xb660 || w&0xfff0 == 0xb670:
		if bit(w, 3) {
			d.undefined16(uint16(w))
			return
		}
		flags := ""
		for i, f := range []string{"f", "i", "a"} {
			if bit(w, uint(i)) {
				flags = f + flags
			}
		}
		d.in.Text = []string{"cpsie", "cpsid"}[w>>4&1] + "\t" + flags + d.unpredIT()
	case w&0xfff7 == 0xb650:
		d.in.Text = "setend\t" + []string{"le", "be"}[w>>3&1] + d.unpredIT()
	case w&0xfff7 == 0xb610:
		d.set("setpan", imm(w>>3&1))
	case w>>8 == 0xba && bits(w, 6, 2) != 2:
		d.set([]string{"rev", "rev16", "", "revsh"}[bits(w, 6, 2)]+d.c(), r3(w), r3(w>>3))
	case w>>6 == 0x2ea:
		d.set("hlt", fmt.Sprintf("0x%04x", w&0x3f))
	case w>>8 == 0xbe:
		d.set("bkpt", fmt.Sprintf("0x%04x", w&0xff))
	case w>>8 == 0xbf:
		d.hint16(w)
	default:
		d.undefined16(uint16(w))
	}
}

// hint16 decodes nop/yield/wfe/wfi/sev/sevl and IT.
func (d *decoder) hint16(w uint32) {
	if w&0xf != 0 {
		d.next = ITState(w & 0xff)
		var suffix []byte
		for tmp := w << 1; tmp&0xf != 0; tmp <<= 1 {
			if (w^tmp)&0x10 != 0 {
				suffix = append(suffix, 'e')
			} else {
				suffix = append(suffix, 't')
			}
		}
		d.in.Text = "it" + string(suffix) + "\t" + condNames[bits(w, 4, 4)] + d.unpredIT()
		return
	}
	names := []string{"nop", "yield", "wfe", "wfi", "sev", "sevl"}
	if n := bits(w, 4, 4); n < uint32(len(names)) {
		d.set(names[n] + d.c())
		return
	}
	d.set("nop"+d.c(), fmt.Sprintf("{%d}", bits(w, 4, 4)))
}
