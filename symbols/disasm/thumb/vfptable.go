package thumb

import "fmt"

// prec returns the register renderer and type suffix of a VFP
// data-processing instruction: single (bit 8 clear) or double.
func prec(w uint32) (func(uint32, byte) string, string) {
	if bit(w, 8) {
		return dReg, ".f64"
	}
	return sReg, ".f32"
}

// fp3 renders a three-register VFP operation.
func fp3(name string) func(d *decoder, w uint32) string {
	return func(d *decoder, w uint32) string {
		reg, t := prec(w)
		return name + d.c() + t + "\t" + reg(w, 'd') + ", " + reg(w, 'n') + ", " + reg(w, 'm')
	}
}

// fp2 renders a two-register VFP operation.
func fp2(name string) func(d *decoder, w uint32) string {
	return func(d *decoder, w uint32) string {
		reg, t := prec(w)
		return name + d.c() + t + "\t" + reg(w, 'd') + ", " + reg(w, 'm')
	}
}

// fpU renders the ARMv8 instructions that cannot be conditional: inside
// an IT block objdump shows the condition and flags them unpredictable.
func (d *decoder) u() string {
	if d.it.InBlock() {
		d.unpred = true
	}
	return d.c()
}

// selConds are vsel's conditions by bits 21:20.
var selConds = [4]string{"eq", "vs", "ge", "gt"}

// roundModes are the rounding-mode letters of vrint/vcvt by bits 17:16.
var roundModes = [4]string{"a", "n", "p", "m"}

// fixedType is the fixed-point type of vcvt: "s16", "u32", ...
func fixedType(w uint32) string {
	t := "s"
	if bit(w, 16) {
		t = "u"
	}
	if bit(w, 7) {
		return t + "32"
	}
	return t + "16"
}

