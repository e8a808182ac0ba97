package vm

import "math"

// fpData runs the single-precision data-processing instructions.
func (a *armState) fpData(h1, h2 uint32) bool {
	d := sreg(h2>>12&15, h1>>6&1)
	n := sreg(h1&15, h2>>7&1)
	mm := sreg(h2&15, h2>>5&1)
	op := h2 >> 6 & 1
	opc1 := h1>>5&4 | h1>>4&3
	s := &a.s
	switch opc1 {
	case 0: // VMLA, VMLS: d = d +/- n*m (two roundings)
		p := a.fpArith('*', s[n], s[mm])
		if op == 1 {
			p = a.fpNeg(p)
		}
		s[d] = a.fpArith('+', s[d], p)
	case 1: // VNMLS (op 0): d = -d + n*m; VNMLA (op 1): d = -d - n*m
		p := a.fpArith('*', s[n], s[mm])
		if op == 1 {
			p = a.fpNeg(p)
		}
		s[d] = a.fpArith('+', a.fpNeg(s[d]), p)
	case 2: // VMUL, VNMUL
		p := a.fpArith('*', s[n], s[mm])
		if op == 1 {
			p = a.fpNeg(p)
		}
		s[d] = p
	case 3: // VADD, VSUB
		if op == 0 {
			s[d] = a.fpArith('+', s[n], s[mm])
		} else {
			s[d] = a.fpArith('-', s[n], s[mm])
		}
	case 4: // VDIV
		if op != 0 {
			return false
		}
		s[d] = a.fpArith('/', s[n], s[mm])
	case 5: // VFNMS (op 0): d = -d + n*m; VFNMA (op 1): d = -d - n*m
		x := s[n]
		if op == 1 {
			x ^= 0x80000000
		}
		s[d] = a.fpFMA(x, s[mm], s[d]^0x80000000)
	case 6: // VFMA (op 0), VFMS (op 1)
		x := s[n]
		if op == 1 {
			x ^= 0x80000000
		}
		s[d] = a.fpFMA(x, s[mm], s[d])
	default:
		return a.fpOther(h1, h2, d, mm)
	}
	return true
}

// fpNeg flips the sign, of a NaN too (FPNeg).
func (a *armState) fpNeg(v uint32) uint32 { return v ^ 0x80000000 }

// fpOther runs the "other" data-processing group (opc1 1x11).
func (a *armState) fpOther(h1, h2, d, mm uint32) bool {
	s := &a.s
	opc2, opc3 := h1&15, h2>>6&3
	if opc3&1 == 0 { // VMOV immediate
		imm8 := (h1&15)<<4 | h2&15
		b6 := imm8 >> 6 & 1
		v := (imm8>>7)<<31 | (b6^1)<<30 | (0x1f*b6)<<25 | (imm8>>4&3)<<23 | (imm8&15)<<19
		s[d] = v
		return true
	}
	switch {
	case opc2 == 0 && opc3 == 1: // VMOV register
		s[d] = s[mm]
	case opc2 == 0 && opc3 == 3: // VABS
		s[d] = s[mm] &^ 0x80000000
	case opc2 == 1 && opc3 == 1: // VNEG
		s[d] = s[mm] ^ 0x80000000
	case opc2 == 1 && opc3 == 3: // VSQRT
		s[d] = a.fpSqrt(s[mm])
	case opc2 == 2 || opc2 == 3: // VCVTB/VCVTT half <-> single
		top := h2>>7&1 != 0
		if opc2 == 2 { // half to single
			hv := s[mm] & 0xffff
			if top {
				hv = s[mm] >> 16
			}
			s[d] = a.halfToSingle(hv)
		} else {
			hv := a.singleToHalf(s[mm])
			if top {
				s[d] = s[d]&0xffff | hv<<16
			} else {
				s[d] = s[d]&0xffff0000 | hv
			}
		}
	case opc2 == 4: // VCMP(E) register
		a.fpCompare(s[d], s[mm], h2>>7&1 != 0)
	case opc2 == 5: // VCMP(E) with zero
		a.fpCompare(s[d], 0, h2>>7&1 != 0)
	case opc2 == 8: // VCVT from integer
		s[d] = a.fpFromInt(s[mm], h2>>7&1 == 0, 0)
	case opc2 == 12 || opc2 == 13: // VCVT(R) to integer
		s[d] = a.fpToInt(s[mm], opc2 == 12, h2>>7&1 != 0, 0)
	case opc2&0xa == 0xa: // VCVT fixed point: 1 op 1 U
		size := uint32(16)
		if h2>>7&1 != 0 {
			size = 32
		}
		imm := (h2&15)<<1 | h2>>5&1
		if imm > size {
			return false
		}
		fbits := size - imm
		unsigned := opc2&1 != 0
		if opc2&4 != 0 { // to fixed
			v := a.fpToInt(s[d], unsigned, true, fbits)
			if size == 16 {
				v = a.sat16(s[d], v, unsigned, fbits)
			}
			s[d] = v
		} else {
			v := s[d]
			if size == 16 {
				if unsigned {
					v &= 0xffff
				} else {
					v = uint32(int32(int16(v)))
				}
			}
			mode := a.fpscr & 0x00c00000 // fixed to float rounds to nearest (as QEMU)
			a.fpscr &^= 0x00c00000
			s[d] = a.fpFromInt(v, unsigned, fbits)
			a.fpscr |= mode
		}
	default:
		return false
	}
	return true
}

