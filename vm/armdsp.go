package vm

import "math/bits"

// armDSP executes an ARMv7E-M DSP instruction from its raw halfwords. It
// reports false when the encoding is not one (UNDEFINSTR).
func (a *armState) armDSP(raw uint32) bool {
	h1, h2 := raw>>16, raw&0xffff
	rn, rd, rm, ra := h1&15, h2>>8&15, h2&15, h2>>12&15
	r := &a.r
	switch h1 >> 7 & 0x1ff {
	case 0x1f4, 0x1f5: // 1111 1010 0/1: extend-add 16, parallel add/sub, misc
		return a.dspReg(h1, h2, rn, rd, rm)
	case 0x1f6: // 1111 1011 0: multiplies
		r[rd] = a.dspMul(h1>>4&7, h2>>4&3, r[rn], r[rm], ra)
		return true
	case 0x1f7: // 1111 1011 1: long multiplies
		a.dspLongMul(h1>>4&7, h2>>4&15, rn, rm, ra, rd)
		return true
	}
	if h1>>9 == 0x75 { // PKHBT/PKHTB (data processing, shifted register)
		imm := (h2>>12&7)<<2 | h2>>6&3
		if h2&0x20 != 0 {
			if imm == 0 {
				imm = 32
			}
			r[rd] = r[rn]&0xffff0000 | uint32(int64(int32(r[rm]))>>imm)&0xffff
		} else {
			r[rd] = r[rn]&0xffff | r[rm]<<imm&0xffff0000
		}
		return true
	}
	if h1>>11 == 0x1e { // SSAT16/USAT16
		sat := h2 & 31
		lo, hi := int64(int16(r[rn])), int64(int16(r[rn]>>16))
		var l, h uint32
		var s1, s2 bool
		if h1>>4&0x1f == 0x12 {
			l, s1 = ssat(lo, sat+1)
			h, s2 = ssat(hi, sat+1)
		} else {
			l, s1 = usat(lo, sat)
			h, s2 = usat(hi, sat)
		}
		r[rd] = l&0xffff | h<<16
		a.q = a.q || s1 || s2
		return true
	}
	return false
}

// dspReg runs the register-only DSP group.
func (a *armState) dspReg(h1, h2, rn, rd, rm uint32) bool {
	r := &a.r
	op1, op2 := h1>>4&15, h2>>4&15
	switch {
	case op1 <= 3 && op2&8 != 0: // SXTAB16, UXTAB16 (op1 2, 3)
		v := bits.RotateLeft32(r[rm], -int(h2>>4&3)*8)
		lo, hi := v&0xff, v>>16&0xff
		if op1 == 2 {
			lo, hi = uint32(int32(int8(lo))), uint32(int32(int8(hi)))
		}
		if rn != 15 {
			lo += r[rn]
			hi += r[rn] >> 16
		}
		r[rd] = lo&0xffff | hi<<16
	case op1>>3 == 1 && op2>>3 == 0:
		r[rd] = a.parallel(op1&7, op2&7, r[rn], r[rm])
	case op1>>2 == 2 && op2>>2 == 2:
		switch (op1&3)<<2 | op2&3 {
		case 0: // QADD Rd, Rm, Rn
			r[rd] = a.qsat(int64(int32(r[rm])) + int64(int32(r[rn])))
		case 1: // QDADD
			r[rd] = a.qsat(int64(int32(r[rm])) + int64(int32(a.qsat(2*int64(int32(r[rn]))))))
		case 2: // QSUB
			r[rd] = a.qsat(int64(int32(r[rm])) - int64(int32(r[rn])))
		case 3: // QDSUB
			r[rd] = a.qsat(int64(int32(r[rm])) - int64(int32(a.qsat(2*int64(int32(r[rn]))))))
		case 8: // SEL
			var v uint32
			for i := 0; i < 4; i++ {
				src := r[rm]
				if a.ge&(1<<i) != 0 {
					src = r[rn]
				}
				v |= src & (0xff << (8 * i))
			}
			r[rd] = v
		default:
			return false
		}
	default:
		return false
	}
	return true
}

// qsat saturates to 32 signed bits, setting Q when it does.
func (a *armState) qsat(v int64) uint32 {
	r, sat := ssat(v, 32)
	a.q = a.q || sat
	return r
}

