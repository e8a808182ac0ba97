package vm

// fpData64 runs the double-precision three-register instructions (opc1
// 0-6: VMLA ... VFMS); see fpData for the single-precision ones.
func (a *armState) fpData64(h1, h2, opc1 uint32) bool {
	d, n, m, ok := fpv5Regs(h1, h2, true, true, true)
	if !ok {
		return false
	}
	f := fmtDouble
	sign := f.signBit()
	neg := h2>>6&1 != 0
	negIf := func(v uint64, b bool) uint64 {
		if b {
			return v ^ sign
		}
		return v
	}
	vd, vn, vm := a.get(d), a.get(n), a.get(m)
	var r uint64
	switch opc1 {
	case 0: // VMLA, VMLS
		r = a.fpgAdd(f, vd, negIf(a.fpgMul(f, vn, vm), neg), false)
	case 1: // VNMLS, VNMLA
		r = a.fpgAdd(f, vd^sign, negIf(a.fpgMul(f, vn, vm), neg), false)
	case 2: // VMUL, VNMUL
		r = negIf(a.fpgMul(f, vn, vm), neg)
	case 3: // VADD, VSUB
		r = a.fpgAdd(f, vn, vm, neg)
	case 4: // VDIV
		if neg {
			return false
		}
		r = a.fpgDiv(f, vn, vm)
	case 5: // VFNMS, VFNMA
		r = a.fpgFMA(f, negIf(vn, neg), vm, vd^sign)
	case 6: // VFMA, VFMS
		r = a.fpgFMA(f, negIf(vn, neg), vm, vd)
	}
	a.set(d, r)
	return true
}

// vfpImm64 expands VMOV's 8-bit immediate to a double.
func vfpImm64(imm8 uint32) uint64 {
	b6 := uint64(imm8 >> 6 & 1)
	return uint64(imm8>>7)<<63 | (b6^1)<<62 | (0xff*b6)<<54 | uint64(imm8>>4&3)<<52 | uint64(imm8&15)<<48
}

// fpv5Other runs the "other" data-processing group (opc1 1x11) for
// doubles, and the FPv5 single-precision forms there (VRINTR/Z/X, VCVT
// to and from double). known is false for what fpOther runs.
func (a *armState) fpv5Other(h1, h2 uint32, dbl bool) (ok, known bool) {
	opc2, opc3 := h1&15, h2>>6&3
	switch {
	case opc3&1 == 0: // VMOV immediate
		if !dbl {
			return false, false
		}
		d, _, _, ok := fpv5Regs(h1, h2, true, true, true)
		if ok {
			a.set(d, vfpImm64(opc2<<4|h2&15))
		}
		return ok, true
	case opc2 == 6 || opc2 == 7 && opc3 == 1: // VRINTR, VRINTZ, VRINTX
		d, _, m, ok := fpv5Regs(h1, h2, dbl, false, dbl)
		if ok {
			mode := a.fpscrMode()
			if opc2 == 6 && h2&0x80 != 0 {
				mode = rmZero
			}
			a.set(d, a.fpgRoundInt(m.format(), a.get(m), mode, opc2 == 7))
		}
		return ok, true
	case opc2 == 7: // VCVT between single and double
		d, _, m, ok := fpv5Regs(h1, h2, !dbl, false, dbl)
		if ok {
			a.set(d, a.fpgConvert(m.format(), d.format(), a.get(m)))
		}
		return ok, true
	case !dbl:
		return false, false
	}
	return a.fpv5Double(h1, h2, opc2), true
}