// sat16 narrows a fixed-point conversion to 16 bits, saturating.
func (a *armState) sat16(x, v uint32, unsigned bool, fbits uint32) uint32 {
	_ = x
	_ = fbits
	if unsigned {
		if v > 0xffff {
			a.fpscr = a.fpscr&^fpIXC | fpIOC
			return 0xffff
		}
		return v
	}
	i := int32(v)
	switch {
	case i > math.MaxInt16:
		a.fpscr = a.fpscr&^fpIXC | fpIOC
		return 0x7fff
	case i < math.MinInt16:
		a.fpscr = a.fpscr&^fpIXC | fpIOC
		return 0xffff8000
	}
	return v
}

// halfToSingle converts IEEE (or, with AHP, alternative) half precision.
func (a *armState) halfToSingle(h uint32) uint32 {
	sign := h >> 15 << 31
	exp := h >> 10 & 0x1f
	frac := h & 0x3ff
	switch {
	case exp == 0x1f && a.fpscr&fpAHP == 0:
		if frac == 0 {
			return sign | 0x7f800000
		}
		if frac&0x200 == 0 {
			a.fpscr |= fpIOC
			if a.fpscr&fpDN != 0 {
				return defaultNaN32
			}
			return sign | 0x7fc00000 | frac<<13
		}
		if a.fpscr&fpDN != 0 {
			return defaultNaN32
		}
		return sign | 0x7f800000 | frac<<13
	case exp == 0:
		if frac == 0 {
			return sign
		}
		f := float32(frac) * 0x1p-24
		return sign | math.Float32bits(f)
	}
	return sign | (exp+112)<<23 | frac<<13
}

// singleToHalf converts to half precision with the FPSCR rounding mode.
func (a *armState) singleToHalf(v uint32) uint32 {
	v = a.fpIn(v)
	sign := v >> 31 << 15
	if isNaN32(v) {
		if a.fpscr&fpAHP != 0 {
			a.fpscr |= fpIOC
			return sign
		}
		if isSNaN32(v) {
			a.fpscr |= fpIOC
		}
		if a.fpscr&fpDN != 0 {
			return 0x7e00
		}
		return sign | 0x7e00 | v>>13&0x1ff
	}
	f := math.Float32frombits(v &^ 0x80000000)
	if math.IsInf(float64(f), 0) {
		if a.fpscr&fpAHP != 0 {
			a.fpscr |= fpIOC
			return sign | 0x7fff
		}
		return sign | 0x7c00
	}
	return a.halfRound(sign, float64(f))
}

