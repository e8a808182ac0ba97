package thumb

import "fmt"

// unpredR is objdump's note on pc (and, for 'S' fields, sp) where the
// architecture makes the instruction unpredictable.
const unpredText = "\t@ <UNPREDICTABLE>"

// rotation renders the ror of extend instructions (objdump's %R).
func rotation(w uint32) string {
	if rot := bits(w, 4, 2); rot != 0 {
		return fmt.Sprintf(", ror #%d", rot*8)
	}
	return ""
}

// parallelNames are the parallel add/subtract mnemonics by hw1 bits 22:20
// and the prefix in hw2 bits 6:4.
var parallelOps = [8]string{"add8", "add16", "asx", "", "sub8", "sub16", "sax", ""}
var parallelPrefix = [8]string{"s", "q", "sh", "", "u", "uq", "uh", ""}

// dataProcReg decodes the 1111 1010 group: register shifts, extends,
// parallel arithmetic and miscellaneous operations.
func (d *decoder) dataProcReg(w uint32) {
	rd, rn, rm := r(w>>8), r(w>>16), r(w)
	op1, op2 := bits(w, 20, 4), bits(w, 4, 4)
	ext := []string{"sxth", "uxth", "sxtb16", "uxtb16", "sxtb", "uxtb"}
	switch {
	case w&0xff80f0c0 == 0xfa00f080 && op1 < 6 && bits(w, 16, 4) == 15:
		wide := ".w"
		if op1 == 2 || op1 == 3 {
			wide = ""
		}
		d.set(ext[op1]+d.c()+wide, rd, rm+rotation(w))
	case w&0xff80f080 == 0xfa80f000 && parallelOps[op1&7] != "" && parallelPrefix[op2] != "":
		d.set(parallelPrefix[op2]+parallelOps[op1&7]+d.c(), rd, rn, rm)
	case w&0xfff0f0c0 == 0xfa80f080:
		d.set([]string{"qadd", "qdadd", "qsub", "qdsub"}[op2&3]+d.c(), rd, rm, rn)
	case w&0xfff0f0c0 == 0xfa90f080:
		d.set([]string{"rev", "rev16", "rbit", "revsh"}[op2&3]+d.c()+[]string{".w", ".w", "", ".w"}[op2&3], rd, rn)
	case w&0xfff0f0f0 == 0xfaa0f080:
		d.set("sel"+d.c(), rd, rn, rm)
	case w&0xfff0f0f0 == 0xfab0f080:
		d.set("clz"+d.c(), rd, rn)
	case w&0xffe0f0c0 == 0xfac0f080 && op2 < 0xb:
		name := []string{"crc32b", "crc32h", "crc32w"}[op2-8]
		if bit(w, 20) {
			name = []string{"crc32cb", "crc32ch", "crc32cw"}[op2-8]
		}
		rdText, rdPC := rd, w>>8&15 == 15
		if name == "crc32h" { // objdump reads Rd from bits 11:9 here
			rdText, rdPC = r(w>>9&7), false
		}
		d.set(name, rdText, rn, rm)
		d.unpredictable(rdPC || w>>16&15 == 15 || w&15 == 15)
	case w&0xff80f0f0 == 0xfa00f000:
		d.set([]string{"lsl", "lsr", "asr", "ror"}[bits(w, 21, 2)]+sflag(w)+d.c()+".w", rd, rn, rm)
		if bits(w, 21, 2) != 3 {
			d.unpredictable(w>>8&15 == 15 || w>>16&15 == 15 || w&15 == 15)
		}
	case w&0xff80f0c0 == 0xfa00f080 && op1 < 6:
		d.set([]string{"sxtah", "uxtah", "sxtab16", "uxtab16", "sxtab", "uxtab"}[op1]+d.c(), rd, rn, rm+rotation(w))
	default:
		d.undefined32(w)
	}
}

// unpredictable appends objdump's <UNPREDICTABLE> note when cond holds.
func (d *decoder) unpredictable(cond bool) {
	if cond {
		d.in.Text += unpredText
	}
}

