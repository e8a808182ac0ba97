package vm

// thumbVFP classifies the single-precision floating-point instructions
// (FPv4-SP): VLDR, VSTR, VLDM, VSTM (VPUSH, VPOP), the VMOV transfers, VMRS
// and the data-processing forms, with s0–s31 numbered from FlowS0.
func thumbVFP(f *Flow, h1, h2, pc uint32) {
	op1 := h1 >> 4 & 0x3f
	switch {
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
	case op1&0x30 == 0x20 && h2&0x100 == 0:
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

// vfpData classifies the single-precision data-processing instructions:
// Sd from Sn and Sm (and Sd for the accumulating ones), VMOV immediate a
// constant, the one-operand forms from Sm; compares write no register.
func vfpData(f *Flow, h1, h2 uint32) {
	d := FlowS0 + int(sreg(h2>>12&15, h1>>6&1))
	n := FlowS0 + int(sreg(h1&15, h2>>7&1))
	m := FlowS0 + int(sreg(h2&15, h2>>5&1))
	opc1 := h1>>5&4 | h1>>4&3
	switch {
	case opc1 == 0, opc1 == 1, opc1 == 5, opc1 == 6: // multiply-accumulate
		f.Regs = []RegFlow{{Reg: d, Class: DataALU, Src: []int{n, m, d}}}
	case opc1 == 2, opc1 == 3, opc1 == 4:
		f.Regs = []RegFlow{{Reg: d, Class: DataALU, Src: []int{n, m}}}
	case opc1 == 7 && h2>>6&1 == 0: // VMOV immediate
		f.Regs = []RegFlow{{Reg: d, Class: DataConst}}
	case opc1 == 7:
		switch opc2 := h1 & 15; {
		case opc2 == 4, opc2 == 5: // VCMP
		case opc2&0xa == 0xa: // VCVT fixed point: Sd in place
			f.Regs = []RegFlow{{Reg: d, Class: DataALU, Src: []int{d}}}
		case opc2 == 2, opc2 == 3: // VCVTB/VCVTT keep half of Sd
			f.Regs = []RegFlow{{Reg: d, Class: DataALU, Src: []int{m, d}}}
		default:
			f.Regs = []RegFlow{{Reg: d, Class: DataALU, Src: []int{m}}}
		}
	}
}