// halfRound rounds the finite magnitude f (sign: the half's sign bit) to
// half precision, IEEE or, with FPSCR.AHP, alternative (no infinities:
// exponent 31 is normal and overflow saturates), with the FPSCR rounding
// mode and exception flags.
func (a *armState) halfRound(sign uint32, f float64) uint32 {
	// Scale to units of the smallest half subnormal (2^-24) and round.
	x := f * 0x1p24
	if x == 0 {
		return sign
	}
	_, e2 := math.Frexp(x) // x in [2^(e2-1), 2^e2): exact, unlike Log2 of a double just below a power of 2
	e := float64(e2 - 1)
	unit := 1.0
	if e > 10 {
		unit = math.Exp2(e - 10)
	}
	q := x / unit
	rq := a.roundMode(q, sign != 0)
	if rq != q {
		a.fpscr |= fpIXC
		if x < 1024 {
			a.fpscr |= fpUFC
		}
	}
	r := rq * unit
	maxv := 65504.0 * 0x1p24
	if a.fpscr&fpAHP != 0 {
		maxv = 131008.0 * 0x1p24
	}
	if r > maxv {
		a.fpscr |= fpOFC | fpIXC
		mode := a.fpscr >> 22 & 3
		if a.fpscr&fpAHP != 0 {
			a.fpscr = a.fpscr&^(fpOFC|fpIXC) | fpIOC
			return sign | 0x7fff
		}
		if mode == 3 || (mode == 1 && sign != 0) || (mode == 2 && sign == 0) {
			return sign | 0x7bff
		}
		return sign | 0x7c00
	}
	if r < 1024 {
		return sign | uint32(r)
	}
	_, re := math.Frexp(r)
	exp := uint32(re-1) - 10 + 1
	frac := uint32(r/math.Exp2(float64(exp-1))) - 1024
	return sign | exp<<10 | frac
}

// doubleToHalf is VCVTB/VCVTT.F16.F64: through fpgConvert for IEEE half
// precision, and with FPSCR.AHP set to the alternative format, where a
// NaN becomes a signed zero and an infinity the largest magnitude, both
// raising Invalid Operation.
func (a *armState) doubleToHalf(v uint64) uint32 {
	if a.fpscr&fpAHP == 0 {
		return uint32(a.fpgConvert(fmtDouble, fmtHalf, v))
	}
	v = a.fpgIn(fmtDouble, v)
	sign := uint32(v>>63) << 15
	d := math.Float64frombits(v &^ (1 << 63))
	switch {
	case math.IsNaN(d):
		a.fpscr |= fpIOC
		return sign
	case math.IsInf(d, 0):
		a.fpscr |= fpIOC
		return sign | 0x7fff
	}
	return a.halfRound(sign, d)
}

// halfToDouble is VCVTB/VCVTT.F64.F16: an alternative half (FPSCR.AHP)
// has no NaN or infinity, and every half is exact in single precision.
func (a *armState) halfToDouble(h uint32) uint64 {
	if a.fpscr&fpAHP == 0 {
		return a.fpgConvert(fmtHalf, fmtDouble, uint64(h))
	}
	return math.Float64bits(float64(math.Float32frombits(a.halfToSingle(h))))
}

// roundMode rounds a non-negative magnitude to an integer by the FPSCR
// mode (neg says the value is negative, for the directed modes).
func (a *armState) roundMode(q float64, neg bool) float64 {
	switch a.fpscr >> 22 & 3 {
	case 0:
		return math.RoundToEven(q)
	case 1:
		if neg {
			return math.Floor(q)
		}
		return math.Ceil(q)
	case 2:
		if neg {
			return math.Ceil(q)
		}
		return math.Floor(q)
	}
	return math.Floor(q)
}
