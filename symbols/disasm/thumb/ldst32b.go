package thumb

import "fmt"

// loadStoreSingle decodes ldr/str of words, halfwords and bytes and the
// preload hints (1111 100x).
func (d *decoder) loadStoreSingle(w uint32) {
	rt := bits(w, 12, 4)
	switch {
	case w&0xff70f000 == 0xf910f000:
		d.set("pli"+d.c(), d.memOperand(w))
	case w&0xff70f000 == 0xf830f000:
		d.set("pldw"+d.c(), d.memOperand(w))
	case w&0xff70f000 == 0xf810f000:
		d.set("pld"+d.c(), d.memOperand(w))
	case w&0xff900f00 == 0xf8000e00:
		d.set("str"+widthSuffix(w)+"t"+d.c(), r(rt), d.memOperand(w))
	case w&0xfe900f00 == 0xf8100e00:
		d.set("ldr"+widthSuffix(w)+"t"+d.c(), r(rt), d.memOperand(w))
	case w&0xff100000 == 0xf8000000:
		d.set("str"+widthSuffix(w)+d.c()+".w", r(rt), d.memOperand(w))
	case w&0xfe100000 == 0xf8100000:
		d.set("ldr"+widthSuffix(w)+d.c()+".w", r(rt), d.memOperand(w))
		if rt == 15 {
			d.classifyLoadPC(w)
		}
	default:
		d.undefined32(w)
		return
	}
	if d.memComment != 0 {
		d.comment(d.memComment)
	}
}

// classifyLoadPC marks ldr pc: a pop of pc (ldr pc, [sp], #4) returns.
func (d *decoder) classifyLoadPC(w uint32) {
	if bits(w, 16, 4) == 13 && !bit(w, 23) && bits(w, 8, 4) == 0xb {
		d.in.Return = true
		return
	}
	d.in.Branch = true
}

// widthSuffix renders the size and signedness of a load/store (%w).
func widthSuffix(w uint32) string {
	s := bit(w, 24)
	switch bits(w, 21, 2) {
	case 0:
		if s {
			return "sb"
		}
		return "b"
	case 1:
		if s {
			return "sh"
		}
		return "h"
	case 2:
		if s {
			return "??"
		}
		return ""
	}
	return "??"
}

// memOperand renders the address of a single load/store (objdump's %a)
// and leaves the immediate to comment on in d.memComment.
func (d *decoder) memOperand(w uint32) string {
	d.memComment = 0
	rn := bits(w, 16, 4)
	op := bits(w, 8, 4)
	i12, i8 := int64(w&0xfff), int64(w&0xff)
	var off int64
	wb, post := false, false
	switch {
	case bit(w, 23):
		off = i12
		if rn != 15 {
			d.memComment = off
		}
	case rn == 15:
		off = -i12
	case op == 0:
		s := fmt.Sprintf("[%s, %s", r(rn), r(w))
		if sh := bits(w, 4, 2); sh != 0 {
			s += fmt.Sprintf(", lsl #%d", sh)
		}
		return s + "]"
	case op == 0xe:
		off = i8
	case op == 0xc:
		off = -i8
	case op == 0xf:
		off, wb = i8, true
	case op == 0xd:
		off, wb = -i8, true
	case op == 0xb:
		off, post = i8, true
	case op == 9:
		off, post = -i8, true
	default:
		return fmt.Sprintf("[%s, <undefined>]", r(rn))
	}
	var s string
	if post {
		s = fmt.Sprintf("[%s], #%d", r(rn), off)
	} else {
		s = "[" + r(rn)
		if off != 0 {
			s += fmt.Sprintf(", #%d", off)
		}
		if wb {
			s += "]!"
		} else {
			s += "]"
		}
	}
	if rn == 15 {
		s += "\t@ " + d.addrText(uint32(int64((d.addr+4)&^3)+off))
	}
	return s
}