// parallel runs the SIMD add/subtract family: op is the operation
// (hw1[6:4]), kind the prefix (hw2[6:4]: S, Q, SH, -, U, UQ, UH).
func (a *armState) parallel(op, kind, x, y uint32) uint32 {
	size, lanes := 16, 2
	if op == 0 || op == 4 {
		size, lanes = 8, 4
	}
	unsigned := kind&4 != 0
	mask := uint32(1)<<size - 1
	var res uint32
	var ge uint8
	for i := 0; i < lanes; i++ {
		xi, yi, sub := lane(x, i, size, unsigned), lane(y, i, size, unsigned), false
		switch op {
		case 1, 0: // ADD16, ADD8
		case 5, 4: // SUB16, SUB8
			sub = true
		case 2: // ASX: low = x.lo - y.hi, high = x.hi + y.lo
			yi = lane(y, 1-i, size, unsigned)
			sub = i == 0
		case 6: // SAX: low = x.lo + y.hi, high = x.hi - y.lo
			yi = lane(y, 1-i, size, unsigned)
			sub = i == 1
		}
		v := xi + yi
		if sub {
			v = xi - yi
		}
		var out int64
		switch kind & 3 {
		case 0: // plain: GE bits
			out = v
			geSet := v >= 0
			if unsigned && !sub {
				geSet = v >= 1<<size
			}
			if geSet {
				ge |= uint8((1<<(4/lanes) - 1) << (i * 4 / lanes))
			}
		case 1: // saturating
			if unsigned {
				out = max(0, min(v, 1<<size-1))
			} else {
				out = max(-(1 << (size - 1)), min(v, 1<<(size-1)-1))
			}
		default: // halving
			out = v >> 1
		}
		res |= (uint32(out) & mask) << (i * size)
	}
	if kind&3 == 0 {
		a.ge = ge
	}
	return res
}

// lane extracts lane i of the given size, sign- or zero-extended.
func lane(v uint32, i, size int, unsigned bool) int64 {
	u := v >> (i * size) & (1<<size - 1)
	if unsigned {
		return int64(u)
	}
	return int64(u) << (64 - size) >> (64 - size)
}

func half(v uint32, top bool) int64 {
	if top {
		return int64(int16(v >> 16))
	}
	return int64(int16(v))
}

// dspMul runs the 32-bit DSP multiplies (ra 15: no accumulate).
func (a *armState) dspMul(op1, op2, x, y, ra uint32) uint32 {
	acc := int64(0)
	if ra != 15 {
		acc = int64(int32(a.r[ra]))
	}
	swap := func(v uint32) uint32 {
		if op2&1 != 0 {
			return bits.RotateLeft32(v, 16)
		}
		return v
	}
	switch op1 {
	case 1: // SMLA<x><y>, SMUL<x><y>
		return a.qflag(half(x, op2&2 != 0)*half(y, op2&1 != 0) + acc)
	case 2: // SMLAD(X), SMUAD(X)
		y = swap(y)
		return a.qflag(half(x, false)*half(y, false) + half(x, true)*half(y, true) + acc)
	case 3: // SMLAW<y>, SMULW<y>
		p := int64(int32(x)) * half(y, op2&1 != 0) >> 16
		if ra == 15 {
			return uint32(p)
		}
		return a.qflag(p + acc)
	case 4: // SMLSD(X), SMUSD(X)
		y = swap(y)
		d := half(x, false)*half(y, false) - half(x, true)*half(y, true)
		if ra == 15 {
			return uint32(d)
		}
		return a.qflag(d + acc)
	case 5, 6: // SMMLA(R)/SMMUL(R), SMMLS(R)
		p := int64(int32(x)) * int64(int32(y))
		v := acc << 32
		if op1 == 5 {
			v += p
		} else {
			v -= p
		}
		if op2&1 != 0 {
			v += 0x80000000
		}
		return uint32(v >> 32)
	default: // USAD8, USADA8
		var s uint32
		for i := 0; i < 4; i++ {
			d := int32(x>>(8*i)&0xff) - int32(y>>(8*i)&0xff)
			if d < 0 {
				d = -d
			}
			s += uint32(d)
		}
		return s + uint32(acc)
	}
}

// qflag returns v's low 32 bits and sets Q when v does not fit.
func (a *armState) qflag(v int64) uint32 {
	if v != int64(int32(v)) {
		a.q = true
	}
	return uint32(v)
}

// dspLongMul runs SMLAL<x><y>, SMLALD(X), SMLSLD(X) and UMAAL.
func (a *armState) dspLongMul(op1, op2, rn, rm, lo, hi uint32) {
	r := &a.r
	x, y := r[rn], r[rm]
	acc := uint64(r[hi])<<32 | uint64(r[lo])
	var v uint64
	switch {
	case op1 == 6: // UMAAL
		v = uint64(x)*uint64(y) + uint64(r[hi]) + uint64(r[lo])
	case op2>>2 == 2: // SMLAL<x><y>
		v = acc + uint64(half(x, op2&2 != 0)*half(y, op2&1 != 0))
	default:
		if op2&1 != 0 {
			y = bits.RotateLeft32(y, 16)
		}
		p := half(x, false) * half(y, false)
		q := half(x, true) * half(y, true)
		if op1 == 4 {
			v = acc + uint64(p+q)
		} else {
			v = acc + uint64(p-q)
		}
	}
	r[lo], r[hi] = uint32(v), uint32(v>>32)
}