// multiply decodes the 1111 1011 group: multiplies, multiply-accumulates
// and divides.
func (d *decoder) multiply(w uint32) {
	rd, rn, rm, ra := r(w>>8), r(w>>16), r(w), r(w>>12)
	op1, op2 := bits(w, 20, 3), bits(w, 4, 4)
	raIs15 := bits(w, 12, 4) == 15
	any15 := func(fields ...uint) bool {
		for _, f := range fields {
			if w>>f&15 == 15 {
				return true
			}
		}
		return false
	}
	tb := func(b uint) string { return []string{"b", "t"}[w>>b&1] }
	x := func(b uint, c string) string {
		if bit(w, b) {
			return c
		}
		return ""
	}
	switch {
	case w&0xfff00ff0 == 0xfb500f00:
		d.set("autg"+d.c(), ra, rn, rm)
	case w&0xfff00ff0 == 0xfb500f10:
		d.set("bxaut"+d.c(), ra, rn, rm)
	case w&0xfff0f0f0 == 0xfb60f000:
		d.set("pacg"+d.c(), rd, rn, rm)
	case w&0xffd0f0f0 == 0xfb90f0f0:
		d.set([]string{"sdiv", "udiv"}[w>>21&1]+d.c(), rd, rn, rm)
	case bit(w, 23):
		d.longMultiply(w)
	case op1 == 0 && op2 == 0 && raIs15:
		d.set("mul"+d.c()+".w", rd, rn, rm)
	case op1 == 7 && op2 == 0 && raIs15:
		d.set("usad8"+d.c(), rd, rn, rm)
	case op2&0xe == 0 && raIs15 && op1 >= 2 && op1 <= 5:
		d.set([]string{"", "", "smuad" + x(4, "x"), "smulw" + tb(4), "smusd" + x(4, "x"), "smmul" + x(4, "r")}[op1]+d.c(), rd, rn, rm)
	case op1 == 1 && op2&0xc == 0 && raIs15:
		d.set("smul"+tb(5)+tb(4)+d.c(), rd, rn, rm)
	case op1 == 0 && op2 < 2:
		d.set([]string{"mla", "mls"}[op2]+d.c(), rd, rn, rm, ra)
	case op1 == 7 && op2 == 0:
		d.set("usada8"+d.c(), rd, rn, rm, ra)
		d.unpredictable(any15(8, 16, 0, 12))
	case op2&0xe == 0 && op1 >= 2 && op1 <= 6:
		names := []string{"", "", "smlad" + x(4, "x"), "smlaw" + tb(4), "smlsd" + x(4, "x"), "smmla" + x(4, "r"), "smmls" + x(4, "r")}
		d.set(names[op1]+d.c(), rd, rn, rm, ra)
		d.unpredictable(any15(8, 16, 0, 12))
	case op1 == 1 && op2&0xc == 0:
		d.set("smla"+tb(5)+tb(4)+d.c(), rd, rn, rm, ra)
	default:
		d.undefined32(w)
	}
}

// longMultiply decodes the 64-bit multiplies (hw1 bit 7 set).
func (d *decoder) longMultiply(w uint32) {
	lo, hi, rn, rm := r(w>>12), r(w>>8), r(w>>16), r(w)
	op1, op2 := bits(w, 20, 3), bits(w, 4, 4)
	unpred := w>>12&15 == 15 || w>>8&15 == 15 || w>>16&15 == 15 || w&15 == 15
	x := ""
	if bit(w, 4) {
		x = "x"
	}
	switch {
	case op2 == 0 && (op1 == 0 || op1 == 2 || op1 == 4 || op1 == 6):
		d.set([]string{"smull", "umull", "smlal", "umlal"}[op1/2]+d.c(), lo, hi, rn, rm)
		d.unpredictable(unpred)
	case op1 == 6 && op2 == 6:
		d.set("umaal"+d.c(), lo, hi, rn, rm)
		d.unpredictable(unpred)
	case (op1 == 4 || op1 == 5) && op2&0xe == 0xc:
		d.set([]string{"smlald", "smlsld"}[op1-4]+x+d.c(), lo, hi, rn, rm)
		d.unpredictable(unpred)
	case op1 == 4 && op2&0xc == 8:
		d.set("smlal"+[]string{"b", "t"}[w>>5&1]+[]string{"b", "t"}[w>>4&1]+d.c(), lo, hi, rn, rm)
	default:
		d.undefined32(w)
	}
}
