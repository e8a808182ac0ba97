package thumb

import "fmt"

// sysRegWrite and sysRegRead name the FP system registers of vmsr/vmrs.
var fpSysRegs = map[uint32]string{0: "fpsid", 1: "fpscr", 2: "fpscr_nzcvqc", 5: "mvfr2", 6: "mvfr1", 7: "mvfr0",
	8: "fpexc", 9: "fpinst", 10: "fpinst2", 12: "vpr", 13: "p0", 14: "fpcxt_ns", 15: "fpcxt_s"}

// fpSys renders vmsr/vmrs.
func fpSys(d *decoder, w uint32) string {
	n := bits(w, 16, 4)
	name, ok := fpSysRegs[n]
	if !ok {
		name = fmt.Sprintf("<impl def 0x%x>", n)
	}
	var s string
	if bit(w, 20) {
		if n == 1 && bits(w, 12, 4) == 15 {
			return "vmrs" + d.c() + "\tAPSR_nzcv, fpscr"
		}
		s = "vmrs" + d.c() + "\t" + r(w>>12) + ", " + name
	} else {
		s = "vmsr" + d.c() + "\t" + name + ", " + r(w>>12)
	}
	if n == 9 || n == 10 {
		s += "\t@ Impl def"
	}
	return s
}

var fpTable2 = []fpEntry{
	{mask: 0x0fe00fff, value: 0x0ee00a10, format: fpSys},
	{mask: 0x0fd00fff, value: 0x0e000b10, format: func(d *decoder, w uint32) string {
		return fmt.Sprintf("vmov%s.32\t%s[%d], %s", d.c(), dReg(w, 'n'), bits(w, 21, 1), r(w>>12))
	}},
	{mask: 0x0fd00fff, value: 0x0e100b10, format: func(d *decoder, w uint32) string {
		return fmt.Sprintf("vmov%s.32\t%s, %s[%d]", d.c(), r(w>>12), dReg(w, 'n'), bits(w, 21, 1))
	}},
	{mask: 0x0ff00f7f, value: 0x0e000a10, format: func(d *decoder, w uint32) string { return "vmov" + d.c() + "\t" + sReg(w, 'n') + ", " + r(w>>12) }},
	{mask: 0x0ff00f7f, value: 0x0e100a10, format: func(d *decoder, w uint32) string { return "vmov" + d.c() + "\t" + r(w>>12) + ", " + sReg(w, 'n') }},
	{mask: 0x0fbf0e70, value: 0x0eb50a40, format: func(d *decoder, w uint32) string {
		reg, t := prec(w)
		return "vcmp" + eflag(w) + d.c() + t + "\t" + reg(w, 'd') + ", #0.0"
	}},
	{mask: 0x0fbf0ed0, value: 0x0eb00a40, format: fp2("vmov")},
	{mask: 0x0fbf0ed0, value: 0x0eb00ac0, format: fp2("vabs")},
	{mask: 0x0fbf0ed0, value: 0x0eb10a40, format: fp2("vneg")},
	{mask: 0x0fbf0ed0, value: 0x0eb10ac0, format: fp2("vsqrt")},
	{mask: 0x0fbf0fd0, value: 0x0eb70ac0, format: func(d *decoder, w uint32) string {
		return "vcvt" + d.c() + ".f64.f32\t" + dReg(w, 'd') + ", " + sReg(w, 'm')
	}},
	{mask: 0x0fbf0fd0, value: 0x0eb70bc0, format: func(d *decoder, w uint32) string {
		return "vcvt" + d.c() + ".f32.f64\t" + sReg(w, 'd') + ", " + dReg(w, 'm')
	}},
	{mask: 0x0fbf0e50, value: 0x0eb80a40, format: func(d *decoder, w uint32) string {
		reg, t := prec(w)
		return "vcvt" + d.c() + t + "." + []string{"u", "s"}[w>>7&1] + "32\t" + reg(w, 'd') + ", " + sReg(w, 'm')
	}},
	{mask: 0x0fbf0e50, value: 0x0eb40a40, format: func(d *decoder, w uint32) string {
		reg, t := prec(w)
		return "vcmp" + eflag(w) + d.c() + t + "\t" + reg(w, 'd') + ", " + reg(w, 'm')
	}},
	{mask: 0x0fbe0e50, value: 0x0eba0a40, format: func(d *decoder, w uint32) string {
		reg, t := prec(w)
		return fmt.Sprintf("vcvt%s%s.%s\t%s, %s, #%d", d.c(), t, fixedType(w), reg(w, 'd'), reg(w, 'd'), fixedBits(w))
	}},
	{mask: 0x0fbe0e50, value: 0x0ebc0a40, format: func(d *decoder, w uint32) string {
		rr := "r"
		if bit(w, 7) {
			rr = ""
		}
		reg, t := prec(w)
		return "vcvt" + rr + d.c() + "." + []string{"u", "s"}[w>>16&1] + "32" + t + "\t" + sReg(w, 'd') + ", " + reg(w, 'm')
	}},
	{mask: 0x0fbe0e50, value: 0x0ebe0a40, format: func(d *decoder, w uint32) string {
		reg, t := prec(w)
		return fmt.Sprintf("vcvt%s.%s%s\t%s, %s, #%d", d.c(), fixedType(w), t, reg(w, 'd'), reg(w, 'd'), fixedBits(w))
	}},
	{mask: 0x0fb00ef0, value: 0x0eb00a00, format: func(d *decoder, w uint32) string {
		reg, t := prec(w)
		return "vmov" + d.c() + t + "\t" + reg(w, 'd') + ", " + vfpImm(w)
	}},
	{mask: 0x0ff00fd0, value: 0x0c400a10, format: func(d *decoder, w uint32) string {
		m := sNum(w, 'm')
		return fmt.Sprintf("vmov%s\ts%d, s%d, %s, %s", d.c(), m, m+1, r(w>>12), r(w>>16))
	}},
	{mask: 0x0ff00fd0, value: 0x0c500a10, format: func(d *decoder, w uint32) string {
		m := sNum(w, 'm')
		return fmt.Sprintf("vmov%s\t%s, %s, s%d, s%d", d.c(), r(w>>12), r(w>>16), m, m+1)
	}},
	{mask: 0x0fb00e50, value: 0x0e000a00, format: fp3("vmla")},
	{mask: 0x0fb00e50, value: 0x0e000a40, format: fp3("vmls")},
	{mask: 0x0fb00e50, value: 0x0e100a00, format: fp3("vnmls")},
	{mask: 0x0fb00e50, value: 0x0e100a40, format: fp3("vnmla")},
	{mask: 0x0fb00e50, value: 0x0e200a00, format: fp3("vmul")},
	{mask: 0x0fb00e50, value: 0x0e200a40, format: fp3("vnmul")},
	{mask: 0x0fb00e50, value: 0x0e300a00, format: fp3("vadd")},
	{mask: 0x0fb00e50, value: 0x0e300a40, format: fp3("vsub")},
	{mask: 0x0fb00e50, value: 0x0e800a00, format: fp3("vdiv")},
}