// fpv5Double runs the rest of the double-precision "other" group.
func (a *armState) fpv5Double(h1, h2, opc2 uint32) bool {
	f := fmtDouble
	d, _, m, _ := fpv5Regs(h1, h2, true, false, true)
	dS, _, mS, _ := fpv5Regs(h1, h2, false, false, false)
	needD := opc2 != 3 && opc2 != 12 && opc2 != 13
	needM := opc2 < 2 || opc2 == 3 || opc2 == 4 || opc2 == 12 || opc2 == 13
	bit7 := h2&0x80 != 0
	switch {
	case needD && d.n >= 16 || needM && m.n >= 16:
		return false
	case opc2 == 0 && !bit7: // VMOV register
		a.set(d, a.get(m))
	case opc2 == 0: // VABS
		a.set(d, a.get(m)&^f.signBit())
	case opc2 == 1 && !bit7: // VNEG
		a.set(d, a.get(m)^f.signBit())
	case opc2 == 1: // VSQRT
		a.set(d, a.fpgSqrt(f, a.get(m)))
	case opc2 == 2: // VCVTB/VCVTT.F64.F16
		a.set(d, a.halfToDouble(a.s[mS.n]>>(16*(h2>>7&1))&0xffff))
	case opc2 == 3: // VCVTB/VCVTT.F16.F64
		hv := a.doubleToHalf(a.get(m))
		sh := 16 * (h2 >> 7 & 1)
		a.s[dS.n] = a.s[dS.n]&^(0xffff<<sh) | hv<<sh
	case opc2 == 4: // VCMP(E)
		a.fpgCompare(f, a.get(d), a.get(m), bit7)
	case opc2 == 5 && h2&0x2f == 0: // VCMP(E) with zero
		a.fpgCompare(f, a.get(d), 0, bit7)
	case opc2 == 8: // VCVT.F64.{S32,U32}
		a.set(d, a.fpgFromInt(f, a.s[mS.n], !bit7, 0))
	case opc2 == 12 || opc2 == 13: // VCVT(R).{U32,S32}.F64
		mode := a.fpscrMode()
		if bit7 {
			mode = rmZero
		}
		a.s[dS.n] = a.fpgToInt(f, a.get(m), opc2 == 12, mode, 0)
	case opc2&0xa == 0xa: // VCVT between double and fixed point, in place
		return a.fpv5Fixed(h2, opc2, d)
	default:
		return false
	}
	return true
}

// fpv5Fixed is VCVT between a double and a 16- or 32-bit fixed-point
// value in the same D register (the integer sign- or zero-extended).
func (a *armState) fpv5Fixed(h2, opc2 uint32, d fpOperand) bool {
	size := uint32(16)
	if h2&0x80 != 0 {
		size = 32
	}
	imm := (h2&15)<<1 | h2>>5&1
	if imm > size {
		return false
	}
	fbits := uint(size - imm)
	unsigned := opc2&1 != 0
	v := a.get(d)
	if opc2&4 != 0 { // to fixed, rounding toward zero
		r := a.fpgToInt(fmtDouble, v, unsigned, rmZero, fbits)
		if size == 16 {
			r = a.sat16(0, r, unsigned, 0)
		}
		if unsigned {
			a.set(d, uint64(r))
		} else {
			a.set(d, uint64(int64(int32(r))))
		}
		return true
	}
	x := uint32(v)
	if size == 16 {
		if unsigned {
			x &= 0xffff
		} else {
			x = uint32(int32(int16(x)))
		}
	}
	a.set(d, a.fpgFromInt(fmtDouble, x, unsigned, fbits))
	return true
}

// fpv5Uncond runs the unconditional FPv5 additions (first halfword 0xFExx).
func (a *armState) fpv5Uncond(h1, h2 uint32) bool {
	if h1&0xff00 != 0xfe00 || h2&0x0e10 != 0x0a00 {
		return false
	}
	dbl := h2&0x100 != 0
	switch {
	case h1&0x80 == 0 && h2&0x40 == 0: // VSEL
		d, n, m, ok := fpv5Regs(h1, h2, dbl, dbl, dbl)
		if ok {
			if a.selCond(h1 >> 4 & 3) {
				a.set(d, a.get(n))
			} else {
				a.set(d, a.get(m))
			}
		}
		return ok
	case h1&0xb0 == 0x80: // VMAXNM, VMINNM
		d, n, m, ok := fpv5Regs(h1, h2, dbl, dbl, dbl)
		if ok {
			a.set(d, a.fpgMaxMinNum(d.format(), a.get(n), a.get(m), h2&0x40 == 0))
		}
		return ok
	case h1&0xbc == 0xb8 && h2&0xc0 == 0x40: // VRINTA, VRINTN, VRINTP, VRINTM
		d, _, m, ok := fpv5Regs(h1, h2, dbl, false, dbl)
		if ok {
			a.set(d, a.fpgRoundInt(d.format(), a.get(m), fpv5RM(h1), false))
		}
		return ok
	case h1&0xbc == 0xbc && h2&0x40 != 0: // VCVTA, VCVTN, VCVTP, VCVTM
		d, _, m, ok := fpv5Regs(h1, h2, false, false, dbl)
		if ok {
			a.set(d, uint64(a.fpgToInt(m.format(), a.get(m), h2&0x80 == 0, fpv5RM(h1), 0)))
		}
		return ok
	}
	return false
}

// fpv5RM is the rounding mode of the RM field (bits 17:16): A, N, P, M.
func fpv5RM(h1 uint32) int {
	return [4]int{rmAway, rmNearest, rmPlusInf, rmMinusInf}[h1&3]
}

// selCond evaluates VSEL's condition (EQ, VS, GE, GT) on the APSR flags.
func (a *armState) selCond(cc uint32) bool { return a.condPass([4]uint8{0, 6, 10, 12}[cc&3]) }
