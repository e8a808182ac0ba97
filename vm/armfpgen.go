package vm

import "math/big"

// Format-generic floating-point operations (ARM's FPAdd, FPMul, FPDiv,
// FPMulAdd, FPSqrt, FPCompare), used for double precision: exact values in
// big.Float, then one rounding by fpgRound.

// fpgAdd computes x+y (sub: x-y).
func (a *armState) fpgAdd(f fpFormat, x, y uint64, sub bool) uint64 {
	x, y = a.fpgIn(f, x), a.fpgIn(f, y)
	if r, ok := a.fpgNaN(f, x, y); ok {
		return r
	}
	if sub {
		y ^= f.signBit()
	}
	ix, iy := f.isInf(x), f.isInf(y)
	switch {
	case ix && iy && x != y:
		return a.fpgInvalid(f)
	case ix:
		return x
	case iy:
		return y
	case f.isZero(x) && f.isZero(y) && x == y:
		return x
	}
	s := new(big.Float).SetPrec(2*uint(f.bias())+3*f.fbits+8).Add(f.toBig(x), f.toBig(y))
	if s.Sign() == 0 {
		return a.fpgZero(f)
	}
	return a.fpgRound(f, s)
}

// fpgPair holds two flushed, non-NaN operands of a product or quotient
// and what their special cases need.
type fpgPair struct {
	x, y           uint64
	sign           uint64 // the sign of the result
	ix, iy, zx, zy bool   // infinite, zero
}

// fpgPairOf flushes x and y and resolves NaN operands (done reports the
// result r then).
func (a *armState) fpgPairOf(f fpFormat, x, y uint64) (p fpgPair, r uint64, done bool) {
	x, y = a.fpgIn(f, x), a.fpgIn(f, y)
	if r, ok := a.fpgNaN(f, x, y); ok {
		return p, r, true
	}
	return fpgPair{x, y, f.signed(f.neg(x) != f.neg(y)), f.isInf(x), f.isInf(y), f.isZero(x), f.isZero(y)}, 0, false
}

// fpgMul computes x*y.
func (a *armState) fpgMul(f fpFormat, x, y uint64) uint64 {
	p, r, done := a.fpgPairOf(f, x, y)
	switch {
	case done:
		return r
	case (p.ix && p.zy) || (p.iy && p.zx):
		return a.fpgInvalid(f)
	case p.ix || p.iy:
		return p.sign | f.expMask()
	case p.zx || p.zy:
		return p.sign
	}
	return a.fpgRound(f, new(big.Float).SetPrec(2*f.fbits+4).Mul(f.toBig(p.x), f.toBig(p.y)))
}

// fpgDiv computes x/y.
func (a *armState) fpgDiv(f fpFormat, x, y uint64) uint64 {
	p, r, done := a.fpgPairOf(f, x, y)
	switch {
	case done:
		return r
	case (p.ix && p.iy) || (p.zx && p.zy):
		return a.fpgInvalid(f)
	case p.ix:
		return p.sign | f.expMask()
	case p.zy:
		a.fpscr |= fpDZC
		return p.sign | f.expMask()
	case p.iy || p.zx:
		return p.sign
	}
	bx, by := f.toBig(p.x), f.toBig(p.y)
	q := new(big.Float).SetPrec(4*f.fbits+16).Quo(bx, by)
	back := new(big.Float).SetPrec(8*f.fbits+32).Mul(q, by)
	c := bx.Cmp(back) // true quotient above q when x > q*y (for y > 0)
	if by.Sign() < 0 {
		c = -c
	}
	nudge(q, c)
	return a.fpgRound(f, q)
}

// fpgFMA computes x*y+c with one rounding (FPMulAdd).
func (a *armState) fpgFMA(f fpFormat, x, y, c uint64) uint64 {
	x, y, c = a.fpgIn(f, x), a.fpgIn(f, y), a.fpgIn(f, c)
	ix, iy, zx, zy := f.isInf(x), f.isInf(y), f.isZero(x), f.isZero(y)
	infTimesZero := (ix && zy) || (iy && zx)
	if r, ok := a.fpgNaN(f, c, x, y); ok {
		// inf*0 plus a quiet NaN is the default NaN; a signalling addend
		// is processed as any other NaN operand (quietened).
		if infTimesZero && f.isNaN(c) && !f.isSNaN(c) && !f.isNaN(x) && !f.isNaN(y) {
			return a.fpgInvalid(f)
		}
		return r
	}
	if infTimesZero {
		return a.fpgInvalid(f)
	}
	psign := f.neg(x) != f.neg(y)
	if ix || iy {
		if f.isInf(c) && f.neg(c) != psign {
			return a.fpgInvalid(f)
		}
		return f.signed(psign) | f.expMask()
	}
	if f.isInf(c) {
		return c
	}
	if (zx || zy) && f.isZero(c) {
		if psign == f.neg(c) {
			return c
		}
		return a.fpgZero(f)
	}
	p := new(big.Float).SetPrec(2*f.fbits+4).Mul(f.toBig(x), f.toBig(y))
	s := new(big.Float).SetPrec(2*uint(f.bias())+3*f.fbits+8).Add(p, f.toBig(c))
	if s.Sign() == 0 {
		return a.fpgZero(f)
	}
	return a.fpgRound(f, s)
}

// fpgSqrt is FPSqrt.
func (a *armState) fpgSqrt(f fpFormat, x uint64) uint64 {
	x = a.fpgIn(f, x)
	if r, ok := a.fpgNaN(f, x); ok {
		return r
	}
	switch {
	case f.isZero(x):
		return x
	case f.neg(x):
		return a.fpgInvalid(f)
	case f.isInf(x):
		return x
	}
	bx := f.toBig(x)
	q := new(big.Float).SetPrec(4*f.fbits + 16).Sqrt(bx)
	back := new(big.Float).SetPrec(8*f.fbits+32).Mul(q, q)
	nudge(q, bx.Cmp(back))
	return a.fpgRound(f, q)
}

// fpgCompare sets FPSCR.NZCV from comparing x and y (VCMP; e: VCMPE,
// which signals on quiet NaNs too).
func (a *armState) fpgCompare(f fpFormat, x, y uint64, e bool) {
	x, y = a.fpgIn(f, x), a.fpgIn(f, y)
	var nzcv uint32
	switch {
	case f.isNaN(x) || f.isNaN(y):
		nzcv = 0x3
		if e || f.isSNaN(x) || f.isSNaN(y) {
			a.fpscr |= fpIOC
		}
	default:
		nzcv = [3]uint32{0x8, 0x6, 0x2}[fpgCmp(f, x, y)+1]
	}
	a.fpscr = a.fpscr&0x0fffffff | nzcv<<28
}

// fpgCmp orders two non-NaN values (-1, 0, +1), with -0 == +0.
func fpgCmp(f fpFormat, x, y uint64) int {
	ix, iy := f.isInf(x), f.isInf(y)
	switch {
	case ix && iy && x == y:
		return 0
	case ix:
		return map[bool]int{true: -1, false: 1}[f.neg(x)]
	case iy:
		return map[bool]int{true: 1, false: -1}[f.neg(y)]
	}
	return f.toBig(x).Cmp(f.toBig(y))
}