// eflag is the "e" of vcmpe.
func eflag(w uint32) string {
	if bit(w, 7) {
		return "e"
	}
	return ""
}

var fpTable3 = []fpEntry{
	{mask: 0x0fb00e50, value: 0x0ea00a00, format: fp3("vfma")},
	{mask: 0x0fb00e50, value: 0x0ea00a40, format: fp3("vfms")},
	{mask: 0x0fb00e50, value: 0x0e900a40, format: fp3("vfnma")},
	{mask: 0x0fb00e50, value: 0x0e900a00, format: fp3("vfnms")},
	{mask: 0xff800e50, value: 0xfe000a00, format: func(d *decoder, w uint32) string {
		reg, t := prec(w)
		return "vsel" + selConds[bits(w, 20, 2)] + d.u() + t + "\t" + reg(w, 'd') + ", " + reg(w, 'n') + ", " + reg(w, 'm')
	}},
	{mask: 0xffb00e50, value: 0xfe800a00, format: func(d *decoder, w uint32) string {
		reg, t := prec(w)
		return "vmaxnm" + d.u() + t + "\t" + reg(w, 'd') + ", " + reg(w, 'n') + ", " + reg(w, 'm')
	}},
	{mask: 0xffb00e50, value: 0xfe800a40, format: func(d *decoder, w uint32) string {
		reg, t := prec(w)
		return "vminnm" + d.u() + t + "\t" + reg(w, 'd') + ", " + reg(w, 'n') + ", " + reg(w, 'm')
	}},
	{mask: 0xffbc0e50, value: 0xfebc0a40, format: func(d *decoder, w uint32) string {
		reg, t := prec(w)
		return "vcvt" + roundModes[bits(w, 16, 2)] + d.u() + "." + []string{"u", "s"}[w>>7&1] + "32" + t + "\t" + sReg(w, 'd') + ", " + reg(w, 'm')
	}},
	{mask: 0x0fbe0e50, value: 0x0eb60a40, format: func(d *decoder, w uint32) string {
		reg, t := prec(w)
		mode := []string{"r", "z", "x", "?"}[bits(w, 7, 1)|bits(w, 16, 1)<<1]
		return "vrint" + mode + d.c() + t + "\t" + reg(w, 'd') + ", " + reg(w, 'm')
	}},
	{mask: 0xffbc0ed0, value: 0xfeb80a40, format: func(d *decoder, w uint32) string {
		reg, t := prec(w)
		return "vrint" + roundModes[bits(w, 16, 2)] + d.u() + t + "\t" + reg(w, 'd') + ", " + reg(w, 'm')
	}},
}
