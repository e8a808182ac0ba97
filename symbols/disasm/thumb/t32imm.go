package thumb

import "fmt"

// dataProcPlainImm decodes addw/subw/movw/movt, saturation and bit-field
// instructions (11110x1).
func (d *decoder) dataProcPlainImm(w uint32) {
	rd, rn := r(w>>8), r(w>>16)
	i12 := w&0xff | (w&0x7000)>>4 | (w&0x04000000)>>15
	lsb := bits(w, 6, 2) | bits(w, 12, 3)<<2
	switch op := bits(w, 20, 6); {
	case w&0xfbf08000 == 0xf2000000:
		d.set("addw"+d.c(), rd, rn, imm(i12))
		d.comment(int64(i12))
	case w&0xfbf08000 == 0xf2400000, w&0xfbf08000 == 0xf2c00000:
		v := i12 | bits(w, 16, 4)<<12
		d.set([]string{"movw", "movt"}[w>>23&1]+d.c(), rd, imm(v))
		d.comment(int64(v))
	case w&0xfbf08000 == 0xf2a00000:
		d.set("subw"+d.c(), rd, rn, imm(i12))
		d.comment(int64(i12))
	case w&0xfff0f0e0 == 0xf3200000:
		d.set("ssat16"+d.c(), rd, imm(w&0x1f+1), rn)
	case w&0xfff0f0e0 == 0xf3a00000:
		d.set("usat16"+d.c(), rd, imm(w&0x1f), rn)
	case w&0xffd08020 == 0xf3000000, w&0xffd08020 == 0xf3800000:
		n := w & 0x1f
		mn := "usat"
		if w&0xffd08020 == 0xf3000000 {
			mn, n = "ssat", n+1
		}
		d.set(mn+d.c(), rd, imm(n), rn+satShift(w))
	case w&0xffff8020 == 0xf36f0000:
		d.set("bfc"+d.c(), rd, fmt.Sprintf("#%d, #%d", lsb, uint32(w&0x1f-lsb+1)))
	case w&0xfff08020 == 0xf3600000:
		d.set("bfi"+d.c(), rd, rn, fmt.Sprintf("#%d, #%d", lsb, uint32(w&0x1f-lsb+1)))
	case w&0xfff08020 == 0xf3400000, w&0xfff08020 == 0xf3c00000:
		d.set([]string{"sbfx", "ubfx"}[w>>23&1]+d.c(), rd, rn, fmt.Sprintf("#%d, #%d", lsb, w&0x1f+1))
	default:
		_ = op
		d.undefined32(w)
	}
}

// satShift renders the shift of ssat/usat (objdump's %s).
func satShift(w uint32) string {
	n := bits(w, 6, 2) | bits(w, 12, 3)<<2
	if bit(w, 21) {
		return fmt.Sprintf(", asr #%d", n)
	}
	if n != 0 {
		return fmt.Sprintf(", lsl #%d", n)
	}
	return ""
}
