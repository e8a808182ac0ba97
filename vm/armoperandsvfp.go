package vm

// thumbVFP classifies the floating-point instructions of FPv4-SP and
// FPv5-D16 (Cortex-M7): VLDR, VSTR, VLDM, VSTM (VPUSH, VPOP), the VMOV
// transfers, VMRS, the data-processing forms in single and double
// precision, and FPv5's unconditional VSEL, VMAXNM, VMINNM, VRINT{A,N,P,M}
// and VCVT{A,N,P,M}, with s0–s31 numbered from FlowS0 (a double dN is
// s2N and s2N+1).
func thumbVFP(f *Flow, h1, h2, pc uint32) {
	op1 := h1 >> 4 & 0x3f
	switch {
	case h1>>8 == 0xfe:
		fpv5Flow(f, h1, h2)
	case op1&0x3e == 0x04: // VMOV two core registers <-> two singles or a double
		rt, rt2, s0 := int(h2>>12&15), int(h1&15), int(sreg(h2&15, h2>>5&1))
		if h2&0x100 != 0 {
			s0 = int((h2>>5&1<<4 | h2&15) * 2)
		}
		if h1&0x10 != 0 {
			f.Regs = []RegFlow{{Reg: rt, Class: DataALU, Src: []int{FlowS0 + s0}}, {Reg: rt2, Class: DataALU, Src: []int{FlowS0 + s0 + 1}}}
		} else {
			f.Regs = []RegFlow{{Reg: FlowS0 + s0, Class: DataALU, Src: []int{rt}}, {Reg: FlowS0 + s0 + 1, Class: DataALU, Src: []int{rt2}}}
		}
	case op1&0x20 == 0 && op1&0x3a != 0:
		vfpLoadStore(f, h1, h2, pc)
	case op1&0x30 == 0x20 && h2&0x10 != 0:
		vfpTransfer(f, h1, h2)
	case op1&0x30 == 0x20:
		vfpData(f, h1, h2)
	}
}

// vfpLoadStore classifies VLDR, VSTR, VLDM, VSTM, VPUSH and VPOP.
func vfpLoadStore(f *Flow, h1, h2, pc uint32) {
	p, u, w, l := h1>>8&1, h1>>7&1, h1>>5&1, h1>>4&1
	rn := int(h1 & 15)
	imm8 := int32(h2 & 0xff)
	first, count := int(sreg(h2>>12&15, h1>>6&1)), imm8
	if h2&0x100 != 0 {
		first, count = int((h1>>6&1<<4|h2>>12&15)*2), imm8&^1
	}
	base, off := rn, int32(0)
	switch {
	case p == 1 && w == 0: // VLDR, VSTR
		count = 1 + int32(h2>>8&1)
		off = 4 * imm8
		if u == 0 {
			off = -off
		}
	case p == 0 && u == 1:
		if w == 1 {
			f.Wback, f.WbDelta = rn, 4*count
		}
	case p == 1 && u == 0 && w == 1:
		off = -4 * count
		f.Wback, f.WbDelta = rn, -4*count
	default:
		return
	}
	if rn == 15 {
		base, off = -1, int32((pc+4)&^3)+off
	}
	for i := range count {
		at := MemRef{Base: base, Index: -1, Off: off + 4*i, Size: 4}
		s := FlowS0 + first + int(i)
		if s >= FlowS0+32 {
			break
		}
		if l == 1 {
			f.Regs = append(f.Regs, RegFlow{Reg: s, Class: DataLoad, Mem: at})
		} else {
			f.Stores = append(f.Stores, MemFlow{Mem: at, Src: []int{s}})
		}
	}
	if f.Wback >= 0 {
		f.Regs = append(f.Regs, RegFlow{Reg: rn, Class: DataALU, Src: []int{rn}})
	}
}

// vfpTransfer classifies VMOV core <-> single and VMRS.
func vfpTransfer(f *Flow, h1, h2 uint32) {
	l, c, op := h1>>4&1, h2>>8&1, h1>>5&7
	rt := int(h2 >> 12 & 15)
	switch {
	case c == 0 && op == 0:
		sn := FlowS0 + int(sreg(h1&15, h2>>7&1))
		if l == 1 {
			f.Regs = []RegFlow{{Reg: rt, Class: DataALU, Src: []int{sn}}}
		} else {
			f.Regs = []RegFlow{{Reg: sn, Class: DataALU, Src: []int{rt}}}
		}
	case c == 0 && op == 7 && l == 1 && rt != 15: // VMRS Rt, FPSCR (or MVFR0/1)
		f.Regs = []RegFlow{{Reg: rt, Class: DataCSR, Sys: uint16(0x100 | h1&15)}}
	case c == 1 && h1>>6&3 == 0:
		s := FlowS0 + int((h2>>7&1<<4|h1&15)*2+h1>>5&1)
		if l == 1 {
			f.Regs = []RegFlow{{Reg: rt, Class: DataALU, Src: []int{s}}}
		} else {
			f.Regs = []RegFlow{{Reg: s, Class: DataALU, Src: []int{rt}}}
		}
	}
}