var fpTable1 = []fpEntry{
	{mask: 0xfff0ffff, value: 0xec300a00, format: func(d *decoder, w uint32) string { return "vlldm\t" + r(w>>16) }},
	{mask: 0xfff0ffff, value: 0xec200a00, format: func(d *decoder, w uint32) string { return "vlstm\t" + r(w>>16) }},
	{mask: 0x0fbf0f01, value: 0x0d2d0b00, format: func(d *decoder, w uint32) string { return "vpush" + d.c() + "\t" + dList(w) }},
	{mask: 0x0fb00f01, value: 0x0d200b00, format: func(d *decoder, w uint32) string { return "vstmdb" + d.c() + "\t" + r(w>>16) + "!, " + dList(w) }},
	{mask: 0x0fb00f01, value: 0x0d300b00, format: func(d *decoder, w uint32) string { return "vldmdb" + d.c() + "\t" + r(w>>16) + "!, " + dList(w) }},
	{mask: 0x0f900f01, value: 0x0c800b00, format: func(d *decoder, w uint32) string {
		return "vstmia" + d.c() + "\t" + r(w>>16) + wback(w) + ", " + dList(w)
	}},
	{mask: 0x0fbf0f01, value: 0x0cbd0b00, format: func(d *decoder, w uint32) string { return "vpop" + d.c() + "\t" + dList(w) }},
	{mask: 0x0f900f01, value: 0x0c900b00, format: func(d *decoder, w uint32) string {
		return "vldmia" + d.c() + "\t" + r(w>>16) + wback(w) + ", " + dList(w)
	}},
	{mask: 0x0f300f00, value: 0x0d000b00, format: func(d *decoder, w uint32) string { return "vstr" + d.c() + "\t" + dReg(w, 'd') + ", " + d.cpAddr(w) }},
	{mask: 0x0f300f00, value: 0x0d100b00, format: func(d *decoder, w uint32) string { return "vldr" + d.c() + "\t" + dReg(w, 'd') + ", " + d.cpAddr(w) }},
	{mask: 0x0fbf0f00, value: 0x0d2d0a00, format: func(d *decoder, w uint32) string { return "vpush" + d.c() + "\t" + sList(w) }},
	{mask: 0x0fb00f00, value: 0x0d200a00, format: func(d *decoder, w uint32) string { return "vstmdb" + d.c() + "\t" + r(w>>16) + "!, " + sList(w) }},
	{mask: 0x0fb00f00, value: 0x0d300a00, format: func(d *decoder, w uint32) string { return "vldmdb" + d.c() + "\t" + r(w>>16) + "!, " + sList(w) }},
	{mask: 0x0f900f00, value: 0x0c800a00, format: func(d *decoder, w uint32) string {
		return "vstmia" + d.c() + "\t" + r(w>>16) + wback(w) + ", " + sList(w)
	}},
	{mask: 0x0fbf0f00, value: 0x0cbd0a00, format: func(d *decoder, w uint32) string { return "vpop" + d.c() + "\t" + sList(w) }},
	{mask: 0x0f900f00, value: 0x0c900a00, format: func(d *decoder, w uint32) string {
		return "vldmia" + d.c() + "\t" + r(w>>16) + wback(w) + ", " + sList(w)
	}},
	{mask: 0x0f300f00, value: 0x0d000a00, format: func(d *decoder, w uint32) string { return "vstr" + d.c() + "\t" + sReg(w, 'd') + ", " + d.cpAddr(w) }},
	{mask: 0x0f300f00, value: 0x0d100a00, format: func(d *decoder, w uint32) string { return "vldr" + d.c() + "\t" + sReg(w, 'd') + ", " + d.cpAddr(w) }},
	{mask: 0x0fb00f01, value: 0x0d200b01, format: func(d *decoder, w uint32) string {
		return "fstmdbx" + d.c() + "\t" + r(w>>16) + "!, " + dListX(w) + "\t@ Deprecated"
	}},
	{mask: 0x0fb00f01, value: 0x0d300b01, format: func(d *decoder, w uint32) string {
		return "fldmdbx" + d.c() + "\t" + r(w>>16) + "!, " + dListX(w) + "\t@ Deprecated"
	}},
	{mask: 0x0f900f01, value: 0x0c800b01, format: func(d *decoder, w uint32) string {
		return "fstmiax" + d.c() + "\t" + r(w>>16) + wback(w) + ", " + dListX(w) + "\t@ Deprecated"
	}},
	{mask: 0x0f900f01, value: 0x0c900b01, format: func(d *decoder, w uint32) string {
		return "fldmiax" + d.c() + "\t" + r(w>>16) + wback(w) + ", " + dListX(w) + "\t@ Deprecated"
	}},
	{mask: 0x0ff00fd0, value: 0x0c400b10, format: func(d *decoder, w uint32) string {
		return "vmov" + d.c() + "\t" + dReg(w, 'm') + ", " + r(w>>12) + ", " + r(w>>16)
	}},
	{mask: 0x0ff00fd0, value: 0x0c500b10, format: func(d *decoder, w uint32) string {
		return "vmov" + d.c() + "\t" + r(w>>12) + ", " + r(w>>16) + ", " + dReg(w, 'm')
	}},
	{mask: 0x0fd00f70, value: 0x0e000b10, format: func(d *decoder, w uint32) string {
		return fmt.Sprintf("vmov%s.32\t%s[%d], %s", d.c(), dReg(w, 'n'), bits(w, 21, 1), r(w>>12))
	}},
	{mask: 0x0f500f70, value: 0x0e100b10, format: func(d *decoder, w uint32) string {
		return fmt.Sprintf("vmov%s.32\t%s, %s[%d]", d.c(), r(w>>12), dReg(w, 'n'), bits(w, 21, 1))
	}},
	{mask: 0x0fd00f30, value: 0x0e000b30, format: func(d *decoder, w uint32) string {
		return fmt.Sprintf("vmov%s.16\t%s[%d], %s", d.c(), dReg(w, 'n'), bits(w, 6, 1)|bits(w, 21, 1)<<1, r(w>>12))
	}},
	{mask: 0x0f500f30, value: 0x0e100b30, format: func(d *decoder, w uint32) string {
		return fmt.Sprintf("vmov%s.%s16\t%s, %s[%d]", d.c(), []string{"s", "u"}[w>>23&1], r(w>>12), dReg(w, 'n'), bits(w, 6, 1)|bits(w, 21, 1)<<1)
	}},
	{mask: 0x0fd00f10, value: 0x0e400b10, format: func(d *decoder, w uint32) string {
		return fmt.Sprintf("vmov%s.8\t%s[%d], %s", d.c(), dReg(w, 'n'), bits(w, 5, 2)|bits(w, 21, 1)<<2, r(w>>12))
	}},
	{mask: 0x0f500f10, value: 0x0e500b10, format: func(d *decoder, w uint32) string {
		return fmt.Sprintf("vmov%s.%s8\t%s, %s[%d]", d.c(), []string{"s", "u"}[w>>23&1], r(w>>12), dReg(w, 'n'), bits(w, 5, 2)|bits(w, 21, 1)<<2)
	}},
	{mask: 0x0fbf0f50, value: 0x0eb20b40, format: func(d *decoder, w uint32) string {
		return "vcvt" + []string{"b", "t"}[w>>7&1] + d.c() + ".f64.f16\t" + dReg(w, 'd') + ", " + sReg(w, 'm')
	}},
	{mask: 0x0fbf0f50, value: 0x0eb30b40, format: func(d *decoder, w uint32) string {
		return "vcvt" + []string{"b", "t"}[w>>7&1] + d.c() + ".f16.f64\t" + sReg(w, 'd') + ", " + dReg(w, 'm')
	}},
	{mask: 0x0fbf0f50, value: 0x0eb20a40, format: func(d *decoder, w uint32) string {
		return "vcvt" + []string{"b", "t"}[w>>7&1] + d.c() + ".f32.f16\t" + sReg(w, 'd') + ", " + sReg(w, 'm')
	}},
	{mask: 0x0fbf0f50, value: 0x0eb30a40, format: func(d *decoder, w uint32) string {
		return "vcvt" + []string{"b", "t"}[w>>7&1] + d.c() + ".f16.f32\t" + sReg(w, 'd') + ", " + sReg(w, 'm')
	}},
}

// fpTable is the whole floating-point and coprocessor table, in the order
// objdump tries its rows.
var fpTable = concatFP(fpTable1, fpTable2, fpTable3, cpTable)

func concatFP(parts ...[]fpEntry) []fpEntry {
	var out []fpEntry
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}
