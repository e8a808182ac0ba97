package thumb

import "fmt"

// decode32 decodes a 32-bit instruction; w is hw1<<16 | hw2.
func (d *decoder) decode32(w uint32) {
	switch {
	case w>>26 == 0x3b || w>>26 == 0x3f: // coprocessor and FP space
		if !d.decodeFP(w) {
			d.undefined32(w)
		}
	case w>>25 == 0x74:
		d.loadStoreMultiple(w)
	case w>>25 == 0x75:
		d.dataProcShifted(w)
	case w>>27 == 0x1e && !bit(w, 15):
		if bit(w, 25) {
			d.dataProcPlainImm(w)
		} else {
			d.dataProcModImm(w)
		}
	case w>>27 == 0x1e:
		d.branchMisc(w)
	case w>>25 == 0x7c:
		d.loadStoreSingle(w)
	case w>>24 == 0xfa:
		d.dataProcReg(w)
	case w>>24 == 0xfb:
		d.multiply(w)
	default:
		d.undefined32(w)
	}
}

// comment appends objdump's "@ 0x..." note for immediates above 32 or
// below -16.
func (d *decoder) comment(v int64) {
	if v > 32 || v < -16 {
		d.in.Text += fmt.Sprintf("\t@ 0x%x", uint64(v))
	}
}

// shiftedReg renders Rm with its immediate shift (objdump's %S).
func shiftedReg(w uint32) string {
	rm := r(w)
	n := bits(w, 6, 2) | bits(w, 12, 3)<<2
	switch bits(w, 4, 2) {
	case 0:
		if n > 0 {
			return fmt.Sprintf("%s, lsl #%d", rm, n)
		}
		return rm
	case 1, 2:
		if n == 0 {
			n = 32
		}
		return fmt.Sprintf("%s, %s #%d", rm, shiftNames[bits(w, 4, 2)], n)
	default:
		if n == 0 {
			return rm + ", rrx"
		}
		return fmt.Sprintf("%s, ror #%d", rm, n)
	}
}

// testOps are the flag-only data-processing operations (Rd = pc, S set).
var testOps = map[uint32]string{0: "tst", 4: "teq", 8: "cmn", 13: "cmp"}

// dpOps are the data-processing operations by their 4-bit opcode.
var dpOps = map[uint32]string{0: "and", 1: "bic", 2: "orr", 3: "orn", 4: "eor", 8: "add", 10: "adc", 11: "sbc", 13: "sub", 14: "rsb"}

// sflag is "s" when bit 20 is set.
func sflag(w uint32) string {
	if bit(w, 20) {
		return "s"
	}
	return ""
}

// dataProcShifted decodes data processing with a shifted register
// (1110 101x).
func (d *decoder) dataProcShifted(w uint32) {
	op, rn, rd := bits(w, 21, 4), bits(w, 16, 4), bits(w, 8, 4)
	sh := shiftedReg(w)
	if bit(w, 15) {
		d.undefined32(w)
		return
	}
	if rd == 15 && bit(w, 20) {
		if m, ok := testOps[op]; ok {
			wide := ".w"
			if op == 4 {
				wide = ""
			}
			d.set(m+d.c()+wide, r(rn), sh)
			return
		}
	}
	if rn == 15 && (op == 2 || op == 3) {
		d.set([]string{"", "", "mov", "mvn"}[op]+sflag(w)+d.c()+".w", r(rd), sh)
		d.markPCWrite(rd, w&15)
		return
	}
	if op == 6 {
		if bit(w, 20) || bit(w, 4) {
			d.undefined32(w)
			return
		}
		d.set([]string{"pkhbt", "pkhtb"}[w>>5&1]+d.c(), r(rd), r(rn), sh)
		return
	}
	m, ok := dpOps[op]
	if !ok {
		d.undefined32(w)
		return
	}
	wide := ".w"
	if op == 3 || op == 14 {
		wide = ""
	}
	d.set(m+sflag(w)+d.c()+wide, r(rd), r(rn), sh)
}

// modImm expands a Thumb-2 modified immediate (objdump's %M).
func modImm(w uint32) uint32 {
	v := w&0xff | (w&0x7000)>>4 | (w&0x04000000)>>15
	imm8 := v & 0xff
	switch v >> 8 {
	case 0:
		return imm8
	case 1:
		return imm8<<16 | imm8
	case 2:
		return imm8<<24 | imm8<<8
	case 3:
		return imm8<<24 | imm8<<16 | imm8<<8 | imm8
	}
	rot := (v & 0xf80) >> 7
	imm8 = v&0x7f | 0x80
	return imm8<<(32-rot) | imm8>>rot
}

// dataProcModImm decodes data processing with a modified immediate.
func (d *decoder) dataProcModImm(w uint32) {
	op, rn, rd := bits(w, 21, 4), bits(w, 16, 4), bits(w, 8, 4)
	v := modImm(w)
	n := imm(v)
	if rd == 15 && bit(w, 20) {
		if m, ok := testOps[op]; ok {
			wide := ".w"
			if op == 4 {
				wide = ""
			}
			d.set(m+d.c()+wide, r(rn), n)
			d.comment(int64(v))
			return
		}
	}
	if rn == 15 && (op == 2 || op == 3) {
		d.set([]string{"", "", "mov", "mvn"}[op]+sflag(w)+d.c()+".w", r(rd), n)
		d.comment(int64(v))
		return
	}
	m, ok := dpOps[op]
	if !ok {
		d.undefined32(w)
		return
	}
	wide := ".w"
	if op == 3 || op == 14 {
		wide = ""
	}
	d.set(m+sflag(w)+d.c()+wide, r(rd), r(rn), n)
	d.comment(int64(v))
}