// vfpOperands are the registers of a data-processing instruction's d, n
// and m fields as Flow numbers, at the size its sz bit gives (a double:
// both of its singles; one beyond d15, which FPv5-D16 lacks: none), and
// each field read as a single and as a double, for the forms that mix
// sizes.
type vfpOperands struct {
	d, n, m    []int
	sd, sm, dd []int // Vd:D and Vm:M as singles, D:Vd as a double
	dm         []int // M:Vm as a double
}

func vfpOperandsOf(h1, h2 uint32) vfpOperands {
	single := func(s uint32) []int { return []int{FlowS0 + int(s)} }
	double := func(d uint32) []int {
		if d >= 16 {
			return nil
		}
		return []int{FlowS0 + 2*int(d), FlowS0 + 2*int(d) + 1}
	}
	o := vfpOperands{
		sd: single(sreg(h2>>12&15, h1>>6&1)), sm: single(sreg(h2&15, h2>>5&1)),
		dd: double(h1>>6&1<<4 | h2>>12&15), dm: double(h2>>5&1<<4 | h2&15),
	}
	o.d, o.n, o.m = o.sd, single(sreg(h1&15, h2>>7&1)), o.sm
	if h2&0x100 != 0 {
		o.d, o.n, o.m = o.dd, double(h2>>7&1<<4|h1&15), o.dm
	}
	return o
}

// vfpWrite records that each register of dst is computed from srcs.
func vfpWrite(f *Flow, dst []int, srcs ...[]int) {
	var src []int
	for _, s := range srcs {
		src = append(src, s...)
	}
	for _, r := range dst {
		f.Regs = append(f.Regs, RegFlow{Reg: r, Class: DataALU, Src: src})
	}
}

// vfpData classifies the data-processing instructions, single or double:
// Sd/Dd from Sn/Dn and Sm/Dm (and itself for the accumulating ones), VMOV
// immediate a constant, the one-operand forms from m, the conversions
// between sizes and to or from integers with each side at its own size;
// compares write no register.
func vfpData(f *Flow, h1, h2 uint32) {
	o := vfpOperandsOf(h1, h2)
	double := h2&0x100 != 0
	switch opc1 := h1>>5&4 | h1>>4&3; {
	case opc1 == 0, opc1 == 1, opc1 == 5, opc1 == 6: // multiply-accumulate
		vfpWrite(f, o.d, o.n, o.m, o.d)
	case opc1 == 2, opc1 == 3, opc1 == 4:
		vfpWrite(f, o.d, o.n, o.m)
	case opc1 == 7 && h2>>6&1 == 0: // VMOV immediate
		for _, r := range o.d {
			f.Regs = append(f.Regs, RegFlow{Reg: r, Class: DataConst})
		}
	case opc1 == 7:
		switch opc2 := h1 & 15; {
		case opc2 == 4, opc2 == 5: // VCMP
		case opc2&0xa == 0xa: // VCVT fixed point: in place
			vfpWrite(f, o.d, o.d)
		case opc2 == 2 && double: // VCVTB/VCVTT.F64.F16
			vfpWrite(f, o.dd, o.sm)
		case opc2 == 3 && double: // VCVTB/VCVTT.F16.F64 keep half of Sd
			vfpWrite(f, o.sd, o.dm, o.sd)
		case opc2 == 2, opc2 == 3: // VCVTB/VCVTT single <-> half keep half of Sd
			vfpWrite(f, o.d, o.m, o.d)
		case opc2 == 7 && h2>>7&1 == 1 && double: // VCVT.F32.F64
			vfpWrite(f, o.sd, o.dm)
		case opc2 == 7 && h2>>7&1 == 1: // VCVT.F64.F32
			vfpWrite(f, o.dd, o.sm)
		case opc2 == 8: // VCVT.F32/F64 from a 32-bit integer in Sm
			vfpWrite(f, o.d, o.sm)
		case opc2 == 12, opc2 == 13: // VCVT(R) to a 32-bit integer in Sd
			vfpWrite(f, o.sd, o.m)
		default: // VMOV, VABS, VNEG, VSQRT, VRINTR/Z/X
			vfpWrite(f, o.d, o.m)
		}
	}
}

// fpv5Flow classifies FPv5's unconditional forms (first halfword 0xFExx).
func fpv5Flow(f *Flow, h1, h2 uint32) {
	o := vfpOperandsOf(h1, h2)
	switch {
	case h2&0x0e10 != 0x0a00: // not a floating-point data form
	case h1&0xff80 == 0xfe00, h1&0xffb0 == 0xfe80: // VSEL, VMAXNM, VMINNM
		vfpWrite(f, o.d, o.n, o.m)
	case h1&0xffbc == 0xfeb8: // VRINTA/N/P/M
		vfpWrite(f, o.d, o.m)
	case h1&0xffbc == 0xfebc: // VCVTA/N/P/M to a 32-bit integer in Sd
		vfpWrite(f, o.sd, o.m)
	}
}
